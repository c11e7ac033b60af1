"""The secure headers of production mode, from a real server (daphne, DJANGO_ENV=production).

Behind the TLS proxy (X-Forwarded-Proto: https, as BEHIND_TLS_PROXY trusts):
HSTS, nosniff, X-Frame-Options DENY, the referrer policy, the Content-
Security-Policy, secure cookies on log-in; a plain-HTTP request is
redirected to HTTPS.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

import pytest
import requests
from django.conf import settings

from tests.conftest import PASSWORD, copy_migrated, embedded_env, manage

pytestmark = pytest.mark.slow

HOST = "druids.example.org"
PRODUCTION = {"DJANGO_ENV": "production", "ALLOWED_HOSTS": HOST, "SITE_URL": f"https://{HOST}",
              "SECRET_KEY": "prod-" + "Vq8Lr2Ns5Tw9Xz3Bc6Df1Gh4Jk7Mp0" * 2}
HTTPS = {"Host": HOST, "X-Forwarded-Proto": "https"}


@pytest.fixture
def production(tmp_path, serve, migrated_database):
    env = embedded_env(tmp_path, STATIC_ROOT=str(tmp_path / "static"), EMBEDDED_WORKER="0",
                       **PRODUCTION)
    copy_migrated(migrated_database, tmp_path)  # the run's migrated database, as procfile.py
    for step in (("collectstatic", "--noinput"), (
            "shell", "-c", "from accounts.models import User; User.objects.create_user("
            f"'alice', 'alice@example.org', '{PASSWORD}')")):
        done = manage(*step, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
    port, _process = serve(env)
    return f"http://127.0.0.1:{port}"


def cookies_set(response) -> dict[str, dict]:
    jar: dict[str, dict] = {}
    for header in response.raw.headers.getlist("Set-Cookie"):
        parsed = SimpleCookie()
        parsed.load(header)
        for name, morsel in parsed.items():
            jar[name] = {"value": morsel.value, "secure": bool(morsel["secure"]),
                         "httponly": bool(morsel["httponly"]), "samesite": morsel["samesite"]}
    return jar


def test_it_sends_secure_headers_and_cookies_in_production(production):
    plain = requests.get(f"{production}/lobby/", headers={"Host": HOST},
                         allow_redirects=False, timeout=10)
    assert plain.status_code == 301 and plain.headers["Location"] == f"https://{HOST}/lobby/"

    for path in ("/", "/accounts/login/", "/lobby/", "/api/docs/", "/api/games/999/",
                 "/admin/login/"):
        page = requests.get(production + path, headers=HTTPS, allow_redirects=False,
                            timeout=10)
        assert page.status_code in (200, 404), (path, page.status_code)
        headers = page.headers
        assert headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains; preload"), path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["Referrer-Policy"] == "same-origin", path
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin", path
        assert headers["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY, path
        assert "Server" not in headers or "Django" not in headers["Server"]

    form = requests.get(f"{production}/accounts/login/", headers=HTTPS, timeout=10)
    csrf = cookies_set(form)["csrftoken"]
    assert csrf["secure"] and csrf["samesite"] == "Lax"
    login = requests.post(
        f"{production}/accounts/login/", allow_redirects=False, timeout=10,
        headers={**HTTPS, "Origin": f"https://{HOST}", "Cookie": f"csrftoken={csrf['value']}"},
        data={"login": "alice", "password": PASSWORD, "csrfmiddlewaretoken": csrf["value"]})
    assert login.status_code == 302 and login.headers["Location"] == "/"
    session = cookies_set(login)["sessionid"]
    assert session["secure"] and session["httponly"] and session["samesite"] == "Lax"
