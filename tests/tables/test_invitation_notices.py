"""An invitation to a table is told to the invitee (in their list of notices and live on
their open pages); when the table fills and starts, every seated player is told, with
the game's address (their table page and the lobby take them there)."""

from __future__ import annotations

import pytest

from games.lobby import table_notices, tables
from games.realtime import broadcast
from notices.models import Notice
from notices.service import unread_count

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def sent(monkeypatch):
    found: list[tuple[str, dict]] = []
    monkeypatch.setattr(table_notices, "publish_many", lambda messages: found.extend(messages))
    return found


def notices_to(sent, user) -> list[dict]:
    return [message["notice"] for group, message in sent
            if group == broadcast.user_group(user.pk) and message["type"] == "user.notice"]


def test_it_tells_the_invitee(alice, bob, sent, django_capture_on_commit_callbacks):
    table = tables.open_table(alice, game="kasteel", size=3)
    with django_capture_on_commit_callbacks(execute=True):
        tables.invite(table.pk, alice, "bob")
    [notice] = notices_to(sent, bob)
    assert notice["kind"] == "table_invited" and notice["table"] == table.pk
    assert notice["url"] == f"/tables/{table.pk}/"
    assert "alice invites you to table #" in notice["text"] and "Kasteel" in notice["text"]
    stored = Notice.objects.get(user=bob)
    assert stored.kind == "table_invited" and stored.url == f"/tables/{table.pk}/"
    assert unread_count(bob) == 1 and not Notice.objects.filter(user=alice).exists()


def test_it_tells_nothing_when_the_invitation_is_refused(alice, bob, carol, sent,
                                                        django_capture_on_commit_callbacks):
    table = tables.open_table(alice, game="kasteel", size=2)
    tables.join_table(table.pk, carol)  # full: started
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(tables.Conflict):
        tables.invite(table.pk, alice, "bob")
    assert notices_to(sent, bob) == [] and not Notice.objects.filter(user=bob).exists()


def test_it_speaks_the_invitees_language(alice, bob, sent, django_capture_on_commit_callbacks):
    bob.language = "nl"
    bob.save()
    table = tables.open_table(alice, game="kasteel", size=3)
    with django_capture_on_commit_callbacks(execute=True):
        tables.invite(table.pk, alice, "bob")
    assert "nodigt je uit" in notices_to(sent, bob)[0]["text"]


def test_it_tells_every_seated_player_when_the_table_starts(
        alice, bob, carol, sent, django_capture_on_commit_callbacks):
    table = tables.open_table(alice, game="kasteel", size=4)
    tables.invite(table.pk, alice, "bob")
    tables.join_table(table.pk, bob)
    tables.add_ai(table.pk, alice, "random")
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.join_table(table.pk, carol)  # the last seat: the game starts
    match = table.series.get(number=1).match
    for user in (alice, bob, carol):
        [notice] = [n for n in notices_to(sent, user) if n["kind"] == "table_started"]
        assert notice["match"] == match.pk and notice["table"] == table.pk
        assert notice["url"] == f"/games/{match.pk}/"
    # Told in words to those who did not start it themselves, and kept in their list.
    assert notices_to(sent, carol)[0]["text"] == ""
    assert "has started" in notices_to(sent, alice)[0]["text"]
    assert Notice.objects.filter(user=bob, kind="table_started").count() == 1
    assert not Notice.objects.filter(user=carol, kind="table_started").exists()
    # No AI player is told anything.
    bots = {p.user_id for p in table.places.exclude(ai_level="")}
    assert not [g for g, _m in sent if g in {broadcast.user_group(b) for b in bots}]


def test_it_tells_the_notices_in_words_in_the_list(alice, bob, client,
                                                  django_capture_on_commit_callbacks):
    table = tables.open_table(alice, game="kasteel", size=2)
    with django_capture_on_commit_callbacks(execute=True):
        tables.invite(table.pk, alice, "bob")
        tables.join_table(table.pk, bob)
    client.force_login(alice)
    html = client.get("/notices/").content.decode()
    assert f"The table #{table.pk} is full: game #" in html
    client.force_login(bob)
    html = client.get("/notices/").content.decode()
    assert f"alice invites you to table #{table.pk} (Strijd om het Kasteel, 2 seats)" in html
