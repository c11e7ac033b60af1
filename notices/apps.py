from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    default_auto_field = "django.db.models.BigAutoField"
