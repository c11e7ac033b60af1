"""The Swiss fallback: a maximum-weight perfect matching over every allowed pair.

Used when the greedy search of ``swiss.py`` fails within its budget. networkx's
``max_weight_matching`` (Edmonds' blossom algorithm, pure Python) with
``maxcardinality=True`` finds a perfect matching whenever one exists, so a round this
cannot pair cannot be paired at all. Among perfect matchings it takes the one with the
smallest sum of squared score differences, then the fewest lost seat preferences; the bye
(an extra node) goes to the lowest score that allows a perfect matching, lowest ranked
first.
"""

from __future__ import annotations

from .base import PairingError
from .swiss_players import SwissPlayer, compatible, conflict

BYE = "bye"
SCORE_WEIGHT = 1000


def match_round(
    players: list[SwissPlayer], round_number: int
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs of indices into ``players`` and the index given the bye (None if even)."""
    import networkx as nx

    count = len(players)
    lowest = min(p.halves for p in players)
    spread = max(p.halves for p in players) - lowest + 1
    base = SCORE_WEIGHT * (spread * spread + 2) + 100
    # Every perfect matching has the same number of edges, so a bye one half point lower
    # must outweigh any sum of pair penalties: the lowest possible score gets the bye.
    bye_weight = base * (count + 1)
    base += bye_weight * spread
    graph: nx.Graph[int | str] = nx.Graph()
    graph.add_nodes_from(range(count))
    for i in range(count):
        for j in range(i + 1, count):
            a, b = players[i], players[j]
            if compatible(a, b):
                gap = a.halves - b.halves
                graph.add_edge(i, j, weight=base - SCORE_WEIGHT * gap * gap - 10 * conflict(a, b))
    needs_bye = count % 2 == 1
    if needs_bye:
        for i, player in enumerate(players):
            if not player.had_bye:
                above = player.halves - lowest
                rank_share = 9 * (count - 1 - i) // max(count - 1, 1)
                weight = base - bye_weight * above - rank_share
                graph.add_edge(i, BYE, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < count + (1 if needs_bye else 0):
        lonely = [players[i].id for i in range(count) if graph.degree(i) == 0]
        detail = f" ({', '.join(map(repr, lonely))} can meet nobody)" if lonely else ""
        raise PairingError(
            f"round {round_number} cannot be paired{detail}: every way to pair these "
            f"{count} players repeats a game, gives someone a second bye or takes a seat "
            "difference past two"
        )
    pairs = []
    bye = None
    for u, v in matching:
        if u == BYE or v == BYE:
            bye = v if u == BYE else u
        else:
            pairs.append((min(u, v), max(u, v)))
    return pairs, bye
