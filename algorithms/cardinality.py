"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm), on adjacency
bitsets.

The Dutch engine asks yes/no questions of the who-may-meet graph: can these players all be paired
(C4), can this player be the one left over (C5)?  Those need no weights: a maximum matching
answers them, and on the dense graphs of a Swiss round a greedy matching is nearly maximum
already, so only a few short augmenting searches remain.

Vertices are ``0..n-1``; ``adj[v]`` is an int whose bit ``u`` is set when ``u`` and ``v`` are
adjacent; ``mask`` restricts the graph to the vertices whose bits are set.  ``mate[v]`` is the
partner of ``v`` or -1.
"""

from __future__ import annotations

from collections import deque
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:
    from typing import Sequence


_BYTE_BITS = [tuple(k for k in range(8) if b >> k & 1) for b in range(256)]


def bits_of(x: int) -> list[int]:
    """The positions of the set bits of ``x``, lowest first."""
    if x < 1 << 64:
        out = []
        while x:
            low = x & -x
            out.append(low.bit_length() - 1)
            x ^= low
        return out
    table = _BYTE_BITS
    return [8 * k + j for k, byte in enumerate(x.to_bytes((x.bit_length() + 7) // 8, "little")) if byte
            for j in table[byte]]


def greedy_matching(adj: Sequence[int], mask: int, mate: list[int]) -> None:
    """Extend ``mate`` greedily inside ``mask``: each exposed vertex, lowest first, takes its
    lowest exposed neighbour (the augmenting searches repair what greed misses)."""
    free = mask
    for v in bits_of(mask):
        if mate[v] >= 0:
            free &= ~(1 << v)
    for v in bits_of(free):
        if not free >> v & 1:
            continue
        options = adj[v] & free & ~(1 << v)
        if options:
            u = (options & -options).bit_length() - 1
            mate[v], mate[u] = u, v
            free &= ~((1 << v) | (1 << u))


def _search(adj: Sequence[int], mask: int, mate: list[int], root: int) -> tuple[int, list[int], int]:
    """One alternating-tree search from the exposed vertex ``root``.

    Returns (the exposed vertex an augmenting path reaches, or -1; the parent array; the mask of
    even (outer) vertices reached, which is complete when no path was found)."""
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    even = 1 << root
    odd = 0
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        nbrs = adj[v] & mask & ~(1 << v)
        # unvisited neighbours extend the tree; even ones may close a blossom
        fresh = nbrs & ~even & ~odd
        for u in bits_of(fresh):
            if (even | odd) >> u & 1:
                continue
            parent[u] = v
            if mate[u] < 0:
                return u, parent, even
            odd |= 1 << u
            w = mate[u]
            even |= 1 << w
            queue.append(w)
        for u in bits_of(nbrs & even):
            if base[u] == base[v] or mate[v] == u:
                continue
            b = lca(v, u)
            blossom: set[int] = set()
            mark(v, b, u, blossom)
            mark(u, b, v, blossom)
            for x in bits_of(even | odd):
                if base[x] in blossom:
                    base[x] = b
                    if not even >> x & 1:
                        even |= 1 << x
                        odd &= ~(1 << x)
                        queue.append(x)
    return -1, parent, even


def _augment(mate: list[int], parent: list[int], end: int) -> None:
    v = end
    while v >= 0:
        pv = parent[v]
        nxt = mate[pv]
        mate[v], mate[pv] = pv, v
        v = nxt


def maximum_matching(adj: Sequence[int], mask: int, mate: list[int] | None = None, roots: int = -1) -> list[int]:
    """A maximum matching of the graph induced by ``mask`` (starting from ``mate`` if given).

    ``roots``: a mask holding an end of every augmenting path the graph can have (a bipartite
    graph: either side).  The searches from exposed vertices above the highest root are then
    skipped: such a search could only end at an exposed root, which is below it, so was searched
    before and failed, and an exposed vertex searched without success has no augmenting path
    afterwards either (Edmonds; a path is one from either end); a search that fails changes
    nothing, so the matching is the one found without ``roots``, vertex for vertex."""
    n = len(adj)
    mate = list(mate) if mate is not None else [-1] * n
    greedy_matching(adj, mask, mate)
    free = exposed(mask, mate)
    last_root = (roots & mask).bit_length() - 1 if roots >= 0 else n
    for k, v in enumerate(free):
        if v > last_root:
            break
        if mate[v] >= 0:
            continue
        # A path from v ends at another exposed vertex that has not been searched from: one
        # searched without success stays so after any augmentation (Edmonds), so when v is the
        # last exposed vertex still unsearched no path exists and the search (a whole tree, on
        # an odd field with every player but one paired) is skipped.
        if all(mate[u] >= 0 for u in free[k + 1:]):
            break
        end, parent, _ = _search(adj, mask, mate, v)
        if end >= 0:
            _augment(mate, parent, end)
    return mate


def exposed(mask: int, mate: Sequence[int]) -> list[int]:
    """The vertices of ``mask`` that ``mate`` leaves unmatched."""
    return [v for v in bits_of(mask) if mate[v] < 0]


def one_left_over_among(adj: Sequence[int], mask: int, mate: list[int], wanted: int) -> bool:
    """For a maximum matching ``mate`` of ``mask`` leaving exactly one vertex exposed: whether some
    maximum matching leaves exposed a vertex of ``wanted`` (a mask), i.e. whether ``wanted``
    meets :func:`can_be_left_over`.

    Asked first of the highest vertex of ``wanted``, without ``mate``: when the others pair
    completely it is left over by a maximum matching (one pair fewer than the vertices' half),
    and the whole alternating tree of the exposed vertex, which costs most on a dense field where
    greed leaves a low-ranked player who may not be left over, is not grown."""
    (left,) = exposed(mask, mate)
    if wanted >> left & 1:
        return True
    wanted &= mask
    if not wanted:
        return False
    v = wanted.bit_length() - 1
    rest = mask & ~(1 << v)
    if not exposed(rest, maximum_matching(adj, rest)):
        return True
    return bool(can_be_left_over(adj, mask, mate) & wanted)


def can_be_left_over(adj: Sequence[int], mask: int, mate: list[int]) -> int:
    """For a maximum matching with exposed vertices: the mask of vertices that some maximum
    matching leaves exposed (Gallai-Edmonds' D), i.e. the even vertices reachable from an exposed
    one."""
    out = 0
    for v in exposed(mask, mate):
        end, _, even = _search(adj, mask, mate, v)
        assert end < 0, "the matching is not maximum"
        out |= even
    return out
