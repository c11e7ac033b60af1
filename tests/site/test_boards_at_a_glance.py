"""Boards read at a glance: Caesar & Cleopatra's groups show the patricians won, the
influence each side shows and who leads; the Druidenwalzer legend is short."""

import re

import pytest
from django.urls import reverse

from games.core import services
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_labels_each_groups_patricians_won_and_influence(client, alice, bob):
    match = services.start_match("caesar-cleopatra", {"cleopatra": alice, "caesar": bob},
                                 seed=5)
    client.force_login(alice)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert page.count("Patricians won:") == 5
    influence = re.findall(r'<p class="cc-influence">(.*?)</p>', page, re.S)
    assert len(influence) == 5 and all("Influence shown:" in line for line in influence)


def test_it_keeps_the_druidenwalzer_legend_short(client, alice, bob):
    client.force_login(alice)
    page = client.get(reverse("game", args=[new_game(alice, bob).pk])).content.decode()
    legend = page.split('class="board-key muted">', 1)[1].split("</p>", 1)[0]
    assert len(legend) < 120  # it was 170 characters


def test_it_keeps_the_veto_button_readable_on_hover(client):
    css = client.get("/static/css/site.css").getvalue().decode()
    assert ".btn-danger:hover { background: #7a2114; color: #fff; }" in css
