"""Caesar & Cleopatra in two browsers: both players place their setup cards by
clicking, Cleopatra plays a Scout, Caesar is asked on his page, live, and vetoes;
Cleopatra's page shows the Veto live. The hands are dealt through the ORM so that
the action cards are where the test needs them."""

import re

import pytest

from tests.browser.test_play_live import sign_up, version_of, wait_for_version

pytestmark = pytest.mark.browser

GROUPS = ["senators", "praetors", "quaestors", "aediles", "censors"]

START = """
from accounts.models import User
from games.core import services
m = services.start_match('caesar-cleopatra', {'cleopatra': User.objects.get(username='cleo'),
                         'caesar': User.objects.get(username='gaius')}, seed=424242)
print(m.pk)
"""

ARM = """
from games.models import Match
from tests.site.caesar_cleopatra import edit_state, swap_into_hand, top_vote_cards
m = Match.objects.get(pk=%d)
def arm(state):
    swap_into_hand(state, 'cleopatra', 'C-scout', 'C5')
    swap_into_hand(state, 'caesar', 'R-veto', 'R5')
    top_vote_cards(state, 'V-orgy', 'V-orgy')
edit_state(m, arm)
"""


def confirm(page) -> None:
    page.locator("#action-panel [data-choice=confirm]").click()


def place_setup(page, prefix: str) -> None:
    """One card of each value, 1 at the Senators ... 5 at the Censors, by clicking."""
    for value, group in zip("12345", GROUPS, strict=True):
        page.locator(f'.hand-card[data-card="{prefix}{value}"]:not([disabled])').first.click()
        page.locator(f'.cc-group.choosable[data-group="{group}"]').click()
    assert "Senators 1" in page.locator("#action-panel").inner_text()
    confirm(page)


def test_it_plays_up_to_a_veto_between_two_browsers(site, new_page):
    cleo, gaius = new_page(), new_page()
    sign_up(cleo, site.url, "cleo")
    sign_up(gaius, site.url, "gaius")
    started = site.manage("shell", "-v", "0", "-c", START)
    assert started.returncode == 0, started.stderr
    match_id = int(started.stdout.strip().splitlines()[-1])
    url = f"{site.url}/games/{match_id}/"
    cleo.goto(url)
    gaius.goto(url)
    assert "Caesar &amp; Cleopatra" in cleo.content()

    gaius.evaluate("window.__stayed = true")
    place_setup(cleo, "C")
    wait_for_version(gaius, 1)  # live, no reload
    assert "Cleopatra placed five cards face down" in gaius.locator(".move-log").inner_text()
    place_setup(gaius, "R")
    wait_for_version(cleo, 2)
    assert gaius.evaluate("window.__stayed") is True
    # Her own face-down values on her board; his as backs.
    senators = cleo.locator('.cc-group[data-group="senators"]')
    assert senators.locator('.cc-side-cleopatra [data-name="C1"]').count() == 1
    assert senators.locator(".cc-side-caesar .is-back").count() == 1
    assert cleo.locator('[data-name="R1"]').count() == 0

    armed = site.manage("shell", "-v", "0", "-c", ARM % match_id)
    assert armed.returncode == 0, armed.stderr
    cleo.reload()
    gaius.reload()
    gaius.evaluate("window.__stayed = true")

    # Cleopatra plays her Scout at the Senators: only legal targets are offered.
    cleo.locator('.hand-card[data-card="C-scout"]').click()
    targets = cleo.locator("#action-panel [data-choice=target]")
    assert targets.count() == 5  # Caesar has a face-down card at every group
    targets.first.click()
    assert "Scout" in cleo.locator("#action-panel").inner_text()
    version = version_of(cleo)
    confirm(cleo)

    # Caesar's page asks him, live; hers says whose decision the game waits for.
    wait_for_version(gaius, version + 1)
    assert gaius.evaluate("window.__stayed") is True
    assert "Your decision: Veto?" in gaius.locator("#game-status").inner_text()
    gaius.locator("#action-panel [data-choice=veto]").wait_for()
    wait_for_version(cleo, version + 1)
    assert re.search(r"Waiting for Caesar's decision \(Veto\?\) — gaius",
                     cleo.locator("#game-status").inner_text())
    assert cleo.locator("#action-panel [data-choice=veto]").count() == 0

    gaius.locator("#action-panel [data-choice=veto]").click()
    assert "Veto Scout?" in gaius.locator("#action-panel").inner_text()
    confirm(gaius)
    wait_for_version(cleo, version + 2)
    cleo.locator(".log-entry", has_text="Caesar vetoed Scout").first.wait_for()
    assert "Draw a card" in cleo.locator("#game-status").inner_text()
    # Caesar now draws his card: the page offers the two piles.
    wait_for_version(gaius, version + 2)
    assert gaius.locator("#action-panel [data-choice=draw]").count() == 2
