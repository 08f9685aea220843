"""What the tests share: where ``fixtures/`` and ``../shared`` are, the TRF files the corpus
tests run over, and a per-session cache of parsed files.  Test modules import from here
(``from tests.support import ...``); ``conftest.py`` holds
only pytest's fixtures and parametrisation, built on these.

The project's data corpus lives next to the repository, in ``../shared/corpus``.  A fresh clone
does not have it, and the suite must still pass there: :func:`shared_corpus` returns the corpus
folder or skips the calling test with a clear reason.  Files of ``../shared/corpus/real`` are read
in place; they are never copied into the repository.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import trf

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
FIXTURES = REPO / "fixtures"

#: Extensions of TRF files in the corpus: ``.trf``, JaVaFo's ``.trfx``, bbpPairings' ``.input``.
TRF_SUFFIXES = (".trf", ".trfx", ".input")

SKIP_REASON = (
    f"../shared/corpus not present: {CORPUS} does not exist "
    "(a fresh clone has only the sample in fixtures/; the corpus tests need the shared data)"
)


def shared_present() -> bool:
    return CORPUS.is_dir()


def shared_corpus() -> Path:
    """The corpus folder; skips the calling test when ``../shared/corpus`` is absent."""
    if not shared_present():
        pytest.skip(SKIP_REASON)
    return CORPUS


# --------------------------------------------------------------------------- file lists


@dataclass(frozen=True)
class TrfFile:
    """A TRF file of the corpus or of ``fixtures/``.

    ``id`` is the test id (path relative to ``../shared/corpus``, or ``fixtures/...``);
    ``rel`` is the path relative to the corpus root *or* to ``fixtures/`` (whose
    ``dutch-2026/`` mirrors the corpus layout), so both kinds are classified alike.
    """

    id: str
    path: Path
    rel: str
    shared: bool

    @property
    def dutch(self) -> bool:
        return self.rel.startswith("dutch-2026/")

    @property
    def kind(self) -> str:
        """``tournaments``, ``rounds``, ``features/trf26`` ... for dutch-2026 files, else ``real``."""
        parts = self.rel.split("/")
        if not self.dutch:
            return parts[0]
        return "/".join(parts[1:3]) if parts[1] == "features" else parts[1]

    @property
    def root(self) -> Path:
        """The folder ``rel`` is relative to."""
        return CORPUS if self.shared else FIXTURES


def _trf_files(root: Path, shared: bool) -> list[TrfFile]:
    if not root.is_dir():
        return []
    out = []
    for path in sorted(root.rglob("*")):
        if not shared and path.relative_to(root).parts[0] == "invalid":
            continue  # fixtures/invalid/: files with planted faults (the README's validate example)
        if path.suffix in TRF_SUFFIXES and path.is_file():
            rel = path.relative_to(root).as_posix()
            out.append(TrfFile(rel if shared else f"fixtures/{rel}", path, rel, shared))
    return out


@functools.lru_cache(maxsize=None)
def fixture_files() -> tuple[TrfFile, ...]:
    """Every TRF file under ``fixtures/`` (always present)."""
    return tuple(_trf_files(FIXTURES, shared=False))


@functools.lru_cache(maxsize=None)
def corpus_files() -> tuple[TrfFile, ...]:
    """Every TRF file under ``../shared/corpus`` (empty when it is absent)."""
    return tuple(_trf_files(CORPUS, shared=True))


def all_trf_files() -> tuple[TrfFile, ...]:
    return fixture_files() + corpus_files()


@dataclass(frozen=True)
class ConversionCase:
    """``convert(parse(source), to)`` must write exactly ``target``'s bytes."""

    id: str
    source: Path
    target: Path
    to: str
    shared: bool


def _conversion_cases(root: Path, shared: bool) -> list[ConversionCase]:
    """features/trf26/NAME.trf <-> rounds/NAME.trf; features/{forbidden,accelerated}/NAME-trf16.trf
    <-> NAME-trf26.trf; both directions."""
    base = root / "dutch-2026"
    prefix = "" if shared else "fixtures/"
    out: list[ConversionCase] = []

    def add(a: Path, b: Path, name: str) -> None:
        out.append(ConversionCase(f"{prefix}{name}:to-trf26", a, b, "trf26", shared))
        out.append(ConversionCase(f"{prefix}{name}:to-trf16", b, a, "trf16", shared))

    for f in sorted((base / "features" / "trf26").glob("*.trf")):
        add(base / "rounds" / f.name, f, f"dutch-2026/features/trf26/{f.name}")
    for sub in ("forbidden", "accelerated"):
        for f in sorted((base / "features" / sub).glob("*-trf16.trf")):
            twin = f.with_name(f.name[: -len("-trf16.trf")] + "-trf26.trf")
            add(f, twin, f"dutch-2026/features/{sub}/{twin.name[: -len('-trf26.trf')]}")
    return out


def conversion_cases() -> list[ConversionCase]:
    cases = _conversion_cases(FIXTURES, shared=False)
    if shared_present():
        cases += _conversion_cases(CORPUS, shared=True)
    return cases


@functools.lru_cache(maxsize=None)
def parse_path(path: Path) -> trf.ParseResult:
    """``trf.parse_file``, once per file and session (all model objects are frozen)."""
    return trf.parse_file(path)


# --------------------------------------------------------------------------- through the registry


def check_as_filed(t: Any, rnd: int, *, engine: bool = False, total_rounds: int | None = None,
                   rules: str | None = None) -> Any:
    """Round ``rnd`` of ``t`` checked as ``arbiter check`` does: by the system and edition the
    file names (:func:`systems.select`; ``rules`` overrides the edition), with the engine's
    candidate when ``engine``."""
    from systems import CheckRequest, select

    sel = select(t, edition=rules)
    return sel.system.check(t, [rnd], sel, CheckRequest(engine=engine, total_rounds=total_rounds))[0]


def edition_of_file(t: Any) -> str:
    """The edition of its system's rules the file names, or its dates give (:func:`systems.select`)."""
    from systems import select

    return select(t).edition.name


def load_bench(name: str) -> ModuleType:
    """The bench script ``bench/NAME.py`` as a module, loaded by path (bench/ is no package: it
    holds modules named like the project's packages) and registered under ``NAME``, so that its
    worker functions are found by module name in a process pool."""
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
