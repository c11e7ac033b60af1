"""Kasteel's review step rings the piece and the end of the move played (solid red) and
of the AI's move (dashed green) on the ring, and says both walks in words with what
the AI's move gains by its count; the ends are the engine's, applying each move to
the position. A game still running shows none of it (its dice to come are hidden)."""

from __future__ import annotations

import html as markup
import re

import pytest
from django.urls import reverse

from games.boards.kasteel_log import piece_label
from games.core import services
from games.core.services import start_match
from games.learning import review, review_steps
from games.learning.review_kasteel import ring_picks, walk_of, walk_words
from games.models import Match, Review
from games.rules import get_rules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

RULES = get_rules("kasteel")


@pytest.fixture(autouse=True)
def quick(settings):
    settings.REVIEW_CPU_SECONDS = 0.05


def play(match: Match, users: dict, moves: int) -> Match:
    """Up to ``moves`` moves, each the last legal one."""
    for _ in range(moves):
        match.refresh_from_db()
        state = RULES.from_json(match.state)
        owed = RULES.owed_by(state)
        if not owed:
            break
        services.play(match.pk, users[owed[0]], RULES.legal_moves(state)[-1], match.version,
                      seat=owed[0])
    match.refresh_from_db()
    return match


def reviewed(alice, bob) -> tuple[Match, Review]:
    users = {"0": alice, "1": bob}
    match = play(start_match("kasteel", users, seed=9, rated=False,
                             new_game={"players": 2, "limit": 1}), users, 40)
    if not match.is_over:
        services.resign(match.pk, bob)
        match.refresh_from_db()
    return match, review.run(review.request(match, alice).pk)


def page(client, match, **query) -> str:
    response = client.get(reverse("game_review", args=[match.pk]), query)
    assert response.status_code == 200
    return markup.unescape(response.content.decode())


def end_of(state, piece: str) -> tuple[str, int]:
    """Where ``piece`` stands in the engine's state: ("square", n) or ("castle", place)."""
    seat, letter = piece.split(":")
    info = RULES.view(state, None)["seats"][int(seat)]
    if letter in (info.get("castle") or {}):
        return "castle", info["castle"][letter]
    return "square", info["track"][letter][0]


def mark_of(html: str, label: str) -> str:
    """The rings of the square or castle place whose words are ``label``."""
    found = re.search(r'<g class="k-pick-mark"[^>]*aria-label="' + re.escape(label)
                      + r'">(.*?)</g>', html)
    assert found, label
    return found.group(1)


def piece_of(html: str, piece: str) -> str:
    found = re.search(r'<g class="k-piece[^"]*" data-piece="' + re.escape(piece)
                      + r'".*?</g>', html)
    assert found, piece
    return found.group(0)


def test_it_rings_both_moves_where_the_engine_ends_them_and_says_what_the_best_gains(
        client, alice, bob):
    match, done = reviewed(alice, bob)
    client.force_login(alice)
    checked = 0
    for entry in done.decisions:
        if entry["best"] == entry["move"] or entry["best"]["type"] != "move":
            continue
        moment = review_steps.replay(match, entry["n"])
        html = page(client, match, step=entry["n"])
        ends = {}
        for kind, move in (("played", entry["move"]), ("best", entry["best"])):
            after = RULES.apply(moment.state, move).state
            if RULES.view(after, None).get("pending"):
                continue  # doubles: the walk is the next decision's
            ends[kind] = end_of(after, move["piece"])
        assert "best" in ends and "played" in ends
        both = ends["best"] == ends["played"]
        for kind in ("played", "best"):
            where, number = ends[kind]
            whose = ("the move played and the AI's move end" if both else
                     "the move played ends" if kind == "played" else "the AI's move ends")
            name = "Square" if where == "square" else "Castle place"
            rings = mark_of(html, f"{name} {number}: where {whose}")
            assert f"k-pick-{kind}" in rings
        same_piece = entry["best"]["piece"] == entry["move"]["piece"]
        for kind in ("played", "best"):
            drawn = piece_of(html, entry[{"played": "move", "best": "best"}[kind]]["piece"])
            assert f"k-pick-{kind}" in drawn
            assert ("moved by the move played and the AI's move" if same_piece else
                    f"moved by {'the move played' if kind == 'played' else 'the AI'}") in drawn
        words = html.split('id="review-best-walk"', 1)[1].split("</dd>", 1)[0]
        where, number = ends["best"]
        assert (f"Best: {piece_label(entry['best']['piece'])} from " in words
                and f" to {'square' if where == 'square' else 'castle place'} {number}" in words)
        gained = round(entry["value_before"] - entry["value_after"], 1)
        assert f"{gained} squares of progress more by the AI's count" in words
        played = html.split('id="review-played-walk"', 1)[1].split("</dd>", 1)[0]
        assert f"{piece_label(entry['move']['piece'])} from " in played
        assert "dashed green" in html.split('id="review-legend"', 1)[1]
        checked += 1
    assert checked


def test_the_same_move_is_ringed_both_ways_and_said_once(client, alice, bob):
    match, done = reviewed(alice, bob)
    entry = next(e for e in done.decisions if e["best"] == e["move"])
    client.force_login(bob)
    html = page(client, match, step=entry["n"])
    assert "k-pick-played" in html and "k-pick-best" in html
    assert "where the move played and the AI's move end" in html
    assert 'id="review-played-walk"' in html and 'id="review-best-walk"' not in html


def test_a_running_game_shows_no_ring_marks_and_no_walks(client, alice, bob, carol):
    """A review row planted for a Kasteel game still running: no marks, no walks (the
    AI's move's walk would tell dice the game has not rolled), whoever asks."""
    _finished, done = reviewed(alice, bob)
    users = {"0": alice, "1": bob}
    running = play(start_match("kasteel", users, seed=9, rated=False,
                               new_game={"players": 2, "limit": 1}), users, 20)
    assert not running.is_over
    Review.objects.create(match=running, status=Review.Status.DONE, total=20, done=20,
                          decisions=[{**e, "n": 15 + i} for i, e in enumerate(done.decisions)])
    for user in (alice, carol, None):
        client.logout()
        if user is not None:
            client.force_login(user)
        for query in ({}, {"step": "15"}, {"step": "16", "reveal": "1"},
                      {"step": "15", "partial": "1"}):
            html = page(client, running, **query)
            assert "once it is over" in html
            for word in ("k-pick", "review-walk", "review-legend", "Best: ", "review-board"):
                assert word not in html


def test_it_reads_a_walk_from_the_events():
    entered = [{"type": "play", "piece": "1:X", "card": "X/1", "seat": "1"},
               {"type": "roll", "piece": "1:X", "dice": [5, 3], "doubles": False},
               {"type": "enter", "piece": "1:X", "square": 18, "place": 0},
               {"type": "walk", "piece": "1:X", "steps": 8, "from": {"square": 18, "place": 0},
                "path": [{"square": 19}], "to": {"square": 26, "place": 0}},
               {"type": "sent_home", "piece": "0:C", "by": "1:X", "square": 22}]
    walk = walk_of(entered)
    assert walk and walk.piece == "1:X" and walk.destination() == ("square", 26)
    assert walk_words(walk) == ("Bandit (blue) from home to square 26 (dice 5 and 3); "
                                "sends Count (red) home")
    doubles = walk_of(entered[:2] + [{**entered[1], "dice": [4, 4], "doubles": True}])
    assert doubles and doubles.pending and not doubles.moved
    assert walk_words(doubles).startswith("Bandit (blue) rolls doubles")
    chosen = walk_of([{"type": "dice", "choice": "total", "dice": [2, 2], "seat": "0"},
                      {"type": "walk", "piece": "0:K", "steps": 4, "from": {"square": 33},
                       "path": [{"square": 35}, {"castle": 1}], "to": {"castle": 2}},
                      {"type": "castle", "piece": "0:K", "place": 2, "target": 2,
                       "on_target": True}])
    assert chosen and chosen.destination() == ("castle", 0, 2) and chosen.dice == [[2, 2]]
    assert walk_words(chosen).endswith("to castle place 2 (dice 2 and 2); on its castle target")
    assert walk_of([{"type": "discard", "seat": "0", "cards": []}]) is None
    picks = ring_picks(walk, chosen)
    assert picks["pieces"] == {"1:X": {"pick": "played", "label": "moved by the move played"},
                               "0:K": {"pick": "best", "label": "moved by the AI's move"}}
    assert picks["squares"][26]["pick"] == "played" and picks["castles"][(0, 2)]["pick"] == "best"
