"""What fuzzing the forms found (test_form_fuzz), one named test each; each failed before
its fix. The report and follow ones are in tests/social/test_form_refusals.py."""

from __future__ import annotations

import logging

import pytest
from django.contrib.messages import get_messages

from games.models import Challenge, Table
from tests.security.formfuzz import ErrorLogs, FormView, form_views, verdict

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("language", ["", "xx", "99999999999999999999"])
def test_the_language_switch_names_an_unknown_language(language, alice, client):
    client.force_login(alice)
    response = client.post("/i18n/setlang/", {"language": language, "next": "/lobby/"})
    assert response.status_code == 302
    assert said(response) == [
        f"Unknown language {language or '–'}: choose one of en, nl."]
    alice.refresh_from_db()
    assert alice.language == ""


@pytest.mark.parametrize("path", ["/settings/", "/challenges/new/", "/tables/new/?game=kasteel"])
def test_an_empty_post_shows_the_forms_errors(path, alice, client):
    """An empty body was read as no form at all: the page came back without a word."""
    client.force_login(alice)
    response = client.post(path, {})
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert not Challenge.objects.exists() and not Table.objects.exists()


# --- the oracle itself -------------------------------------------------------------------


def _view(pattern: str) -> FormView:
    return next(view for view in form_views() if view.pattern == pattern)


def test_the_oracle_reports_a_crash_a_silent_refusal_and_a_refusal_that_writes(
        world, monkeypatch, settings):
    settings.EMBEDDED_WORKER = False
    log = ErrorLogs()
    logging.getLogger().addHandler(log)
    try:
        follow = _view("players/<str:username>/do/<str:action>/")
        assert verdict(world, "player", follow, "/players/bob/do/follow/", [], log) is None

        from social import services

        monkeypatch.setattr(services, "follow", lambda user, other: 1 / 0)
        from social import views

        monkeypatch.setitem(views.ACTIONS, "follow", (services.follow, "done"))
        assert "500" in verdict(world, "player", follow, "/players/bob/do/follow/", [], log)

        vacation = _view("settings/vacation/")
        assert verdict(world, "player", vacation, "/settings/vacation/",
                       [("action", "start")], log) is None  # a write, with its message
        from accounts import views as account_views

        monkeypatch.setattr(account_views.messages, "success", lambda *args: None)
        monkeypatch.setattr(account_views.messages, "error", lambda *args: None)
        assert "says nothing" in verdict(world, "player", vacation, "/settings/vacation/",
                                         [("action", "nap")], log)
        monkeypatch.setattr(account_views.messages, "success",
                            lambda request, text: account_views.messages.add_message(
                                request, 40, text))
        assert "refused" in verdict(world, "player", vacation, "/settings/vacation/",
                                    [("action", "start")], log)
    finally:
        logging.getLogger().removeHandler(log)
