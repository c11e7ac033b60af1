"""The CPU a bot spends, as the budget tests measure it."""

from __future__ import annotations

import time


def bot_cpu() -> float:
    """This thread's CPU seconds, where the bot thinks. A test process may hold
    other threads (a server, a task worker an earlier test left) whose CPU
    ``time.process_time`` would count too; the bot's own deadline reads
    process_time, so those threads can only cut its budget short."""
    return time.thread_time()
