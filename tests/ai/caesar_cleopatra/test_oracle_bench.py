"""``bench/cc_oracle.py``: the strong level searching over deals that hold the
opponent's real cards (all of them, or only its hand, face-down cards or bonus
card), to measure what the hidden cards are worth."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.ai import registry
from games.ai.arena_match import ArenaConfig, play_game
from games.ai.caesar_cleopatra.determinize import Observation
from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import SEAT_INDEX
from tests.bench_scripts import load

ORACLE = load("cc_oracle")
RULES = get_rules("caesar-cleopatra")


def hidden(state, seat: int) -> Counter[int]:
    """Every card of ``seat`` that its opponent does not see."""
    return Counter(state.hand[seat] + state.influence[seat] + state.actions[seat]
                   + [card for group in range(5) for card in state.down[group * 2 + seat]])


def positions(games: int = 2) -> list[tuple]:
    found = []
    config = ArenaConfig(a="heuristic", b="apprentice", games=games, seed=3,
                         game="caesar-cleopatra")

    def observe(state, seat, legal, history) -> None:
        if RULES.view(state, seat)["phase"] != "setup":
            found.append((state, SEAT_INDEX[seat], RULES.view(state, seat), history))

    for index in range(games):
        play_game(config, index, observe)
    return found


@pytest.mark.parametrize("parts", [{"hand"}, {"down"}, {"bonus"}, {"hand", "down", "bonus"}])
def test_it_imposes_the_real_cards_and_keeps_every_card(parts):
    for number, (state, seat, view, history) in enumerate(positions()[::3]):
        opponent = 1 - seat
        deal = ORACLE.imposed(Observation(view, history).sample(random.Random(number)),
                              state, seat, parts)
        assert hidden(deal, opponent) == hidden(state, opponent)
        for pile in ("hand", "influence", "actions"):
            assert len(getattr(deal, pile)[opponent]) == len(getattr(state, pile)[opponent])
        if "hand" in parts:
            assert sorted(deal.hand[opponent]) == sorted(state.hand[opponent])
        if "down" in parts:
            assert all(sorted(deal.down[group * 2 + opponent])
                       == sorted(state.down[group * 2 + opponent]) for group in range(5))
        if "bonus" in parts:
            assert deal.bonus[opponent] == state.bonus[opponent]
        assert sorted(deal.hand[seat]) == sorted(state.hand[seat])  # its own: untouched


def test_the_oracle_deal_hides_only_what_neither_player_sees():
    state = positions(1)[10][0]
    deal = ORACLE.oracle_deal(state, random.Random(1))
    assert deal.hand == state.hand and deal.down == state.down and deal.bonus == state.bonus
    for seat in (0, 1):
        assert sorted(deal.influence[seat]) == sorted(state.influence[seat])
    assert sorted(deal.vote_deck) == sorted(state.vote_deck)


def test_it_plays_a_game_and_goes_on_from_its_results_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(registry, "ARENA_LEVELS", dict(registry.ARENA_LEVELS))
    results = tmp_path / "oracle.jsonl"
    ORACLE.main(["--games", "1", "--cpu", "0.01", "--know", "down", "--results", str(results)])
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 1 and rows[0]["settings"]["a"] == "strong-oracle-down"
    ORACLE.main(["--games", "1", "--cpu", "0.01", "--know", "down", "--results", str(results)])
    assert len(results.read_text().splitlines()) == 1  # the game was kept, not played again
    assert "0.0 won" in capsys.readouterr().out.splitlines()[-1]
