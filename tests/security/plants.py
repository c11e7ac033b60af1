"""Leaks planted on purpose, one way out at a time, to show that the check catches them.

Each plant breaks one path for one game: the engine's view gains a hidden
field, its event redaction lets every secret through, the admin shows the
stored state and log, an error message echoes the state, the socket's sync
or live update carries more than the API. ``catch`` plants one and runs the
check of tests.security.samebytes as the viewer who would see it.
"""

from __future__ import annotations

import json
import random

from games import admin
from games.models import Match
from games.realtime import broadcast, consumers
from games.rules import RulesError, get_rules
from tests.conftest import make_user
from tests.security.randomgames import play, start
from tests.security.samebytes import Viewer, hidden_differences

#: The games, each with one hidden part of its full state that a broken view shows.
GAMES = {
    "druidenwalzer": lambda state, viewer: [p["draw_pile"] for p in state["players"].values()],
    "caesar-cleopatra": lambda state, viewer: state["vote_deck"],
    "kasteel-teams": lambda state, viewer: state["deck"],
}


def people(prefix: str = "") -> tuple:
    """Four players, an outsider and staff."""
    return ([make_user(f"{prefix}p{i}") for i in range(4)], make_user(f"{prefix}outsider"),
            make_user(f"{prefix}root", is_staff=True, is_superuser=True))


def running_game(kind: str, found: tuple) -> Match:
    """A running game with hidden cards in its log (past its setup)."""
    players, _outsider, _staff = found
    rng = random.Random(kind)
    match = play(start(kind, players, seed=rng.randrange(2**40), past_setup=True), 8, rng)
    while not any("secret" in event for record in match.records.all()[3:]
                  for event in record.events):
        match = play(match, 4, rng)
    return match


def _viewers(match: Match, found: tuple) -> dict[str, Viewer]:
    _players, _outsider, staff = found
    rules = get_rules(match.game)
    owing = rules.owed_by(rules.from_json(match.state))[0]
    seat = match.seats.select_related("user").get(seat=owing)
    return {
        "anonymous": Viewer("anonymous"),
        "staff": Viewer("staff", staff, reads=("admin",)),
        "player": Viewer(f"seat {owing}", seat.user, owing, reads=("api",)),
        "listener": Viewer("anonymous", reads=()),
    }


def _hidden_field(monkeypatch, rules, kind: str) -> None:
    view = rules.view
    monkeypatch.setattr(rules, "view", lambda state, viewer: {
        **view(state, viewer), "extra": GAMES[kind](rules.to_json(state), viewer)})


def _all_secrets(monkeypatch, rules, kind: str) -> None:
    monkeypatch.setattr(rules, "redact_events", lambda events, viewer: [
        dict(event) for event in events])


def _raw_admin(monkeypatch, rules, kind: str) -> None:
    monkeypatch.setattr(admin, "staff_state", lambda match: match.state)
    monkeypatch.setattr(admin, "staff_record", lambda record: {
        "move": record.move, "events": record.events})


def _echoing_error(monkeypatch, rules, kind: str) -> None:
    apply = rules.apply

    def echoing(state, move, seat=None):
        try:
            return apply(state, move, seat=seat)
        except RulesError as error:
            raise type(error)(f"{error} in {json.dumps(rules.to_json(state))}") from None

    monkeypatch.setattr(rules, "apply", echoing)


def _socket_sync(monkeypatch, rules, kind: str) -> None:
    payload = consumers.match_payload
    monkeypatch.setattr(consumers, "match_payload", lambda match, viewer, *args, **kwargs: {
        **payload(match, viewer, *args, **kwargs), "state": match.state})


def _socket_update(monkeypatch, rules, kind: str) -> None:
    monkeypatch.setattr(broadcast, "record_payload", lambda record, rules, viewer: {
        "version": record.version, "events": record.events})


#: leak: (how to plant it, who looks, sockets or not, the kind of path that must show it)
LEAKS = {
    "a hidden field in the view": (_hidden_field, "anonymous", False, "GET /api/games/"),
    "every secret of the events": (_all_secrets, "anonymous", False, "events/"),
    "the admin showing the stored game": (_raw_admin, "staff", False, "/admin/games/"),
    "an error echoing the state": (_echoing_error, "player", False, "POST move (illegal)"),
    "the socket's sync carrying the state": (_socket_sync, "listener", True, "sync"),
    "the live update carrying every secret": (_socket_update, "listener", True, "live update"),
}


def catch(monkeypatch, match: Match, found: tuple, kind: str, leak: str) -> None:
    """Plant ``leak`` and require the check, as the viewer who would see it, to report it
    on a path of its kind."""
    plant, who, sockets, where = LEAKS[leak]
    viewer = _viewers(match, found)[who]
    plant(monkeypatch, get_rules(match.game), kind)
    problems = hidden_differences(match, [viewer], random.Random(2), sockets=sockets)
    assert problems, f"{leak} in {kind} went unnoticed"
    assert any(where in problem for problem in problems), problems[:3]
