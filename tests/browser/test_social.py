"""Players among players, in real browsers: a challenge from a profile, chat live between
two players, a chat line reported and handled by an admin (the line hidden, the author
warned), a block, and an account exported and deleted."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.test_play_live import PASSWORD, sign_up

pytestmark = pytest.mark.browser


def log_in(page, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", password)
    with page.expect_navigation():  # the post's answer, not the loaded page
        page.locator("form button[type=submit]").last.click()


def test_chat_a_report_a_block_and_leaving_with_ones_data(site, new_page, tmp_path):
    created = site.manage("shell", "-v", "0", "-c", (
        "from accounts.models import User;"
        "User.objects.create_superuser('warden', 'warden@example.org', 'warden-password-77')"
    ))
    assert created.returncode == 0, created.stderr
    ada, bram = new_page(), new_page()
    sign_up(ada, site.url, "ada")
    sign_up(bram, site.url, "bram")

    # Ada follows Bram and challenges him from his profile; he accepts from his home.
    ada.goto(f"{site.url}/players/bram/")
    ada.locator("#follow").click()
    ada.locator("#unfollow").wait_for()
    ada.locator("#challenge-player").click()
    with ada.expect_navigation():  # the post's answer, not the loaded page
        ada.locator("form.stacked button[type=submit]").click()
    bram.goto(f"{site.url}/lobby/")
    bram.locator("#incoming button.btn-accept").click()
    bram.wait_for_url(re.compile(r"/games/\d+/$"))
    game = bram.url
    try:
        ada.goto(game)
    except PlaywrightError:  # her page went there by itself meanwhile (the start's nudge)
        ada.wait_for_url(game)
    ada.wait_for_load_state()

    # Chat, live both ways; markup stays text.
    ada.fill("#chat-form input[name=text]", "Good luck, <b>Bram</b>!")
    ada.locator("#chat-form button[type=submit]").click()
    bram.locator("#chat-lines li:has-text('Good luck, <b>Bram</b>!')").wait_for(timeout=10000)
    bram.fill("#chat-form input[name=text]", "you will lose, loser")
    bram.locator("#chat-form button[type=submit]").click()
    line = ada.locator("#chat-lines li:has-text('you will lose, loser')")
    line.wait_for(timeout=10000)
    assert bram.locator("#chat-lines b").count() == 0
    ada.screenshot(path=str(tmp_path / "chat-1280.png"))

    # Ada reports Bram's line; the admin sees it in context, hides it and warns Bram.
    line.locator("button.chat-report").click()
    ada.fill("#report-reason", "Insulting me")
    ada.locator("#report-send").click()
    ada.locator(".chat-reported").wait_for()
    assert "Reported" in ada.locator(".chat-reported").text_content()
    admin = new_page()
    log_in(admin, site.url, "warden", "warden-password-77")
    admin.goto(f"{site.url}/moderation/")
    report = admin.locator("#reports li.report").first
    assert "Insulting me" in report.text_content()
    assert "you will lose, loser" in report.text_content()
    report.locator("select[name=kind]").select_option("hide")
    report.locator("input[name=reason]").fill("An insult")
    with admin.expect_navigation():  # the post's answer, not the loaded page
        report.locator("button[type=submit]").click()
    admin.goto(f"{site.url}/moderation/")
    assert "An insult" in admin.locator("#moderation-log").text_content()
    ada.goto(game)
    assert "you will lose, loser" not in ada.locator("#chat-lines").text_content()
    ada.goto(f"{site.url}/notices/")
    assert "handled your report" in ada.content()

    # Ada blocks Bram: his next line never reaches her, and he cannot challenge her.
    ada.goto(f"{site.url}/players/bram/")
    ada.locator("#block").click()
    ada.locator("#unblock").wait_for()
    ada.goto(game)
    bram.goto(game)
    bram.fill("#chat-form input[name=text]", "are you still there?")
    bram.locator("#chat-form button[type=submit]").click()
    bram.locator("#chat-lines li:has-text('are you still there?')").wait_for()
    ada.wait_for_timeout(1000)
    assert "are you still there?" not in ada.locator("#chat-lines").text_content()
    bram.goto(f"{site.url}/players/ada/")
    assert bram.locator("#challenge-player").count() == 1  # a block is private...
    bram.locator("#challenge-player").click()
    with bram.expect_navigation():  # the post's answer, not the loaded page
        bram.locator("form.stacked button[type=submit]").click()
    assert "does not take challenges from you" in bram.content()  # ...and stops it

    # Ada leaves: she downloads her data, then deletes her account with her password.
    ada.goto(f"{site.url}/settings/account/")
    with ada.expect_download() as download:
        ada.locator("#export-link").click()
    exported = json.loads(open(download.value.path()).read())
    assert exported["profile"]["username"] == "ada"
    assert [g["game"]["id"] for g in exported["games"]] == [int(game.rstrip("/").split("/")[-1])]
    ada.fill("#delete-password", PASSWORD)
    ada.on("dialog", lambda dialog: dialog.accept())
    with ada.expect_navigation():  # the post's answer, not the loaded page
        ada.locator("#delete-form button[type=submit]").click()
    bram.goto(game)
    page = bram.content()
    assert "ada" not in bram.locator(".game-header").text_content()
    assert "Good luck" not in page
    log_in(ada, site.url, "ada", PASSWORD)
    assert "/accounts/login/" in ada.url
