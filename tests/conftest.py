"""pytest fixtures and parametrisation over the corpus (helpers: :mod:`support`).

The project's data corpus lives next to the repository, in ``../shared/corpus`` (about 2,000
TRF files: the generated Dutch 2026 corpus and a few real-world files).  A fresh clone does not
have it, and the suite must still pass there, so:

* :func:`shared_corpus` (and the ``corpus_dir`` fixture) return the corpus folder, or skip the
  test with a clear reason when it is absent;
* the parametrised fixtures ``trf_file``, ``dutch_file``, ``round_case`` and
  ``conversion_case`` always run over the small sample in ``fixtures/`` (marked ``fast``) and,
  when ``../shared/corpus`` exists, over every file of it as well (marked ``corpus``).  Test ids
  are the files' relative paths (``real/javafo_sample2.trf``,
  ``fixtures/dutch-2026/rounds/dev-0003-n19-r9-r2.trf``), so one failing file is easy to rerun.

Files of ``../shared/corpus/real`` are read in place; they are never copied into the repository.
Parsing the whole corpus takes ~20 s, so results are cached for the session (``parse_cached``):
every corpus test reuses the same :class:`trf.ParseResult` (all model objects are frozen).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TrfFile, all_trf_files, conversion_cases, corpus_files, parse_path, shared_corpus


@pytest.fixture
def corpus_dir() -> Path:
    """``../shared/corpus``, or a skip with a clear reason."""
    return shared_corpus()


@pytest.fixture(scope="session")
def corpus_trf_files() -> tuple[TrfFile, ...]:
    """The corpus files the parametrised tests run over (skips when ../shared is absent)."""
    shared_corpus()
    return corpus_files()


def _param(obj, shared: bool):
    return pytest.param(obj, id=obj.id, marks=pytest.mark.corpus if shared else pytest.mark.fast)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise the file fixtures: fixtures/ always, ../shared/corpus when present."""
    names = metafunc.fixturenames
    if "trf_file" in names:
        metafunc.parametrize("trf_file", [_param(f, f.shared) for f in all_trf_files()])
    if "dutch_file" in names:
        metafunc.parametrize("dutch_file", [_param(f, f.shared) for f in all_trf_files() if f.dutch])
    if "round_case" in names:
        metafunc.parametrize("round_case", [_param(f, f.shared) for f in all_trf_files() if f.dutch and f.kind == "rounds"])
    if "pairing_case" in names:
        # every dutch-2026 input that has the engine's answer beside it (rounds/ and features/)
        cases = [f for f in all_trf_files() if f.dutch and f.path.with_suffix(".pairs").is_file()]
        metafunc.parametrize("pairing_case", [_param(f, f.shared) for f in cases])
    if "endorsed_case" in names:
        # as pairing_case, without the shared rounds/ cases: each is a round of a corpus
        # tournament, which the checker's tournament tests check in place
        cases = [f for f in all_trf_files() if f.dutch and f.path.with_suffix(".pairs").is_file()
                 and not (f.shared and f.kind == "rounds")]
        metafunc.parametrize("endorsed_case", [_param(f, f.shared) for f in cases])
    if "conversion_case" in names:
        metafunc.parametrize("conversion_case", [_param(c, c.shared) for c in conversion_cases()])


@pytest.fixture(scope="session")
def parse_cached():
    """The session's cached ``trf.parse_file`` (a :class:`trf.ParseResult` per path)."""
    return parse_path
