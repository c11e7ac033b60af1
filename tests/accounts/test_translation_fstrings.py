"""A gettext call inside an f-string's braces is never translated: xgettext (so `make
messages`) does not look into f-strings, the msgid never reaches the catalogue, and the
Dutch pages show the English word. Every translatable string of the site's code stands
outside f-strings (format it in with %-placeholders instead)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from tests.accounts.test_translations import IGNORED, ROOT

GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext",
           "pgettext_lazy", "npgettext", "npgettext_lazy"}


def sources() -> list[Path]:
    """The Python files `make messages` reads (the ignored and hidden folders left out)."""
    found = []
    for folder, names, files in os.walk(ROOT):
        top = Path(folder) == ROOT
        names[:] = [n for n in names if not n.startswith(".") and n != "__pycache__"
                    and not (top and n in IGNORED)]
        found += [Path(folder) / f for f in files if f.endswith(".py")]
    return found


def gettext_in_fstrings(source: str) -> list[int]:
    """The lines of the gettext calls inside an f-string of ``source``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            lines += [inner.lineno for inner in ast.walk(node)
                      if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                      and inner.func.id in GETTEXT]
    return lines


def test_it_finds_a_gettext_call_inside_an_f_string():
    assert gettext_in_fstrings('x = f"{n} ({_(\'forfeit\')})"\ny = _("fine")\n') == [1]


def test_it_finds_none_in_the_sites_code():
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sources()
             for line in gettext_in_fstrings(path.read_text(encoding="utf-8"))]
    assert not found, f"gettext inside an f-string, never extracted: {found}"
