"""A draft tournament is the admins' own: listed only for staff, in a section of its
own (not under "Open for registration"); a player who opens one gets the site's
page saying so, in the site's look."""

from __future__ import annotations

import pytest

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def section(html: str, key: str) -> str:
    start = html.index(f'id="tournaments-{key}"')
    return html[start:html.index("</section>", start)]


def test_staff_see_drafts_in_their_own_section(client, make_tournament, staff):
    make_tournament(name="Open cup")
    make_tournament(name="Secret cup", status=Tournament.Status.DRAFT)
    client.force_login(staff)
    html = client.get("/tournaments/").content.decode()
    assert "Secret cup" in section(html, "drafts") and "Open cup" not in section(html, "drafts")
    assert "Secret cup" not in section(html, "registration")
    assert "Open cup" in section(html, "registration")
    assert "<h2>Drafts</h2>" in html


@pytest.mark.parametrize("who", ["visitor", "alice"])
def test_players_see_no_draft_and_no_drafts_section(client, make_tournament, alice, who):
    make_tournament(name="Secret cup", status=Tournament.Status.DRAFT)
    if who == "alice":
        client.force_login(alice)
    html = client.get("/tournaments/").content.decode()
    assert "Secret cup" not in html and 'id="tournaments-drafts"' not in html


@pytest.mark.parametrize("who", ["visitor", "alice"])
def test_a_player_opening_a_draft_gets_the_sites_page(client, make_tournament, alice, who):
    cup = make_tournament(name="Secret cup", status=Tournament.Status.DRAFT)
    if who == "alice":
        client.force_login(alice)
    response = client.get(f"/tournaments/{cup.pk}/")
    html = response.content.decode()
    assert response.status_code == 403
    assert 'class="site-nav"' in html and "<h1>Not for you</h1>" in html
    assert "This tournament is not announced yet." in html and "Secret cup" not in html


def test_the_refusal_speaks_dutch(client, make_tournament, alice):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    client.cookies["django_language"] = "nl"
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert 'lang="nl"' in html and "Dit toernooi is nog niet aangekondigd." in html
