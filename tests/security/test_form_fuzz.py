"""Every form post of the site fuzzed: no 500, no error logged, every refusal says why and
changes nothing (tests.security.formfuzz has the oracle).

The POST views are found by walking the URL patterns (through the URL matrix); a
new one without an entry in ``FIELDS`` fails here. Three kinds of test:

- the sweep: each field of each form with each of a few hostile values (missing,
  empty, negative, zero, huge, not a number, NUL, a lone surrogate, too long),
  the other fields as the matrix sends them, as a player (staff where only
  staff may post);
- the paths: each id, name or action in a POST view's path replaced by zero, an
  unknown id, a huge id or an odd name, as a player and a visitor;
- Hypothesis: whole bodies (each field missing, once or repeated, typical or
  hostile or random values, extra fields) as an anonymous visitor, a player and
  an outsider (and staff), FUZZ_FORM_EXAMPLES per form view (5; the ``slow``
  variant, in test_form_fuzz_many.py, FUZZ_FORM_MANY), from the seed
  FUZZ_FORM_SEED (fixed: the same examples each run).
"""

from __future__ import annotations

import logging
import os

import pytest
from hypothesis import HealthCheck, given, seed
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.security import formfuzz
from tests.security.formfuzz import SWEEP, ErrorLogs, FormView, form_views, verdict

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel", "no-such-game")
SEATS = ("random", "moon", "sun", "first", "second")
#: What each POST view reads; None: a page shown for any method that reads no field.
FIELDS: dict[str, dict | None] = {
    "i18n/setlang/": {"language": ("en", "nl", ""), "next": "path"},
    "ping": None,
    "accounts/login/": {"login": "username", "password": "password", "remember": "bool"},
    "accounts/logout/": {},
    "accounts/signup/": {"username": "username", "email": "email", "password1": "password",
                         "password2": "password"},
    "accounts/reauthenticate/": {"password": "password"},
    "accounts/reauthenticate/code/": {},
    "accounts/reauthenticate/code/confirm/": {"code": "code"},
    "accounts/email/": {"email": "email", "action_add": "bool", "action_send": "bool",
                        "action_remove": "bool", "action_primary": "bool"},
    "accounts/password/change/": {"oldpassword": "password", "password1": "password",
                                  "password2": "password"},
    "accounts/password/set/": {"password1": "password", "password2": "password"},
    "accounts/password/reset/": {"email": "email"},
    "accounts/login/code/confirm/": {"code": "code"},
    r"accounts/^confirm-email/(?P<key>[-:\w]+)/$": {},
    "accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$": {
        "password1": "password", "password2": "password"},
    "players/<str:username>/": None,
    "players/<str:username>/vs/<str:other>/": None,
    "settings/": {"notify": ("each", "digest", "off"), "language": ("", "en", "nl"),
                  "animation_speed": ("normal", "fast", "off"), "auto_next_game": "bool"},
    "settings/vacation/": {"action": ("start", "stop")},
    "settings/push/": {"kind_your_turn": ("1",), "kind_chat": ("1",), "turn_mail_too": ("1",),
                       "quiet_from": ("22:00",), "quiet_until": ("07:00",),
                       "time_zone": ("Europe/Amsterdam", "UTC")},
    # JSON bodies (tests/notices/test_push_api.py); off here, so refused before reading one.
    "settings/push/subscription": {},
    "settings/push/devices/<int:device_id>/remove": {},
    "settings/push/devices/<int:device_id>/kinds": {"kind_your_turn": ("1",)},
    "lobby/": None,
    "challenges/new/": {"game": GAMES, "opponent": "username", "days_per_move": "int",
                        "creator_seat": SEATS, "rated": "bool", "my_handicap": "int",
                        "their_handicap": "int"},
    "challenges/<int:challenge_id>/<str:action>/": {},
    "tables/new/": {"game": GAMES, "size": "int", "teams": "bool", "limit": "int",
                    "days_per_move": "int", "rated": "bool", "games": "int"},
    "tables/<int:table_id>/": None,
    "tables/<int:table_id>/standings/": None,
    "tables/<int:table_id>/<str:action>/": {"username": "username",
                                            "level": ("random", "novice"), "place": "id"},
    "your-turn/": None,
    "play-ai/": {"level": ("random", "novice", "sprite"), "seat": SEATS,
                 "days_per_move": "int", "game": GAMES, "unrated": "bool"},
    "learn/<slug:game>/tutorial/": {},
    "games/<int:match_id>/review/": {},
    "puzzles/<slug:game>/<int:puzzle_id>/": {"answer": "text"},
    "games/<int:match_id>/<str:action>/": {},
    "ladders/": None,
    "ladders/<int:ladder_id>/": None,
    "ladders/<int:ladder_id>/join/": {},
    "ladders/<int:ladder_id>/leave/": {},
    "ladders/<int:ladder_id>/challenge/": {"defender": "username"},
    "leaderboard/": None,
    "tournaments/<int:tournament_id>/join/": {},
    "tournaments/<int:tournament_id>/leave/": {},
    "tournaments/<int:tournament_id>/admin/": {
        "action": ("open", "start", "pause", "resume", "close", "withdraw"),
        "reason": "text", "player": "username", "confirm": ("yes",)},
    "moderation/": {"report": "id", "kind": ("warn", "hide", "mute", "suspend", "dismiss",
                                             "restore"), "reason": "text"},
    "players/<str:username>/do/<str:action>/": {"reason": "text", "match": "id"},
    "settings/account/": {"password": "password"},
    "games/<int:match_id>/dispute/": {"reason": "text"},
}
#: Views only staff may post to (also fuzzed as staff, who get past the refusal).
STAFF_ONLY = {"moderation/", "tournaments/<int:tournament_id>/admin/"}
ROLES = ("anonymous", "player", "outsider")
EXAMPLES = int(os.environ.get("FUZZ_FORM_EXAMPLES", "5"))
SEED = int(os.environ.get("FUZZ_FORM_SEED", "20261205"))  # another one explores further
VIEWS = form_views()


def view_id(view: FormView) -> str:
    return view.path.strip("/").replace("{", "").replace("}", "") or "root"


def reads_form(view: FormView) -> bool:
    return FIELDS.get(view.pattern) is not None


def fields_of(view: FormView) -> dict:
    declared = FIELDS.get(view.pattern) or {}
    return {**{name: "text" for name in (view.case.body or {})}, **declared}


@pytest.fixture
def error_log():
    """Everything logged at ERROR while the test runs (a 500 is logged so)."""
    handler = ErrorLogs()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


@pytest.fixture
def fuzzing(settings, quiet):
    """No rate limits of allauth either: each request is rolled back, nothing piles up."""
    settings.ACCOUNT_RATE_LIMITS = False
    settings.EMBEDDED_WORKER = False


def check(world, role: str, view: FormView, path: str, pairs, log: ErrorLogs) -> str | None:
    return verdict(world, role, view, path, pairs, log, reads_form=reads_form(view))


def test_it_finds_every_post_view_and_knows_what_it_reads():
    found = {view.pattern for view in VIEWS}
    assert found - set(FIELDS) == set(), "POST views without an entry in FIELDS"
    assert set(FIELDS) - found == set(), "entries of views that take no POST any more"
    for view in VIEWS:
        if reads_form(view):
            assert set(view.case.body or {}) <= set(FIELDS[view.pattern]), view.pattern
    assert len(found) >= 40 and sum(map(reads_form, VIEWS)) >= 35


def test_it_refuses_hostile_values_in_every_field(world, fuzzing, error_log):
    problems = []
    for view in VIEWS:
        if not reads_form(view):
            continue
        role = "staff" if view.pattern in STAFF_ONLY else "player"
        path = world.fill(view.path)
        valid = dict(view.valid(world))
        for name in fields_of(view):
            for value in SWEEP:
                body = {**valid, name: value}
                pairs = [(key, text) for key, text in body.items() if text is not None]
                problems.append(check(world, role, view, path, pairs, error_log))
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def test_it_refuses_hostile_ids_and_names_in_every_path(world, fuzzing, error_log):
    problems, seen = [], set()
    for view in VIEWS:
        for path in formfuzz.path_variants(view, world):
            if path in seen:
                continue
            seen.add(path)
            for role in ("anonymous", "player"):
                problems.append(check(world, role, view, path, view.valid(world), error_log))
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def fuzz(view: FormView, world, log: ErrorLogs, examples: int) -> None:
    roles = ROLES + (("staff",) if view.pattern in STAFF_ONLY else ())
    variants = [world.fill(view.path), *formfuzz.path_variants(view, world)]

    @seed(SEED)
    @hypothesis_settings(max_examples=examples, deadline=None, database=None,
                         suppress_health_check=list(HealthCheck))
    @given(body=formfuzz.bodies(fields_of(view), world),
           path=st.sampled_from(variants[:1] * 3 + variants[1:]))
    def run(body, path):
        for role in roles:
            problem = check(world, role, view, path, body, log)
            assert problem is None, problem

    run()


@pytest.mark.parametrize("view", VIEWS, ids=view_id)
def test_it_survives_fuzzed_forms(view, world, fuzzing, error_log):
    fuzz(view, world, error_log, EXAMPLES)
