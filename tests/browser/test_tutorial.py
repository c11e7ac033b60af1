"""A newcomer's tutorial in the browser: from the rules page to the tutorial, each
scripted step played with its button (the AI's scripted replies arriving live),
then free play (the first legal move, and a hint asked once) to the end of the
game; the tutorial is in none of the player's lists."""

import re
import time

import pytest

from tests.browser.test_play_live import sign_up
from tests.browser.test_player_pages import serious_violations

pytestmark = pytest.mark.browser

# The tutorials walked to their end here: Druidenwalzer always; Caesar & Cleopatra
# (about 90 decisions of the player) and Kasteel (one dealing cycle) too.
GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")


def tutorial_state(page) -> str:
    return page.locator("#tutorial").get_attribute("data-state")


def version_of(page) -> int:
    return int(page.locator(".game-live").get_attribute("data-version"))


def wait_for_version(page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('.game-live').dataset.version) > v", arg=version)


def my_moves(page, api: str) -> tuple[int, list, str]:
    answer = page.request.get(f"{api}legal/").json()
    game = page.request.get(api).json()
    return answer["version"], answer["moves"], game["status"]


def csrf(page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")


@pytest.mark.parametrize("game", GAMES)
def test_it_walks_a_tutorial_to_its_end(site, new_page, game):
    page = new_page()
    sign_up(page, site.url, f"learner{GAMES.index(game)}")
    page.goto(f"{site.url}/rules/{game}/")
    page.locator("#tutorial-link").click()
    page.locator("#tutorial-start").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    api = f"{site.url}/api/games/{match_id}/"

    # The scripted part: each lesson's button plays its move; the AI's replies follow.
    steps = 0
    deadline = time.monotonic() + 120
    while tutorial_state(page) in ("step", "wait") and time.monotonic() < deadline:
        if tutorial_state(page) == "step":
            assert page.locator("#tutorial .tutorial-text").inner_text().strip()
            if steps == 0:
                assert not serious_violations(page)
            version = version_of(page)
            page.locator("#tutorial-play").click()
            wait_for_version(page, version)
            steps += 1
        else:
            wait_for_version(page, version_of(page) - 1 if version_of(page) else 0)
            page.wait_for_timeout(200)
    assert steps >= 3
    assert tutorial_state(page) == "free"

    # A hint, once, in free play, when the player is to move (the AI may be first).
    deadline = time.monotonic() + 60
    while not my_moves(page, api)[1] and time.monotonic() < deadline:
        time.sleep(0.2)
    page.locator("#hint-button").click()
    page.locator("#hint-list li").first.wait_for(timeout=30000)

    # Free play: the first legal move, through the API, until the game is over.
    deadline = time.monotonic() + 240
    status = "active"
    while status == "active" and time.monotonic() < deadline:
        version, moves, status = my_moves(page, api)
        if status != "active":
            break
        if not moves:
            time.sleep(0.1)  # the AI's turn
            continue
        answer = page.request.post(f"{api}move/", data={"move": moves[0], "version": version},
                                   headers={"X-CSRFToken": csrf(page)})
        assert answer.status in (200, 201, 409), answer.text()
    assert status == "finished", f"{game}: the tutorial did not end in time"
    page.reload()
    assert tutorial_state(page) == "over"

    if game == "druidenwalzer":  # the finished game's AI review, its progress live
        page.locator("#tutorial-next a").first.click()  # the panel's way to it
        page.locator("#review-request").click()
        page.locator("#review-progress, .review-curve").first.wait_for()
        page.locator(".review-curve").wait_for(timeout=120000)
        assert page.locator("#review-marks, #review-clean").count() == 1
        assert not serious_violations(page)

    # Listed nowhere: not on the player's home, nor in the lobby.
    page.goto(f"{site.url}/")
    assert f"/games/{match_id}/" not in page.content()
    page.goto(f"{site.url}/lobby/")
    assert f"/games/{match_id}/" not in page.content()
