"""Derived data checked against a replay of the record (``manage.py verify_games``).

Ratings, the rating history and ladder places are derived from the games: each
must equal its fold from scratch (ladders.rating_fold, ladders.ladder_fold).
These functions compute the fold and name every stored value that differs from
it, as one line each (a player, the value, what is stored and what the replay
gives), so a corrupted rating, a history row rated out of order or a player left
in a place no game put them in is found, not only a game whose moves differ.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from ladders.models import Rating, RatingChange
from ladders.rating_fold import PlayerState, fold
from ladders.rating_record import rated_results

#: Ratings are stored as floats; a replay with the same arithmetic agrees to far
#: better than this, which is a thousandth of a displayed point.
TOLERANCE = 1e-6
FIELDS = ("rating", "deviation", "volatility")


def _names(user_ids) -> dict[int, str]:
    return dict(get_user_model().objects.filter(pk__in=set(user_ids))
                .values_list("pk", "username"))


def _differ(stored: float, replayed: float) -> bool:
    return abs(stored - replayed) > TOLERANCE


def rating_differences(game: str) -> list[str]:
    """What differs between the stored ratings and history of ``game`` and its fold."""
    states, changes = fold(rated_results(game))
    stored = {row.user_id: row for row in Rating.objects.filter(game=game)}
    history = {(row.user_id, row.match_id): row
               for row in RatingChange.objects.filter(game=game)}
    names = _names(set(stored) | set(states) | {user for user, _m in history})
    found = []
    for user_id in sorted(set(stored) | set(states), key=lambda u: names.get(u, "")):
        row, state = stored.get(user_id), states.get(user_id, PlayerState())
        name = names.get(user_id, f"#{user_id}")
        if row is None:
            found.append(f"rating {game} {name}: missing, replay gives "
                         f"{state.rating:.1f} after {state.games} games")
            continue
        for field in FIELDS:
            if _differ(getattr(row, field), getattr(state, field)):
                found.append(f"rating {game} {name}: {field} {getattr(row, field):.4f} "
                             f"stored, {getattr(state, field):.4f} replayed")
        if row.games != state.games:
            found.append(f"rating {game} {name}: {row.games} games stored, "
                         f"{state.games} replayed")
        if row.rated_at != state.rated_at:
            found.append(f"rating {game} {name}: last rated {row.rated_at} stored, "
                         f"{state.rated_at} replayed")
    replayed = {(change.user_id, change.match_id): change for change in changes}
    for key in sorted(set(history) | set(replayed), key=lambda k: (k[1], k[0])):
        user_id, match_id = key
        name = names.get(user_id, f"#{user_id}")
        row, change = history.get(key), replayed.get(key)
        if change is None:
            found.append(f"history {game} game {match_id} {name}: stored, but the game "
                         f"rates nobody in the replay")
        elif row is None:
            found.append(f"history {game} game {match_id} {name}: missing, replay gives "
                         f"{change.before.rating:.1f} -> {change.after.rating:.1f}")
        else:
            for field in FIELDS:
                for when, state in (("before", change.before), ("after", change.after)):
                    value = getattr(row, f"{field}_{when}")
                    if _differ(value, getattr(state, field)):
                        found.append(f"history {game} game {match_id} {name}: {field} "
                                     f"{when} {value:.4f} stored, "
                                     f"{getattr(state, field):.4f} replayed")
            if _differ(row.score, change.score):
                found.append(f"history {game} game {match_id} {name}: score {row.score} "
                             f"stored, {change.score} replayed")
    return found


def rated_game_kinds() -> list[str]:
    """Every game kind with a rating or a rated game."""
    from games.models import Match

    kinds = set(Rating.objects.values_list("game", flat=True).distinct())
    kinds |= set(Match.objects.filter(rated=True).values_list("game", flat=True).distinct())
    return sorted(kinds)


def ladder_differences(ladder) -> list[str]:
    """Each player whose stored place differs from the fold of the ladder's record."""
    from ladders.ladder_replay import replayed_order
    from ladders.models import LadderEntry

    stored = list(LadderEntry.objects.filter(ladder=ladder).order_by("position")
                  .values_list("user_id", "position"))
    replayed = {user_id: place for place, user_id in enumerate(replayed_order(ladder), 1)}
    names = _names(set(replayed) | {user_id for user_id, _p in stored})
    found = []
    for user_id, position in stored:
        place = replayed.pop(user_id, None)
        name = names.get(user_id, f"#{user_id}")
        if place is None:
            found.append(f"ladder {ladder.pk} ({ladder.name}): {name} at {position}, "
                         f"not on the ladder in the replay")
        elif place != position:
            found.append(f"ladder {ladder.pk} ({ladder.name}): {name} at {position}, "
                         f"the replay puts them at {place}")
    for user_id, place in replayed.items():
        found.append(f"ladder {ladder.pk} ({ladder.name}): "
                     f"{names.get(user_id, f'#{user_id}')} missing, the replay puts them "
                     f"at {place}")
    return found


def _shown_standings(ladder) -> list[dict]:
    """The standings the page of a season closed before they were stored shows: its
    entries' places, and the ratings from the history at the close."""
    from ladders.models import LadderEntry
    from ladders.ratings import standing_ratings

    order = list(LadderEntry.objects.filter(ladder=ladder).order_by("position")
                 .values_list("user_id", flat=True))
    shown = standing_ratings(ladder, order)
    rows = []
    for place, user_id in enumerate(order, 1):
        rating = shown.get(user_id)
        rows.append({"position": place, "player_id": user_id,
                     "games": rating.games if rating else 0,
                     **{field: getattr(rating, field) for field in FIELDS if rating}})
    return rows


def season_differences(ladder) -> list[str]:
    """A closed season's final standings, as its page and exports show them (stored at
    its close), against the fold of its record as it stood at the close
    (ladders.season_close): each place and each rating that differs."""
    from ladders.season_close import close_row, final_standings, frozen_standings

    row = close_row(ladder)
    if ladder.status != ladder.Status.CLOSED or row is None:
        return []
    where = f"season {ladder.pk} ({ladder.name})"
    replayed = final_standings(ladder, row.at)
    stored = frozen_standings(ladder)
    if stored is None:  # closed before the standings were stored: what the page reads
        stored = _shown_standings(ladder)
    names = _names({r["player_id"] for r in replayed} | {r.get("player_id") for r in stored})

    def listed(rows) -> str:
        return ", ".join(names.get(row.get("player_id"), "?") for row in rows)

    found = []
    if [r.get("player_id") for r in stored] != [r["player_id"] for r in replayed]:
        found.append(f"{where}: final order {listed(stored)} stored, {listed(replayed)} "
                     f"replayed")
    by_player = {r.get("player_id"): r for r in stored}
    for want in replayed:
        name = names.get(want["player_id"], f"#{want['player_id']}")
        have = by_player.get(want["player_id"])
        if have is None:
            continue  # named in the order's line
        if not want["games"] and not have.get("games"):
            continue  # no rated game: no rating shown
        for field in FIELDS:
            value = have.get(field)
            if not isinstance(value, int | float) or _differ(value, want[field]):
                shown = f"{value:.4f}" if isinstance(value, int | float) else "nothing"
                found.append(f"{where}: {name} final {field} {shown} stored, "
                             f"{want[field]:.4f} replayed")
        if have.get("games") != want["games"]:
            found.append(f"{where}: {name} final games {have.get('games')} stored, "
                         f"{want['games']} replayed")
    return found


def derived_differences(kinds: list[str], ladders) -> list[str]:
    """Everything derived that differs from its fold: ratings of ``kinds``, places on
    ``ladders`` and the final standings of those closed (tournaments have their own
    check, tournaments.verify)."""
    found = []
    for kind in kinds:
        found += rating_differences(kind)
    for ladder in ladders:
        found += ladder_differences(ladder)
        found += season_differences(ladder)
    return found
