"""Druidenwalzer's rulebook example ("An Example"), played by the engine.

The sun player lays a 5 with a left arrow at their tree 4, where the purple
(lilac) druid stands: the ring bans purple, the other 5s on top of the trees
dance four steps clockwise (the 5 on the moon cult board stays), orange
measures sun's 5 against moon's 3 and black ties 3 against 3. The position is
the rulebook's, completed to the 30 cards a cult must have; the steps shown on
the rules page are the engine's own events.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.learning.diagrams import Diagram, _sentences
from games.rules import get_rules
from games.rules.druidenwalzer.constants import CARD_NAMES, CULT_LETTERS, full_deck

GAME = "druidenwalzer"
MOVE = {"type": "waltz", "card": "S5L", "tree": 4}


def _tree(up: str, down: str, druid: str | None = None) -> dict[str, Any]:
    return {"down": [down], "up": [up], "druid": druid, "signs": 0, "flipped": False}


def position() -> dict[str, Any]:
    """The example's position as a full state (the rest of each deck in its draw pile)."""
    trees = {
        "moon": [_tree("M2R", "M1L", "purple"), _tree("M5R", "M4L"),
                 _tree("M3L", "M2L", "orange"), _tree("M5L", "M3R", "black")],
        "sun": [_tree("S3R", "S4R", "black"), _tree("S2L", "S1L"),
                _tree("S1R", "S2R", "orange"), _tree("S4L", "S3L", "purple")],
    }
    hands = {"sun": ["S5L", "S2R", "S4R"], "moon": ["M1R", "M2R", "M4R"]}
    boards = {"moon": ["M1L", "M5L"], "sun": ["S1L"]}
    players = {}
    for cult, seat in ((0, "moon"), (1, "sun")):
        used = Counter(hands[seat] + boards[seat])
        for entry in trees[seat]:
            used.update(entry["down"] + entry["up"])
        deck = Counter(CARD_NAMES[code] for code in full_deck(cult))
        assert all(name[0] == CULT_LETTERS[cult] for name in used)
        players[seat] = {"trees": trees[seat], "cult_board": boards[seat], "hand": hands[seat],
                         "draw_pile": sorted((deck - used).elements()), "removed": []}
    return {"game": GAME, "phase": "play", "to_move": "sun", "winner": None, "turn": 11,
            "players": players, "seed": 1}


def worked_example() -> tuple[Diagram, Diagram]:
    """The position before the sun player's waltz and after it, with its events."""
    rules = get_rules(GAME)
    state = rules.from_json(position())
    before = Diagram("example-before", rules.view(state, None), bottom="sun")
    applied = rules.apply(state, MOVE)
    events = rules.redact_events(list(applied.events), None)
    after = Diagram("example-after", rules.view(applied.state, None), events,
                    _sentences(GAME, events), bottom="sun")
    return before, after
