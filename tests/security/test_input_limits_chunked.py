"""A body over DATA_UPLOAD_MAX_MEMORY_SIZE sent through the ASGI application in
chunks, without a declared length, is refused with 413 too.

A module of its own: the test needs a transactional database (the ASGI
application reaches it from another thread), and test_input_limits.py holds
a module-wide transaction (the URL matrix's ``world``) that a transactional
test's flush must not run inside (PostgreSQL refuses to truncate tables with
the world's rows still pending).
"""

from __future__ import annotations

import json

import pytest
from asgiref.testing import ApplicationCommunicator

from tests.security.test_input_limits import MESSAGE


async def _post_in_chunks(path: str, chunks: list[bytes]) -> tuple[int, bytes]:
    """POST through the site's ASGI application, in chunks, with no Content-Length."""
    from druidsite.asgi import application

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "server": ("testserver", 80),
             "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")]}
    talk = ApplicationCommunicator(application, scope)
    for index, chunk in enumerate(chunks):
        await talk.send_input({"type": "http.request", "body": chunk,
                               "more_body": index < len(chunks) - 1})
    start = await talk.receive_output(10)
    body = await talk.receive_output(10)
    await talk.wait(10)
    return start["status"], body["body"]


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_an_oversized_body_sent_without_a_length(settings):
    settings.EMBEDDED_WORKER = False
    piece = b"x" * 65536
    status, body = await _post_in_chunks("/api/token/", [b'{"pad": "'] + [piece] * 5 + [b'"}'])
    assert (status, json.loads(body)) == (413, {"error": MESSAGE, "code": "too_large"})
    status, body = await _post_in_chunks("/accounts/login/", [piece] * 5)
    assert (status, body.decode()) == (413, MESSAGE)
    # Under the limit the body reaches the view, read by its real length.
    status, body = await _post_in_chunks("/api/token/", [b'{"username": ', b'"alice"}'])
    assert status == 400 and json.loads(body)["fields"] == {
        "password": ["This field is required."]}
