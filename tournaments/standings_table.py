"""The standings as the page shows them, one source for the page, the exports and the API.

Each row: the start number (the crosstable's), the rank, the player, the points, the
games and W-D-L, the byes, and the value of every tie-break the tournament ranks by, in
its order. The values come from the pure standings (``reading.standing_rows``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments import reading
from tournaments.models import TIEBREAK_LABELS, Tournament
from tournaments.pairing import StandingRow

#: Each tie-break's column: its short heading and what it means (the heading's title).
COLUMNS = {
    "buchholz": (_("Buchholz"), _("Buchholz: the sum of the opponents scores")),
    "median_buchholz": (_("Med. BH"), _("Median Buchholz: Buchholz without the highest and "
                                        "the lowest of the opponents scores")),
    "buchholz_cut1": (_("BH cut 1"), _("Buchholz cut 1: Buchholz without the lowest of the "
                                       "opponents scores")),
    "sonneborn_berger": (_("S-B"), _("Sonneborn-Berger: the scores of the opponents beaten, "
                                     "half of those drawn")),
    "direct_encounter": (_("DE"), _("Direct encounter: the points scored in the games "
                                    "between the players level with each other")),
    "wins": (_("Wins"), _("Number of wins: games won over the board")),
}


@dataclass(frozen=True)
class Column:
    name: str
    label: str
    heading: str
    title: str


@dataclass(frozen=True)
class Row:
    number: int
    name: str
    row: StandingRow
    values: tuple[float | None, ...]

    def as_dict(self, columns: list[Column]) -> dict:
        """The row for the exports and the API: plain values, keyed by column name."""
        return {"rank": self.row.rank, "number": self.number, "player": self.name,
                "points": self.row.points, "played": self.row.played,
                "wins": self.row.wins, "draws": self.row.draws, "losses": self.row.losses,
                "byes": self.row.byes,
                "tiebreaks": {c.name: v for c, v in zip(columns, self.values, strict=True)}}


def has_standings(tournament: Tournament) -> bool:
    return (tournament.format in (Tournament.Format.SWISS, Tournament.Format.ROUND_ROBIN)
            and tournament.rounds.exists())


def columns(tournament: Tournament) -> list[Column]:
    return [Column(name, str(TIEBREAK_LABELS[name]), str(COLUMNS[name][0]),
                   str(COLUMNS[name][1])) for name in tournament.tiebreak_order]


def rows(tournament: Tournament, names: dict[int, str],
         standing: list[StandingRow] | None = None) -> list[Row]:
    """The rows best first; ``standing`` may pass rows computed already."""
    standing = reading.standing_rows(tournament) if standing is None else standing
    order = tournament.tiebreak_order
    return [Row(number, names.get(row.player, "?"), row,
                tuple(row.value(name) for name in order))
            for number, row in enumerate(standing, 1)]
