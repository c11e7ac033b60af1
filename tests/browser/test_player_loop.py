"""The player's loop in two browsers, live: an accepted challenge takes the challenger
from the lobby to the game; the end of a game, the rematch offer and its acceptance
reach the other page without a reload. And the move-and-reply cycle against the
strongest Druidenwalzer AI at the "fast" animation speed, measured and printed."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.browser.pages import play_the_ai
from tests.browser.test_play_live import place, waltz_first_card

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
PLAYERS = ("Loop_alice_with_a_long_name_30", "loopbob")

SETUP = f"""
from accounts.models import User
for name in {PLAYERS!r}:
    if not User.objects.filter(username=name).exists():
        User.objects.create_user(name, f"{{name[:20]}}@example.org", {PASSWORD!r},
                                 animation_speed="fast")
"""


@pytest.fixture(scope="module")
def players(site) -> tuple[str, str]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return PLAYERS


def log_in(page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


def game_data(page) -> dict:
    return json.loads(page.locator("#game-data").text_content())


def test_the_loop_runs_live_between_two_browsers(site, new_page, players):
    alice, bob = new_page(), new_page()
    log_in(alice, site.url, players[0])
    log_in(bob, site.url, players[1])

    # Alice's open challenge; Bob accepts it; Alice, waiting in the lobby, is taken there.
    alice.goto(f"{site.url}/lobby/")
    alice.select_option("#id_creator_seat", "moon")
    alice.locator("form.stacked button[type=submit]").click()
    alice.locator("#outgoing .challenge").wait_for()
    bob.goto(f"{site.url}/lobby/")
    bob.locator("#open-challenges button.btn-accept").click()
    # The accept makes the game and its first page: 30 s, as the suite's longest
    # tests (the leak drills) hold both cores at once when they overlap this one.
    bob.wait_for_url(re.compile(r"/games/\d+/$"), timeout=30000)
    alice.wait_for_url(bob.url, timeout=15000)
    game = bob.url

    # Alice resigns; Bob's page shows the end panel, the ratings and the replay link.
    bob.evaluate("window.__stayed = true")
    alice.locator("details.resign summary").click()
    alice.locator("details.resign button.btn-danger").click()
    bob.locator("#end-panel").wait_for()
    bob.locator("#end-panel .end-ratings").wait_for()
    assert bob.locator("#replay-link").is_visible()
    assert bob.evaluate("window.__stayed") is True

    # Bob offers a rematch: his button says so, Alice's page shows the offer live.
    alice.evaluate("window.__stayed = true")
    bob.locator("#rematch-offer").click()
    bob.locator("#rematch-state", has_text="waiting for the answer").wait_for()
    assert bob.locator("#rematch-offer").count() == 0
    alice.locator("#rematch-accept").wait_for()
    assert alice.evaluate("window.__stayed") is True

    # Alice accepts: both are taken to the new game.
    alice.locator("#rematch-accept").click()
    # Wait for the new game's address: the old game's matches the pattern at once.
    alice.wait_for_url(lambda url: url != game and re.search(r"/games/\d+/$", url) is not None)
    bob.wait_for_url(alice.url, timeout=10000)


def wait_for_my_turn(page, version: int) -> None:
    """The AI's reply is on the board (animation over) and it is my move again."""
    page.wait_for_function(
        """v => {
          const data = JSON.parse(document.getElementById('game-data').textContent);
          return data.version >= v && data.legal.length > 0
            && document.getElementById('anim-bar').hidden;
        }""", arg=version, timeout=30000)


def test_a_move_and_the_ai_reply_at_fast_speed(site, new_page, players):
    page = new_page()
    log_in(page, site.url, players[0])
    play_the_ai(page, site.url, "druidenwalzer", "strong", "moon")
    page.locator(".game-live").wait_for()

    cycles: list[tuple[str, float]] = []

    def cycle(label: str, make_move) -> None:
        version = game_data(page)["version"]
        started = time.monotonic()
        make_move()
        # My own move shows at once: the position moves on before the AI replies.
        page.wait_for_function(
            "v => JSON.parse(document.getElementById('game-data').textContent).version > v",
            arg=version, timeout=10000)
        own = time.monotonic() - started
        assert not page.locator("#action-panel", has_text="Sending your move").is_visible()
        # The reply arrives: its animation starts (or, without one, it is swapped in).
        page.wait_for_function(
            """v => !document.getElementById('anim-bar').hidden
              || JSON.parse(document.getElementById('game-data').textContent).version >= v""",
            arg=version + 2, timeout=30000)
        reply = time.monotonic() - started
        wait_for_my_turn(page, version + 2)
        cycles.append((label, time.monotonic() - started))
        print(f"{label}: own move shown after {own:.2f} s, the reply arrives after "
              f"{reply:.2f} s, cycle with its animation {cycles[-1][1]:.2f} s")

    for colour, tree in (("purple", 1), ("orange", 2), ("black", 3)):
        cycle(f"placing the {colour} druid", lambda c=colour, t=tree: place(page, "moon", c, t))
    for number in (1, 2, 3):
        if game_data(page)["over"]:
            break
        cycle(f"waltz {number}", lambda: waltz_first_card(page, "moon"))
    waltzes = [seconds for label, seconds in cycles if label.startswith("waltz")]
    print(f"move and reply against Archdruid at 'fast': {len(cycles)} cycles, "
          f"longest {max(s for _, s in cycles):.2f} s"
          + (f", waltzes {', '.join(f'{s:.2f}' for s in waltzes)} s (target < 3 s)"
             if waltzes else ""))
