"""The Dubov system (C.04.4.1, 2026) re-pairs every round of ``../shared/corpus/dubov/``
identically (skipped, with the reason, when the shared data is absent) and the sample in
``fixtures/dubov/`` (always).  Each case is the corpus's cut ``rRR.trf``, which names no system,
paired through the door as ``arbiter pair FILE --system dubov`` pairs it, compared with
``rRR.expected``: the boards (white, black) and the PAB as ``id 0``, as a set (the corpus's
board order is its engines', not C.04.2 Art. 3.6).

The corpus holds only the rounds on which two independent engines (CPPDubovSystem 2.2 and
py4swiss 0.3.1) agree; the checker's reading (:mod:`checker.dubov`) finds every such round of the
shared corpus conforming too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import systems
import trf
from systems.base import PairRequest
from tests.support import CORPUS, FIXTURES

SAMPLE = FIXTURES / "dubov"
SHARED = CORPUS / "dubov"


def _rounds(root: Path) -> list[Path]:
    return sorted(root.glob("*/r*.trf"))


def _absent() -> pytest.param:  # type: ignore[valid-type]
    return pytest.param(None, id="shared-corpus", marks=pytest.mark.skip(
        reason=f"../shared/corpus not present: {SHARED} does not exist (only the sample in fixtures/ is re-paired)"))


def _params() -> list:  # type: ignore[type-arg]
    out = [pytest.param(p, id=f"fixtures/{p.parent.name}/{p.stem}", marks=pytest.mark.fast) for p in _rounds(SAMPLE)]
    if SHARED.is_dir():
        out += [pytest.param(p, id=f"{p.parent.name}/{p.stem}", marks=pytest.mark.corpus) for p in _rounds(SHARED)]
    else:
        out.append(_absent())
    return out


def test_the_sample_is_there() -> None:
    assert len(_rounds(SAMPLE)) == 16


@pytest.mark.parametrize("path", _params())
def test_a_round_is_repaired_identically(path: Path) -> None:
    t = trf.parse_file(path).tournament
    rnd = int(path.stem[1:])
    got = systems.next_round(t, system="dubov", request=PairRequest(round=rnd)).pairing
    assert got.round == rnd
    want = [ln.strip() for ln in path.with_suffix(".expected").read_text().splitlines() if ln.strip()]
    assert sorted(got.bbp_lines()[1:]) == sorted(want)


def _checked() -> list:  # type: ignore[type-arg]
    if not SHARED.is_dir():
        return [_absent()]
    return [pytest.param(d, id=d.name, marks=pytest.mark.corpus) for d in sorted(SHARED.iterdir()) if d.is_dir()]


@pytest.mark.parametrize("folder", _checked())
def test_the_checker_finds_every_agreed_round_conforming(folder: Path) -> None:
    t = trf.parse_file(folder / "full.trf").tournament
    sel = systems.select(t, system="dubov")
    rounds = sorted(int(p.stem[1:]) for p in folder.glob("r*.trf"))
    from systems.base import CheckRequest

    reports = sel.system.check(t, rounds, sel, CheckRequest(engine=False))
    assert [(r.round, [f.message for f in r.findings]) for r in reports if not r.ok] == []
