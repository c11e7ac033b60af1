"""The tournament pages: the list, a tournament's rules, players, rounds, standings with
hand-computed tie-breaks, the crosstable, the bracket picture and the Kasteel tables;
joining and leaving, and the admins' form."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.play import draw, higher_wins, running, started, win
from tournaments import reading, services
from tournaments.models import Tournament, TournamentAudit

pytestmark = pytest.mark.django_db


def standings_cells(html: str) -> list[list[str]]:
    table = html.split('id="standings-table"')[1].split("</table>")[0]
    rows = re.findall(r"<tr data-username[^>]*>(.*?)</tr>", table, re.S)
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            for r in rows]


def test_the_list_groups_tournaments_and_hides_drafts(client, make_tournament):
    make_tournament(name="Open cup")
    make_tournament(name="Secret cup", status=Tournament.Status.DRAFT)
    make_tournament(name="Old cup", status=Tournament.Status.FINISHED)
    html = client.get("/tournaments/").content.decode()
    assert "Open cup" in html and "Old cup" in html and "Secret cup" not in html
    assert html.index("Open cup") < html.index("Old cup")
    assert 'href="/tournaments/"' in html  # the header links here


def test_a_draft_is_for_admins_only(client, make_tournament, staff):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 403
    client.force_login(staff)
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 200


def test_players_join_and_leave_from_the_page(client, make_tournament, field):
    cup = make_tournament()
    client.force_login(field[0])
    assert 'id="join-button"' in client.get(f"/tournaments/{cup.pk}/").content.decode()
    client.post(f"/tournaments/{cup.pk}/join/")
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert 'id="leave-button"' in page and 'data-username="p1"' in page
    response = client.post(f"/tournaments/{cup.pk}/join/", follow=True)
    assert "You are in this tournament already." in response.content.decode()
    client.post(f"/tournaments/{cup.pk}/leave/")
    assert not cup.players.exists()


def test_the_page_shows_the_refusal_of_a_rating_out_of_range(client, make_tournament, field):
    cup = make_tournament(max_rating=1500)
    client.force_login(field[0])
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "rated 0 to 1500; yours is 2000" in html and 'id="join-button"' not in html


def test_admins_act_from_the_page_with_a_reason(client, make_tournament, field, staff,
                                                django_capture_on_commit_callbacks):
    cup = make_tournament()
    for player in field[:4]:
        services.join(cup.pk, player)
    client.force_login(field[0])
    assert client.post(f"/tournaments/{cup.pk}/admin/", {"action": "start"}).status_code == 403
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/tournaments/{cup.pk}/admin/", {"action": "start", "reason": "on time"})
    cup.refresh_from_db()
    assert cup.status == "running" and cup.rounds.count() == 1
    response = client.post(f"/tournaments/{cup.pk}/admin/",
                           {"action": "withdraw", "player": "nobody", "reason": "x"}, follow=True)
    assert "There is no player nobody." in response.content.decode()
    response = client.post(f"/tournaments/{cup.pk}/admin/", {"action": "explode"}, follow=True)
    assert "Choose an action" in response.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/tournaments/{cup.pk}/admin/",
                    {"action": "withdraw", "player": "p2", "reason": "asked to"})
    row = TournamentAudit.objects.get(tournament=cup, action="withdraw")
    assert (row.actor, row.detail["reason"]) == (staff, "asked to")


def test_a_round_robin_shows_hand_computed_tie_breaks(client, make_tournament, field, staff,
                                                      run):
    """A B C D (p1..p4): A-B ½, A-C 1-0, A-D 0-1, B-C 1-0, B-D ½, C-D 1-0.

    Points: A 1.5, B 2, C 1, D 1.5.
    Sonneborn-Berger: A ½·2 + 1·1 = 2; B ½·1.5 + 1 + ½·1.5 = 2.5; C 1·1.5 = 1.5;
    D 1·1.5 + ½·2 = 2.5.  Buchholz: A 2+1+1.5 = 4.5; B 1.5+1+1.5 = 4; C 1.5+2+1.5 = 5;
    D 1.5+2+1 = 4.5.  Order (points, then S-B): B, D (ahead of A on S-B), A, C.
    """
    a, b, c, d = field[:4]
    cup = started(run, make_tournament, [a, b, c, d], staff, format="round_robin",
                  round_count=None)
    outcome = {frozenset((a.pk, b.pk)): None, frozenset((a.pk, c.pk)): a,
               frozenset((a.pk, d.pk)): d, frozenset((b.pk, c.pk)): b,
               frozenset((b.pk, d.pk)): None, frozenset((c.pk, d.pk)): c}
    for game in running(cup):
        winner = outcome[frozenset((game.first_id, game.second_id))]
        if winner is None:
            draw(run, game)
        else:
            win(run, game, winner)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == b
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert standings_cells(html) == [
        ["1", "p2", "2", "3", "1-2-0", "2.5", "4"],
        ["2", "p4", "1.5", "3", "1-1-1", "2.5", "4.5"],
        ["3", "p1", "1.5", "3", "1-1-1", "2", "4.5"],
        ["4", "p3", "1", "3", "1-0-2", "1.5", "5"],
    ]
    assert "The tournament is over: p2 won it." in html
    cross = reading.crosstable(cup, reading.standing_rows(cup))
    assert cross["rows"][0] == ["×", "½", "½", "1"]  # p2 against p2, p4, p1, p3


def test_a_swiss_shows_hand_computed_tie_breaks(client, make_tournament, field, staff, run):
    """Round 1 pairs the top half against the bottom half: p1-p3, p2-p4. p1 beats p3,
    p2 and p4 draw. Round 2: p1 (1) floats to the top of the ½ group: p1-p2, p4-p3;
    p2 beats p1, p3 beats p4. Points: p2 1.5, p1 1, p3 1, p4 ½.
    Buchholz: p1 1+1.5 = 2.5, p2 ½+1 = 1.5, p3 1+½ = 1.5, p4 1.5+1 = 2.5.
    Sonneborn-Berger: p1 1 (beat p3), p2 ½·½ + 1 = 1.25, p3 ½ (beat p4), p4 ½·1.5 = 0.75.
    Order: p2; p1 ahead of p3 on Buchholz; p4."""
    p1, p2, p3, p4 = field[:4]
    cup = started(run, make_tournament, [p1, p2, p3, p4], staff, round_count=2)
    first = {frozenset((g.first_id, g.second_id)): g for g in running(cup)}
    assert set(first) == {frozenset((p1.pk, p3.pk)), frozenset((p2.pk, p4.pk))}
    win(run, first[frozenset((p1.pk, p3.pk))], p1)
    draw(run, first[frozenset((p2.pk, p4.pk))])
    second = {frozenset((g.first_id, g.second_id)): g for g in running(cup)}
    assert set(second) == {frozenset((p1.pk, p2.pk)), frozenset((p3.pk, p4.pk))}
    win(run, second[frozenset((p1.pk, p2.pk))], p2)
    win(run, second[frozenset((p3.pk, p4.pk))], p3)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert standings_cells(html) == [
        ["1", "p2", "1.5", "2", "1-1-0", "1.5", "1.25"],
        ["2", "p1", "1", "2", "1-0-1", "2.5", "1"],
        ["3", "p3", "1", "2", "1-0-1", "1.5", "0.5"],
        ["4", "p4", "0.5", "2", "0-1-1", "2.5", "0.75"],
    ]
    assert 'id="crosstable"' in html and "1 (3)" in html  # p1's round 1: beat no. 3


def test_a_knockout_draws_its_bracket(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:5], staff, format="knockout", round_count=None)
    higher_wins(run, cup)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert '<svg class="bracket"' in html
    assert html.count('class="bracket-box"') == 4 + 2 + 1
    assert "bracket-champion" not in html  # the final is still to play
    assert "1. p1" in html and ">bye<" in html


def test_kasteel_tables_are_listed_per_round(client, make_tournament, staff, run):
    from tests.tournaments.conftest import rated

    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 6)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3, allow_ai=True)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert html.count('class="kasteel-table"') == 2 and ">AI</span>" in html


def test_it_notes_a_forfeit_after_its_result(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, round_count=1)
    run(services.withdraw, cup.pk, staff, field[1], "moved abroad")
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert re.search(r'<strong>(1–0|0–1)</strong> <span class="note">\(forfeit\)</span>',
                     html)
