from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "social"
    verbose_name = _("Players among players")
    default_auto_field = "django.db.models.BigAutoField"
