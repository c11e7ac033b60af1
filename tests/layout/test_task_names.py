"""Every Celery task keeps its name wherever its room put it, and a worker finds it:
a fresh process that loads the worker's modules registers them all, and every task
that the beat schedule names is among them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from django.conf import settings

from tests.conftest import ROOT

TASKS = {
    "druidsite.heartbeat", "druidsite.probe",
    "games.bot_accept", "games.bot_move", "games.end_exhausted_vacations",
    "games.expire_deadlines", "games.notify_turn", "games.rebroadcast_recent",
    "games.mine_puzzles", "games.requeue_bot_tasks", "games.review_match", "games.send_digests",
    "games.send_turn_mails", "games.settle_result",
    "ladders.catch_up", "ladders.drop_inactive",
    "notices.release_held_pushes", "notices.send_push",
    "tournaments.catch_up", "tournaments.run_schedules", "tournaments.start_round",
}

WORKER = """
import json, django
django.setup()
from druidsite.celery import app
app.loader.import_default_modules()
print(json.dumps(sorted(name for name in app.tasks if not name.startswith("celery."))))
"""


def test_it_registers_every_task_under_its_name_in_a_worker():
    found = subprocess.run([sys.executable, "-c", WORKER], cwd=ROOT, check=True,
                           capture_output=True, text=True,
                           env={**os.environ, "DJANGO_SETTINGS_MODULE": "druidsite.settings"}
                           ).stdout
    assert set(json.loads(found.strip().splitlines()[-1])) == TASKS


def test_it_names_only_known_tasks_in_the_beat_schedule():
    assert {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()} <= TASKS
