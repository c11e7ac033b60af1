"""What an AI level remembers of its earlier games against the same player.

A level that ``learns_habits`` (Caesar & Cleopatra's strong level: where its
opponent tends to put its setup cards) is handed, before it decides, what it
observed in the opponent's last ``PAST_GAMES`` finished two-player games of the
same game against an AI seat. Each game is read as that AI seat saw it (its final
view and its log, as ``choose_move`` builds them), never more: the opponent's
hidden cards stay hidden unless the game showed them to the AI's seat. An
observation is a pure function of a finished game's record, so it is cached per
game, seed and version (an admin's correction makes a new version) and computed again
when the cache has lost it.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.ai.base import Event, View, start_record
from games.models import Match, Seat
from games.rules import get_rules

#: The opponent's finished games read, newest first. Caesar & Cleopatra: the
#: habits of 100 games scored 82.5 % of 100 games against the heuristic, of 400
#: games 85.5 % of 400 (docs/ai.md); reading 400 games the first time costs about a second (3 ms a
#: game), then the cache answers, and the fit takes about 10 ms.
PAST_GAMES = 400
CACHE_SECONDS = 30 * 24 * 3600


def seat_sight(match: Match, seat: str, state: Any = None) -> tuple[View, list[Event]]:
    """``seat``'s view of ``match`` now and its log as the seat saw it, opening with
    the seat's first view (the setup writes no events). ``state``: the match's
    state, when the caller has read it already."""
    from games.core.verify import new_game_options
    from games.core.visibility import records_payload

    rules = get_rules(match.game)
    view = rules.view(rules.from_json(match.state) if state is None else state, seat)
    first = rules.view(rules.new_game(match.seed, new_game_options(match.options)), seat)
    history = [start_record(first)] + [
        event for record in records_payload(match, seat) for event in record["events"]]
    return view, history


def past_games(match: Match, ai_seat: Seat) -> list[tuple[Match, str]]:
    """The opponent's latest finished games of ``match``'s game against an AI seat,
    with that AI seat: two-player games only, no lesson, not ``match`` itself."""
    opponents = list(match.seats.exclude(pk=ai_seat.pk).select_related("user"))
    if len(opponents) != 1 or opponents[0].user is None or opponents[0].user.is_bot:
        return []
    player = opponents[0].user
    found = (Match.objects.filter(game=match.game, status=Match.Status.FINISHED,
                                  tutorial=False, seats__user=player)
             .filter(seats__user__is_bot=True, seats__takeover_level="")
             .exclude(pk=match.pk).order_by("-finished_at", "-pk").distinct())
    games = []
    for past in found.prefetch_related("seats__user")[:PAST_GAMES * 2]:
        seats = list(past.seats.all())
        mine = [s for s in seats if s.user_id == player.pk]
        ai = [s for s in seats if s.user is not None and s.user.is_bot
              and not s.takeover_level]
        if len(seats) == 2 and len(mine) == 1 and len(ai) == 1:
            games.append((past, ai[0].seat))
        if len(games) == PAST_GAMES:
            break
    return games


def observations(bot: Any, match: Match, ai_seat: Seat) -> list[Any]:
    """``bot.observe_game`` of each of the opponent's past games (newest first),
    cached per game, version and level."""
    games = past_games(match, ai_seat)
    kind = type(bot).__module__ + "." + type(bot).__qualname__
    # The seed too: a database that reuses the number of a deleted game (SQLite)
    # never serves the old game's observation for the new one. "ai-habits2": the
    # observations name the opponent's seat since; those cached before do not.
    keys = {f"ai-habits2:{kind}:{past.pk}:{past.seed}:{past.version}:{seat}": (past, seat)
            for past, seat in games}
    known = cache.get_many(list(keys))
    read = {key: {"seen": bot.observe_game(*seat_sight(past, seat))}
            for key, (past, seat) in keys.items() if key not in known}
    if read:
        cache.set_many(read, CACHE_SECONDS)
        known.update(read)
    return [known[key]["seen"] for key in keys if known[key]["seen"] is not None]


def teach(bot: Any, match: Match, ai_seat: Seat) -> None:
    """Hand a level that learns habits its observations of the opponent."""
    if getattr(bot, "learns_habits", False):
        bot.learn(observations(bot, match, ai_seat))


__all__ = ["PAST_GAMES", "observations", "past_games", "seat_sight", "teach"]
