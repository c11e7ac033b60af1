"""No task worker runs inside a test process, even after the web process's entry point
is imported on the embedded defaults (where it starts one): a worker there would run
queued tasks (an AI's move) behind the tests' backs (tests/conftest.py)."""

import threading

import druidsite.asgi  # noqa: F401 - the import that starts the worker in a web process
from druidsite import embedded


def test_it_starts_no_in_process_worker_in_a_test_process():
    assert not embedded.is_running()
    assert not [t.name for t in threading.enumerate() if t.name.startswith("embedded")]
