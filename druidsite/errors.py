"""Error answers outside any view: under /api/ in the API's error shape, else the site's pages.

Used when no view answered (no such URL, a bad or refused request, a crash),
with DEBUG off: a script of the API always gets JSON, ``{"error", "code"}``,
as the schema promises, never an HTML page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions

API_PREFIX = "/api/"


def _api(request: HttpRequest, error: type[exceptions.APIException], code: str,
         status: int) -> JsonResponse:
    return JsonResponse({"error": str(error.default_detail), "code": code}, status=status)


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return _api(request, exceptions.ParseError, "bad_request", 400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception=None) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return _api(request, exceptions.PermissionDenied, "permission_denied", 403)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception=None) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return _api(request, exceptions.NotFound, "not_found", 404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return _api(request, exceptions.APIException, "server_error", 500)
    return defaults.server_error(request)
