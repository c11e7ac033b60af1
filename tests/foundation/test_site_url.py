"""Links in mails: SITE_URL in production (required), the visited address in development."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from druidsite import site_url as site_url_module
from druidsite.env import Env
from druidsite.site_url import site_url
from tests.conftest import embedded_env, manage
from tests.foundation.test_deploy_check import PRODUCTION


def test_it_stops_a_production_start_without_site_url_naming_it(tmp_path):
    env = embedded_env(tmp_path, **PRODUCTION)
    env.pop("SITE_URL")
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SITE_URL" in result.stderr


def test_it_reads_site_url_in_production(tmp_path):
    code = "from django.conf import settings; print(settings.SITE_URL)"
    result = manage("shell", "-v", "0", "-c", code,
                    env=embedded_env(tmp_path, **{**PRODUCTION,
                                                  "SITE_URL": "https://druids.example.org/"}))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "https://druids.example.org"


@pytest.mark.parametrize("value", ["druids.example.org", "ftp://x.org", "https://x.org/games/"])
def test_it_refuses_a_site_url_that_is_not_an_address(value):
    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        Env({"SITE_URL": value}).site_url("SITE_URL")


@pytest.mark.django_db
@override_settings(SITE_URL=None)
def test_it_uses_the_address_the_site_was_visited_at_in_development(client, monkeypatch):
    monkeypatch.setattr(site_url_module, "_remembered", None)
    assert client.get("/", HTTP_HOST="localhost:8123").status_code == 200
    assert site_url() == "http://localhost:8123"


@override_settings(SITE_URL="https://druids.example.org")
def test_it_prefers_the_configured_address():
    assert site_url() == "https://druids.example.org"
