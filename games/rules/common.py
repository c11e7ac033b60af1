"""What the engines share: the phases, the state plumbing, the JSON reading
helpers and the facade of an engine with an action-tuple fast path.

Every engine keeps its own rules, notation and messages; the helpers here
are the parts that are the same logic in each of them. Plain Python only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import (
    Applied,
    Event,
    GameRules,
    IllegalMove,
    InvalidState,
    MalformedMove,
    Move,
    Outcome,
    State,
)

# -- phases (the same three in every engine) -----------------------------------------
SETUP = 0
PLAY = 1
OVER = 2
PHASES = ("setup", "play", "over")
PHASE_INDEX = {name: index for index, name in enumerate(PHASES)}

copy_list = list.copy
"""``map(copy_list, lists)``: the copies of a list of lists (for ``State.copy``)."""


class SlotState:
    """Base of the engines' ``State`` classes: slotted, mutable, compared by value.

    ``_key`` is every slot in order; a state whose multisets' order means
    nothing overrides it.
    """

    __slots__: tuple[str, ...] = ()
    phase: int  # every engine's state has one (a slot of the subclass)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable; equality only

    @property
    def is_over(self) -> bool:
        return self.phase == OVER


def copying(play: Callable[..., None]) -> Callable[..., Any]:
    """The fast path's ``apply_action`` for an engine whose ``play`` changes a
    state in place."""

    def apply_action(state: Any, action: Any, events: list[Event] | None = None) -> Any:
        """Fast path: a new state after a legal ``action`` (input unchanged)."""
        new = state.copy()
        play(new, action, events)
        return new

    return apply_action


# -- reading JSON: the shapes every codec checks ---------------------------------------
def short(value: Any) -> str:
    """A short, safe rendering of a bad value for an error message."""
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - repr of JSON data does not fail
        text = "<value>"
    return text if len(text) <= 40 else text[:37] + "..."


def require(container: dict[str, Any], key: str, where: str) -> Any:
    if key not in container:
        raise InvalidState(f"{where}: missing key {key!r}")
    return container[key]


def json_object(value: Any, where: str, what: str = "an object") -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidState(f"{where} must be {what}, got {short(value)}")
    return value


def integer(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidState(f"{where} must be an integer {span}, got {short(value)}")
    return value


def boolean(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise InvalidState(f"{where} must be true or false, got {short(value)}")
    return value


def coded_list(
    value: Any, codes: dict[str, int], where: str, items: str, what: str, hint: str = ""
) -> list[Any]:
    """The codes of a list of names, each a key of ``codes``. The messages name
    the list's ``items`` ("card names") and one of them, ``what`` ("card");
    ``hint`` follows the message about an unknown name."""
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of {items}, got {short(value)}")
    found = []
    for index, name in enumerate(value):
        if not isinstance(name, str) or name not in codes:
            raise InvalidState(f"{where}[{index}]: unknown {what} {short(name)}{hint}")
        found.append(codes[name])
    return found


def move_type(move: Any, types: Any) -> str:
    """The ``type`` of a JSON move, one of ``types`` (in the order the message
    lists them); ``MalformedMove`` for anything else."""
    if not isinstance(move, dict):
        raise MalformedMove(f"a move must be a JSON object, got {short(move)}")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise MalformedMove(f"move type must be one of {', '.join(types)}, got {short(kind)}")
    return kind


def only_keys(move: dict[str, Any], kind: str, allowed: Any) -> None:
    """``MalformedMove`` for a key of a ``kind`` move that is not ``allowed``."""
    for key in move:
        if key not in allowed:
            raise MalformedMove(f"unexpected key {short(key)} in a {kind} move")


def state_object(data: Any, game: str, what: str) -> dict[str, Any]:
    """The JSON object of a state of ``game`` (``what``: how the message names
    an object); its ``game`` key checked."""
    obj = json_object(data, "a state", what)
    name = require(obj, "game", "state")
    if name != game:
        raise InvalidState(f"game must be {game!r}, got {short(name)}")
    return obj


def read_phase(data: dict[str, Any]) -> int:
    phase = require(data, "phase", "state")
    if not isinstance(phase, str) or phase not in PHASE_INDEX:
        raise InvalidState(f"phase must be setup, play or over, got {short(phase)}")
    return PHASE_INDEX[phase]


def read_seed(data: dict[str, Any], default: int) -> int:
    """The engine's own ``seed`` key; ``default`` when it is missing."""
    seed = data.get("seed", default)
    if type(seed) is not int:
        raise InvalidState(f"seed must be an integer, got {short(seed)}")
    return seed


def number_or_text(text: str) -> Any:
    """An int from the command line; a non-number stays text, so that
    ``new_game`` names it in its error."""
    try:
        return int(text)
    except ValueError:
        return text


# -- the facade ----------------------------------------------------------------------
class ActionRules(GameRules):
    """``GameRules`` of an engine whose state holds ``phase``, ``to_move`` (a
    seat index or ``None``) and ``turn``, with the fast path of action tuples.

    A subclass binds its functions as static methods: ``legal_actions``,
    ``apply_action``, ``play``, ``check_action``, ``action_to_move``,
    ``actions_to_moves`` and ``move_to_action(state, move)``; it names its
    ``state_type`` (and ``fixed_seats``, or writes ``seats``) and writes
    ``final_outcome``. ``apply`` is the one public move path: the seat check,
    the notation, the legality, then the fast path with events.
    """

    #: The engine's ``State`` class, and the message for anything else.
    state_type: type[Any] = object
    not_a_state = "apply needs a state from new_game or from_json"
    #: The seats of a game whose seats do not depend on the state.
    fixed_seats: tuple[str, ...] = ()
    #: How the message for a seat that is not to move names the decision.
    decision_word = "turn"

    # Bound by each engine (see the class docstring).
    legal_actions: Callable[..., list[Any]]
    actions_to_moves: Callable[..., list[Move]]
    apply_action: Callable[..., Any]
    play: Callable[..., None]
    check_action: Callable[..., None]

    def checked(self, state: Any) -> State:
        """``state`` if it is the engine's state, else ``InvalidState``."""
        if not isinstance(state, self.state_type):
            raise InvalidState(self.not_a_state)
        return state

    # -- seats and turns ------------------------------------------------------
    def seats(self, state: State | None = None) -> tuple[str, ...]:
        return self.fixed_seats

    def to_move(self, state: State) -> str | None:
        seat = state.to_move
        return self.seats(state)[seat] if seat is not None else None

    def owed_by(self, state: State) -> tuple[str, ...]:
        seat = state.to_move
        return (self.seats(state)[seat],) if seat is not None else ()

    def turn_number(self, state: State) -> int:
        turn: int = state.turn
        return turn

    def seat_index(self, state: State, seat: Any) -> int | None:
        """The index of the seat named ``seat``, or ``None`` for no seat of this game."""
        names = self.seats(state)
        if not isinstance(seat, str) or seat not in names:
            return None
        return names.index(seat)

    def unknown_seat(self, state: State, seat: Any) -> str:
        return f"unknown player {seat!r}; use {' or '.join(self.seats(state))}"

    def not_owed(self, state: State, seat: str) -> str:
        owner = self.seats(state)[state.to_move]
        return f"it is {owner}'s {self.decision_word}, not {seat}'s"

    def viewer_index(self, state: State, viewer: str | None) -> int | None:
        """The seat index of ``viewer`` for a view (``None``: a spectator)."""
        if viewer is None:
            return None
        index = self.seat_index(state, viewer)
        if index is None:
            raise IllegalMove(self.unknown_seat(state, viewer))
        return index

    def check_seat(self, state: State, seat: Any) -> None:
        """``IllegalMove`` unless ``seat`` owes the decision now."""
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        index = self.seat_index(state, seat)
        if index is None:
            raise IllegalMove(self.unknown_seat(state, seat))
        if index != state.to_move:
            raise IllegalMove(self.not_owed(state, seat))

    # -- life cycle --------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        return self.actions_to_moves(self.legal_actions(state))

    def apply(self, state: State, move: Move, seat: str | None = None) -> Applied:
        if not isinstance(state, self.state_type):  # ``checked``, inline: the hot path
            raise InvalidState(self.not_a_state)
        if seat is not None:
            self.check_seat(state, seat)
        action = self.move_to_action(state, move)
        self.check_action(state, action)
        new = state.copy()
        events: list[dict[str, Any]] = []
        self.play(new, action, events)
        return Applied(new, events)

    def is_over(self, state: State) -> bool:
        return bool(state.phase == OVER)

    def outcome(self, state: State) -> Outcome | None:
        return self.final_outcome(state) if state.phase == OVER else None

    def final_outcome(self, state: State) -> Outcome:
        """The outcome of a finished game."""
        raise NotImplementedError

    @staticmethod
    def move_to_action(state: State, move: Move) -> Any:
        """The action tuple of a JSON move (notation checked, not legality)."""
        raise NotImplementedError
