from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Connect the receivers of match changes (broadcasts, AI moves, series).
        from django.db.models.signals import post_migrate

        from games import bots, broadcast, chat_bots, tables  # noqa: F401

        post_migrate.connect(_create_bot_accounts, sender=self)


def _create_bot_accounts(sender, **kwargs) -> None:
    from games.bots import ensure_bot_accounts

    ensure_bot_accounts()
