"""The installable site: manifest, service worker and offline page, the same for everyone."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_serves_a_valid_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert data["theme_color"] == "#23743a" and data["name"] == "druidsite"
    sizes = {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes


def test_it_serves_the_worker_at_the_root(client, alice):
    client.force_login(alice)
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert body.startswith('const CONFIG = {"offline": "/offline/", "static": "/static/"')
    assert "notificationclick" in body and "no-store" not in response["Cache-Control"]


def test_the_worker_keeps_static_files_only():
    from django.conf import settings

    source = (settings.BASE_DIR / "static" / "js" / "sw.js").read_text()
    # One cache.put, guarded by the static prefix; pages only fall back to the offline page.
    assert source.count("cache.put(") == 1
    assert "url.pathname.startsWith(CONFIG.static)" in source


def test_the_offline_page_names_no_player(client, alice):
    client.force_login(alice)
    page = client.get("/offline/").content.decode()
    assert "You are offline" in page and "alice" not in page


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert "js/install.js" in page


def test_the_policy_allows_the_worker_and_manifest(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "default-src 'self'" in policy
    assert "worker-src" not in policy  # falls back to script-src 'self'
