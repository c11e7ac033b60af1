"""An admin runs a ladder season in the browser: create it, announce, players join and
challenge, a result is disputed and annulled, a player is banned, the ladder is frozen
(the players' pages follow live) and reopened, closed, and the next season started.
The standings match what the rules give by hand, and verify_games is clean."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_play_live import sign_up

pytestmark = pytest.mark.browser


def _standings(page) -> list[str]:
    return page.locator("#ladder-table tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.username)")


def _admin_action(admin, site, ladder_id: str, action: str) -> None:
    admin.goto(f"{site.url}/admin/ladders/ladder/")
    admin.locator(f"input[name=_selected_action][value='{ladder_id}']").check()
    admin.select_option("select[name=action]", action)
    with admin.expect_navigation():  # the post's answer, not the loaded page
        admin.locator("button[name=index]").click()


def test_an_admin_runs_a_season(site, new_page):
    created = site.manage("shell", "-v", "0", "-c", (
        "from accounts.models import User;"
        "User.objects.create_superuser('chief', 'chief@example.org', 'chief-password-77')"
    ))
    assert created.returncode == 0, created.stderr
    admin = new_page()
    admin.goto(f"{site.url}/admin/ladders/ladder/add/")
    admin.fill("#id_username", "chief")
    admin.fill("#id_password", "chief-password-77")
    admin.locator("input[type=submit]").click()
    admin.fill("#id_name", "Autumn ladder")
    admin.fill("#id_description", "Two games a month, be kind.")
    admin.locator("input[name=_continue]").click()
    admin.wait_for_url(re.compile(r"/admin/ladders/ladder/\d+/change/$"))
    ladder_id = re.search(r"/ladder/(\d+)/change/", admin.url).group(1)
    admin.locator("#announce-link").click()
    admin.fill("#id_text", "Welcome to the autumn season!")
    admin.locator("input[name=confirm]").click()
    admin.wait_for_url(re.compile(r"/change/$"))

    players = {name: new_page() for name in ("ada", "bram", "cees")}
    for name, page in players.items():
        sign_up(page, site.url, name)
        page.goto(f"{site.url}/ladders/{ladder_id}/")
        with page.expect_navigation():  # the post's answer, not the loaded page
            page.locator("#join-button").click()
    ada, bram, cees = players["ada"], players["bram"], players["cees"]
    assert "Welcome to the autumn season!" in cees.content()
    assert "Two games a month, be kind." in cees.content()
    assert _standings(cees) == ["ada", "bram", "cees"]

    # cees challenges ada and wins (ada resigns): cees takes the top.
    cees.locator("#challenge-ada").click()
    cees.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = cees.url
    ada.goto(game_url)
    ada.locator("details.resign summary").click()
    with ada.expect_navigation():  # the post's answer, not the loaded page
        ada.locator("details.resign button[type=submit]").click()
    cees.goto(f"{site.url}/ladders/{ladder_id}/")
    assert _standings(cees) == ["cees", "ada", "bram"]

    # ada disputes (a misclick); the admin annuls the game: the order is as if it had
    # never been played.
    ada.goto(game_url)
    ada.locator("details.dispute-form summary").click()
    ada.fill("#dispute-reason", "I resigned by mistake")
    with ada.expect_navigation():  # the post's answer, not the loaded page
        ada.locator("details.dispute-form button[type=submit]").click()
    assert "Disputed by ada: I resigned by mistake" in ada.content()
    admin.goto(f"{site.url}/admin/games/dispute/")
    admin.locator("a.decide-dispute").first.click()
    admin.select_option("#id_ruling", "annul")
    admin.fill("#id_reason", "A misclick: the game is annulled")
    admin.locator("input[type=submit]").click()
    admin.wait_for_url(re.compile(r"/admin/games/dispute/"))
    ada.goto(game_url)
    assert "annulled by an admin" in ada.content()
    cees.goto(f"{site.url}/ladders/{ladder_id}/")
    assert _standings(cees) == ["ada", "bram", "cees"]

    # bram is removed and banned: he reads why and cannot join again.
    admin.goto(f"{site.url}/admin/ladders/ladder/{ladder_id}/change/")
    admin.locator("tr:has-text('bram') a.remove-player").click()
    admin.fill("#id_reason", "Never plays his games")
    admin.select_option("#id_ban", "forever")
    admin.locator("input[name=confirm]").click()
    admin.wait_for_url(re.compile(r"/change/$"))
    bram.goto(f"{site.url}/ladders/{ladder_id}/")
    assert "You are banned from this ladder: Never plays his games" in bram.content()
    assert bram.locator("#join-button").count() == 0

    # Frozen: the players' open pages follow without a reload; then reopened.
    cees.goto(f"{site.url}/ladders/{ladder_id}/")
    _admin_action(admin, site, ladder_id, "freeze")
    cees.locator("#frozen-note").wait_for(timeout=10000)
    _admin_action(admin, site, ladder_id, "unfreeze")
    cees.locator("#frozen-note").wait_for(state="detached", timeout=10000)

    # Closed, and the next season started with the final order.
    admin.goto(f"{site.url}/admin/ladders/ladder/{ladder_id}/change/")
    admin.locator("#season-link").click()
    admin.fill("#id_name", "Winter ladder")
    admin.locator("input[name=confirm]").click()
    admin.wait_for_url(re.compile(r"/admin/ladders/ladder/\d+/change/$"))
    new_id = re.search(r"/ladder/(\d+)/change/", admin.url).group(1)
    assert new_id != ladder_id
    cees.goto(f"{site.url}/ladders/{ladder_id}/")
    assert "The ladder is closed" in cees.content() and "before a rematch" not in cees.content()
    cees.goto(f"{site.url}/ladders/{new_id}/")
    assert _standings(cees) == ["ada", "cees"]
    verified = site.manage("verify_games")
    assert verified.returncode == 0, verified.stdout + verified.stderr
