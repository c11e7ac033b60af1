"""The Caesar & Cleopatra bots: dealing unseen cards (``determinize``), the
static evaluation (``evaluate``), the ``heuristic`` level and the ``strong``
level (``search``). See docs/ai.md."""
