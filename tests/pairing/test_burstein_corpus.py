"""The Burstein system's seeding rounds (C.04.4.2 Art. 1.6: paired by the Dutch system) re-paired
identically: every seeding round of ``../shared/corpus/burstein/`` (skipped, with the reason, when
the shared data is absent) and the sample in ``fixtures/burstein/`` (always).  Each case is the
corpus's cut ``rRR.trf`` paired through the door as ``arbiter pair FILE --system burstein`` does,
compared line by line with ``rRR.expected`` (boards in order, the PAB as ``id 0``).

The rounds after the seeding rounds are a weak oracle (py4swiss, whose C6 weights and PAB
tie-break run against Art. 2.3.2 and 3.1.4: docs/burstein.md); they are not compared here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import systems
import trf
from tests.support import CORPUS, FIXTURES

SAMPLE = FIXTURES / "burstein"
SHARED = CORPUS / "burstein"


def _seeding(root: Path) -> list[Path]:
    lines = (root / "AGREED_BY.txt").read_text(encoding="utf-8").splitlines()
    return [root / (parts[0] + ".trf") for parts in (ln.split() for ln in lines) if len(parts) > 1
            and parts[1] == "seeding" and (root / (parts[0] + ".trf")).is_file()]


def _params() -> list:
    out = [pytest.param(p, id=f"fixtures/{p.parent.name}/{p.stem}", marks=pytest.mark.fast) for p in _seeding(SAMPLE)]
    if SHARED.is_dir():
        out += [pytest.param(p, id=f"{p.parent.name}/{p.stem}", marks=pytest.mark.corpus) for p in _seeding(SHARED)]
    else:
        out.append(pytest.param(None, id="shared-corpus", marks=pytest.mark.skip(
            reason=f"../shared/corpus not present: {SHARED} does not exist (only the sample in fixtures/ is "
                   "re-paired)")))
    return out


@pytest.mark.parametrize("path", _params())
def test_a_seeding_round_is_repaired_identically(path: Path) -> None:
    t = trf.parse_file(path).tournament
    sel = systems.select(t, system="burstein")
    rnd = int(path.stem[1:])
    got = sel.system.pair(t, rnd, sel)
    want = [ln.strip() for ln in path.with_suffix(".expected").read_text().splitlines() if ln.strip()]
    assert got.bbp_lines()[1:] == want
