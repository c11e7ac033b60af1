"""The static evaluation of a Strijd om het Kasteel position, for one seat.

In squares of progress (a typical dice walk is 7). The terms:

- **progress** (``distance``): the steps each piece still has to walk to
  its castle target (a piece at home has a whole lap ahead; walking past the
  castle entrance out of turn costs a lap), summed per team. Foes count by
  a mix of the leading team's distance and the average, since a race is won
  against the leader;
- **exposure**: each of the team's pieces within reach of a foe's Bandit
  (or, for a Bandit, a foe's Sheriff) that can walk, valued at the progress
  it would lose, times the chance that a walk of that length happens before
  our next turn. A piece on its own start square blocks every Bandit, so it
  is safe there. The chance that the hunter walks at all is a fixed guess
  (``MOVE_CHANCE``), or with ``counting`` (the strong level's) worked out
  from the cards the seat cannot see and the public hand sizes
  (``counting.hunter_chances``): a foe without cards, or after every card
  that walks its Bandit has been played, robs no one before our next turn;
  the strong level (``next_exposure``) weighs the next piece of its home
  order (the King) twice: robbed at a table's limit it rarely gets in;
- **threats**: the same for foe pieces within reach of our Bandits and
  Sheriffs, counted more when we hold a card to move them;
- **blocking**: a friend on its own start square in the way of foes just
  behind it (a plus), foes' blockers just ahead of friends (a minus);
- **castle value**: the score at a length limit (and a piece on a castle
  place is safe from every Bandit);
- **homing**: pieces early in the home order enter first, so their steps
  weigh more; a piece out of turn walking towards its entrance will likely
  have to pass it and go round, so its steps weigh less;
- **Bandits at home**: a foe Bandit sent home robs no one until it is first
  of its row again (the Bandits decide these games: in 4-player games of
  AI seats each seat loses some 75 pieces to them);
- **cards** (``hand_value``): flexible cards kept for later (the Joker, the
  Jack, number cards for exact steps, piece cards of pieces that can walk),
  and a number card with the card of the next piece to enter when it lands
  that piece exactly on its target.

- **the race to the limit** (``RACE``, the strong level's): in a limited
  game the castle values decide at the limit, so each seat's expected
  castle value when the cards run out (``expected_castle``), ours against
  the foes'.
  With it (``joker_next``) a Joker walks the next piece of the home order
  whenever that piece stands on the ring, and enters the first of its home
  row while it waits at home (``joker_queue``), as long as it can still get
  in by the limit (``joker_hope``, ``entry_chance``;
  ``heuristic.joker_on_next``).

``Weights`` holds the terms added to bring pieces home; ``OLD`` switches
them off (the arena's ``heuristic-old``, a yardstick for the new ``NEW``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from games.rules.kasteel.constants import (
    BANDIT,
    CARDS_PER_SEAT,
    CASTLE,
    DEAL_SIZES,
    FIRST_NUMBER,
    JACK,
    JOKER,
    OVER,
    PIECES,
    SHERIFF,
    SQUARES_PER_SEAT,
    VALUES,
)
from games.rules.kasteel.state import State
from games.rules.kasteel.walking import may_pass

#: (foe seat, rank) -> the chance that the foe's hunter of that rank walks (counting.py).
Chances = dict[tuple[int, int], float]
#: (square, piece, chance) a walk of a rank would start from (``_walkers``).
Walkers = list[tuple[int, int, float]]

#: P(two dice total t), t = 0..12.
TOTALS = tuple(((6 - abs(t - 7)) / 36 if t >= 2 else 0.0) for t in range(13))
#: P(a walk reaches k squares): two dice most of the time, a number card sometimes.
REACH = tuple(0.8 * sum(TOTALS[k:]) + 0.2 * (max(0, 4 - max(k, 1) + 1) / 4) for k in range(13))

WIN = 10000.0
LEADER_WEIGHT = 0.5  # foes: this share on the leading team, the rest on the average
MOVE_CHANCE = 0.6  # a given foe Bandit or Sheriff walks before our next turn
OWN_CHANCE_WITH_CARD = 0.7  # we move our Bandit/Sheriff next turn, holding its card or a Joker
OWN_CHANCE = 0.1
EXPOSURE_WEIGHT = 1.0
THREAT_WEIGHT = 0.5
BLOCK_BONUS = 0.5
CASTLE_WEIGHT = 0.5
HOME_QUEUE = 1.0



@dataclass(frozen=True)
class Weights:
    """The terms that bring pieces home; ``OLD`` switches them off (the
    evaluation before them, kept for the arena's ``heuristic-old``)."""

    #: extra weight on the steps the next piece of the home order still walks
    next_piece: float = 0.0
    #: castle value weight (a piece on a castle place is safe and scores)
    castle: float = CASTLE_WEIGHT
    #: a number card that would land the next piece exactly (with its card)
    exact_number: float = 0.0
    #: a piece out of turn close to the entrance will likely pass it: lap share
    lap_risk: float = 0.0
    #: a foe Bandit held at home (half as much when it is first of its row)
    bandit_home: float = 0.0
    #: the cards left are valued on the board after the walk, not before it
    hand_after: bool = False
    #: a limited game: castle values expected at the limit (points, in squares)
    race: float = 0.0
    #: a limited game: the leading foe's expected castle value, this share
    race_leader: float = 0.5
    #: a limited game: a Joker that can walk the next piece of the home order
    #: on the ring walks it (``joker_on_next``)
    joker_next: bool = False
    #: steps each piece ahead of the next piece in its home row costs it (it
    #: waits for their cards), in the progress and in what being robbed costs
    next_queue: float = 0.0
    #: the chance that a foe's Bandit or Sheriff walks before our next turn is
    #: counted from the public cards (``counting.hunter_chances``), not
    #: ``MOVE_CHANCE``
    counting: bool = False
    #: with ``joker_next``, while the next piece waits at home a Joker enters
    #: the first of its home row (the next piece itself, or one ahead of it)
    joker_queue: bool = False
    #: with ``joker_next``, Jokers are free again once the next piece's chance
    #: to get into its castle by the limit (``entry_chance``) is below this
    joker_hope: float = 0.0
    #: the exposure of the next piece of the home order (a King robbed at a
    #: table's limit rarely gets in again) weighs this many times
    next_exposure: float = 1.0


OLD = Weights()
NEW = Weights(
    next_piece=1.0, castle=2.0, exact_number=3.0, lap_risk=0.5, bandit_home=5.0, hand_after=True
)
#: The strong level's evaluation: the heuristic's, and in a limited game the
#: castle values each seat can expect at the limit (``expected_castle``), ten
#: squares a point; the foes' hunters walk by the cards still out
#: (``counting.hunter_chances``); the Jokers bring the next piece in while
#: it can still get in (measured: docs/ai.md, "Strijd om het Kasteel").
RACE = replace(NEW, race=10.0, joker_next=True, counting=True, joker_queue=True,
               joker_hope=0.15, next_exposure=2.0)

CARD_VALUES = {JOKER: 4.0, JACK: 2.0}
NUMBER_VALUE = 1.5
PIECE_CARD_LIVE = 2.0
PIECE_CARD_DEAD = 0.5


def team_of(state: State, seat: int) -> tuple[int, ...]:
    partner = state.partner(seat)
    return (seat, partner) if partner >= 0 else (seat,)


def sides(state: State) -> list[tuple[int, ...]]:
    """The teams (each seat alone in an individual game), by lowest seat."""
    if not state.teams:
        return [(seat,) for seat in range(state.n)]
    half = state.n // 2
    return [(seat, seat + half) for seat in range(half)]


def remaining(state: State, piece: int, ring: int) -> float:
    """Steps the piece still walks to its target (a lower bound)."""
    loc = state.loc[piece]
    target = PIECES - state.oidx[piece]
    if loc >= CASTLE:
        return target - (loc - CASTLE)
    seat = piece // PIECES
    if loc < 0:
        return ring + target + HOME_QUEUE * state.home[seat].index(piece)
    return (SQUARES_PER_SEAT * seat - 1 - loc) % ring + target


def progress_lost(state: State, piece: int, ring: int) -> float:
    """What being sent home costs the piece."""
    loc = state.loc[piece]
    seat = piece // PIECES
    return (loc - SQUARES_PER_SEAT * seat) % ring + 1 + HOME_QUEUE * len(state.home[seat])


def distance(state: State, seat: int, ring: int) -> float:
    base = seat * PIECES
    return sum(remaining(state, piece, ring) for piece in range(base, base + PIECES))


def _queue_ahead(state: State, seat: int) -> int:
    """The pieces ahead of the seat's next piece in its home row."""
    first = next_piece(state, seat)
    return state.home[seat].index(first) if first >= 0 and state.loc[first] < 0 else 0


def _walkers(state: State, seats: tuple[int, ...], rank: int,
             chances: Chances | None = None) -> Walkers:
    """``(square, piece, chance)`` a walk of the seats' pieces of ``rank``
    would start from; ``piece`` is -1 for one entering from home (it passes
    all there); ``chance``: that it walks (from ``chances``, by seat and
    rank; 1 without them)."""
    squares: Walkers = []
    for seat in seats:
        piece = seat * PIECES + rank
        loc = state.loc[piece]
        chance = 1.0 if chances is None else chances[seat, rank]
        if 0 <= loc < CASTLE:
            squares.append((loc, piece, chance))
        elif loc < 0 and state.home[seat] and state.home[seat][0] == piece:
            squares.append((SQUARES_PER_SEAT * seat, -1, chance))
    return squares


def _exposure(state: State, pieces: list[int], hunters: dict[int, Walkers],
              ring: int) -> list[tuple[int, float]]:
    """``(piece, chance)`` for the pieces a hunter's walk (rank -> its
    ``_walkers``) could send home; a piece on its own start square is safe."""
    out: list[tuple[int, float]] = []
    loc = state.loc
    for piece in pieces:
        where = loc[piece]
        if not 0 <= where < CASTLE or where == SQUARES_PER_SEAT * (piece // PIECES):
            continue
        rank = piece % PIECES
        starts = hunters[BANDIT] if rank != BANDIT else hunters[BANDIT] + hunters[SHERIFF]
        safe = 1.0
        for square, hunter, walks in starts:
            k = (where - square) % ring
            if k > 12:
                continue
            if k == 0 and hunter >= 0:
                line = state.lines[where]
                if line.index(piece) > line.index(hunter):
                    continue  # behind the hunter: not passed when it leaves
            safe *= 1.0 - walks * REACH[k]
        if safe < 1.0:
            out.append((piece, 1.0 - safe))
    return out


def _blocking(state: State, friends: tuple[int, ...], ring: int) -> float:
    """Foes held up by friends on their start squares, minus the reverse."""
    score = 0.0
    for square, line in state.lines.items():
        if square % SQUARES_PER_SEAT:
            continue
        owner = square // SQUARES_PER_SEAT
        blockers = [p for p in line if p // PIECES == owner]
        if not blockers:
            continue
        ours = owner in friends
        for k in range(1, 13):
            behind = state.lines.get((square - k) % ring)
            if not behind:
                continue
            for piece in behind:
                seat = piece // PIECES
                if not state.is_foe(seat, owner):
                    continue
                if any(not may_pass(piece % PIECES, b % PIECES) for b in blockers):
                    score += BLOCK_BONUS if ours else (-BLOCK_BONUS if seat in friends else 0.0)
    return score


def next_piece(state: State, seat: int) -> int:
    """The seat's piece whose turn it is to enter the castle (-1: all in)."""
    done = state.done[seat]
    return seat * PIECES + state.order[seat][done] if done < PIECES else -1


def _homing(state: State, mine: tuple[int, ...], ring: int, weights: Weights) -> float:
    """Pieces early in the home order enter first: their steps weigh more (by
    the order, not by whose turn it is, so finishing a piece costs nothing).
    A piece out of turn walking towards the entrance will likely pass it and
    go round again, so its steps weigh less."""
    score = 0.0
    for seat in mine:
        first = next_piece(state, seat)
        if first < 0:
            continue
        for piece in range(seat * PIECES, seat * PIECES + PIECES):
            if state.on_target(piece):
                continue
            share = (PIECES - state.oidx[piece]) / PIECES
            score -= weights.next_piece * share * remaining(state, piece, ring)
            loc = state.loc[piece]
            if weights.lap_risk and piece != first and 0 <= loc < CASTLE:
                entrance = SQUARES_PER_SEAT * seat - 1
                walked = ring - 1 - (entrance - loc) % ring
                score -= weights.lap_risk * walked
    return score


def _bandits_home(state: State, seats: tuple[int, ...]) -> float:
    """Foe Bandits at home: they rob no one until they are first of their row
    and a card walks them."""
    count = 0.0
    for seat in seats:
        bandit = seat * PIECES + BANDIT
        if state.loc[bandit] < 0 and bandit in state.home[seat]:
            count += 0.5 if state.home[seat][0] == bandit else 1.0
    return count


def evaluate(state: State, seat: int, ready: bool = False, weights: Weights = NEW,
             chances: Chances | None = None) -> float:
    """The position's worth to ``seat``'s team; ``ready``: whether the seat
    holds a card to move its Bandit or Sheriff next turn; ``chances``: the
    foes' hunters' chances to walk (``counting.hunter_chances``; without
    them a fixed ``MOVE_CHANCE``)."""
    mine = team_of(state, seat)
    if state.phase == OVER:
        return WIN if seat in state.winners else -WIN
    ring = SQUARES_PER_SEAT * state.n
    dist = {side: sum(distance(state, s, ring) for s in side) for side in sides(state)}
    if weights.next_queue:
        for side in dist:
            dist[side] += weights.next_queue * sum(_queue_ahead(state, s) for s in side)
    own_side = next(side for side in dist if seat in side)
    foes = [d for side, d in dist.items() if side != own_side]
    score = (
        -dist[own_side] + LEADER_WEIGHT * min(foes) + (1 - LEADER_WEIGHT) * sum(foes) / len(foes)
    )
    foe_seats = tuple(s for s in range(state.n) if s not in mine)
    hunters = {
        BANDIT: _walkers(state, foe_seats, BANDIT, chances),
        SHERIFF: _walkers(state, foe_seats, SHERIFF, chances),
    }
    move_chance = MOVE_CHANCE if chances is None else 1.0
    friends = [p for s in mine for p in range(s * PIECES, s * PIECES + PIECES)]
    nexts = {next_piece(state, s) for s in mine}  # once, not per exposed piece
    for piece, chance in _exposure(state, friends, hunters, ring):
        lost = progress_lost(state, piece, ring)
        if piece in nexts:
            if weights.next_queue:
                lost += weights.next_queue * len(state.home[piece // PIECES])
            lost *= weights.next_exposure
        score -= EXPOSURE_WEIGHT * move_chance * chance * lost
    ours = {BANDIT: _walkers(state, mine, BANDIT), SHERIFF: _walkers(state, mine, SHERIFF)}
    if ours[BANDIT] or ours[SHERIFF]:
        own_chance = OWN_CHANCE_WITH_CARD if ready else OWN_CHANCE
        leader = min(foes)
        targets = [p for s in foe_seats for p in range(s * PIECES, s * PIECES + PIECES)]
        for piece, chance in _exposure(state, targets, ours, ring):
            side = next(side for side in dist if piece // PIECES in side)
            weight = (1 - LEADER_WEIGHT) / len(foes) + (
                LEADER_WEIGHT if dist[side] == leader else 0
            )
            score += (
                THREAT_WEIGHT * own_chance * chance * weight * progress_lost(state, piece, ring)
            )
    score += _blocking(state, mine, ring)
    score += weights.castle * sum(state.castle_value(s) for s in mine)
    if weights != OLD:
        score += _homing(state, mine, ring, weights)
        if weights.bandit_home:
            score += weights.bandit_home * _bandits_home(state, foe_seats)
        if weights.race and state.limit is not None:
            score += weights.race * _race(state, seat, mine, ring, weights)
    return score


#: a piece walks with its own piece cards and the Jokers: 2 of every 13 cards
PIECE_WALK_SHARE = 2 / CARDS_PER_SEAT
TYPICAL_WALK = 7  # two dice: their mean total and the most likely one


def walk_steps(cards: float) -> float:
    """The squares the next piece of a home order walks, on average, while a seat
    plays ``cards`` cards (its own cards and the Jokers walk it)."""
    return TYPICAL_WALK * cards * PIECE_WALK_SHARE


def cards_left(state: State, seat: int) -> int:
    """The cards the seat will still play before the length limit: its hand
    and the deals to come (every seat is dealt the same)."""
    assert state.limit is not None  # asked only of a game with a length limit
    future = sum(DEAL_SIZES[state.deal + 1:]) + CARDS_PER_SEAT * (state.limit - state.cycle)
    return len(state.hands[seat]) + future


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _pace(cards: float) -> tuple[float, float]:
    """The squares the next piece walks while the seat plays ``cards`` cards
    (``walk_steps``), and their spread."""
    return walk_steps(cards), TYPICAL_WALK * math.sqrt(cards * PIECE_WALK_SHARE + 1.0)


def _to_castle(state: State, piece: int, rest: float) -> float:
    """The squares to the first castle place, of ``rest`` to the target."""
    return rest - (PIECES - state.oidx[piece]) + 1


def expected_castle(state: State, seat: int, cards: int, ring: int) -> float:
    """The castle value the seat can expect at the limit: what stands in the
    castle, plus the next pieces of the home order by their chance to get in
    with the cards to come (a piece moves with its own cards and the Jokers,
    2 of every 13 cards, about 7 squares a walk)."""
    value = float(state.castle_value(seat))
    steps, spread = _pace(cards)
    chance = 1.0  # that every piece before this one stands on its target in time
    done = state.done[seat]
    for k in range(done, min(done + 2, PIECES)):
        piece = seat * PIECES + state.order[seat][k]
        rest = remaining(state, piece, ring)
        if state.loc[piece] < CASTLE:  # in the castle it counts already
            to_castle = _to_castle(state, piece, rest)
            value += VALUES[piece % PIECES] * chance * _sigmoid((steps - to_castle) / spread)
        # the next piece enters only once this one stands on its target
        chance *= _sigmoid((steps - rest) / spread)
    return value


def entry_chance(state: State, seat: int) -> float:
    """The chance, as the race reckons it, that the seat's next piece (on
    the ring or at home) gets into its castle by the limit."""
    piece = next_piece(state, seat)
    if piece < 0 or state.loc[piece] >= CASTLE:
        return 1.0
    steps, spread = _pace(cards_left(state, seat))
    to_castle = _to_castle(state, piece, remaining(state, piece, SQUARES_PER_SEAT * state.n))
    return _sigmoid((steps - to_castle) / spread)


def _race(state: State, seat: int, mine: tuple[int, ...], ring: int, weights: Weights) -> float:
    """Expected castle values at the limit: ours against the foes' (a mix of
    the leading foe and the average)."""
    cards = cards_left(state, seat)
    ours = sum(expected_castle(state, s, cards, ring) for s in mine)
    foes = [sum(expected_castle(state, s, cards, ring) for s in side)
            for side in sides(state) if seat not in side]
    return ours - (weights.race_leader * max(foes)
                   + (1 - weights.race_leader) * sum(foes) / len(foes))


def hand_value(state: State, seat: int, hand: list[int], weights: Weights = NEW) -> float:
    """What the cards still in hand are worth for the next turns."""
    value = 0.0
    mine = team_of(state, seat)
    if weights.exact_number:
        value += weights.exact_number * _exact_numbers(state, mine, hand)
    for card in hand:
        kind = card % CARDS_PER_SEAT
        if kind >= FIRST_NUMBER:
            value += NUMBER_VALUE
        elif kind in CARD_VALUES:
            value += CARD_VALUES[kind]
        elif any(state.can_walk(s * PIECES + kind) for s in mine):
            value += PIECE_CARD_LIVE
        else:
            value += PIECE_CARD_DEAD
    return value


def _exact_numbers(state: State, mine: tuple[int, ...], hand: list[int]) -> int:
    """How many next pieces the hand can land exactly on their target: a
    number card of the steps left with the piece's card (dice rarely hit)."""
    ring = SQUARES_PER_SEAT * state.n
    kinds = {card % CARDS_PER_SEAT for card in hand}
    count = 0
    for seat in mine:
        first = next_piece(state, seat)
        if first < 0 or first % PIECES not in kinds or not state.can_walk(first):
            continue
        steps = remaining(state, first, ring)
        if 1 <= steps <= 4 and FIRST_NUMBER + int(steps) - 1 in kinds:
            count += 1
    return count
