"""Unknown pages and crashes show the site's own pages, also under ``make run``'s defaults.

Django's debug pages (every URL pattern on a 404, a traceback on a 500) appear only
when a developer sets DEBUG=1. The embedded defaults are checked on a real
``manage.py runserver`` (what ``make run`` starts), where static files must
still be served (by WhiteNoise: runserver serves them only with DEBUG).
"""

from __future__ import annotations

import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from django.test import Client

from tests.conftest import ROOT, copy_migrated, embedded_env, free_port, wait_for_port

pytestmark = pytest.mark.django_db


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_it_shows_the_sites_own_404_page(alice):
    for client in (Client(), Client()):
        response = client.get("/no-such-page/")
        assert response.status_code == 404
        page = response.content.decode()
        assert 'id="not-found"' in page and "There is no page at /no-such-page/." in page
        assert 'href="/rules/"' in page and "URLconf" not in page
        client.force_login(alice)


def test_it_shows_the_sites_own_500_and_400_pages(rf):
    from druidsite import errors

    crashed = errors.server_error(rf.get("/rules/"))
    assert crashed.status_code == 500 and 'id="server-error"' in crashed.content.decode()
    refused = errors.bad_request(rf.get("/rules/"), ValueError("bad"))
    assert refused.status_code == 400 and 'id="bad-request"' in refused.content.decode()
    assert b'"code": "server_error"' in errors.server_error(rf.get("/api/games/")).content


@pytest.fixture
def make_run(tmp_path, migrated_database):
    """``manage.py runserver`` on the embedded defaults (no DEBUG in the environment)."""
    copy_migrated(migrated_database, tmp_path / "data")
    env = embedded_env(tmp_path / "data", EMBEDDED_WORKER="0")
    env.pop("DEBUG", None)
    port = free_port()
    log = open(tmp_path / "runserver.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, server, timeout=60)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)
        log.close()


def test_make_runs_defaults_show_the_404_page_and_serve_static_files(make_run):
    status, page = fetch(make_run + "/no-such-page/")
    assert status == 404
    assert 'id="not-found"' in page and "URLconf" not in page and "lobby/" not in page
    status, style = fetch(make_run + "/static/css/site.css")
    assert status == 200 and ".site-main" in style
    status, _ = fetch(make_run + "/static/css/no-such-file.css")
    assert status == 404
    status, home = fetch(make_run + "/")
    assert status == 200 and "/static/css/site.css" in home
