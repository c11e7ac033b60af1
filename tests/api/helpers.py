"""Helpers of the API tests: playing a game forward and checking that nothing changed."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
from rest_framework.test import APIClient

from games.core import services
from games.core.visibility import match_payload
from games.models import Match, MoveRecord
from games.rules import get_rules


def url(match: Match | int, action: str = "") -> str:
    match_id = match.pk if isinstance(match, Match) else match
    return f"/api/games/{match_id}/" + (f"{action}/" if action else "")


def post(client: APIClient, path: str, body: Any = None):
    return client.post(path, body if body is not None else {}, format="json")


def first_legal(match: Match) -> dict:
    """The first legal move of the seat that owes one (from its own payload)."""
    match.refresh_from_db()
    seat = match_payload(match, None)["to_move"][0]
    return match_payload(match, seat)["legal_moves"][0]


def snapshot(match: Match) -> dict:
    """Everything a write could change."""
    match = Match.objects.get(pk=match.pk)
    return {
        "version": match.version,
        "state": match.state,
        "status": match.status,
        "draw_offer": match.draw_offer_seat,
        "records": MoveRecord.objects.filter(match=match).count(),
        "seats": [(s.seat, s.deadline, s.result) for s in match.seats.order_by("seat")],
    }


def advance(match: Match, moves: int, prefer: tuple[str, ...] = ("waltz",),
            keep_going: bool = False) -> Match:
    """Play ``moves`` moves for whoever owes one, preferring the given move types;
    ``keep_going``: never a move that ends the game while another is legal."""
    users = {seat.seat: seat.user for seat in match.seats.select_related("user")}
    for _ in range(moves):
        match.refresh_from_db()
        seat = match_payload(match, None)["to_move"][0]
        legal = match_payload(match, seat)["legal_moves"]
        if keep_going:
            rules = get_rules(match.game)
            state = rules.from_json(match.state)
            legal = [m for m in legal
                     if not rules.is_over(rules.apply(state, m, seat).state)] or legal
        move = next((m for m in legal if m["type"] in prefer), legal[0])
        match = services.play(match.pk, users[seat], move, match.version).match
    return match


def play_until_a_draw_of_cards(match: Match, limit: int = 40) -> Match:
    """Play on until some player has drawn cards (a secret event exists)."""
    for _ in range(limit):
        if any(e.get("type") == "draw" for r in match.records.all() for e in r.events):
            return match
        # A rare deal lets the preferred moves end the game before anyone draws.
        match = advance(match, 1, keep_going=True)
    raise AssertionError("no cards were drawn")


def finish(match: Match) -> Match:
    """End the game: moon resigns."""
    moon = match.seats.get(seat="moon").user
    return services.resign(match.pk, moon).match


def _json_schema(node):
    """OpenAPI 3.0 schema objects as JSON Schema: ``nullable`` becomes a null branch."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _json_schema(value) for key, value in node.items()
            if key not in ("discriminator", "readOnly", "writeOnly")}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def check_schema(openapi: dict, component: str, answer) -> None:
    """``answer`` is valid against the OpenAPI document's ``component``."""
    root = {"$ref": f"#/components/schemas/{component}",
            "components": _json_schema(copy.deepcopy(openapi["components"]))}
    jsonschema.validate(answer, root)
