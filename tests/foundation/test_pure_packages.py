"""The pure packages (the game rules, the AI, tournament pairing) run without Django.

They are the layer everything else stands on: a search, the arena and the command
lines use them without a site, and mypy checks them strictly (pyproject.toml). Two
checks keep them so: every module imports in a bare interpreter without loading
Django or a service client, and no import in their sources (function-level ones
included, which run only when called) names a module outside the pure layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PURE_PACKAGES = ("games.rules", "games.ai", "tournaments.pairing")
#: The project's package roots, which hold no code that loads Django (imported on
#: the way to the pure packages, and only by that name: not what else they hold).
PACKAGE_ROOTS = ("games", "tournaments", "ladders")
#: A pure module elsewhere: the Glicko-2 the arena's round robin rates with.
PURE_ELSEWHERE = ("ladders.glicko",)
#: Installed packages the pure layer may import (the Swiss matching's blossom).
THIRD_PARTY = ("networkx",)
SERVICES = ("django", "channels", "celery", "redis", "psycopg", "psycopg2")


def _sources() -> list[Path]:
    return sorted(
        path
        for package in PURE_PACKAGES
        for path in (ROOT / package.replace(".", "/")).rglob("*.py")
    )


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, at any depth, with relative imports resolved."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from games import rules`` imports games.rules; ``from x import name``
            # of a function imports x, which the prefix check below accepts alike.
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def _allowed(name: str) -> bool:
    root = name.partition(".")[0]
    if root in sys.stdlib_module_names or root == "__future__" or root in THIRD_PARTY:
        return True
    if name in PACKAGE_ROOTS:
        return True
    inside = (*PURE_PACKAGES, *PURE_ELSEWHERE)
    return any(name == allowed or name.startswith(allowed + ".") for allowed in inside)


def test_it_finds_the_sources_of_every_pure_package():
    modules = {_module_of(path) for path in _sources()}
    assert set(PURE_PACKAGES) <= modules
    assert "tournaments.pairing.swiss" in modules and "games.ai.arena" in modules


def test_it_imports_every_pure_module_without_django_or_services():
    code = (
        "import importlib, sys\n"
        f"for name in {sorted(_module_of(path) for path in _sources())!r}:\n"
        "    importlib.import_module(name)\n"
        f"banned = sorted(m for m in sys.modules if m.partition('.')[0] in {SERVICES!r})\n"
        "print('loaded:', banned)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "loaded: []" in result.stdout, result.stdout


def test_its_sources_import_nothing_of_the_site():
    outside = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _sources()
        for line, name in _imported(path)
        if not _allowed(name)
    ]
    assert not outside, "\n".join(outside)
