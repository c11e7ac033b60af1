"""A seat's view turned into an engine ``State`` the bot can walk pieces on.

The view shows the whole board (homes and their order, the ring, castles,
finished seats) and the bot's own hand; other hands, the deck's order and
the seed are hidden. The rebuilt state has the board exactly and no hidden
cards at all (other hands and the deck stay empty): the bot only walks
pieces on it (``walking.walk``, the code every move of the engine runs), so
nothing hidden could leak into a decision.
"""

from __future__ import annotations

from typing import Any

from games.rules.kasteel.constants import (
    CASTLE,
    HOME,
    NOWHERE,
    OVER,
    PHASE_INDEX,
    PIECES,
    RANK_INDEX,
    card_index,
    piece_index,
)
from games.rules.kasteel.state import State


def state_from_view(view: dict[str, Any]) -> State:
    """The public board of ``view`` as a ``State`` (hands: the viewer's only)."""
    n = view["players"]
    state = State(n, bool(view["teams"]), view.get("limit"))
    state.phase = PHASE_INDEX[view["phase"]]
    state.to_move = view["to_move"]
    state.turn = view["turn"]
    state.dealer = view["dealer"]
    state.deal = view["deal"]
    state.cycle = view.get("cycle", 1)
    cards = card_index(n)
    oidx = [-1] * (PIECES * n)
    loc = [NOWHERE] * (PIECES * n)
    placed: dict[int, list[tuple[int, int]]] = {}
    for seat, info in enumerate(view["seats"]):
        base = seat * PIECES
        order = tuple(RANK_INDEX[letter] for letter in info["order"])
        state.order[seat] = order
        for index, rank in enumerate(order):
            oidx[base + rank] = index
        state.home[seat] = [base + RANK_INDEX[letter] for letter in info["home"]]
        for piece in state.home[seat]:
            loc[piece] = HOME
        for letter, place in info["castle"].items():
            loc[base + RANK_INDEX[letter]] = CASTLE + place
        for letter, (square, place) in info["track"].items():
            loc[base + RANK_INDEX[letter]] = square
            placed.setdefault(square, []).append((place, base + RANK_INDEX[letter]))
        if info["hand"] is not None:
            state.hands[seat] = [cards[name] for name in info["hand"]]
    state.discard = [cards[name] for name in view["discard"]]  # public, for counting
    state.oidx = tuple(oidx)
    state.loc = loc
    state.lines = {square: [p for _, p in sorted(line)] for square, line in placed.items()}
    state.done = [
        sum(1 for rank in state.order[seat] if state.on_target(seat * PIECES + rank))
        for seat in range(n)
    ]
    state.finished = list(view["finished"])
    state.winners = list(view["winners"])
    if view["scores"] is not None:
        state.scores = list(view["scores"])
    pending = view.get("pending")
    if pending is not None and state.phase != OVER:
        state.pending = (
            piece_index(n)[pending["piece"]],
            cards[pending["card"]],
            pending["dice"][0],
        )
    return state
