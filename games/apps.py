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
        tasks = import_module("games.tasks")
        from games import bots, broadcast, chat_bots, leaving, tables, tutorial  # noqa: F401
        from games.commit import match_committed

        bots.SCRIPTS.append(tutorial.scripted_move)
        leaving.register()
        # Last of the receivers: a result's settling is queued after the rest, as before.
        match_committed.connect(tasks.queue_settle, dispatch_uid="games.tasks.queue_settle")
        post_migrate.connect(_create_bot_accounts, sender=self)


def _create_bot_accounts(sender, **kwargs) -> None:
    from games.bots import ensure_bot_accounts

    ensure_bot_accounts()
