"""The tournament core runs without Django, services or a database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_it_runs_every_format_without_django_or_services():
    code = (
        "import sys\n"
        "from tournaments.pairing import *\n"
        "es = [Entrant(i, 2000 - i) for i in range(7)]\n"
        "round_robin(es, cycles=2)\n"
        "r = pair_swiss(es, round_number=1)\n"
        "pair_swiss(es, round_number=1, budget=0)\n"
        "first_round(es)\n"
        "seat_tables(es, table_size=3, allow_ai=True)\n"
        "kasteel_step([TableResult(1, {0: 1, 1: 1})], top=1, table_size=3, totals={},"
        " seeds=[0, 1])\n"
        "table_places([SeatOutcome(0, 'win', 12.0), SeatOutcome(1, 'loss', 3.0)])\n"
        "score_first([SeatOutcome(0, 'draw')], 0)\n"
        "standings([e.id for e in es], [GameResult(1, p.first, p.second, 1.0)"
        " for p in r.pairings])\n"
        "banned = [m for m in ('django', 'channels', 'celery', 'redis') if m in sys.modules]\n"
        "print('loaded:', banned)\n"
        "assert not banned, banned\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "loaded: []" in result.stdout


def test_it_imports_nothing_from_the_site():
    for path in (ROOT / "tournaments" / "pairing").glob("*.py"):
        text = path.read_text()
        for banned in ("django", "games.", "ladders", "accounts", "druidsite"):
            assert f"import {banned}" not in text and f"from {banned}" not in text, path
