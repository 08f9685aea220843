"""Enumerating matchings in a fixed order, and one augmenting path: generic graph algorithms.

* :func:`perfect_matchings` yields every perfect matching of a list of vertices that a
  compatibility predicate allows, in lexicographic order of the partners chosen (the first
  vertex's partner varies slowest, each in list order): the order in which a rule text that
  pairs "the first with the first compatible" generates its candidates.
* :func:`pairings_by_identifier` yields them in lexicographic order of their identifier (the
  top members ascending, then their partners): the order in which a rule text that orders
  pairings "lexicographically by identifier" (FIDE C.04.5 and C.04.6, Art. 3.6) generates them.
* :func:`augment` finds one augmenting path from an unmatched vertex on adjacency lists
  (Edmonds' blossoms): vertices matched stay matched, so augmenting from vertices in a chosen
  order gives a maximum matching that covers the earliest vertices it can (the matching
  matroid's greedy basis).
"""

from __future__ import annotations

from typing import Callable, Iterator

__all__ = ["perfect_matchings", "augment", "pairings_by_identifier"]


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


def _bipartite_complete(left: list[int], right: list[int], ok: Callable[[int, int], bool]) -> bool:
    """Whether every vertex of ``left`` can be matched to its own vertex of ``right`` (as many) by
    ``ok(l, r)`` (augmenting paths, Kuhn's algorithm)."""
    owner: dict[int, int] = {}

    def reach(u: int, seen: set[int]) -> bool:
        for v in right:
            if v not in seen and ok(u, v):
                seen.add(v)
                if v not in owner or reach(owner[v], seen):
                    owner[v] = u
                    return True
        return False

    return all(reach(u, set()) for u in left)


def pairings_by_identifier(items: list[int], ok: Callable[[int, int], bool]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``items`` (distinct numbers, an even count) whose pairs ``ok``
    allows, in lexicographic order of its *identifier*: the smaller member of each pair (its top
    member) in ascending order, then the partners in the same order (pairs 20-7, 3-15, 11-4, 9-30
    -> 3 4 7 9 15 11 20 30).  Pairs are yielded as (top, bottom) in that order.

    The identifier starts with the set of top members, so the sets are tried in lexicographic
    order (the smallest item is always a top member; going up the sorted items, the tops must
    never be fewer than the bottoms, or some bottom has no smaller partner), and for each set the
    partners, each top taking the smallest bottom still free that leaves the rest pairable."""
    order = sorted(items)
    n = len(order)
    if n % 2:
        raise ValueError("a perfect matching needs an even number of items")
    k = n // 2

    def allowed(t: int, b: int) -> bool:
        return t < b and ok(t, b)

    def partners(tops: list[int], free: list[int], i: int) -> Iterator[list[tuple[int, int]]]:
        if i == len(tops):
            yield []
            return
        t = tops[i]
        for b in free:
            if allowed(t, b):
                rest = [x for x in free if x != b]
                if _bipartite_complete(tops[i + 1:], rest, allowed):
                    for tail in partners(tops, rest, i + 1):
                        yield [(t, b)] + tail

    def top_sets(chosen: list[int], pos: int) -> Iterator[list[int]]:
        if len(chosen) == k:
            yield chosen
            return
        for j in range(pos, n):
            # the items before j not chosen are bottoms: up to there the tops must not be fewer
            # (and skipping further only adds bottoms)
            if len(chosen) < j - len(chosen):
                break
            if n - j < k - len(chosen):
                break
            yield from top_sets(chosen + [order[j]], j + 1)

    for tops in top_sets([], 0):
        bottoms = [x for x in order if x not in set(tops)]
        if _bipartite_complete(tops, bottoms, allowed):
            yield from partners(tops, bottoms, 0)
