"""Enumerating matchings in a fixed order, and one augmenting path: generic graph algorithms.

* :func:`perfect_matchings` yields every perfect matching of a list of vertices that a
  compatibility predicate allows, in lexicographic order of the partners chosen (the first
  vertex's partner varies slowest, each in list order): the order in which a rule text that
  pairs "the first with the first compatible" generates its candidates.
* :func:`augment` finds one augmenting path from an unmatched vertex on adjacency lists
  (Edmonds' blossoms): vertices matched stay matched, so augmenting from vertices in a chosen
  order gives a maximum matching that covers the earliest vertices it can (the matching
  matroid's greedy basis).
"""

from __future__ import annotations

from typing import Callable, Iterator

__all__ = ["perfect_matchings", "augment"]


def perfect_matchings(players: list[int], ok: Callable[[int, int], bool]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``players`` by ``ok``, the first player's partner varying slowest."""
    if not players:
        yield []
        return
    u = players[0]
    for i in range(1, len(players)):
        v = players[i]
        if ok(u, v):
            for tail in perfect_matchings(players[1:i] + players[i + 1:], ok):
                yield [(u, v)] + tail


def augment(adj: list[list[int]], match: list[int], root: int) -> bool:
    """One augmenting path from the unmatched vertex ``root`` (Edmonds' blossoms), applied to
    ``match``; whether one was found.  Vertices matched stay matched."""
    n = len(adj)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    u = to
                    while u != -1:
                        pv = parent[u]
                        nxt = match[pv]
                        match[u], match[pv] = pv, u
                        u = nxt
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False
