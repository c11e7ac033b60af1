from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Connect the receivers of match changes (the AI's moves, broadcasts, chat bots,
        # tables' series) and fill the registries that lower modules read, so that
        # none of them imports what sits above it.
        from importlib import import_module

        from django.db.models.signals import post_migrate

        # games.tasks first: the AI's next move is queued before the broadcast, as before.
        import_module("games.tasks")
        from games.ai_players import bots, chat_bots  # noqa: F401
        from games.core.commit import match_committed
        from games.core.tasks import queue_settle
        from games.learning import tutorial
        from games.lobby import leaving, tables  # noqa: F401
        from games.realtime import broadcast  # noqa: F401

        bots.SCRIPTS.append(tutorial.scripted_move)
        leaving.register()
        # Last of the receivers: a result's settling is queued after the rest, as before.
        match_committed.connect(queue_settle, dispatch_uid="games.tasks.queue_settle")
        post_migrate.connect(_create_bot_accounts, sender=self)


def _create_bot_accounts(sender, **kwargs) -> None:
    from games.ai_players.bots import ensure_bot_accounts

    ensure_bot_accounts()
