"""The AI players' accounts: one per level, found by level, never a player's account."""

import pytest
from django.contrib.auth import get_user_model

from games.ai import LEVELS
from games.ai_players.bots import ensure_bot_accounts

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_it_creates_one_account_per_level_and_finds_it_again():
    first = {user.bot_level: user.pk for user in ensure_bot_accounts()}
    assert set(first) == set(LEVELS)
    again = {user.bot_level: user.pk for user in ensure_bot_accounts()}
    assert again == first
    assert User.objects.filter(is_bot=True).count() == len(LEVELS)


def test_it_leaves_a_player_who_has_a_new_levels_name_alone():
    # as before the level existed: its name was free, and a player took it
    User.objects.filter(is_bot=True, bot_level="apprentice").delete()
    name = LEVELS["apprentice"]["name"]
    player = User.objects.create_user(name, "bard@example.org", "a long passphrase 42")
    bots = {user.bot_level: user for user in ensure_bot_accounts()}
    player.refresh_from_db()
    assert not player.is_bot and player.bot_level == ""
    assert player.check_password("a long passphrase 42")
    assert bots["apprentice"].username == f"{name} (AI)"
    assert bots["apprentice"].pk != player.pk
    # and again: the AI keeps its account, the player theirs
    assert ensure_bot_accounts()[list(LEVELS).index("apprentice")].pk == bots["apprentice"].pk
