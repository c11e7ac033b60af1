"""The Django admin: every admin URL sends non-staff visitors to the admin's log-in page.

The admin's URL patterns are found by walking the resolver, so a model
registered later is covered without an entry. Staff reach every page without
a server error, and no admin page shows a hidden card or the seed of a game
in progress (an admin may play too).
"""

from __future__ import annotations

import pytest

from tests.api.helpers import play_until_a_draw_of_cards
from tests.security.conftest import ROLES
from tests.security.urlmap import HIDDEN, admin_paths, outcome, shows

pytestmark = pytest.mark.django_db

NON_STAFF = ROLES[:4]
SPECIAL = {  # the admin's own log-in and log-out pages
    "admin/login/": {"GET": "200", "POST": "200"},
    "admin/logout/": {"GET": "302>/admin/", "POST": "302>/admin/"},
}


def test_it_finds_every_admin_url_including_login_throttling(world):
    paths = admin_paths(world)
    assert len(paths) > 100
    assert "admin/axes/accessattempt/" in paths  # django-axes' records, for staff


def test_it_sends_every_non_staff_visitor_to_the_admin_login(world):
    wrong = []
    for pattern, path in admin_paths(world).items():
        for method in ("GET", "POST"):
            expected = SPECIAL.get(pattern, {}).get(method, "admin-login")
            for role in NON_STAFF:
                got, _response = outcome(world, role, method, path)
                if got != expected:
                    wrong.append(f"{method} {path} as {role}: {got}, expected {expected}")
    assert not wrong, "\n".join(wrong)


def test_it_lets_staff_see_the_admin_without_hidden_cards(world):
    wrong = []
    for path in admin_paths(world).values():
        got, response = outcome(world, "staff", "GET", path)
        if got.startswith("admin-login") or response.status_code >= 500:
            wrong.append(f"GET {path} as staff: {got}")
        body = response.content.decode() if response.status_code == 200 else ""
        shown = [card for card in HIDDEN.values() if shows(body, card)]
        if shown or shows(body, str(world.game.seed)):
            wrong.append(f"GET {path} as staff shows {shown or 'the seed'}")
    for index in ("/admin/", "/admin/games/match/", "/admin/games/moverecord/"):
        if outcome(world, "staff", "GET", index)[0] != "200":
            wrong.append(f"GET {index} as staff is not a page")
    assert not wrong, "\n".join(wrong)


def test_it_shows_staff_the_state_and_events_of_a_game_only_once_it_is_over(
        world, client, no_turn_mails):
    from games.core import services

    alice, bob, staff = (world.users[role] for role in ("player", "opponent", "staff"))
    match = play_until_a_draw_of_cards(
        services.start_match("druidenwalzer", {"moon": alice, "sun": bob}))
    draw = next(r for r in match.records.all() if any(e["type"] == "draw" for e in r.events))
    client.force_login(staff)
    pages = (f"/admin/games/match/{match.pk}/change/",
             f"/admin/games/moverecord/{draw.pk}/change/")
    quoted = "&quot;{}&quot;".format  # a key of the JSON shown (a spectator's view has
    for page in pages:  # "draw_pile_size")
        text = client.get(page).content.decode()
        assert quoted("draw_pile") not in text and quoted("secret") not in text
        assert str(match.seed) not in text
    services.resign(match.pk, alice)
    match_page, record_page = (client.get(page).content.decode() for page in pages)
    assert quoted("draw_pile") in match_page and str(match.seed) in match_page
    assert quoted("secret") in record_page
