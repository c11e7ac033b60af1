"""The two size limits of a socket message, on the Procfile's own web command.

daphne reads a message whole up to 1 MiB (its default cap, which the Procfile
keeps) and ends the connection beyond it (1009, or dropped); under that cap
the site's consumers answer anything over 4 KB with an error and keep the
socket open.
"""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from druidsite.socket_limits import MAX_MESSAGE_BYTES, TOO_LARGE
from tests.security.procfile import production_web_starter

pytestmark = pytest.mark.slow

DAPHNE_CAP = 1024 * 1024


def test_it_answers_over_4_kb_and_closes_over_1_mib(tmp_path, request):
    url = production_web_starter(tmp_path, request)()
    address = url.replace("http://", "ws://") + "/ws/lobby/"
    with connect(address, open_timeout=10, max_size=None) as socket:
        socket.send("x" * (MAX_MESSAGE_BYTES + 1))
        assert json.loads(socket.recv(timeout=10)) == TOO_LARGE
        socket.send("x" * DAPHNE_CAP)  # at the cap: read, then refused by the consumer
        assert json.loads(socket.recv(timeout=10)) == TOO_LARGE
        with pytest.raises(ConnectionClosed) as closed:
            # the server may close while the frame is still being sent (a
            # broken pipe on a loaded machine) or after reading it
            socket.send("x" * (DAPHNE_CAP + 1))
            socket.recv(timeout=10)
    assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
