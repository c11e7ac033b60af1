"""The Kasteel tutorial shows a capture and a forced discard, and says why; each
claim checked against the engine on the replayed script."""

from __future__ import annotations

from games.boards.kasteel_log import card_label, piece_label
from games.learning.tutorial import KASTEEL
from games.rules import get_rules
from tests.games.learning.helpers_tutorial import lesson_text, player_steps

RULES = get_rules("kasteel")


def _seat_json(state, seat: str) -> dict:
    return RULES.to_json(state)["seats"][int(seat)]


def test_it_shows_a_capture_and_says_why():
    captures = []
    for index, state, _history, scripted in player_steps("kasteel"):
        applied = RULES.apply(state, scripted.move)
        sent = [event for event in applied.events if event["type"] == "sent_home"]
        if sent:
            captures.append((index, scripted, sent, applied))
    assert len(captures) == 1, "the script ends at the player's first capture"
    index, scripted, sent, applied = captures[0]
    text = lesson_text("kasteel", index, scripted)
    assert "That is a capture" in text and "end of its home row" in text
    for event in sent:
        assert event["by"].startswith(f"{KASTEEL.seat}:")
        assert piece_label(event["piece"]) in text and piece_label(event["by"]) in text
        # The claim: the robbed piece is back at the end of its owner's home row.
        owner, rank = event["piece"].split(":")
        assert _seat_json(applied.state, owner)["home"][-1] == rank
    # A Bandit did it, as the lesson says; and the walk was the dice's (no number card).
    assert scripted.move["piece"].endswith(":X") and "number" not in scripted.move
    assert "dice" in text and any(event["type"] == "roll" for event in applied.events)


def test_its_discard_is_forced_and_says_why():
    discards = [(index, state, scripted) for index, state, _h, scripted
                in player_steps("kasteel") if scripted.move["type"] == "discard"]
    assert discards
    for index, state, scripted in discards:
        assert RULES.legal_moves(state) == [{"type": "discard"}]  # nothing else is legal
        text = lesson_text("kasteel", index, scripted)
        assert "must discard your whole hand" in text and "Why:" in text
        for card in _seat_json(state, KASTEEL.seat)["hand"]:
            assert card_label(card) in text
