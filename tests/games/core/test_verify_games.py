"""`manage.py verify_games`: stored games replayed from seed and moves, differences named."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.core import services
from games.core.verify import StoredGame, StoredRecord, first_difference, verify_game
from games.models import Match, MoveRecord
from tests.games.helpers import RULES, new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

#: A card as the engine writes it (M4R: moon, value 4, right): never in the output.
CARD = re.compile(r"\b[MS][1-5][LR]\b")


def verify(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("verify_games", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


def played(moon, sun, moves: int) -> Match:
    match = new_game(moon, sun)
    for _ in range(moves):
        play_first(match)
        match.refresh_from_db()
    return match


@pytest.fixture
def games(alice, bob, django_capture_on_commit_callbacks):
    """Two games in progress, one played to its end, one resigned (and rated, as the
    settle task does after the commit: verify_games checks the ratings too)."""
    with django_capture_on_commit_callbacks(execute=True):
        return _games(alice, bob)


def _games(alice, bob):
    in_progress = [played(alice, bob, 6), played(bob, alice, 9)]
    to_the_end = new_game(alice, bob)
    while not to_the_end.is_over:
        play_first(to_the_end)
        to_the_end.refresh_from_db()
    resigned = played(alice, bob, 3)
    services.resign(resigned.pk, alice)
    return [*in_progress, to_the_end, resigned]


def test_clean_games_report_ok(games):
    code, out = verify("-v", "2")
    assert code == 0, out
    for match in games:
        assert f"game {match.pk}: ok" in out
    assert out.strip().endswith("4 games checked: 4 ok, 0 differ")
    assert games[2].end_reason == Match.Reason.RULES  # the rules' end was checked too


def test_a_corrupted_state_and_corrupted_events_are_reported(games):
    state_broken, events_broken = games[0], games[1]
    state = state_broken.state
    hand = state["players"]["moon"]["hand"]
    state["players"]["moon"]["hand"] = hand[:-1] if hand else ["M1L"]
    Match.objects.filter(pk=state_broken.pk).update(state=state)
    record = MoveRecord.objects.get(match=events_broken, version=2)
    record.events[0]["tree"] = (record.events[0].get("tree", 0) + 1) % 4
    record.save(update_fields=["events"])

    code, out = verify()

    assert code == 1
    lines = out.strip().splitlines()
    assert lines[:2] == [
        f"game {state_broken.pk}: differs: state at players.moon.hand (length)",
        f"game {events_broken.pk}: differs: record v2.events at [0].tree",
    ]
    assert lines[-1] == "4 games checked: 2 ok, 2 differ"
    assert not CARD.search(out), "the output must not show cards of a game in progress"


def test_it_checks_only_the_games_asked_for(games):
    Match.objects.filter(pk=games[0].pk).update(version=99)
    assert verify("--game", str(games[1].pk), "--game", str(games[2].pk)) == (
        0, "2 games checked: 2 ok, 0 differ\n")
    code, out = verify("--game", str(games[0].pk), "--game", "987654")
    assert code == 1
    assert out.splitlines() == [
        f"game {games[0].pk}: differs: version (differs from the last record)",
        "game 987654: not found",
        "1 game checked: 0 ok, 1 differ, 1 not found",
    ]


def test_it_checks_the_games_changed_since_a_date(games):
    assert verify("--since", "2999-01-01") == (0, "0 games checked: 0 ok, 0 differ\n")
    assert verify("--since", "2000-01-01T00:00:00")[1].endswith("4 games checked: 4 ok, 0 differ\n")
    with pytest.raises(CommandError, match="--since"):
        call_command("verify_games", "--since", "last tuesday")


# --- the pure function --------------------------------------------------------------


def replayed(moves: int) -> StoredGame:
    state = RULES.new_game(5, {"removed": {"moon": [], "sun": []}})
    records = []
    for version in range(1, moves + 1):
        seat = RULES.owed_by(state)[0]
        move = RULES.legal_moves(state)[0]
        applied = RULES.apply(state, move, seat=seat)
        records.append(StoredRecord(version, seat, "move", move, applied.events))
        state = applied.state
    return StoredGame(id=1, game="druidenwalzer", seed=5,
                      options={"removed": {"moon": [], "sun": []}},
                      state=RULES.to_json(state), version=moves, status="active",
                      records=records)


def test_the_replay_of_a_faithful_record_agrees():
    assert verify_game(replayed(12)) is None


def test_it_names_a_missing_record_and_a_move_the_rules_refuse():
    game = replayed(5)
    gap = StoredGame(**{**game.__dict__, "records": [*game.records[:2], *game.records[3:]]})
    assert verify_game(gap) == "records (v3 missing)"
    third = game.records[2]
    wrong_seat = "sun" if third.seat == "moon" else "moon"
    forged = StoredRecord(third.version, wrong_seat, "move", third.move, third.events)
    refused = StoredGame(**{**game.__dict__,
                            "records": [*game.records[:2], forged, *game.records[3:]]})
    assert verify_game(refused) == "record v3.move (refused on replay: IllegalMove)"


def test_it_names_an_active_game_that_the_rules_ended():
    game = replayed(3)
    resigned = StoredGame(**{**game.__dict__, "version": 4, "records": [
        *game.records, StoredRecord(4, "moon", "resign", None, [])]})
    assert verify_game(resigned) == "status (active after the end of the game)"


def test_first_difference_names_paths_not_values():
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a[1].b"
    assert first_difference({"a": [1, 2]}, {"a": [1]}) == "a (length)"
    assert first_difference({"a": 1}, {"a": 1, "z": 0}) == "z (unexpected)"
    assert first_difference({"a": 1}, {}) == "a (missing)"
    assert first_difference([1], [1]) is None
