"""A Kasteel team event run on the site to its end: whole teams at every table, a
team's place from the game's team result, the teams going on, the winning team; the
event's steps equal a fold written here from the tables' seats alone."""

from __future__ import annotations

from games.models import Seat
from tests.tournaments.play import play_out, running
from tests.tournaments.team_event import formed
from tournaments import reading, services
from tournaments.models import TournamentGame
from tournaments.verify import verify_tournaments


def team_reference(cup) -> list[set[int]]:
    """Per finished round: the team ids placed first at each table, from the seats."""
    team_of = reading.team_map(cup)
    rounds = []
    for number in sorted(set(TournamentGame.objects.filter(round__tournament=cup)
                             .values_list("round__number", flat=True))):
        firsts = set()
        for game in TournamentGame.objects.filter(round__tournament=cup, round__number=number):
            key = {}
            for seat in Seat.objects.filter(match_id=game.match_id):
                won, total = key.get(team_of[seat.user_id], (False, 0))
                key[team_of[seat.user_id]] = (won or seat.result == "win",
                                              total + (seat.score or 0))
            best = max(key.values())
            firsts |= {t for t in key if key[t] == best}
        rounds.append(firsts)
    return rounds


def test_it_runs_a_team_event_to_a_winning_team(make_tournament, staff, run, monkeypatch):
    from games.core import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    cup, players = formed(make_tournament, staff)
    run(services.start, cup.pk, staff)
    team_of = reading.team_map(cup)
    for _round in range(6):
        tables = running(cup)
        if not tables:
            break
        for table in tables:
            seats = sorted(Seat.objects.filter(match_id=table.match_id), key=lambda s: int(s.seat))
            half = len(seats) // 2
            # whole teams, partners opposite (the game's team seats)
            assert all(team_of[seats[i].user_id] == team_of[seats[i + half].user_id]
                       for i in range(half))
            play_out(run, table.match_id)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner_id is not None
    steps = reading.kasteel_steps(cup)
    firsts = team_reference(cup)
    for step, leaders in zip(steps, firsts, strict=False):
        on = {team_of[p] for p in step.going_on}
        assert not on or on <= leaders or len(on) <= 2  # a tie at the cut broken, or leaders
        if step.winner is not None:
            assert team_of[step.winner] in leaders
    # Every table's stored places are its teams' places, one per team.
    for game in TournamentGame.objects.filter(round__tournament=cup):
        places = {team_of[int(p)]: v for p, v in game.places.items()}
        assert len(places) == len({team_of[int(p)] for p in game.places})
    assert verify_tournaments([cup.pk]) == []
