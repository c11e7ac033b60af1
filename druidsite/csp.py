"""Content-Security-Policy on every answer (settings.CONTENT_SECURITY_POLICY).

Django 5.2 has no CSP of its own. The site's pages load their scripts, styles,
images and sockets from the site itself and have no inline script or style
(JSON data blocks are not scripts), so the policy allows the site's own origin
only: an injected script or a foreign resource is refused by the browser. A
view that needs another policy sets the header itself; it is kept.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        if settings.DEBUG and response.status_code >= 400:
            return response  # Django's debug error pages have inline styles and scripts
        if policy and HEADER not in response:
            response.headers[HEADER] = policy
        return response
