"""The installable site: the web app manifest, the service worker and its offline page.

The service worker is served from the site's root (/sw.js) so that it may control
every page; it keeps static files only, never a page or an API answer (those are
private, no-store). The offline page names no player, so it is the same for everyone
and the worker may keep it.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from druidsite.private_answers import same_for_everyone

THEME_COLOUR = "#23743a"
BACKGROUND_COLOUR = "#f6f3ea"


@same_for_everyone
@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    data = {
        "name": "druidsite", "short_name": "druidsite",
        "description": _("Druidenwalzer, Kasteel and Caesar & Cleopatra, played by "
                         "correspondence."),
        "lang": request.LANGUAGE_CODE, "start_url": "/", "scope": "/", "id": "/",
        "display": "standalone", "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@same_for_everyone
@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js at the root; browsers look for a new one at every visit anyway,
    so it is never kept long."""
    source = (settings.BASE_DIR / "static" / "js" / "sw.js").read_text()
    config = {"offline": "/offline/", "static": settings.STATIC_URL,
              "icon": static("img/icon-192.png")}
    body = f"const CONFIG = {json.dumps(config)};\n{source}"
    response = HttpResponse(body, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@same_for_everyone
@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "offline.html", {"theme_colour": THEME_COLOUR})
