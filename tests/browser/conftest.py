"""Browser tests: Playwright drives Debian's Chromium against a real ASGI server.

The server runs in a subprocess on the embedded defaults (SQLite in a fresh
data folder, in-memory channel layer, in-process worker), as a newcomer would
run it. Without Chromium the tests are skipped locally and fail in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import (
    REQUIRE_SERVICES,
    ROOT,
    copy_migrated,
    embedded_env,
    free_port,
    manage,
    wait_for_port,
)

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    candidate = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return candidate if Path(candidate).exists() else None


@pytest.fixture(scope="module")
def site(tmp_path_factory, migrated_database):
    """A migrated site in a subprocess (a copy of the run's migrated database);
    yields its base URL and a manage() for it."""
    data = tmp_path_factory.mktemp("site")
    env = embedded_env(data, NOTIFY_DELAY_SECONDS="0")
    copy_migrated(migrated_database, data)
    port = free_port()
    log = open(data / "server.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "druidsite.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, server)

        class Site:
            url = f"http://127.0.0.1:{port}"
            data_dir = data

            @staticmethod
            def manage(*args: str):
                return manage(*args, env=env)

        yield Site
    finally:
        server.terminate()
        try:
            # daphne gives its open connections up to 10 s to close on SIGTERM
            server.wait(20)
        except subprocess.TimeoutExpired:  # a stop that hangs must not fail the test
            server.kill()
            server.wait(10)
        log.close()


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium)"
        if REQUIRE_SERVICES:
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def new_page(browser):
    """Pages in separate contexts: one per player, like two different browsers."""
    contexts = []

    def open_page(locale: str = "en-US"):
        context = browser.new_context(locale=locale, viewport={"width": 1100, "height": 900})
        context.set_default_timeout(15000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where a test saves its screenshots for review (BROWSER_SCREENSHOTS, or a folder
    of the test run); its path is printed."""
    folder = Path(os.environ.get("BROWSER_SCREENSHOTS")
                  or tmp_path_factory.getbasetemp() / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder
