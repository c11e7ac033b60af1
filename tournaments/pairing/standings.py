"""Standings: points, games, and the Buchholz and Sonneborn-Berger tie-breaks.

Points: a win 1, a draw 0.5, a loss 0, a bye what it was given (a Swiss bye: 1).

Tie-breaks (after FIDE's Tie-Break Regulations, C.07 2023, with one rule for unplayed
rounds):

- Buchholz: the sum of the final scores of the player's opponents.
- Sonneborn-Berger: for each game, the opponent's final score times the player's points
  in that game (a win counts the whole score, a draw half of it, a loss nothing).
- Unplayed rounds (a bye, or a game lost or won by forfeit when a player withdrew) count
  in both as a game against a *dummy opponent whose score equals the player's own final
  score* (C.07 2023, Art. 16.4). Opponents' scores are taken as they stand, byes and
  forfeits included: the site has no requested byes, so the 2023 rule that counts an
  opponent's *voluntarily* unplayed rounds as draws never applies here.
- A round robin's rest (no points) is not a round of the player at all: leave it out.

Order: points, then the tie-breaks in the order the tournament chose from
``tiebreaks.TIEBREAKS`` (by default Swiss: Buchholz, then Sonneborn-Berger; round robin:
Sonneborn-Berger, then Buchholz, as every player there has the same opponents), then the
given player order (seed). Rows level on points and every tie-break share a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import ByeResult, GameResult, PairingError, PlayerId
from .tiebreaks import (
    BUCHHOLZ,
    DIRECT_ENCOUNTER,
    ROUND_ROBIN_TIEBREAKS,
    SONNEBORN_BERGER,
    SWISS_TIEBREAKS,
    TIEBREAKS,
    check_tiebreaks,
    direct_encounter,
    per_player,
    rank_groups,
)

__all__ = ["BUCHHOLZ", "ROUND_ROBIN_TIEBREAKS", "SONNEBORN_BERGER", "SWISS_TIEBREAKS",
           "TIEBREAKS", "StandingRow", "standings"]


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: PlayerId
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    buchholz: float
    sonneborn_berger: float
    buchholz_cut1: float = 0.0
    median_buchholz: float = 0.0
    #: The points against the players level with this one when the direct encounter
    #: was applied; None where it was not (chosen, but the player was not level then).
    direct_encounter: float | None = None
    #: The tie-breaks the rows were ranked by, in order.
    tiebreaks: tuple[str, ...] = ()

    def value(self, name: str) -> float | None:
        """The value of tie-break ``name`` for this row (``wins`` is the W column)."""
        return float(self.wins) if name == "wins" else getattr(self, name)


def standings(
    players: Sequence[PlayerId],
    games: Sequence[GameResult],
    byes: Sequence[ByeResult] = (),
    *,
    tiebreaks: Sequence[str] = SWISS_TIEBREAKS,
) -> list[StandingRow]:
    """Rows for ``players`` (seed order), best first. Unfinished games are left out."""
    tiebreaks = check_tiebreaks(tiebreaks)
    order = {player: i for i, player in enumerate(players)}
    if len(order) != len(players):
        raise PairingError("a player is listed twice")
    points = dict.fromkeys(players, 0.0)
    counts = {player: [0, 0, 0, 0, 0] for player in players}  # played, W, D, L, byes
    # (opponent or None for the dummy, points scored) per round of each player
    rounds: dict[PlayerId, list[tuple[PlayerId | None, float]]] = {p: [] for p in players}
    for game in games:
        if game.score_first is None:
            continue
        if game.score_first not in (0, 0.5, 1):
            raise PairingError(f"a game scores 1, 0.5 or 0, not {game.score_first!r}")
        for me in (game.first, game.second):
            if me not in points:
                raise PairingError(f"{me!r} played in round {game.round} but is not listed")
            scored = game.score_of(me)
            assert scored is not None  # unfinished games were skipped above
            points[me] += scored
            rounds[me].append((None if game.forfeit else game.opponent_of(me), scored))
            if not game.forfeit:
                counts[me][0] += 1
                counts[me][1 + (scored == 0.5) + 2 * (scored == 0)] += 1
    for bye in byes:
        if bye.player not in points:
            raise PairingError(f"{bye.player!r} had a bye in round {bye.round} but is not listed")
        points[bye.player] += bye.points
        counts[bye.player][4] += 1
        rounds[bye.player].append((None, bye.points))
    values = per_player(rounds, points, {p: c[1] for p, c in counts.items()})

    def value_of(name: str, group: list[PlayerId]) -> dict[PlayerId, float]:
        if name == DIRECT_ENCOUNTER:
            return direct_encounter(group, games)
        return values[name]

    by_points: dict[float, list[PlayerId]] = {}
    for player in sorted(players, key=lambda p: order[p]):
        by_points.setdefault(points[player], []).append(player)
    seen: dict[PlayerId, dict[str, float]] = {p: {} for p in players}
    groups = [group for level in sorted(by_points, reverse=True)
              for group in rank_groups(by_points[level], tiebreaks, value_of, seen)]
    rows: list[StandingRow] = []
    for group in groups:
        rank = len(rows) + 1
        for player in group:
            played, wins, draws, losses, bye_count = counts[player]
            rows.append(StandingRow(
                rank, player, points[player], played, wins, draws, losses, bye_count,
                values[BUCHHOLZ][player], values[SONNEBORN_BERGER][player],
                buchholz_cut1=values["buchholz_cut1"][player],
                median_buchholz=values["median_buchholz"][player],
                direct_encounter=seen[player].get(DIRECT_ENCOUNTER),
                tiebreaks=tiebreaks,
            ))
    return rows
