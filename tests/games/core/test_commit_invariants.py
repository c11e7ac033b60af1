"""The game-level invariant of the write path, for all three games.

Random sequences of every kind of change (moves, resignations, draw offers and
answers, timeouts, vacations, takeovers at a table, admin corrections and annulments) over
several games of each game. After each step:
- every game replays from its seed and log (games.core.verify, as verify_games does);
- each game's versions are 1..version, one record each;
- whatever a client can see of a game (every seat's view and a spectator's, as
  games.core.visibility builds them) changed only with a new version, and every new
  version was broadcast to the game's sockets with that version.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import clocks, services
from games.core.errors import ServiceError
from games.core.verify import verify_game
from games.core.visibility import match_payload
from games.management.commands.verify_games import stored_game
from games.models import Match
from games.realtime import broadcast
from games.rules import get_rules
from tests.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

GAMES = {
    "druidenwalzer": {"seats": ("moon", "sun"), "new_game": None},
    "caesar-cleopatra": {"seats": ("caesar", "cleopatra"), "new_game": None},
    "kasteel": {"seats": ("0", "1", "2", "3"), "new_game": {"players": 4, "teams": True}},
}


class World:
    def __init__(self, game: str, games: int, rng: random.Random, staff) -> None:
        self.game, self.rng, self.staff = game, rng, staff
        self.rules = get_rules(game)
        spec = GAMES[game]
        self.users = [make_user(f"{game[:4]}{i}") for i in range(len(spec["seats"]) + 1)]
        self.matches: list[int] = []
        for n in range(games):
            players = rng.sample(self.users, len(spec["seats"]))
            match = services.start_match(game, dict(zip(spec["seats"], players)),
                                         seed=1000 + n, new_game=spec["new_game"])
            self.matches.append(match.pk)

    def seen(self) -> dict[int, tuple[int, dict]]:
        """Each game's version and what each of its viewers sees."""
        seen = {}
        for match in Match.objects.filter(pk__in=self.matches).prefetch_related("seats__user"):
            seats = list(match.seats.all())
            views = {viewer: match_payload(match, viewer, seats)
                     for viewer in [*(s.seat for s in seats), None]}
            seen[match.pk] = (match.version, views)
        return seen

    # --- the kinds of change --------------------------------------------------------

    def move(self, match: Match) -> str:
        state = self.rules.from_json(match.state)
        owed = self.rules.owed_by(state)
        seat = match.seats.select_related("user").get(seat=owed[0])
        if seat.takeover_level or seat.user.is_bot:
            from games.ai_players import bots
            bots.play_bot_move(match.pk, match.version)
            return "ai move"
        legal = self.rules.legal_moves(state)
        services.play(match.pk, seat.user, self.rng.choice(legal), match.version, seat=seat.seat)
        return "move"

    def resign(self, match: Match) -> str:
        seat = self.rng.choice(list(match.seats.select_related("user")))
        services.resign(match.pk, seat.user)
        return "resign"

    def draw(self, match: Match) -> str:
        seat = self.rng.choice(list(match.seats.select_related("user")))
        if match.draw_offer_seat and match.draw_offer_seat != seat.seat:
            services.answer_draw(match.pk, seat.user, self.rng.random() < 0.5)
            return "draw answer"
        services.offer_draw(match.pk, seat.user)
        return "draw offer"

    def timeout(self, match: Match) -> str:
        services.expire_deadlines(now=timezone.now() + timedelta(days=match.days_per_move + 1))
        return "timeout"

    def vacation(self, match: Match) -> str:
        user = self.rng.choice(self.users)
        user.refresh_from_db()
        if user.on_vacation:
            clocks.end_vacation(user)
            return "vacation ends"
        clocks.start_vacation(user)
        return "vacation starts"

    def correct(self, match: Match) -> str:
        seats = [s.seat for s in match.seats.all()]
        winner = self.rng.choice([None, *seats])
        services.correct_result(match.pk, self.staff, winner, "a dispute decided")
        return "correction"

    def annul(self, match: Match) -> str:
        services.annul_result(match.pk, self.staff, "played against the rules")
        return "annulment"

    def step(self) -> tuple[int, str]:
        match = Match.objects.get(pk=self.rng.choice(self.matches))
        if match.is_over:
            kinds = [self.correct, self.correct, self.annul, self.vacation]
        else:
            kinds = [self.move] * 12 + [self.resign, self.draw, self.draw, self.timeout,
                                         self.vacation, self.vacation]
        action = self.rng.choice(kinds)
        try:
            return match.pk, action(match)
        except ServiceError:  # refused: nothing may have changed
            return match.pk, f"refused {action.__name__}"


@pytest.fixture
def broadcasts(monkeypatch):
    sent: list[tuple[int, int]] = []
    real = broadcast.publish_many

    def record(messages):
        for _group, message in messages:
            if message.get("type") == "match.update":
                sent.append((message["match"]["id"], message["match"]["version"]))
        return real(messages)

    monkeypatch.setattr(broadcast, "publish_many", record)
    return sent


@pytest.mark.parametrize("game", list(GAMES))
def test_it_keeps_every_game_exact_through_random_changes(
        game, staff, broadcasts, django_capture_on_commit_callbacks):
    rng = random.Random(f"invariants-{game}")
    with django_capture_on_commit_callbacks(execute=True):
        world = World(game, games=3, rng=rng, staff=staff)
    before = world.seen()
    kinds = set()
    for number in range(60):
        broadcasts.clear()
        with django_capture_on_commit_callbacks(execute=True):
            match_id, kind = world.step()
        kinds.add(kind)
        after = world.seen()
        for pk in world.matches:
            (old_version, old_views), (new_version, new_views) = before[pk], after[pk]
            where = f"step {number} ({kind}) on game {pk}"
            match = Match.objects.get(pk=pk)
            assert verify_game(stored_game(match)) is None, where
            versions = list(match.records.values_list("version", flat=True))
            assert versions == list(range(1, match.version + 1)), where
            if new_views != old_views:
                assert new_version > old_version, f"{where}: a change without a version"
            if new_version != old_version:
                sent = {v for m, v in broadcasts if m == pk}
                assert new_version in sent, f"{where}: v{new_version} was not broadcast"
            else:
                assert new_views == old_views, where
        before = after
    expected = ({"move", "ai move", "resign", "timeout", "vacation starts"} if game == "kasteel"
                else {"move", "resign", "correction", "vacation starts", "vacation ends"})
    assert expected <= kinds, kinds
