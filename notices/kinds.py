"""Each kind of notice in words: a subject line and a sentence, in the active language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from druidsite import dates


def _result_decided(params: dict[str, Any]) -> tuple[str, str]:
    subject = _("A result of yours was decided by an admin")
    if params.get("decision") == "annul":
        text = _("An admin annulled game #%(match)s (%(ladder)s): it counts for nothing. "
                 "Reason: %(reason)s")
    else:
        text = _("An admin corrected the result of game #%(match)s (%(ladder)s): "
                 "%(result)s. Reason: %(reason)s")
    result = {"challenger": _("the challenger won"), "defender": _("the defender won"),
              "draw": _("a draw")}.get(params.get("decision", ""), "")
    return subject, text % {"match": params.get("match"), "ladder": params.get("ladder", ""),
                            "reason": params.get("reason", ""), "result": result}


def _tournament_decision(params: dict[str, Any]) -> tuple[str, str]:
    """A tournament director's decision about the reader (tournaments.arbiter)."""
    what = params.get("what", "")
    values = {k: ("" if v is None else v) for k, v in params.items()}
    sentence = {
        "result": _("the result of game #%(match)s is now: %(outcome)s"),
        "bye": _("you have a bye in round %(round)s (%(points)s point)"),
        "late": _("you are entered late: you play from round %(round)s"),
        "forbid": _("you will not be paired with %(other)s"),
        "adjudicated": _("game #%(match)s was adjudicated at the round's deadline: "
                         "%(outcome)s"),
    }.get(what, "%(what)s")
    if what == "adjudicated":
        values["outcome"] = {"draw": _("a draw")}.get(
            values.get("outcome", ""), _("%(name)s won") % {"name": values.get("outcome")})
    return (_("A tournament director decided about you"),
            _("%(tournament)s: %(decision)s. Reason: %(reason)s") % {
                "tournament": values.get("tournament", ""),
                "decision": sentence % values, "reason": values.get("reason", "")})


def _tournament_finished(params: dict[str, Any]) -> tuple[str, str]:
    """The end of a tournament, with the reader's own final place when it has one."""
    values = {k: ("" if v is None else v) for k, v in params.items()}
    text = _("%(tournament)s has ended: %(winner)s won it.") % {
        "tournament": values.get("tournament", ""), "winner": values.get("winner", "")}
    if values.get("place"):
        text += " " + _("You finished %(place)s of %(count)s with %(points)s points.") % {
            "place": values["place"], "count": values.get("count", ""),
            "points": values.get("points", "")}
    return _("A tournament of yours has ended"), text


def _tournament_deadline(params: dict[str, Any]) -> tuple[str, str]:
    from django.utils.dateparse import parse_datetime

    deadline = dates.when(parse_datetime(str(params.get("deadline") or "")) or "")
    return (_("A round deadline is near"),
            _("Round %(round)s of %(tournament)s ends %(deadline)s, and game #%(match)s "
              "against %(opponent)s is still running. A game unfinished then is "
              "adjudicated: the player on move with less time left loses.") % {
                "round": params.get("round"), "tournament": params.get("tournament", ""),
                "deadline": deadline, "match": params.get("match"),
                "opponent": params.get("opponent", "")})


def _tournament_not_started(params: dict[str, Any]) -> tuple[str, str]:
    values = {k: ("" if v is None else v) for k, v in params.items()}
    if values.get("problem"):
        text = _("Registration for %(tournament)s closed, but it could not start: "
                 "%(problem)s. Its directors decide what follows.")
    else:
        text = _("Registration for %(tournament)s closed with %(count)s players; it needs "
                 "%(min)s, so it did not start. Its directors decide what follows.")
    return _("A tournament did not start"), text % {
        "tournament": values.get("tournament", ""), "problem": values.get("problem", ""),
        "count": values.get("count", ""), "min": values.get("min", "")}


def _generic(params: dict[str, Any]) -> tuple[str, str]:
    return _("A notice from druidsite"), str(params.get("text", ""))


def _dispute_opened(params: dict[str, Any]) -> tuple[str, str]:
    return (_("A result was disputed"),
            _("The result of game #%(match)s is disputed: %(reason)s") % {
                "match": params.get("match"), "reason": params.get("reason", "")})


def _dispute_decided(params: dict[str, Any]) -> tuple[str, str]:
    ruling = {"uphold": _("the result stands"), "correct": _("the result is corrected"),
              "annul": _("the game is annulled")}.get(params.get("ruling", ""), "")
    return (_("A dispute was decided"),
            _("The dispute of game #%(match)s is decided: %(ruling)s. Reason: %(reason)s") % {
                "match": params.get("match"), "ruling": ruling,
                "reason": params.get("reason", "")})


def _table_invited(params: dict[str, Any]) -> tuple[str, str]:
    from games.core.catalog import title

    return (_("An invitation to a table"),
            _("%(name)s invites you to table #%(table)s (%(game)s, %(seats)s seats): join "
              "it or decline from its page.") % {
                "name": params.get("name", ""), "table": params.get("table"),
                "game": title(params.get("game", "")), "seats": params.get("seats")})


def _worded(subject: str, text: str):
    """A kind put in words by two templates filled with its facts."""
    def words(params: dict[str, Any]) -> tuple[str, str]:
        values = {k: ("" if v is None else v) for k, v in params.items()}
        return _(subject) % values, _(text) % values
    return words


def _ladder_status(params: dict[str, Any]) -> tuple[str, str]:
    status = {"freeze": _("is frozen: no challenges until it reopens"),
              "unfreeze": _("is open again"), "close": _("is closed: its standings are final")
              }.get(params.get("status", ""), "")
    return (_("Ladder %(ladder)s") % {"ladder": params.get("ladder", "")},
            _("The ladder %(ladder)s %(status)s.") % {"ladder": params.get("ladder", ""),
                                                     "status": status})


def _ladder_removed(params: dict[str, Any]) -> tuple[str, str]:
    values = {"ladder": params.get("ladder", ""), "reason": params.get("reason") or "-",
              "until": dates.day(params.get("until"))}
    if params.get("banned") and params.get("until"):
        text = _("An admin removed you from the ladder %(ladder)s and banned you until "
                 "%(until)s. Reason: %(reason)s")
    elif params.get("banned"):
        text = _("An admin removed you from the ladder %(ladder)s and banned you from it. "
                 "Reason: %(reason)s")
    else:
        text = _("An admin removed you from the ladder %(ladder)s. Reason: %(reason)s")
    return _("You were removed from a ladder"), text % values


KINDS = {
    "ladder_challenged": _worded(gettext_noop("You are challenged on a ladder"),
                                 gettext_noop("%(challenger)s challenged you on the ladder "
                                              "%(ladder)s.")),
    "ladder_moved": _worded(gettext_noop("Your ladder position changed"),
                            gettext_noop("You moved from place %(was)s to place %(position)s "
                                         "on the ladder %(ladder)s.")),
    "ladder_invited": _worded(gettext_noop("You are invited to a ladder"),
                              gettext_noop("An admin invited you to the ladder %(ladder)s: "
                                           "join it from its page.")),
    "ladder_announcement": _worded(gettext_noop("A ladder announcement"),
                                   gettext_noop("%(ladder)s: %(text)s")),
    "ladder_message": _worded(gettext_noop("A message from the admins of a ladder"),
                              gettext_noop("%(ladder)s: %(text)s")),
    "ladder_status": _ladder_status,
    "report_opened": _worded(gettext_noop("A player was reported"),
                             gettext_noop("%(player)s was reported: see the moderation page.")),
    "report_handled": _worded(gettext_noop("Your report was handled"),
                              gettext_noop("An admin handled your report about %(player)s. "
                                           "Thank you.")),
    "moderation_warning": _worded(gettext_noop("A warning from the admins"),
                                  gettext_noop("An admin warns you: %(reason)s")),
    "ladder_removed": _ladder_removed,
    "your_turn": _worded(gettext_noop("Your turn"),
                         gettext_noop("It is your turn in game #%(match)s against "
                                      "%(opponents)s.")),
    "table_invited": _table_invited,
    "chat_addressed": _worded(gettext_noop("A chat line in game #%(match)s"),
                              gettext_noop("%(name)s: %(text)s")),
    "table_started": _worded(gettext_noop("Your table has started"),
                             gettext_noop("The table #%(table)s is full: game #%(match)s has "
                                          "started.")),
    "challenge_offered": _worded(gettext_noop("A challenge"),
                                 gettext_noop("%(name)s challenges you.")),
    "challenge_accepted": _worded(gettext_noop("Your challenge was accepted"),
                                  gettext_noop("%(name)s accepted your challenge: game "
                                               "#%(match)s has started.")),
    "challenge_declined": _worded(gettext_noop("Your challenge was declined"),
                                  gettext_noop("%(name)s declined your challenge.")),
    "rematch_offered": _worded(gettext_noop("A rematch is offered"),
                               gettext_noop("%(name)s offers you a rematch of game "
                                            "#%(previous)s.")),
    "rematch_accepted": _worded(gettext_noop("Your rematch was accepted"),
                                gettext_noop("%(name)s accepted your rematch: game "
                                             "#%(match)s has started.")),
    "rematch_declined": _worded(gettext_noop("Your rematch was declined"),
                                gettext_noop("%(name)s declined your rematch.")),
    "result_decided": _result_decided,
    "dispute_opened": _dispute_opened,
    "dispute_decided": _dispute_decided,
    "tournament_round": _worded(gettext_noop("A tournament round has started"),
                                gettext_noop("Round %(round)s of %(tournament)s has started: "
                                             "%(games)s game(s) of yours.")),
    "tournament_withdrawn": _worded(gettext_noop("You were withdrawn from a tournament"),
                                    gettext_noop("An admin withdrew you from %(tournament)s; "
                                                 "your running games there are lost by "
                                                 "forfeit. Reason: %(reason)s")),
    "tournament_game_cancelled": _worded(
        gettext_noop("A tournament game of yours was cancelled"),
        gettext_noop("Game #%(match)s of %(tournament)s was cancelled: an admin's decision "
                     "on an earlier game changed who plays there. It counts for nothing; "
                     "the tournament's page shows your next game.")),
    "tournament_decision": _tournament_decision,
    "tournament_finished": _tournament_finished,
    "tournament_registered": _worded(
        gettext_noop("You are registered for a tournament"),
        gettext_noop("You are in %(tournament)s. You will be told when it starts and whom "
                     "you play.")),
    "tournament_starting": _worded(
        gettext_noop("A tournament of yours has started"),
        gettext_noop("%(tournament)s has started with %(players)s players.")),
    "tournament_not_started": _tournament_not_started,
    "tournament_pairing": _worded(
        gettext_noop("Your pairing in a tournament round"),
        gettext_noop("Round %(round)s of %(tournament)s: you play %(opponent)s in game "
                     "#%(match)s.")),
    "tournament_bye": _worded(
        gettext_noop("A bye in a tournament round"),
        gettext_noop("Round %(round)s of %(tournament)s: you have a bye (%(points)s "
                     "point).")),
    "tournament_deadline": _tournament_deadline,
    "round_deadline": _worded(
        gettext_noop("A round deadline is near"),
        gettext_noop("Round %(round)s of %(tournament)s ends soon, and game #%(match)s is "
                     "still running.")),
    "tournament_announcement": _worded(gettext_noop("A tournament announcement"),
                                       gettext_noop("%(tournament)s: %(text)s")),
}


def words(kind: str, params: dict[str, Any]) -> tuple[str, str]:
    """(subject, text) of a notice, in the active language."""
    return KINDS.get(kind, _generic)(params or {})
