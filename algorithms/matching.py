"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n^3)).

The Dutch engine needs exact optima of integer weights of several hundred to a few thousand
bits, solved many times per round.  networkx's implementation handles big integers but reaches
every weight through dictionaries; this one works on a dense weight matrix (lists of Python ints).

The algorithm is the classical one (Edmonds 1965; Gabow 1976; Galil, "Efficient algorithms for
finding maximum matching in graphs", 1986): grow alternating trees from the free vertices,
shrink odd cycles into blossoms, and adjust the dual variables (vertex duals doubled, so that
every quantity stays an integer) until an augmenting path appears or no free vertex has a
positive dual.  Weights are non-negative integers; 0 means "no edge".

Which optimum is returned when several exist matters to the engine (its pairings follow it), so
the order of every step is fixed: vertices are scanned last-labelled first, edges in vertex
order, and each dual adjustment takes the first least-slack edge or blossom in index order.

With weights this wide, one big-integer operation costs more than the bookkeeping around it, so
the implementation is arranged to do about one per edge scanned, on numbers as short as can be
(Galil's bookkeeping, kept in time-invariant form):

* Numbers are kept relative to the largest weight ``W``: a weight ``w`` as ``2(W - w)``, a vertex
  dual as ``dual - W``.  Slacks and dual adjustments are differences, so when the weights share
  their leading fields (as the engine's lexicographic weights mostly do) every number is only as
  long as the fields in which the weights differ.
* ``T`` is the sum of the dual adjustments made in the current stage.  The dual of an S-vertex
  decreases by each adjustment, so ``dual[x] + T`` does not change while it is an S-vertex
  (``sdual[x]``, kept as ``dual[x] + T - W``; a T-vertex's as ``dual - T - W``, a free one's as
  ``dual - W``: an adjustment changes no vertex dual).  The least-slack edge from an S-vertex to a
  non-S vertex ``u`` is kept as ``fkey[u] = dual[x] + T - 2w(x, u) + W``, whose slack is
  ``fkey[u] - T + dual[u] - W``; for a free vertex (dual fixed) ``qkey[u]`` = slack + T is fixed
  too, so the least such slack is ``min(qkey) - T``.
* The slack of an edge between two S-blossoms decreases by twice each adjustment, so the
  least-slack edge of an S-blossom is kept as ``sskey[b] = slack + 2T``.
* An edge of slack at most 0 between two top-level blossoms is "tight" (usable).  Such an edge
  incident to an S-vertex stays tight for the rest of the stage (its slack never increases),
  which is why tightness is read from the slack itself, never remembered per edge.  For the
  same reason a vertex scanned again in a stage (after a dual adjustment made one of its edges
  tight) need only look at the neighbours whose label changed since and at the free ones with a
  tight least-slack edge: every other edge would compare as it did.
"""

from __future__ import annotations

from bisect import bisect_right
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:
    from typing import Optional

Edge = tuple[int, int]

OWN_ROWS_BYTES = 1 << 29  # the memory the weights' own rows may take (see max_weight_matching)


class Squeeze:
    """The bit ranges no weight uses, squeezed out of each weight: for which every step of
    :func:`max_weight_matching` on ``size`` vertices or fewer (and so the matching it returns)
    is the same.

    The engine's weights are bit fields with room reserved for digits a given solve often does
    not write (thousands of zero bits between the criteria and the few low digits in use), and
    big-integer operations cost by length (and a dense matrix of them, memory).  A range of bits
    ``[a, b)`` that is zero in every weight (``used``: the OR of the weights, or any number with
    more bits set) is cut down to ``keep`` zero bits (the bits of ``size``, plus 8): a weight
    ``hi * 2**b + lo`` (``lo < 2**a``) becomes ``hi * 2**(a + keep) + lo``.  Every number the
    algorithm forms is an integer combination of the weights ``H * 2**b + L`` whose low part
    ``L`` sums fewer than ``2**(keep - 1)`` weights' low parts, so it stays below
    ``2**(a + keep)`` and the sign of every comparison (and every tie) is that of ``(H, L)``
    compared in order, before and after.  A zero range at the bottom is divided out (a common
    factor ``2**b``).  Ranges shorter than ``keep + 64`` bits are left as they are."""

    def __init__(self, used: int, size: int) -> None:
        self.keep = max(1, size).bit_length() + 8
        self.runs: list[tuple[int, int]] = []  # zero ranges [a, b) to cut, highest first
        if used <= 0:
            return
        top = used.bit_length()
        text = format(used, "b")[::-1]  # text[i]: bit i
        i = 0
        while 0 <= i < top:
            j = text.find("1", i)
            if j > i and (i == 0 or j - i > self.keep + 64):
                self.runs.append((i, j))
            i = text.find("0", j)
        self.runs.reverse()

    def __bool__(self) -> bool:
        return bool(self.runs)

    def __call__(self, x: int) -> int:
        keep = self.keep
        for a, b in self.runs:
            x = x >> b if a == 0 else (x >> b << (a + keep)) | (x & ((1 << a) - 1))
        return x

    def matrix(self, weight: list[list[int]]) -> list[list[int]]:
        if not self.runs:
            return weight
        return [[self(x) for x in row] for row in weight]


def narrowed(weight: list[list[int]]) -> list[list[int]]:
    """``weight`` with the bit ranges no weight uses squeezed out (:class:`Squeeze`): the
    matching found on it is the one found on ``weight``, vertex for vertex; ``weight`` itself
    when there is nothing worth squeezing."""
    used = 0
    for row in weight:
        for x in row:
            used |= x
    return Squeeze(used, len(weight)).matrix(weight)


def max_weight_matching(weight: list[list[int]]) -> list[int]:
    """``mate[v]`` (or -1) of a maximum-weight matching; ``weight`` is symmetric, 0 = no edge."""
    n = len(weight)
    mate = [-1] * n
    if n < 2:
        return mate
    weight = narrowed(weight)
    maxw = max((max(row) for row in weight), default=0)
    if maxw <= 0:
        return mate
    # Every quantity is kept relative to the largest weight: a weight as its doubled shortfall
    # 2(maxw - w), a vertex dual as dual - maxw.  The dual adjustments are differences of these,
    # so for weights that share their leading fields every number stays as short as the fields
    # in which the weights differ (big-integer operations cost by length).
    # nbrs[v]: v's neighbours in vertex order; gap[v]: 2(maxw - w) of those edges.  Each row has
    # its own objects, allocated together (the scans read them in order, much faster than
    # objects spread over memory), unless that would take more than OWN_ROWS_BYTES; then the
    # two rows of an edge share one.
    nbrs = [[j for j, x in enumerate(row) if x > 0 and j != i] for i, row in enumerate(weight)]
    sample = [(maxw - x).bit_length() for x in weight[0]]
    if sum(len(nb) for nb in nbrs) * (sum(sample) // (8 * len(sample)) + 32) <= OWN_ROWS_BYTES:
        gap = [[(maxw - x) * 2 for x in map(row.__getitem__, nb)] for row, nb in zip(weight, nbrs)]
    else:
        shared: list[dict[int, int]] = [{} for _ in range(n)]
        for i, row in enumerate(weight):
            for j in nbrs[i]:
                if j > i:
                    shared[i][j] = shared[j][i] = (maxw - row[j]) * 2
        gap = [[d[j] for j in nb] for d, nb in zip(shared, nbrs)]
        del shared
    nb = 2 * n
    inf = 1 << (maxw.bit_length() + 64)  # above every key the algorithm forms
    label = [0] * nb  # 0 free, 1 S (outer), 2 T (inner); 5 = S being traced by scan_blossom
    labeledge: list[Optional[Edge]] = [None] * nb  # (vertex outside, vertex inside) that labelled it
    inblossom = list(range(n))
    parent = [-1] * nb
    childs: list[Optional[list[int]]] = [None] * nb
    base = list(range(n)) + [-1] * n
    bedges: list[Optional[list[Edge]]] = [None] * nb  # bedges[b][i] = (x in child i, y in child i+1)
    bestlist: list[Optional[list[Edge]]] = [None] * nb
    unused = list(range(n, nb))
    tops: set[int] = set()  # the top-level non-trivial blossoms
    # vertex duals (doubled), kept so that an adjustment touches none of them: by the label of the
    # vertex's top-level blossom, status[u], as dual + T - W (S), dual - T - W (T), dual - W (free)
    status = [0] * n
    sdual = [inf] * n
    tdual = [inf] * n
    fdual = [0] * n
    zdual = [0] * nb  # blossom duals
    fkey = [inf] * n  # least-slack edge from an S-vertex to (non-S) vertex u: dual[x] + T - 2w + W, ...
    fbest = [-1] * n  # ... and x
    qkey = [inf] * n  # its slack + T while u is in a free top-level blossom
    sskey = [inf] * nb  # least-slack edge from S-blossom b to another S-blossom: slack + 2T, ...
    ssedge: list[Optional[Edge]] = [None] * nb  # ... and the edge (inside b, outside)
    queue: list[int] = []
    stage_delta = [0]  # T: the sum of this stage's dual adjustments
    # lower bounds of min(fdual), min(sdual), min(tdual) (indexed by status) and min(sskey): the
    # least value written since each was last computed (an entry only grows when it is removed,
    # and an S-vertex's never changes in a stage), so that a dual adjustment computes those
    # minima only when they could decide it
    lows = [inf, inf, inf, inf]
    # a vertex scanned again in a stage revisits only the neighbours whose label changed since
    # (changed[u], a count of label changes) and those with a tight least-slack edge, when
    # nothing else can have changed: scanned_at[v] = the count when v's last scan began,
    # scanned_in[v] = v's blossom through that scan (-1 when it changed or never scanned)
    clock = [0]
    changed = [0] * n
    scanned_at = [0] * n
    scanned_in = [-1] * n

    def leaves(b: int) -> list[int]:
        if b < n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            c = stack.pop()
            if c < n:
                out.append(c)
            else:
                stack.extend(reversed(childs[c]))  # type: ignore[arg-type]
        return out

    def set_status(u: int, new: int) -> None:
        old = status[u]
        if old == new:
            return
        t = stage_delta[0]
        if old == 1:
            d = sdual[u] - t
            sdual[u] = inf
        elif old == 2:
            d = tdual[u] + t
            tdual[u] = inf
        else:
            d = fdual[u]
            fdual[u] = inf
        status[u] = new
        changed[u] = clock[0] = clock[0] + 1
        if new == 1:
            d += t
            sdual[u] = d
        elif new == 2:
            d -= t
            tdual[u] = d
        else:
            fdual[u] = d
        if d < lows[new]:
            lows[new] = d

    def assign_label(x: int, t: int, outside: int) -> None:
        b = inblossom[x]
        label[x] = label[b] = t
        labeledge[x] = labeledge[b] = (outside, x) if outside >= 0 else None
        fkey[x] = qkey[x] = inf
        sskey[x] = sskey[b] = inf
        ssedge[x] = ssedge[b] = None
        if b < n:
            set_status(x, t)
            if t == 1:
                queue.append(x)
        else:
            members = leaves(b)
            for y in members:
                qkey[y] = inf
                set_status(y, t)
            if t == 1:
                queue.extend(members)
        if t == 2:
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
            le = labeledge[b]
            if le is None:
                v = -1
            else:
                v = labeledge[inblossom[le[0]]][0]  # type: ignore[index]
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
            le = labeledge[bv]
            assert le is not None
            edgs.append(le)  # (outside, inside): outside in the next child
            bv = inblossom[le[0]]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        edgs.append((v, u))
        while bu != bb:
            parent[bu] = b
            path.append(bu)
            le = labeledge[bu]
            assert le is not None
            out_, in_ = le
            edgs.append((in_, out_))
            bu = inblossom[out_]
        childs[b] = path
        bedges[b] = edgs
        label[b] = 1
        labeledge[b] = labeledge[bb]
        zdual[b] = 0
        for c in path:
            if c >= n:
                tops.discard(c)
        tops.add(b)
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
                set_status(x, 1)
            inblossom[x] = b
        # the least-slack edge to each neighbouring S-blossom (first seen on ties), in the order
        # the neighbours are first met; kept as slack + 2T - (dual[y] + T) while the neighbour is a
        # single vertex y (the same y for every candidate), then as slack + 2T
        best: dict[int, list[int]] = {}  # by -> [key, x, y]
        for c in path:
            cand = bestlist[c]
            if cand is None:
                for x in leaves(c):
                    px = sdual[x]
                    row = gap[x]
                    for j, y in enumerate(nbrs[x]):
                        by = inblossom[y]
                        if by == b or label[by] != 1:
                            continue
                        s = px + row[j]
                        if by >= n:
                            s += sdual[y]
                        cur = best.get(by)
                        if cur is None:
                            best[by] = [s, x, y]
                        elif s < cur[0]:
                            cur[0], cur[1], cur[2] = s, x, y
            else:
                for x, y in cand:
                    if inblossom[y] == b:
                        x, y = y, x
                    by = inblossom[y]
                    if by == b or label[by] != 1:
                        continue
                    s = sdual[x] + (maxw - weight[x][y]) * 2
                    if by >= n:
                        s += sdual[y]
                    cur = best.get(by)
                    if cur is None:
                        best[by] = [s, x, y]
                    elif s < cur[0]:
                        cur[0], cur[1], cur[2] = s, x, y
            bestlist[c] = None
            if c < n:
                fkey[c] = qkey[c] = inf
            sskey[c] = inf
            ssedge[c] = None
        for by, cur in best.items():
            if by < n:
                cur[0] += sdual[by]
        found = list(best.values())
        bestlist[b] = [(x, y) for _, x, y in found]
        if found:
            first = min(found, key=lambda e: e[0])
            sskey[b] = first[0]
            if first[0] < lows[3]:
                lows[3] = first[0]
            ssedge[b] = (first[1], first[2])
        else:
            sskey[b] = inf
            ssedge[b] = None

    def expand_blossom(b: int, endstage: bool) -> None:
        ch = childs[b]
        assert ch is not None
        tops.discard(b)
        for c in ch:
            parent[c] = -1
            if c < n:
                inblossom[c] = c
            elif endstage and zdual[c] == 0:
                expand_blossom(c, endstage)
            else:
                tops.add(c)
                for x in leaves(c):
                    inblossom[x] = c
        if not endstage and label[b] == 2:
            ed = bedges[b]
            assert ed is not None
            le = labeledge[b]
            assert le is not None
            out_, in_ = le
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
                _, c2 = leaving(j)
                label[c2] = 0
                assign_label(in_, 2, out_)
                j += step
                out_, in_ = leaving(j)
                j += step
            bv = ch[j]
            label[in_] = label[bv] = 2
            labeledge[in_] = labeledge[bv] = (out_, in_)
            if bv < n:
                fkey[bv] = qkey[bv] = inf
            sskey[bv] = inf
            ssedge[bv] = None
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
            # the vertices take their child's label; those left free: their least slacks count
            # again (their duals now fixed)
            clock[0] += 1
            for c in ch:
                lc = label[c]
                for x in leaves(c):
                    changed[x] = clock[0]
                    set_status(x, lc)
                    if lc == 0 and fkey[x] != inf:
                        qkey[x] = fkey[x] + fdual[x]
        label[b] = 0
        labeledge[b] = None
        childs[b] = bedges[b] = None
        base[b] = -1
        bestlist[b] = None
        sskey[b] = inf
        ssedge[b] = None
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
                le = labeledge[bs]
                if le is None:
                    break
                bt = inblossom[le[0]]
                s2, j = labeledge[bt]  # type: ignore[misc]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = s2
                s, partner = s2, j

    inb, lab, st, sd, fd, td = inblossom, label, status, sdual, fdual, tdual
    for _stage in range(n):
        label[:] = [0] * nb
        fkey[:] = [inf] * n
        fbest[:] = [-1] * n
        qkey[:] = [inf] * n
        sskey[:] = [inf] * nb
        ssedge[:] = [None] * nb
        bestlist[n:] = [None] * n
        scanned_in[:] = [-1] * n
        queue.clear()
        T = stage_delta[0] = 0
        lows[:] = [min(fdual), inf, inf, inf]
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bvv = inb[v]
                pv = sd[v]  # dual[v] + T - W
                # in terms of k = sdual[u] + 2(W - w(v, u)) = dual[u] + T - 2w(v, u) + W: the S-S
                # edge is tight when k <= ntight, better than the blossom's least one when k < sst
                ntight = T + T - pv
                sst = sskey[bvv] - pv if sskey[bvv] != inf else inf
                ssu = -1
                nbv, twv = nbrs[v], gap[v]
                # scanned before in this stage, in the same blossom, and no edge of the blossom
                # to another S-blossom tight: the neighbours whose label did not change since
                # would find nothing new, unless free with a tight least-slack edge
                partial = scanned_in[v] == bvv and sst > ntight
                since = scanned_at[v]
                scanned_at[v] = clock[0]
                scanned_in[v] = bvv
                start = 0
                while True:
                    if partial:
                        picks = [j for j in range(start, len(nbv))
                                 if changed[nbv[j]] > since or (st[nbv[j]] == 0 and qkey[nbv[j]] <= T)]
                        nbv = [nbv[j] for j in picks]
                        twv = [twv[j] for j in picks]
                    elif start:
                        nbv, twv = nbv[start:], twv[start:]
                    # a partial scan that labelled a vertex picks the neighbours again after it
                    # (those whose label changed); one that made a blossom goes on with them all
                    resume = -1
                    for u, x2 in zip(nbv, twv):
                        lb = st[u]  # the label of u's top-level blossom
                        if lb == 1:
                            k = sd[u] + x2
                            if k <= sst:
                                if inb[u] == bvv:  # (an edge inside v's blossom: tight, often)
                                    continue
                                if k <= ntight:  # tight: a blossom or an augmenting path
                                    if ssu >= 0:
                                        sskey[bvv] = sst = sst + pv
                                        if sst < lows[3]:
                                            lows[3] = sst
                                        ssedge[bvv] = (v, ssu)
                                        ssu = -1
                                    found = scan_blossom(v, u)
                                    if found >= 0:
                                        add_blossom(found, v, u)
                                        bvv = inb[v]
                                        scanned_in[v] = -1
                                        sst = sskey[bvv] - pv if sskey[bvv] != inf else inf
                                        if partial:
                                            partial = False
                                            resume = u
                                            break
                                    else:
                                        augment_matching(v, u)
                                        augmented = True
                                        break
                                elif k < sst:
                                    sst = k
                                    ssu = u
                        elif lb == 0:
                            k = pv + x2
                            fk = fkey[u]
                            if k <= fk:
                                q = k + fd[u]  # slack + T
                                if q <= T:  # tight
                                    assign_label(u, 2, v)
                                    if partial:
                                        resume = u
                                        break
                                elif k < fk and lab[u] == 0:
                                    fkey[u] = k
                                    fbest[u] = v
                                    qkey[u] = q
                        elif lab[u] == 0:  # unlabelled vertex inside a T-blossom
                            k = pv + x2
                            fk = fkey[u]
                            if k <= fk:
                                if k + td[u] <= 0:  # slack <= 0
                                    lab[u] = 2
                                    labeledge[u] = (v, u)
                                    changed[u] = clock[0] = clock[0] + 1
                                elif k < fk:
                                    fkey[u] = k
                                    fbest[u] = v
                    if resume < 0 or augmented:
                        break
                    nbv, twv = nbrs[v], gap[v]
                    start = bisect_right(nbv, resume)
                if ssu >= 0:
                    sskey[bvv] = sst = sst + pv
                    if sst < lows[3]:
                        lows[3] = sst
                    ssedge[bvv] = (v, ssu)
            if augmented:
                break
            # the dual adjustment: the least of the four bounds (the least dual; the least slack
            # of an edge from an S-vertex to a free one; half that between S-blossoms; the least
            # dual of a T-blossom), the first one on ties
            m2 = min(qkey)
            d2 = m2 - T if m2 != inf else inf
            d4, b4 = inf, -1
            for b in sorted(tops):
                if label[b] == 2 and zdual[b] < d4:
                    d4, b4 = zdual[b], b
            d = min(d2, d4)
            d1 = inf
            if min(lows[1] - T, lows[2] + T, lows[0]) + maxw <= d:
                lows[0], lows[1], lows[2] = min(fd), min(sd), min(td)
                d1 = min(lows[1] - T, lows[2] + T, lows[0]) + maxw
                d = min(d, d1)
            m3 = inf
            if lows[3] != inf and (lows[3] - T - T) // 2 <= d:
                m3 = lows[3] = min(sskey)
            deltatype, delta, deltablossom = 1, d1, -1
            if d2 < delta:
                delta, deltatype = d2, 2
            if m3 != inf and (m3 - T - T) // 2 < delta:
                delta, deltatype = (m3 - T - T) // 2, 3
            if d4 < delta:
                delta, deltatype, deltablossom = d4, 4, b4
            for b in tops:
                if label[b] == 1:
                    zdual[b] += delta
                elif label[b] == 2:
                    zdual[b] -= delta
            T = stage_delta[0] = T + delta
            if deltatype == 1:
                break
            if deltatype == 2:
                queue.append(fbest[qkey.index(m2)])
            elif deltatype == 3:
                e = ssedge[sskey.index(m3)]
                assert e is not None
                queue.append(e[0])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for u in range(n):  # every vertex free again: its dual as it is
            if status[u] == 1:
                fdual[u] = sdual[u] - T
            elif status[u] == 2:
                fdual[u] = tdual[u] + T
        status[:] = [0] * n
        sdual[:] = [inf] * n
        tdual[:] = [inf] * n
        for b in range(n, nb):
            if parent[b] == -1 and base[b] >= 0 and label[b] == 1 and zdual[b] == 0:
                expand_blossom(b, True)
    return mate
