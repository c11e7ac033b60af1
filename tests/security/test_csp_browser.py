"""The Content-Security-Policy breaks no page: a real Chromium reports no violation.

(The Chromium fixtures come from tests/browser, through tests/security/conftest.py.)
The pages of a player (home, lobby, the game page with its live socket, a
replay, settings, ladders), the API docs and the admin's pages are loaded in
Chromium against a real server; every "securitypolicyviolation" event is
collected, and the game page's socket must be live. The language switch of
the footer still submits itself.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

SETUP = (
    "from accounts.models import User; from games.core import services;"
    "make = lambda name, **kw: User.objects.create_user(name, f'{name}@example.org', "
    f"'{PASSWORD}', **kw);"
    "alice, bob = make('alice'), make('bob'); make('root', is_staff=True, is_superuser=True);"
    "game = services.start_match('druidenwalzer', {'moon': alice, 'sun': bob});"
    "done = services.start_match('druidenwalzer', {'moon': bob, 'sun': alice});"
    "services.resign(done.pk, alice); print('ids', game.pk, done.pk)"
)
WATCH = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
         "e => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));")


@pytest.fixture(scope="module")
def games(site):
    made = site.manage("shell", "-c", SETUP)
    assert made.returncode == 0, made.stderr
    return next(line.split()[1:] for line in made.stdout.splitlines() if line.startswith("ids"))


def log_in(page, base: str, name: str) -> None:
    page.add_init_script(WATCH)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"^http://[^/]+/$"))


def violations(page, base: str, paths: list[str]) -> list[str]:
    found = []
    for path in paths:
        response = page.goto(base + path)
        assert response.ok, (path, response.status)
        assert response.headers["content-security-policy"].startswith("default-src 'self'")
        page.wait_for_load_state("networkidle")
        found += [f"{path}: {item}" for item in page.evaluate("window.__csp")]
    return found


def test_it_breaks_no_page_of_a_player(site, games, new_page):
    game, done = games
    page = new_page()
    log_in(page, site.url, "alice")
    page.goto(f"{site.url}/games/{game}/")
    page.wait_for_selector("#live-state.is-live")  # the socket connects under the policy
    assert page.evaluate("window.__csp") == []
    found = violations(page, site.url, [
        "/", "/lobby/", f"/games/{game}/", f"/games/{done}/", f"/games/{done}/replay/",
        "/your-turn/", "/settings/", "/ladders/", "/leaderboard/", "/players/alice/",
        "/api/docs/", "/accounts/password/change/", "/accounts/email/"])
    assert found == []
    # The control: an injected inline script is refused and reported.
    page.evaluate("document.body.append(Object.assign(document.createElement('script'), "
                  "{textContent: 'window.__ran = true'}))")
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
    page.goto(f"{site.url}/lobby/")
    page.select_option(".language-form select", "nl")
    page.wait_for_function("document.documentElement.lang === 'nl'")


def test_it_breaks_no_page_of_the_admin(site, games, new_page):
    game, _done = games
    page = new_page()
    log_in(page, site.url, "root")
    found = violations(page, site.url, [
        "/admin/", "/admin/games/match/", f"/admin/games/match/{game}/change/",
        "/admin/accounts/user/", "/admin/accounts/user/1/change/", "/admin/ladders/ladder/add/",
        "/admin/axes/accessattempt/"])
    assert found == []
    page.goto(f"{site.url}/admin/ladders/ladder/add/")
    assert page.locator("#ladder_form, form").count() > 0
