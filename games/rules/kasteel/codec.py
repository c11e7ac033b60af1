"""The full-state JSON of section 12: writing it, and reading it back.

``state_to_json`` writes exactly the section-12 shape (with ``limit`` and
``cycle``) plus the engine's own keys: ``seed`` (server secret),
``first_player_rolls`` (the public dice that chose the first player) and
``turn_rolls`` (dice rolled so far in the turn under way, which numbers the
next roll). A state without them is accepted (seed 0, no rolls, 1 roll if a
doubles decision is pending, else 0).

``state_from_json`` accepts anything and either returns a valid ``State``
or raises ``InvalidState`` naming the exact problem: this module checks the
shape and the names, ``validation`` the rules' consistency. It never
changes its input. Unknown extra keys are ignored.
"""

from __future__ import annotations

from typing import Any

from ..base import InvalidState
from ..common import (
    boolean,
    coded_list,
    integer,
    json_object,
    read_phase,
    read_seed,
    require,
    short,
    state_object,
)
from .constants import (
    CASTLE,
    GAME,
    HOME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    PIECES,
    RANK_INDEX,
    RANKS,
    SETUP,
    SQUARES_PER_SEAT,
    card_index,
    card_name,
    piece_index,
    piece_name,
)
from .state import DEFAULT_SEED, State
from .validation import validate


def _names(cards: list[int]) -> list[str]:
    return [card_name(card) for card in cards]


def seat_pieces(state: State, seat: int) -> dict[str, Any]:
    """The seat's order, home row, track (rank -> [square, place in its line])
    and castle (rank -> castle place): public in the state and every view."""
    base = seat * PIECES
    loc = state.loc
    track = {}
    castle = {}
    for rank in range(PIECES):
        where = loc[base + rank]
        if where >= CASTLE:
            castle[RANKS[rank]] = where - CASTLE
        elif where >= 0:
            track[RANKS[rank]] = [where, state.lines[where].index(base + rank)]
    return {
        "order": [RANKS[rank] for rank in state.order[seat]],
        "home": [RANKS[piece % PIECES] for piece in state.home[seat]],
        "track": track,
        "castle": castle,
    }


def public_fields(state: State) -> dict[str, Any]:
    """The keys from ``players`` to ``deal``, the same in the state and every view."""
    pending = None
    if state.pending is not None:
        piece, card, die = state.pending
        pending = {"piece": piece_name(piece), "card": card_name(card), "dice": [die, die]}
    return {
        "players": state.n,
        "teams": state.teams,
        "phase": PHASES[state.phase],
        "to_move": state.to_move,
        "pending": pending,
        "roll": list(state.roll) if state.roll is not None else None,
        "turn": state.turn,
        "first_round": state.turn < state.n,
        "dealer": state.dealer,
        "deal": state.deal,
    }


def state_to_json(state: State) -> dict[str, Any]:
    """The omniscient full state of section 12, plus the engine's keys."""
    seats = [
        {"hand": _names(state.hands[seat]), **seat_pieces(state, seat)} for seat in range(state.n)
    ]
    return {
        "game": GAME,
        **public_fields(state),
        "deck": _names(state.deck),
        "discard": _names(state.discard),
        "finished": list(state.finished),
        "winners": list(state.winners),
        "scores": list(state.scores) if state.scores is not None else None,
        "seats": seats,
        "limit": state.limit,
        "cycle": state.cycle,
        "seed": state.seed,
        "first_player_rolls": [[list(pair) for pair in rolls] for rolls in state.first_rolls],
        "turn_rolls": state.turn_rolls,
    }


# -- reading -------------------------------------------------------------------
def _list(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of {what}, got {short(value)}")
    return value


def _cards(value: Any, where: str, n: int) -> list[int]:
    hint = f" (cards are like K/0, J/1, F/2, 3/0 with colours 0..{n - 1})"
    return coded_list(value, card_index(n), where, "card names", "card", hint)


def _rank(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in RANK_INDEX:
        raise InvalidState(
            f"{where} must be a rank letter K, D, C, B, P, S or X, got {short(value)}"
        )
    return RANK_INDEX[value]


def _dice(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidState(f"{where} must be a pair of dice [first, second], got {short(value)}")
    return integer(value[0], f"{where}[0]", 1, 6), integer(value[1], f"{where}[1]", 1, 6)


def _seat_list(value: Any, where: str, n: int) -> list[int]:
    seats = [
        integer(seat, f"{where}[{i}]", 0, n - 1)
        for i, seat in enumerate(_list(value, where, "seats"))
    ]
    if len(set(seats)) != len(seats):
        raise InvalidState(f"{where} names a seat twice: {short(value)}")
    return seats


def state_from_json(data: Any) -> State:
    """A validated ``State`` from section-12 JSON; raises ``InvalidState``."""
    data = state_object(data, GAME, "a JSON object")
    n = integer(require(data, "players", "state"), "players", MIN_PLAYERS, MAX_PLAYERS)
    teams = boolean(require(data, "teams", "state"), "teams")
    if teams and (n % 2 or n < 4):
        raise InvalidState(f"teams may be true only for an even number of players >= 4, not {n}")
    limit = data.get("limit")
    if limit is not None:
        limit = integer(limit, "limit", 1)
    state = State(n, teams, limit)
    state.seed = read_seed(data, DEFAULT_SEED)
    state.cycle = integer(data.get("cycle", 1), "cycle", 1)
    state.phase = read_phase(data)
    to_move = require(data, "to_move", "state")
    state.to_move = None if to_move is None else integer(to_move, "to_move", 0, n - 1)
    state.turn = integer(require(data, "turn", "state"), "turn", 0)
    first_round = boolean(require(data, "first_round", "state"), "first_round")
    if first_round != (state.turn < n):
        raise InvalidState(
            f"first_round must be {str(state.turn < n).lower()} at turn {state.turn} "
            f"of a {n}-player game (true exactly while turn < players)"
        )
    state.dealer = integer(require(data, "dealer", "state"), "dealer", 0, n - 1)
    state.deal = integer(require(data, "deal", "state"), "deal", 0, 3)
    roll = require(data, "roll", "state")
    state.roll = None if roll is None else _dice(roll, "roll")
    state.deck = _cards(require(data, "deck", "state"), "deck", n)
    state.discard = _cards(require(data, "discard", "state"), "discard", n)
    state.finished = _seat_list(require(data, "finished", "state"), "finished", n)
    state.winners = _seat_list(require(data, "winners", "state"), "winners", n)
    scores = require(data, "scores", "state")
    if scores is not None:
        scores = _list(scores, "scores", "integers")
        if len(scores) != n:
            raise InvalidState(f"scores must list {n} integers (one per seat), got {len(scores)}")
        scores = [integer(score, f"scores[{i}]", 0) for i, score in enumerate(scores)]
    state.scores = scores
    _read_pending(state, require(data, "pending", "state"))
    _read_seats(state, require(data, "seats", "state"))
    _read_extras(state, data)
    validate(state)
    return state


def _read_pending(state: State, pending: Any) -> None:
    if pending is None:
        return
    if not isinstance(pending, dict):
        raise InvalidState(f"pending must be null or an object, got {short(pending)}")
    name = require(pending, "piece", "pending")
    pieces = piece_index(state.n)
    if not isinstance(name, str) or name not in pieces:
        raise InvalidState(f"pending.piece: unknown piece {short(name)} (pieces are like 2:B)")
    cards = _cards([require(pending, "card", "pending")], "pending.card", state.n)
    first, second = _dice(require(pending, "dice", "pending"), "pending.dice")
    if first != second:
        raise InvalidState(f"pending.dice must be doubles, got [{first}, {second}]")
    state.pending = (pieces[name], cards[0], first)


def _read_seats(state: State, seats: Any) -> None:
    n = state.n
    if not isinstance(seats, list) or len(seats) != n:
        raise InvalidState(f"seats must be a list of {n} seats (one per player)")
    # square -> (place in its line, piece), as the tracks name them
    track_pairs: dict[int, list[tuple[int, int]]] = {}
    for seat, entry in enumerate(seats):
        _read_seat(state, seat, entry, track_pairs)
    oidx = [-1] * (PIECES * n)
    for seat in range(n):
        for index, rank in enumerate(state.order[seat]):
            oidx[seat * PIECES + rank] = index
    state.oidx = tuple(oidx)
    _build_lines(state, track_pairs)
    for seat in range(n):
        done = 0
        for rank in state.order[seat]:
            if state.loc[seat * PIECES + rank] != CASTLE + PIECES - done:
                break
            done += 1
        state.done[seat] = done


def _read_seat(
    state: State, seat: int, entry: Any, track_pairs: dict[int, list[tuple[int, int]]]
) -> None:
    where = f"seats[{seat}]"
    json_object(entry, where)
    state.hands[seat] = _cards(require(entry, "hand", where), f"{where}.hand", state.n)
    order = [
        _rank(letter, f"{where}.order[{i}]")
        for i, letter in enumerate(
            _list(require(entry, "order", where), f"{where}.order", "ranks")
        )
    ]
    if len(set(order)) != len(order):
        raise InvalidState(f"{where}.order names a rank twice: {''.join(RANKS[r] for r in order)}")
    state.order[seat] = tuple(order)
    base = seat * PIECES
    places: dict[int, str] = {}

    def put(rank: int, loc: int, what: str) -> None:
        if rank in places:
            raise InvalidState(
                f"{where}: piece {piece_name(base + rank)} is both {places[rank]} and {what}"
            )
        places[rank] = what
        state.loc[base + rank] = loc

    home = _list(require(entry, "home", where), f"{where}.home", "ranks")
    for i, letter in enumerate(home):
        rank = _rank(letter, f"{where}.home[{i}]")
        put(rank, HOME, "in home")
        state.home[seat].append(base + rank)
    ring = SQUARES_PER_SEAT * state.n
    track = require(entry, "track", where)
    if not isinstance(track, dict):
        raise InvalidState(f"{where}.track must be an object rank -> [square, place]")
    for letter, spot in track.items():
        rank = _rank(letter, f"{where}.track key")
        if not isinstance(spot, list) or len(spot) != 2:
            raise InvalidState(f"{where}.track.{letter} must be [square, place], got {short(spot)}")
        square = integer(spot[0], f"{where}.track.{letter} square", 0, ring - 1)
        line_place = integer(spot[1], f"{where}.track.{letter} place", 0)
        put(rank, square, "on the track")
        track_pairs.setdefault(square, []).append((line_place, base + rank))
    castle = require(entry, "castle", where)
    if not isinstance(castle, dict):
        raise InvalidState(f"{where}.castle must be an object rank -> castle place")
    for letter, place in castle.items():
        rank = _rank(letter, f"{where}.castle key")
        put(rank, CASTLE + integer(place, f"{where}.castle.{letter}", 1, PIECES), "in the castle")
    if state.phase == SETUP:
        if track or castle:
            raise InvalidState(f"{where}: in setup every placed piece is at home")
        if [state.loc[base + r] for r in order] != [HOME] * len(order) or len(home) != len(order):
            raise InvalidState(f"{where}: in setup home must equal order")
        if [p % PIECES for p in state.home[seat]] != order:
            raise InvalidState(f"{where}: in setup home must equal order")
        return
    if len(order) != PIECES:
        raise InvalidState(
            f"{where}.order must list all 7 ranks once in play, "
            f"got {''.join(RANKS[r] for r in order)!r}"
        )
    missing = [piece_name(base + r) for r in range(PIECES) if r not in places]
    if missing:
        raise InvalidState(f"{where}: piece {missing[0]} is nowhere (not in home, track or castle)")


def _build_lines(state: State, track_pairs: dict[int, list[tuple[int, int]]]) -> None:
    """Turn the ``(place, piece)`` pairs read from the tracks into lines (checked
    square by square in order; stored in the order the tracks named them)."""
    lines: dict[int, list[int]] = {}
    for square in sorted(track_pairs):
        pairs = sorted(track_pairs[square])
        places = [place for place, _ in pairs]
        if places != list(range(len(pairs))):
            raise InvalidState(
                f"square {square}: the places in its line must be 0..{len(pairs) - 1} "
                f"once each, got {sorted(places)}"
            )
        line = [piece for _, piece in pairs]
        for front, behind in zip(line, line[1:]):
            if front % PIECES > behind % PIECES:
                raise InvalidState(
                    f"square {square}: the line must be ordered by rank, highest in front; "
                    f"{piece_name(front)} stands in front of {piece_name(behind)}"
                )
        lines[square] = line
    for square in track_pairs:
        state.lines[square] = lines[square]


def _read_extras(state: State, data: dict[str, Any]) -> None:
    rolls = data.get("first_player_rolls", [])
    rounds = []
    for i, entry in enumerate(_list(rolls, "first_player_rolls", "rounds of [seat, die]")):
        pairs = []
        for j, pair in enumerate(_list(entry, f"first_player_rolls[{i}]", "[seat, die] pairs")):
            if not isinstance(pair, list) or len(pair) != 2:
                raise InvalidState(f"first_player_rolls[{i}][{j}] must be [seat, die]")
            pairs.append(
                (
                    integer(pair[0], f"first_player_rolls[{i}][{j}] seat", 0, state.n - 1),
                    integer(pair[1], f"first_player_rolls[{i}][{j}] die", 1, 6),
                )
            )
        rounds.append(tuple(pairs))
    state.first_rolls = tuple(rounds)
    default = 1 if state.pending is not None else 0
    state.turn_rolls = integer(data.get("turn_rolls", default), "turn_rolls", 0)
