"""Usernames: at most 30 characters, normalised (NFKC), and never a look-alike of a
taken or reserved name (full-width forms, Cyrillic or Greek letters, I for l, 0 for O).

Signing up and the admin (adding a player, renaming one) apply the same rules;
names that were taken before the rules stay as they are.
"""

from __future__ import annotations

import pytest

from accounts.models import User
from accounts.usernames import confusable

pytestmark = pytest.mark.django_db

PASSWORD = "a-fine-long-passphrase-9"
LOOKS_LIKE = "looks too much like"


def sign_up(client, username: str, **headers):
    return client.post("/accounts/signup/", {
        "username": username, "email": "new@example.org",
        "password1": PASSWORD, "password2": PASSWORD}, **headers)


@pytest.mark.parametrize("look_alike", [
    "ａｌｉｃｅ",          # full-width
    "\u0430lice",           # Cyrillic a
    "ALIC\u0415",           # Cyrillic capital IE
    "\u0391lice",           # Greek capital alpha
    "AIice",                # capital I for l
    "al\u0131ce",           # dotless i
    "a\u217cice",           # small roman numeral fifty (NFKC: l)
])
def test_it_refuses_a_look_alike_of_a_taken_name(client, alice, look_alike):
    page = sign_up(client, look_alike)
    assert page.status_code == 200
    text = page.content.decode()
    # Either the name itself once normalised (taken), or a look-alike of it.
    assert "already" in text or (LOOKS_LIKE in text and "alice" in text)
    assert not User.objects.filter(date_joined__gt=alice.date_joined).exists()


def test_it_refuses_look_alikes_of_reserved_names(client):
    for name in ("\u0430dmin", "ＳＴＡＦＦ", "syst\u0435m"):
        page = sign_up(client, name)
        assert page.status_code == 200, name
        assert not User.objects.filter(email="new@example.org").exists()


def test_it_stores_the_nfkc_form(client):
    assert sign_up(client, "ｄｏｒａ").status_code == 302
    assert User.objects.get(email="new@example.org").username == "dora"


def test_it_lets_different_names_in(client, alice):
    assert sign_up(client, "alicia").status_code == 302
    assert sign_up(client, "\u0431\u043e\u0440\u0438\u0441", HTTP_ACCEPT="text/html"
                   ).status_code in (200, 302)


def test_it_refuses_a_name_over_30_characters(client):
    page = sign_up(client, "d" * 31)
    assert page.status_code == 200
    assert "at most 30 characters" in page.content.decode()
    assert sign_up(client, "d" * 30).status_code == 302
    assert User.objects.get(email="new@example.org").username == "d" * 30


def test_the_signup_form_says_so_before_sending(client):
    assert 'maxlength="30"' in client.get("/accounts/signup/").content.decode()


def test_it_says_why_in_dutch(client, alice):
    page = sign_up(client, "\u0430lice", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "lijkt te veel op" in page
    page = sign_up(client, "d" * 31, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "hoogstens 30 tekens" in page


@pytest.mark.parametrize(("one", "other"), [
    ("alice", "\u0410LICE"), ("ALICE", "\u0430lice"), ("alice", "AIice"), ("ALICE", "ALlCE"),
    ("bob", "B0B"), ("bob", "\u0412\u041e\u0412"), ("Ian", "lan"), ("dora", "ｄｏｒａ"),
])
def test_look_alikes_are_confusable(one, other):
    assert confusable(one, other) and confusable(other, one)


@pytest.mark.parametrize(("one", "other"), [
    ("alice", "alicia"), ("ian", "lan"), ("alice", "alíce"), ("bob", "\u0432\u043e\u0432"),
])
def test_different_names_are_not(one, other):
    assert not confusable(one, other)


def test_existing_long_names_stay(alice):
    old = User.objects.create_user("x" * 40, password=PASSWORD)
    old.refresh_from_db()
    assert old.username == "x" * 40


# --- the admin -------------------------------------------------------------------------

def admin_add(client, username: str):
    return client.post("/admin/accounts/user/add/", {
        "username": username, "password1": PASSWORD, "password2": PASSWORD,
        "usable_password": "true"})


def test_the_admin_refuses_a_look_alike_and_a_long_name(client, staff, alice):
    client.force_login(staff)
    for name in ("\u0430lice", "d" * 31):
        page = admin_add(client, name)
        assert page.status_code == 200, name
    assert not User.objects.filter(username__in=["\u0430lice", "d" * 31]).exists()
    assert admin_add(client, "dora").status_code == 302


def test_the_admin_refuses_renaming_to_a_look_alike(client, staff, alice, bob):
    client.force_login(staff)
    form = client.get(f"/admin/accounts/user/{bob.pk}/change/").context["adminform"].form
    data = {name: value for name, value in form.initial.items()
            if value is not None and name not in ("password", "groups", "user_permissions")}
    data.update({"username": "\u0430lice", "date_joined_0": bob.date_joined.date(),
                 "date_joined_1": bob.date_joined.time().strftime("%H:%M:%S"),
                 "vacation_year": 0, "vacation_used_seconds": 0})
    page = client.post(f"/admin/accounts/user/{bob.pk}/change/", data)
    assert page.status_code == 200 and LOOKS_LIKE in page.content.decode()
    bob.refresh_from_db()
    assert bob.username == "bob"


def test_the_admin_keeps_an_old_long_name_when_editing_other_fields(client, staff):
    old = User.objects.create_user("x" * 40, password=PASSWORD)
    client.force_login(staff)
    form = client.get(f"/admin/accounts/user/{old.pk}/change/").context["adminform"].form
    data = {name: value for name, value in form.initial.items()
            if value is not None and name not in ("password", "groups", "user_permissions")}
    data.update({"email": "x@example.org", "date_joined_0": old.date_joined.date(),
                 "date_joined_1": old.date_joined.time().strftime("%H:%M:%S")})
    page = client.post(f"/admin/accounts/user/{old.pk}/change/", data)
    assert page.status_code == 302, page.content.decode()[:3000]
    old.refresh_from_db()
    assert old.username == "x" * 40 and old.email == "x@example.org"


def test_it_refuses_the_ai_players_names(client):
    # reserved even before the AI's account exists (a new level's name, say)
    User.objects.filter(is_bot=True).delete()
    for name in ("Archdruid", "bard", "\u041ev\u0430te"):  # the last with Cyrillic O and a
        page = sign_up(client, name)
        assert page.status_code == 200, name
        assert "reserved" in page.content.decode(), name
        assert not User.objects.filter(email="new@example.org").exists()
