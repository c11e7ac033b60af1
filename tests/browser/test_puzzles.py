"""Puzzles in the browser, for each game with puzzles, at a desktop and a phone size:
the puzzle of the day on the home page, one puzzle solved and the next failed, each
with its answer, why, and the game it came from; screenshots of each state."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
SOLVERS = {"desktop": "puzzler_desk", "phone": "puzzler_phone"}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")

SETUP = f"""
import json
from accounts.models import User
from games.learning import puzzles
from games.models import Puzzle
from tests.games.learning import helpers_cc_puzzles, helpers_kasteel_puzzles, helpers_puzzles
names = ("puzzle_moon", "puzzle_sun", "puzzle_cleo", "puzzle_caesar", "puzzle_red",
         "puzzle_blue", "puzzle_yellow")
for name in {tuple(SOLVERS.values())!r} + names:
    if not User.objects.filter(username=name).exists():
        User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})
if not Puzzle.objects.exists():
    users = [User.objects.get(username=name) for name in names]
    puzzles.mine(helpers_puzzles.played_game(*users[:2]))
    puzzles.mine(helpers_cc_puzzles.played_game(*users[2:4]))
    puzzles.mine(helpers_kasteel_puzzles.played_game(*users[4:]))
print(json.dumps({{p.pk: [p.game, p.solution] for p in Puzzle.objects.all()}}))
"""


@pytest.fixture(scope="module")
def solutions(site) -> dict[int, dict]:
    done = site.manage("shell", "-v", "0", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    games = [game for game, _move in found.values()]
    assert [games.count(game) for game in GAMES] == [2, 3, 2]
    return {int(pk): move for pk, (_game, move) in found.items()}


def log_in(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_it_solves_one_puzzle_and_fails_the_next(site, browser, shots, solutions, game, size):
    context = browser.new_context(viewport=SIZES[size])
    context.set_default_timeout(15000)
    page = context.new_page()
    name = f"{game}-{size}"
    try:
        log_in(page, site.url, SOLVERS[size])
        page.locator("#daily-puzzle").wait_for()
        page.screenshot(path=str(shots / f"puzzle-home-{name}.png"), full_page=True)
        daily = page.locator("#daily-puzzle-link")
        if f"/puzzles/{game}/" in (daily.get_attribute("href") or ""):
            daily.click()
        else:
            page.goto(f"{site.url}/puzzles/{game}/")
        page.locator("#puzzle-board").wait_for()
        first = int(page.locator("#puzzle").get_attribute("data-puzzle"))
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"puzzle-ask-{name}.png"), full_page=True)

        answer = json.dumps(solutions[first], sort_keys=True)
        page.locator(f"button.puzzle-choice[value='{answer}']").click()
        page.locator("#puzzle-result.is-solved").wait_for()
        assert page.locator("#puzzle-why li").count() > 1
        assert page.locator("#puzzle-source").is_visible()
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"puzzle-solved-{name}.png"), full_page=True)

        page.locator("#puzzle-next").click()
        second = int(page.locator("#puzzle").get_attribute("data-puzzle"))
        assert second != first
        right = json.dumps(solutions[second], sort_keys=True)
        choices = page.locator("button.puzzle-choice")
        wrong = next(i for i in range(choices.count())
                     if choices.nth(i).get_attribute("value") != right)
        choices.nth(wrong).click()
        page.locator("#puzzle-result.is-failed").wait_for()
        assert "→" in page.locator("#puzzle-change").inner_text()
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"puzzle-failed-{name}.png"), full_page=True)

        page.locator("#puzzle-source").click()
        page.wait_for_url(f"{site.url}/games/*/")
    finally:
        context.close()
