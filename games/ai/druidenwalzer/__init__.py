"""The Druidenwalzer bots: dealing unseen cards (``determinize``), the static
evaluation (``evaluate``), the ``heuristic`` level and the ``strong`` level
(``search``, ISMCTS). See docs/ai.md."""
