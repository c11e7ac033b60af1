from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = _("Ladders and ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Connect the receivers of finished matches (ratings, ladder positions).
        from games.core import disputes
        from ladders import leaving, receivers  # noqa: F401
        from ladders.decisions import decide_dispute

        disputes.DECIDERS.append(decide_dispute)
        leaving.register()
