"""Druidenwalzer's fast path as a ``games.ai.baseline.Game``: what a random
playout to the end needs. The ``baseline`` level searches with it and the
``strong`` level's leaves are played out with it, so it sits below both."""

from __future__ import annotations

from games.rules.druidenwalzer.constants import OVER
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import legal_actions

from ..baseline import Game
from .determinize import Observation
from .heuristic import moves_and_actions

GAME = Game(
    observe=Observation,
    legal_actions=legal_actions,
    play=play,
    over=OVER,
    actions_of=moves_and_actions,
    playout_limit=300,  # actions; games last 20-60 turns
)
