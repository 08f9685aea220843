"""The order in which Art. 3-4 generate a bracket's candidates, as a sortable key.

When two candidates of a bracket tie on every criterion, the one generated first is the pairing
(Art. 3.8).  Rather than replay the generation, the key of a candidate is read off its pairs:

* homogeneous bracket or remainder (Art. 3.6): the resident exchange (Art. 4.3) that puts one
  player of each pair into S1 and every downfloater into S2, then the transposition of S2
  (Art. 4.2): the S2 partners of S1 in order.  The earliest exchange that can produce the pairs
  is unique: each pair of two original S1 players sends its higher BSN to S2, each pair of two
  original S2 players brings its lower BSN to S1, and S1 downfloaters go to S2; that choice is
  smallest on all four keys of Art. 4.3 at once.
* heterogeneous bracket (Art. 3.7): the set of paired MDPs (Art. 4.4, by smallest differing
  BSN), then the transposition of S2 against them, then the remainder as above with fresh BSNs.

:mod:`checker.dutch.order_patch` patches a key for a few replaced pairs instead of rebuilding it
(the local search's hot path); the tests prove the patched key equal to this one.
"""

from __future__ import annotations

from typing import Any

from checker.dutch.criteria import Bracket


def homogeneous_key(order: list[int] | tuple[int, ...], pairs: set[tuple[int, int]] | frozenset[tuple[int, int]],
                    bsn: dict[int, int] | None = None) -> tuple[Any, ...]:
    """``order``: the players in rank order (BSN = position + 1); ``pairs`` among them."""
    if bsn is None:
        bsn = {pid: i + 1 for i, pid in enumerate(order)}
    n1 = len(pairs)
    partner: dict[int, int] = {}
    moved_out: list[int] = []  # S1 -> S2
    moved_in: list[int] = []  # S2 -> S1
    for u, v in pairs:
        a, b = sorted((bsn[u], bsn[v]))
        partner[a], partner[b] = b, a
        if b <= n1:
            moved_out.append(b)
        elif a > n1:
            moved_in.append(a)
    moved_out += [x for x in range(1, n1 + 1) if x not in partner]
    out_set = set(moved_out)
    s1 = [x for x in range(1, n1 + 1) if x not in out_set] + sorted(moved_in)
    exchange = (len(moved_out), sum(moved_in) - sum(moved_out),
                tuple(-x for x in sorted(moved_out, reverse=True)), tuple(sorted(moved_in)))
    return (exchange, tuple(partner[x] for x in s1))


def generation_key(b: Bracket, rank: dict[int, int], bsn: dict[int, int] | None = None) -> tuple[Any, ...]:
    """``bsn``: the bracket's BSNs when already known (they depend only on its members)."""
    order = b.members  # MDPs first, each part already in rank order
    if bsn is None:
        bsn = {pid: i + 1 for i, pid in enumerate(order)}
    if not b.mdps:
        return ((), (), homogeneous_key(order, b.pairs, bsn))
    mdp_set = set(b.mdps)
    mdp_pairs = sorted(((u, v) for u, v in b.pairs if u in mdp_set), key=lambda uv: bsn[uv[0]])
    s1 = tuple(bsn[u] for u, _ in mdp_pairs)
    transposition = tuple(bsn[v] for _, v in mdp_pairs)
    in_mdp_pairs = {v for _, v in mdp_pairs}
    remainder = [r for r in b.residents if r not in in_mdp_pairs]
    rem_pairs = {(u, v) for u, v in b.pairs if u not in mdp_set}
    return (s1, transposition, homogeneous_key(remainder, rem_pairs))
