"""An admin decides one ladder game three times (annul, correct, annul) in the browser,
and a tournament game twice: the ladder page, the players' profiles, the exports and
verify_games all agree with a replay of the record from scratch."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-ratings")

# The shell's follow-ups run here and now (the site's queue would run them later);
# each is idempotent, so the site running them again changes nothing.
SETTLE = """
from games.core.commit import settle
from games.models import Match
def settled(match_id):
    match = Match.objects.get(pk=match_id)
    settle(match.pk, match.version)
"""

SETUP = SETTLE + """
from accounts.models import User
from games.core import services as games
from ladders import services
from ladders.models import Ladder
from tournaments import services as cups
from tournaments.models import Tournament, TournamentGame
User.objects.create_superuser('chief', 'chief@example.org', 'chief-password-77')
chief = User.objects.get(username='chief')
people = {n: User.objects.create_user(n, n + '@example.org', 'pw-' + n + '-12345')
          for n in ('ann', 'ben', 'cor', 'dik')}
ladder = Ladder.objects.create(name='Decision ladder', challenge_range=5, cooldown_days=0)
for n in ('ann', 'ben', 'cor', 'dik'):
    services.join(ladder.pk, people[n])
first = services.challenge(ladder.pk, people['dik'], people['ben'])
games.resign(first.match_id, people['ben'])
settled(first.match_id)
second = services.challenge(ladder.pk, people['cor'], people['dik'])
games.resign(second.match_id, people['dik'])
settled(second.match_id)
cup = Tournament.objects.create(name='Decision cup', game='druidenwalzer',
                                format='round_robin', status='registration', seed=3)
for n in ('ann', 'ben', 'cor'):
    cups.join(cup.pk, people[n])
cups.start(cup.pk, chief)
from tournaments.rounds import start_round
start_round(cup.pk, 1)
print(json.dumps({'ladder': ladder.pk, 'first': first.pk, 'cup': cup.pk}))
"""

FINISH_CUP_GAME = SETTLE + """
from games.core import services as games
from tournaments.models import TournamentGame
game = TournamentGame.objects.filter(round__tournament_id={cup}, match__isnull=False).first()
games.resign(game.match_id, game.first)
settled(game.match_id)
print(json.dumps({{'match': game.match_id, 'first': game.first.username}}))
"""

REPLAY = """
from accounts.models import User
from ladders.ladder_replay import replayed_order
from ladders.models import Ladder
from ladders.rating_fold import fold
from ladders.rating_record import rated_results
states, _changes = fold(rated_results('druidenwalzer'))
names = dict(User.objects.values_list('pk', 'username'))
print(json.dumps({{'order': [names[u] for u in replayed_order(Ladder.objects.get(pk={ladder}))],
                  'ratings': {{names[u]: round(s.rating) for u, s in states.items()}}}}))
"""


def _shell(site, code: str) -> dict:
    done = site.manage("shell", "-v", "0", "-c", "import json\n" + code)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _decide(admin, site, game_id: int, result: str, why: str) -> None:
    admin.goto(f"{site.url}/admin/ladders/laddergame/{game_id}/correct/")
    admin.select_option("#id_result", result)
    admin.fill("#id_note", why)
    with admin.expect_navigation():
        admin.locator("input[name=confirm]").click()
    assert "The decision is recorded" in admin.content()


def _direct(admin, site, cup: int, match_id: int, outcome: str, why: str) -> None:
    admin.goto(f"{site.url}/tournaments/{cup}/")
    admin.locator("#tournament-admin summary").click()
    admin.select_option("#admin-action", "result")
    admin.fill("#admin-game", str(match_id))
    admin.fill("#admin-outcome", outcome)
    admin.fill("#admin-reason", why)
    with admin.expect_navigation():
        admin.locator("#admin-submit").click()
    assert "Done:" in admin.content(), admin.locator(".messages").all_inner_texts()


def test_three_decisions_agree_with_a_replay_everywhere(site, new_page):
    made = _shell(site, SETUP)
    admin = new_page()
    admin.goto(f"{site.url}/admin/login/")
    admin.fill("#id_username", "chief")
    admin.fill("#id_password", "chief-password-77")
    with admin.expect_navigation():
        admin.locator("input[type=submit]").click()

    for result, why in (("annul", "played by someone else"), ("challenger", "it stood"),
                        ("annul", "annulled after all")):
        _decide(admin, site, made["first"], result, why)
    # The tournament game: its second player resigns, then the admin decides it twice
    # from the tournament's page (annul, then the first player won).
    finished = _shell(site, FINISH_CUP_GAME.format(cup=made["cup"]))
    for outcome, why in (("annul", "played by someone else"),
                         (finished["first"], "the first player won")):
        _direct(admin, site, made["cup"], finished["match"], outcome, why)
    # The site settles each decision after its commit, from its queue: wait for it.
    for _attempt in range(30):
        verified = site.manage("verify_games")
        if verified.returncode == 0:
            break
        time.sleep(1)
    replay = _shell(site, REPLAY.format(ladder=made["ladder"]))
    # Without the annulled game dik never climbed: cor, above him, beat him and nobody
    # moves.
    assert replay["order"] == ["ann", "ben", "cor", "dik"]

    page = new_page()
    page.goto(f"{site.url}/ladders/{made['ladder']}/")
    standings = page.locator("#ladder-table tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.username)")
    assert standings == replay["order"]
    assert "annulled game" in page.content()
    for name in ("ann", "ben", "cor", "dik"):
        page.goto(f"{site.url}/players/{name}/")
        shown = page.locator("#rating-druidenwalzer")
        if name in replay["ratings"]:
            assert shown.inner_text() == str(replay["ratings"][name]), name
    exported = json.loads(page.request.get(
        f"{site.url}/ladders/{made['ladder']}/export.json").text())
    assert [row["player"] for row in exported["standings"]] == replay["order"]
    assert {row["player"]: row["rating"] for row in exported["standings"]
            if row["player"] in replay["ratings"]} == {
        name: replay["ratings"][name] for name in replay["order"] if name in replay["ratings"]}
    verified = site.manage("verify_games")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "checked against a replay: 0 differ" in verified.stdout

    SHOTS.mkdir(exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site.url}/ladders/")
        page.screenshot(path=str(SHOTS / f"ladder-list-{width}.png"), full_page=True)
        page.goto(f"{site.url}/ladders/{made['ladder']}/")
        page.screenshot(path=str(SHOTS / f"ladder-events-{width}.png"), full_page=True)
    assert re.search(r"season 1", page.content())
