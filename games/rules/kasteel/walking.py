"""One walk of one piece: sections 6 to 8 of the rules.

Entering from home, stepping square by square, blocking on start squares,
the Sheriff catching and the Bandit robbing, joining a line, the castle
entrance, the castle and the walk back out of it. ``walk`` changes the state
in place and, given an ``events`` list, appends what a UI needs to animate
the walk step by step (``enter``, ``walk`` with its ``path``, ``sent_home``,
``blocked``, ``castle``, ``bounce``).

Friends and foes are those of the walking piece, whoever moves it.
"""

from __future__ import annotations

from typing import Any

from ..base import Event
from .constants import (
    BANDIT,
    CASTLE,
    PIECES,
    SHERIFF,
    SQUARES_PER_SEAT,
    piece_name,
)
from .scoring import seat_finished
from .state import State


def may_pass(rank: int, blocker_rank: int) -> bool:
    """Whether a foe of ``rank`` may pass a piece on its own start square.

    Only a higher rank passes; a Bandit there can be passed by a Sheriff only.
    """
    if blocker_rank == BANDIT:
        return rank == SHERIFF
    return rank < blocker_rank


def stoppers_on(state: State, seat: int, rank: int, square: int, pieces: list[int]) -> list[int]:
    """The pieces among ``pieces`` (standing on ``square``) that block a
    walker of ``seat`` and ``rank``: foes on their own start square that it
    may not pass."""
    if square % SQUARES_PER_SEAT:
        return []
    owner = square // SQUARES_PER_SEAT
    if not state.is_foe(seat, owner):
        return []
    return [p for p in pieces if p // PIECES == owner and not may_pass(rank, p % PIECES)]


def arrive(state: State, square: int, piece: int, colour: int) -> int:
    """Put ``piece`` into the line of ``square`` as an arriving piece; its place.

    In front of every lower rank, behind every higher one; against equal
    ranks in front of all of them only if the designating card has the
    piece's colour, else behind all of them.
    """
    state.loc[piece] = square
    line = state.lines.get(square)
    if not line:
        state.lines[square] = [piece]
        return 0
    rank = piece % PIECES
    in_front = colour == piece // PIECES
    index = 0
    for other in line:
        other_rank = other % PIECES
        if other_rank < rank or (other_rank == rank and not in_front):
            index += 1
        else:
            break
    line.insert(index, piece)
    return index


def _remove(state: State, square: int, piece: int) -> None:
    line = state.lines[square]
    line.remove(piece)
    if not line:
        del state.lines[square]


def _send_home(state: State, piece: int, square: int) -> None:
    _remove(state, square, piece)
    state.loc[piece] = -1  # HOME
    state.home[piece // PIECES].append(piece)


def _meet(
    state: State,
    walker: int,
    square: int,
    pieces: list[int],
    step: int,
    sent: list[tuple[int, int, int]],
) -> None:
    """The walker (a Sheriff or a Bandit) passes or reaches ``pieces`` on
    ``square``: catch or rob the foes among them, front to back."""
    seat = walker // PIECES
    robber = walker % PIECES == BANDIT
    for other in pieces:
        if (robber or other % PIECES == BANDIT) and state.is_foe(seat, other // PIECES):
            _send_home(state, other, square)
            sent.append((other, square, step))


def _location(state: State, piece: int) -> dict[str, Any]:
    loc = state.loc[piece]
    if loc >= CASTLE:
        return {"castle": loc - CASTLE}
    if loc >= 0:
        return {"square": loc, "place": state.lines[loc].index(piece)}
    return {"home": state.home[piece // PIECES].index(piece)}


def walk(state: State, piece: int, steps: int, colour: int, events: list[Event] | None) -> None:
    """Walk ``piece`` ``steps`` steps; ``colour`` is the designating card's.

    The piece must be able to walk (``State.can_walk``). A piece reaching its
    target counts for its seat; the seat's last one may end the game.
    """
    seat = piece // PIECES
    loc = state.loc[piece]
    if loc >= CASTLE:
        _castle_walk(state, piece, loc - CASTLE, steps, colour, events)
    else:
        if loc < 0:
            loc = _enter(state, piece, events)
        _ring_walk(state, piece, loc, steps, colour, events)
    if state.loc[piece] == CASTLE + PIECES - state.oidx[piece]:
        state.done[seat] += 1
        if state.done[seat] == PIECES:
            seat_finished(state, seat, events)


def _enter(state: State, piece: int, events: list[Event] | None) -> int:
    """Put the first piece of its home row on its start square, behind all."""
    seat = piece // PIECES
    state.home[seat].pop(0)
    square = SQUARES_PER_SEAT * seat
    line = state.lines.setdefault(square, [])
    line.append(piece)
    state.loc[piece] = square
    if events is not None:
        events.append(
            {"type": "enter", "piece": piece_name(piece), "square": square, "place": len(line) - 1}
        )
    return square


def _ring_walk(
    state: State, piece: int, square: int, steps: int, colour: int, events: list[Event] | None
) -> None:
    seat = piece // PIECES
    rank = piece % PIECES
    lines = state.lines
    ring = SQUARES_PER_SEAT * state.n
    line = lines[square]
    front = line[: line.index(piece)]
    start = _location(state, piece) if events is not None else None
    path: list[dict[str, Any]] | None = [] if events is not None else None
    sent: list[tuple[int, int, int]] = []
    meets = rank == BANDIT or rank == SHERIFF
    target = PIECES - state.oidx[piece]
    may_enter = state.oidx[piece] == state.done[seat]
    entrance = (SQUARES_PER_SEAT * seat - 1) % ring

    remaining = steps
    blocked: tuple[int, list[int]] | None = None
    if front:
        stoppers = stoppers_on(state, seat, rank, square, front)
        if stoppers:  # behind a blocker on the blocker's square: cannot move at all
            blocked = (square, stoppers)
    position = square
    castle_place = 0
    moved = False
    step = 0
    while remaining and blocked is None:
        if castle_place:
            castle_place += 1
            if path is not None:
                path.append({"castle": castle_place})
            remaining -= 1
            continue
        if position == entrance and may_enter and remaining <= target:
            following = -1
            here = None
        else:
            following = position + 1 if position + 1 < ring else 0
            here = lines.get(following)
            if here and not following % SQUARES_PER_SEAT:
                stoppers = stoppers_on(state, seat, rank, following, here)
                if stoppers:
                    blocked = (following, stoppers)
                    continue
        if not moved:
            moved = True
            _remove(state, square, piece)
            if meets and front:
                _meet(state, piece, square, front, 0, sent)
        step += 1
        remaining -= 1
        if following < 0:
            castle_place = 1
            if path is not None:
                path.append({"castle": 1})
            continue
        position = following
        if path is not None:
            path.append({"square": following})
        if here and meets:
            _meet(state, piece, following, here[:], step, sent)
    if castle_place:
        state.loc[piece] = CASTLE + castle_place
    elif moved:
        arrive(state, position, piece, colour)
    if events is None:
        return
    _walk_events(state, piece, steps, start, path, sent, events)
    if blocked is not None:
        events.append(
            {
                "type": "blocked",
                "piece": piece_name(piece),
                "square": blocked[0],
                "by": [piece_name(p) for p in blocked[1]],
                "lost": remaining,
            }
        )
    if castle_place:
        _castle_event(state, piece, events)


def _castle_walk(
    state: State, piece: int, place: int, steps: int, colour: int, events: list[Event] | None
) -> None:
    """A walk inside the castle: to the target, and back the rest."""
    target = PIECES - state.oidx[piece]
    start = {"castle": place} if events is not None else None
    sent: list[tuple[int, int, int]] = []
    if place + steps <= target:
        state.loc[piece] = CASTLE + place + steps
        if events is not None:
            path = [{"castle": p} for p in range(place + 1, place + steps + 1)]
            _walk_events(state, piece, steps, start, path, sent, events)
            _castle_event(state, piece, events)
        return
    back = place + steps - target
    seat = piece // PIECES
    ring = SQUARES_PER_SEAT * state.n
    entrance = (SQUARES_PER_SEAT * seat - 1) % ring
    if back < target:
        state.loc[piece] = CASTLE + target - back
    else:
        square = (entrance - (back - target)) % ring
        here = state.lines.get(square)
        rank = piece % PIECES
        if here and (rank == BANDIT or rank == SHERIFF):
            _meet(state, piece, square, here[:], steps, sent)
        arrive(state, square, piece, colour)
    if events is None:
        return
    path = [{"castle": p} for p in range(place + 1, target + 1)]
    path.extend({"castle": p} for p in range(target - 1, max(target - back, 1) - 1, -1))
    path.extend({"square": (entrance - k) % ring} for k in range(back - target + 1))
    _walk_events(state, piece, steps, start, path, sent, events)
    events.append({"type": "bounce", "piece": piece_name(piece), "target": target, "back": back})
    if state.loc[piece] >= CASTLE:
        _castle_event(state, piece, events)


def _walk_events(
    state: State,
    piece: int,
    steps: int,
    start: dict[str, Any] | None,
    path: list[dict[str, Any]] | None,
    sent: list[tuple[int, int, int]],
    events: list[Event],
) -> None:
    events.append(
        {
            "type": "walk",
            "piece": piece_name(piece),
            "steps": steps,
            "from": start,
            "path": path,
            "to": _location(state, piece),
        }
    )
    for other, square, step in sent:
        events.append(
            {
                "type": "sent_home",
                "piece": piece_name(other),
                "by": piece_name(piece),
                "square": square,
                "step": step,
                "home": state.home[other // PIECES].index(other),
            }
        )


def _castle_event(state: State, piece: int, events: list[Event]) -> None:
    place = state.loc[piece] - CASTLE
    target = PIECES - state.oidx[piece]
    events.append(
        {
            "type": "castle",
            "piece": piece_name(piece),
            "place": place,
            "target": target,
            "on_target": place == target,
        }
    )
