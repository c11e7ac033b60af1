"""Guided first games: a tutorial per game against the random AI.

A tutorial is an ordinary match (same engine, created and played through
games.core.commit like any other) with ``Match.tutorial`` set: unrated, listed
nowhere, never rated. Its deal is fixed by the tutorial's seed, and its first
turns follow a script: for the player's steps the game page shows a lesson
about the scripted move and offers to play it; the AI's steps of the script
are played by the AI instead of its own choice (games.ai_players.bots). Once the player
plays something else, or the script is done, the game goes on freely, with
the hint button (games.learning.hints).

The script is not stored: it is replayed from the seed by the engine, each
move chosen by a rule ("the first waltz that makes cards dance") and each
lesson built from the engine's events of the scripted move as the player
will see them, so a rules change rewrites the lessons. The deal is the same
for every player, public in this source: a tutorial teaches, it is not a
contest.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from games.core import catalog
from games.models import Match, MoveRecord
from games.rules import get_rules

Move = dict[str, Any]
Events = list[dict[str, Any]]
Chooser = Callable[[list[Move]], Move]
Lesson = Callable[[Move, Events], str]
AI_LEVEL = "random"
DAYS_PER_MOVE = 14


@dataclass(frozen=True)
class Step:
    """One move of the script: how it is chosen and, for the player's moves, its lesson."""

    choose: Chooser
    lesson: Lesson | None = None


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    seat: str  # the player's seat
    steps: tuple[Step, ...]
    options: tuple[tuple[str, Any], ...] = ()  # the rules' new_game options

    @property
    def new_game(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass(frozen=True)
class Scripted:
    """A move of the replayed script: who makes it, the move, its events as the
    tutorial's player sees them."""

    seat: str
    move: Move
    events: Events


def first(*predicates: Callable[[Move], bool]) -> Chooser:
    """The first legal move fitting the first predicate that any move fits."""
    def choose(moves: list[Move]) -> Move:
        for predicate in predicates:
            for move in moves:
                if predicate(move):
                    return move
        return moves[0]
    return choose


def _sentences(game: str, events: Events, skip: tuple[str, ...] = ()) -> list[str]:
    info = catalog.get(game)
    return [text for event in events if event.get("type") not in skip
            and (text := info.event_sentence(event))]


# -- Druidenwalzer -------------------------------------------------------------------


def _dw_place(first_one: bool) -> Lesson:
    def lesson(move: Move, events: Events) -> str:
        from games.templatetags.druid_board import colour_adjective
        values = {"colour": colour_adjective(move["druid"]), "tree": move["tree"]}
        if first_one:
            return _("First the druids. A druid fights the druid of its colour on the other "
                     "side whenever a card is played. Put your %(colour)s druid on tree "
                     "%(tree)s.") % values
        return _("Now your %(colour)s druid, on tree %(tree)s. One of your trees stays "
                 "without a druid: a druid can leap there later.") % values
    return lesson


def _dw_waltz(move: Move, events: Events) -> str:
    from games.boards.druidenwalzer_log import card_words
    waltz = next(event for event in events if event["type"] == "waltz")
    dances = [event for event in events if event["type"] == "dance"]
    text = _("A waltz: play %(card)s on your tree %(tree)s. That tree has %(steps)s "
             "symbols, so every other %(value)s on top of a tree dances %(steps)s places "
             "with the arrow: this card makes %(count)s cards dance.") % {
        "card": card_words(move["card"]), "tree": move["tree"], "steps": waltz["steps"],
        "value": move["card"][1], "count": len(dances)}
    fights = _sentences("druidenwalzer", events, skip=(
        "waltz", "ring", "dance", "turn_up", "draw"))
    if fights:
        text += " " + _("Then the druids measure their strength: %(what)s.") % {
            "what": "; ".join(fights)}
    return text


def _dw_withdraw(move: Move, events: Events) -> str:
    return _("Withdraw: a weak card can be taken off your own tree (or out of your hand) "
             "onto your cult board. Take the top card of your tree %(tree)s.") % {
        "tree": move.get("tree", "?")}


def _is_waltz(move: Move) -> bool:
    return move["type"] == "waltz"


def _place(colour: str, tree: int) -> Chooser:
    return first(lambda m: m.get("druid") == colour and m.get("tree") == tree)


DRUIDENWALZER = Tutorial(
    game="druidenwalzer", seed=3, seat="moon",
    steps=(
        Step(_place("purple", 1), _dw_place(True)), Step(_place("purple", 1)),
        Step(_place("orange", 2), _dw_place(False)), Step(_place("orange", 2)),
        Step(_place("black", 3), _dw_place(False)), Step(_place("black", 3)),
        Step(first(lambda m: m == {"type": "waltz", "card": "M5L", "tree": 3}, _is_waltz),
             _dw_waltz),
        Step(first(lambda m: m["type"] == "withdraw")),
        Step(first(lambda m: m["type"] == "withdraw" and "tree" in m), _dw_withdraw),
    ),
)


# -- Caesar & Cleopatra --------------------------------------------------------------


def _cc_setup(move: Move, events: Events) -> str:
    return _("First lay one card of each value face down at the five groups: where you "
             "put your 5 you are strongest. Here: the 5 at the Senators, the 4 at the "
             "Praetors and so on.")


def _cc_place(move: Move, events: Events) -> str:
    from games.boards.caesar_cleopatra_cards import card_label, group_label
    return _("An active turn: lay influence. One card face down (your opponent does not "
             "know its value) or two face up. Lay %(card)s face down at the %(group)s.") % {
        "card": card_label(move["card"]), "group": group_label(move["group"])}


def _cc_draw(move: Move, events: Events) -> str:
    text = _("Refill your hand to five: here with influence cards. Then a vote card is "
             "turned.")
    votes = _sentences("caesar-cleopatra", events, skip=("draw", "turn"))
    if votes:
        text += " " + "; ".join(votes) + "."
    return text


def _cc_highest_down(moves: list[Move]) -> Move:
    places = [m for m in moves if m["type"] == "place" and m.get("face") == "down"]
    if not places:
        return moves[0]
    return max(places, key=lambda m: (m["card"][-1].isdigit(), m["card"][-1]))


def _cc_draw_influence(moves: list[Move]) -> Move:
    draws = [m for m in moves if m["type"] == "draw"]
    return max(draws, key=lambda m: m["influence"]) if draws else moves[0]


CAESAR_CLEOPATRA = Tutorial(
    game="caesar-cleopatra", seed=3, seat="cleopatra",
    steps=(
        Step(first(lambda m: m["type"] == "setup" and m["cards"]["senators"].endswith("5")
                   and m["cards"]["praetors"].endswith("4")), _cc_setup),
        Step(first(lambda m: m["type"] == "setup")),
        Step(_cc_highest_down, _cc_place),
        Step(_cc_draw_influence, _cc_draw),
        Step(_cc_highest_down), Step(_cc_draw_influence),
        Step(_cc_highest_down, _cc_place),
        Step(_cc_draw_influence, _cc_draw),
    ),
)


# -- Strijd om het Kasteel -----------------------------------------------------------


def _k_place(first_one: bool) -> Lesson:
    def lesson(move: Move, events: Events) -> str:
        from games.boards.kasteel_log import piece_label
        if first_one:
            return _("Put your pieces in your home one by one. This order is also the order "
                     "in which they must enter your castle. Start with %(piece)s.") % {
                "piece": piece_label(move["piece"])}
        return _("Next: %(piece)s.") % {"piece": piece_label(move["piece"])}
    return lesson


def _k_move(move: Move, events: Events) -> str:
    from games.boards.kasteel_log import card_label, piece_label
    return _("Play %(card)s: it moves %(piece)s, the first piece of your home row, onto "
             "the board. Without a number card the dice decide how far.") % {
        "card": card_label(move["card"]), "piece": piece_label(move["piece"])}


def _k_first_placement(moves: list[Move]) -> Move:
    return moves[0]


KASTEEL = Tutorial(
    game="kasteel", seed=5, seat="0", options=(("players", 2), ("limit", 1)),
    steps=(),  # filled below: the placements alternate from the first player
)


def _kasteel_steps() -> tuple[Step, ...]:
    rules = get_rules("kasteel")
    state = rules.new_game(KASTEEL.seed, KASTEEL.new_game)
    steps: list[Step] = []
    taught = False
    while rules.to_json(state)["phase"] == "setup":
        mine = KASTEEL.seat in rules.owed_by(state)
        steps.append(Step(_k_first_placement, _k_place(not taught) if mine else None))
        taught = taught or mine
        state = rules.apply(state, rules.legal_moves(state)[0]).state
    # Play on (first the AI's turns, if the AI begins) up to the player's first move.
    plain = first(lambda m: m["type"] == "move" and "number" not in m)
    for _turn in range(4):
        owed = rules.owed_by(state)
        if not owed:
            break
        if KASTEEL.seat in owed:
            steps.append(Step(plain, _k_move))
            break
        steps.append(Step(plain))
        state = rules.apply(state, plain(rules.legal_moves(state))).state
    return tuple(steps)


def tutorial(game: str) -> Tutorial | None:
    if game == "kasteel":
        return _with_kasteel_steps()
    return {"druidenwalzer": DRUIDENWALZER, "caesar-cleopatra": CAESAR_CLEOPATRA}.get(game)


@lru_cache(maxsize=1)
def _with_kasteel_steps() -> Tutorial:
    return Tutorial(KASTEEL.game, KASTEEL.seed, KASTEEL.seat, _kasteel_steps(), KASTEEL.options)


def games() -> list[str]:
    return [game for game in ("druidenwalzer", "caesar-cleopatra", "kasteel")
            if catalog.find(game) is not None]


@lru_cache(maxsize=8)
def script(game: str) -> tuple[Scripted, ...]:
    """The tutorial's script replayed by the engine: each move, its seat and its events
    as the tutorial's player sees them (cached per process: it changes with a deploy)."""
    found = tutorial(game)
    if found is None:
        return ()
    rules = get_rules(game)
    state = rules.new_game(found.seed, found.new_game)
    moves: list[Scripted] = []
    for step in found.steps:
        owed = rules.owed_by(state)
        if not owed:
            break
        move = step.choose(rules.legal_moves(state))
        applied = rules.apply(state, move)
        moves.append(Scripted(owed[0], dict(move), rules.redact_events(
            list(applied.events), found.seat)))
        state = applied.state
    return tuple(moves)


def progress(match: Match) -> int | None:
    """How many moves of the script the tutorial ``match`` has played, or None once it
    left the script (a move that was not the script's)."""
    played = list(match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version")
                  .values_list("move", flat=True))
    moves = [scripted.move for scripted in script(match.game)]
    if played != moves[:len(played)]:
        return None
    return len(played)


def scripted_move(match: Match, seat: str) -> Move | None:
    """The script's move for ``seat`` now, if the tutorial is on its script and that
    move is ``seat``'s (the AI plays it instead of its own choice)."""
    if not match.tutorial:
        return None
    done = progress(match)
    steps = script(match.game)
    if done is None or done >= len(steps) or steps[done].seat != seat:
        return None
    return dict(steps[done].move)


def lesson(match: Match, seat: str | None) -> dict[str, Any] | None:
    """What the tutorial panel of the game page says to ``seat`` (its player) now."""
    found = tutorial(match.game)
    if not match.tutorial or found is None or seat != found.seat:
        return None
    steps = script(match.game)
    mine = [index for index, scripted in enumerate(steps) if scripted.seat == seat]
    done = progress(match)
    if match.is_over:
        return {"state": "over", "text": _("The tutorial game is over. Play a real game "
                                           "from the lobby, or start the tutorial again.")}
    if done is None or done >= len(steps) or (done not in mine and done > max(mine)):
        return {"state": "free", "text": _("The guided part is over: play on by yourself. "
                                           "The hint button shows what the AI would play.")}
    if steps[done].seat != seat:
        return {"state": "wait", "text": _("The AI is moving.")}
    step = found.steps[done]
    scripted = steps[done]
    text = step.lesson(scripted.move, scripted.events) if step.lesson else ""
    return {"state": "step", "step": mine.index(done) + 1, "of": len(mine),
            "text": text or _("Play the move shown."), "move": scripted.move,
            "move_json": json.dumps(scripted.move)}


def start(user, game: str) -> Match:
    """A new tutorial game of ``game`` for ``user`` against the random AI."""
    from games.ai_players.bots import bot_for_level
    from games.core import services

    found = tutorial(game)
    if found is None:
        raise services.NotFound(_("There is no tutorial for this game."))
    bot = bot_for_level(AI_LEVEL)
    if bot is None:
        raise services.NotFound(_("The AI player of the tutorial is not set up on this site."))
    info = catalog.get(game)
    seats = list(info.seat_names[:int(found.new_game.get("players", len(info.challenge_seats)))])
    players = {seat: (user if seat == found.seat else bot) for seat in seats}
    return services.start_match(game, players, rated=False, seed=found.seed,
                                days_per_move=DAYS_PER_MOVE, rematch_rule=False,
                                new_game=found.new_game, tutorial=True)


def unfinished(user, game: str) -> Match | None:
    """``user``'s tutorial of ``game`` still in progress (the latest), if any."""
    if user is None or not user.is_authenticated:
        return None
    return (Match.objects.filter(tutorial=True, game=game, status=Match.Status.ACTIVE,
                                 seats__user=user).order_by("-pk").first())
