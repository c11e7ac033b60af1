"""A busy neighbour: holds one core at a fixed share for a bounded time.

Spins for ``share`` of every 10 ms slice and sleeps the rest, so another
process on the machine (a deploy's build, a backup) takes that much of a core
from the stack while a benchmark runs. Stops by itself after --seconds.

    .venv/bin/python bench/busy.py --share 1.0 --seconds 180 &
"""

from __future__ import annotations

import argparse
import time


def spin(share: float, seconds: float, slice_s: float = 0.01) -> None:
    ends = time.monotonic() + seconds
    while (now := time.monotonic()) < ends:
        busy_until = now + share * slice_s
        while time.monotonic() < busy_until:
            pass
        if share < 1.0:
            time.sleep((1.0 - share) * slice_s)


def main() -> None:
    parser = argparse.ArgumentParser(description="Hold one core busy at a fixed share.")
    parser.add_argument("--share", type=float, default=1.0, help="0 < share <= 1 of one core")
    parser.add_argument("--seconds", type=float, default=120, help="stops after this long")
    args = parser.parse_args()
    if not 0 < args.share <= 1 or not 0 < args.seconds <= 3600:
        parser.error("--share must be in (0, 1] and --seconds in (0, 3600]")
    spin(args.share, args.seconds)


if __name__ == "__main__":
    main()
