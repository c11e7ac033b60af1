"""The generic interface every game's rules implement.

The site programs against this module only: it stores a game as the JSON of
its state (``to_json``), rebuilds the state with ``from_json`` when a move
arrives, asks who owes a decision (``owed_by``), applies the move
(``apply``), shows each seat its ``view`` and stores the events of the move,
redacted per viewer with ``redact_events`` when they are sent out.

A ``State`` is whatever object a game's rules use internally; callers treat it
as opaque and immutable. ``apply`` never changes the state it is given.

Nothing here (or anywhere under ``games.rules``) may import Django: the rules
run in plain Python, in tests, benchmarks and searches alike.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any

State = Any
"""A game's internal state object; opaque to callers."""

Move = dict[str, Any]
"""A move in the game's canonical JSON notation."""

Event = dict[str, Any]
"""A public event; private parts live under the key ``"secret"``."""

SECRET_KEY = "secret"


class RulesError(Exception):
    """Base class of every error the rules raise on purpose.

    ``str(error)`` is a complete, human-readable sentence fragment naming the
    exact problem, safe to show to the player who caused it (it never reveals
    hidden information).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class IllegalMove(RulesError):
    """A well-formed move that is not legal now (wrong turn, card not in hand...)."""


class MalformedMove(RulesError):
    """Something that is not a move of this game's notation at all."""


class InvalidState(RulesError):
    """A state (usually JSON from outside) that fails validation."""


class InvalidOptions(RulesError):
    """Options for ``new_game`` that the game does not accept."""


@dataclass
class Applied:
    """The result of applying one move: the new state and what happened."""

    state: State
    events: list[Event] = field(default_factory=list)


@dataclass
class Outcome:
    """How a finished game ended.

    ``winner`` is a seat (or, for team games, a team name) or ``None`` for a
    draw; ``reason`` is a short machine-readable word; ``scores`` maps seats
    (or teams) to points for games that score, else ``None``.
    """

    winner: str | None
    reason: str
    scores: dict[str, int] | None = None


class GameRules(abc.ABC):
    """The rules of one game. Instances are stateless and may be shared."""

    #: The game's name as used in URLs, the registry and the conformance command.
    name: str = ""

    # -- seats and turns -------------------------------------------------
    @abc.abstractmethod
    def seats(self, state: State) -> tuple[str, ...]:
        """All seats of this game, in seating order."""

    def teams(self, state: State) -> tuple[tuple[str, ...], ...]:
        """The teams, each a tuple of seats that win or lose together.

        By default every seat plays alone: ``(("moon",), ("sun",))``.
        """
        return tuple((seat,) for seat in self.seats(state))

    @abc.abstractmethod
    def to_move(self, state: State) -> str | None:
        """The seat whose turn it is, or ``None`` when the game is over."""

    @abc.abstractmethod
    def owed_by(self, state: State) -> tuple[str, ...]:
        """The seats that owe a decision now (may differ from ``to_move``,
        e.g. a Veto asked of the player who is not on turn)."""

    @abc.abstractmethod
    def turn_number(self, state: State) -> int:
        """A counter that grows with play (its exact meaning is per game)."""

    # -- life cycle --------------------------------------------------------
    @abc.abstractmethod
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """A fresh game after the setup shuffles. ``seed`` is server-secret;
        raises ``InvalidOptions`` for options the game does not accept."""

    @abc.abstractmethod
    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move of the seat that owes a decision, each once."""

    @abc.abstractmethod
    def apply(self, state: State, move: Move, seat: str | None = None) -> Applied:
        """Apply ``move``; returns a new state and the events.

        Raises ``MalformedMove`` for a move outside the notation,
        ``IllegalMove`` for a move that is not legal now (including a ``seat``
        that does not owe a decision).
        """

    @abc.abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    @abc.abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The outcome of a finished game, ``None`` while it runs."""

    # -- information -------------------------------------------------------
    @abc.abstractmethod
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see (``None``: a spectator). JSON-ready."""

    def redact_events(self, events: list[Event], viewer: str | None) -> list[Event]:
        """The events as ``viewer`` may see them.

        An event may carry ``"secret": {seat: {...}}``. The viewer's own
        secret part is merged into its copy of the event; the ``secret`` key
        is dropped for everyone, so spectators see the public part only.
        """
        redacted: list[Event] = []
        for event in events:
            secrets = event.get(SECRET_KEY)
            if secrets is None:
                redacted.append(dict(event))
                continue
            public = {key: value for key, value in event.items() if key != SECRET_KEY}
            if viewer is not None and viewer in secrets:
                public.update(secrets[viewer])
            redacted.append(public)
        return redacted

    def redact_move(self, move: Move, mover: str | None, viewer: str | None) -> Move:
        """A stored move as ``viewer`` may see it (``mover`` made it).

        Moves are public by default; a game whose moves name hidden cards (a
        card placed face down, say) returns what the other seats may know.
        """
        return move

    # -- persistence -------------------------------------------------------
    @abc.abstractmethod
    def to_json(self, state: State) -> dict[str, Any]:
        """The full, omniscient state as JSON (the game's canonical form)."""

    @abc.abstractmethod
    def from_json(self, data: Any) -> State:
        """Rebuild a state from JSON, validating it; raises ``InvalidState``."""

    # -- conformance command hooks ------------------------------------------
    def add_new_arguments(self, parser: Any) -> None:  # noqa: B027 - optional hook
        """Add the game's own options of the ``new`` subcommand (argparse)."""

    def options_from_arguments(self, arguments: Any) -> dict[str, Any]:
        """Turn the parsed ``new`` options into ``new_game`` options."""
        return {}

    def parse_seat(self, text: str, state: State) -> str:
        """The seat named ``text`` on the command line; raises ``RulesError``."""
        seats = self.seats(state)
        if text not in seats:
            raise RulesError(f"player must be one of {', '.join(seats)}, got {text!r}")
        return text
