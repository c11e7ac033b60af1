"""Each kind of notice in words: a subject line and a sentence, in the active language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


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


KINDS = {
    "result_decided": _result_decided,
    "dispute_opened": _dispute_opened,
    "dispute_decided": _dispute_decided,
}


def words(kind: str, params: dict[str, Any]) -> tuple[str, str]:
    """(subject, text) of a notice, in the active language."""
    return KINDS.get(kind, _generic)(params or {})
