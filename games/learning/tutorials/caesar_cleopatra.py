"""The Caesar & Cleopatra tutorial: the setup, face-up cards, a refill of action
cards, the votes, a castling."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.learning.hints import cards_words

from .script_parts import Events, Lesson, Move, Step, Tutorial, exactly, first, sentences


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
    votes = sentences("caesar-cleopatra", events, skip=("draw", "turn"))
    return " ".join([text, *(capfirst(vote) + "." for vote in votes)])


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
        Step(exactly({"type": "place", "card": "C5", "group": "quaestors", "face": "up"}),
             _cc_place_up(True)),
        Step(exactly({"type": "place", "card": "C4", "group": "praetors", "face": "up"}),
             _cc_second_up_philosopher),
        Step(exactly({"type": "draw", "influence": 0, "action": 2}), _cc_draw_actions),
        Step(_cc_highest_down), Step(_cc_draw_influence),
        Step(exactly({"type": "place", "card": "C2", "group": "praetors", "face": "up"}),
             _cc_place_again, recap=True),
        Step(exactly({"type": "place", "card": "C3", "group": "aediles", "face": "up"}),
             _cc_place_up(False)),
        Step(first(lambda m: m.get("card") == "C-castling"
                   and m.get("groups") == ["senators", "aediles"]), _cc_castling),
        Step(first(lambda m: m["type"] == "no_veto")),
    ),
)
