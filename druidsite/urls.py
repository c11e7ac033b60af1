"""URL routes of the whole site."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from druidsite.health import healthz

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("ladders.urls")),
]
