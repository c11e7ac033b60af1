"""Single elimination seeded by rating, byes to the top seeds, drawn games replayed.

The bracket has P = the next power of two slots. Seed s meets seed P+1-s in the first
round, placed so that seeds 1 and 2 can only meet in the final, 1-4 only in the semi-finals
and so on (the standard bracket order). Seeds above the field size are byes, so the byes
go to the top seeds. A drawn (or annulled) game is replayed with the seats swapped, at
most twice; after three draws the higher seed goes through.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import Entrant, Pairing, PairingError, PlayerId, by_seed, check_unique

MAX_GAMES = 3  # the first game and at most two replays


@dataclass(frozen=True)
class Seeded:
    """A player and their seed (1 = strongest)."""

    id: PlayerId
    seed: int


@dataclass(frozen=True)
class KnockoutMatch:
    """Slot ``slot`` of round ``round``: ``high`` is the better seed; ``low`` None is a bye."""

    round: int
    slot: int
    high: Seeded
    low: Seeded | None

    @property
    def is_bye(self) -> bool:
        return self.low is None


@dataclass(frozen=True)
class MatchState:
    """Where a match stands: the next game to play, or the winner."""

    next_game: Pairing | None = None
    winner: PlayerId | None = None


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for ``size`` slots (a power of two): [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 1 or size & (size - 1):
        raise PairingError(f"a bracket has a power of two slots, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_rounds(players: int) -> int:
    """How many rounds a knockout of ``players`` takes."""
    return max(1, (players - 1).bit_length())


def seed_entrants(entrants: Sequence[Entrant], *, seed: int = 0) -> list[Seeded]:
    """Seeds by rating, strongest 1; equal ratings are ordered by a draw from ``seed``."""
    drawn = list(entrants)
    check_unique(drawn)
    random.Random(seed).shuffle(drawn)
    return [Seeded(e.id, i) for i, e in enumerate(by_seed(drawn), 1)]


def first_round(entrants: Sequence[Entrant], *, seed: int = 0) -> list[KnockoutMatch]:
    """Round 1: one match per pair of bracket slots; byes (``low`` None) go to the top seeds."""
    if len(entrants) < 2:
        raise PairingError("a knockout needs at least two players")
    seeded = seed_entrants(entrants, seed=seed)
    size = 1 << knockout_rounds(len(seeded))
    order = bracket_order(size)
    matches = []
    for slot in range(size // 2):
        a, b = order[2 * slot], order[2 * slot + 1]
        high, low = min(a, b), max(a, b)
        opponent = seeded[low - 1] if low <= len(seeded) else None
        matches.append(KnockoutMatch(1, slot, seeded[high - 1], opponent))
    return matches


def next_round(
    matches: Sequence[KnockoutMatch], winners: dict[int, PlayerId]
) -> list[KnockoutMatch]:
    """The round after ``matches`` (one whole round), given the winner of every slot.

    Byes need no entry in ``winners``. The winners of slots 2k and 2k+1 meet in slot k.
    """
    if len(matches) < 2:
        raise PairingError("the final has no next round")
    current = {m.round for m in matches}
    if len(current) != 1 or sorted(m.slot for m in matches) != list(range(len(matches))):
        raise PairingError("next_round needs every match of one round, each slot once")
    advancing = []
    for match in sorted(matches, key=lambda m: m.slot):
        winner = match.high.id if match.is_bye else winners.get(match.slot)
        if winner is None:
            raise PairingError(f"round {match.round} slot {match.slot} has no winner yet")
        players = {match.high.id: match.high}
        if match.low is not None:
            players[match.low.id] = match.low
        if winner not in players:
            raise PairingError(f"{winner!r} did not play in round {match.round} slot {match.slot}")
        advancing.append(players[winner])
    round_number = current.pop() + 1
    pairs = zip(advancing[0::2], advancing[1::2], strict=True)
    return [
        KnockoutMatch(round_number, slot, min(a, b, key=_by_seed), max(a, b, key=_by_seed))
        for slot, (a, b) in enumerate(pairs)
    ]


def following(
    matches: Sequence[KnockoutMatch], winners: Mapping[int, PlayerId]
) -> list[KnockoutMatch]:
    """The matches of the next round whose two players are known, as far as they are.

    ``matches`` are the known matches of one round (not necessarily all of it) and
    ``winners`` the winners known so far (byes need no entry). Slot k of the next round
    is known once slots 2k and 2k+1 both have a winner; the others are left out, so a
    decision that reopens one match leaves the rest of the bracket as it is.
    """
    by_slot = {m.slot: m for m in matches}
    decided: dict[int, Seeded] = {}
    for match in matches:
        winner = match.high.id if match.is_bye else winners.get(match.slot)
        if winner is None:
            continue
        if winner == match.high.id:
            decided[match.slot] = match.high
        elif match.low is not None and winner == match.low.id:
            decided[match.slot] = match.low
        else:
            raise PairingError(f"{winner!r} did not play in round {match.round} "
                               f"slot {match.slot}")
    if not by_slot:
        return []
    round_number = matches[0].round + 1
    known = []
    for slot in range(0, max(by_slot) + 1, 2):
        a, b = decided.get(slot), decided.get(slot + 1)
        if a is not None and b is not None:
            known.append(KnockoutMatch(round_number, slot // 2, min(a, b, key=_by_seed),
                                       max(a, b, key=_by_seed)))
    return known


def match_state(match: KnockoutMatch, scores: Sequence[float]) -> MatchState:
    """The next game of ``match`` or its winner, from the games played so far.

    ``scores`` are the high seed's points in each finished game, in order. Game 1 seats
    the high seed first; each replay swaps the seats.
    """
    if match.low is None:
        return MatchState(winner=match.high.id)
    if len(scores) > MAX_GAMES:
        raise PairingError(f"a knockout match has at most {MAX_GAMES} games, not {len(scores)}")
    for index, score in enumerate(scores):
        if score not in (0, 0.5, 1):
            raise PairingError(f"a game scores 1, 0.5 or 0, not {score!r}")
        if score != 0.5:
            if index != len(scores) - 1:
                raise PairingError("a knockout match ends with its first decisive game")
            return MatchState(winner=match.high.id if score == 1 else match.low.id)
    if len(scores) == MAX_GAMES:
        return MatchState(winner=match.high.id)
    if len(scores) % 2 == 0:
        return MatchState(next_game=Pairing(match.high.id, match.low.id))
    return MatchState(next_game=Pairing(match.low.id, match.high.id))


def _by_seed(player: Seeded) -> int:
    return player.seed
