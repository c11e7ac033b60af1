"""One way to write a date per language, everywhere: "5 Dec 2026, 00:47" in English,
"5 dec 2026, 00:47" in Dutch, a day alone "5 Dec 2026" / "5 dec 2026"
(druidsite.dates, the ``when`` and ``day`` filters): the notices, the move log of
every game, and the other pages that show a date; no template or script writes a
date its own way."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from druidsite import dates
from games.core import services, terms
from games.models import Match
from games.rules import get_rules
from notices.models import Notice
from notices.service import send
from tests.site import kasteel_helpers

pytestmark = pytest.mark.usefixtures("no_turn_mails")

ROOT = Path(__file__).resolve().parents[2]
MOMENT = datetime.datetime(2026, 12, 5, 0, 47, tzinfo=datetime.UTC)
WRITTEN = {"en": "5 Dec 2026, 00:47", "nl": "5 dec 2026, 00:47"}
DAY = {"en": "5 Dec 2026", "nl": "5 dec 2026"}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_it_writes_a_moment_and_a_day_one_way_per_language(language):
    with translation.override(language):
        assert dates.when(MOMENT) == WRITTEN[language]
        assert dates.day(MOMENT) == DAY[language]
        assert dates.day(MOMENT.date()) == DAY[language]
        assert dates.day("2026-12-05") == DAY[language]  # as a notice keeps it
        assert dates.when(MOMENT.replace(month=3, hour=13, minute=5)) == \
            {"en": "5 Mar 2026, 13:05", "nl": "5 mrt 2026, 13:05"}[language]
        assert dates.when(None) == dates.day("") == ""


def test_it_writes_a_moment_in_the_sites_time_zone(settings):
    settings.TIME_ZONE = "Europe/Amsterdam"
    with translation.override("en"):
        assert dates.when(MOMENT) == "5 Dec 2026, 01:47"


def _login(client, user, language: str) -> None:
    user.language = language
    user.save()
    client.force_login(user)
    client.cookies["django_language"] = language


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_notices_list_uses_it(client, alice, language):
    notice = send(alice, "challenge_offered", url="/lobby/", mail=False, name="bob")
    Notice.objects.filter(pk=notice.pk).update(created_at=MOMENT)
    _login(client, alice, language)
    html = client.get(reverse("notices")).content.decode()
    assert f">{WRITTEN[language]}</time>" in html
    assert "a.m." not in html and "Dec." not in html


def _game(name: str, alice, bob) -> Match:
    if name == "kasteel":
        return kasteel_helpers.start(kasteel_helpers.users(alice, bob, count=3))
    first, second = terms.seat_names(name)
    return services.start_match(name, {first: alice, second: bob}, seed=7)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra", "kasteel"])
def test_the_move_log_of_every_game_uses_it(client, alice, bob, game, language):
    match = _game(game, alice, bob)
    rules = get_rules(game)
    for _ in range(2):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        seat = match.seats.get(seat=rules.to_move(state))
        services.play(match.pk, seat.user, rules.legal_moves(state)[0], match.version)
    match.records.update(created_at=MOMENT)
    _login(client, alice, language)
    for url in (reverse("game", args=[match.pk]), reverse("game_board", args=[match.pk])):
        html = client.get(url).content.decode()
        log = html[html.index('class="move-log"'):]
        times = re.findall(r"<time datetime=\"[^\"]+\">([^<]*)</time>", log)
        assert times and set(times) == {WRITTEN[language]}, (url, times)


@pytest.mark.django_db
def test_other_pages_use_it(client, alice, staff):
    from tournaments.models import Tournament

    cup = Tournament.objects.create(name="Cup", game="druidenwalzer", format="swiss",
                                    round_count=3, status=Tournament.Status.REGISTRATION,
                                    seed=7, registration_closes_at=MOMENT)
    _login(client, alice, "nl")
    assert f"{WRITTEN['nl']}." in client.get(reverse("tournament_detail",
                                                     args=[cup.pk])).content.decode()
    alice.vacation_since = MOMENT
    alice.save()
    assert WRITTEN["nl"] in client.get(reverse("settings")).content.decode()


def test_no_template_or_script_writes_a_date_its_own_way():
    own_way = re.compile(r"\|date(?!:['\"]c['\"])|naturaltime|naturalday|timesince|timeuntil")
    found = [f"{path.relative_to(ROOT)}: {line.strip()}"
             for path in (ROOT / "templates").rglob("*") if path.is_file()
             for line in path.read_text(encoding="utf-8").splitlines() if own_way.search(line)]
    scripts = re.compile(r"toLocale(Date|Time)?String|Intl\.DateTimeFormat|\.getHours\(")
    found += [f"{path.relative_to(ROOT)}: {line.strip()}"
              for path in (ROOT / "static").rglob("*.js")
              for line in path.read_text(encoding="utf-8").splitlines() if scripts.search(line)]
    assert found == []


def test_a_notice_writes_its_day_the_same_way():
    from notices.kinds import words

    params = {"ladder": "Oak", "reason": "abuse", "banned": True, "until": "2026-12-05"}
    with translation.override("en"):
        assert "banned you until 5 Dec 2026." in words("ladder_removed", params)[1]
