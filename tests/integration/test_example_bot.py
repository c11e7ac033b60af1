"""The documented example bot plays through the API with a token, end to end."""

import subprocess
import sys

from tests.conftest import ROOT, copy_migrated, embedded_env, manage

SETUP = """
from accounts.models import User
from games.core import services
human = User.objects.create_user("human", password="pw-human-123456")
bot = User.objects.create_user("scriptbot", password="pw-bot-1234567")
services.create_challenge(human, opponent=bot, creator_seat="sun")
"""

CHECK = """
from games.models import Match
match = Match.objects.get()
print(match.version, match.seats.get(seat="moon").user.username)
"""


def test_it_accepts_a_challenge_and_plays_its_move(tmp_path, serve, migrated_database):
    env = embedded_env(tmp_path)
    copy_migrated(migrated_database, tmp_path)
    prepared = manage("shell", "-v", "0", "-c", SETUP, env=env)
    assert prepared.returncode == 0, prepared.stderr
    port, _ = serve(env)
    bot = subprocess.run(
        [sys.executable, "examples/api_bot.py", "--site", f"http://127.0.0.1:{port}",
         "--username", "scriptbot", "--password", "pw-bot-1234567", "--rounds", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert bot.returncode == 0, bot.stderr
    assert "accepted challenge" in bot.stdout and "played" in bot.stdout
    checked = manage("shell", "-v", "0", "-c", CHECK, env=env)
    # The bot took moon (the challenger chose sun) and made the first placement.
    assert checked.stdout.split() == ["1", "scriptbot"]
