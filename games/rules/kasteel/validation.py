"""The consistency checks of a state given to the engine (section 12).

``codec`` reads the shape and the names; ``validate`` then checks what the
rules require of a position: every card once, deck and hand sizes by deal,
the setup's placements, the castles, ``pending``, the seat to move holding
cards, and ``finished``, ``winners`` and ``scores`` agreeing with the
castles. Each failure is an ``InvalidState`` naming the problem; no message
tells where a hidden card lies.
"""

from __future__ import annotations

from collections import Counter

from ..base import InvalidState
from .constants import (
    CARDS_PER_SEAT,
    CASTLE,
    DEAL_SIZES,
    FIRST_NUMBER,
    JACK,
    OVER,
    PIECES,
    PLAY,
    RANKS,
    SETUP,
    card_name,
    piece_name,
)
from .scoring import completed_team, result
from .state import State


def validate(state: State) -> None:
    """Raise ``InvalidState`` unless ``state`` is a consistent position."""
    if (state.phase == SETUP) != (state.deal == 0):
        raise InvalidState("deal must be 0 exactly in setup (then 1, 2 or 3 in play)")
    _check_cards(state)
    _check_phase(state)
    if state.phase == SETUP:
        _check_setup(state)
        return
    for seat in range(state.n):
        _check_castle(state, seat)
    _check_pending(state)
    _check_end(state)


def _check_cards(state: State) -> None:
    n = state.n
    counts = Counter(state.deck)
    counts.update(state.discard)
    for hand in state.hands:
        counts.update(hand)
    for card in range(CARDS_PER_SEAT * n):
        if counts[card] != 1:
            what = "is missing" if not counts[card] else f"appears {counts[card]} times"
            raise InvalidState(
                f"card {card_name(card)} {what}: each of the {CARDS_PER_SEAT * n} cards "
                "must be exactly once in the deck, the hands or the discard pile"
            )
    expected = CARDS_PER_SEAT * n - sum(DEAL_SIZES[: state.deal + 1]) * n
    if len(state.deck) != expected:
        raise InvalidState(
            f"the deck must hold {expected} cards after deal {state.deal} of the cycle "
            f"({n} players: 13N, 8N, 4N, 0 after deals 0..3), got {len(state.deck)}"
        )
    most = DEAL_SIZES[state.deal]
    for seat, hand in enumerate(state.hands):
        if len(hand) > most:
            raise InvalidState(
                f"seats[{seat}].hand holds {len(hand)} cards; at most {most} after deal "
                f"{state.deal}"
            )


def _check_phase(state: State) -> None:
    if state.phase == OVER:
        if state.to_move is not None:
            raise InvalidState("to_move must be null when the game is over")
    elif state.to_move is None:
        raise InvalidState("to_move must be a seat while the game runs")
    if state.limit is not None and state.cycle > state.limit:
        raise InvalidState(f"cycle {state.cycle} is beyond the limit of {state.limit} cycles")
    if state.phase != OVER and (state.winners or state.scores is not None):
        raise InvalidState("winners must be [] and scores null until the game is over")
    if state.phase != PLAY and state.pending is not None:
        raise InvalidState("pending must be null unless the game is in play")
    if (
        state.phase == PLAY
        and state.pending is None
        and state.to_move is not None  # checked above; says so to the type checker
        and not state.hands[state.to_move]
    ):
        raise InvalidState(
            f"seat {state.to_move} is to move but holds no cards (a seat without cards is skipped)"
        )


def _check_setup(state: State) -> None:
    if state.turn or state.roll is not None or state.finished:
        raise InvalidState("in setup turn must be 0, roll null and finished []")
    if state.cycle != 1:
        raise InvalidState("in setup cycle must be 1")
    n = state.n
    assert state.to_move is not None  # _check_phase: a running game has a seat to move
    mover = (state.to_move - state.dealer) % n
    for offset in range(n):
        seat = (state.dealer + offset) % n
        placed = len(state.order[seat])
        if offset < mover and placed != PIECES:
            raise InvalidState(
                f"seats[{seat}] has placed {placed} pieces, but the home orders are placed "
                f"from the first player (seat {state.dealer}) to the left: seat {seat} "
                f"comes before seat {state.to_move}, who is placing now, and must have all 7"
            )
        if offset == mover and placed == PIECES:
            raise InvalidState(f"seat {seat} is to place pieces but has placed all 7")
        if offset > mover and placed:
            raise InvalidState(
                f"seats[{seat}] has placed pieces before seat {state.to_move}, who is "
                f"placing now (the first player, seat {state.dealer}, places first, then "
                "the seats to the left)"
            )


def _check_castle(state: State, seat: int) -> None:
    base = seat * PIECES
    order = state.order[seat]
    done = state.done[seat]
    for index, rank in enumerate(order):
        loc = state.loc[base + rank]
        if loc < CASTLE or index < done:
            continue
        place = loc - CASTLE
        if index == done and place < PIECES - done:
            continue  # the one piece whose turn it is, short of its target
        filled = ", ".join(f"{RANKS[r]} on {PIECES - i}" for i, r in enumerate(order[:done]))
        raise InvalidState(
            f"seats[{seat}].castle: {RANKS[rank]} cannot be on castle place {place}: the "
            f"castle holds the first pieces of the home order on places 7, 6, ... "
            f"({filled or 'none yet'}) and at most the next one "
            f"({RANKS[order[done]] if done < PIECES else 'none'}) short of its target "
            f"{PIECES - done}"
        )


def _check_pending(state: State) -> None:
    if state.pending is None:
        return
    piece, card, _ = state.pending
    name = piece_name(piece)
    if not state.can_walk(piece):
        raise InvalidState(
            f"pending.piece {name} cannot walk (it must be on the ring, short of its castle "
            "target, or first of its home row)"
        )
    if card not in state.discard:
        raise InvalidState(
            f"pending.card {card_name(card)} must be in the discard pile (it has been played)"
        )
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    kind = card % CARDS_PER_SEAT
    owner = piece // PIECES
    first_round = state.turn < state.n
    mine = owner == seat or (not first_round and owner == state.partner(seat))
    if kind >= FIRST_NUMBER:
        problem = "a number card never designates a piece"
    elif kind >= PIECES and first_round:
        problem = "the Joker and the Jack are not played in the first round"
    elif kind == JACK:
        problem = "" if state.is_foe(seat, owner) else "the Jack moves a foe's piece"
    elif kind < PIECES and kind != piece % PIECES:
        problem = "the card's rank is not the piece's"
    else:
        problem = "" if mine else f"seat {seat} cannot move seat {owner}'s pieces with it"
    if problem:
        raise InvalidState(f"pending: {card_name(card)} cannot have designated {name}: {problem}")


def _check_end(state: State) -> None:
    n = state.n
    complete = [seat for seat in range(n) if state.done[seat] == PIECES]
    if sorted(state.finished) != complete:
        raise InvalidState(
            f"finished must list exactly the seats with all 7 pieces in their castle "
            f"({complete}), got {state.finished}"
        )
    team = completed_team(state)
    if state.phase == PLAY:
        if team is not None:
            raise InvalidState(f"seat(s) {list(team)} have finished: the game is over, not in play")
        return
    if team is not None:
        if state.finished[-1] != team[-1]:
            raise InvalidState(
                "finished: the game ended when a "
                + ("team" if state.teams else "seat")
                + f" completed ({list(team)}), so that seat finished last"
            )
    else:
        hands_empty = not any(state.hands) and not state.deck
        if state.limit is None or state.cycle != state.limit or not hands_empty:
            raise InvalidState(
                "the game is over but no one has won: that happens only at the length limit "
                "(limit set, cycle = limit, every card played)"
            )
    winners, scores = result(state)
    if state.winners != winners:
        raise InvalidState(f"winners must be {winners} by the castles, got {state.winners}")
    if state.scores != scores:
        raise InvalidState(f"scores must be {scores} by the castles, got {state.scores}")
