"""URL routes of the whole site."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.http import require_safe

from accounts import views as accounts_views
from druidsite.health import healthz, ping
from druidsite.installable import manifest, offline, service_worker
from druidsite.private_answers import same_for_everyone
from games.pages import home as views_home


@same_for_everyone
@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers and feed readers ask for /favicon.ico whatever the page says:
    the site's icon (static, so its hashed name is looked up per request)."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("", views_home.home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("healthz", healthz, name="healthz"),
    path("ping", ping, name="ping"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("offline/", offline, name="offline"),
    # The footer's language switch; for a player it also saves the choice.
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.pages.urls")),
    path("api/", include("games.api.urls")),
    path("", include("ladders.urls")),
    path("", include("tournaments.urls")),
    path("", include("notices.urls")),
    path("", include("social.urls")),
]

# Without DEBUG: JSON under /api/, the site's pages elsewhere (templates/404.html...).
handler400 = "druidsite.errors.bad_request"
handler403 = "druidsite.errors.permission_denied"
handler404 = "druidsite.errors.page_not_found"
handler500 = "druidsite.errors.server_error"
