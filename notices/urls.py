from django.urls import path

from notices import push_views, views

urlpatterns = [
    path("notices/", views.notice_list, name="notices"),
    path("settings/push/subscription", push_views.subscription, name="push_subscription"),
    path("settings/push/", push_views.preferences, name="push_preferences"),
    path("settings/push/devices/<int:device_id>/remove", push_views.remove_device,
         name="push_remove_device"),
    path("settings/push/devices/<int:device_id>/kinds", push_views.device_kinds,
         name="push_device_kinds"),
]
