"""A Celery worker whose AI players think slowly: for the worker-kill test.

``python -m tests.faults.slow_worker worker ARGS...`` runs ``celery -A druidsite
worker ARGS`` after wrapping games.ai_players.bots.choose_move: before deciding, it writes
the match and version to the file FAULT_BOT_MARKER (so the test knows the task
is under way) and sleeps FAULT_BOT_DELAY seconds (so the test can kill the
worker mid-task). Nothing of this is in the site's code.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")
    import django

    django.setup()
    from druidsite.celery import app
    from games.ai_players import bots

    marker = Path(os.environ["FAULT_BOT_MARKER"])
    delay = float(os.environ.get("FAULT_BOT_DELAY", "60"))
    choose = bots.choose_move

    def slow_choose_move(match, seat):
        # Written whole, then renamed: the test never reads a half-written marker.
        marker.with_suffix(".part").write_text(f"{match.pk} {match.version} {os.getpid()}")
        marker.with_suffix(".part").rename(marker)
        time.sleep(delay)
        return choose(match, seat)

    bots.choose_move = slow_choose_move
    app.worker_main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
