"""Admins run ladders from the Django admin: create, freeze, close, manage players."""

import pytest

from ladders import services
from ladders.models import Ladder, LadderGame
from tests.ladders.helpers import actions, fill, standings, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def ladder_form(**changes) -> dict:
    data = {
        "name": "Summer ladder", "game": "druidenwalzer", "days_per_move": "3", "rated": "on",
        "challenge_range": "2", "max_open_challenges": "2", "cooldown_days": "7",
        "rematch_handicap": "on", "inactivity_days": "60", "join_rule": "open",
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


def test_it_creates_a_ladder_and_records_who(admin_client, staff):
    response = admin_client.post("/admin/ladders/ladder/add/", ladder_form())
    assert response.status_code == 302
    ladder = Ladder.objects.get(name="Summer ladder")
    assert ladder.created_by == staff and ladder.challenge_range == 2
    assert ladder.audit.get().action == "create"


def test_it_records_a_change_of_settings(admin_client, ladder, alice):
    fill(ladder, [alice])
    form = ladder_form(name=ladder.name, cooldown_days="3", **{
        "entries-TOTAL_FORMS": "1", "entries-INITIAL_FORMS": "1",
        "entries-0-id": str(ladder.entries.get().pk), "entries-0-ladder": str(ladder.pk)})
    response = admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    ladder.refresh_from_db()
    assert ladder.cooldown_days == 3
    assert ladder.audit.get(action="edit").detail["fields"]["cooldown_days"] == "3"


@pytest.mark.parametrize("action,status", [("freeze", "frozen"), ("close", "closed")])
def test_it_changes_the_status_with_list_actions(admin_client, ladder, action, status):
    admin_client.post("/admin/ladders/ladder/", {
        "action": action, "_selected_action": [str(ladder.pk)], "confirm": "yes"})
    assert Ladder.objects.get(pk=ladder.pk).status == status
    assert actions(ladder) == [action]


def test_closing_asks_first_and_says_what_will_happen(admin_client, ladder, players, finished):
    fill(ladder, players[:2])
    services.challenge(ladder.pk, players[1], players[0])
    page = admin_client.post("/admin/ladders/ladder/", {
        "action": "close", "_selected_action": [str(ladder.pk)]})
    text = page.content.decode()
    assert "Closing is final and cannot be undone" in text
    assert "Spring ladder: 1 game still running" in text
    assert Ladder.objects.get(pk=ladder.pk).status == "open"
    assert actions(ladder) == ["join", "join", "challenge"]


def test_it_unfreezes_with_a_list_action(admin_client, ladder, staff):
    services.set_status(ladder.pk, staff, Ladder.Status.FROZEN)
    admin_client.post("/admin/ladders/ladder/", {
        "action": "unfreeze", "_selected_action": [str(ladder.pk)]})
    assert Ladder.objects.get(pk=ladder.pk).status == Ladder.Status.OPEN


def test_it_lists_entries_inline_with_their_tools(admin_client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    page = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/change/").content.decode()
    entry = ladder.entries.get(user=bob)
    assert f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/move/" in page
    assert f"/admin/ladders/ladder/{ladder.pk}/add-player/" in page


def test_it_adds_moves_and_removes_players(admin_client, ladder, alice, bob, carol):
    fill(ladder, [alice, bob])
    admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/add-player/",
                      {"username": "carol", "position": "1"})
    assert standings(ladder) == ["carol", "alice", "bob"]
    entry = ladder.entries.get(user=carol)
    admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/move/",
                      {"position": "3"})
    assert standings(ladder) == ["alice", "bob", "carol"]
    confirm = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/remove/")
    assert confirm.status_code == 200 and ladder.entries.filter(user=carol).exists()
    admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/remove/",
                      {"reason": "asked to leave", "ban": ""})
    assert standings(ladder) == ["alice", "bob"]
    assert actions(ladder)[-3:] == ["add", "move", "remove"]


def test_it_shows_a_refusal_instead_of_failing(admin_client, ladder, alice):
    fill(ladder, [alice])
    entry = ladder.entries.get()
    response = admin_client.post(
        f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/move/", {"position": "5"},
        follow=True)
    assert "A position from 1 to 1." in response.content.decode()
    response = admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/add-player/",
                                 {"username": "nobody"})
    assert "There is no player of that name." in response.content.decode()


def test_it_corrects_a_result(admin_client, ladder, alice, bob, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    response = admin_client.post(f"/admin/ladders/laddergame/{game.pk}/correct/",
                                 {"result": "draw", "note": "both agreed"})
    assert response.status_code == 302
    assert set(game.match.seats.values_list("result", flat=True)) == {"draw"}
    assert ladder.audit.get(action="correct").detail["result"] == "draw"
    assert LadderGame.objects.get(pk=game.pk).outcome == "challenger"  # what was applied


def test_removing_a_player_with_a_game_running_says_what_will_happen(
        admin_client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    services.challenge(ladder.pk, bob, alice)
    entry = ladder.entries.get(user=bob)
    page = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/entries/{entry.pk}/remove/")
    assert ("bob has 1 ladder game in progress: it will be resigned and lost, unrated. "
            "This cannot be undone.") in page.content.decode()
