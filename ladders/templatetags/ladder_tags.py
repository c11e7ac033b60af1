"""Ladder and rating pieces for pages owned elsewhere: the profile's rating chart,
the head-to-head page's handicap in force.

{% load ladder_tags %}{% rating_chart player %}
{% load ladder_tags %}{% handicap_in_force player opponent %}
"""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, gettext_lazy

from games.core.handicap import handicap_games, handicaps_for
from ladders import ratings
from ladders.charts import line_chart
from ladders.models import Ladder, Rating

register = template.Library()


@register.inclusion_tag("ladders/_rating_chart.html")
def rating_chart(user) -> dict:
    """The player's current rating and its history, per game they were rated in."""
    rows = []
    for rating in Rating.objects.filter(user=user, games__gt=0).order_by("game"):
        changes = list(ratings.history(user, rating.game).values_list(
            "rating_before", "rating_after"))
        values = [changes[0][0], *(after for _, after in changes)] if changes else []
        rows.append({"rating": rating, "chart": line_chart(values)})
    return {"player": user, "rows": rows}


@register.inclusion_tag("ladders/_handicap_in_force.html")
def handicap_in_force(player, opponent) -> dict:
    """The cards each removes in their next game under the rematch rule, and why; and
    the ladders they share that switch the rule off."""
    games = []
    for game in handicap_games():
        handicaps = handicaps_for(game, player, opponent)
        games.append({
            "game": game,
            "players": [(user, handicaps[user.pk]) for user in (player, opponent)],
            "any": any(h.removed for h in handicaps.values()),
        })
    without_rule = (
        Ladder.objects.filter(rematch_handicap=False, entries__user=player)
        .filter(entries__user=opponent).exclude(status=Ladder.Status.CLOSED).distinct()
    )
    return {"player": player, "opponent": opponent, "games": games,
            "ladders_without_rule": list(without_rule)}


_SUMMARIES = {
    "join": gettext_lazy("%(player)s joined at position %(position)s."),
    "leave": gettext_lazy("%(player)s left the ladder."),
    "add": gettext_lazy("An admin added %(player)s."),
    "remove": gettext_lazy("An admin removed %(player)s."),
    "move": gettext_lazy("An admin moved %(player)s."),
    "inactive": gettext_lazy("%(player)s was removed for inactivity."),
    "challenge": gettext_lazy("%(challenger)s challenged %(defender)s."),
    "challenger": gettext_lazy("%(challenger)s beat %(defender)s."),
    "defender": gettext_lazy("%(defender)s held off %(challenger)s."),
    "draw": gettext_lazy("%(challenger)s and %(defender)s drew."),
    "left": gettext_lazy("The game of %(challenger)s and %(defender)s ended after one left."),
    "closed": gettext_lazy("The game of %(challenger)s and %(defender)s ended after the close."),
    "annulled": gettext_lazy("An admin annulled the game of %(challenger)s and %(defender)s."),
    "freeze": gettext_lazy("An admin froze the ladder."),
    "unfreeze": gettext_lazy("An admin reopened the ladder."),
    "close": gettext_lazy("An admin closed the ladder."),
    "ban": gettext_lazy("An admin banned %(player)s from the ladder."),
    "season": gettext_lazy("The next season started."),
    "correct": gettext_lazy("An admin decided the result of a game."),
}


def _decision(detail: dict) -> str:
    """An admin's decision, naming the game and what was decided."""
    match = detail.get("match", "?")
    if detail.get("result") == "annul":
        return gettext("An admin annulled game %(match)s.") % {"match": match}
    winner = next((name for name, result in (detail.get("after") or {}).items()
                   if result == "win"), None)
    if winner is None:
        return gettext("An admin decided game %(match)s: a draw.") % {"match": match}
    return gettext("An admin decided game %(match)s: %(winner)s won.") % {
        "match": match, "winner": winner}


@register.filter
def audit_summary(entry) -> str:
    """One line for a ladder event (a LadderAudit row) on the ladder page."""
    detail = entry.detail or {}
    if entry.action == "correct" and detail.get("match"):
        return _decision(detail)
    if entry.action == "result" and detail.get("decision"):
        # The order replayed after a decision (its row says what was decided).
        return gettext("The places after the decision on game %(match)s.") % {
            "match": detail.get("match", "?")}
    key = detail.get("outcome", "") if entry.action == "result" else entry.action
    template_text = _SUMMARIES.get(key)
    if template_text is None:
        return entry.get_action_display()
    values = {name: detail.get(name, "") for name in
              ("player", "position", "challenger", "defender")}
    text = str(template_text) % values
    if detail.get("timeout"):
        text += " " + gettext("(a player ran out of time)")
    return text


@register.filter
def audit_moves(entry) -> str:
    """The position changes of a ladder event: "alice 3→2, bob 2→3"."""
    moves = (entry.detail or {}).get("moves") or []
    return ", ".join(f"{m['player']} {m['from']}→{m['to']}" for m in moves)
