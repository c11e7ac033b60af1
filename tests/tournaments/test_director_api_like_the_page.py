"""The API's directors' actions are the page's: two twin tournaments (the same players,
terms and seed) directed through the same steps, one from the page's form and one
through the API, end with the same audit log (ids aside) and the same notices."""

from __future__ import annotations

import pytest

from notices.models import Notice
from tests.conftest import make_user
from tests.tournaments.conftest import rated
from tests.tournaments.director_calls import call, client_for, later
from tests.tournaments.play import running
from tournaments import services
from tournaments.models import Tournament, TournamentDirector, TournamentGame

pytestmark = pytest.mark.django_db


def _steps(cup: Tournament, field, late, deadline: str) -> list[tuple[str, dict]]:
    """The scenario, for ``cup``: each action with its fields (the API's names)."""
    p1, *others = field[:4]
    first_round = {frozenset((g.first_id, g.second_id)) for g in running(cup)}
    # Round 2 (p1 has a bye): the latecomer with someone, the other two not met yet.
    partner = next(x for x in others if frozenset(
        u.pk for u in others if u != x) not in first_round)
    rest = [u for u in others if u != partner]
    loser = rest[0]
    forfeited = TournamentGame.objects.get(round__tournament=cup, round__number=1,
                                           match__seats__user=loser)
    return [
        ("schedule", {"round": 2, "deadline": deadline}),
        ("bye", {"player": p1.username, "round": 2, "kind": "requested"}),
        ("late", {"player": late.username}),
        ("pairing", {"player": partner.username, "other": late.username, "round": 2}),
        ("forbid", {"player": rest[0].username, "other": rest[1].username}),
        ("pause", {}),
        ("resume", {}),
        ("withdraw", {"player": loser.username}),
        ("result", {"game": forfeited.match_id, "outcome": "draw"}),
        ("announce", {"text": "Round 2 waits for the late entry."}),
        ("close", {}),
        ("reopen", {}),
        ("rerun", {"name": f"{cup.name}, again", "closes_at": later(9)}),
    ]


def _through_the_page(client, cup, action: str, fields: dict) -> None:
    form = {"action": action, **fields}
    if action == "bye":
        form["bye_kind"] = form.pop("kind")
    if action == "close":
        form["confirm"] = "yes"
    if action not in ("announce", "rerun"):  # the page's forms that ask for none
        form["reason"] = f"why: {action}"
    answer = client.post(f"/tournaments/{cup.pk}/admin/", form)
    assert answer.status_code == 302


def _through_the_api(client, cup, action: str, fields: dict) -> None:
    answer = call(client, cup, action, {**fields, "reason": f"why: {action}"})
    assert answer.status_code == 200, answer.json()


#: The audit details that hold games' ids.
GAME_KEYS = ("game", "forfeited", "clocks_stopped", "clocks_restarted")


def _log(cup: Tournament, games: dict[int, str]) -> list[tuple]:
    """The directors' rows, ids written as what they stand for."""
    def plain(value):
        if isinstance(value, list):
            return [plain(item) for item in value]
        return games.get(value, value) if isinstance(value, int) else value

    rows = []
    for row in cup.audit.filter(actor__username="dora").order_by("pk"):
        detail = {key: plain(value) if key in GAME_KEYS else value
                  for key, value in row.detail.items()}
        if "new_edition" in detail:
            detail["new_edition"], detail["name"] = "the copy", "its name"
        rows.append((row.action, row.actor.username, detail))
    return rows


def _told(params: dict, games: dict[int, str]) -> str:
    """A notice's facts, without the tournament's name and with games as in the log."""
    facts = {key: games.get(value, value) if key == "match" else value
             for key, value in params.items() if key != "tournament"}
    return repr(sorted(facts.items()))


def _games(cup: Tournament) -> dict[int, str]:
    return {g.match_id: f"round {g.round.number} board {g.board}"
            for g in TournamentGame.objects.filter(round__tournament=cup)
            .select_related("round")}


def test_the_page_and_the_api_write_the_same_log_and_notices(run, make_tournament, field,
                                                             client):
    late, dora = rated("latecomer", 1700), make_user("dora")
    deadline = later(4)
    twins = []
    for through in (_through_the_page, _through_the_api):
        cup = make_tournament(format="swiss", round_count=3, requested_bye_points=0.5,
                              late_entry_points=0.5, status=Tournament.Status.DRAFT)
        TournamentDirector.objects.create(tournament=cup, user=dora)
        client.force_login(dora)
        caller = client if through is _through_the_page else client_for(dora)
        notices_before = set(Notice.objects.values_list("pk", flat=True))
        through(caller, cup, "open", {})
        for player in field[:4]:
            services.join(cup.pk, player)
        run(through, caller, cup, "start", {})
        steps = _steps(cup, field, late, deadline)
        for action, fields in steps:
            run(through, caller, cup, action, fields)
        games = _games(cup)
        told = sorted((n.user.username, n.kind, _told(n.params, games))
                      for n in Notice.objects.exclude(pk__in=notices_before))
        twins.append((_log(cup, games), told))
    (page_log, page_told), (api_log, api_told) = twins
    assert [row[0] for row in api_log] == ["open", "start", *(step for step, _ in steps)]
    # The page asks no reason of an announcement or a new edition: the API keeps one.
    for page_row, api_row in zip(page_log, api_log, strict=True):
        if page_row[0] in ("announce", "rerun"):
            assert api_row[2].pop("reason") == f"why: {api_row[0]}"
            page_row[2].pop("reason", None)
    assert api_log == page_log
    assert api_told == page_told and len(api_told) > 10
