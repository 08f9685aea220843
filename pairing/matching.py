"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n^3)).

The Dutch engine needs exact optima of integer weights of several hundred bits, solved many
times per round.  networkx's implementation handles big integers but reaches every weight through
dictionaries; this one works on a dense weight matrix (lists of Python ints), which is several
times faster for the complete graphs a Swiss round produces.

The algorithm is the classical one (Edmonds 1965; Gabow 1976; Galil, "Efficient algorithms for
finding maximum matching in graphs", 1986): grow alternating trees from the free vertices,
shrink odd cycles into blossoms, and adjust the dual variables (vertex duals doubled, so that
every quantity stays an integer) until an augmenting path appears or no free vertex has a
positive dual.  Weights are non-negative integers; 0 means "no edge".
"""

from __future__ import annotations

from typing import Iterator, Optional

Edge = tuple[int, int]


def max_weight_matching(weight: list[list[int]]) -> list[int]:
    """``mate[v]`` (or -1) of a maximum-weight matching; ``weight`` is symmetric, 0 = no edge."""
    n = len(weight)
    nbrs = [[j for j, x in enumerate(row) if x > 0 and j != i] for i, row in enumerate(weight)]
    maxw = max((max(row) for row in weight), default=0)
    mate = [-1] * n
    if n < 2 or maxw <= 0:
        return mate
    w = weight
    nb = 2 * n
    label = [0] * nb  # 0 free, 1 S (outer), 2 T (inner); 5 = S being scanned by scan_blossom
    labeledge: list[Optional[Edge]] = [None] * nb  # (vertex outside, vertex inside) that labelled it
    inblossom = list(range(n))
    parent = [-1] * nb
    childs: list[Optional[list[int]]] = [None] * nb
    base = list(range(n)) + [-1] * n
    bedges: list[Optional[list[Edge]]] = [None] * nb  # bedges[b][i] = (x in child i, y in child i+1)
    bestedge: list[Optional[Edge]] = [None] * nb
    bestlist: list[Optional[list[Edge]]] = [None] * nb
    unused = list(range(n, nb))
    dual = [maxw] * n + [0] * n
    allowed = [bytearray(n) for _ in range(n)]
    queue: list[int] = []

    def slack(e: Edge) -> int:
        return dual[e[0]] + dual[e[1]] - 2 * w[e[0]][e[1]]

    def leaves(b: int) -> Iterator[int]:
        if b < n:
            yield b
        else:
            for c in childs[b]:  # type: ignore[union-attr]
                if c < n:
                    yield c
                else:
                    yield from leaves(c)

    def assign_label(x: int, t: int, outside: int) -> None:
        b = inblossom[x]
        label[x] = label[b] = t
        labeledge[x] = labeledge[b] = (outside, x) if outside >= 0 else None
        bestedge[x] = bestedge[b] = None
        if t == 1:
            queue.extend(leaves(b))
        else:
            bb = base[b]
            assign_label(mate[bb], 1, bb)

    def scan_blossom(v: int, u: int) -> int:
        """Trace back from both ends of an S-S edge: the base of the first common blossom, or -1
        when the paths reach two different roots (an augmenting path)."""
        path = []
        found = -1
        while v != -1:
            b = inblossom[v]
            if label[b] & 4:
                found = base[b]
                break
            path.append(b)
            label[b] = 5
            if labeledge[b] is None:
                v = -1
            else:
                t = labeledge[b][0]  # type: ignore[index]
                v = labeledge[inblossom[t]][0]  # type: ignore[index]
            if u != -1:
                v, u = u, v
        for b in path:
            label[b] = 1
        return found

    def add_blossom(bvertex: int, v: int, u: int) -> None:
        bb = inblossom[bvertex]
        bv, bu = inblossom[v], inblossom[u]
        b = unused.pop()
        base[b] = bvertex
        parent[b] = -1
        parent[bb] = b
        path: list[int] = []
        edgs: list[Edge] = []
        while bv != bb:
            parent[bv] = b
            path.append(bv)
            edgs.append(labeledge[bv])  # type: ignore[arg-type]  # (outside, inside): outside in the next child
            bv = inblossom[labeledge[bv][0]]  # type: ignore[index]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        edgs.append((v, u))
        while bu != bb:
            parent[bu] = b
            path.append(bu)
            out_, in_ = labeledge[bu]  # type: ignore[misc]
            edgs.append((in_, out_))
            bu = inblossom[out_]
        childs[b] = path
        bedges[b] = edgs
        label[b] = 1
        labeledge[b] = labeledge[bb]
        dual[b] = 0
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        best: dict[int, Edge] = {}
        for c in path:
            if bestlist[c] is None:
                cand = [(x, y) for x in leaves(c) for y in nbrs[x]]
            else:
                cand = bestlist[c]  # type: ignore[assignment]
            for x, y in cand:
                if inblossom[y] == b:
                    x, y = y, x
                by = inblossom[y]
                if by != b and label[by] == 1 and (by not in best or slack((x, y)) < slack(best[by])):
                    best[by] = (x, y)
            bestlist[c] = None
            bestedge[c] = None
        found = list(best.values())
        bestlist[b] = found
        bestedge[b] = min(found, key=slack) if found else None

    def expand_blossom(b: int, endstage: bool) -> None:
        for c in childs[b]:  # type: ignore[union-attr]
            parent[c] = -1
            if c < n:
                inblossom[c] = c
            elif endstage and dual[c] == 0:
                expand_blossom(c, endstage)
            else:
                for x in leaves(c):
                    inblossom[x] = c
        if not endstage and label[b] == 2:
            ch, ed = childs[b], bedges[b]
            assert ch is not None and ed is not None
            out_, in_ = labeledge[b]  # type: ignore[misc]
            entry = inblossom[in_]
            j = ch.index(entry)
            if j & 1:
                j -= len(ch)
                step = 1
            else:
                step = -1

            def leaving(k: int) -> Edge:
                if step == 1:
                    return ed[k]
                y, x = ed[k - 1]
                return x, y

            while j != 0:
                label[in_] = 0
                a, c2 = leaving(j)
                label[c2] = 0
                assign_label(in_, 2, out_)
                allowed[a][c2] = allowed[c2][a] = 1
                j += step
                out_, in_ = leaving(j)
                allowed[out_][in_] = allowed[in_][out_] = 1
                j += step
            bv = ch[j]
            label[in_] = label[bv] = 2
            labeledge[in_] = labeledge[bv] = (out_, in_)
            bestedge[bv] = None
            j += step
            while ch[j] != entry:
                bv = ch[j]
                if label[bv] == 1:
                    j += step
                    continue
                hit = -1
                for x in leaves(bv):
                    if label[x] != 0:
                        hit = x
                        break
                if hit >= 0:
                    label[hit] = 0
                    label[mate[base[bv]]] = 0
                    assign_label(hit, 2, labeledge[hit][0])  # type: ignore[index]
                j += step
        label[b] = 0
        labeledge[b] = None
        childs[b] = bedges[b] = None
        base[b] = -1
        bestlist[b] = None
        bestedge[b] = None
        unused.append(b)

    def augment_blossom(b: int, v: int) -> None:
        """Swap matched and unmatched edges inside ``b`` so that ``v`` becomes its base."""
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            augment_blossom(t, v)
        ch, ed = childs[b], bedges[b]
        assert ch is not None and ed is not None
        i = j = ch.index(t)
        if i & 1:
            j -= len(ch)
            step = 1
        else:
            step = -1
        while j != 0:
            j += step
            t = ch[j]
            if step == 1:
                a, c = ed[j]
            else:
                c, a = ed[j - 1]
            if t >= n:
                augment_blossom(t, a)
            j += step
            t = ch[j]
            if t >= n:
                augment_blossom(t, c)
            mate[a] = c
            mate[c] = a
        childs[b] = ch[i:] + ch[:i]
        bedges[b] = ed[i:] + ed[:i]
        base[b] = base[ch[i]]

    def augment_matching(v: int, u: int) -> None:
        for s, partner in ((v, u), (u, v)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = partner
                if labeledge[bs] is None:
                    break
                t = labeledge[bs][0]  # type: ignore[index]
                bt = inblossom[t]
                s2, j = labeledge[bt]  # type: ignore[misc]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = s2
                s, partner = s2, j

    for _stage in range(n):
        for b in range(nb):
            label[b] = 0
            bestedge[b] = None
        for b in range(n, nb):
            bestlist[b] = None
        for row in allowed:
            row[:] = bytes(n)
        queue.clear()
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bvv = inblossom[v]
                av = allowed[v]
                wv = w[v]
                dv = dual[v]
                for u in nbrs[v]:
                    bu = inblossom[u]
                    if bvv == bu:
                        continue
                    kslack = 0
                    if not av[u]:
                        kslack = dv + dual[u] - 2 * wv[u]
                        if kslack <= 0:
                            av[u] = allowed[u][v] = 1
                    if av[u]:
                        if label[bu] == 0:
                            assign_label(u, 2, v)
                        elif label[bu] == 1:
                            found = scan_blossom(v, u)
                            if found >= 0:
                                add_blossom(found, v, u)
                                bvv = inblossom[v]
                            else:
                                augment_matching(v, u)
                                augmented = True
                                break
                        elif label[u] == 0:
                            label[u] = 2
                            labeledge[u] = (v, u)
                    elif label[bu] == 1:
                        be = bestedge[bvv]
                        if be is None or kslack < dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]:
                            bestedge[bvv] = (v, u)
                    elif label[u] == 0:
                        be = bestedge[u]
                        if be is None or kslack < dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]:
                            bestedge[u] = (v, u)
            if augmented:
                break
            deltatype = 1
            delta = min(dual[:n])
            deltaedge: Optional[Edge] = None
            deltablossom = -1
            for v in range(n):
                be = bestedge[v]
                if be is not None and label[inblossom[v]] == 0:
                    x, y = be
                    d = dual[x] + dual[y] - 2 * w[x][y]
                    if d < delta:
                        delta, deltatype, deltaedge = d, 2, be
            for b in range(nb):
                be = bestedge[b]
                if be is not None and parent[b] == -1 and label[b] == 1 and (b < n or base[b] >= 0):
                    x, y = be
                    d = (dual[x] + dual[y] - 2 * w[x][y]) // 2
                    if d < delta:
                        delta, deltatype, deltaedge = d, 3, be
            for b in range(n, nb):
                if base[b] >= 0 and parent[b] == -1 and label[b] == 2 and dual[b] < delta:
                    delta, deltatype, deltablossom = dual[b], 4, b
            for v in range(n):
                lb = label[inblossom[v]]
                if lb == 1:
                    dual[v] -= delta
                elif lb == 2:
                    dual[v] += delta
            for b in range(n, nb):
                if base[b] >= 0 and parent[b] == -1:
                    if label[b] == 1:
                        dual[b] += delta
                    elif label[b] == 2:
                        dual[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                x, y = deltaedge  # type: ignore[misc]
                allowed[x][y] = allowed[y][x] = 1
                if label[inblossom[x]] == 0:
                    x, y = y, x
                queue.append(x)
            elif deltatype == 3:
                x, y = deltaedge  # type: ignore[misc]
                allowed[x][y] = allowed[y][x] = 1
                queue.append(x)
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(n, nb):
            if parent[b] == -1 and base[b] >= 0 and label[b] == 1 and dual[b] == 0:
                expand_blossom(b, True)
    return mate
