"""The expected answer of every URL of the site (the admin's aside) to each kind of visitor.

One entry per URL pattern: concrete paths in the test world (tests.security.
urlmap), and per method the outcome for each role in ROLES order (anonymous,
player, opponent, outsider, staff), or one outcome for all. In the world the
player (alice) is moon and to move in ``{game}``, the opponent (bob) sun;
bob challenged alice (``{challenge}``); both are on ``{ladder}`` (bob first);
``{finished}`` is a finished game of bob and carol (the outsider);
``{table}`` is an open table of four seats for Kasteel that alice opened,
with bob and an AI player (the place ``{place}``) seated and one seat free.
Outcomes are written as urlmap.describe() writes them ("w": the request
changed something). Writes to a game or challenge succeed for its players
only; at a table any visitor joins the free seat (which starts the game),
the players invite, the creator cancels and seats or frees AI players.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.conftest import PASSWORD


@dataclass
class Case:
    path: str
    expect: dict[str, str | tuple[str, ...]]
    body: dict | None = None
    api: bool = False
    hides_cards: bool = field(default=False)
    #: The answer holds the visitor's finished games whole (public after the end), whose
    #: cards may share the hidden cards' names: only the seed is looked for. The running
    #: game's part of such an answer has a leak test of its own (tests/accounts).
    finished_games: bool = field(default=False)


def api(path: str, body: dict | None = None, **expect) -> Case:
    """An API case: PUT, PATCH and DELETE are refused unless listed."""
    refused = {"PUT": "405", "PATCH": "405", "DELETE": "405"}
    return Case(path, {**refused, **expect}, body=body, api=True)


def api_private(path: str, body: dict | None = None, **expect) -> Case:
    """An API case for players only: anonymous callers get 401 for every method."""
    refused = {"PUT": ("401", "405", "405", "405", "405"),
               "PATCH": ("401", "405", "405", "405", "405"),
               "DELETE": ("401", "405", "405", "405", "405")}
    return Case(path, {**refused, **expect}, body=body, api=True)


L = "login"
PLAYERS_ONLY = (L, "200", "200", "200", "200")  # any logged-in visitor, not anonymous
NOT_ALLOWED = (L, "405", "405", "405", "405")
LOGGED_IN_AWAY = ("200", "302>/", "302>/", "302>/", "302>/")
A401 = ("401", "405", "405", "405", "405")  # an API view for players: anonymous first


def away(target: str) -> tuple[str, ...]:
    return (L, target, target, target, target)


def both_players(target: str) -> tuple[str, ...]:
    """A game write: done for either player, refused (with a message) to anyone else."""
    return (L, f"302w>{target}", f"302w>{target}", f"302>{target}", f"302>{target}")


GAME = "/games/{game}/"
ACTION = "/games/{game}/%s/"
CHALLENGE = "/challenges/{challenge}/%s/"
LADDER = "/ladders/{ladder}/"
LADDER_API = "/api/ladders/{ladder}/"
TOURNAMENT = "/tournaments/{tournament}/"
TOURNAMENT_API = "/api/tournaments/{tournament}/"
API_GAME = "/api/games/{game}/"
TABLE = "/tables/{table}/"
TABLE_ACTION = "/tables/{table}/%s/"
API_TABLE = "/api/tables/{table}/"
TABLE_FORM = {"game": "kasteel", "size": "3", "days_per_move": "3", "rated": "on",
              "games": "1"}
MOVE = {"move": {"type": "place", "druid": "purple", "tree": 1}, "version": 0}
CHALLENGE_FORM = {"opponent": "carol", "days_per_move": "3", "creator_seat": "random",
                  "rated": "on"}
READ = {"GET": "200", "POST": "405"}
READ_ANY = {"GET": "200", "POST": "200"}  # views that render the same page for any method

MATRIX: dict[str, list[Case]] = {
    "": [Case("/", READ)],
    "healthz": [Case("/healthz", READ)],
    "ping": [Case("/ping", READ_ANY)],
    "favicon.ico": [Case("/favicon.ico", {"GET": "301>/static/img/favicon.svg", "POST": "405"})],
    # The installable site: the same for everyone.
    "manifest.webmanifest": [Case("/manifest.webmanifest", {"GET": "200", "POST": "405"})],
    "sw.js": [Case("/sw.js", {"GET": "200", "POST": "405"})],
    "offline/": [Case("/offline/", {"GET": "200", "POST": "405"})],
    # A player's choice is saved too (it reaches their other devices).
    "i18n/setlang/": [Case("/i18n/setlang/", {"GET": "302>/", "POST": (
        "302>/", "302w>/", "302w>/", "302w>/", "302w>/")},
                           body={"language": "nl", "next": "/"})],
    # Accounts (allauth): empty forms for visitors; players are sent on.
    "accounts/login/": [Case("/accounts/login/", {"GET": LOGGED_IN_AWAY,
                                                  "POST": LOGGED_IN_AWAY})],
    "accounts/logout/": [Case("/accounts/logout/", {
        "GET": ("302>/", "200", "200", "200", "200"), "POST": "302>/"})],
    "accounts/inactive/": [Case("/accounts/inactive/", READ)],
    "accounts/signup/": [Case("/accounts/signup/", {"GET": LOGGED_IN_AWAY,
                                                    "POST": LOGGED_IN_AWAY})],
    "accounts/reauthenticate/": [Case("/accounts/reauthenticate/", {
        "GET": PLAYERS_ONLY, "POST": PLAYERS_ONLY})],
    "accounts/reauthenticate/code/": [Case("/accounts/reauthenticate/code/", {
        "GET": away("302>/accounts/reauthenticate/"),
        "POST": away("302>/accounts/reauthenticate/")})],
    "accounts/reauthenticate/code/confirm/": [Case("/accounts/reauthenticate/code/confirm/", {
        "GET": away("302>/accounts/reauthenticate/code/"),
        "POST": away("302>/accounts/reauthenticate/code/")})],
    "accounts/email/": [Case("/accounts/email/", {
        "GET": PLAYERS_ONLY, "POST": away("302>/accounts/email/")})],
    "accounts/confirm-email/": [Case("/accounts/confirm-email/", READ)],
    "accounts/password/change/": [Case("/accounts/password/change/", {
        "GET": PLAYERS_ONLY, "POST": PLAYERS_ONLY})],
    "accounts/password/set/": [Case("/accounts/password/set/", {
        "GET": away("302>/accounts/password/change/"),
        "POST": away("302>/accounts/password/change/")})],
    "accounts/password/reset/": [Case("/accounts/password/reset/", READ_ANY)],
    "accounts/login/code/confirm/": [Case("/accounts/login/code/confirm/", {
        "GET": ("302>/accounts/login/", *LOGGED_IN_AWAY[1:]),
        "POST": ("302>/accounts/login/", *LOGGED_IN_AWAY[1:])})],
    r"accounts/^confirm-email/(?P<key>[-:\w]+)/$": [
        Case("/accounts/confirm-email/no-such-key/", {"GET": "200", "POST": "404"})],
    "accounts/password/reset/key/done/": [Case("/accounts/password/reset/key/done/", READ)],
    "accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$": [
        Case("/accounts/password/reset/key/1-no-such-key/", READ_ANY)],
    "accounts/password/reset/done/": [Case("/accounts/password/reset/done/", READ)],
    # Profiles, settings
    "players/<str:username>/": [Case("/players/alice/", READ_ANY)],
    "players/<str:username>/vs/<str:other>/": [Case("/players/alice/vs/bob/", READ_ANY)],
    "settings/": [Case("/settings/", {"GET": PLAYERS_ONLY, "POST": away("302w>/settings/")},
                       body={"notify": "off", "language": "nl"})],
    # Push: off in the tests' settings (no VAPID keys), so a device is refused.
    "settings/push/subscription": [Case("/settings/push/subscription", {
        "GET": NOT_ALLOWED, "POST": (L, "409", "409", "409", "409")})],
    "settings/push/": [Case("/settings/push/", {
        "GET": NOT_ALLOWED, "POST": away("302>/settings/")}, body={"kind_your_turn": "1"})],
    "settings/push/devices/<int:device_id>/remove": [Case("/settings/push/devices/999/remove", {
        "GET": NOT_ALLOWED, "POST": (L, "404", "404", "404", "404")})],
    "settings/push/devices/<int:device_id>/kinds": [Case("/settings/push/devices/999/kinds", {
        "GET": NOT_ALLOWED, "POST": (L, "404", "404", "404", "404")})],
    "settings/vacation/": [Case("/settings/vacation/", {
        "GET": NOT_ALLOWED, "POST": away("302w>/settings/")}, body={"action": "start"})],
    # Lobby and challenges (bob challenged alice; carol cannot challenge herself)
    "lobby/": [Case("/lobby/", READ_ANY)],
    "challenges/new/": [Case("/challenges/new/", {
        "GET": PLAYERS_ONLY,
        "POST": (L, "302w>/lobby/", "302w>/lobby/", "200", "302w>/lobby/")},
        body=CHALLENGE_FORM)],
    "challenges/<int:challenge_id>/<str:action>/": [
        Case(CHALLENGE % "accept", {"GET": NOT_ALLOWED, "POST": (
            L, "302w>/games/", "302>/lobby/", "302>/lobby/", "302>/lobby/")}),
        Case(CHALLENGE % "decline", {"GET": NOT_ALLOWED, "POST": (
            L, "302w>/lobby/", "302>/lobby/", "302>/lobby/", "302>/lobby/")}),
        Case(CHALLENGE % "cancel", {"GET": NOT_ALLOWED, "POST": (
            L, "302>/lobby/", "302w>/lobby/", "302>/lobby/", "302>/lobby/")}),
        Case(CHALLENGE % "no-such-action", {"GET": NOT_ALLOWED, "POST": away("302>/lobby/")}),
    ],
    # Tables (alice opened {table}; bob and an AI player sit at it, one seat is free)
    "tables/new/": [
        Case("/tables/new/", {"GET": PLAYERS_ONLY, "POST": away("302w>/tables/")},
             body=TABLE_FORM),
        Case("/tables/new/", {"GET": PLAYERS_ONLY, "POST": away("404")},
             body={**TABLE_FORM, "game": "druidenwalzer"}),  # a game of two seats
    ],
    "tables/<int:table_id>/": [Case(TABLE, READ_ANY)],
    "tables/<int:table_id>/standings/": [Case(TABLE + "standings/", READ_ANY)],
    "tables/<int:table_id>/<str:action>/": [
        Case(TABLE_ACTION % "join", {"GET": NOT_ALLOWED, "POST": (
            L, f"302>{TABLE}", f"302>{TABLE}", "302w>/games/", "302w>/games/")}),
        Case(TABLE_ACTION % "leave", {"GET": NOT_ALLOWED, "POST": (
            L, f"302>{TABLE}", "302w>/lobby/", f"302>{TABLE}", f"302>{TABLE}")}),
        Case(TABLE_ACTION % "cancel", {"GET": NOT_ALLOWED, "POST": (
            L, "302w>/lobby/", f"302>{TABLE}", f"302>{TABLE}", f"302>{TABLE}")}),
        Case(TABLE_ACTION % "invite", {"GET": NOT_ALLOWED, "POST": (
            L, f"302w>{TABLE}", f"302w>{TABLE}", f"302>{TABLE}", f"302>{TABLE}")},
            body={"username": "carol"}),
        Case(TABLE_ACTION % "ai", {"GET": NOT_ALLOWED, "POST": (
            L, "302w>/games/", f"302>{TABLE}", f"302>{TABLE}", f"302>{TABLE}")},
            body={"level": "random"}),
        Case(TABLE_ACTION % "remove", {"GET": NOT_ALLOWED, "POST": (
            L, f"302w>{TABLE}", f"302>{TABLE}", f"302>{TABLE}", f"302>{TABLE}")},
            body={"place": "{place}"}),
        Case(TABLE_ACTION % "no-such-action", {"GET": NOT_ALLOWED,
                                               "POST": away(f"302>{TABLE}")}),
    ],
    "your-turn/": [Case("/your-turn/", {"GET": PLAYERS_ONLY, "POST": PLAYERS_ONLY})],
    # The next game waiting for the visitor (alice: the game), else "your turn".
    "next/": [Case("/next/", {"GET": (L, f"302>{GAME}", "302>/your-turn/", "302>/your-turn/",
                                      "302>/your-turn/"), "POST": NOT_ALLOWED})],
    "play-ai/": [Case("/play-ai/", {"GET": NOT_ALLOWED, "POST": away("302>/lobby/")})],
    # The rules pages: anyone reads them. Druidenwalzer's spec quotes card names the
    # world hides (M2R), so its page is checked in tests/site/test_rules_pages.py.
    "rules/": [Case("/rules/", READ)],
    "rules/<slug:game>/": [
        Case("/rules/kasteel/", READ),
        Case("/rules/caesar-cleopatra/", READ),
        Case("/rules/no-such-game/", {"GET": "404", "POST": "405"}),
    ],
    "rules/<slug:game>/precise/": [
        Case("/rules/kasteel/precise/", READ),
        Case("/rules/no-such-game/precise/", {"GET": "404", "POST": "405"}),
    ],
    # The tutorial: anyone reads its page; any signed-in visitor starts one of their own.
    "learn/<slug:game>/tutorial/": [
        Case("/learn/druidenwalzer/tutorial/", {"GET": "200", "POST": away("302w>/games/")}),
        Case("/learn/no-such-game/tutorial/", {"GET": "404", "POST": "404"}),
    ],
    "learn/<slug:game>/": [
        Case("/learn/caesar-cleopatra/", READ),
        Case("/learn/no-such-game/", {"GET": "404", "POST": "405"}),
    ],
    # Puzzles: anyone reads them (the world has none yet); a try needs a puzzle.
    "puzzles/<slug:game>/": [
        Case("/puzzles/druidenwalzer/", READ),
        Case("/puzzles/caesar-cleopatra/", READ),
        Case("/puzzles/kasteel/", READ),
        Case("/puzzles/no-such-game/", {"GET": "404", "POST": "405"}),
    ],
    "puzzles/<slug:game>/<int:puzzle_id>/": [
        Case("/puzzles/druidenwalzer/999999/", {"GET": "404", "POST": "404"},
             body={"answer": "{}"}),
        Case("/puzzles/caesar-cleopatra/999999/", {"GET": "404", "POST": "404"},
             body={"answer": "{}"}),
        Case("/puzzles/kasteel/999999/", {"GET": "404", "POST": "404"},
             body={"answer": "{}"}),
    ],
    # The game: anyone watches, its two players act
    "games/<int:match_id>/": [Case(GAME, READ, hides_cards=True)],
    "games/<int:match_id>/board/": [Case(GAME + "board/", READ, hides_cards=True)],
    "games/<int:match_id>/replay/": [Case(GAME + "replay/", READ)],  # no hand in a replay
    # The AI review: anyone reads it; a player asks for it once the game is over (the
    # world's game is not: every request is refused, nothing changes).
    "games/<int:match_id>/review/": [Case(GAME + "review/", {"GET": "200", "POST": "400"})],
    "games/<int:match_id>/export.json": [Case(GAME + "export.json", READ, hides_cards=True)],
    "games/<int:match_id>/<str:action>/": [
        Case(ACTION % "resign", {"GET": NOT_ALLOWED, "POST": both_players(GAME)}),
        Case(ACTION % "draw-offer", {"GET": NOT_ALLOWED, "POST": both_players(GAME)}),
        *(Case(ACTION % action, {"GET": NOT_ALLOWED, "POST": away(f"302>{GAME}")})
          for action in ("draw-accept", "draw-decline", "rematch", "no-such-action")),
    ],
    # The API
    "api/token/": [api("/api/token/", {"username": "alice", "password": "not-" + PASSWORD},
                       GET=A401, POST="400", PUT=A401, PATCH=A401,
                       DELETE=("401", "204w", "204w", "204w", "204w"))],
    "api/me/": [api_private("/api/me/", GET=("401", "200", "200", "200", "200"), POST=A401)],
    "api/challenges/": [api_private("/api/challenges/", {"opponent": "carol"}, GET="200",
                                    POST=("401", "201w", "201w", "400", "201w"))],
    "api/challenges/<int:challenge_id>/": [api(
        "/api/challenges/{challenge}/", GET=("404", "200", "200", "404", "404"), POST="405")],
    "api/challenges/<int:challenge_id>/accept/": [api_private(
        "/api/challenges/{challenge}/accept/", {}, GET=A401,
        POST=("401", "201w", "403", "403", "403"))],
    "api/challenges/<int:challenge_id>/decline/": [api_private(
        "/api/challenges/{challenge}/decline/", {}, GET=A401,
        POST=("401", "200w", "403", "403", "403"))],
    "api/challenges/<int:challenge_id>/cancel/": [api_private(
        "/api/challenges/{challenge}/cancel/", {}, GET=A401,
        POST=("401", "403", "200w", "403", "403"))],
    "api/games/": [api_private("/api/games/", GET=("401", "200", "200", "200", "200"),
                               POST=A401)],
    **{f"api/games/<int:match_id>/{tail}": [api(API_GAME + tail, GET="200", POST="405")]
       for tail in ("", "legal/", "events/", "export/")},
    "api/games/<int:match_id>/move/": [api_private(
        API_GAME + "move/", MOVE, GET=A401, POST=("401", "200w", "409", "403", "403"))],
    "api/games/<int:match_id>/resign/": [api_private(
        API_GAME + "resign/", {"version": 0}, GET=A401,
        POST=("401", "200w", "200w", "403", "403"))],
    "api/games/<int:match_id>/draw/": [api_private(
        API_GAME + "draw/", {"action": "offer", "version": 0}, GET=A401,
        POST=("401", "200w", "200w", "403", "403"))],
    "api/games/<int:match_id>/rematch/": [api_private(
        API_GAME + "rematch/", {}, GET=A401, POST=("401", "409", "409", "403", "403"))],
    "api/tables/": [api_private("/api/tables/", {"game": "kasteel", "size": 3}, GET="200",
                                POST=("401", "201w", "201w", "201w", "201w"))],
    **{f"api/tables/<int:table_id>/{tail}": [api(API_TABLE + tail, GET="200", POST="405")]
       for tail in ("", "standings/")},
    "api/tables/<int:table_id>/join/": [api_private(
        API_TABLE + "join/", {}, GET=A401, POST=("401", "400", "400", "200w", "200w"))],
    "api/tables/<int:table_id>/leave/": [api_private(
        API_TABLE + "leave/", {}, GET=A401, POST=("401", "400", "200w", "400", "400"))],
    "api/tables/<int:table_id>/cancel/": [api_private(
        API_TABLE + "cancel/", {}, GET=A401, POST=("401", "200w", "403", "403", "403"))],
    "api/tables/<int:table_id>/invite/": [api_private(
        API_TABLE + "invite/", {"username": "carol"}, GET=A401,
        POST=("401", "200w", "200w", "403", "403"))],
    "api/tables/<int:table_id>/ai/": [api_private(
        API_TABLE + "ai/", {"level": "random"}, GET=A401,
        POST=("401", "200w", "403", "403", "403"))],
    "api/tables/<int:table_id>/remove/": [api_private(
        API_TABLE + "remove/", {"place": "{place}"}, GET=A401,
        POST=("401", "200w", "403", "403", "403"))],
    "api/schema/": [api("/api/schema/", GET="200", POST="405")],
    "api/docs/": [api("/api/docs/", GET="200", POST="405")],
    # Ladders (bob first, alice second; carol and staff are not on it)
    "ladders/": [Case("/ladders/", READ_ANY)],
    "ladders/<int:ladder_id>/": [Case(LADDER, READ_ANY)],
    "ladders/<int:ladder_id>/join/": [Case(LADDER + "join/", {"GET": NOT_ALLOWED, "POST": (
        L, f"302>{LADDER}", f"302>{LADDER}", f"302w>{LADDER}", f"302w>{LADDER}")})],
    "ladders/<int:ladder_id>/leave/": [Case(LADDER + "leave/", {
        "GET": (L, "200", "200", f"302>{LADDER}", f"302>{LADDER}"),
        "POST": (L, f"302w>{LADDER}", f"302w>{LADDER}", f"302>{LADDER}", f"302>{LADDER}")})],
    "ladders/<int:ladder_id>/challenge/": [Case(LADDER + "challenge/", {
        "GET": NOT_ALLOWED,
        "POST": (L, "302w>/games/", f"302>{LADDER}", f"302>{LADDER}", f"302>{LADDER}")},
        body={"defender": "bob"})],
    "leaderboard/": [Case("/leaderboard/", READ_ANY)],
    # Tournaments (registration open; bob has joined, alice and carol have not)
    "tournaments/": [Case("/tournaments/", READ)],
    "tournaments/<int:tournament_id>/": [Case(TOURNAMENT, READ)],
    "tournaments/<int:tournament_id>/join/": [Case(TOURNAMENT + "join/", {
        "GET": NOT_ALLOWED, "POST": (L, f"302w>{TOURNAMENT}", f"302>{TOURNAMENT}",
                                     f"302w>{TOURNAMENT}", f"302w>{TOURNAMENT}")})],
    "tournaments/<int:tournament_id>/leave/": [Case(TOURNAMENT + "leave/", {
        "GET": NOT_ALLOWED, "POST": (L, f"302>{TOURNAMENT}", f"302w>{TOURNAMENT}",
                                     f"302>{TOURNAMENT}", f"302>{TOURNAMENT}")})],
    "tournaments/<int:tournament_id>/admin/": [Case(TOURNAMENT + "admin/", {
        "GET": NOT_ALLOWED, "POST": (L, "403", "403", "403", f"302w>{TOURNAMENT}")},
        body={"action": "close", "reason": "matrix", "confirm": "yes"})],
    # Notices, friends, moderation, the account's data
    "notices/": [Case("/notices/", {"GET": PLAYERS_ONLY, "POST": NOT_ALLOWED})],
    "friends/": [Case("/friends/", {"GET": PLAYERS_ONLY, "POST": NOT_ALLOWED})],
    "moderation/": [Case("/moderation/", {
        "GET": ("admin-login",) * 4 + ("200",),
        "POST": ("admin-login",) * 4 + ("302>/moderation/",)},
        body={"report": "999999", "kind": "warn", "reason": "x"})],
    "players/<str:username>/do/<str:action>/": [
        Case("/players/bob/do/follow/", {"GET": NOT_ALLOWED, "POST": away("302>/players/bob/")}),
        Case("/players/bob/do/report/", {"POST": away("302>/players/bob/")},
             body={"reason": "spam"}),
    ],
    "settings/account/": [Case("/settings/account/", {
        "GET": PLAYERS_ONLY, "POST": away("302>/settings/account/")},
        body={"password": "not-" + PASSWORD})],
    "settings/account/export.json": [Case("/settings/account/export.json", {
        "GET": PLAYERS_ONLY, "POST": NOT_ALLOWED}, finished_games=True)],
    # Disputes: the players of the finished game (bob and carol) only
    "games/<int:match_id>/dispute/": [Case("/games/{finished}/dispute/", {
        "GET": NOT_ALLOWED,
        "POST": (L, "302>/games/{finished}/", "302w>/games/{finished}/",
                 "302w>/games/{finished}/", "302>/games/{finished}/")},
        body={"reason": "a misclick"})],
    "api/games/<int:match_id>/dispute/": [api_private(
        "/api/games/{finished}/dispute/", {"reason": "a misclick"}, GET=A401,
        POST=("401", "403", "201w", "201w", "403"))],
    # Chat and notes (the game of alice and bob)
    "api/games/<int:match_id>/chat/": [api_private(
        API_GAME + "chat/", {"channel": "players", "text": "hi"}, GET="200",
        POST=("401", "201", "201", "403", "403"))],
    "api/games/<int:match_id>/chat/<int:line_id>/report/": [api_private(
        API_GAME + "chat/999999/report/", {"reason": "rude"}, GET=A401,
        POST=("401", "404", "404", "404", "404"))],
    # Hints: never in the world's game (rated, between people); tests/games/learning/test_hints.py
    # has the games where they are given.
    "api/games/<int:match_id>/hints/": [api_private(
        API_GAME + "hints/", GET=("401", "403", "403", "403", "403"), POST=A401)],
    "api/games/<int:match_id>/notes/": [api_private(
        API_GAME + "notes/", {"text": "plan"}, GET=("401", "200", "200", "200", "200"),
        POST=A401, PUT=("401", "200", "200", "403", "403"))],
    # Ladder exports and the ladder API (bob first, alice second on the ladder)
    "ladders/<int:ladder_id>/export.<str:fmt>": [
        Case(LADDER + "export.json", {"GET": "200", "POST": ("405",) * 5}),
        Case(LADDER + "export.csv", {"GET": "200"}),
    ],
    "api/ladders/": [api("/api/ladders/", GET="200", POST="405")],
    "api/ladders/<int:ladder_id>/": [api(LADDER_API, GET="200", POST="405")],
    "api/ladders/<int:ladder_id>/events/": [api(LADDER_API + "events/", GET="200",
                                                POST="405")],
    "api/ladders/<int:ladder_id>/join/": [api_private(
        LADDER_API + "join/", {}, GET=A401, POST=("401", "409", "409", "201w", "201w"))],
    "api/ladders/<int:ladder_id>/leave/": [api_private(
        LADDER_API + "leave/", {}, GET=A401, POST=("401", "200w", "200w", "409", "409"))],
    "api/ladders/<int:ladder_id>/challenge/": [api_private(
        LADDER_API + "challenge/", {"defender": "bob"}, GET=A401,
        POST=("401", "201w", "409", "409", "409"))],
    # Tournament exports and the tournament API (registration open; bob has joined)
    "tournaments/<int:tournament_id>/export.<str:fmt>": [
        Case(TOURNAMENT + "export.json", {"GET": "200", "POST": ("405",) * 5}),
        Case(TOURNAMENT + "export.csv", {"GET": "200"}),
        Case(TOURNAMENT + "export.trf", {"GET": "200"}),
    ],
    "api/tournaments/": [api("/api/tournaments/", GET="200", POST="405")],
    "api/tournaments/<int:tournament_id>/": [api(TOURNAMENT_API, GET="200", POST="405")],
    "api/tournaments/<int:tournament_id>/register/": [api_private(
        TOURNAMENT_API + "register/", {}, GET=A401,
        POST=("401", "201w", "409", "201w", "201w"))],
    "api/tournaments/<int:tournament_id>/withdraw/": [api_private(
        TOURNAMENT_API + "withdraw/", {}, GET=A401,
        POST=("401", "409", "200w", "409", "409"))],
    # The directors' actions: staff direct every tournament, nobody else this one (bob is
    # an entrant, not a director); staff's answer is the action's in a tournament open
    # for registration with one player.
    **{f"api/tournaments/<int:tournament_id>/director/{action}/": [api_private(
        TOURNAMENT_API + f"director/{action}/", {**body, "reason": "matrix"}, GET=A401,
        POST=("401", "403", "403", "403", staff))] for action, body, staff in [
        ("open", {}, "409"), ("start", {}, "409"), ("pause", {}, "409"),
        ("resume", {}, "409"), ("close", {}, "200w"), ("reopen", {}, "409"),
        ("withdraw", {"player": "bob"}, "200w"),
        ("result", {"game": 999999, "outcome": "draw"}, "400"),
        ("bye", {"player": "bob", "round": 2, "kind": "zero"}, "409"),
        ("late", {"player": "carol"}, "409"),
        ("forbid", {"player": "bob", "other": "alice"}, "409"),
        ("pairing", {"player": "bob", "other": "alice", "round": 2}, "409"),
        ("schedule", {"round": 2, "deadline": "2999-01-01T12:00"}, "200w"),
        ("announce", {"text": "Welcome."}, "200w"),
        ("rerun", {"name": "Matrix cup again", "closes_at": "2999-01-01T12:00"}, "200w"),
        # Not a Kasteel team event: no teams to form or disband.
        ("team", {"team": "Oak", "player": "bob", "other": "alice"}, "400"),
        ("unteam", {"team": "Oak"}, "400"),
    ]},
}
