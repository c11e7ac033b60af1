"""The Druidenwalzer tutorial: the druids placed, a waltz, a withdrawal, a leap."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .script_parts import Chooser, Events, Lesson, Move, Step, Tutorial, first, sentences


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
    fights = sentences("druidenwalzer", events, skip=(
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
    happened = "; ".join(sentences("druidenwalzer", events))
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
