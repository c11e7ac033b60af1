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

Order: points, then the tie-breaks in the order asked (Swiss: Buchholz first; round robin:
Sonneborn-Berger, as every player there has the same opponents), then the given player
order (seed). Rows equal on all of these share a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import ByeResult, GameResult, PairingError, PlayerId

BUCHHOLZ = "buchholz"
SONNEBORN_BERGER = "sonneborn_berger"
SWISS_TIEBREAKS = (BUCHHOLZ, SONNEBORN_BERGER)
ROUND_ROBIN_TIEBREAKS = (SONNEBORN_BERGER, BUCHHOLZ)


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


def standings(
    players: Sequence[PlayerId],
    games: Sequence[GameResult],
    byes: Sequence[ByeResult] = (),
    *,
    tiebreaks: Sequence[str] = SWISS_TIEBREAKS,
) -> list[StandingRow]:
    """Rows for ``players`` (seed order), best first. Unfinished games are left out."""
    for name in tiebreaks:
        if name not in (BUCHHOLZ, SONNEBORN_BERGER):
            raise PairingError(f"unknown tie-break {name!r}")
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
    buchholz: dict[PlayerId, float] = {}
    berger: dict[PlayerId, float] = {}
    for player in players:
        opponents = [(points[o] if o is not None else points[player], s) for o, s in rounds[player]]
        buchholz[player] = sum(score for score, _ in opponents)
        berger[player] = sum(score * scored for score, scored in opponents)
    values = {BUCHHOLZ: buchholz, SONNEBORN_BERGER: berger}

    def key(player: PlayerId) -> tuple[float, ...]:
        return (-points[player], *(-values[name][player] for name in tiebreaks))

    ranked = sorted(players, key=lambda p: (key(p), order[p]))
    rows: list[StandingRow] = []
    for position, player in enumerate(ranked, 1):
        same = rows and key(rows[-1].player) == key(player)
        played, wins, draws, losses, bye_count = counts[player]
        rows.append(
            StandingRow(
                rows[-1].rank if same else position,
                player,
                points[player],
                played,
                wins,
                draws,
                losses,
                bye_count,
                buchholz[player],
                berger[player],
            )
        )
    return rows
