"""Swiss pairing for two-player games: score groups, Dutch-style halves, seats, one bye.

How a round is paired (docs/tournaments.md has the full rules):

1. Players are ranked by score, then rating (ties in rating drawn by the seed).
2. With an odd count the bye goes to the lowest-ranked player of the lowest score who
   has not had one (a bye counts as a win; nobody gets two), unless the rest then cannot
   be paired: then to the next, always at the lowest score that allows a valid round.
3. From the top, each player is paired within their score group, top half against bottom
   half (S1[i] against S2[i]); a partner who would lose a strong seat preference is tried
   later; a player left over floats down to the highest player of the next group.
   The search backtracks when a later player cannot be paired.
4. If that search fails within its budget, a maximum-weight perfect matching over every
   allowed pair decides (fewest and smallest score differences first, then seats):
   ``swiss_matching.py``. If no perfect matching exists the round cannot be paired and
   :class:`PairingError` says so.

Hard rules: no pair meets twice, no second bye, nobody's seat difference (first seats
minus second seats) goes past two either way. Soft: seat preferences, and avoiding the
same seat three times in a row.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .base import ByeResult, Entrant, GameResult, Pairing, PairingError, PlayerId, check_unique
from .swiss_matching import match_round
from .swiss_players import FIRST, SECOND, SwissPlayer, compatible, conflict


@dataclass(frozen=True)
class SwissRound:
    """A paired round: boards in order (top scores first) and the player with the bye."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None = None


def max_swiss_rounds(players: int) -> int:
    """The most rounds a Swiss of ``players`` can have (then it is a round robin)."""
    return players - 1 if players % 2 == 0 else players


def check_swiss_rounds(players: int, rounds: int) -> None:
    """Refuse a Swiss that cannot have ``rounds`` rounds for ``players`` players."""
    if players < 2:
        raise PairingError("a Swiss needs at least two players")
    most = max_swiss_rounds(players)
    if not 1 <= rounds <= most:
        raise PairingError(f"a Swiss of {players} players has 1 to {most} rounds, not {rounds}")


def pair_swiss(
    entrants: Sequence[Entrant],
    games: Sequence[GameResult] = (),
    byes: Sequence[ByeResult] = (),
    *,
    round_number: int,
    seed: int = 0,
    budget: int | None = None,
    forbidden: Sequence[tuple[PlayerId, PlayerId]] = (),
) -> SwissRound:
    """Pair round ``round_number`` of a Swiss among ``entrants`` (the players still in).

    ``games`` and ``byes`` are every earlier round, finished; players of the history who
    are no longer entrants (withdrawn) still count as met. ``budget`` caps the steps of the
    greedy search before the matching decides (None: a default that grows with the field).
    ``forbidden`` pairs (a director's decision) never meet: they count as met already.
    """
    players = build_players(entrants, games, byes, round_number=round_number, seed=seed,
                            forbidden=forbidden)
    if budget is None:
        budget = 40 * len(players) + 2000
    bye = None
    field_ = players
    if len(players) % 2:
        candidates = [p for p in reversed(players) if not p.had_bye]
        if not candidates:
            raise PairingError(
                f"round {round_number} needs a bye but every player has had one already"
            )
        # The lowest score that can take the bye, lowest ranked first; past that the
        # matching decides, still putting the bye as low as a valid round allows.
        lowest = [p for p in candidates if p.halves == candidates[0].halves]
        for candidate in lowest[:3]:
            rest = [p for p in players if p is not candidate]
            pairs = _search(rest, budget)
            if pairs is not None:
                bye, field_ = candidate, rest
                break
        else:
            return _from_matching(players, round_number, seed)
    else:
        pairs = _search(players, budget)
        if pairs is None:
            return _from_matching(players, round_number, seed)
    return _finish(field_, pairs, bye, round_number, seed)


def build_players(
    entrants: Sequence[Entrant],
    games: Sequence[GameResult],
    byes: Sequence[ByeResult],
    *,
    round_number: int,
    seed: int,
    forbidden: Sequence[tuple[PlayerId, PlayerId]] = (),
) -> list[SwissPlayer]:
    """The entrants ranked for pairing (score, rating, seeded draw), with their histories."""
    entrants = list(entrants)
    check_unique(entrants)
    if len(entrants) < 2:
        raise PairingError("a Swiss round needs at least two players")
    if round_number < 1:
        raise PairingError(f"rounds are numbered from 1, not {round_number}")
    drawn = entrants[:]
    random.Random(seed).shuffle(drawn)
    drawn.sort(key=lambda e: -e.rating)
    players = {e.id: SwissPlayer(e.id, e.rating, rank=i) for i, e in enumerate(drawn)}
    for game in sorted(games, key=lambda g: g.round):
        if game.round >= round_number:
            raise PairingError(
                f"a game of round {game.round} is in the history of round {round_number}"
            )
        if game.score_first is None:
            raise PairingError(
                f"round {game.round} is not over: {game.first!r} against {game.second!r} "
                "is still being played"
            )
        for me, seat in ((game.first, FIRST), (game.second, SECOND)):
            player = players.get(me)
            if player is not None:
                player.opponents.add(game.opponent_of(me))
                player.seats.append(seat)
                scored = game.score_of(me)
                assert scored is not None  # unfinished games were refused above
                player.halves += round(2 * scored)
    for bye in byes:
        if bye.round >= round_number:
            raise PairingError(f"a bye of round {bye.round} is in the history of {round_number}")
        player = players.get(bye.player)
        if player is not None:
            player.had_bye = True
            player.halves += round(2 * bye.points)
    for a, b in forbidden:
        if a in players and b in players:
            players[a].opponents.add(b)
            players[b].opponents.add(a)
    ranked = sorted(players.values(), key=lambda p: (-p.halves, p.rank))
    for i, player in enumerate(ranked):
        player.rank = i
    return ranked


def seats_for(a: SwissPlayer, b: SwissPlayer, board: int, top_first: bool) -> Pairing:
    """Seat ``a`` (ranked higher) and ``b`` on ``board`` (0 = top board).

    Absolute limits first; then both preferences when they differ; else the stronger
    preference; else alternate from the latest round in which their seats differed; else
    the higher-ranked player's preference. Players with no history alternate by board from
    the seeded draw ``top_first``.
    """
    a_first_ok = a.can_take(FIRST) and b.can_take(SECOND)
    a_second_ok = a.can_take(SECOND) and b.can_take(FIRST)
    if a_first_ok != a_second_ok:
        a_first = a_first_ok
    else:
        want_a, strength_a = a.preference()
        want_b, strength_b = b.preference()
        if not want_a and not want_b:
            a_first = (board % 2 == 0) == top_first
        elif want_a != want_b:
            a_first = want_a == FIRST if want_a else want_b == SECOND
        elif strength_a != strength_b:
            a_first = (want_a == FIRST) if strength_a > strength_b else (want_b == SECOND)
        else:
            a_first = want_a == FIRST
            for seat_a, seat_b in zip(reversed(a.seats), reversed(b.seats), strict=False):
                if seat_a != seat_b:
                    a_first = seat_a == SECOND
                    break
    return Pairing(a.id, b.id) if a_first else Pairing(b.id, a.id)


def _candidates(
    players: list[SwissPlayer], paired: list[bool], i: int, ends: list[int]
) -> Iterator[int]:
    """Partners for ``players[i]`` in the order the Dutch rules prefer them (lazily)."""
    me = players[i]
    end = ends[i]
    group = [j for j in range(i + 1, end) if not paired[j]]
    half = (len(group) + 1) // 2
    dutch = group[half - 1 :] + group[: half - 1][::-1] if group else []
    dutch.sort(key=lambda j: conflict(me, players[j]) >= 2)
    for j in dutch:
        if compatible(me, players[j]):
            yield j
    start = end
    while start < len(players):
        stop = ends[start]
        lower = [j for j in range(start, stop) if not paired[j]]
        lower.sort(key=lambda j: conflict(me, players[j]) >= 2)
        for j in lower:
            if compatible(me, players[j]):
                yield j
        start = stop


def _search(players: list[SwissPlayer], budget: int) -> list[tuple[int, int]] | None:
    """Depth-first pairing from the top; None if it fails or runs out of ``budget`` steps."""
    count = len(players)
    ends = [0] * count
    j = count
    for i in range(count - 1, -1, -1):
        if i == count - 1 or players[i].halves != players[i + 1].halves:
            j = i + 1
        ends[i] = j
    paired = [False] * count
    stack: list[tuple[int, Iterator[int], int]] = []  # (player, its options, its partner)
    top = 0
    steps = 0
    while True:
        while top < count and paired[top]:
            top += 1
        if top == count:
            return [(i, j) for i, _, j in stack]
        paired[top] = True
        frame = (top, _candidates(players, paired, top, ends))
        while True:
            steps += 1
            if steps > budget:
                return None
            i, options = frame
            partner = next(options, None)
            if partner is not None:
                paired[partner] = True
                stack.append((i, options, partner))
                break
            paired[i] = False
            if not stack:
                return None
            i, options, previous = stack.pop()
            paired[previous] = False
            frame = (i, options)
            top = i


def _finish(
    players: list[SwissPlayer],
    pairs: list[tuple[int, int]],
    bye: SwissPlayer | None,
    round_number: int,
    seed: int,
) -> SwissRound:
    top_first = random.Random(seed * 7919 + round_number).random() < 0.5
    boards = sorted(
        ((min(i, j), max(i, j)) for i, j in pairs),
        key=lambda pair: (-max(players[pair[0]].halves, players[pair[1]].halves), pair[0]),
    )
    pairings = tuple(
        seats_for(players[i], players[j], board, top_first) for board, (i, j) in enumerate(boards)
    )
    return SwissRound(round_number, pairings, bye.id if bye else None)


def _from_matching(players: list[SwissPlayer], round_number: int, seed: int) -> SwissRound:
    pairs, bye_index = match_round(players, round_number)
    field_ = players
    bye = None
    if bye_index is not None:
        bye = players[bye_index]
        keep = [k for k in range(len(players)) if k != bye_index]
        position = {old: new for new, old in enumerate(keep)}
        field_ = [players[k] for k in keep]
        pairs = [(position[i], position[j]) for i, j in pairs]
    return _finish(field_, pairs, bye, round_number, seed)
