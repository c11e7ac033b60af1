"""The floor of a connect storm: what a WebSocket handshake costs a web server that
does nothing else, on this machine.

Starts two server processes (as the stack does: daphne or uvicorn, loopback,
backlog 1024) serving a bare ASGI application, opens --sockets sockets spread
over --within seconds alternating between them, waits for each one's first
message, and prints the handshake times and the CPU the server processes spent
per socket. No database, no Redis, no session, no Django view: whatever the
site's own handshake costs comes on top of this.

    .venv/bin/python bench/ws_floor.py --sockets 1000 --within 2
    .venv/bin/python bench/ws_floor.py --app channels        # the same through a Channels consumer
    .venv/bin/python bench/ws_floor.py --server uvicorn

--app raw is a plain ASGI callable (accept, send one message, wait for the close);
--app channels routes through Channels' URLRouter to an AsyncWebsocketConsumer
that does the same (Django configured in memory, no apps, no layer).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TICKS = os.sysconf("SC_CLK_TCK")


# --- the applications ------------------------------------------------------------

async def raw_app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "http":
        await receive()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps({"type": "sync", "version": 0})})
    while (await receive())["type"] != "websocket.disconnect":
        pass


def _channels_app():
    import django
    from django.conf import settings

    settings.configure(DEBUG=False, INSTALLED_APPS=[], ALLOWED_HOSTS=["*"],
                       CHANNEL_LAYERS={}, SECRET_KEY="floor", ROOT_URLCONF=__name__)
    django.setup()
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.urls import path

    class Floor(AsyncWebsocketConsumer):
        async def connect(self):
            await self.accept()
            await self.send(text_data=json.dumps({"type": "sync", "version": 0}))

    return ProtocolTypeRouter({"websocket": URLRouter([path("ws/<int:game>/", Floor.as_asgi())]),
                               "http": raw_app})


urlpatterns: list = []
if os.environ.get("WS_FLOOR_APP") == "channels":
    app = _channels_app()
else:
    app = raw_app


# --- the storm ---------------------------------------------------------------------

def start_servers(args) -> list[subprocess.Popen]:
    env = dict(os.environ, WS_FLOOR_APP=args.app, PYTHONPATH=str(HERE))
    servers = []
    for port in args.ports:
        if args.server == "daphne":
            command = [sys.executable, "-m", "daphne", "-e",
                       f"tcp:port={port}:interface=127.0.0.1:backlog=1024",
                       "--websocket_connect_timeout", "30", "ws_floor:app"]
        else:
            command = [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port",
                       str(port), "--backlog", "1024", "--loop", "uvloop", "--http",
                       "httptools", "--ws", "websockets", "--no-access-log", "--lifespan",
                       "off", "--log-level", "warning", "ws_floor:app"]
        servers.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL))
    return servers


def cpu_of(servers: list[subprocess.Popen]) -> float:
    total = 0.0
    for server in servers:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


async def wait_ready(ports: list[int]) -> None:
    for port in ports:
        for _ in range(200):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.05)


async def storm(args, servers) -> None:
    import websockets
    from load import percentile  # the storm's and the load's own, for the same figures

    await wait_ready(args.ports)
    handshake: list[float] = []
    failures: dict[str, int] = {}
    opened = []

    async def one(index: int) -> None:
        await asyncio.sleep(args.within * index / args.sockets)
        port = args.ports[index % len(args.ports)]
        started = time.perf_counter()
        try:
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/{index}/", open_timeout=30)
            await asyncio.wait_for(ws.recv(), 30)
        except Exception as exc:
            kind = type(exc).__name__
            failures[kind] = failures.get(kind, 0) + 1
            return
        handshake.append(time.perf_counter() - started)
        opened.append(ws)

    # A first small burst warms the processes (imports, caches), not counted.
    for _ in range(2):
        cpu_before = cpu_of(servers)
        handshake.clear()
        await asyncio.gather(*(one(i) for i in range(min(100, args.sockets))))
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
        opened.clear()
        if _ == 0:
            await asyncio.sleep(1)
    load = os.getloadavg()[0]
    handshake.clear()
    cpu_before = cpu_of(servers)
    started = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(args.sockets)))
    elapsed = time.perf_counter() - started
    cpu = cpu_of(servers) - cpu_before
    await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
    ms = 1000
    print(f"server, app              {args.server}, {args.app}")
    print(f"sockets                  {args.sockets} over {args.within:.1f} s on ports "
          f"{','.join(map(str, args.ports))}; all done in {elapsed:.1f} s")
    print(f"accepted                 {len(handshake)} of {args.sockets}; failures {failures or 0}")
    if handshake:
        print(f"connect to first message median {ms * percentile(handshake, .5):.0f}  "
              f"p95 {ms * percentile(handshake, .95):.0f}  max {ms * max(handshake):.0f} ms")
    print(f"server CPU               {cpu:.2f} s, {ms * cpu / args.sockets:.2f} ms a socket")
    print(f"machine                  {os.cpu_count()} cores, load average {load:.2f} before")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--within", type=float, default=2.0)
    parser.add_argument("--server", choices=("daphne", "uvicorn"), default="daphne")
    parser.add_argument("--app", choices=("raw", "channels"), default="raw")
    parser.add_argument("--ports", type=lambda s: [int(p) for p in s.split(",")],
                        default=[8121, 8122])
    args = parser.parse_args()
    servers = start_servers(args)
    try:
        asyncio.run(storm(args, servers))
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
