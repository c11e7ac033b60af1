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

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core import catalog
from games.learning.hints import cards_words
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
    #: The lesson first tells what happened since the player's last step (a vote
    #: after the AI's move), from the engine's events.
    recap: bool = False


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
    dancing = ngettext("this card makes %(count)d card dance",
                       "this card makes %(count)d cards dance", len(dances)) % {
        "count": len(dances)}
    text = _("A waltz: play %(card)s on your tree %(tree)s. That tree has %(steps)s "
             "symbols, so every other %(value)s on top of a tree dances %(steps)s places "
             "with the arrow: %(dancing)s.") % {
        "card": card_words(move["card"]), "tree": move["tree"], "steps": waltz["steps"],
        "value": move["card"][1], "dancing": dancing}
    fights = _sentences("druidenwalzer", events, skip=(
        "waltz", "ring", "dance", "turn_up", "draw"))
    if fights:
        text += " " + _("Then the druids measure their strength: %(what)s.") % {
            "what": "; ".join(fights)}
    return text


def _dw_withdraw(move: Move, events: Events) -> str:
    from games.boards.druidenwalzer_log import card_words
    return _("Withdraw: instead of a waltz, a weak card can go out of your hand (or off "
             "the top of your own tree) onto your cult board. Your %(card)s is the lowest "
             "card in your hand: withdraw it and keep the strong ones for waltzes.") % {
        "card": card_words(move["card"])}


def _dw_leap(move: Move, events: Events) -> str:
    from games.templatetags.druid_board import colour_adjective
    happened = "; ".join(_sentences("druidenwalzer", events))
    if not happened:
        return _("Leap: instead of a waltz, one of your druids may jump to your tree that "
                 "has no druid. Your %(colour)s druid leaps.") % {
            "colour": colour_adjective(move["druid"])}
    # The events say which druid leapt where: the lesson does not say it twice.
    return _("Leap: instead of a waltz, one of your druids may jump to your tree that has "
             "no druid.") + " " + capfirst(happened) + "."


def card_value(card: str) -> int:
    """A Druidenwalzer card's value from its name ("M5L": 5)."""
    return int(card[1])


def _lowest_in_hand(moves: list[Move]) -> Move:
    """Withdraw the lowest card of the hand (the legal hand withdrawals are the hand)."""
    from_hand = [m for m in moves if m["type"] == "withdraw" and "card" in m]
    return min(from_hand, key=lambda m: card_value(m["card"])) if from_hand else moves[0]


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
        Step(first(lambda m: m == {"type": "waltz", "card": "M1R", "tree": 3}, _is_waltz),
             _dw_waltz),
        Step(first(lambda m: m["type"] == "withdraw")),
        Step(_lowest_in_hand, _dw_withdraw),
        Step(first(lambda m: m["type"] == "withdraw")),
        Step(first(lambda m: m == {"type": "leap", "druid": "purple"}), _dw_leap),
    ),
)


# -- Caesar & Cleopatra --------------------------------------------------------------


def _cc_setup(move: Move, events: Events) -> str:
    from games.boards.caesar_cleopatra_cards import group_label
    from games.rules.caesar_cleopatra.constants import GROUP_INDEX, GROUP_SIZE

    cards = move["cards"]
    big = [group for group in cards if GROUP_SIZE[GROUP_INDEX[group]] == max(GROUP_SIZE)]
    high = sorted((group for group in big if cards[group][-1] in "45"),
                  key=lambda group: cards[group], reverse=True)
    small = [group for group in cards if group not in big]
    return _("First lay one card of each value face down at the five groups. Your high "
             "cards go where there is most to win: the %(five)s at the %(high_a)s and the "
             "%(four)s at the %(high_b)s, groups of %(big)s patricians; the %(small_a)s and "
             "%(small_b)s have only %(few)s, so they get low cards. Your secret bonus card "
             "names a group too: it is worth 2 points at the end if you win at least 3 "
             "patricians there.") % {
        "five": cards[high[0]][-1], "high_a": group_label(high[0]),
        "four": cards[high[1]][-1], "high_b": group_label(high[1]),
        "big": max(GROUP_SIZE), "few": min(GROUP_SIZE),
        "small_a": group_label(small[0]), "small_b": group_label(small[1])}


def _cc_place_up(first_one: bool) -> Lesson:
    def lesson(move: Move, events: Events) -> str:
        from games.boards.caesar_cleopatra_cards import card_label, group_label
        values = {"card": card_label(move["card"]), "group": group_label(move["group"])}
        if first_one:
            return _("An active turn: lay influence, either one card face down (your "
                     "opponent does not know its value) or two cards face up: they are "
                     "seen, but you lay twice as much. First %(card)s face up at the "
                     "%(group)s.") % values
        return _("The second face-up card: %(card)s at the %(group)s.") % values
    return lesson


def _cc_second_up_philosopher(move: Move, events: Events) -> str:
    return _cc_place_up(False)(move, events) + " " + _(
        "Besides the values 1 to 5 your influence pile holds two philosophers (value 0): "
        "at a vote, one philosopher on one side makes the lower total win.")


def _cc_draw_actions(move: Move, events: Events) -> str:
    from games.boards.caesar_cleopatra_cards import card_label
    drawn = next((event for event in events if event.get("type") == "draw"), {})
    cards = drawn.get("cards") or []  # the player's own draw, as they see it
    text = _("Refill your hand to five, from the influence pile or the action pile as you "
             "choose: here %(cards)s, drawn from the action pile (%(drawn)s). An action "
             "card bends one rule once: Wrath of the Gods clears a whole group, a Spy "
             "makes your opponent discard a card you choose from their hand, and a Veto "
             "is played out of turn, right after your opponent plays an action card, and "
             "cancels it. Then a vote card is turned.") % {
        "cards": cards_words(move["influence"], move["action"]),
        "drawn": ", ".join(card_label(card) for card in cards)}
    return _with_votes(text, events)


def _cc_place_again(move: Move, events: Events) -> str:
    from games.boards.caesar_cleopatra_cards import card_label, group_label
    return _("That is how patricians are won. The game ends when every patrician is "
             "won, or when no one can lay influence any more: then each patrician is "
             "worth 1 point, a majority of a group 1 more, the whole group 1 more, and the "
             "bonus card 2. Your turn again, and two cards face up again: first %(card)s "
             "at the %(group)s.") % {"card": card_label(move["card"]),
                                     "group": group_label(move["group"])}


def _cc_castling(move: Move, events: Events) -> str:
    from games.boards.caesar_cleopatra_cards import group_label
    groups = move.get("groups") or ["", ""]
    return _("After laying influence you may play one action card. Castling at the "
             "%(first)s and the %(second)s: all your influence cards at those two groups "
             "are taken and laid again face down over them, so your opponent no longer "
             "knows which is where. Your opponent is asked first whether to cancel it "
             "with a Veto.") % {"first": group_label(groups[0]),
                                "second": group_label(groups[1])}


def _with_votes(text: str, events: Events) -> str:
    # Each event's sentence stands on its own (they open with a capital: "At the
    # Quaestors ...").
    votes = _sentences("caesar-cleopatra", events, skip=("draw", "turn"))
    return " ".join([text, *(capfirst(vote) + "." for vote in votes)])


def _cc_highest_down(moves: list[Move]) -> Move:
    places = [m for m in moves if m["type"] == "place" and m.get("face") == "down"]
    if not places:
        return moves[0]
    return max(places, key=lambda m: (m["card"][-1].isdigit(), m["card"][-1]))


def _cc_draw_influence(moves: list[Move]) -> Move:
    draws = [m for m in moves if m["type"] == "draw"]
    return max(draws, key=lambda m: m["influence"]) if draws else moves[0]


def _exactly(move: Move) -> Chooser:
    """This move, chosen beforehand as the engine's best at a generous budget (the
    claim tests check it still is not clearly worse)."""
    return first(lambda m: m == move)


CAESAR_CLEOPATRA = Tutorial(
    game="caesar-cleopatra", seed=3, seat="cleopatra",
    steps=(
        Step(first(lambda m: m["type"] == "setup" and m["cards"]["senators"].endswith("5")
                   and m["cards"]["praetors"].endswith("4")), _cc_setup),
        Step(first(lambda m: m["type"] == "setup")),
        Step(_exactly({"type": "place", "card": "C5", "group": "quaestors", "face": "up"}),
             _cc_place_up(True)),
        Step(_exactly({"type": "place", "card": "C4", "group": "praetors", "face": "up"}),
             _cc_second_up_philosopher),
        Step(_exactly({"type": "draw", "influence": 0, "action": 2}), _cc_draw_actions),
        Step(_cc_highest_down), Step(_cc_draw_influence),
        Step(_exactly({"type": "place", "card": "C2", "group": "praetors", "face": "up"}),
             _cc_place_again, recap=True),
        Step(_exactly({"type": "place", "card": "C3", "group": "aediles", "face": "up"}),
             _cc_place_up(False)),
        Step(first(lambda m: m.get("card") == "C-castling"
                   and m.get("groups") == ["senators", "aediles"]), _cc_castling),
        Step(first(lambda m: m["type"] == "no_veto")),
    ),
)


# -- Strijd om het Kasteel -----------------------------------------------------------


def _k_reason(rank: str) -> str:
    """Why a piece goes where it does in the home order: what its rank does."""
    reasons = {
        "K": _("The King has the highest rank: on a shared square it stands at the front "
               "of the line."),
        "D": _("Your pieces enter the castle in this home order: a piece whose turn has "
               "not come walks past the entrance and goes round the ring again. So the "
               "order is your plan: the pieces you move first go first."),
        "C": _("Pieces on one square stand in a line by rank, highest in front; a piece "
               "on its own start square can be passed only by a higher rank."),
        "B": _("Only the first piece of your home row can enter the board: the rest wait "
               "behind it in this order."),
        "P": _("A captured piece goes back to the end of your home row, but its castle "
               "turn stays the one of this home order."),
        "S": _("The Sheriff sends home a foe's Bandit that it passes or reaches, even one "
               "on its own start square."),
        "X": _("The Bandit robs: every foe it passes or reaches goes home. On its own "
               "start square no one but a Sheriff can pass it."),
    }
    return reasons.get(rank, "")


def _k_place(first_one: bool) -> Lesson:
    def lesson(move: Move, events: Events) -> str:
        from games.boards.kasteel_log import piece_label
        piece = {"piece": piece_label(move["piece"])}
        reason = _k_reason(str(move["piece"]).split(":")[-1])
        if first_one:
            text = _("Put your pieces in your home one by one. This order is also the order "
                     "in which they must enter your castle: the first takes the deepest "
                     "place. Start with %(piece)s.") % piece
        else:
            text = _("Next: %(piece)s.") % piece
        return f"{text} {reason}".strip()
    return lesson


def _k_move(move: Move, events: Events) -> str:
    from games.boards.kasteel_log import card_label, piece_label
    return _("Play %(card)s: it moves %(piece)s, the first piece of your home row: it "
             "enters on your start square and walks from there. Without a number card two "
             "dice decide how far (on doubles you may walk one die and roll again); with "
             "a number card it walks exactly that number.") % {
        "card": card_label(move["card"]), "piece": piece_label(move["piece"])}


def _k_capture(move: Move, events: Events) -> str:
    """The capture, told from the engine's events: who was sent home, by whom, and why."""
    sent = [event for event in events if event.get("type") == "sent_home"]
    happened = _sentences("kasteel", events, skip=("play", "sent_home"))
    text = _k_move(move, events)
    if happened:
        text += " " + capfirst("; ".join(happened)) + "."
    if sent:
        text += " " + capfirst("; ".join(_sentences("kasteel", sent))) + ". " + _(
            "That is a capture: your Bandit robs every foe it passes or reaches, and the "
            "robbed piece goes back to the end of its home row and must walk the whole "
            "way again. Beware the foe's Sheriff: it sends your Bandit home the same way.")
    return text


def _k_discard(move: Move, events: Events) -> str:
    from games.boards.kasteel_log import card_label
    cards = next((event.get("cards") or [] for event in events
                  if event.get("type") == "discard"), [])
    return _("None of your cards can be played, so you must discard your whole hand "
             "(%(cards)s): that is your turn. Why: a piece card moves only a piece that can "
             "walk, and at the start that is only the first piece of your home row; a "
             "number card never goes alone; Joker and Jack wait until everyone has had a "
             "turn. Discarding is never allowed while a card can be played.") % {
        "cards": ", ".join(card_label(card) for card in cards)}


#: The home order of both sides in the script: the Bandit first, so that the first
#: turns on the ring end in a capture the tutorial can show and explain.
K_HOME_ORDER = "XSKDCBP"


def _k_in_home_order(moves: list[Move]) -> Move:
    rank = {letter: index for index, letter in enumerate(K_HOME_ORDER)}
    return min(moves, key=lambda m: rank.get(str(m.get("piece", "")).split(":")[-1], 99))


KASTEEL = Tutorial(
    game="kasteel", seed=5, seat="0", options=(("players", 2), ("limit", 1)),
    steps=(),  # filled below: the placements alternate from the first player
)
#: How far the script looks for the player's first capture (decisions after the setup).
K_CAPTURE_DEPTH = 10


def _kasteel_steps() -> tuple[Step, ...]:
    rules = get_rules("kasteel")
    state = rules.new_game(KASTEEL.seed, KASTEEL.new_game)
    steps: list[Step] = []
    taught = False
    while rules.to_json(state)["phase"] == "setup":
        mine = KASTEEL.seat in rules.owed_by(state)
        steps.append(Step(_k_in_home_order, _k_place(not taught) if mine else None))
        taught = taught or mine
        state = rules.apply(state, _k_in_home_order(rules.legal_moves(state))).state
    # Then the shortest way (the engine's moves in their legal order) to a walk of the
    # player's in which one of their pieces sends a foe home.
    for seat, move, events in _k_to_capture(rules, state):
        if seat != KASTEEL.seat:
            steps.append(Step(_exactly(move)))
        elif any(event.get("type") == "sent_home" for event in events):
            steps.append(Step(_exactly(move), _k_capture))
        elif move["type"] == "discard":
            steps.append(Step(_exactly(move), _k_discard))
        else:
            steps.append(Step(_exactly(move), _k_move))
    return tuple(steps)


def _k_to_capture(rules: Any, start: Any) -> list[tuple[str, Move, Events]]:
    """The moves from ``start`` to the player's first capture, breadth first."""
    from collections import deque

    queue: deque = deque([(start, [])])
    while queue:
        state, path = queue.popleft()
        owed = rules.owed_by(state)
        if not owed or len(path) >= K_CAPTURE_DEPTH:
            continue
        for move in rules.legal_moves(state):
            applied = rules.apply(state, move)
            step = (owed[0], move, applied.events)
            if owed[0] == KASTEEL.seat and any(
                    event.get("type") == "sent_home"
                    and str(event.get("by", "")).startswith(f"{KASTEEL.seat}:")
                    for event in applied.events):
                return [*path, step]
            queue.append((applied.state, [*path, step]))
    return []


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


def lesson_text(game: str, index: int) -> str:
    """The lesson of the script's step ``index`` ("" for a step without one); a step
    with ``recap`` first tells, from the engine's events, what happened since the
    player's previous step."""
    found = tutorial(game)
    steps = script(game)
    if found is None or index >= len(steps) or found.steps[index].lesson is None:
        return ""
    step, scripted = found.steps[index], steps[index]
    text = step.lesson(scripted.move, scripted.events)  # type: ignore[misc]
    if step.recap:
        since = index
        while since > 0 and steps[since - 1].seat != found.seat:
            since -= 1
        events = [event for earlier in steps[since:index] for event in earlier.events]
        happened = _sentences(game, events, skip=("draw", "turn", "place", "setup"))
        if happened:
            text = _("Meanwhile: %(what)s.") % {"what": "; ".join(happened)} + " " + text
    return text


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
        return {"state": "over", "text": _("The tutorial game is over. Ask the AI what it "
                                           "thinks of your moves, play a real game from "
                                           "the lobby, or start the tutorial again.")}
    if done is None or done >= len(steps) or (done not in mine and done > max(mine)):
        return {"state": "free", "text": _("The guided part is over: play on by yourself. "
                                           "The hint button shows what the AI would play.")}
    if steps[done].seat != seat:
        return {"state": "wait", "text": _("The AI is moving.")}
    scripted = steps[done]
    text = lesson_text(match.game, done)
    return {"state": "step", "step": mine.index(done) + 1, "of": len(mine),
            "text": text or _("Play the move shown."), "move": scripted.move,
            "move_json": json.dumps(scripted.move)}


def start(user, game: str) -> Match:
    """``user``'s running tutorial game of ``game`` if there is one (one per game and
    player: "Start" twice resumes it), else a new one against the random AI."""
    from games.ai_players.bots import bot_for_level
    from games.core import services

    found = tutorial(game)
    if found is None:
        raise services.NotFound(_("There is no tutorial for this game."))
    running = unfinished(user, game)
    if running is not None:
        return running
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
