"""Form posts fuzzed like the API: the site's POST views, their fields, and a verdict.

``form_views()`` finds every POST view of the site's pages (the API has its own
fuzzing from its schema, the admin its own matrix) by walking the URL patterns
through the URL matrix (tests.security.matrix, complete by test_url_matrix):
every pattern some visitor may POST to (its answer is not a 405). ``FIELDS``
says what each one reads; a POST view without an entry fails a test, and is
fuzzed with its matrix body's fields meanwhile.

``verdict()`` requests one path with one raw body as one visitor, inside a
savepoint rolled back afterwards, and says what is wrong with the answer:

- no 500, no exception, nothing logged at ERROR, no row naming one that does not
  exist (SQLite checks references at commit, which the savepoint never reaches:
  they are checked after each request);
- a refusal says what was wrong and changes nothing: a 4xx, the form shown
  again with an error, or a redirect with an error message; a redirect
  without any message only where the valid body is sent away the same way
  (the log-in page for a visitor, the lobby for a player on the sign-up page);
- an answer that changed something (the counts of every model of the site's
  apps, and the matrix's snapshot) did it on purpose: no error message with it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from urllib.parse import quote_from_bytes

from django.apps import apps
from django.conf import settings
from django.contrib.messages import constants, get_messages
from django.db import IntegrityError, connection, transaction
from hypothesis import strategies as st

from tests.conftest import PASSWORD
from tests.security.matrix import MATRIX, Case
from tests.security.urlmap import World, client_for, describe

#: The site's own apps: the counts of their models tell whether a request wrote.
APPS = ("accounts", "games", "ladders", "notices", "social", "tournaments", "authtoken",
        "sessions", "account", "axes")

# --- the values a field gets --------------------------------------------------------------

HUGE = "99999999999999999999"
#: Hostile values for any field: ids out of range, negative, huge, not numbers, NUL
#: characters, lone surrogates, markup, long and odd text.
HOSTILE = ("", " ", "0", "-1", "999999", HUGE, "-" + HUGE, "1.5", "1e3", "0x10", "abc",
           "NaN", "\x00", "a\x00b", "\ud800", "x\udfff", "<script>alert(1)</script>",
           "' OR 1=1 --", "%(name)s{0}%s", "x" * 1001, "é" * 5000, "\u202e\u200b", "on",
           "true")
#: The few the sweep sends in every field of every form (HOSTILE is for Hypothesis).
SWEEP = (None, "", "-1", "0", HUGE, "abc", "\x00", "\ud800", "x" * 1001)


def typical(kind: str | tuple, world: World) -> list[str]:
    """Values a real form would send for a field of this kind (some of them wrong)."""
    if isinstance(kind, tuple):
        return [*kind, "no-such-choice"]
    ids = [str(world.game.pk), str(world.finished.pk), str(world.table.pk),
           str(world.place.pk), str(world.challenge.pk), str(world.ladder.pk)]
    return {
        "id": ids,
        "username": ["alice", "bob", "carol", "root", "ALICE", " bob ", "nobody"],
        "text": ["a reason", "spam", "  ", "a\nb"],
        "password": [PASSWORD, "not-" + PASSWORD, "short"],
        "email": ["new@example.org", "alice@example.org", "not-an-email", "a@b"],
        "bool": ["on", "1", "true", "off", "0"],
        "int": ["1", "2", "3", "4", "7", "14", "100"],
        "code": ["ABCDEF", "123456"],
        "path": ["/", "/lobby/", "https://evil.example/", "//evil.example/", "javascript:x"],
    }[kind]


def field_values(kind: str | tuple, world: World) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(typical(kind, world)), st.sampled_from(HOSTILE),
                     st.text(max_size=30), st.integers(-2**70, 2**70).map(str))


def bodies(fields: dict, world: World) -> st.SearchStrategy[list[tuple[str, str]]]:
    """A form body as (name, value) pairs: each field missing, given once or twice; extra
    fields now and then."""
    def one(name: str, kind) -> st.SearchStrategy[list[tuple[str, str]]]:
        values = field_values(kind, world)
        return st.one_of(st.just([]), values.map(lambda v: [(name, v)]),
                         st.lists(values, min_size=2, max_size=3).map(
                             lambda vs: [(name, v) for v in vs]))

    extra = st.lists(st.tuples(st.text(min_size=1, max_size=12), st.sampled_from(HOSTILE)),
                     max_size=2)
    parts = [one(name, kind) for name, kind in fields.items()]
    return st.tuples(st.tuples(*parts) if parts else st.just(()), extra).map(
        lambda found: [pair for part in found[0] for pair in part] + found[1])


def encode(pairs: list[tuple[str, str]]) -> bytes:
    """application/x-www-form-urlencoded as a client may send it: UTF-8, lone surrogates
    as their (invalid) three bytes, NUL as %00."""
    def part(text: str) -> str:
        return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")

    return "&".join(f"{part(name)}={part(value)}" for name, value in pairs).encode()


# --- the views --------------------------------------------------------------------------


@dataclass(frozen=True)
class FormView:
    pattern: str
    case: Case

    @property
    def path(self) -> str:
        return self.case.path

    def valid(self, world: World) -> list[tuple[str, str]]:
        """The matrix's body (the world's ids filled in)."""
        return [(name, str(value)) for name, value in world.fill_body(self.case.body or {}
                                                                       ).items()]


def form_views() -> list[FormView]:
    """Every case of the site's pages (not the API, not the admin) that a signed-in visitor
    may POST to: the matrix's answer for some role but the anonymous one (sent to log in
    first) is not 405."""
    found = []
    for pattern, cases in MATRIX.items():
        for case in cases:
            expected = case.expect.get("POST")
            if case.api or expected is None:
                continue
            answers = expected[1:] if isinstance(expected, tuple) else (expected,)
            if any(answer != "405" for answer in answers):
                found.append(FormView(pattern, case))
    return found


#: Path segments that name an object, with the matrix's value replaced by hostile ones.
PATH_IDS = ("0", "999999", HUGE)
PATH_WORDS = ("nobody", "%00", "%ED%A0%80", "x" * 200, "..")


def path_variants(view: FormView, world: World) -> list[str]:
    """The view's path with each object it names (an id, a name, an action) replaced by
    hostile values, one at a time."""
    pattern = view.pattern
    path = world.fill(view.path)
    if "^" in pattern or "<" not in pattern:
        return []
    wanted, parts = pattern.strip("/").split("/"), path.strip("/").split("/")
    if len(wanted) != len(parts):
        return []
    variants = []
    for index, piece in enumerate(wanted):
        if not piece.startswith("<"):
            continue
        for value in PATH_IDS if piece.startswith("<int:") else PATH_WORDS:
            changed = [*parts]
            changed[index] = value
            variants.append("/" + "/".join(changed) + ("/" if path.endswith("/") else ""))
    return variants


# --- what changed, and the verdict ------------------------------------------------------


def _watched() -> list:
    """What a write could change beyond the number of rows (as World.snapshot watches)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.models import Challenge, Match, Table, TableSeat
    from ladders.models import LadderEntry
    from tournaments.models import Tournament, TournamentPlayer

    return [
        Match.objects.order_by("pk").values_list("pk", "version", "status", "draw_offer_seat"),
        Challenge.objects.order_by("pk").values_list("pk", "status"),
        LadderEntry.objects.order_by("pk").values_list("ladder", "user", "position"),
        get_user_model().objects.order_by("pk").values_list(
            "pk", "password", "language", "notify", "vacation_since", "is_active"),
        Token.objects.order_by("user").values_list("user", "key"),
        Table.objects.order_by("pk").values_list("pk", "status"),
        TableSeat.objects.order_by("pk").values_list(
            "pk", "table", "user", "invited", "ai_level", "position"),
        Tournament.objects.order_by("pk").values_list("pk", "status"),
        TournamentPlayer.objects.order_by("pk").values_list(
            "tournament", "user", "withdrawn_at"),
    ]


_QUERIES: list[tuple[str, tuple]] = []


def _queries() -> list[tuple[str, tuple]]:
    """The SQL of the watched rows and of every model's count, compiled once (the ORM's
    compiling would cost more than the request)."""
    if not _QUERIES:
        _QUERIES.extend(query.query.sql_with_params() for query in _watched())
        tables = sorted({model._meta.db_table for model in apps.get_models()
                         if model._meta.app_label in APPS})
        quote = connection.ops.quote_name
        _QUERIES.append(("SELECT " + ", ".join(
            f"(SELECT COUNT(*) FROM {quote(table)})" for table in tables), ()))
    return _QUERIES


def snapshot(world: World) -> tuple:
    """The watched rows and the number of rows of every model of the site's apps."""
    found = []
    with connection.cursor() as cursor:
        for sql, params in _queries():
            cursor.execute(sql, params)
            found.append(tuple(cursor.fetchall()))
    return tuple(found)


class ErrorLogs(logging.Handler):
    """Everything logged at ERROR or above (a 500 is logged by django.request)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


_VALID_ANSWER: dict[tuple[int, str, str], tuple[int, str, bool]] = {}


def _plain_outcome(world: World, role: str, view: FormView, path: str,
                   pairs: list[tuple[str, str]]):
    client = client_for(role, world)
    client.raise_request_exception = False
    with transaction.atomic():
        before = snapshot(world)
        with transaction.atomic():  # a savepoint: a crash's broken transaction ends here
            response = client.post(path, encode(pairs),
                                   content_type="application/x-www-form-urlencoded")
        wrote = snapshot(world) != before
        broken = _broken_references()
        said = [(message.level, str(message)) for message in
                get_messages(response.wsgi_request)] if hasattr(response, "wsgi_request") else []
        transaction.set_rollback(True)
    response.broken_references = broken
    return response, wrote, said


def _broken_references() -> str:
    """The database's deferred checks, now (a commit would run them; the savepoint never
    commits): a row naming one that does not exist is an IntegrityError at commit."""
    try:
        connection.check_constraints()
    except IntegrityError as error:
        return str(error)[:200]
    return ""


def _answered_so_anyway(world: World, role: str, view: FormView, status: int,
                        target: str) -> bool:
    """Whether the valid body gets the same answer (``status``, to ``target``), saying
    nothing and changing nothing: the view answers this visitor so whatever the form says
    (sends a player away from the sign-up page, shows a bad link's page)."""
    key = (id(world), role, view.pattern + view.path)
    if key not in _VALID_ANSWER:
        response, wrote, said = _plain_outcome(world, role, view, world.fill(view.path),
                                               view.valid(world))
        page = response.content.decode(errors="replace")
        _VALID_ANSWER[key] = (response.status_code, response.get("Location", ""),
                              not wrote and not said and not ERROR_SHOWN.search(page))
    valid_status, valid_target, silent = _VALID_ANSWER[key]
    return silent and (valid_status, valid_target) == (status, target)


#: Pages a form sends to that say themselves what happened.
SPEAKING_TARGETS = {
    # Sent whatever the address: it says a mail is on its way if an account has it (no
    # answer tells who has an account here).
    "/accounts/password/reset/done/",
}
ERROR_SHOWN = re.compile(r'class="[^"]*\b(errorlist|error|errornote)\b')
#: A page asking to confirm an irreversible action (closing a tournament) before it
#: changes anything: the answer to a post that has not confirmed yet.
CONFIRMATION_ASKED = re.compile(r'<input type="hidden" name="confirm" value="yes">')


def verdict(world: World, role: str, view: FormView, path: str,
            pairs: list[tuple[str, str]], log: ErrorLogs, reads_form: bool = True) -> str | None:
    """What is wrong with the answer to this post, or None. A view that does not
    ``reads_form`` shows its page for any method: a 200 needs no error."""
    seen = len(log.records)
    response, wrote, said = _plain_outcome(world, role, view, path, pairs)
    what = f"POST {path} as {role} with {pairs!r:.300}: {describe(response, path, wrote)}"
    status = response.status_code
    if status >= 500 or len(log.records) > seen:
        logged = "; ".join(record.getMessage()[:200] for record in log.records[seen:])
        return f"{what} (logged: {logged})"
    if response.broken_references:
        return f"{what}: would fail at commit ({response.broken_references})"
    refused = [text for level, text in said if level >= constants.WARNING]
    if refused and wrote:
        return f"{what}: refused ({refused}) but changed something"
    if 400 <= status < 500:
        if wrote:
            return f"{what}: a refusal that changed something"
        if not response.content.strip():
            return f"{what}: a refusal that says nothing"
        return None
    if status in (301, 302, 303):
        target = response["Location"]
        wrote = wrote or settings.LANGUAGE_COOKIE_NAME in response.cookies  # the switch's effect
        if wrote or said or target in SPEAKING_TARGETS or target.startswith(
                ("/accounts/login/?next=", "/admin/login/?next=")):
            return None
        if _answered_so_anyway(world, role, view, status, target):
            return None
        return f"{what}: a redirect that changed nothing and says nothing"
    if status == 200 and not wrote and not said and reads_form:
        page = response.content.decode(errors="replace")
        if not ERROR_SHOWN.search(page) and not CONFIRMATION_ASKED.search(page) and not \
                _answered_so_anyway(world, role, view, 200, ""):
            return f"{what}: the page again, without an error"
    return None
