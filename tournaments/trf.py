"""A Swiss or round robin as a FIDE TRF-like text file (the Tournament Report File of
FIDE's rating handbook, TRF16), for pairing programs and rating tools that read it.

docs/tournaments.md ("Data out") lists the fields filled and why. In short: the header
names the tournament, its dates, its number of players and rounds, its type and time
control; each player line (001) has the starting rank (the seed order, as the pairing
used it), the name (the username), the seeding rating, the points and the rank of the
site's standings, and one block per round: the opponent's starting rank, the colour (w
for the first seat, b for the second) and the result (1, =, 0; + and - for a forfeit; U
the pairing's bye, F a requested full-point bye, H a half-point bye, Z a zero-point bye
or a round without a game, as a round robin's rest; blank while the game runs). Sex,
title, federation, FIDE id and birth date stay empty: the site does not know them.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments import reading
from tournaments.models import Tournament

FORMAT_NAMES = {Tournament.Format.SWISS: "Swiss", Tournament.Format.ROUND_ROBIN: "Round robin"}
SCORES = {1.0: "1", 0.5: "=", 0.0: "0"}
FORFEITS = {1.0: "+", 0.0: "-"}


def _points(value: float) -> str:
    return f"{value:4.1f}"


def _date(value) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def bye_code(points: float, requested: bool) -> str:
    if points >= 1:
        return "F" if requested else "U"
    return "H" if points == 0.5 else "Z"


def player_line(start: int, name: str, rating: float | None, points: float, rank: int,
                blocks: list[str]) -> str:
    """A 001 line in TRF16's columns: 1-3 the code, 5-8 the starting rank, 15-47 the
    name, 49-52 the rating, 81-84 the points, 86-89 the rank, then from column 92 ten
    characters per round."""
    line = (f"001 {start:4d} {'':1}{'':3} {name[:33]:<33} {round(rating or 0):4d} {'':3} "
            f"{'':11} {'':10} {_points(points)} {rank:4d}")
    return line + "".join(f"  {block}" for block in blocks)


def trf_text(tournament: Tournament) -> str:
    """The file's text (lines ending in a newline)."""
    entries = reading.entries(tournament)
    start = {e.user_id: n for n, e in enumerate(entries, 1)}
    standing = {row.player: row for row in reading.standing_rows(tournament)} \
        if tournament.rounds.exists() else {}
    played = max(list(tournament.rounds.values_list("number", flat=True)) + [0])
    blocks: dict[int, dict[int, str]] = defaultdict(dict)
    for game in reading.games(tournament):
        if not (game.first_id and game.second_id):
            continue
        number = game.round.number
        if not game.ended:  # still running: no result yet, the block stays blank
            blocks[game.first_id][number] = blocks[game.second_id][number] = " " * 8
            continue
        for me, other, colour, mine in ((game.first_id, game.second_id, "w", game.score_first),
                                        (game.second_id, game.first_id, "b",
                                         None if game.score_first is None
                                         else 1 - game.score_first)):
            if mine is None:  # annulled: counts for nothing, an unplayed round
                blocks[me][number] = "0000 - Z"
            elif game.forfeit:
                blocks[me][number] = f"{start.get(other, 0):04d} {colour} {FORFEITS[mine]}"
            else:
                blocks[me][number] = f"{start.get(other, 0):04d} {colour} {SCORES[mine]}"
    requested = set(tournament.planned_byes.values_list("user_id", "round_number"))
    for bye in reading.history(tournament)[1]:
        code = bye_code(bye.points, (bye.player, bye.round) in requested)
        blocks[bye.player][bye.round] = f"0000 - {code}"
    total = reading.total_rounds(tournament) or played
    lines = [
        f"012 {tournament.name}",
        f"042 {_date(tournament.started_at)}",
        f"052 {_date(tournament.finished_at)}",
        f"062 {len(entries)}",
        f"092 {FORMAT_NAMES.get(tournament.format, tournament.format)}",
        f"122 {tournament.days_per_move} days per move (correspondence)",
        f"XXR {total}",
    ]
    for entry in entries:
        row = standing.get(entry.user_id)
        lines.append(player_line(
            start[entry.user_id], entry.user.username, entry.rating,
            row.points if row else 0.0, row.rank if row else 0,
            [blocks[entry.user_id].get(n, "0000 - Z") for n in range(1, played + 1)]))
    return "\n".join(lines) + "\n"
