"""Only games.core.commit saves what a client sees of a match: a lint over the site's source.

Every Match field and the Seat fields of games.core.commit.SEAT_FIELDS are what a client
sees (or what decides it). A module other than games/core/commit.py that saves a Match,
updates Match or Seat rows in bulk, or saves a seat with one of those fields goes
around the write path: no version, no log record, no broadcast. The lint reads
the source (ast), so it covers code that no test happens to run.
"""

from __future__ import annotations

import ast
from pathlib import Path

from games.core.commit import SEAT_FIELDS

ROOT = Path(__file__).resolve().parents[3]
APPS = ("games", "ladders", "accounts", "druidsite", "tournaments")
ALLOWED = {"games/core/commit.py"}
#: Seat fields that no client sees: when a turn mail went out.
PRIVATE_SEAT_FIELDS = {"notified_version", "notified_at"}
WRITES = {"save", "update", "bulk_update", "bulk_create", "create", "delete",
          "update_or_create", "get_or_create"}


def _sources() -> list[Path]:
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" in relative or relative in ALLOWED:
                continue
            found.append(path)
    return found


def _chain_names(node: ast.AST) -> list[str]:
    """The names along ``a.b.c(...)``: ["a", "b", "c"]."""
    names: list[str] = []
    while True:
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            names.append(node.id)
            return names[::-1]
        else:
            return names[::-1]


def _keyword_fields(call: ast.Call) -> set[str] | None:
    """The fields an ``update_fields=[...]`` (or a bulk_update's field list) names."""
    for keyword in call.keywords:
        if keyword.arg in ("update_fields", "fields") and isinstance(
                keyword.value, ast.List | ast.Tuple):
            return {elt.value for elt in keyword.value.elts if isinstance(elt, ast.Constant)}
    if len(call.args) >= 2 and isinstance(call.args[1], ast.List | ast.Tuple):
        return {elt.value for elt in call.args[1].elts if isinstance(elt, ast.Constant)}
    return None


def offences(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method = node.func.attr
        if method not in WRITES:
            continue
        chain = [name.lower() for name in _chain_names(node.func.value)]
        line = f"{where}:{node.lineno}"
        if chain[:1] in (["match"], ["seat"]) and "objects" in chain:
            model = chain[0]
            if model == "seat" and method in ("update", "bulk_update"):
                fields = (_keyword_fields(node) if method == "bulk_update"
                          else {kw.arg for kw in node.keywords})
                if fields is not None and fields <= PRIVATE_SEAT_FIELDS:
                    continue
            found.append(f"{line}: {model.title()}.objects...{method}()")
        elif method == "save" and chain and chain[-1] in ("match", "seat"):
            fields = _keyword_fields(node)
            if chain[-1] == "seat" and fields is not None and fields <= PRIVATE_SEAT_FIELDS:
                continue
            found.append(f"{line}: {'.'.join(chain)}.save()")
        elif method == "delete" and chain and chain[-1] in ("match", "seat"):
            found.append(f"{line}: {'.'.join(chain)}.delete()")
    return found


def test_it_finds_no_write_around_the_commit():
    found = []
    for path in _sources():
        found += offences(path.read_text(), path.relative_to(ROOT).as_posix())
    assert not found, "writes around games.core.commit:\n" + "\n".join(found)


def test_it_catches_each_kind_of_write_around_the_commit():
    planted = """
match.save(update_fields=["winner_seat"])
seat.save()
Seat.objects.filter(match=match).update(result="win")
Seat.objects.bulk_update(seats, ["result"])
Match.objects.filter(pk=1).update(status="finished")
self.match.save()
"""
    assert len(offences(planted, "planted.py")) == 6


def test_it_lets_the_turn_mail_bookkeeping_through():
    allowed = """
seat.save(update_fields=["notified_at", "notified_version"])
Seat.objects.filter(pk=1).update(notified_at=now)
"""
    assert offences(allowed, "mail.py") == []


def test_the_seat_fields_that_clients_see_are_the_ones_commit_saves():
    assert {"deadline", "paused_remaining", "result", "timed_out", "takeover_level",
            "score"} == set(SEAT_FIELDS)
