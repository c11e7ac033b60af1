"""Account pages: profiles, head-to-head records, settings (sign-up and log-in: allauth)."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/vs/<str:other>/", views.head_to_head, name="head_to_head"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/vacation/", views.vacation, name="vacation"),
    path("settings/account/", views.account_page, name="account"),
    path("settings/account/export.json", views.account_export, name="account_export"),
]
