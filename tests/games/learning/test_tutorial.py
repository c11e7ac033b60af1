"""Tutorials: a guided first game per game against the random AI, an ordinary match
with one flag; its first turns follow a script replayed by the engine (lessons
for the player's moves, the AI's replies fixed), then free play; unrated, listed
nowhere, never rated."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.records import active_seats, finished_seats, overall_record
from games.ai_players import bots
from games.ai_players.bots import ensure_bot_accounts
from games.core import disputes, services
from games.core.turns import my_turn_count
from games.learning import tutorial
from games.models import Match
from games.pages.home import waiting_for_me, waiting_for_others
from games.rules import get_rules
from ladders.models import RatingChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]
GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")


@pytest.fixture(autouse=True)
def ai_players(db):
    return ensure_bot_accounts()


def play_script(match: Match, user, upto: int | None = None) -> Match:
    """Play the script's moves (the AI's too, as the AI task would) up to ``upto``."""
    steps = tutorial.script(match.game)
    for scripted in steps[tutorial.progress(match):upto]:
        match.refresh_from_db()
        seat = match.seats.get(seat=scripted.seat)
        move = (tutorial.scripted_move(match, scripted.seat) if seat.user.is_bot
                else scripted.move)
        if seat.user.is_bot:
            assert bots.choose_move(match, seat) == move
        services.play(match.pk, seat.user, move, match.version, seat=scripted.seat)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("game", GAMES)
def test_it_has_a_script_with_lessons_for_every_game(game):
    found = tutorial.tutorial(game)
    steps = tutorial.script(game)
    assert len(steps) == len(found.steps)
    mine = [index for index, step in enumerate(steps) if step.seat == found.seat]
    assert len(mine) >= 3 and any(step.seat != found.seat for step in steps)
    for index in mine:
        lesson = found.steps[index].lesson
        assert lesson is not None, (game, index)
        assert len(lesson(steps[index].move, steps[index].events)) > 10


def test_its_lessons_say_what_the_engine_does():
    steps = tutorial.script("druidenwalzer")
    waltz = next(index for index, step in enumerate(steps) if step.move["type"] == "waltz")
    dances = sum(event["type"] == "dance" for event in steps[waltz].events)
    text = tutorial.DRUIDENWALZER.steps[waltz].lesson(steps[waltz].move, steps[waltz].events)
    noun = "card" if dances == 1 else "cards"
    assert f"this card makes {dances} {noun} dance" in text
    assert "beats" in text and "sign on" in text


@pytest.mark.parametrize("game", GAMES)
def test_it_starts_an_unrated_flagged_game_against_the_random_ai(alice, game):
    match = tutorial.start(alice, game)
    found = tutorial.tutorial(game)
    assert match.tutorial and not match.rated and match.version == 0
    assert match.seed == found.seed
    seats = {seat.seat: seat.user for seat in match.seats.select_related("user")}
    assert seats[found.seat] == alice
    assert all(user.bot_level == "random" for seat, user in seats.items() if seat != found.seat)


@pytest.mark.parametrize("game", GAMES)
def test_it_guides_the_scripted_turns_then_lets_go(client, alice, game):
    match = tutorial.start(alice, game)
    seat = tutorial.tutorial(game).seat
    # Up to the player's first step (Kasteel's AI may place its pieces first).
    first_mine = next(i for i, step in enumerate(tutorial.script(game)) if step.seat == seat)
    match = play_script(match, alice, first_mine)
    client.force_login(alice)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert 'id="tutorial"' in page and 'data-state="step"' in page and 'id="tutorial-play"' in page
    # It says first that it is practice, and not "unrated" as a real game would.
    meta = page[page.index('class="game-meta"'):page.index("</p>", page.index('class="game-meta"'))]
    assert "practice game: counts for nothing" in meta and "rated" not in meta
    # Nothing is at stake: no draw to offer, and stopping is not resigning.
    assert "Offer a draw" not in page and "Resign" not in page
    assert "Stop practising…" in page and "It counts for nothing." in page
    match = play_script(match, alice)
    lesson = tutorial.lesson(match, tutorial.tutorial(game).seat)
    assert lesson["state"] == "free", lesson
    board = client.get(reverse("game_board", args=[match.pk])).content.decode()
    assert 'data-state="free"' in board


def test_the_ai_plays_its_own_moves_once_the_player_leaves_the_script(alice):
    match = tutorial.start(alice, "druidenwalzer")
    rules = get_rules("druidenwalzer")
    scripted = tutorial.script("druidenwalzer")[0].move
    other = next(m for m in rules.legal_moves(rules.from_json(match.state)) if m != scripted)
    services.play(match.pk, alice, other, match.version, seat="moon")
    match.refresh_from_db()
    assert tutorial.progress(match) is None
    assert tutorial.scripted_move(match, "sun") is None
    assert tutorial.lesson(match, "moon")["state"] == "free"


def test_it_is_listed_nowhere(client, alice, bob):
    match = tutorial.start(alice, "druidenwalzer")
    assert my_turn_count(alice) == 0
    assert waiting_for_me(alice) == [] and waiting_for_others(alice) == []
    assert not active_seats(alice).exists()
    client.force_login(bob)
    lobby = client.get(reverse("lobby")).content.decode()
    assert f"/games/{match.pk}/" not in lobby
    profile = client.get(reverse("profile", args=[alice.username])).content.decode()
    assert f"/games/{match.pk}/" not in profile


def test_it_is_never_rated_nor_counted(alice, django_capture_on_commit_callbacks):
    match = tutorial.start(alice, "druidenwalzer")
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(match.pk, alice)
    match.refresh_from_db()
    assert match.is_over
    from ladders import ratings
    assert ratings.rate_match(match.pk) == []
    assert not RatingChange.objects.filter(user=alice).exists()
    assert not finished_seats(alice).exists()
    assert overall_record(alice).played == 0


def test_a_won_tutorial_leaves_no_handicap_and_nothing_to_dispute(client, alice):
    """The next game against the tutorial's AI player starts without the rematch
    rule's card, and the tutorial's result is not offered for dispute; its panel links
    to what comes next."""
    match = tutorial.start(alice, "druidenwalzer")
    bot = match.seats.exclude(user=alice).get().user
    services.resign(match.pk, bot)  # the player wins the tutorial
    match.refresh_from_db()
    assert match.seats.get(user=alice).result == "win"
    game = bots.play_the_ai(alice, tutorial.AI_LEVEL, game="druidenwalzer", rated=False)
    assert [seat.removed for seat in game.seats.all()] == [[], []]
    assert not game.options.get("handicap_reasons", {}).get(game.seats.get(user=alice).seat)
    assert not disputes.can_dispute(match, alice)
    with pytest.raises(services.Conflict):
        disputes.open_dispute(match.pk, alice, "the AI cheated")
    client.force_login(alice)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert "dispute-form" not in page
    # What next, as links: the AI's review of it, the tutorial again, the lobby.
    links = page.split('id="tutorial-next"', 1)[1].split("</p>", 1)[0]
    for url in (reverse("game_review", args=[match.pk]),
                reverse("tutorial", args=["druidenwalzer"]), reverse("lobby")):
        assert f'href="{url}"' in links


def test_its_page_starts_one_for_players_only(client, alice):
    path = reverse("tutorial", args=["druidenwalzer"])
    assert client.get(path).status_code == 200
    response = client.post(path)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Match.objects.exists()
    client.force_login(alice)
    response = client.post(path)
    match = Match.objects.get()
    assert response["Location"] == reverse("game", args=[match.pk]) and match.tutorial
    assert 'id="tutorial-continue"' in client.get(path).content.decode()
    assert client.get(reverse("tutorial", args=["no-such-game"])).status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_folds_all_but_each_lessons_first_sentence(game):
    # The whole lesson above the board hid the board on a phone: its first sentence
    # (what to play) stays, the why and the recap of the AI's moves fold away.
    for index in range(len(tutorial.script(game))):
        recap, text = tutorial.lesson_parts(game, index)
        if not text:
            continue
        assert tutorial.lesson_text(game, index) == (f"{recap} {text}" if recap else text)
        lead, rest = tutorial.lead_and_rest(text)
        assert lead and lead[-1] in ".:!?", (game, index, lead)
        assert (f"{lead} {rest}" if rest else lead) == text.strip()
    assert tutorial.lead_and_rest("Play it. Then it dances.") == ("Play it.", "Then it dances.")
    assert tutorial.lead_and_rest("Play moon 1 (R).") == ("Play moon 1 (R).", "")
