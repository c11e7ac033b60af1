"""Caesar & Cleopatra's board in the browser at 1280x800 and on a 390x844 phone, in the
middle of a game: cards drawn as cards (an influence card its value in its owner's
colour, an action card its icon and name, a face-down card its back), each group its
patricians left, each side's influence shown and who leads; no sideways scroll, no
serious axe-core violation. Screenshots are saved for review."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS, serious_violations

pytestmark = pytest.mark.browser

#: A game of Livia (Cleopatra) and Marcus past its setup, in the site's shell.
NEW_GAME = f"""
import json, random
from accounts.models import User
from tests.site.caesar_cleopatra import RULES, play, set_up, start, state_of

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

match = set_up(start(user("livia"), user("marcus")))
"""

SETUP = NEW_GAME + """
rng = random.Random(3)
for _ in range(14):
    state = state_of(match)
    if RULES.is_over(state):
        break
    legal = RULES.legal_moves(state)
    moves = [m for m in legal if m.get("type") != "pass"] or legal
    play(match, rng.choice(moves))
print(json.dumps({"game": match.pk}))
"""


@pytest.fixture(scope="module")
def game(site) -> int:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])["game"]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_it_draws_the_cards_as_cards_and_each_groups_standing(site, browser, game, shots,
                                                               viewport):
    with player_page(browser, site, viewport, "livia",
                     f"{site.url}/games/{game}/") as page:
        page.locator(".cc-board").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / f"caesar-cleopatra-{viewport}.png"), full_page=True)
        page.locator(".cc-groups").screenshot(
            path=str(shots / f"caesar-cleopatra-{viewport}-groups.png"))
        cards = page.locator(".cc-card")
        assert cards.count() > 10
        # No card shows a rules code ("C3", "R-spy"): values, names and backs only.
        texts = cards.evaluate_all("cs => cs.map(c => c.innerText.trim())")
        assert not [t for t in texts if re.search(r"\b[CR]\d\b|[CR]-\w", t)], texts
        values = page.locator(".cc-card.is-value .cc-value")
        assert values.count() and re.fullmatch(r"[1-5]", values.first.inner_text())
        assert page.locator(".cc-card.is-back .cc-back-mark").count()  # Marcus's hidden cards
        for action in page.locator(".cc-card.is-action").all():
            assert action.locator("svg.cc-icon").count() == 1 and action.inner_text().strip()
        groups = page.locator(".cc-group")
        assert groups.count() == 5
        for group in groups.all():
            assert re.search(r"\d of \d patricians? left", group.inner_text())
            assert group.locator(".cc-token").count() in (3, 5)
            assert "Patricians won" in group.inner_text()
            influence = group.locator(".cc-influence").inner_text()
            assert re.search(r"Caesar \d+ · Cleopatra \d+ · (\w+ leads|even)", influence)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1]
        assert not serious_violations(page)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_hand_stays_in_reach_while_the_player_looks_over_the_groups(
        site, browser, game, shots, viewport):
    # On a phone the five groups fill more than a screen; the hand sat some 1,600 px
    # down. While Livia owes a decision, her prompt and hand stay at the bottom of the
    # screen: a card picked there, its group tapped above, no scrolling between them.
    with player_page(browser, site, viewport, "livia",
                     f"{site.url}/games/{game}/") as page:
        page.locator("#action-panel:not([hidden])").wait_for()
        for group in ("senators", "censors"):
            page.evaluate("name => document.querySelector(`.cc-group[data-group='${name}']`)"
                          ".scrollIntoView({block: 'start'})", group)
            card = page.locator(".cc-hand .hand-card").first.bounding_box()
            prompt = page.locator("#action-panel").bounding_box()
            height = VIEWPORTS[viewport]["height"]
            assert card and prompt
            assert 0 <= prompt["y"] and card["y"] + card["height"] <= height, (group, card)
            # The group's title is not under the hand: a tap there reaches the group.
            title = page.locator(f'.cc-group[data-group="{group}"] .cc-group-title')
            box = title.bounding_box()
            hit = page.evaluate(
                "([x, y, name]) => !!document.elementFromPoint(x, y)"
                "?.closest(`.cc-group[data-group='${name}']`)",
                [box["x"] + 5, box["y"] + box["height"] / 2, group])
            assert hit, group
            page.screenshot(
                path=str(shots / f"caesar-cleopatra-{viewport}-hand-in-reach-{group}.png"))
        # Nothing of the page's own text leaks out of the template around the hand.
        assert "{#" not in page.locator(".cc-board").inner_text()
        sticky = page.evaluate("getComputedStyle(document.querySelector('.move-dock')).position")
        assert sticky == "sticky"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_cards_places_show_above_the_dock(site, browser, game, shots, viewport):
    # A newcomer tapped a card and saw none of the "face up" / "face down" buttons it
    # added on the board: they sat under the dock or below the screen. The page now
    # scrolls the first highlighted group's buttons into view above the dock.
    with player_page(browser, site, viewport, "livia",
                     f"{site.url}/games/{game}/") as page:
        page.locator("#action-panel:not([hidden])").wait_for()
        choices = page.locator(".cc-group-choices:not([hidden]) button")
        for card in page.locator(".cc-hand .hand-card:enabled").all():
            page.evaluate("scrollTo(0, 0)")
            card.click()
            if choices.count():
                break
        assert choices.count(), "no card of the hand has a place"
        page.wait_for_timeout(200)
        height = VIEWPORTS[viewport]["height"]
        for button in choices.all()[:2]:  # the first group's buttons
            box = button.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height
            on_top = page.evaluate(
                "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.cc-group-choices')",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
            assert on_top, button.inner_text()
        page.screenshot(path=str(shots / f"caesar-cleopatra-{viewport}-places-above-dock.png"))
        assert "highlighted group" in page.locator("#action-panel").inner_text()


ACTION_SETUP = NEW_GAME + """
# Livia on move with an action card she may play.
rng = random.Random(8)
for _ in range(300):
    state = state_of(match)
    legal = RULES.legal_moves(state)
    if RULES.to_move(state) == "cleopatra" and any(m["type"] == "action" for m in legal):
        break
    moves = [m for m in legal if m.get("type") not in ("pass", "action")] or legal
    play(match, rng.choice(moves))
print(json.dumps({"game": match.pk}))
"""


def test_an_action_card_says_what_it_does(site, browser, shots):
    # "Scout: choose the target." alone told a newcomer nothing: the effect stands under it.
    done = site.manage("shell", "-c", ACTION_SETUP)
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout.strip().splitlines()[-1])["game"]
    with player_page(browser, site, "phone", "livia", f"{site.url}/games/{game}/") as page:
        page.locator("#action-panel:not([hidden])").wait_for()
        actions = page.locator(".cc-hand .hand-card:enabled:has(.is-action)")
        assert actions.count(), "the hand holds no action card to play"
        actions.first.click()
        hint = page.locator("#action-panel .hint").inner_text()
        assert re.search(r"removes|turns face up|shows the hand|places them again", hint), hint
        page.screenshot(path=str(shots / "caesar-cleopatra-phone-action-explained.png"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_each_group_reads_in_two_rows_with_their_totals(site, browser, game, shots, viewport):
    # A group was about 330 px tall on a phone (its sentences wrapped in a narrow
    # column) and the five filled three screens: a card's places sat under the dock.
    # Now the name and the dots share a line and each side's influence shown and
    # patricians won stand at the end of its row, the sentences kept for screen readers.
    with player_page(browser, site, viewport, "livia",
                     f"{site.url}/games/{game}/") as page:
        page.locator(".cc-board").wait_for()
        heights = page.locator(".cc-group").evaluate_all(
            "gs => gs.map(g => Math.round(g.getBoundingClientRect().height))")
        assert max(heights) <= 190, heights
        board = page.locator(".cc-groups").bounding_box()
        assert board and board["height"] <= (600 if viewport == "phone" else 200), board
        for group in page.locator(".cc-group").all():
            sentence = group.locator(".cc-influence").inner_text()
            shown = [int(n) for n in re.findall(r"(?:Caesar|Cleopatra) (\d+)", sentence)]
            totals = group.locator(".cc-side-total")
            assert [int(t) for t in totals.all_inner_texts()] == shown, sentence
            leader = re.search(r"(\w+) leads", sentence)
            leading = totals.evaluate_all(
                "ts => ts.map(t => t.classList.contains('is-leading'))")
            rows = group.locator(".cc-side").evaluate_all(
                "rs => rs.map(r => r.classList.contains('is-leading'))")
            assert leading == rows and sum(leading) == (1 if leader else 0), sentence
            won = group.locator(".cc-won").inner_text()
            stars = [int(s.rstrip("★")) for s in group.locator(".cc-side-won").all_inner_texts()]
            assert sorted(stars) == sorted(int(n) for n in re.findall(r"\d+", won) if n != "0")
        page.locator(".cc-groups").screenshot(
            path=str(shots / f"caesar-cleopatra-{viewport}-groups-compact.png"))
