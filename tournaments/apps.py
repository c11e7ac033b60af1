from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Connect the receiver of finished games (results, the next round).
        from accounts import leaving
        from tournaments import receivers, tasks  # noqa: F401 - receivers, task names
        from tournaments.services import leave_deleted_account

        leaving.register(leaving.TOURNAMENTS, leave_deleted_account)
