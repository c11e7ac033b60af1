"""Puzzles in the browser, at a desktop and a phone size: the puzzle of the day on the
home page, one puzzle solved and the next failed, each with its answer, why, and the
game it came from; screenshots of each state."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
SOLVERS = {"desktop": "puzzler_desk", "phone": "puzzler_phone"}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
import json
from accounts.models import User
from games.learning import puzzles
from games.models import Puzzle
from tests.games.learning.helpers_puzzles import played_game
for name in {tuple(SOLVERS.values())!r} + ("puzzle_moon", "puzzle_sun"):
    if not User.objects.filter(username=name).exists():
        User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})
if not Puzzle.objects.exists():
    match = played_game(User.objects.get(username="puzzle_moon"),
                        User.objects.get(username="puzzle_sun"))
    puzzles.mine(match)
print(json.dumps({{p.pk: p.solution for p in Puzzle.objects.all()}}))
"""


@pytest.fixture(scope="module")
def solutions(site) -> dict[int, dict]:
    done = site.manage("shell", "-v", "0", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(found) == 2
    return {int(pk): move for pk, move in found.items()}


def log_in(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_it_solves_one_puzzle_and_fails_the_next(site, browser, shots, solutions, size):
    context = browser.new_context(viewport=SIZES[size])
    context.set_default_timeout(15000)
    page = context.new_page()
    try:
        log_in(page, site.url, SOLVERS[size])
        page.locator("#daily-puzzle").wait_for()
        page.screenshot(path=str(shots / f"puzzle-home-{size}.png"), full_page=True)
        page.locator("#daily-puzzle-link").click()
        page.locator("#puzzle-board").wait_for()
        first = int(page.locator("#puzzle").get_attribute("data-puzzle"))
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"puzzle-ask-{size}.png"), full_page=True)

        answer = json.dumps(solutions[first], sort_keys=True)
        page.locator(f"button.puzzle-choice[value='{answer}']").click()
        page.locator("#puzzle-result.is-solved").wait_for()
        assert page.locator("#puzzle-why li").count() > 1
        assert page.locator("#puzzle-source").is_visible()
        no_sideways_scroll(page)
        page.screenshot(path=str(shots / f"puzzle-solved-{size}.png"), full_page=True)

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
        page.screenshot(path=str(shots / f"puzzle-failed-{size}.png"), full_page=True)

        page.locator("#puzzle-source").click()
        page.wait_for_url(f"{site.url}/games/*/")
    finally:
        context.close()
