"""The review of a finished game in a real browser, for each game: step with the keys
(Right, Left, End, Home) and the buttons, click the curve, open what was hidden, no
sideways scroll and no serious axe finding, at 1280x800 and 390x844 (screenshots saved
for review; the folder is printed)."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_player_pages import PASSWORD, log_in, serious_violations

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")

SETUP = f"""
import json
from django.conf import settings
from accounts.models import User
from games.core import services
from games.learning import review
from games.rules import get_rules

settings.REVIEW_CPU_SECONDS = 0.02

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

ann, ben = user("ann_reviewer"), user("ben_reviewer")
ids = {{}}
for game, seats in (("druidenwalzer", ("moon", "sun")),
                    ("caesar-cleopatra", ("cleopatra", "caesar")), ("kasteel", ("0", "1"))):
    options = {{"players": 2, "limit": 1}} if game == "kasteel" else None
    match = services.start_match(game, dict(zip(seats, (ann, ben))), seed=9, rated=False,
                                 new_game=options)
    rules, users = get_rules(game), dict(zip(seats, (ann, ben)))
    for turn in range(40 if game == "kasteel" else 24):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        owed = rules.owed_by(state)
        if not owed:
            break
        legal = rules.legal_moves(state)
        move = legal[-1] if game == "kasteel" else legal[turn % len(legal)]
        services.play(match.pk, users[owed[0]], move, match.version, seat=owed[0])
    match.refresh_from_db()
    if not match.is_over:
        services.resign(match.pk, ben)
    ids[game] = match.pk
for game, pk in ids.items():
    from games.models import Match
    review.run(review.request(Match.objects.get(pk=pk), ann).pk)
print(json.dumps(ids))
"""


@pytest.fixture(scope="module")
def reviewed(site) -> dict[str, int]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def step_of(page) -> int:
    return int(page.locator("#review-step").get_attribute("data-step"))


def wait_step(page, number: int) -> None:
    page.wait_for_selector(f'#review-step[data-step="{number}"]')


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")


def kasteel_marks(page, shots, name: str) -> None:
    """A flagged Kasteel decision rings the move played (solid red) and the AI's move
    (dashed green) on the ring, says both walks in words and has the legend."""
    board = page.locator("#review-board")
    played = board.locator(".k-pick-played")
    best = board.locator(".k-pick-best")
    assert played.count() >= 2 and best.count() >= 2  # each a piece and an end
    styles = page.evaluate("""() => ["played", "best"].map((kind) => {
        const ring = document.querySelector(`#review-board .k-pick-${kind}`);
        const style = getComputedStyle(ring);
        return [style.stroke, style.strokeDasharray];
    })""")
    assert styles[0][0] != styles[1][0] and styles[0][1] == "none" != styles[1][1]
    # Drawn where one sees them (a ring round a piece still at home may be folded away).
    for rings in (played, best):
        boxes = [rings.nth(i).bounding_box() for i in range(rings.count())]
        assert any(box and box["width"] > 4 for box in boxes), boxes
    assert page.locator("#review-played-walk").inner_text()
    assert "Best: " in page.locator("#review-best-walk").inner_text()
    assert "dashed green" in page.locator("#review-legend").inner_text()
    marks = board.locator(".k-pick-mark")
    assert all(marks.nth(i).get_attribute("aria-label") for i in range(marks.count()))
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"review-kasteel-{name}-marks.png"))
    board.screenshot(path=str(shots / f"review-kasteel-{name}-ring.png"))


@pytest.mark.parametrize("game", GAMES)
def test_it_steps_through_a_review_with_the_keyboard_and_the_curve(
        site, browser, reviewed, shots, game):
    for name, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport, locale="en-US")
        context.set_default_timeout(15000)
        page = context.new_page()
        try:
            log_in(page, site.url, "ann_reviewer")
            page.goto(f"{site.url}/games/{reviewed[game]}/review/")
            step = page.locator("#review-step")
            first = int(step.get_attribute("data-first"))
            last = int(step.get_attribute("data-last"))
            page.keyboard.press("Home")
            wait_step(page, first)
            assert page.locator("#review-played").inner_text()
            assert page.locator("#review-best").inner_text()
            page.screenshot(path=str(shots / f"review-{game}-{name}-first.png"), full_page=True)
            nxt = page.locator("#review-step").get_attribute("data-next")
            page.keyboard.press("ArrowRight")
            wait_step(page, int(nxt))
            page.keyboard.press("ArrowLeft")
            wait_step(page, first)
            page.keyboard.press("End")
            wait_step(page, last)
            assert "ann_reviewer" in page.locator(".review-list").inner_text()
            # The curve: a click on a dot's column opens its decision.
            dots = page.locator(".review-svg a[data-step]")
            target = int(dots.nth(dots.count() // 2).get_attribute("data-step"))
            page.locator(".review-svg").scroll_into_view_if_needed()
            box = page.locator(f'.review-dot[data-n="{target}"]').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            wait_step(page, target)
            assert f"step={target}" in page.url
            assert page.locator(f'.review-list a[data-step="{target}"]').get_attribute(
                "aria-current") == "step"
            # A flagged decision, if any, explains itself.
            flagged = page.locator(".review-list .review-item.review-mistake a, "
                                   ".review-list .review-item.review-blunder a, "
                                   ".review-list .review-item.review-inaccuracy a")
            if flagged.count():
                # Wait for that step itself: the step shown before may have words too.
                chosen = int(flagged.first.get_attribute("data-step"))
                flagged.first.click()
                wait_step(page, chosen)
                page.wait_for_selector("#review-words")
            if game == "kasteel":
                assert flagged.count(), "the kasteel game has no flagged decision"
                kasteel_marks(page, shots, name)
            page.locator("#review-reveal").click()
            page.wait_for_selector('#review-step[data-reveal="1"]')
            assert page.locator("#review-reveal").get_attribute("aria-checked") == "true"
            assert no_sideways_scroll(page), f"{game} scrolls sideways at {name}"
            page.screenshot(path=str(shots / f"review-{game}-{name}-revealed.png"),
                            full_page=True)
            page.screenshot(path=str(shots / f"review-{game}-{name}-view.png"))
            problems = serious_violations(page)
            assert not problems, problems
        finally:
            context.close()
