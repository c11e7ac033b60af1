"""The validation list of section 8, on a state read by ``codec``.

Each check raises ``InvalidState`` with a message naming the exact problem:

- each player's 50 cards exactly once (hand, piles, discard, groups), only
  their own cards in their places, only influence cards in the influence
  pile and at the groups, only action cards in the action pile;
- at most 5 cards in a hand in play (10 or 5 during setup, see below), at
  most 5 of a player's cards at a group, no cards at a group without
  patricians, the patricians of each group adding up;
- the 8 vote cards exactly once, ``V-orgy-reshuffle`` in the deck;
- ``phase``, ``step``, ``pending``, ``current``, ``to_move`` and ``turn``
  agreeing (and, when over, ``winner`` and ``score`` as section 5 computes
  them, with an end condition of section 5 holding).

The checks also make sure every running game has a legal move: at ``place``
(nothing pending) and ``second`` a placement must be possible, and a pending
decision must have its object (a Veto question about a playable action, a
Spy with a hand to look at, a castling with cards to move).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NoReturn

from ..base import IllegalMove, InvalidState
from .checks import check_target
from .constants import (
    CARD_COUNT,
    CARD_KIND,
    CARD_NAMES,
    CARD_OWNER,
    CARDS_PER_SEAT,
    GROUP_SIZE,
    GROUPS,
    HAND_SIZE,
    IS_ACTION,
    IS_INFLUENCE,
    KINDS_PER_SEAT,
    MAX_OWN_AT_GROUP,
    N_GROUPS,
    P_CASTLE,
    P_DRAW,
    P_SPY,
    P_VETO,
    PASSIVE,
    PENDING_KINDS,
    PLACE,
    PLAY,
    SEATS,
    SECOND,
    SETUP,
    START,
    STEP_SETUP,
    STEPS,
    V_RESHUFFLE,
    VETO,
    VOTE_COUNT,
    VOTE_NAMES,
    WINNER_NAMES,
    card_code,
)
from .scoring import result
from .state import Pending, State


def validate(state: State) -> None:
    _check_cards(state)
    _check_groups(state)
    _check_votes(state)
    if state.phase == SETUP:
        _check_setup(state)
    elif state.phase == PLAY:
        _check_play(state)
    else:
        _check_over(state)


# -- cards ---------------------------------------------------------------------------
def _places(state: State, seat: int) -> Iterator[tuple[str, list[int], str | None]]:
    """(where, cards, what the place may hold) for each place of ``seat``'s cards."""
    name = SEATS[seat]
    yield f"players.{name}.hand", state.hand[seat], None
    yield f"players.{name}.influence_pile", state.influence[seat], "influence"
    yield f"players.{name}.action_pile", state.actions[seat], "action"
    yield f"players.{name}.discard", state.discard[seat], None
    for group in range(N_GROUPS):
        index = group * 2 + seat
        yield f"groups.{GROUPS[group]}.{name}.down", state.down[index], "influence"
        yield f"groups.{GROUPS[group]}.{name}.up", state.up[index], "influence"


def _check_cards(state: State) -> None:
    for seat in (0, 1):
        name = SEATS[seat]
        counts: Counter[int] = Counter()
        for where, cards, holds in _places(state, seat):
            for card in cards:
                if CARD_OWNER[card] != seat:
                    raise InvalidState(
                        f"{where}: {CARD_NAMES[card]} is {SEATS[CARD_OWNER[card]]}'s card, "
                        f"not {name}'s"
                    )
                if holds == "influence" and not IS_INFLUENCE[card]:
                    raise InvalidState(
                        f"{where}: {CARD_NAMES[card]} is an action card; only influence cards "
                        "go there"
                    )
                if holds == "action" and not IS_ACTION[card]:
                    raise InvalidState(
                        f"{where}: {CARD_NAMES[card]} is an influence card; only action cards "
                        "go there"
                    )
            counts.update(cards)
        for kind in range(KINDS_PER_SEAT):
            card = card_code(seat, kind)
            if counts[card] != CARD_COUNT[card]:
                raise InvalidState(
                    f"{name}'s cards: expected {CARD_COUNT[card]} {CARD_NAMES[card]} in all, "
                    f"found {counts[card]} ({CARDS_PER_SEAT} cards per player, each exactly once)"
                )
        if state.phase != SETUP and len(state.hand[seat]) > HAND_SIZE:
            raise InvalidState(
                f"players.{name}.hand holds {len(state.hand[seat])} cards; at most {HAND_SIZE} "
                "outside the setup"
            )


def _check_groups(state: State) -> None:
    for group in range(N_GROUPS):
        where = f"groups.{GROUPS[group]}"
        left = state.patricians[group]
        won = [state.won[0][group], state.won[1][group]]
        if left + won[0] + won[1] != GROUP_SIZE[group]:
            raise InvalidState(
                f"{where}: {left} patrician(s) still to win plus {won[0]} won by cleopatra and "
                f"{won[1]} by caesar must make {GROUP_SIZE[group]}"
            )
        for seat in (0, 1):
            own = state.own_count(group, seat)
            if own > MAX_OWN_AT_GROUP:
                raise InvalidState(
                    f"{where}.{SEATS[seat]} holds {own} cards; at most {MAX_OWN_AT_GROUP} "
                    "of a player's cards at a group"
                )
        if not left and state.group_count(group):
            raise InvalidState(
                f"{where}: every patrician is won, so the group holds no cards "
                f"(found {state.group_count(group)})"
            )


def _check_votes(state: State) -> None:
    counts = Counter(state.vote_deck + state.vote_discard + state.vote_aside)
    for card, expected in enumerate(VOTE_COUNT):
        if counts[card] != expected:
            raise InvalidState(
                f"vote cards: expected {expected} {VOTE_NAMES[card]} in all (deck, discard "
                f"and aside), found {counts[card]}"
            )
    if V_RESHUFFLE not in state.vote_deck:
        raise InvalidState("V-orgy-reshuffle must be in vote_deck (it always returns to the deck)")
    for card in state.vote_aside:
        if card < N_GROUPS and state.patricians[card]:
            raise InvalidState(
                f"vote_aside: {VOTE_NAMES[card]} is put aside only once every patrician of the "
                f"{GROUPS[card]} is won"
            )
        if card >= N_GROUPS:
            raise InvalidState(f"vote_aside: {VOTE_NAMES[card]} is never put aside")


# -- phase, step, pending, current, to_move, turn --------------------------------------
def _fail(message: str) -> NoReturn:
    raise InvalidState(message)


def _check_setup(state: State) -> None:
    if state.current is None or state.step != STEP_SETUP:
        _fail("during setup current must be a player and step must be setup")
    if state.pending is not None or state.action_played:
        _fail("during setup pending must be null and action_played false")
    if state.winner is not None or state.score is not None:
        _fail("during setup winner and score must be null")
    if state.turn != 0:
        _fail(f"turn counts turns in play, so it is 0 during setup, got {state.turn}")
    if any(state.won[0]) or any(state.won[1]):
        _fail("no patrician is won during setup")
    for seat in (0, 1):
        name = SEATS[seat]
        hand = state.hand[seat]
        placed = seat < state.current  # Cleopatra places first, then Caesar
        cards_at_groups = sum(state.own_count(group, seat) for group in range(N_GROUPS))
        if not placed:
            if sorted(CARD_KIND[card] for card in hand) != [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]:
                _fail(
                    f"during setup {name} has not placed yet and holds 10 cards, two of each "
                    "value 1..5"
                )
            if cards_at_groups:
                _fail(f"{name} has not placed yet, so no card of {name} is at a group")
            continue
        if len(hand) != HAND_SIZE:
            _fail(f"{name} has placed, so {name} holds {HAND_SIZE} cards, not {len(hand)}")
        values = []
        for group in range(N_GROUPS):
            index = group * 2 + seat
            if state.up[index] or len(state.down[index]) != 1:
                _fail(f"{name}'s setup placement is one face-down card at each group")
            values.append(CARD_KIND[state.down[index][0]])
        if sorted(values) != [1, 2, 3, 4, 5]:
            _fail(f"{name}'s setup placement is one card of each value 1..5")


def _check_play(state: State) -> None:
    current, step, pending = state.current, state.step, state.pending
    if current is None or step is None or step in (STEP_SETUP,):
        _fail(
            "in play current must be a player and step one of start, place, second, placed, passive"
        )
    if state.winner is not None or state.score is not None:
        _fail("in play winner and score must be null")
    if current != state.turn % 2:
        _fail(
            f"turn {state.turn} is {SEATS[state.turn % 2]}'s (Cleopatra's turns are the even "
            f"ones), but current is {SEATS[current]}"
        )
    if not any(state.patricians):
        _fail("every patrician is won, so the game is over")
    step_name = STEPS[step]
    if step in (START, PASSIVE) and (state.action_played or pending is not None):
        _fail(f"at step {step_name} action_played is false and nothing is pending")
    if step == PLACE and not state.action_played:
        _fail("step place follows an action card opening the turn, so action_played is true")
    if step == SECOND and pending is not None:
        _fail("at step second nothing is pending (the second face-up card is due)")
    if pending is not None and not state.action_played:
        _fail(
            f"a pending {PENDING_KINDS[pending[0]]} follows an action card: action_played is true"
        )
    if pending is None:
        if step in (PLACE, SECOND) and not state.can_place(current):
            _fail(f"at step {step_name} {SEATS[current]} must be able to place a card")
        return
    _check_pending(state, current, pending)


def _check_pending(state: State, current: int, pending: Pending) -> None:
    kind, player = pending[0], pending[1]
    opponent = 1 - current
    label = PENDING_KINDS[kind]
    expected = opponent if kind in (P_VETO, P_DRAW) else current
    if player != expected:
        _fail(f"a pending {label} is {SEATS[expected]}'s decision, not {SEATS[player]}'s")
    if kind == P_VETO:
        action = pending[2]
        card = action[1]
        if CARD_OWNER[card] != current:
            _fail(f"pending.action: {CARD_NAMES[card]} is not {SEATS[current]}'s card")
        if CARD_KIND[card] == VETO:
            _fail("pending.action: a Veto cannot be vetoed")
        if card not in state.discard[current]:
            _fail(
                f"pending.action: the played {CARD_NAMES[card]} must be in "
                f"{SEATS[current]}'s discard"
            )
        if state.discard[opponent].count(card_code(opponent, VETO)) >= 2:
            _fail(f"both of {SEATS[opponent]}'s Vetos are discarded, so no Veto question is asked")
        try:
            check_target(state, current, action)
        except IllegalMove as problem:
            _fail(f"pending.action: {problem}")
    elif kind == P_SPY:
        if not state.hand[opponent]:
            _fail(f"a pending spy needs cards in {SEATS[opponent]}'s hand")
    elif kind == P_CASTLE:
        g1, g2 = pending[2], pending[3]
        for group in (g1, g2):
            if not state.patricians[group]:
                _fail(f"pending.groups: every patrician of the {GROUPS[group]} is won")
        if not state.own_count(g1, current) + state.own_count(g2, current):
            _fail(f"pending castle: {SEATS[current]} has no card at those groups")
    elif kind == P_DRAW and pending[2] != 1:  # pragma: no cover - the codec reads only 1
        _fail("pending.count must be 1")


def _check_over(state: State) -> None:
    if (
        state.current is not None
        or state.step is not None
        or state.pending is not None
        or state.action_played
    ):
        _fail("when the game is over current, step and pending are null and action_played false")
    if state.winner is None or state.score is None:
        _fail("when the game is over winner and score are set (section 5)")
    if any(state.patricians) and (state.has_influence(0) or state.has_influence(1)):
        _fail(
            "the game is over only when every patrician is won or neither player has an "
            "influence card in hand or in the influence pile"
        )
    score, winner, _ = result(state)
    if state.score != score:
        _fail(f"score must be cleopatra {score[0]}, caesar {score[1]} (section 5)")
    if state.winner != winner:
        _fail(f"winner must be {WINNER_NAMES[winner]} (section 5)")
