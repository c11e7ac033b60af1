"""A new game, the home orders and dealing: section 4 (and the deals of 9).

``new_game`` rolls for the first player and shuffles the deck (both from the
seed), and stops before the home orders: placing the 7N pieces is the first
phase of play (``place`` moves, phase ``setup``). The last placement deals
the first 5 cards each from the deck shuffled at the start.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, InvalidOptions
from ..rng import derive_rng, shuffled
from .constants import (
    DEAL_SIZES,
    HOME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PIECES,
    PLAY,
    RANKS,
    card_name,
    full_deck,
    seat_name,
)
from .state import State

OPTION_KEYS = ("players", "teams", "limit")


def parse_options(options: Any) -> tuple[int, bool, int | None]:
    """``(players, teams, limit)`` from ``{"players": 4, "teams": true, "limit": 3}``.

    Defaults: 2 players, no teams, no limit.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("options must be a JSON object")
    for key in options:
        if key not in OPTION_KEYS:
            raise InvalidOptions(f"unknown option {key!r}; options are players, teams, limit")
    players = options.get("players", 2)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidOptions(
            f"players must be an integer {MIN_PLAYERS}..{MAX_PLAYERS}, got {players!r}"
        )
    teams = options.get("teams", False)
    if type(teams) is not bool:
        raise InvalidOptions(f"teams must be true or false, got {teams!r}")
    if teams and (players % 2 or players < 4):
        raise InvalidOptions(
            f"teams need an even number of players, at least 4; got {players} players"
        )
    limit = options.get("limit")
    if limit is not None and (type(limit) is not int or limit < 1):
        raise InvalidOptions(
            f"limit must be a number of dealing cycles (an integer >= 1), got {limit!r}"
        )
    return players, teams, limit


def roll_for_first_player(
    seed: int, players: int
) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """The first player and the rounds of dice that chose them.

    Everyone rolls one die; the highest starts. If several tie, only they
    roll again and the lowest starts; further ties repeat that roll.
    """
    rng = derive_rng(seed, "first")
    contenders = list(range(players))
    rounds: list[tuple[tuple[int, int], ...]] = []  # (seat, die) per contender
    highest = True
    while True:
        dice = [(seat, rng.randint(1, 6)) for seat in contenders]
        rounds.append(tuple(dice))
        best = max(d for _, d in dice) if highest else min(d for _, d in dice)
        contenders = [seat for seat, d in dice if d == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)
        highest = False


def new_game(seed: int, options: Any = None) -> State:
    """A fresh game: first player rolled, deck shuffled, nothing placed yet."""
    players, teams, limit = parse_options(options)
    if type(seed) is not int:
        raise InvalidOptions(f"seed must be an integer, got {seed!r}")
    state = State(players, teams, limit)
    state.seed = seed
    first, rounds = roll_for_first_player(seed, players)
    state.first_rolls = rounds
    state.dealer = first
    state.to_move = first
    state.deck = shuffled(full_deck(players), seed, 1, "shuffle")
    return state


def place(state: State, rank: int, events: list[Event] | None) -> None:
    """The mover puts its piece of ``rank`` into the next place of its home."""
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    piece = seat * PIECES + rank
    state.order[seat] = state.order[seat] + (rank,)
    oidx = list(state.oidx)
    oidx[piece] = len(state.order[seat]) - 1
    state.oidx = tuple(oidx)
    state.home[seat].append(piece)
    state.loc[piece] = HOME
    if events is not None:
        events.append(
            {
                "type": "place",
                "seat": seat_name(seat),
                "piece": f"{seat}:{RANKS[rank]}",
                "home": len(state.order[seat]),
                "target": PIECES + 1 - len(state.order[seat]),
            }
        )
    if len(state.order[seat]) < PIECES:
        return
    following = (seat + 1) % state.n
    if following != state.dealer:
        state.to_move = following
        return
    state.phase = PLAY
    deal_cards(state, events)
    state.to_move = (state.dealer + 1) % state.n


def deal_cards(state: State, events: list[Event] | None) -> None:
    """The dealer makes the next deal of the cycle (5, then 4, then 4 each),
    one card at a time from the top, from the player left of the dealer
    round to the dealer."""
    state.deal += 1
    each = DEAL_SIZES[state.deal]
    n = state.n
    total = each * n
    dealt = state.deck[:total]
    state.deck = state.deck[total:]
    hands = state.hands
    first = state.dealer + 1
    for index, card in enumerate(dealt):
        hands[(first + index) % n].append(card)
    if events is not None:
        secret = {
            seat_name(seat): {"cards": [card_name(c) for c in dealt[(seat - first) % n :: n]]}
            for seat in range(n)
        }
        events.append(
            {
                "type": "deal",
                "dealer": seat_name(state.dealer),
                "cycle": state.cycle,
                "deal": state.deal,
                "each": each,
                "deck": len(state.deck),
                "secret": secret,
            }
        )


def new_cycle(state: State, events: list[Event] | None) -> None:
    """The next dealer shuffles the whole deck (all in the discard pile) and deals 5."""
    state.dealer = (state.dealer + 1) % state.n
    state.cycle += 1
    state.deck = shuffled(state.discard, state.seed, state.cycle, "shuffle")
    state.discard = []
    state.deal = 0
    if events is not None:
        events.append(
            {
                "type": "shuffle",
                "dealer": seat_name(state.dealer),
                "cycle": state.cycle,
                "cards": len(state.deck),
            }
        )
    deal_cards(state, events)
