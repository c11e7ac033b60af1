"""Private notes reach their author only, and each chat channel only its readers, in every game.

Like hidden cards: in a running game of each kind (Kasteel also at four seats
in two teams), every player keeps a note, writes a line to the players and,
at a team table, one to their team; a spectator writes to the spectators.
Then every answer each viewer gets (the API, the pages, errors, sockets, the
admin as staff, the chat and notes API, the account export) is fetched, and
each planted text may appear only in the answers of those entitled to it.
"""

from __future__ import annotations

import random
import secrets

import pytest

from social import chat
from tests.conftest import make_user
from tests.security.randomgames import KINDS, play, start
from tests.security.samebytes import _text, admin_records, answers, viewers_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def people(quiet) -> tuple[list, object, object]:
    players = [make_user(f"p{i}") for i in range(4)]
    return players, make_user("outsider"), make_user("root", is_staff=True, is_superuser=True)


def plant(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(6)}"


def own_answers(match, viewer) -> dict[str, str]:
    """The chat, the notes and the account export, as this viewer asks for them."""
    found = {}
    if viewer.user is None:
        return {"chat": _text(viewer.page_client().get(f"/api/games/{match.pk}/chat/"))}
    api = viewer.api_client()
    for path in ("chat/", "notes/"):
        found[path] = _text(api.get(f"/api/games/{match.pk}/{path}"))
    found["export"] = _text(viewer.page_client().get("/settings/account/export.json"))
    return found


@pytest.mark.parametrize("kind", list(KINDS))
def test_notes_and_chat_lines_reach_only_their_readers(kind, people):
    players, outsider, staff = people
    rng = random.Random(kind)
    match = start(kind, players, seed=rng.randrange(2**40), past_setup=True)
    match = play(match, 4, rng)
    seats = list(match.seats.select_related("user").order_by("seat"))
    entitled: dict[str, set[str]] = {}  # planted text -> the viewers who may read it
    for seat in seats:
        note = plant("NOTE")
        chat.save_note(match.pk, seat.user, note)
        entitled[note] = {f"seat {seat.seat}"}
        line = plant("PLAYERS")
        chat.send(match.pk, seat.user, "players", line)
        entitled[line] = {f"seat {s.seat}" for s in seats}
    teams = chat._teams(match)
    for number in sorted(set(teams.values())):
        writer = next(s for s in seats if teams[s.seat] == number)
        line = plant("TEAM")
        chat.send(match.pk, writer.user, f"team-{number}", line)
        entitled[line] = {f"seat {s}" for s, team in teams.items() if team == number}
    spectators_line = plant("SPECTATORS")
    chat.send(match.pk, outsider, "spectators", spectators_line)
    viewers = viewers_of(match, outsider, staff)
    entitled[spectators_line] = {viewer.name for viewer in viewers}
    found = answers(match, viewers, {}, admin_records(match))
    for viewer in viewers:
        found.update({f"{viewer.name}: {path}": text
                      for path, text in own_answers(match, viewer).items()})
    leaks = [f"{path} shows {text[:12]}…" for path, body in found.items()
             for text, readers in entitled.items()
             if text in body and path.split(": ")[0] not in readers]
    assert not leaks, "\n".join(leaks[:20])
    # And each reader does get what is theirs (the check above is not vacuous).
    for text, readers in entitled.items():
        for reader in readers - {"staff"}:
            assert any(text in body for path, body in found.items()
                       if path.startswith(f"{reader}: ")), (reader, text[:12])
