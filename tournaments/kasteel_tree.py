"""The table tree of a Kasteel event, drawn like the knockout bracket: a column per
round, each a box per table listing its seats (a player, or in a team event a team)
with their places, the seats that went on marked with the table they went on to, and
the final table and the winner at the end. Pure reading; the page draws it with HTML
and CSS (templates/tournaments/_kasteel_tree.html, static/css/tournament.css).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from games.models import Seat
from tournaments import reading
from tournaments.models import Tournament


def layout(tournament: Tournament, names: dict[int, str]) -> dict | None:
    """The tree's columns, or None before the first round."""
    games = [g for g in reading.games(tournament) if not g.cancelled]
    if not games:
        return None
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(match_id__in=[g.match_id for g in games if g.match_id]
                                    ).select_related("user"):
        seats[seat.match_id].append(seat)
    team_of = reading.team_map(tournament)
    team_names = dict(tournament.teams_formed.values_list("pk", "name"))
    members: dict[int, list[str]] = defaultdict(list)
    for player, team in team_of.items():
        members[team].append(names.get(player, "?"))
    steps = reading.kasteel_steps(tournament)
    by_round: dict[int, list] = defaultdict(list)
    for game in games:
        by_round[game.round.number].append(game)
    # Where each player sat in each round: to name the table a seat went on to.
    table_of: dict[tuple[int, int], int] = {}
    for number, tables in by_round.items():
        for game in tables:
            for seat in seats.get(game.match_id, []):
                table_of[(number, seat.user_id)] = game.board
    columns = []
    numbers = sorted(by_round)
    for number in numbers:
        step = steps[number - 1] if len(steps) >= number else None
        going = set(step.going_on) if step else set()
        boxes = []
        for game in sorted(by_round[number], key=lambda g: g.board):
            ordered = sorted(seats.get(game.match_id, []),
                             key=lambda s: int(s.seat) if s.seat.isdigit() else 0)
            rows, shown = [], set()
            for seat in ordered:
                key = team_of.get(seat.user_id, ("player", seat.user_id))
                if key in shown:
                    continue
                shown.add(key)
                team = team_of.get(seat.user_id)
                label = team_names.get(team, "?") if team is not None else seat.user.username
                rows.append({
                    "name": label,
                    "players": " & ".join(sorted(members[team])) if team is not None else "",
                    "ai": seat.user.is_bot,
                    "place": game.places.get(str(seat.user_id)) if game.ended else None,
                    "on": seat.user_id in going,
                    "next": table_of.get((number + 1, seat.user_id)) if seat.user_id in going
                    else None,
                    # "to the final" says more than the final's table number
                    "next_final": len(by_round.get(number + 1, ())) == 1,
                    "winner": step is not None and step.winner == seat.user_id,
                })
            rows.sort(key=lambda r: (r["place"] or 99))
            boxes.append({"table": game.board, "match_id": game.match_id, "ended": game.ended,
                          "seats": rows})
        final = len(boxes) == 1
        columns.append({"round": number, "tables": boxes, "final": final,
                        "title": _("Final table") if final else
                        _("Round %(n)s") % {"n": number}})
    winner = None
    if steps and steps[-1].winner is not None:
        win = steps[-1].winner
        team = team_of.get(win)
        winner = {"name": team_names.get(team, "?") if team is not None else names.get(win, "?"),
                  "players": " & ".join(sorted(members[team])) if team is not None else ""}
    return {"columns": columns, "winner": winner, "teams": bool(team_of)}
