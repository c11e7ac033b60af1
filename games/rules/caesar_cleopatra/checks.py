"""Why a move is not legal: ``check_action`` and ``check_target``.

``check_action`` raises ``IllegalMove`` with a precise reason for a move
that is not legal now; its messages name only what the mover may know
(their own cards, public cards, and during a Spy choice the opponent's
hand, which the spying player sees). A move it lets through is one of
``legality.legal_actions`` (checked at the end, as a safety net).
"""

from __future__ import annotations

from ..base import IllegalMove
from .constants import (
    ACTION_NAMES,
    ASSASSINATION,
    CARD_KIND,
    CARD_NAMES,
    CARD_OWNER,
    CASTLING,
    EXTRAORDINARY,
    GROUPS,
    HAND_SIZE,
    IS_INFLUENCE,
    LETTERS,
    MAX_OWN_AT_GROUP,
    OVER,
    P_CASTLE,
    P_DRAW,
    P_SPY,
    P_VETO,
    PASSIVE,
    PHILOSOPHER,
    PLACE,
    PLACED,
    SCOUT,
    SEATS,
    SECOND,
    SETUP,
    SPY,
    START,
    VETO,
    WRATH,
)
from .legality import (
    VETO_CODES,
    castle_cards,
    draw_range,
    legal_actions,
    room_for_two,
)
from .moves import (
    A_ACTION,
    A_CASTLE,
    A_DRAW,
    A_NO_VETO,
    A_PASS,
    A_PLACE,
    A_SETUP,
    A_SPY,
    A_VETO,
    UP,
    Action,
)
from .state import State

# -- checking ------------------------------------------------------------------------
_PENDING_WANTS = {
    P_VETO: ((A_VETO, A_NO_VETO), "{name} is asked whether to veto {what}: answer veto or no_veto"),
    P_SPY: ((A_SPY,), "{name} must name the card of {other}'s hand to discard (a spy move)"),
    P_CASTLE: ((A_CASTLE,), "{name} must place the cards of the castling again (a castle move)"),
    P_DRAW: ((A_DRAW,), "{name} must draw a card first (a draw move)"),
}


def check_action(state: State, action: Action) -> None:
    """Raise ``IllegalMove`` unless ``action`` is legal for the player to move."""
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    name = SEATS[seat]
    kind = action[0]
    if state.phase == SETUP:
        if kind != A_SETUP:
            raise IllegalMove(f"during setup the only move is {name}'s setup placement")
        _check_setup(state, seat, action)
    elif kind == A_SETUP:
        raise IllegalMove("the setup placements are over")
    elif state.pending is not None:
        _check_pending(state, seat, action)
    else:
        _check_turn(state, seat, action)
    if action not in legal_actions(state):  # pragma: no cover - the checks above are complete
        raise IllegalMove("that move is not legal now")


def _check_own(card: int, seat: int, where: str = "") -> None:
    if CARD_OWNER[card] != seat:
        prefix = f"{where}: " if where else ""
        raise IllegalMove(
            f"{prefix}{CARD_NAMES[card]} is not {SEATS[seat]}'s card "
            f"({SEATS[seat]}'s cards start with {LETTERS[seat]})"
        )


def _check_in(cards: tuple[int, ...] | list[int], held: list[int], owner: str, where: str) -> None:
    """Every card of ``cards`` (a multiset) is among ``held``."""
    for card in set(cards):
        wanted, have = cards.count(card), held.count(card)
        if wanted > have:
            if have == 0:
                raise IllegalMove(f"{CARD_NAMES[card]} is not in {where}")
            raise IllegalMove(f"{owner} holds only {have} {CARD_NAMES[card]} in {where}")


def _check_setup(state: State, seat: int, action: Action) -> None:
    codes = action[1]
    for group, card in zip(GROUPS, codes):
        _check_own(card, seat, f"cards.{group}")
        if CARD_KIND[card] == PHILOSOPHER:
            raise IllegalMove(f"cards.{group}: the setup places the values 1..5, not a philosopher")
    if sorted(CARD_KIND[card] for card in codes) != [1, 2, 3, 4, 5]:
        raise IllegalMove("a setup places one card of each value 1..5, one at each group")
    name = SEATS[seat]
    _check_in(list(codes), state.hand[seat], name, f"{name}'s hand")


def _check_pending(state: State, seat: int, action: Action) -> None:
    pending = state.pending
    assert pending is not None  # check_action comes here for a pending decision only
    name = SEATS[seat]
    pending_kind = pending[0]
    kinds, message = _PENDING_WANTS[pending_kind]
    if action[0] not in kinds:
        what = CARD_NAMES[pending[2][1]] if pending_kind == P_VETO else ""
        raise IllegalMove(message.format(name=name, other=SEATS[1 - seat], what=what))
    if pending_kind == P_VETO:
        if action[0] == A_VETO and VETO_CODES[seat] not in state.hand[seat]:
            raise IllegalMove(f"{name} holds no Veto ({CARD_NAMES[VETO_CODES[seat]]})")
    elif pending_kind == P_SPY:
        card, other = action[1], 1 - seat
        if CARD_OWNER[card] != other:
            raise IllegalMove(
                f"the spy names a card of {SEATS[other]}'s hand, not {CARD_NAMES[card]}"
            )
        if card not in state.hand[other]:
            raise IllegalMove(f"{CARD_NAMES[card]} is not in {SEATS[other]}'s hand")
    elif pending_kind == P_CASTLE:
        _check_castle(state, seat, pending[2], pending[3], action)
    else:
        _check_draw(state, seat, pending[2], action, "the card drawn after a Spy or a Veto")


def _check_castle(state: State, seat: int, g1: int, g2: int, action: Action) -> None:
    name = SEATS[seat]
    _, m1, first, m2, second = action
    if (m1, m2) != (g1, g2):
        raise IllegalMove(
            f"the castling is at the {GROUPS[g1]} and the {GROUPS[g2]}; the castle move must "
            f"name those two groups, not {GROUPS[m1]} and {GROUPS[m2]}"
        )
    for card in first + second:
        _check_own(card, seat)
    taken = castle_cards(state, seat, g1, g2)
    given = tuple(sorted(first + second))
    if given != taken:
        listed = ", ".join(CARD_NAMES[card] for card in taken) or "none"
        raise IllegalMove(
            f"the castle must place again exactly the cards {name} takes from the two groups "
            f"({listed})"
        )
    for group, cards in ((g1, first), (g2, second)):
        if len(cards) > MAX_OWN_AT_GROUP:
            raise IllegalMove(
                f"at most {MAX_OWN_AT_GROUP} of {name}'s cards per group; the castle puts "
                f"{len(cards)} at the {GROUPS[group]}"
            )


def _check_draw(state: State, seat: int, needed: int, action: Action, what: str) -> None:
    name = SEATS[seat]
    _, influence, actions = action
    have_influence, have_action = len(state.influence[seat]), len(state.actions[seat])
    if influence > have_influence:
        raise IllegalMove(f"{name}'s influence pile holds only {have_influence} card(s)")
    if actions > have_action:
        raise IllegalMove(f"{name}'s action pile holds only {have_action} card(s)")
    total, _, _ = draw_range(state, seat, needed)
    if influence + actions != total:
        if total < needed:
            reason = f"the piles hold only {total} card(s), so all {total} are drawn"
        else:
            reason = f"{what} is {total} card(s)"
        raise IllegalMove(f"{name} must draw {total} card(s), not {influence + actions}: {reason}")


def _check_turn(state: State, seat: int, action: Action) -> None:
    name = SEATS[seat]
    kind = action[0]
    step = state.step
    assert step is not None  # a turn in play is at a step
    if kind in (A_VETO, A_NO_VETO):
        raise IllegalMove("no Veto question is pending")
    if kind == A_SPY:
        raise IllegalMove("no Spy choice is pending")
    if kind == A_CASTLE:
        raise IllegalMove("no castling is pending")
    if kind == A_PASS:
        if step != START:
            raise IllegalMove(f"{name} can pass only at the start of the turn")
        _check_pass(state, seat, action[1])
    elif kind == A_PLACE:
        _check_place(state, seat, action, step)
    elif kind == A_ACTION:
        _check_action_card(state, seat, action, step)
    else:  # A_DRAW
        if step in (START, PLACE, SECOND):
            due = {
                START: "nothing is done yet (pass, place or play an action card)",
                PLACE: "the placement is due",
                SECOND: "the second face-up card is due",
            }[step]
            raise IllegalMove(f"{name} cannot refill yet: {due}")
        needed = HAND_SIZE - len(state.hand[seat])
        _check_draw(state, seat, needed, action, f"the refill to {HAND_SIZE} cards")


def _check_pass(state: State, seat: int, discard: tuple[int, ...]) -> None:
    name = SEATS[seat]
    for card in discard:
        _check_own(card, seat, "discard")
    _check_in(discard, state.hand[seat], name, f"{name}'s hand")
    if not discard and state.hand[seat]:
        raise IllegalMove(
            f"a passive player discards at least one card; {name}'s hand is not empty"
        )


def _check_place(state: State, seat: int, action: Action, step: int) -> None:
    name = SEATS[seat]
    _, card, group, face = action
    if step in (PLACED, PASSIVE):
        done = "passed" if step == PASSIVE else "placed influence (or skipped it)"
        raise IllegalMove(f"{name} has already {done} this turn")
    if step == SECOND and face != UP:
        raise IllegalMove("the second card of a face-up placement is placed face up too")
    _check_own(card, seat)
    if card not in state.hand[seat]:
        raise IllegalMove(f"{CARD_NAMES[card]} is not in {name}'s hand")
    where = GROUPS[group]
    if not state.patricians[group]:
        raise IllegalMove(f"every patrician of the {where} has been won; the group takes no cards")
    if state.own_count(group, seat) >= MAX_OWN_AT_GROUP:
        raise IllegalMove(f"{name} already has {MAX_OWN_AT_GROUP} cards at the {where}")
    if state.group_count(group) >= EXTRAORDINARY:
        raise IllegalMove(f"the {where} hold {EXTRAORDINARY} or more cards; no more can be placed")
    if face == UP and step != SECOND:
        if sum(1 for other in state.hand[seat] if IS_INFLUENCE[other]) < 2:
            raise IllegalMove(f"two face-up cards need two influence cards in {name}'s hand")
        others = [g for g in state.open_groups(seat) if g != group]
        if not others and not room_for_two(state, seat, group):
            raise IllegalMove(
                f"a first face-up card only if a second can follow, and after it {name} "
                "could place no second card anywhere"
            )


def _check_action_card(state: State, seat: int, action: Action, step: int) -> None:
    name = SEATS[seat]
    _, card, group, arg = action
    kind = CARD_KIND[card]
    _check_own(card, seat)
    if kind == VETO:
        raise IllegalMove("a Veto is never played in one's own turn; it answers an action card")
    if step not in (START, PLACED):
        due = {
            PLACE: "the placement is due",
            SECOND: "not between the two face-up cards",
            PASSIVE: f"{name} has passed",
        }[step]
        raise IllegalMove(f"{name} cannot play an action card now: {due}")
    if state.action_played:
        raise IllegalMove(f"{name} has already played an action card this turn")
    if card not in state.hand[seat]:
        raise IllegalMove(f"{CARD_NAMES[card]} is not in {name}'s hand")
    if step == START and not state.can_place(seat):
        raise IllegalMove(
            f"a turn may open with an action card only if {name} could place a card now"
        )
    check_target(state, seat, action)


def check_target(state: State, seat: int, action: Action) -> None:
    """Ruling (section 6): an action card is played only with a target."""
    _, card, group, arg = action
    kind = CARD_KIND[card]
    other = 1 - seat
    them = SEATS[other]
    label = ACTION_NAMES[kind - ASSASSINATION].capitalize()
    if kind == ASSASSINATION:
        if CARD_OWNER[arg] != other:
            raise IllegalMove(f"an Assassination targets {them}'s cards, not {CARD_NAMES[arg]}")
        if arg not in state.up[group * 2 + other]:
            raise IllegalMove(f"there is no face-up {CARD_NAMES[arg]} at the {GROUPS[group]}")
    elif kind == SPY:
        if not state.hand[other]:
            raise IllegalMove(f"{them} holds no card to spy on")
    elif kind == CASTLING:
        for one in (group, arg):
            if not state.patricians[one]:
                raise IllegalMove(f"every patrician of the {GROUPS[one]} has been won; no castling")
        if not state.own_count(group, seat) + state.own_count(arg, seat):
            raise IllegalMove(
                f"{SEATS[seat]} has no card at the {GROUPS[group]} or the {GROUPS[arg]} to castle"
            )
    elif kind == SCOUT:
        if not state.down[group * 2 + other]:
            raise IllegalMove(f"{them} has no face-down card at the {GROUPS[group]}")
    elif kind == WRATH:
        if not state.group_count(group):
            raise IllegalMove(f"the {GROUPS[group]} hold no card; {label} needs one")
