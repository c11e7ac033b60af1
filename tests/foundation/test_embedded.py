"""The embedded defaults: no DATABASE_URL, no REDIS_URL, no service to install.

A real ASGI server runs in a subprocess with a fresh data folder. A task sent
from a request runs asynchronously in the server's own process (on a worker
thread, not in the request), and a socket connected to the server receives the
group message that the task sends.
"""

import asyncio
import json
import urllib.request

import websockets

from tests.conftest import embedded_env, manage


def test_it_runs_a_task_in_process_and_delivers_its_message_to_a_socket(tmp_path, serve):
    env = embedded_env(tmp_path, HEALTH_PROBE_TOKEN="embedded-probe-token-0123")
    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stderr
    assert (tmp_path / "db.sqlite3").exists()
    port, server = serve(env)

    async def scenario():
        origin = f"http://127.0.0.1:{port}"
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/health/", origin=origin) as ws:
            def request():
                probe = urllib.request.Request(
                    f"{origin}/healthz?probe=1",
                    headers={"X-Health-Probe-Token": "embedded-probe-token-0123"})
                with urllib.request.urlopen(probe, timeout=10) as resp:
                    return resp.status, json.load(resp)

            status, report = await asyncio.to_thread(request)
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
        return status, report, message

    status, report, message = asyncio.run(scenario())
    assert status == 200
    assert report["database"]["vendor"] == "sqlite"
    assert report["channel_layer"]["backend"] == "in-memory"
    assert report["broker"]["backend"] == "in-process"
    probe = message["probe"]
    assert probe["token"] == report["probe"]
    # Same process as the web server, but on a worker thread: not eager execution.
    assert probe["pid"] == server.pid
    assert "worker" in probe["thread"].lower() or "threadpool" in probe["thread"].lower()


def test_it_runs_scheduled_tasks_in_process(tmp_path, serve):
    env = embedded_env(tmp_path, HEARTBEAT_SECONDS="1")
    assert manage("migrate", "--noinput", env=env).returncode == 0
    port, _ = serve(env)

    async def wait_for_heartbeat():
        for _ in range(100):
            def request():
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as r:
                    return json.load(r)

            report = await asyncio.to_thread(request)
            if report["broker"]["last_heartbeat_age_s"] is not None:
                return report
            await asyncio.sleep(0.2)
        raise AssertionError("beat never ran the heartbeat task")

    report = asyncio.run(wait_for_heartbeat())
    assert report["broker"]["last_heartbeat_age_s"] < 5
