"""The games' entries in the site's catalogue (games.core.catalog), one module per game.

``games/boards/<name>.py`` (the registry name with ``-`` as ``_``) defines
``GAME``, a ``games.core.catalog.GameInfo``; its helpers (board context, move log,
API schema) may live next to it. See docs/site-games.md.
"""
