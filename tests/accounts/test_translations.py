"""The Dutch catalogue covers the whole site, and stays so.

- every entry of locale/nl/LC_MESSAGES/django.po is translated: none empty, none
  fuzzy, every plural form given, the placeholders of the English kept;
- every msgid of the code is in the catalogue and the catalogue holds nothing the
  code no longer says: makemessages is run on a copy of the sources and its
  result compared (only where GNU gettext is installed);
- the committed django.mo is compiled from django.po (so `make messages` was run;
  a server or CI needs no gettext).
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale" / "nl" / "LC_MESSAGES"
# The same as MESSAGES_IGNORE in the Makefile (`make messages`).
IGNORED = (".venv", "data", "staticfiles", "tests", "bench")
GETTEXT_TOOLS = ("xgettext", "msgmerge", "msguniq", "msgattrib")
# Where the site frame and the account pages come from (the first catalogue test).
OWN_SOURCES = (
    "accounts/",
    "templates/accounts/",
    "templates/allauth/",
    "templates/base.html",
    "templates/home.html",
)
PYTHON_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
BRACE_PLACEHOLDER = re.compile(r"\{\w*\}")


def unquote(chunks: list[str]) -> str:
    text = "".join(chunks)
    return (text.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t")
            .replace("\\\\", "\\"))


def entries(path: Path = LOCALE / "django.po") -> list[dict]:
    """The active (not obsolete) entries of a .po file, the header included."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry = {"locations": [], "flags": set(), "fields": {}}
        current = None
        for line in block.splitlines():
            if line.startswith("#: "):
                entry["locations"] += line[3:].split()
            elif line.startswith("#,"):
                entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):  # comments, previous msgids (#|), obsolete (#~)
                continue
            elif line.startswith('"'):
                entry["fields"][current].append(line[1:-1])
            elif line.strip():
                current, _, rest = line.partition(" ")
                entry["fields"][current] = [rest[1:-1]]
        fields = {name: unquote(chunks) for name, chunks in entry["fields"].items()}
        if "msgid" not in fields:
            continue
        found.append({
            "locations": entry["locations"],
            "flags": entry["flags"],
            "context": fields.get("msgctxt"),
            "msgid": fields["msgid"],
            "plural": fields.get("msgid_plural"),
            "msgstrs": [fields[name] for name in sorted(fields) if name.startswith("msgstr")],
        })
    return found


def key(entry: dict) -> tuple:
    return entry["context"], entry["msgid"], entry["plural"]


def label(entry: dict) -> str:
    context = f"[{entry['context']}] " if entry["context"] else ""
    return f"{context}{entry['msgid'][:50]}"


ALL = entries()
HEADER = next(entry for entry in ALL if entry["msgid"] == "")
MESSAGES = [entry for entry in ALL if entry["msgid"]]
OWN = [entry for entry in MESSAGES
       if any(location.startswith(OWN_SOURCES) for location in entry["locations"])]


def test_it_reads_the_whole_catalogue():
    assert any(entry["msgid"] == "Your turn" for entry in OWN)
    assert len(OWN) > 50
    locations = {location.split("/")[0] for entry in MESSAGES for location in entry["locations"]}
    assert {"accounts", "games", "ladders", "templates"} <= locations
    assert len(MESSAGES) > 500


def test_its_header_is_final_and_has_the_dutch_plural_rule():
    assert "fuzzy" not in HEADER["flags"], "a fuzzy header is skipped by msgfmt"
    header = HEADER["msgstrs"][0]
    assert "Language: nl\n" in header
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header


def placeholders(text: str, flags: set[str]) -> set[str]:
    found = set(PYTHON_PLACEHOLDER.findall(text))
    if "python-brace-format" in flags:
        found |= set(BRACE_PLACEHOLDER.findall(text))
    return found


@pytest.mark.parametrize("entry", MESSAGES, ids=[label(entry) for entry in MESSAGES])
def test_it_translates_every_entry(entry):
    where = ", ".join(entry["locations"]) or "no location"
    assert "fuzzy" not in entry["flags"], f"fuzzy translation of {entry['msgid']!r} ({where})"
    assert entry["msgstrs"] and all(entry["msgstrs"]), f"no Dutch for {entry['msgid']!r} ({where})"
    sources = [entry["msgid"]] if entry["plural"] is None else [entry["msgid"], entry["plural"]]
    assert len(entry["msgstrs"]) == len(sources), f"plural forms of {entry['msgid']!r}"
    every = set().union(*(placeholders(source, entry["flags"]) for source in sources))
    for source, translation in zip(sources, entry["msgstrs"], strict=True):
        kept = placeholders(translation, entry["flags"])
        assert placeholders(source, entry["flags"]) <= kept, (
            f"a placeholder of {source!r} is missing in {translation!r}")
        assert kept <= every, f"{translation!r} has a placeholder the code does not fill"


def test_it_ships_a_compiled_catalogue_matching_the_source():
    with open(LOCALE / "django.mo", "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    expected = {""}
    for entry in MESSAGES:
        context, msgid, plural = key(entry)
        msgstrs = entry["msgstrs"]
        if plural is None:
            found = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert found == msgstrs[0], f"django.mo is stale for {label(entry)!r}"
        else:
            for count, translation in ((1, msgstrs[0]), (2, msgstrs[1])):
                found = (compiled.npgettext(context, msgid, plural, count) if context
                         else compiled.ngettext(msgid, plural, count))
                assert found == translation, f"django.mo is stale for {label(entry)!r}"
        full = f"{context}\x04{msgid}" if context else msgid
        expected |= {full} if plural is None else {(full, 0), (full, 1)}
    extra = set(compiled._catalog) - expected  # noqa: SLF001 - the compiled entries
    assert not extra, f"django.mo has entries django.po has not: {sorted(map(str, extra))[:5]}"


def _sources_copy(target: Path) -> Path:
    """The project as `make messages` sees it: without the ignored and hidden folders."""

    def skip(folder: str, names: list[str]) -> list[str]:
        top = Path(folder) == ROOT
        return [name for name in names if name.startswith(".") or name == "__pycache__"
                or (top and name in IGNORED)]

    copy = target / "project"
    shutil.copytree(ROOT, copy, ignore=skip)
    return copy


@pytest.mark.slow
def test_it_holds_exactly_the_msgids_of_the_code(tmp_path):
    missing = [tool for tool in GETTEXT_TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"GNU gettext is not installed ({', '.join(missing)} missing): the msgids "
                    "of the code cannot be extracted here; the other catalogue tests still run")
    copy = _sources_copy(tmp_path)
    command = [sys.executable, "manage.py", "makemessages", "-l", "nl", "--no-obsolete",
               "--add-location=file", *(f"--ignore={name}" for name in IGNORED)]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True,
                          timeout=240, check=False)
    assert done.returncode == 0, done.stderr
    extracted = {key(entry) for entry in entries(copy / "locale/nl/LC_MESSAGES/django.po")
                 if entry["msgid"]}
    committed = {key(entry) for entry in MESSAGES}
    hint = "run `make messages`, then translate the new entries"
    assert not extracted - committed, (
        f"msgids of the code missing from django.po ({hint}): {sorted(extracted - committed)}")
    assert not committed - extracted, (
        f"django.po has msgids the code no longer uses ({hint}): "
        f"{sorted(committed - extracted)}")
