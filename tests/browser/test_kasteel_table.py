"""A three-seat Strijd om het Kasteel table in the browser: a player opens it, adds an AI
player, a second player joins in another browser and the game starts. Both fill their
home rows and play cards on the drawn ring (a card, a piece, the dice, a confirmation),
and each page follows every move live, the AI's included."""

import json
import re

import pytest

from tests.browser.test_play_live import sign_up

pytestmark = pytest.mark.browser

def version_of(page) -> int:
    return int(page.locator(".game-live").get_attribute("data-version"))


def wait_for_version(page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('.game-live').dataset.version) >= v", arg=version,
        timeout=20000)


def game_data(page) -> dict:
    return json.loads(page.locator("#game-data").text_content())


def play_one_move(page) -> None:
    """Through the board's own choices: a card, then a piece, then the dice (or the doubles
    decision, a placement, a discard), then the confirmation."""
    panel = page.locator("#action-panel")
    panel.wait_for(state="visible")
    for _ in range(6):
        if panel.locator(".confirm-question").count():
            panel.locator(".btn-primary").click()
            return
        choices = panel.locator("button[data-choice]")
        if choices.count() and game_data(page)["phase"] == "setup":
            # Why the order of the home row matters, under the setup's question.
            assert "Only the first piece of your home row" in panel.inner_text()
        if choices.count():
            choices.first.click()
            continue
        page.locator(".hand-card:not([disabled])").first.click()
    raise AssertionError(f"no move was confirmed: {panel.inner_text()}")


def open_table(site, kira, kees) -> str:
    """Kira opens a three-seat table and adds an AI player; Kees joins and the game starts."""
    kira.goto(f"{site.url}/tables/new/?game=kasteel")
    kira.select_option("#id_size", "3")
    kira.locator("#table-form button[type=submit]").click()
    kira.wait_for_url(re.compile(r"/tables/\d+/$"))
    table = kira.url
    kira.locator(".table-actions select[name=level]").select_option("random")
    with kira.expect_navigation():  # the post's answer, not the loaded page
        kira.locator(".table-actions form", has=kira.locator("select[name=level]")).locator(
            "button[type=submit]").click()
    kees.goto(table)
    kees.locator(".table-actions form", has_text=re.compile("Join")).locator(
        "button[type=submit]").click()
    kees.wait_for_url(re.compile(r"/games/\d+/$"))
    return kees.url


def test_it_plays_a_kasteel_table_live_with_two_players_and_an_ai(site, new_page):
    kira, kees = new_page(), new_page()
    sign_up(kira, site.url, "kira")
    sign_up(kees, site.url, "kees")
    url = open_table(site, kira, kees)
    kira.goto(url)
    pages = {}
    for page in (kira, kees):
        page.locator("svg.kasteel-board").wait_for()
        page.evaluate("window.__stayed = true")
        pages[game_data(page)["viewer"]] = page
    assert len(pages) == 2 and kira.locator("svg.kasteel-board .k-square").count() == 54

    moved = {seat: 0 for seat in pages}  # moves of play, after the home rows
    ai_moves = 0
    for _ in range(90):
        if min(moved.values()) >= 2 and ai_moves:
            break
        version = version_of(kira)
        wait_for_version(kees, version)
        data = game_data(kira)
        if version_of(kira) != version or not data["to_move"]:
            continue
        seat = data["to_move"][0]
        if seat not in pages:  # the AI moves by itself, on the server
            wait_for_version(kira, version + 1)
            ai_moves += 1
            continue
        mover = pages[seat]
        watcher = next(page for page in pages.values() if page is not mover)
        if version_of(mover) != version:
            continue
        mover.locator(".status-mine").wait_for()
        play_one_move(mover)
        if data["phase"] == "play":
            moved[seat] += 1
        wait_for_version(watcher, version + 1)  # the other browser sees it live
        wait_for_version(mover, version + 1)
        entry = watcher.locator(f".log-entry[data-version='{version + 1}']")
        entry.wait_for()
        assert re.search(r"put|played|rolled|walks|discarded", entry.inner_text())

    assert min(moved.values()) >= 2 and ai_moves, (moved, ai_moves)
    assert kira.locator("svg.kasteel-board .k-piece").count() == 21
    for page in pages.values():
        assert page.evaluate("window.__stayed") is True  # no reload happened
    # Each page holds its own hand only; the other player's cards are not on it.
    hands = {seat: set(page.locator(".hand-card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")) for seat, page in pages.items()}
    assert not (hands[list(hands)[0]] & hands[list(hands)[1]])
