"""The AI accounts' site ratings come from real games only: the arena's round robin
measures the levels' strength for the lobby (games.ai.registry.ARENA_RATINGS) and
never writes it into an account's rating or the leaderboard."""

import pytest
from django.core.management import call_command

from games.ai.registry import ARENA_RATINGS
from games.ai_players.bots import ensure_bot_accounts
from ladders import glicko, ratings
from ladders.models import Rating, RatingChange
from tests.base import finished_match

pytestmark = pytest.mark.django_db


def test_the_arena_leaves_the_ai_accounts_unrated_until_they_play(alice, capsys):
    bots = {bot.bot_level: bot for bot in ensure_bot_accounts()}
    call_command("arena", "--game", "druidenwalzer", "--round-robin", "random,novice",
                 "--games-per-pair", "2", "--seed", "3")
    assert "round robin of random, novice" in capsys.readouterr().out
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert list(ratings.leaderboard("druidenwalzer")) == []
    # A real rated game rates the account from the site's start, whatever the arena said.
    archdruid = bots["strong"]
    ratings.rate_match(finished_match(archdruid, alice, "win").pk)
    rating = Rating.objects.get(user=archdruid, game="druidenwalzer")
    assert rating.games == 1
    assert rating.rating == pytest.approx(glicko.rate(glicko.Glicko(),
                                                      [(glicko.Glicko(), 1)]).rating)
    measured = ARENA_RATINGS.get("druidenwalzer", {}).get("strong")
    assert measured is None or rating.rating != pytest.approx(measured[0])
    assert [r.user for r in ratings.leaderboard("druidenwalzer")] == [archdruid, alice]
