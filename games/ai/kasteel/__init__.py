"""Computer players for Strijd om het Kasteel (``heuristic``); ``random`` is generic.

See docs/ai.md. Plain Python, no Django: the bots read their seat's view
and the legal moves, and look ahead with the engine's fast path.
"""
