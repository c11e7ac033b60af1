"""The review page a player learns from: each decision's board from the mover's view
then, the switch that opens what was hidden (a finished game only), the curve's and the
list's links and turning points, and words that the engine agrees with."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.boards.druidenwalzer_log import summary
from games.core import services
from games.core.services import start_match
from games.learning import review, review_steps
from games.learning.hints import move_words
from games.models import Review
from games.rules import get_rules
from tests.games.learning.test_review import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(autouse=True)
def quick(settings):
    settings.REVIEW_CPU_SECONDS = 0.05


def reviewed(alice, bob, game="druidenwalzer", moves=14):
    match = finished_game(alice, bob, game, moves)
    return match, review.run(review.request(match, alice).pk)


def page(client, match, **query) -> str:
    response = client.get(reverse("game_review", args=[match.pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def revealed_hand_cards(html: str) -> str:
    return html.split("is-revealed", 1)[1] if "is-revealed" in html else ""


def test_it_draws_each_decision_from_the_movers_view(client, alice, bob, carol):
    match, done = reviewed(alice, bob)
    rules = get_rules("druidenwalzer")
    client.force_login(carol)  # a spectator of the finished game
    for entry in done.decisions:
        moment = review_steps.replay(match, entry["n"])
        view = rules.view(moment.state, entry["seat"])
        html = page(client, match, step=entry["n"])
        assert f'data-step="{entry["n"]}"' in html and 'id="review-board"' in html
        assert f"Move {entry['n']}: " in html and ("alice" if entry["seat"] == "moon"
                                                    else "bob") in html
        hands = html.split('class="review-hands"', 1)[1]
        for name in view["players"][entry["seat"]]["hand"]:
            assert f'aria-label="{name}:' in hands  # the mover's own hand is drawn
        assert "is-revealed" not in html  # nothing the mover could not see


def test_the_switch_opens_the_other_hand_once_the_game_is_over(client, alice, bob, carol):
    match, done = reviewed(alice, bob)
    rules = get_rules("druidenwalzer")
    entry = done.decisions[-1]
    moment = review_steps.replay(match, entry["n"])
    other = "sun" if entry["seat"] == "moon" else "moon"
    hidden = rules.view(moment.state, other)["players"][other]["hand"]
    client.force_login(carol)
    html = page(client, match, step=entry["n"], reveal="1")
    assert 'aria-checked="true"' in html
    opened = revealed_hand_cards(html)
    for name in hidden:
        assert f'aria-label="{name}:' in opened


def test_a_running_game_shows_no_board_and_nothing_hidden(client, alice, bob, carol):
    """A review row for a game still running (planted): no step, no hand, for a
    player, a spectator and a visitor, whatever the query asks."""
    finished, done = reviewed(alice, bob)
    running = start_match("druidenwalzer", {"moon": alice, "sun": bob}, seed=9, rated=False)
    rules = get_rules("druidenwalzer")
    for _ in range(8):
        running.refresh_from_db()
        state = rules.from_json(running.state)
        seat = rules.owed_by(state)[0]
        services.play(running.pk, {"moon": alice, "sun": bob}[seat],
                      rules.legal_moves(state)[0], running.version, seat=seat)
    running.refresh_from_db()
    Review.objects.create(match=running, status=Review.Status.DONE, total=8, done=8,
                          decisions=[{**e, "n": i + 1} for i, e in
                                     enumerate(done.decisions[:4])])
    state = rules.from_json(running.state)
    hands = {seat: rules.view(state, seat)["players"][seat]["hand"] for seat in ("moon", "sun")}
    for user in (alice, carol, None):
        client.logout()
        if user is not None:
            client.force_login(user)
        for query in ({}, {"step": "1"}, {"step": "2", "reveal": "1"},
                      {"step": "1", "reveal": "1", "partial": "1"}):
            html = page(client, running, **query)
            assert "review-step" not in html and "is-revealed" not in html
            assert "once it is over" in html
            for seat, hand in hands.items():
                if user is alice and seat == "moon":
                    continue
                assert not any(f'data-name="{c}"' in html or f"aria-label=\"{c}:" in html
                               for c in hand)
    assert review_steps.replay(running, 1) is None


def test_the_curve_and_the_list_link_every_decision_and_mark_the_resignation(
        client, alice, bob):
    match, done = reviewed(alice, bob)
    client.force_login(alice)
    html = page(client, match)
    for entry in done.decisions:
        assert html.count(f'href="?step={entry["n"]}"') >= 2  # the curve's dot, the list
    assert 'id="review-end"' in html and "bob resigned" in html
    listed = html.split('class="review-list"', 1)[1].split("</ol>", 1)[0]
    assert "alice" in listed and "bob" in listed and ">moon<" not in listed  # names, not seats
    summary_ = review_steps.overview(match, done, review_steps.player_names(match))
    assert [p["kind"] for p in summary_["turning"]] == ["resign"]
    moves = match.records.filter(kind="move").count()
    assert summary_["turning"][0]["after"] == moves
    mark = summary_["curve"]["marks"][0]
    assert f'x1="{mark["x"]}"' in html and mark["x"] > summary_["curve"]["dots"][-1]["x"]


def test_a_step_alone_is_answered_for_the_script(client, alice, bob):
    match, done = reviewed(alice, bob)
    client.force_login(bob)
    html = page(client, match, step=done.decisions[1]["n"], partial="1")
    assert html.lstrip().startswith('<div class="review-step"') and "<html" not in html


def test_the_words_of_a_decision_are_the_engines(alice, bob):
    """What the AI's move would have done, what the move played did and allowed, and
    the signs after each: replayed here with the engine and compared."""
    match, done = reviewed(alice, bob)
    rules = get_rules("druidenwalzer")
    names = review_steps.player_names(match)
    checked = 0
    for entry in done.decisions:
        moment = review_steps.replay(match, entry["n"])
        words = review_steps.explanation(match, moment, entry, names)
        seat = entry["seat"]
        played = rules.apply(moment.state, entry["move"])
        assert any(summary(rules.redact_events(played.events, seat)) in line
                   for line in words["lines"])
        if moment.reply is not None:
            assert any(f"{names[moment.reply.seat]}'s reply" in line for line in words["lines"])
        if entry["best"] == entry["move"]:
            continue
        best = rules.apply(moment.state, entry["best"])
        assert any(summary(rules.redact_events(best.events, seat)) in line
                   for line in words["lines"])
        other = "sun" if seat == "moon" else "moon"
        for key, state in (("best", best.state), ("played", played.state)):
            data = rules.to_json(state)
            mine = sum(tree["signs"] for tree in rules.view(state, None)["players"][other]["trees"]
                       if not tree["flipped"])
            assert words["claims"][key]["mine"] == mine, data["phase"]
        checked += 1
    assert checked


@pytest.mark.parametrize("game", ["caesar-cleopatra"])
def test_caesar_cleopatra_opens_the_face_down_cards_after_the_game(client, alice, bob, game):
    match, done = reviewed(alice, bob, game, moves=10)
    rules = get_rules(game)
    entry = done.decisions[-1]
    moment = review_steps.replay(match, entry["n"])
    seat = entry["seat"]
    other = "caesar" if seat == "cleopatra" else "cleopatra"
    client.force_login(alice)
    closed = page(client, match, step=entry["n"])
    opened = page(client, match, step=entry["n"], reveal="1")
    theirs = rules.view(moment.state, other)
    downs = [c for group in theirs["groups"].values() for c in group[other]["down"] or []]
    assert downs  # ten moves in, the setup's face-down cards lie at the groups
    assert closed.count("is-back") > opened.count("is-back")
    assert "is-revealed" in opened and "is-revealed" not in closed


def test_kasteel_draws_the_ring_and_the_squares_behind_the_ais_move(client, alice, bob):
    from tests.games.learning.test_review import test_it_reviews_kasteel_in_squares_of_progress

    test_it_reviews_kasteel_in_squares_of_progress(client, alice, bob)
    done = Review.objects.get()
    entry = next((e for e in done.decisions if e["best"] != e["move"]), done.decisions[0])
    html = page(client, done.match, step=entry["n"], reveal="1")
    assert 'id="review-board"' in html and "k-list" in html
    if entry["best"] != entry["move"]:
        gained = round(entry["value_before"] - entry["value_after"], 1)
        assert f"gained {gained} square" in html


def test_an_admins_decision_is_marked_on_the_curve_and_in_the_list(client, alice, bob, staff):
    match, done = reviewed(alice, bob)
    services.correct_result(match.pk, staff, "sun", "the clock failed")
    client.force_login(bob)
    html = page(client, match)
    listed = html.split('class="review-list"', 1)[1].split("</ol>", 1)[0]
    assert listed.index("bob resigned") < listed.index("an admin corrected the result")
    assert html.count("review-turn review-turn-") == 2
    assert 'review-turn review-turn-correct' in html


def test_caesar_cleopatra_counts_the_patricians_the_engine_gives(alice, bob):
    match, done = reviewed(alice, bob, "caesar-cleopatra", moves=20)
    rules = get_rules("caesar-cleopatra")
    names = review_steps.player_names(match)
    for entry in done.decisions:
        moment = review_steps.replay(match, entry["n"])
        words = review_steps.explanation(match, moment, entry, names)
        seat = entry["seat"]
        other = "caesar" if seat == "cleopatra" else "cleopatra"
        after = rules.view(rules.apply(moment.state, entry["move"]).state, None)
        assert words["claims"]["played"] == {
            "mine": sum(after["players"][seat]["patricians"].values()),
            "theirs": sum(after["players"][other]["patricians"].values())}


def test_a_click_on_a_long_games_curve_opens_the_dot_under_it():
    """In a long game the dots lie closer than a click column is wide: each dot's column
    holds the dot and no neighbour's, so a click on a dot opens that dot, not a later
    one; a short game's dots keep their whole column."""
    def decisions(count: int) -> list[dict]:
        return [{"n": n, "seat": "moon" if n % 2 else "sun", "after": 40 + n % 20,
                 "squares": None, "mark": "", "player": "alice", "text": "pass"}
                for n in range(1, count + 1)]

    for count, total in ((240, 300), (57, 100), (12, 14)):
        dots = review_steps._curve(decisions(count), [], total, "moon")["dots"]
        for before, dot, after in zip([None] + dots[:-1], dots, dots[1:] + [None]):
            left, right = dot["hit_x"], dot["hit_x"] + dot["hit_w"]
            assert left <= dot["x"] <= right and dot["hit_w"] <= 2 * review_steps.HIT_HALF
            if before is not None:
                assert left >= before["x"] and left + 0.01 >= before["hit_x"] + before["hit_w"]
            if after is not None:
                assert right <= after["x"]
        if count == 12:  # a short game: its dots lie farther apart than a column
            assert all(dot["hit_w"] == 2 * review_steps.HIT_HALF for dot in dots[1:-1])


def test_the_curve_keeps_its_coordinates_in_dutch(client, alice, bob):
    """Dutch writes 10,5 for 10.5: the curve's numbers stay SVG numbers."""
    match, done = reviewed(alice, bob)
    client.force_login(alice)
    html = client.get(reverse("game_review", args=[match.pk]),
                      HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    curve = html.split('id="review-curve-svg"', 1)[1].split("</svg>", 1)[0]
    assert 'class="review-dot' in curve
    assert not re.search(r'(cx|cy|x|width|x1|x2)="-?\d+,\d', curve), curve[:400]


def test_a_review_names_the_movers_trees_not_the_readers(client, alice, bob):
    """A hint speaks to the mover ("your tree 1"); a review is read by both players and
    spectators, so it names the tree as the board labels it (moon's tree 1 is M1)."""
    waltz = {"type": "waltz", "card": "M1R", "tree": 1}
    assert move_words("druidenwalzer", "moon", waltz).endswith("on your tree 1")
    assert move_words("druidenwalzer", "moon", waltz, mover=False).endswith("on tree M1")
    assert move_words("druidenwalzer", "sun", {"type": "withdraw", "tree": 3},
                      mover=False) == "withdraw the top card of tree S3"
    assert move_words("kasteel", "1", {"type": "discard"}, mover=False) == "discard the hand"
    match, done = reviewed(alice, bob)
    client.force_login(alice)
    for entry in done.decisions:
        html = page(client, match, step=entry["n"])
        assert "your tree" not in html and "your free tree" not in html
        assert "from your hand" not in html
    assert re.search(r"on tree [MS][1-4]", html)
