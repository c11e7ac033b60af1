"""What the tournament pages' browser tests share: the players (eight of them and an
admin, "boss"), logging in, running code in the site's own process (its shell), the
director's form, playing a tournament out, and a look at a page at both sizes
(screenshots; no sideways scrolling; no serious axe-core violation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_player_pages import serious_violations

PASSWORD = "browser-test-password-9"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
from accounts.models import User
from ladders.models import Rating
if not User.objects.filter(username="boss").exists():
    User.objects.create_superuser("boss", "boss@example.org", {PASSWORD!r})
for n, name in enumerate(["anna", "bram", "cato", "daan", "eva", "finn", "gijs", "hana"]):
    user = User.objects.filter(username=name).first() or User.objects.create_user(
        name, name + "@example.org", {PASSWORD!r})
    for game in ("druidenwalzer", "caesar-cleopatra", "kasteel"):
        Rating.objects.get_or_create(user=user, game=game, defaults={{"rating": 1900 - 40 * n}})
"""

JOIN = """
from accounts.models import User
from tournaments import services
for name in {names!r}:
    services.join({tid}, User.objects.get(username=name))
"""

# Plays the tournament to its end in this process, the follow-up tasks run at once
# (eager), as the site's worker would run them: every two-player game is resigned by
# its lower seeded player; Kasteel tables are played with the first legal move.
FINISH = """
import json, time
from druidsite.celery import app
app.conf.task_always_eager = True
from games.core import services
from games.core.errors import ServiceError
from games.models import Seat
from games.rules import get_rules
from tournaments.models import Tournament, TournamentGame
tid = {tid}
deadline = time.monotonic() + 240
while time.monotonic() < deadline:
    t = Tournament.objects.get(pk=tid)
    if t.status != "running":
        break
    game = (TournamentGame.objects.filter(round__tournament=t, ended=False,
                                          match__status="active")
            .select_related("first", "second", "match").first())
    if game is None:
        time.sleep(0.2)  # the site's worker is pairing a round
        continue
    if game.first_id:  # the lower seed (rating at the start) resigns
        seeds = dict(t.players.values_list("user_id", "rating"))
        services.resign(game.match_id, min(game.first, game.second, key=lambda u: seeds[u.pk]))
        continue
    match = game.match
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    name = rules.owed_by(state)[0]
    seat = Seat.objects.select_related("user").get(match=match, seat=name)
    try:
        services.play(match.pk, seat.user, rules.legal_moves(state)[0], match.version,
                      seat=name, as_ai=bool(seat.takeover_level))
    except ServiceError:
        pass  # an AI move got there first
t = Tournament.objects.get(pk=tid)
print(json.dumps({{"status": t.status, "winner": t.winner.username if t.winner else None}}))
"""


def shell(site, code: str) -> str:
    done = site.manage("shell", "-c", code)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def log_in(page, base: str, name: str, next_path: str = "/") -> None:
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{base}{next_path}")


@pytest.fixture(scope="module")
def players(site) -> None:
    shell(site, SETUP)


def admin_action(page, action: str, reason: str = "") -> None:
    page.locator("#admin-action").select_option(action)
    page.fill("#admin-reason", reason)
    with page.expect_navigation():  # the form posts and redirects back to the page
        page.locator("#admin-submit").click()


def settle(page) -> None:
    """Wait for the page's first live refresh: once its socket is open the page fetches
    itself and replaces its parts (static/js/live-parts.js), the director's form and
    the table tree among them, so a field filled or an element taken before that is
    lost (a half-filled form posted empty, "not attached to the DOM")."""
    page.wait_for_load_state("networkidle")


def direct(page, action: str, reason: str, **fields: str) -> str:
    """The director's form on a tournament's page: ``action`` with its ``fields`` (the
    form's ids without "admin-": player, other, round, deadline, bye_kind...) and the
    reason, posted; the page's answer (its messages)."""
    settle(page)
    panel = page.locator("#tournament-admin")
    if panel.get_attribute("open") is None:  # folded while the tournament runs
        panel.locator("summary").click()
    page.locator("#admin-action").select_option(action)
    for name, value in fields.items():
        field = page.locator(f"#admin-{name.replace('_', '-')}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.fill("#admin-reason", reason)
    with page.expect_navigation():  # the form posts and redirects back to the page
        page.locator("#admin-submit").click()
    return page.locator(".messages").inner_text()


def standings_on_page(page) -> list[list[str]]:
    """The standings table's cells, row by row: rank, player, points, games, W-D-L (and
    +byes), then one cell per tie-break ("–" when it does not apply)."""
    return [[cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in page.locator("#standings-table tbody tr").all()]


def csv_standings_as_page(rows: list[list[str]]) -> list[list[str]]:
    """The standings CSV's rows (without its heading) written as the page's cells."""
    return [[r[0], r[2], r[3], r[4],
             f"{r[5]}-{r[6]}-{r[7]}" + (f" +{r[8]}" if r[8] != "0" else ""),
             *(value or "–" for value in r[9:])] for r in rows]


def look(site, browser, tid: int | None, shots: Path, name: str) -> None:
    """Screenshots of the page (the list without ``tid``) at both sizes, as a visitor
    sees it; it must not scroll sideways, and axe-core finds no serious or critical
    violation."""
    for viewport, size in VIEWPORTS.items():
        context = browser.new_context(viewport=size, locale="en-US")
        page = context.new_page()
        try:
            page.goto(f"{site.url}/tournaments/{tid}/" if tid else f"{site.url}/tournaments/")
            _check(page, shots, name, viewport)
        finally:
            context.close()


def look_at(page, shots: Path, name: str) -> None:
    """``look`` at a page as it stands (a player's or a director's, a form open), at
    both sizes in turn."""
    for viewport, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        _check(page, shots, name, viewport)


def _check(page, shots: Path, name: str, viewport: str) -> None:
    page.screenshot(path=str(shots / f"tournament-{name}-{viewport}.png"), full_page=True)
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{name} scrolls sideways at {viewport}: {widths}"
    problems = serious_violations(page)
    assert not problems, f"{name} at {viewport}: " + "\n".join(problems)
