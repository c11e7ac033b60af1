"""The admin lists players with their preferences, vacation and AI flag."""

import pytest
from django.utils import timezone

pytestmark = pytest.mark.django_db


def change_link(user) -> str:
    return f"/admin/accounts/user/{user.pk}/change/"


def test_it_lists_and_filters_players(client, staff, alice, bob):
    bob.vacation_since = timezone.now()
    bob.is_bot = True
    bob.save()
    client.force_login(staff)
    page = client.get("/admin/accounts/user/").content.decode()
    assert "alice" in page and "bob" in page
    on_vacation = client.get("/admin/accounts/user/?on_vacation=yes").content.decode()
    assert change_link(bob) in on_vacation
    assert change_link(alice) not in on_vacation
    bots = client.get("/admin/accounts/user/?is_bot__exact=1").content.decode()
    assert change_link(bob) in bots
    assert change_link(alice) not in bots


def test_it_searches_by_email(client, staff, alice, bob):
    client.force_login(staff)
    page = client.get("/admin/accounts/user/?q=alice@example").content.decode()
    assert change_link(alice) in page
    assert change_link(bob) not in page


def test_it_edits_a_player(client, staff, alice):
    client.force_login(staff)
    page = client.get(f"/admin/accounts/user/{alice.pk}/change/").content.decode()
    for field in ("notify", "language", "vacation_since_0", "vacation_used_seconds", "is_bot"):
        assert f'name="{field}"' in page
