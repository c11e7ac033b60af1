"""The site's URL patterns, a world to request them in, and outcomes written as short strings.

``patterns()`` walks the root resolver: every route of the site, the API and
the admin, as its pattern text. ``World`` holds the objects the paths name (a
game in which hidden cards have names that appear nowhere visible, a
challenge, a ladder, an open table with an AI seat); a body's value
``"{place}"`` is the id of that seat. ``outcome()`` requests one path as one
role inside a savepoint that is rolled back, and describes what happened:

- ``"200"``, ``"405"``...: the status;
- ``"302>/lobby/"``: a redirect to a path starting so; ``"login"`` and
  ``"admin-login"`` the redirects to the log-in pages (with ``next``);
- a ``w`` after the status (``"302w>/games/"``): the request changed the
  world (games, challenges, ladders, tables, accounts, tokens); without it, nothing
  changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import quote

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.core import services
from games.lobby import tables
from games.models import Challenge, Match, MoveRecord, Table, TableSeat
from ladders.models import Ladder, LadderEntry
from tests.site.conftest import hide_cards
from tournaments.models import Tournament, TournamentAudit, TournamentPlayer

HIDDEN = {"hand": "S4L", "down": "M3L", "covered": "M2R"}


def shows(text: str, word: str) -> bool:
    """``word`` as a whole word of ``text`` (not inside a random token or a longer number)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text) is not None


def patterns(resolvers=None, prefix: str = "") -> list[str]:
    """Every URL pattern of the site, as the text of its route (admin ones included)."""
    found: list[str] = []
    for entry in resolvers if resolvers is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            found += patterns(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            found.append(prefix + str(entry.pattern))
    return found


@dataclass
class World:
    game: Match
    finished: Match
    challenge: Challenge
    ladder: Ladder
    table: Table
    place: TableSeat
    users: dict
    tournament: Tournament

    @classmethod
    def build(cls, users: dict | None = None) -> World:
        if users is None:
            from tests.conftest import make_user

            users = {"anonymous": None, "player": make_user("alice"),
                     "opponent": make_user("bob"), "outsider": make_user("carol"),
                     "staff": make_user("root", is_staff=True, is_superuser=True)}
        alice, bob, carol = users["player"], users["opponent"], users["outsider"]
        game = hide_cards(
            services.start_match("druidenwalzer", {"moon": alice, "sun": bob}), **HIDDEN)
        finished = services.start_match("druidenwalzer", {"moon": bob, "sun": carol})
        finished = services.resign(finished.pk, carol).match
        challenge = services.create_challenge(bob, opponent=alice)
        ladder = Ladder.objects.create(name="Matrix ladder", challenge_range=3)
        LadderEntry.objects.create(ladder=ladder, user=bob, position=1)
        LadderEntry.objects.create(ladder=ladder, user=alice, position=2)
        table = tables.open_table(alice, game="kasteel", size=4)
        tables.join_table(table.pk, bob)
        tables.add_ai(table.pk, alice, "random")
        place = table.places.get(ai_level="random")
        tournament = Tournament.objects.create(name="Matrix cup", status="registration",
                                               round_count=3)
        TournamentPlayer.objects.create(tournament=tournament, user=bob)
        for user in users.values():
            if user is not None:
                Token.objects.get_or_create(user=user)
        return cls(game, finished, challenge, ladder, table, place, users, tournament)

    def fill(self, path: str) -> str:
        return path.format(game=self.game.pk, finished=self.finished.pk,
                           challenge=self.challenge.pk, ladder=self.ladder.pk,
                           table=self.table.pk, tournament=self.tournament.pk)

    def fill_body(self, body: Any) -> Any:
        """A body whose values ``"{place}"`` name the world's AI place (by its id)."""
        if not isinstance(body, dict):
            return body
        ids = {"{place}": self.place.pk}
        return {key: ids.get(value, value) if isinstance(value, str) else value
                for key, value in body.items()}

    def snapshot(self) -> tuple:
        """What a write could change."""
        from django.contrib.auth import get_user_model

        return (
            tuple(Match.objects.order_by("pk").values_list(
                "pk", "version", "status", "draw_offer_seat")),
            MoveRecord.objects.count(),
            tuple(Challenge.objects.order_by("pk").values_list("pk", "status")),
            tuple(LadderEntry.objects.order_by("pk").values_list("ladder", "user", "position")),
            tuple(get_user_model().objects.order_by("pk").values_list(
                "pk", "password", "language", "notify", "vacation_since", "is_active")),
            tuple(Token.objects.order_by("user").values_list("user", "key")),
            tuple(Table.objects.order_by("pk").values_list("pk", "status")),
            tuple(TableSeat.objects.order_by("pk").values_list(
                "pk", "table", "user", "invited", "ai_level", "position")),
            tuple(Tournament.objects.order_by("pk").values_list("pk", "status")),
            tuple(TournamentPlayer.objects.order_by("pk").values_list(
                "tournament", "user", "withdrawn_at")),
            TournamentAudit.objects.count(),  # every director's action writes a row
        )


_CLIENTS: dict[tuple[int, str, bool], tuple[Client, SimpleCookie]] = {}


def client_for(role: str, world: World, api: bool = False) -> Client:
    """One client per role and kind, logged in once (a new client loads the middleware
    again, which takes longer than a request); its cookies are restored before each use."""
    key = (id(world), role, api)
    if key not in _CLIENTS:
        user = world.users[role]
        if api:
            client = APIClient()
            if user is not None:
                token = Token.objects.get(user=user).key
                client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        else:
            client = Client()
            if user is not None:
                client.force_login(user)
        _CLIENTS[key] = client, SimpleCookie(client.cookies)
    client, cookies = _CLIENTS[key]
    client.cookies = SimpleCookie(cookies)
    return client


def describe(response, path: str, wrote: bool) -> str:
    status = str(response.status_code) + ("w" if wrote else "")
    if response.status_code in (301, 302, 303):
        target = response["Location"]
        if re.fullmatch(r"/accounts/login/\?next=" + re.escape(quote(path, safe="/")), target):
            return "login" + ("w" if wrote else "")
        if target == "/admin/login/?next=" + quote(path, safe="/"):
            return "admin-login" + ("w" if wrote else "")
        return f"{status}>{target}"
    return status


def outcome(world: World, role: str, method: str, path: str, body: Any = None,
            api: bool = False) -> tuple[str, Any]:
    """Request ``path`` as ``role``; roll the world back afterwards. (outcome, response)"""
    client = client_for(role, world, api)
    body = world.fill_body(body)
    with transaction.atomic():
        before = world.snapshot()
        call = getattr(client, method.lower())
        if api:
            response = call(path, body, format="json") if body is not None else call(path)
        else:
            response = call(path, body or {}) if method == "POST" else call(path)
        wrote = world.snapshot() != before
        transaction.set_rollback(True)
    return describe(response, path, wrote), response


def admin_path(pattern: str, world: World) -> str:
    """A concrete path of an admin pattern: objects of the world where it names one."""
    path = pattern.replace("^(?P<app_label>", "(").replace("(?P<url>.*)$", "no-such-page/")
    path = re.sub(r"\((\w+)\|[^)]*\)/\$", r"\1/", path)  # the app list: its first app
    found = re.match(r"admin/(\w+)/(\w+)/", path)
    model = apps.get_model(*found.groups()) if found and "<" in path else None
    obj = world.game if model is Match else (model.objects.order_by("pk").first()
                                             if model else None)
    entry = world.ladder.entries.first()
    for name, value in (
        ("<path:content_type_id>", ContentType.objects.get_for_model(Match).pk),
        ("<path:object_id>", obj.pk if obj else 999999),
        ("<id>", world.users["player"].pk), ("<int:ladder_id>", world.ladder.pk),
        ("<int:entry_id>", entry.pk), ("<int:game_id>", 999999), ("<int:dispute_id>", 999999),
    ):
        path = path.replace(name, str(value))
    if "view_on_site" in pattern or path.startswith("admin/r/"):
        path = path.replace("999999", str(world.game.pk))
    assert "<" not in path and "(" not in path, pattern
    return "/" + path


def admin_paths(world: World) -> dict[str, str]:
    return {pattern: admin_path(pattern, world)
            for pattern in patterns() if pattern.startswith("admin/")}
