"""An admin runs a small Kasteel team event from its page: eight players join, the
director forms the four teams of two on the page (one attempt refused, its reason
shown), starts the event, the tables are played out to the winning team, and the page
shows the teams, the table tree and the winning team. Screenshots at 1280x800 and
390x844 with the teams formed and at the end; the page does not scroll sideways (the
tree may, inside its own box) and axe-core finds nothing serious."""

from __future__ import annotations

import json

import pytest

from tests.browser.tournament_helpers import (  # noqa: F401 (the players fixture)
    FINISH,
    JOIN,
    direct,
    log_in,
    look_at,
    players,
    settle,
    shell,
)

pytestmark = pytest.mark.browser

NAMES = ["anna", "bram", "cato", "daan", "eva", "finn", "gijs", "hana"]
# One long name: the tree's boxes wrap it rather than grow or overflow.
TEAMS = {"Oak": ("anna", "bram"), "Ash": ("cato", "daan"), "Elm": ("eva", "finn"),
         "Yew of the Castle Gardens": ("gijs", "hana")}

TEAM_EVENT = """
from tournaments.models import Tournament
cup = Tournament.objects.create(
    name="Kasteel team cup", game="kasteel", format="kasteel_rounds", round_count=None,
    table_size=4, teams=True, team_event=True, advance_top=1, status="registration", seed=11)
print(cup.pk)
"""


@pytest.mark.usefixtures("players")
def test_a_director_forms_the_teams_and_a_team_wins(site, new_page, shots):
    tid = int(shell(site, TEAM_EVENT).strip().splitlines()[-1])
    shell(site, JOIN.format(names=NAMES, tid=tid))
    boss = new_page()
    log_in(boss, site.url, "boss", f"/tournaments/{tid}/")
    settle(boss)
    assert boss.locator("#tournament-teams .empty").is_visible()

    for name, (first, second) in TEAMS.items():
        said = direct(boss, "team", "drawn from a hat", team=name, player=first, other=second)
        assert "Done: team formed" in said, said
        if name == "Oak":  # anna plays in Oak: a second team of hers is refused
            said = direct(boss, "team", "a mistake", team="Beech", player="anna",
                          other="cato")
            assert "anna is in team Oak already" in said, said
            assert boss.locator(".messages .error").count() == 1
    listed = boss.locator("#tournament-teams li")
    assert listed.count() == 4
    assert [listed.nth(i).get_attribute("data-team") for i in range(4)] == list(TEAMS)
    assert "anna & bram" in listed.first.inner_text()
    events = boss.locator("#tournament-events").inner_text()
    assert events.count("team formed") == 4 and "drawn from a hat" in events
    assert "team formed (boss) · Oak · anna – bram" in events  # the team's name too
    look_at(boss, shots, "kasteel-teams-formed")

    said = direct(boss, "start", "all teams formed")
    assert "Done: started" in said, said
    end = json.loads(shell(site, FINISH.format(tid=tid)).strip().splitlines()[-1])
    assert end["status"] == "finished"
    boss.goto(f"{site.url}/tournaments/{tid}/")
    settle(boss)
    tree = boss.locator("#kasteel-tree")
    for viewport, size in (("desktop", (1280, 800)), ("phone", (390, 844))):
        boss.set_viewport_size({"width": size[0], "height": size[1]})
        tree.screenshot(path=str(shots / f"tournament-kasteel-tree-{viewport}.png"))

    winner_team = next(name for name, pair in TEAMS.items() if end["winner"] in pair)
    banner = boss.locator("#tournament-winner").inner_text()
    pair = " & ".join(TEAMS[winner_team])
    assert f"team {winner_team} ({pair}) won it" in banner, banner
    assert tree.is_visible()
    first = tree.locator(".tree-round[data-round='1'] .tree-table")
    assert first.count() == 2  # two tables of two teams
    # each table's best team went on (teams tied at the cut all do) to the final table
    went_on = tree.locator(".tree-round[data-round='1'] .tree-seat.went-on")
    assert went_on.count() >= 2
    assert set(went_on.locator(".tree-on").all_inner_texts()) == {"✓ to the final"}
    # One table a final round; a final whose winners tied is played again (as many
    # times as the dice want), each replay a final round of its own.
    finals = tree.locator(".tree-final")
    assert finals.count() >= 1
    assert tree.locator(".tree-final .tree-table").count() == finals.count()
    assert finals.first.locator(".tree-seat").count() == went_on.count()
    assert tree.locator("#tree-winner").inner_text().startswith(winner_team)
    look_at(boss, shots, "kasteel-team-tree")
