"""The Dutch catalogue: every string of the account pages and the site frame is translated,
and the committed django.mo matches django.po (so `make messages` was run)."""

import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "nl" / "LC_MESSAGES"
# Sources whose strings must all be in Dutch (the game pages follow their own pace).
OWN_SOURCES = (
    "accounts/",
    "templates/accounts/",
    "templates/allauth/",
    "templates/base.html",
    "templates/home.html",
)


def unquote(chunks: list[str]) -> str:
    text = "".join(chunks)
    return text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def entries():
    """(locations, flags, context, msgid, msgstrs) for each entry of django.po."""
    for block in (LOCALE / "django.po").read_text().split("\n\n"):
        locations, flags, fields, current = [], "", {}, None
        for line in block.splitlines():
            if line.startswith("#: "):
                locations += line[3:].split()
            elif line.startswith("#,"):
                flags += line
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                fields[current].append(line[1:-1])
            else:
                current, _, rest = line.partition(" ")
                fields[current] = [rest[1:-1]]
        msgid = unquote(fields.get("msgid", []))
        if not msgid:
            continue
        msgstrs = [unquote(v) for k, v in sorted(fields.items()) if k.startswith("msgstr")]
        context = unquote(fields["msgctxt"]) if "msgctxt" in fields else None
        yield locations, flags, context, msgid, msgstrs


OWN = [
    entry for entry in entries()
    if any(location.startswith(OWN_SOURCES) for location in entry[0])
]


def test_it_finds_the_site_frames_strings():
    assert any(msgid == "Your turn" for _, _, _, msgid, _ in OWN)
    assert len(OWN) > 50


@pytest.mark.parametrize("entry", OWN, ids=[entry[3][:40] for entry in OWN])
def test_it_translates_every_own_string(entry):
    locations, flags, context, msgid, msgstrs = entry
    assert "fuzzy" not in flags, f"fuzzy translation of {msgid!r} ({locations})"
    assert all(msgstrs), f"no Dutch for {msgid!r} ({locations})"
    placeholders = set(re.findall(r"%\(\w+\)[sd]", msgid))
    assert all(placeholders <= set(re.findall(r"%\(\w+\)[sd]", s)) for s in msgstrs)


def test_it_ships_a_compiled_catalogue_matching_the_source():
    with open(LOCALE / "django.mo", "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for _, _, context, msgid, msgstrs in OWN:
        if len(msgstrs) > 1:
            continue
        found = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
        assert found == msgstrs[0], f"django.mo is stale for {msgid!r}"
