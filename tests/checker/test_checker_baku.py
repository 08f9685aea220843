"""The checker on tournaments played with Baku acceleration (C.04.7).

Every round of ../shared/corpus/baku/tournaments/ was paired by bbpPairings v6 (the 2026 Dutch
rules) with virtual points (see the corpus README), so ``check_round`` must accept it when it
reads the same virtual points:

* ``handbook`` files carry them as ``XXA`` records (group A = 2 x ceil(N/4), C.04.7): the
  checker reads them as they are;
* ``auto`` files say ``192 FIDE_DUTCH_BAKU`` and nothing else: the engine's automatic Baku, whose
  group A is ceil(N/2) of all player records; :func:`trf.acceleration.with_baku` with the
  ``engine`` group writes those points as records, as ``arbiter check`` does for such a file
  with ``--baku-group engine``.

Checking every round of the 60 tournaments costs about five minutes of CPU, so the test takes
half of them: the first two of every four files, which keeps both modes (they alternate) and
every size.  Reading the acceleration the same way: the handbook files' own ``XXA`` records are
exactly what ``with_baku`` computes by the rule from the file without them (all 30 files).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.dutch.check import check_round
from systems import select
from tests.support import CORPUS, parse_path, shared_corpus
from trf.acceleration import has_explicit_acceleration, with_baku
from trf.model import AccelerationRange, PlayerAcceleration, Tournament


def _files() -> list[Path]:
    folder = CORPUS / "baku" / "tournaments"
    return sorted(folder.glob("*.trf")) if folder.is_dir() else []


def _sample() -> list[Path]:
    return [f for i, f in enumerate(_files()) if i % 4 in (0, 1)]


def _as_checked(path: Path) -> Tournament:
    t = parse_path(path).tournament
    if "-auto-" in path.name:
        assert not has_explicit_acceleration(t) and "BAKU" in select(t).code
        return with_baku(t, "engine")
    assert has_explicit_acceleration(t)
    return t


def _params(files: list[Path]) -> list:  # type: ignore[type-arg]
    return [pytest.param(p, id=p.name) for p in files] or [pytest.param(None, id="no-corpus")]


@pytest.mark.corpus
@pytest.mark.parametrize("path", _params(_sample()))
def test_checker_accepts_every_round_of_an_accelerated_tournament(path: Path | None) -> None:
    shared_corpus()
    if path is None:
        pytest.skip("../shared/corpus/baku has no tournaments")
    t = _as_checked(path)
    assert any(t.acceleration(p.start_rank, 1) for p in t.players)
    bad = []
    for rnd in range(1, t.rounds_paired + 1):
        rep = check_round(t, rnd, rules="2026")
        if not rep.ok:
            bad.append((rnd, [f"{f.criterion}: {f.message}" for f in rep.findings]))
    assert bad == []


@pytest.mark.corpus
@pytest.mark.parametrize("path", _params([f for f in _files() if "-handbook-" in f.name]))
def test_the_rule_gives_the_handbook_files_virtual_points(path: Path | None) -> None:
    shared_corpus()
    if path is None:
        pytest.skip("../shared/corpus/baku has no tournaments")
    t = parse_path(path).tournament
    bare = t.replace_records(tuple(r for r in t.records if not isinstance(r, (PlayerAcceleration, AccelerationRange))))
    assert not has_explicit_acceleration(bare)
    computed = with_baku(bare, "handbook")
    rounds = t.round_columns
    for p in t.players:
        for rnd in range(1, rounds + 1):
            assert computed.acceleration(p.start_rank, rnd) == t.acceleration(p.start_rank, rnd), (p.start_rank, rnd)
