"""The tie-breaks a tournament may choose, and the ranking of players level on points.

Each tie-break is worked out from one list per player: the rounds they played or had
scored for them, as (opponent, points scored), the opponent None for an unplayed round
(a bye, a forfeit), which counts as a game against a dummy opponent whose score is the
player's own (FIDE C.07 2023, Art. 16.4).

- ``buchholz``: the sum of the opponents' scores.
- ``buchholz_cut1``: the same less the lowest of those scores (FIDE "Buchholz Cut 1").
- ``median_buchholz``: less the highest and the lowest (0 with two rounds or fewer).
- ``sonneborn_berger``: each opponent's score times the player's points against them.
- ``wins``: games won over the board (a forfeit win and a bye are not games won: FIDE's
  "WON", the W of the standings).
- ``direct_encounter``: among players still level on points and every tie-break before
  it, the points each scored in the games between them; applied only when every two of
  them have met (otherwise it leaves them level). It depends on who is level, so it is
  worked out group by group while ranking, not as one number per player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from .base import GameResult, PairingError, PlayerId

BUCHHOLZ = "buchholz"
MEDIAN_BUCHHOLZ = "median_buchholz"
BUCHHOLZ_CUT1 = "buchholz_cut1"
SONNEBORN_BERGER = "sonneborn_berger"
DIRECT_ENCOUNTER = "direct_encounter"
WINS = "wins"
#: Every tie-break a tournament may choose, in the order a form lists them.
TIEBREAKS = (BUCHHOLZ, MEDIAN_BUCHHOLZ, BUCHHOLZ_CUT1, SONNEBORN_BERGER, DIRECT_ENCOUNTER, WINS)
SWISS_TIEBREAKS = (BUCHHOLZ, SONNEBORN_BERGER)
ROUND_ROBIN_TIEBREAKS = (SONNEBORN_BERGER, BUCHHOLZ)

Rounds = dict[PlayerId, list[tuple[PlayerId | None, float]]]


def check_tiebreaks(names: Iterable[str]) -> tuple[str, ...]:
    """The names as a tuple; an unknown or repeated name raises PairingError."""
    chosen = tuple(names)
    for name in chosen:
        if name not in TIEBREAKS:
            raise PairingError(f"unknown tie-break {name!r}")
    if len(set(chosen)) != len(chosen):
        raise PairingError("a tie-break is listed twice")
    return chosen


def opponent_scores(player: PlayerId, rounds: Rounds,
                    points: dict[PlayerId, float]) -> list[tuple[float, float]]:
    """(the opponent's final score, the player's points) for each round of ``player``."""
    return [(points[o] if o is not None else points[player], scored)
            for o, scored in rounds[player]]


def per_player(rounds: Rounds, points: dict[PlayerId, float],
               wins: dict[PlayerId, int]) -> dict[str, dict[PlayerId, float]]:
    """Every tie-break that is one number per player, for every player."""
    values: dict[str, dict[PlayerId, float]] = {
        BUCHHOLZ: {}, MEDIAN_BUCHHOLZ: {}, BUCHHOLZ_CUT1: {}, SONNEBORN_BERGER: {}, WINS: {}}
    for player in points:
        pairs = opponent_scores(player, rounds, points)
        scores = sorted(score for score, _ in pairs)
        values[BUCHHOLZ][player] = float(sum(scores))
        values[BUCHHOLZ_CUT1][player] = float(sum(scores[1:]))
        values[MEDIAN_BUCHHOLZ][player] = float(sum(scores[1:-1]))
        values[SONNEBORN_BERGER][player] = float(sum(score * scored for score, scored in pairs))
        values[WINS][player] = float(wins[player])
    return values


def direct_encounter(group: Sequence[PlayerId], games: Sequence[GameResult]) -> dict[
        PlayerId, float]:
    """Each player's points against the others of ``group``; all 0 unless every two of
    them met (a direct encounter that did not happen cannot separate anyone)."""
    members = set(group)
    scored = dict.fromkeys(group, 0.0)
    met: set[frozenset[PlayerId]] = set()
    for game in games:
        if game.score_first is None or game.first not in members or game.second not in members:
            continue
        met.add(frozenset((game.first, game.second)))
        for me in (game.first, game.second):
            scored[me] += game.score_of(me) or 0.0
    if any(frozenset(pair) not in met for pair in combinations(group, 2)):
        return dict.fromkeys(group, 0.0)
    return scored


def rank_groups(group: list[PlayerId], tiebreaks: Sequence[str],
                value_of: Callable[[str, list[PlayerId]], dict[PlayerId, float]],
                seen: dict[PlayerId, dict[str, float]]) -> list[list[PlayerId]]:
    """``group`` (level on points, in seed order) split by the tie-breaks in order: a
    list of groups, best first; the players of one group are level on everything.
    ``seen`` gets each value used, per player (a direct encounter only where applied)."""
    if len(group) < 2 or not tiebreaks:
        return [group]
    name, rest = tiebreaks[0], tiebreaks[1:]
    values = value_of(name, group)
    for player in group:
        seen[player][name] = values[player]
    levels = sorted({values[p] for p in group}, reverse=True)
    ranked: list[list[PlayerId]] = []
    for level in levels:
        same = [p for p in group if values[p] == level]  # seed order kept
        ranked.extend(rank_groups(same, rest, value_of, seen))
    return ranked
