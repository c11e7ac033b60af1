"""An admin runs a ladder from the site: creates it, two players join, the lower
one challenges, the game is played to its end, and the ladder shows the new order."""

import re

import pytest

from tests.browser.test_play_live import sign_up

pytestmark = pytest.mark.browser


def test_it_runs_a_ladder_from_the_site(site, new_page):
    created = site.manage("shell", "-v", "0", "-c", (
        "from accounts.models import User;"
        "User.objects.create_superuser('boss', 'boss@example.org', 'boss-password-77')"
    ))
    assert created.returncode == 0, created.stderr

    admin = new_page()
    admin.goto(f"{site.url}/admin/ladders/ladder/add/")
    admin.fill("#id_username", "boss")
    admin.fill("#id_password", "boss-password-77")
    admin.locator("input[type=submit]").click()
    admin.fill("#id_name", "Winter ladder")
    admin.locator("input[name=_save]").click()
    admin.wait_for_url(re.compile(r"/admin/ladders/ladder/$"))
    ladder_link = admin.locator("#result_list").get_by_role("link", name="Winter ladder")
    ladder_id = re.search(r"/(\d+)/change/", ladder_link.get_attribute("href")).group(1)

    alice, bob = new_page(), new_page()
    sign_up(alice, site.url, "lara")
    sign_up(bob, site.url, "ben")
    for player in (alice, bob):
        player.goto(f"{site.url}/ladders/{ladder_id}/")
        with player.expect_navigation():  # the post's answer, not the loaded page
            player.locator("#join-button").click()
    bob.goto(f"{site.url}/ladders/{ladder_id}/")
    assert bob.locator("tr[data-username='lara']").get_attribute("data-position") == "1"
    bob.locator("#challenge-lara").click()
    bob.wait_for_url(re.compile(r"/games/\d+/$"))

    # The game is played to its end: the defender resigns from the game page.
    alice.goto(bob.url)
    alice.locator("details.resign summary").click()
    with alice.expect_navigation():  # the post's answer, not the loaded page
        alice.locator("details.resign button[type=submit]").click()

    # The ladder follows the result in the result's follow-up task (the embedded
    # worker, after the commit): the page is read again until it has run.
    for _ in range(20):
        bob.goto(f"{site.url}/ladders/{ladder_id}/")
        if bob.locator("tr[data-username='ben']").get_attribute("data-position") == "1":
            break
        bob.wait_for_timeout(500)
    assert bob.locator("tr[data-username='ben']").get_attribute("data-position") == "1"
    assert bob.locator("tr[data-username='lara']").get_attribute("data-position") == "2"
