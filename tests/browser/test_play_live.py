"""Two players in two browsers: sign up, challenge, accept, place druids, waltz,
and the other page shows each move live, without a reload. Then the Dutch
interface, once."""

import re

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"^http://[^/]+/$"))


def version_of(page) -> int:
    return int(page.locator(".game-live").get_attribute("data-version"))


def wait_for_version(page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('.game-live').dataset.version) >= v", arg=version
    )


def confirm(page) -> None:
    page.locator("#action-panel .btn-primary").click()


def place(page, seat: str, colour: str, tree: int) -> None:
    page.locator(f"#action-panel .btn-druid-{colour}").click()
    page.locator(f'svg.board .slot-tree.choosable[data-seat="{seat}"][data-tree="{tree}"]').click()
    confirm(page)


def waltz_first_card(page, seat: str) -> None:
    page.locator(".hand-card:not([disabled])").first.click()
    page.locator(f'svg.board .slot-tree.choosable[data-seat="{seat}"]').first.click()
    # A card offers "waltz" and "withdraw": take the waltz, then confirm.
    panel = page.locator("#action-panel")
    waltz = panel.locator("button", has_text=re.compile("waltz|play", re.I))
    confirming = panel.locator(".btn-primary", has_text=re.compile("confirm", re.I))
    if waltz.count() and not confirming.count():
        waltz.first.click()
    confirm(page)


def test_it_plays_a_game_live_between_two_browsers(site, new_page):
    alice, bob = new_page(), new_page()
    sign_up(alice, site.url, "alice")
    sign_up(bob, site.url, "bob")

    # Bob waits in the lobby; Alice's challenge appears there without a reload.
    bob.goto(f"{site.url}/lobby/")
    bob.evaluate("window.__stayed = true")
    alice.goto(f"{site.url}/lobby/")
    alice.fill("#id_opponent", "bob")
    alice.select_option("#id_creator_seat", "moon")
    alice.locator("form.stacked button[type=submit]").click()
    bob.locator("#incoming .challenge").wait_for()
    assert bob.evaluate("window.__stayed") is True
    bob.locator("#incoming button.btn-accept").click()
    bob.wait_for_url(re.compile(r"/games/\d+/$"))
    alice.goto(bob.url)

    bob.evaluate("window.__stayed = true")
    placements = [("purple", 1), ("orange", 2), ("black", 3)]
    version = 0
    for colour, tree in placements:
        place(alice, "moon", colour, tree)
        version += 1
        wait_for_version(bob, version)  # Bob sees it live
        place(bob, "sun", colour, tree)
        version += 1
        wait_for_version(alice, version)

    waltz_first_card(alice, "moon")
    wait_for_version(bob, 7)
    bob.locator(".log-entry[data-version='7']").wait_for()
    assert "waltzed" in bob.locator(".log-entry[data-version='7']").inner_text()
    # The rules' words begin "moon waltzed…"; a move in the log begins a sentence.
    summary = ".log-entry[data-version='7'] .log-summary"
    assert bob.locator(summary).inner_text().startswith("Moon waltzed")
    assert bob.evaluate("window.__stayed") is True  # no reload happened
    # Bob's own hand is on his page; Alice's page never shows it.
    assert bob.locator(".hand-card").count() == 3


def test_it_speaks_dutch_after_the_language_switch(site, new_page):
    page = new_page()
    page.goto(f"{site.url}/")
    with page.expect_navigation():  # the switch submits itself (static/js/autosubmit.js)
        page.select_option(".language-form select", "nl")
    assert page.locator("html").get_attribute("lang") == "nl"
    assert page.locator("#site-nav").get_by_role("link", name="Registreren").count() == 1
