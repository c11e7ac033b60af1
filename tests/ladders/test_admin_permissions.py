"""Only staff with the right permissions reach the admin: players are sent to the login
page, staff without permissions get 403, for every admin page and ladder action."""

import pytest

from games.core.services import start_match
from ladders import services
from ladders.models import Ladder, LadderAudit, LadderGame, Rating, RatingChange
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(ladder, alice, bob, finished):
    """One of everything: a ladder with two players and a finished ladder game."""
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    entry = ladder.entries.get(user=alice)
    match = game.match
    return {
        "ladder": ladder, "entry": entry, "game": game, "match": match,
        "seat": match.seats.first(), "record": match.records.first(),
        "audit": LadderAudit.objects.first(), "rating": Rating.objects.first(),
        "change": RatingChange.objects.first(),
    }


def admin_urls(w) -> list[str]:
    ladder, entry, game = w["ladder"], w["entry"], w["game"]
    pages = [
        "/admin/",
        "/admin/ladders/ladder/", "/admin/ladders/ladder/add/",
        f"/admin/ladders/ladder/{ladder.pk}/change/",
        f"/admin/ladders/ladder/{ladder.pk}/history/",
        f"/admin/ladders/ladder/{ladder.pk}/add-player/",
        f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/move/",
        f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/remove/",
        f"/admin/ladders/laddergame/{game.pk}/correct/",
    ]
    for model, key in (("ladderentry", "entry"), ("laddergame", "game"),
                       ("ladderaudit", "audit"), ("rating", "rating"),
                       ("ratingchange", "change")):
        pages += [f"/admin/ladders/{model}/", f"/admin/ladders/{model}/{w[key].pk}/change/"]
    for model, key in (("match", "match"), ("seat", "seat"), ("moverecord", "record")):
        pages += [f"/admin/games/{model}/", f"/admin/games/{model}/{w[key].pk}/change/"]
    pages.append("/admin/games/challenge/")
    return pages


def post_urls(w) -> list[tuple[str, dict]]:
    ladder, entry, game = w["ladder"], w["entry"], w["game"]
    posts = [
        (f"/admin/ladders/ladder/{ladder.pk}/add-player/", {"username": "carol"}),
        (f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/move/", {"position": "2"}),
        (f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/remove/", {"reason": "x"}),
        (f"/admin/ladders/laddergame/{game.pk}/correct/", {"result": "draw", "note": "x"}),
        (f"/admin/ladders/ladder/{ladder.pk}/change/", {"name": "Taken over"}),
    ]
    for action in ("freeze", "unfreeze", "close"):
        posts.append(("/admin/ladders/ladder/",
                      {"action": action, "_selected_action": [str(ladder.pk)]}))
    return posts


def unchanged(w) -> None:
    ladder = Ladder.objects.get(pk=w["ladder"].pk)
    assert (ladder.name, ladder.status) == ("Spring ladder", Ladder.Status.OPEN)
    assert list(ladder.entries.order_by("position").values_list("user__username", flat=True)) == [
        "bob", "alice"]
    assert not ladder.audit.exclude(action__in=["join", "challenge", "result"]).exists()
    assert w["match"].seats.get(user__username="bob").result == "win"


def test_it_sends_players_to_the_login_page(client, world, alice, carol):
    client.force_login(alice)
    for url in admin_urls(world):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/admin/login/"), url
    for url, data in post_urls(world):
        response = client.post(url, data)
        assert response.status_code == 302 and "/admin/login/" in response["Location"], url
    unchanged(world)


def test_it_sends_visitors_to_the_login_page(client, world):
    for url in admin_urls(world):
        assert client.get(url)["Location"].startswith("/admin/login/"), url


def test_it_forbids_staff_without_permissions(client, world, carol):
    helper = make_user("helper", is_staff=True)
    client.force_login(helper)
    for url in admin_urls(world)[1:]:  # the index itself shows an empty dashboard
        assert client.get(url).status_code == 403, url
    for url, data in post_urls(world):
        assert client.post(url, data).status_code == 403, url
    unchanged(world)


def test_it_lets_an_admin_see_every_page(client, world, staff):
    client.force_login(staff)
    for url in admin_urls(world):
        assert client.get(url).status_code == 200, url


def test_it_keeps_the_game_state_out_of_the_match_list(client, world, staff, carol):
    client.force_login(staff)
    match = world["match"]
    listing = client.get("/admin/games/match/").content.decode()
    assert f'href="/admin/games/match/{match.pk}/change/"' in listing
    assert "column-state" not in listing and "column-seed" not in listing
    assert str(match.seed) not in listing and "trees" not in listing
    # A game in play: the form shows its position as a spectator sees it, never the
    # stored state or the seed (an admin may be playing); a finished game's may be read.
    active = start_match("druidenwalzer", {"moon": carol, "sun": staff})
    form = client.get(f"/admin/games/match/{active.pk}/change/").content.decode()
    assert "&quot;viewer&quot;: null" in form and "&quot;draw_pile&quot;" not in form
    assert str(active.seed) not in form
    assert 'name="state"' not in form
    finished = client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert 'name="state"' not in finished  # read-only, never a form field


def test_it_makes_ladder_games_read_only_except_corrections(client, world, staff):
    client.force_login(staff)
    page = client.get(f"/admin/ladders/laddergame/{world['game'].pk}/change/").content.decode()
    assert 'name="resolved"' not in page
    listing = client.get("/admin/ladders/laddergame/").content.decode()
    assert f"/admin/ladders/laddergame/{world['game'].pk}/correct/" in listing
    assert LadderGame.objects.count() == 1
