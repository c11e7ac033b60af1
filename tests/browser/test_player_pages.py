"""Every page of a player's loop, for the three games, at 1280x800 and on a 390x844
phone, with a 30-character username: no page scrolls sideways, axe-core finds no
serious or critical violation, and a screenshot of each is saved for review (the
folder is printed; BROWSER_SCREENSHOTS chooses it)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

LONG = "Archdruidess_of_the_Silverwood"  # 30 characters
PASSWORD = "browser-test-password-9"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
import json
from accounts.models import User
from games.core import services
import random
from tests.site.kasteel_helpers import play as play_kasteel, start as start_kasteel

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name[:20]}}@example.org", {PASSWORD!r})

me, bob, carol, dave = (user(n) for n in ({LONG!r}, "bob", "carol", "dave"))
ids = {{}}
ids["druidenwalzer"] = services.start_match("druidenwalzer", {{"moon": me, "sun": bob}}, seed=5).pk
ids["caesar-cleopatra"] = services.start_match(
    "caesar-cleopatra", {{"cleopatra": me, "caesar": bob}}, seed=5).pk
ids["kasteel"] = start_kasteel([me, bob, carol, dave], seed=5).pk
for game, seats in (("druidenwalzer", ("moon", "sun")),
                    ("caesar-cleopatra", ("cleopatra", "caesar"))):
    done = services.start_match(game, dict(zip(seats, (me, bob))), seed=9)
    services.resign(done.pk, bob)
    ids["done-" + game] = done.pk
done = start_kasteel([me, bob], limit=1, seed=9)
play_kasteel(done, 2000, rng=random.Random(1))
ids["done-kasteel"] = done.pk
services.create_challenge(bob, opponent=me)
print(json.dumps(ids))
"""


def log_in(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


@pytest.fixture(scope="module")
def games(site) -> dict[str, int]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def pages(games: dict[str, int]) -> dict[str, str]:
    found = {"home": "/", "lobby": "/lobby/", "your-turn": "/your-turn/",
             "profile": f"/players/{LONG}/", "ladders": "/ladders/",
             "leaderboard": "/leaderboard/"}
    for game in ("druidenwalzer", "caesar-cleopatra", "kasteel"):
        found[f"game-{game}"] = f"/games/{games[game]}/"
        found[f"replay-{game}"] = f"/games/{games['done-' + game]}/replay/"
        found[f"over-{game}"] = f"/games/{games['done-' + game]}/"
        found[f"rules-{game}"] = f"/rules/{game}/"
        found[f"tutorial-{game}"] = f"/learn/{game}/tutorial/"
    found["review"] = f"/games/{games['done-druidenwalzer']}/review/"
    return found


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            f"{', '.join(str(n['target']) for n in v['nodes'][:3])}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_page_scrolls_sideways_or_fails_axe(site, browser, games, shots, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    context.set_default_timeout(15000)
    page = context.new_page()
    problems: list[str] = []
    try:
        log_in(page, site.url, LONG)
        for name, path in pages(games).items():
            page.goto(site.url + path)
            page.wait_for_load_state("load")
            if name.startswith(("game-", "over-")):
                page.locator(".game-live").wait_for()
                page.wait_for_timeout(300)  # the board script has run
            page.screenshot(path=str(shots / f"{viewport}-{name}.png"), full_page=True)
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, window.innerWidth]")
            if widths[0] > widths[1]:
                problems.append(f"{name}: scrolls sideways ({widths[0]} > {widths[1]} px)")
            problems += [f"{name}: {violation}" for violation in serious_violations(page)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_the_phone_header_folds_into_a_menu(site, browser, games):
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-US")
    page = context.new_page()
    try:
        log_in(page, site.url, LONG)
        page.goto(f"{site.url}/your-turn/")
        nav = page.locator("#site-nav")
        assert not nav.is_visible()
        page.locator("#menu-toggle").click()
        assert nav.is_visible() and nav.locator(f"a[href='/players/{LONG}/']").is_visible()
    finally:
        context.close()
