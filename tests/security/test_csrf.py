"""CSRF: every POST form carries the token, and a POST without one is refused.

Forms are found twice: in the templates' source (every ``<form method="post">``
holds ``{% csrf_token %}``) and in every page the site renders for each kind
of visitor, the admin's included. Then each POST URL of the site is sent a
POST without the token by a client that enforces CSRF checks, as a browser
would: refused with 403 (and accepted with the token). The API refuses a
session-authenticated write without the token, and needs none with a token.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client

from tests.conftest import ROOT
from tests.security.conftest import ROLES
from tests.security.matrix import MATRIX
from tests.security.urlmap import World, admin_paths, outcome

pytestmark = pytest.mark.django_db

TOKEN = "csrfmiddlewaretoken"


class Forms(HTMLParser):
    """The POST forms of a page, each with whether it holds the CSRF token."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.current: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("method") or "get").lower() == "post":
            self.current = {"action": attrs.get("action"), "token": False}
            self.forms.append(self.current)
        elif tag == "input" and self.current is not None and attrs.get("name") == TOKEN:
            self.current["token"] = bool(attrs.get("value"))

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def post_forms(html: str) -> list[dict]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def test_it_puts_the_token_in_every_post_form_of_the_templates():
    missing = []
    for template in sorted((ROOT / "templates").rglob("*.html")):
        source = template.read_text()
        for found in re.finditer(r"<form\b[^>]*>", source, re.I):
            if not re.search(r"method=[\"']?post", found.group(0), re.I):
                continue
            body = source[found.end():source.find("</form>", found.end())]
            if "{% csrf_token %}" not in body:
                missing.append(f"{template.relative_to(ROOT)}: {found.group(0)}")
    assert not missing, missing


def _pages(world: World) -> list[tuple[str, str]]:
    pages = [(role, world.fill(case.path)) for cases in MATRIX.values() for case in cases
             if not case.api for role in ROLES if case.expect.get("GET") is not None]
    pages += [("staff", path) for path in admin_paths(world).values()]
    pages += [("opponent", f"/games/{world.finished.pk}/"), ("anonymous", "/admin/login/")]
    return pages


def test_it_puts_the_token_in_every_post_form_of_every_page(world):
    checked, missing = 0, []
    for role, path in _pages(world):
        _, response = outcome(world, role, "GET", path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in post_forms(response.content.decode()):
            checked += 1
            if not form["token"]:
                missing.append(f"{path} as {role}: the form to {form['action']}")
    assert checked > 100  # the header's log-out form and the footer's language form alone
    assert not missing, "\n".join(missing)


def _post_urls(world: World) -> list[tuple[str, str, dict | None]]:
    return [(world.fill(case.path), role, case.body) for cases in MATRIX.values()
            for case in cases if not case.api and "POST" in case.expect
            for role in ("anonymous", "player")
            if case.expect["POST"] not in ("405",) and not (
                isinstance(case.expect["POST"], tuple)
                and case.expect["POST"][ROLES.index(role)] == "405")]


def _browser(world: World, role: str) -> Client:
    client = Client(enforce_csrf_checks=True)
    if world.users[role] is not None:
        client.force_login(world.users[role])
    return client


def test_it_refuses_every_post_without_the_token(world):
    accepted = []
    urls = _post_urls(world) + [(path, "staff", None) for path in (
        "/admin/login/", "/admin/logout/", f"/admin/games/match/{world.game.pk}/change/")]
    for path, role, body in urls:
        with transaction.atomic():
            response = _browser(world, role).post(path, body or {})
            transaction.set_rollback(True)
        if response.status_code != 403 or b"CSRF" not in response.content:
            accepted.append(f"POST {path} as {role}: {response.status_code}")
    assert len(urls) > 50
    assert not accepted, "\n".join(accepted)


def test_it_accepts_the_same_post_with_the_token(world):
    with transaction.atomic():
        client = _browser(world, "player")
        page = client.get("/settings/").content.decode()
        token = re.search(rf'name="{TOKEN}" value="([^"]+)"', page).group(1)
        response = client.post("/settings/", {"notify": "off", "language": "", TOKEN: token})
        transaction.set_rollback(True)
    assert response.status_code == 302


API_WRITES = [
    ("/api/challenges/", {"opponent": "carol"}),
    ("/api/challenges/{challenge}/accept/", {}),
    ("/api/challenges/{challenge}/decline/", {}),
    ("/api/games/{game}/move/", {"move": {"type": "place", "druid": "purple", "tree": 1},
                                 "version": 0}),
    ("/api/games/{game}/resign/", {}),
    ("/api/games/{game}/draw/", {"action": "offer"}),
    ("/api/games/{game}/rematch/", {}),
]


@pytest.mark.parametrize(("path", "body"), API_WRITES, ids=[path for path, _ in API_WRITES])
def test_it_refuses_session_writes_to_the_api_without_the_token(world, path, body):
    path = world.fill(path)
    with transaction.atomic():
        client = _browser(world, "player")
        refused = client.post(path, body, content_type="application/json")
        client.get("/lobby/")  # sets the CSRF cookie, as any page does
        token = client.cookies[settings.CSRF_COOKIE_NAME].value
        accepted = client.post(path, body, content_type="application/json",
                               HTTP_X_CSRFTOKEN=token)
        transaction.set_rollback(True)
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    assert accepted.status_code != 403, accepted.content


def test_it_needs_no_csrf_token_with_an_api_token(world):
    got, _response = outcome(world, "player", "POST", world.fill("/api/games/{game}/draw/"),
                             {"action": "offer"}, api=True)
    assert got == "200w"


def test_it_keeps_the_csrf_and_session_cookies_from_scripts():
    assert settings.SESSION_COOKIE_HTTPONLY is True
    assert settings.CSRF_COOKIE_SAMESITE == "Lax" and settings.SESSION_COOKIE_SAMESITE == "Lax"
