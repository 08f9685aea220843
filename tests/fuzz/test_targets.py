"""The CI slice of the fuzzing (``pytest -m fuzz``): every reader's target of
:mod:`tests.fuzz.targets` on its seeds and on mutations of them (bytes flipped, inserted, deleted;
the format's tokens inserted; lines deleted, duplicated, swapped, cut; random bytes), drawn by
hypothesis, derandomized (the same inputs on every run); then every input of ``regressions/``
(failures the long run found, fixed), and a few inputs of ``bench/fuzz.py``'s built-in engine.
A failure whose fix is other work's is listed in :data:`OWNED_ELSEWHERE` (strict: the list says
when it is fixed).

The long run is ``python bench/fuzz.py`` (coverage-guided, atheris when installed; see its
docstring).  ``ARBITER_FUZZ_SLICE`` multiplies the number of inputs (default 1: about 20 s on
two shared cores); ``ARBITER_FUZZ_RANDOM=1`` draws other inputs on each run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.targets import TARGETS, Finding, Target, check
from tests.support import REPO

pytestmark = pytest.mark.fuzz

SCALE = float(os.environ.get("ARBITER_FUZZ_SLICE", "1"))
RANDOM = os.environ.get("ARBITER_FUZZ_RANDOM") == "1"
#: Seconds one input may take (two shared cores, loaded).
BOUND = 60.0
#: Inputs per target in the slice: fewer for the targets that run many commands per input.
EXAMPLES = {"trf": 60, "commands": 12, "entrants": 25, "results": 25, "kfactor": 30, "names": 25, "rtgconfig": 15,
            "rotation": 25, "doubleswiss": 10, "burstein": 8}
REGRESSIONS = Path(__file__).parent / "regressions"

#: Failures the targets find whose fix is other work's: name -> (target, the pattern of the
#: signature, an input that fails so, why).  The slice lets an input that fails so pass (the long
#: run still counts it); ``test_a_failure_owned_elsewhere_still_fails`` says when one is fixed,
#: and its entry goes.
OWNED_ELSEWHERE: dict[str, tuple[str, str, bytes, str]] = {}


def owned_elsewhere(finding: Finding) -> bool:
    return any(re.match(pattern, finding.signature) for _, pattern, _, _ in OWNED_ELSEWHERE.values())

_SEEDS: dict[str, list[bytes]] = {}


def seeds(target: Target) -> list[bytes]:
    if target.name not in _SEEDS:
        _SEEDS[target.name] = target.seeds()
    return _SEEDS[target.name]


@st.composite
def lines_changed(draw: st.DrawFn, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from(["delete", "duplicate", "swap", "cut"]))
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(draw(st.integers(0, len(lines))), lines[i])
    elif op == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
    return b"\n".join(lines)


@st.composite
def bytes_changed(draw: st.DrawFn, data: bytes, tokens: tuple[bytes, ...]) -> bytes:
    k = draw(st.integers(0, len(data)))
    op = draw(st.sampled_from(["flip", "insert", "delete", "token", "token"]))
    if op == "flip" and data:
        k = min(k, len(data) - 1)
        return data[:k] + bytes([data[k] ^ (1 << draw(st.integers(0, 7)))]) + data[k + 1:]
    if op == "insert":
        return data[:k] + draw(st.binary(min_size=1, max_size=6)) + data[k:]
    if op == "delete":
        return data[:k] + data[k + draw(st.integers(1, 12)):]
    return data[:k] + draw(st.sampled_from(tokens)) + data[k:]


@st.composite
def inputs(draw: st.DrawFn, target: Target) -> bytes:
    """A seed of ``target`` changed up to four times, or (one time in ten) random bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=200))
    data = draw(st.sampled_from(seeds(target)))
    for _ in range(draw(st.integers(0, 4))):
        data = draw(lines_changed(data) if draw(st.booleans()) else bytes_changed(data, target.tokens))
    return data


def _slice(name: str):  # type: ignore[no-untyped-def]
    target = TARGETS[name]

    @settings(max_examples=max(1, round(EXAMPLES[name] * SCALE)), derandomize=not RANDOM, database=None,
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=inputs(target))
    def test(data: bytes) -> None:
        finding = check(target, data, BOUND)
        assert finding is None or owned_elsewhere(finding), f"{finding.signature}\n{finding.detail}\ninput: {data!r}"

    test.__name__ = f"test_{name}_target_keeps_its_contract"
    test.__doc__ = f"The {name} target on mutated seeds: no failure (tests/fuzz/targets.py)."
    return test


test_trf_target_keeps_its_contract = _slice("trf")
test_commands_target_keeps_its_contract = _slice("commands")
test_entrants_target_keeps_its_contract = _slice("entrants")
test_results_target_keeps_its_contract = _slice("results")
test_kfactor_target_keeps_its_contract = _slice("kfactor")
test_names_target_keeps_its_contract = _slice("names")
test_rtgconfig_target_keeps_its_contract = _slice("rtgconfig")
test_rotation_target_keeps_its_contract = _slice("rotation")
test_doubleswiss_target_keeps_its_contract = _slice("doubleswiss")
test_burstein_target_keeps_its_contract = _slice("burstein")


def test_every_target_has_its_slice() -> None:
    assert set(EXAMPLES) == set(TARGETS)
    assert {n for n in globals() if n.endswith("_target_keeps_its_contract")} == {
        f"test_{n}_target_keeps_its_contract" for n in TARGETS}


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_the_seeds_pass(name: str) -> None:
    """Every seed of a target passes: a failure of the long run is the mutation's, not the seed's."""
    for data in seeds(TARGETS[name]):
        finding = check(TARGETS[name], data, BOUND)
        assert finding is None, f"{finding.signature}\n{finding.detail}"


def _regressions() -> list[Path]:
    return sorted(REGRESSIONS.glob("*/*.input")) if REGRESSIONS.is_dir() else []


@pytest.mark.parametrize("path", _regressions(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_failure_the_long_run_found_stays_fixed(path: Path) -> None:
    """``regressions/TARGET/NAME.input``: an input that failed its target, since fixed (the
    ``.txt`` beside it says what it was)."""
    finding = check(TARGETS[path.parent.name], path.read_bytes(), BOUND)
    assert finding is None, f"{finding.signature}\n{finding.detail}"


@pytest.mark.parametrize("name", sorted(OWNED_ELSEWHERE))
def test_a_failure_owned_elsewhere_still_fails(name: str) -> None:
    """Strict: when the failure is fixed, this test fails, and the entry of :data:`OWNED_ELSEWHERE` goes."""
    target, pattern, data, why = OWNED_ELSEWHERE[name]
    finding = check(TARGETS[target], data, BOUND)
    if finding is None:
        pytest.fail(f"{name} is fixed: remove its entry from OWNED_ELSEWHERE ({why})")
    assert re.match(pattern, finding.signature), finding.signature


def test_the_long_run_command_runs(tmp_path: Path) -> None:
    """``bench/fuzz.py`` (the built-in engine, which needs nothing installed) on a few inputs of
    one target: its table, and no failure."""
    proc = subprocess.run([sys.executable, "bench/fuzz.py", "--engine", "builtin", "--targets", "rtgconfig",
                           "--inputs", "40", "--failures", str(tmp_path / "failures")],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "rtgconfig  builtin" in proc.stdout and "total" in proc.stdout
    assert not (tmp_path / "failures").exists()
