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
        # A decision on a Kasteel table that a finished later round no longer fits is
        # refused before it is made.
        from games.core import corrections
        from tournaments.kasteel_sync import check_decision

        if check_decision not in corrections.DECISION_CHECKS:
            corrections.DECISION_CHECKS.append(check_decision)
