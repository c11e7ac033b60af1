"""A Celery worker that pairs tournament rounds slowly: for the worker-kill test.

``python -m tests.faults.slow_round_worker worker ARGS...`` runs ``celery -A druidsite
worker ARGS`` after wrapping tournaments.rounds._two_player: once the round's first
game is created (inside the round's transaction), it writes the tournament's id to
the file FAULT_ROUND_MARKER and sleeps FAULT_ROUND_DELAY seconds, so the test can kill
the worker half-way through the round. Nothing of this is in the site's code.
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
    from tournaments import rounds

    marker = Path(os.environ["FAULT_ROUND_MARKER"])
    delay = float(os.environ.get("FAULT_ROUND_DELAY", "60"))
    make = rounds._two_player

    def slow_two_player(tournament, rnd, *args, **kwargs):
        made = make(tournament, rnd, *args, **kwargs)
        # Written whole, then renamed: the test never reads a half-written marker.
        marker.with_suffix(".part").write_text(f"{tournament.pk} {rnd.number} {os.getpid()}")
        marker.with_suffix(".part").rename(marker)
        time.sleep(delay)
        return made

    rounds._two_player = slow_two_player
    app.worker_main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
