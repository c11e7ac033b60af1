"""Caesar & Cleopatra's fast path as a ``games.ai.baseline.Game``: what a random
playout to the end needs. The ``baseline`` level searches with it and the
``strong`` level's leaves may be played out with it (``search.PLAYOUT_WEIGHT``),
so it sits below both."""

from __future__ import annotations

from games.rules.caesar_cleopatra.constants import OVER
from games.rules.caesar_cleopatra.legality import legal_actions
from games.rules.caesar_cleopatra.moves import Action, move_to_action
from games.rules.caesar_cleopatra.turn import play

from ..base import Move
from ..baseline import Game
from .determinize import Observation


def _actions_of(legal_moves: list[Move], seat: int) -> list[tuple[Move, Action]]:
    return [(move, move_to_action(move)) for move in legal_moves]


GAME = Game(
    observe=Observation,
    legal_actions=legal_actions,
    play=play,
    over=OVER,
    actions_of=_actions_of,
    playout_limit=2000,  # decisions; random play makes long games
)
