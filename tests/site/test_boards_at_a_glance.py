"""Boards read at a glance: Caesar & Cleopatra's groups show the patricians won, the
influence each side shows and who leads; the Druidenwalzer legend is short."""

import re

import pytest
from django.urls import reverse

from games.core import services
from games.rules.caesar_cleopatra.constants import CARD_VALUE
from tests.games.helpers import new_game
from tests.site import caesar_cleopatra as cc

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_labels_each_groups_patricians_won_and_influence(client, alice, bob):
    match = services.start_match("caesar-cleopatra", {"cleopatra": alice, "caesar": bob},
                                 seed=5)
    client.force_login(alice)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert page.count("Patricians won:") == 5
    influence = re.findall(r'<p class="cc-influence[^"]*">(.*?)</p>', page, re.S)
    assert len(influence) == 5 and all("Influence shown:" in line for line in influence)


def test_it_keeps_the_druidenwalzer_legend_short(client, alice, bob):
    client.force_login(alice)
    page = client.get(reverse("game", args=[new_game(alice, bob).pk])).content.decode()
    legend = page.split('class="board-key muted">', 1)[1].split("</p>", 1)[0]
    assert len(legend) < 120  # it was 170 characters


def test_it_keeps_the_veto_button_readable_on_hover(client):
    css = client.get("/static/css/site.css").getvalue().decode()
    assert ".btn-danger:hover { background: #7a2114; color: #fff; }" in css


def influence_lines(client, match, user) -> list[str]:
    client.force_login(user)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    return [re.sub(r"<[^>]+>", "", line) for line in
            re.findall(r'<p class="cc-influence[^"]*">(.*?)</p>', page, re.S)]


def test_it_counts_the_face_up_influence_while_a_card_at_the_group_is_face_down(
        client, alice, bob):
    # After the setup each side has one face-down card at every group: each player
    # sees their own values, yet neither may be told that they lead.
    match = cc.set_up(cc.start(alice, bob))
    for user in (alice, bob):
        lines = influence_lines(client, match, user)
        assert len(lines) == 5
        assert all("Cleopatra 0" in line and "Caesar 0" in line and "even" in line
                   and "leads" not in line for line in lines), lines


def senators_turned_up(alice, bob):
    """A game past its setup whose senators' face-down cards (C3 and R2) are turned up."""
    match = cc.set_up(cc.start(alice, bob))

    def turn_senators_up(state):
        for seat in ("cleopatra", "caesar"):
            side = state["groups"]["senators"][seat]
            side["up"], side["down"] = side["up"] + side["down"], []

    return cc.edit_state(match, turn_senators_up)


def test_it_counts_every_card_once_nothing_at_the_group_is_hidden(client, alice, bob):
    match = senators_turned_up(alice, bob)
    for user in (alice, bob):
        senators = influence_lines(client, match, user)[0]
        # The setup put C3 and R2 there; the other groups stay face down and even.
        assert "Cleopatra 3" in senators and "Caesar 2" in senators
        assert "Cleopatra leads" in senators


def side_stats(client, match, user) -> list[tuple[str, str]]:
    """Per row, top group first and the top row first: (the total, what it leaves out)."""
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    rows = []
    for stats in re.findall(r'<span class="cc-side-stats"[^>]*>(.*?)</div>', page, re.S):
        total = re.search(r'class="cc-side-total[^"]*"[^>]*>(\d+)<', stats).group(1)
        left = re.search(r'class="cc-side-uncounted"[^>]*>([^<]+)<', stats)
        rows.append((total, left.group(1) if left else ""))
    return rows


def test_each_row_ends_with_its_total_and_the_face_down_cards_it_leaves_out(
        client, alice, bob, carol):
    # After the setup every side has one face-down card at every group: each player
    # reads their own card's value beside their row ("+3"), "+?" beside the other's;
    # a spectator reads "+?" on both. The totals are the face-up cards: 0.
    match = cc.set_up(cc.start(alice, bob))
    state = cc.state_of(match)
    for user, own in ((alice, 0), (bob, 1)):
        rows = side_stats(client, match, user)
        assert len(rows) == 10 and all(total == "0" for total, _left in rows)
        for group in range(5):
            top, bottom = rows[2 * group], rows[2 * group + 1]
            value = CARD_VALUE[state.down[group * 2 + own][0]]
            assert bottom[1] == f"+{value}" and top[1] == "+?", (user, group, rows)
    assert all(left == "+?" for _total, left in side_stats(client, match, carol))
    assert all(left == "+?" for _total, left in side_stats(client, match, None))


def test_a_row_leaves_nothing_out_once_nothing_at_the_group_is_hidden(client, alice, bob):
    match = senators_turned_up(alice, bob)
    rows = side_stats(client, match, alice)
    assert sorted(rows[:2]) == [("2", ""), ("3", "")]  # C3 and R2, counted
