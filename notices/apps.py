from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The push tasks are queued by name; the web process must know them.
        from notices import tasks  # noqa: F401
