"""Limits on what a request may carry: its body's size, and no NUL characters.

Django itself refuses an oversized body only when a view reads it, with a bare
400 page, and only by the declared Content-Length: under ASGI a body sent in
chunks without one is read whole and parsed. Two guards, one rule:

- ``RequestLimitsMiddleware`` (Django): a declared length over the limit is
  answered 413 with a clear message (the API's error shape under /api/)
  before any middleware or view reads the body;
- ``BodyLimit`` (ASGI, around the HTTP application): a body without a declared
  length is read up to the limit; over it the answer is the same 413, under
  it Django gets the body with its length declared.

The same middleware answers 400 to a NUL character in the path, the query or
a form field: never meaningful here, and PostgreSQL refuses it in a query (a
server error where a view looks a name up).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


def _too_large_text(limit: int) -> str:
    return _("The request body is larger than %(limit)s bytes.") % {"limit": limit}


def _has_nul(request: HttpRequest) -> bool:
    fields = [request.GET]
    if request.method == "POST" and not request.path.startswith(API_PREFIX):
        fields.append(request.POST)  # the API's JSON is checked by its serializers
    return "\x00" in request.path or any(
        "\x00" in name or any("\x00" in value for value in values)
        for query in fields for name, values in query.lists())


class RequestLimitsMiddleware(MiddlewareMixin):
    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        refused = self._too_large(request)
        if refused is None and _has_nul(request):
            refused = _answer(request, 400, "invalid",
                              lambda: _("Null characters are not allowed."))
        return refused

    def _too_large(self, request: HttpRequest) -> HttpResponse | None:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # as Django reads it; the server framed the body already
        if limit is None or length <= limit:
            return None
        return _answer(request, 413, "too_large", lambda: _too_large_text(limit))


def _answer(request: HttpRequest, status: int, code: str, text) -> HttpResponse:
    """A refusal in the language the request asks for (LocaleMiddleware has not run yet),
    in the API's error shape under /api/, else as plain text."""
    with translation.override(translation.get_language_from_request(request)):
        message = text()
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": message, "code": code}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class BodyLimit:
    """ASGI middleware for HTTP: bodies of undeclared length are capped at the limit."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        headers = dict(scope.get("headers") or [])
        if scope["type"] != "http" or limit is None or b"content-length" in headers:
            return await self.app(scope, receive, send)
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return None
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                return await self._refuse(scope, send, limit)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        declared = [(name, value) for name, value in scope["headers"]
                    if name != b"transfer-encoding"] + [(b"content-length", str(size).encode())]
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return await self.app({**scope, "headers": declared}, replay, send)

    @staticmethod
    async def _refuse(scope, send, limit: int) -> None:
        text = f"The request body is larger than {limit} bytes."
        if scope.get("path", "").startswith(API_PREFIX):
            body = json.dumps({"error": text, "code": "too_large"}).encode()
            kind = b"application/json"
        else:
            body, kind = text.encode(), b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", kind), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
