"""The tournament page of a Kasteel team event: its teams, and the table tree with a
column per round, each table's teams by place, who went on (and to which table), the
final table and the winning team."""

from __future__ import annotations

import re

from tests.tournaments.play import play_out, running
from tests.tournaments.team_event import formed
from tournaments import services


def test_it_draws_the_table_tree_of_a_team_event(make_tournament, staff, run, client,
                                                 monkeypatch):
    from games.core import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    cup, _players = formed(make_tournament, staff)
    page = client.get(cup.get_absolute_url()).content.decode()
    assert 'data-team="Oak"' in page and "k1 &amp; k2" in page
    assert 'id="kasteel-tree"' not in page  # no round yet
    run(services.start, cup.pk, staff)
    page = client.get(cup.get_absolute_url()).content.decode()
    assert page.count('class="tree-table"') == 2 and "playing" in page
    for _round in range(6):
        for table in running(cup):
            play_out(run, table.match_id)
    cup.refresh_from_db()
    page = client.get(cup.get_absolute_url()).content.decode()
    tree = page[page.index('id="kasteel-tree"'):page.index("</section>", page.index(
        'id="kasteel-tree"'))]
    rounds = re.findall(r'class="tree-round[^"]*" data-round="(\d+)"', tree)
    assert rounds[0] == "1" and len(rounds) == cup.rounds.count()
    assert "Final table" in tree and 'id="tree-winner"' in tree
    # round 1: two tables of two teams each; one team per table went on, to the final
    first = tree[:tree.index('data-round="2"')]
    assert first.count('<li class="tree-seat') == 4
    assert first.count("went-on") == 2 and first.count("✓ to the final") == 2
    winner = re.search(r'id="tree-winner"><strong>(\w+)</strong>', tree).group(1)
    assert winner in ("Oak", "Ash", "Elm", "Yew")
    assert f"team {winner} (" in page  # the banner names the winning team
