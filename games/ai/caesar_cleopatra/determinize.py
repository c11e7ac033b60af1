"""From a player's view to plausible full states (determinizations).

The view shows the bot its own hand, bonus card and face-down cards, every
face-up card, the discard piles, the sizes of hands and piles and the vote
discard pile. To search, the bot deals what it cannot see into a complete
``State`` the engine's fast path can play on:

- **Cards are conserved.** Each player owns 50 known cards; the opponent's
  unseen cards are their 50 minus what is visible (face-up cards, the
  discard pile). Action cards only lie in the action pile or the hand, so
  the number of action cards in the opponent's hand is known exactly
  (unseen action cards minus the action pile's size); the other hand cards
  and the face-down cards are influence cards.
- **Where influence cards come from.** A player starts with two sets of
  1..5 out of the pile (the face-down setup cards and the starting hand);
  the other 27 (two philosophers and five each of 1..5) form the influence
  pile. So the influence cards outside the pile are those ten plus the
  cards drawn so far, a random part of the 27 that must include whatever
  is visible beyond the ten. A deal draws that part and keeps the rest as
  the pile: early on the opponent rarely holds a philosopher.
- The bot's own piles hold its own cards not seen elsewhere, shuffled.
- The opponent's bonus card is one of the five bonus cards other than the
  bot's own (two per group, one of them the same group as the bot's).
- The vote deck holds the vote cards neither discarded nor put aside, in a
  random order; each deal has a random seed of its own for reshuffles.

While a Spy choice is pending the view shows the opponent's hand; it is
then used as it is.

With the move log (``history``), a deal also keeps what ``memory`` knows:
the cards the opponent's hand holds (its setup hand, what a Spy showed, less
what it played since), its setup cards still face down (one of each value
1..5) and the cards a castling turned face down. A memory that does not fit
the view's unseen cards is dropped.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.rules.caesar_cleopatra.constants import (
    BONUS_INDEX,
    CARD_INDEX,
    GROUP_INDEX,
    GROUPS,
    IS_ACTION,
    N_GROUPS,
    PENDING_INDEX,
    PHASE_INDEX,
    SEAT_INDEX,
    SETUP,
    STEP_INDEX,
    VOTE_DECK,
    VOTE_INDEX,
    action_deck,
    card_code,
    influence_deck,
)
from games.rules.caesar_cleopatra.moves import move_to_action
from games.rules.caesar_cleopatra.state import Pending, State

from .knowledge import ExactDeals, NoStory, replay
from .memory import Memory, remember, sure_part
from .placement import Placement
from .setup_prior import Counts, SetupPrior

SETUP_SET = (1, 2, 3, 4, 5, 1, 2, 3, 4, 5)


def _codes(names: list[str] | None) -> list[int]:
    return [CARD_INDEX[name] for name in names or []]


def parse_pending(pending: dict[str, Any] | None) -> Pending | None:
    """The engine's pending tuple of a view's ``pending`` object."""
    if pending is None:
        return None
    kind = PENDING_INDEX[pending["kind"]]
    player = SEAT_INDEX[pending["player"]]
    if pending["kind"] == "veto":
        return (kind, player, move_to_action(pending["action"]))
    if pending["kind"] == "spy":
        return (kind, player)
    if pending["kind"] == "castle":
        g1, g2 = sorted(GROUP_INDEX[name] for name in pending["groups"])
        return (kind, player, g1, g2)
    return (kind, player, pending["count"])


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    # Sorting by random keys: a uniform shuffle, faster than rng.shuffle.
    draw = rng.random
    return sorted(cards, key=lambda _card: draw())


class Observation:
    """What one view tells, parsed once per decision into engine terms."""

    def __init__(self, view: dict[str, Any], history: list[dict[str, Any]] | None = None,
                 exact: bool = True, setup_prior: float = 0.0,
                 down_habits: tuple[float, ...] | None = None,
                 setup_counts: Counts | None = None,
                 placement: Placement | None = None) -> None:
        """``exact``: deal exactly what the log allows (``knowledge``); False deals
        from the view and the log's ``memory`` alone (for comparisons).
        ``setup_prior``: with exact deals, weigh the opponent's setup orders and
        draw its bonus card to fit them, trusting players' habits this much
        against even chances (``setup_prior.SetupPrior``); 0: all alike.
        ``down_habits``: with exact deals, how much likelier than its share of the
        hand each kind of influence card is to go face down (``knowledge.ExactDeals``).
        ``setup_counts``: with exact deals, weigh the setup orders by these habits
        (an opponent's, learned by ``setup_habits.fit``) instead.
        ``placement``: with exact deals, weigh each story by how likely its choices
        of the cards put face down were, given the hand (``placement``)."""
        viewer = view.get("viewer") or view["to_move"]
        seat = self.seat = SEAT_INDEX[viewer]
        opponent = self.opponent = 1 - seat
        t = State()
        t.phase = PHASE_INDEX[view["phase"]]
        t.turn = view["turn"]
        t.current = SEAT_INDEX[view["current"]] if view["current"] else None
        t.step = STEP_INDEX[view["step"]] if view["step"] else None
        t.action_played = view["action_played"]
        t.pending = parse_pending(view["pending"])
        players = [view["players"][name] for name in ("cleopatra", "caesar")]
        visible: list[list[int]] = [[], []]  # per seat: cards whose place is known
        for side in (0, 1):
            player = players[side]
            t.discard[side] = _codes(player["discard"])
            visible[side].extend(t.discard[side])
            t.won[side] = [player["patricians"][name] for name in GROUPS]
        for group, name in enumerate(GROUPS):
            entry = view["groups"][name]
            t.patricians[group] = entry["patricians"]
            for side in (0, 1):
                cards = entry["cleopatra" if side == 0 else "caesar"]
                t.up[group * 2 + side] = _codes(cards["up"])
                visible[side].extend(t.up[group * 2 + side])
        mine = players[seat]
        t.hand[seat] = _codes(mine["hand"])
        t.bonus[seat] = BONUS_INDEX[mine["bonus"]]
        for group, name in enumerate(GROUPS):
            t.down[group * 2 + seat] = _codes(view["groups"][name][viewer]["down"])
            visible[seat].extend(t.down[group * 2 + seat])
        visible[seat].extend(t.hand[seat])
        # The bot's own piles: its cards not seen anywhere else.
        rest = Counter(influence_deck(seat) + action_deck(seat))
        rest.subtract(visible[seat])
        self.own_influence = sorted(c for c in rest.elements() if not IS_ACTION[c])
        self.own_actions = sorted(c for c in rest.elements() if IS_ACTION[c])
        # The opponent.
        theirs = players[opponent]
        self.hand_size = theirs["hand_size"]
        self.influence_size = theirs["influence_pile_size"]
        self.action_size = theirs["action_pile_size"]
        opp_name = "cleopatra" if opponent == 0 else "caesar"
        self.down_slots = [
            (group, view["groups"][name][opp_name]["down_count"])
            for group, name in enumerate(GROUPS)
        ]
        self.known_hand = _codes(theirs["hand"]) if theirs["hand"] is not None else None
        if self.known_hand is not None:
            visible[opponent].extend(self.known_hand)
        seen = Counter(visible[opponent])
        unseen_actions = Counter(action_deck(opponent))
        unseen_actions.subtract({c: n for c, n in seen.items() if IS_ACTION[c]})
        self.opp_actions = sorted(unseen_actions.elements())
        # Influence cards: the ten setup cards plus a drawn part of the 27.
        setup = Counter(card_code(opponent, value) for value in SETUP_SET)
        pile = Counter(influence_deck(opponent))
        pile.subtract(setup)
        seen_influence = Counter({c: n for c, n in seen.items() if not IS_ACTION[c]})
        excess = seen_influence - setup  # visible beyond the ten: drawn for sure
        pile.subtract(excess)
        self.pile_rest = sorted(pile.elements())
        self.drawn_known = sum(excess.values())
        self.out_of_pile = setup + excess - seen_influence  # unseen, known drawn/setup
        self.drawn = 27 - self.influence_size  # influence cards drawn so far
        self.bonus_pool = [0, 0, 1, 1, 2, 2]
        self.bonus_pool.remove(t.bonus[seat])
        deck = Counter(VOTE_DECK)
        deck.subtract(VOTE_INDEX[name] for name in view["vote_discard"])
        deck.subtract(VOTE_INDEX[name] for name in view["vote_aside"])
        t.vote_discard = [VOTE_INDEX[name] for name in view["vote_discard"]]
        t.vote_aside = [VOTE_INDEX[name] for name in view["vote_aside"]]
        self.vote_deck = sorted(deck.elements())
        self.template = t
        self.pile27 = Counter(influence_deck(opponent)) - setup
        self.setup = setup
        self.seen_influence = seen_influence
        self.unseen_influence = Counter(influence_deck(opponent)) - seen_influence
        self.prior = (SetupPrior(self.bonus_pool, counts=setup_counts) if setup_counts
                      else SetupPrior(self.bonus_pool, setup_prior) if setup_prior else None)
        self.exact: ExactDeals | None = (replay(view, history, prior=self.prior,
                                                habits=down_habits, placement=placement)
                                         if history and exact else None)
        self.memory = (Memory() if self.exact is not None else
                       self._checked(remember(view, history) if history else Memory()))
        self._view, self._history = view, history or []
        #: When no story explains the log within the sampler's tries
        #: (``knowledge.NoStory``): deal from the view and the log's memory instead
        #: (a move, never a stalled game; ``untold`` says it happened), or, False
        #: for what needs every deal exact (puzzles, the audit), raise it.
        self.fall_back = True
        self.untold = False

    def _without_stories(self) -> None:
        """Deal as a seat without the exact deals does, for the rest of this decision."""
        self.exact = None
        self.untold = True
        self.memory = self._checked(remember(self._view, self._history))

    def _checked(self, memory: Memory) -> Memory:
        """``memory`` if its sure cards fit the unseen cards, else an empty one."""
        if memory.empty():
            return memory
        if self.known_hand is not None:  # the view shows the hand itself
            memory.hand = [(Counter(), 0), (Counter(), 0)]
        influence = sure_part(*memory.hand[0])
        influence.update(sure_part(memory.setup_pool, len(memory.setup_groups)))
        for _groups, cards in memory.castled:
            influence.update(cards)
        hand_actions = len(self.opp_actions) - self.action_size
        fits = (
            not influence - self.unseen_influence
            and not sure_part(*memory.hand[1]) - Counter(self.opp_actions)
            and memory.hand[1][1] <= hand_actions
            and memory.hand[0][1] <= self.hand_size - hand_actions
            and all(self.down_slots[g][1] for g in memory.setup_groups)
        )
        return memory if fits and not memory.empty() else Memory()

    def sample(self, rng: random.Random) -> State:
        """One plausible full state consistent with the view."""
        state = self.template.copy()
        seat, opponent = self.seat, self.opponent
        state.influence[seat] = _shuffled(self.own_influence, rng)
        state.actions[seat] = _shuffled(self.own_actions, rng)
        state.vote_deck = _shuffled(self.vote_deck, rng)
        state.bonus[opponent] = self.bonus_pool[int(rng.random() * 5)]
        state.seed = rng.getrandbits(32)
        # The opponent's action cards: the hand holds what the pile does not.
        actions = _shuffled(self.opp_actions, rng)
        state.actions[opponent] = actions[: self.action_size]
        hand_actions = actions[self.action_size :]
        if state.phase == SETUP:
            # Setup: the ten setup cards; placed ones are one of each value.
            values = [card_code(opponent, value) for value in (1, 2, 3, 4, 5)]
            if any(count for _group, count in self.down_slots):
                state.hand[opponent] = list(values)
                placed = _shuffled(values, rng)
                for group in range(N_GROUPS):
                    state.down[group * 2 + opponent] = [placed[group]]
            else:
                state.hand[opponent] = values + values
            state.influence[opponent] = _shuffled(self.pile_rest, rng)
            return state
        if self.exact is not None:
            try:
                hand, down, pile, opp_actions = self.exact.sample(rng)
            except NoStory:
                if not self.fall_back:
                    raise
                self._without_stories()
                return self.sample(rng)
            state.hand[opponent] = hand
            for group in range(N_GROUPS):
                if down[group]:
                    state.down[group * 2 + opponent] = down[group]
            state.influence[opponent] = _shuffled(pile, rng)
            state.actions[opponent] = _shuffled(opp_actions, rng)
            if self.prior is not None:
                state.bonus[opponent] = self.prior.bonus(self.exact.order, rng)
            return state
        if not self.memory.empty():
            self._deal_remembered(state, rng, actions)
            return state
        # Influence: which of the 27 were drawn, then where the unseen lie.
        pile = _shuffled(self.pile_rest, rng)
        more = max(0, min(self.drawn - self.drawn_known, len(pile) - self.influence_size))
        loose = list(self.out_of_pile.elements()) + pile[:more]
        state.influence[opponent] = pile[more : more + self.influence_size]
        if self.known_hand is not None:
            hand = list(self.known_hand)
        else:
            loose = _shuffled(loose, rng)
            hand = hand_actions + loose[: max(0, self.hand_size - len(hand_actions))]
            del loose[: max(0, self.hand_size - len(hand_actions))]
        state.hand[opponent] = hand
        if self.known_hand is not None:
            loose = _shuffled(loose, rng)
        for group, count in self.down_slots:
            if count:
                state.down[group * 2 + opponent] = loose[:count]
                del loose[:count]
        return state

    def _deal_remembered(self, state: State, rng: random.Random, actions: list[int]) -> None:
        """The opponent's hidden cards, keeping what the memory knows."""
        for sure_only in (False, True):
            if self._try_remembered(state, rng, actions, sure_only):
                return
        raise AssertionError("the memory's sure cards always fit")  # checked in _checked

    def _try_remembered(self, state: State, rng: random.Random, actions: list[int],
                        sure_only: bool) -> bool:
        memory, opponent = self.memory, self.opponent
        # Action cards: those the hand is known to hold, then the others.
        free_actions = Counter(actions)
        pool, m = memory.hand[1]
        held = sure_part(pool, m)
        if not sure_only:
            _pick(held, pool, m, free_actions - held, rng)
        rest = _shuffled(list((free_actions - held).elements()), rng)
        state.actions[opponent] = rest[: self.action_size]
        hand = list(held.elements()) + rest[self.action_size :]
        # Influence cards placed by the memory: hand, setup cards, castled
        # ones; the cards sure to be there first, then random picks among
        # the cards left.
        hand_pool, hand_m = memory.hand[0]
        setup_m = len(memory.setup_groups)
        if self.known_hand is not None:
            hand = list(self.known_hand)
        in_hand = sure_part(hand_pool, hand_m)
        setup_cards = sure_part(memory.setup_pool, setup_m)
        free = self.unseen_influence - in_hand - setup_cards
        for _groups, cards in memory.castled:
            free -= cards
        if not sure_only:
            _pick(in_hand, hand_pool, hand_m, free, rng)
            _pick(setup_cards, memory.setup_pool, setup_m, free, rng)
        down: dict[int, list[int]] = {group: [] for group, _count in self.down_slots}
        room = dict(self.down_slots)
        for group, card in zip(_shuffled(memory.setup_groups, rng),
                               _shuffled(list(setup_cards.elements()), rng)):
            down[group].append(card)
            room[group] -= 1
        for groups, cards in memory.castled:
            for card in _shuffled(list(cards.elements()), rng):
                open_groups = [g for g in groups if room[g] > 0]
                group = open_groups[int(rng.random() * len(open_groups))]
                down[group].append(card)
                room[group] -= 1
        placed = in_hand + setup_cards
        for _groups, cards in memory.castled:
            placed += cards
        # The rest as without memory, the placed cards counting as seen.
        seen = self.seen_influence + placed
        excess = seen - self.setup
        more = self.drawn - sum(excess.values())
        if more < 0:
            return False
        pile = _shuffled(list((self.pile27 - excess).elements()), rng)
        loose = _shuffled(list((self.setup - seen).elements()) + pile[:more], rng)
        state.influence[opponent] = pile[more:]
        fill = self.hand_size - len(hand) - sum(in_hand.values())
        if fill < 0 or len(loose) != fill + sum(room.values()):
            return False
        hand += list(in_hand.elements()) + loose[:fill]
        del loose[:fill]
        state.hand[opponent] = hand
        for group, count in room.items():
            group_cards = down[group] + loose[:count]
            del loose[:count]
            if group_cards:
                state.down[group * 2 + opponent] = group_cards
        return True


def _pick(chosen: Counter[int], pool: Counter[int], m: int, free: Counter[int],
          rng: random.Random) -> None:
    """Add to ``chosen`` (the pool's sure cards) random cards of ``pool`` until
    it holds ``m``, only among the cards still ``free`` (taken from it)."""
    others = [card for card in (pool - chosen).elements() if free[card] > 0]
    for card in _shuffled(others, rng):
        if sum(chosen.values()) >= m:
            return
        if free[card] > 0:
            free[card] -= 1
            chosen[card] += 1


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """One plausible full state for ``view`` (see ``Observation.sample``)."""
    return Observation(view).sample(rng)
