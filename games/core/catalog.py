"""The site's catalogue of games: what the pages, the API and the ladders offer.

Each game the site shows has a small entry module, ``games/boards/<name>.py``
(the game's registry name with ``-`` as ``_``), holding ``GAME``, a
``GameInfo``: its title, its seats with their labels, its board templates and
the hooks of its board, its move log, its AI levels. The catalogue lists a
game only when its rules are registered in ``games.rules.GAMES`` *and* it has
an entry, in the registry's order: an engine may land before its board (it is
offered nowhere until then), and an entry written before its engine is
skipped. See docs/site-games.md.

Importing this module loads no entry; the first lookup does.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import rules as registry

Text = str | Promise
"""A plain or a lazily translated string."""

ENTRY_PACKAGE = "games.boards"


@dataclass(frozen=True)
class SeatInfo:
    """One seat: its name in the rules, its label inside a sentence ("moon",
    "Caesar") and, optionally, its label in a list of seats to choose from."""

    name: str
    label: Text
    choice_label: Text | None = None


def _no_text(view: dict[str, Any], seat: str) -> str:
    return ""


@dataclass(frozen=True)
class GameInfo:
    """Everything the site layer needs to know of one game (see docs/site-games.md)."""

    #: The registry name (``games.rules.GAMES``), used in URLs, the API and the database.
    name: str
    title: Text
    #: The seats in seating order: a two-player game's, or (``max_seats`` > 2) every seat
    #: a match may have; a challenge seats two players on the first two.
    seats: tuple[SeatInfo, ...]
    #: The seat that moves first.
    first_seat: str
    min_seats: int = 2
    max_seats: int = 2
    #: Whether the handicap options apply: a strength handicap chosen in a challenge
    #: and the rematch rule, both removing cards before setup (``removed`` per seat).
    handicap: bool = False
    #: The live board, included in the game page and its fragment.
    board_template: str = "games/board/plain.html"
    #: The board of one replay step (``view`` is the spectator's view after the step).
    replay_template: str = "games/board/plain_replay.html"
    #: Extra context for ``board_template`` from the generic live context (see
    #: ``games.pages.game.live_context``); may also add keys to ``game_data``.
    board_context: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    #: The game's events in words: ``event_sentence(event)`` and ``summary(events)``.
    event_sentence: Callable[[dict[str, Any]], str] | None = None
    summary: Callable[[list[dict[str, Any]]], str] | None = None
    #: The words after "won" for an end by the rules, from the outcome's reason.
    rules_end: Callable[[str], str] | None = None
    #: The board's script (a path under static/): it exports ``setupMoves(ctx, hooks)``
    #: and may export ``animateRecords(svg, records, captionFor, ui)``.
    js_module: str = ""
    #: A stylesheet of its own (a path under static/), after css/board.css.
    stylesheet: str = ""
    #: The sentences that script shows, translated on the server.
    js_strings: Callable[[], dict[str, str]] | None = None
    #: The AI levels that play this game (keys of ``games.ai.LEVELS``); none: no
    #: "play the AI" for it.
    ai_levels: tuple[str, ...] = ()
    #: Where its rules are explained (shown on the game page when set).
    rules_url: Text = ""
    #: The challenge form's words for a seat.
    seat_choice_label: Text = gettext_lazy("Your seat")
    random_seat_label: Text = gettext_lazy("Random seat")
    #: The viewer's own status line when they owe a decision ("" : "Your move").
    prompt: Callable[[dict[str, Any], str], str] = _no_text
    #: A short name of an unusual decision ``seat`` owes now, e.g. "Veto?" ("" for
    #: an ordinary move): "Waiting for Caesar's decision (Veto?)".
    decision: Callable[[dict[str, Any], str], str] = _no_text
    #: The caption of a replay's first step.
    start_caption: Text = gettext_lazy("The position at the start of the game.")
    #: Dotted paths of the API schema's serializers of this game's view and moves;
    #: empty: a documented generic JSON object.
    view_serializer: str = ""
    move_serializer: str = ""
    #: The ``new_game`` options from the cards each seat removes (handicap games).
    new_game_options: Callable[[dict[str, list[int]]], dict[str, Any]] | None = None

    def __str__(self) -> str:
        return str(self.title)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def challenge_seats(self) -> tuple[SeatInfo, ...]:
        """The seats of a two-player game (a challenge seats two players): the first two
        of a game of more seats, whose other seats are filled at a table."""
        return self.seats[:2]

    @property
    def challenge_seat_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.challenge_seats)

    def seat(self, name: str | None) -> SeatInfo | None:
        return next((seat for seat in self.seats if seat.name == name), None)

    def seat_label(self, name: str | None) -> str:
        """The seat inside a sentence; an unknown seat as it is."""
        seat = self.seat(name)
        return str(seat.label) if seat is not None else (name or "")

    def seat_choices(self) -> list[tuple[str, str]]:
        """The seats to choose from, the random one first: ``[("random", ...), ...]``."""
        choices = [("random", str(self.random_seat_label))]
        for seat in self.challenge_seats:
            if seat.choice_label is not None:
                label = str(seat.choice_label)
            elif seat.name == self.first_seat:
                label = _("%(seat)s (moves first)") % {"seat": capfirst(str(seat.label))}
            else:
                label = capfirst(str(seat.label))
            choices.append((seat.name, label))
        return choices

    def options_for(self, removed: dict[str, list[int]]) -> dict[str, Any]:
        """The ``new_game`` options of a game whose seats remove ``removed``."""
        if self.new_game_options is not None:
            return self.new_game_options(removed)
        return {}


class UnknownGame(LookupError):
    """A name that is not a game of the catalogue; ``str()`` says which games are."""


# name -> GameInfo, or None for a registered game without an entry (cached).
_entries: dict[str, GameInfo | None] = {}


def _entry(name: str) -> GameInfo | None:
    if name not in _entries:
        module_name = f"{ENTRY_PACKAGE}.{name.replace('-', '_')}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:  # the entry exists but imports something missing
                raise
            _entries[name] = None
        else:
            _entries[name] = module.GAME
    return _entries[name]


def games() -> list[GameInfo]:
    """The games of the site, in the registry's order."""
    return [info for name in registry.GAMES if (info := _entry(name)) is not None]


def names() -> list[str]:
    return [info.name for info in games()]


def find(name: Any) -> GameInfo | None:
    """The game called ``name``, or None."""
    if not isinstance(name, str) or name not in registry.GAMES:
        return None
    return _entry(name)


def get(name: Any) -> GameInfo:
    """The game called ``name``; ``UnknownGame`` (naming the known games) if none."""
    info = find(name)
    if info is None:
        raise UnknownGame(unknown_game_message(name))
    return info


def unknown_game_message(name: Any) -> str:
    return _("Unknown game %(game)s: the games of this site are %(games)s.") % {
        "game": repr(name),
        "games": ", ".join(names()) or "-",
    }


def default() -> GameInfo:
    """The first game: what a form or a request that names none is about."""
    found = games()
    if not found:
        raise UnknownGame(_("No game is set up on this site."))
    return found[0]


def default_name() -> str:
    """The first game's name (the default of the models' ``game`` fields)."""
    return default().name


def choices() -> list[tuple[str, str]]:
    """``(name, title)`` of every game (the choices of the ladders' game field)."""
    return [(info.name, str(info.title)) for info in games()]


def title(name: str) -> str:
    """The game's title, or its name if it is not (or no longer) in the catalogue."""
    info = find(name)
    return str(info.title) if info is not None else name


def seat_label(game: str, seat: str | None) -> str:
    info = find(game)
    return info.seat_label(seat) if info is not None else (seat or "")


def with_ai() -> list[GameInfo]:
    """The games an AI player plays."""
    return [info for info in games() if info.ai_levels]
