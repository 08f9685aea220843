"""Fuzzing the commands: mutated corpus files through the reader and through ``pair``, ``check``
and ``standings``, each run with a time bound.

A mutation is drawn from what broken files in the wild do and what hostile ones could: lines
deleted, duplicated, swapped, truncated; characters and bytes inserted or flipped; a round block's
opponent, colour or result changed; a player line cut or extended past round 99; records added
with huge or odd values (``XXR``, ``240``, ``250``, ``260``, ``162``, ``XXS``, ``BBW``, ``XXZ``,
``XXA``, ``XXP``); the file re-encoded (UTF-16, cp1252).  Every command must end with one of the
documented exit codes (``arbiter/exitcodes.py``, never 70), print no traceback, and finish within
:data:`BOUND` seconds; the reader must never raise.

``ARBITER_FUZZ_EXAMPLES`` sets the number of files (default 40, the fast subset's); the report
of a long run is in the README (Performance).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from tests.support import FIXTURES, corpus_files
from tests.trf.test_properties import byte_mutation, line_mutation

EXAMPLES = int(os.environ.get("ARBITER_FUZZ_EXAMPLES", "40"))
#: Seconds one command may take on one mutated file (two shared cores, loaded).
BOUND = float(os.environ.get("ARBITER_FUZZ_BOUND", "60"))
DOCUMENTED = {exitcodes.OK, exitcodes.NO_PAIRING, exitcodes.USAGE, exitcodes.INVALID_INPUT, exitcodes.DISCREPANCY,
              exitcodes.FILE_ERROR, exitcodes.RESULTS_MISSING, exitcodes.PAST_LAST_ROUND, exitcodes.FINISHED}


def seeds() -> list[Path]:
    """Small files (at most 40 players) of the bundled sample, and of ../shared/corpus when present."""
    out = [FIXTURES / "example.trf"] + sorted((FIXTURES / "dutch-2026").rglob("*.trf"))
    for f in corpus_files():
        if f.path.stat().st_size < 8_000:
            out.append(f.path)
    return out


SEEDS = seeds()

RECORDS = st.sampled_from([
    "XXR 99999999", "XXR " + "9" * 120, "142 0", "142 99", "240 H 99999999999    1", "240 X 004    2", "240 Z 002 9999",
    "250  1.0  1.0   1 999    1 9999", "250    x  1.0   1   9    1    2", "260 001 999    1    2", "260 900 001    1    2",
    "162  W 1000000", "162  W 3.0    D 1.0", "XXS W=99999999999999999999", "XXS W=3 D=1", "BBW 99999.0", "BBW 3.0",
    "XXZ 1 2 3", "XXZ 0 99999", "XXA    1  100.0", "XXA    2  1.0  1.0", "XXP 1 2", "XXP 1", "XXC black1", "XXC rank",
    "152 B", "192 FIDE_ROUNDROBIN", "192 FIDE_BURSTEIN", "013 Team", "001    0", "001 9999",
])


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    seed = draw(st.sampled_from(SEEDS))
    text = seed.read_bytes().decode("utf-8", errors="replace")
    ending = "\r\n" if "\r\n" in text else ("\r" if "\r" in text and "\n" not in text else "\n")
    lines = text.split(ending)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["line", "line", "block", "record", "long", "cut"]))
        players = [i for i, line in enumerate(lines) if line.startswith("001")]
        if op == "line" or not players:
            lines = draw(line_mutation(lines))
        elif op == "block":
            i = draw(st.sampled_from(players))
            line = lines[i]
            rounds = max(0, (len(line) - 89) // 10)
            if rounds:
                r = draw(st.integers(0, rounds - 1))
                k = 89 + 10 * r
                block = draw(st.sampled_from([
                    "  0000 - Z", "  0000 - U", "  0000 - H", "     1 w 1", "     2 b 0", "  9999 w =", "     3 - +",
                    "     4 w  ", "          ", "  0000 w 1", "  abcd b 1", "     5 W D"]))
                lines[i] = line[:k] + block + line[k + 10:]
        elif op == "record":
            lines.insert(draw(st.integers(0, len(lines))), draw(RECORDS))
        elif op == "long":
            i = draw(st.sampled_from(players))
            lines[i] = lines[i] + draw(st.sampled_from(["  0000 - Z", "     1 w 1", "  0000 - U"])) * draw(st.integers(1, 3000))
        else:
            i = draw(st.sampled_from(players))
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
    data = ending.join(lines).encode(draw(st.sampled_from(["utf-8"] * 6 + ["utf-16", "cp1252"])), errors="replace")
    if draw(st.booleans()):
        data = draw(byte_mutation(data))
    return seed.name, data


class TooSlow(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise TooSlow(f"over {BOUND:.0f} s")


def bounded(args: list[str]) -> tuple[int, str, float]:
    """Run a command in-process with an alarm at :data:`BOUND` seconds."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, BOUND)
    start = time.perf_counter()
    try:
        result = CliRunner().invoke(app, args, env={"COLUMNS": "100", "NO_COLOR": "1"})
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    took = time.perf_counter() - start
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{' '.join(args)} raised {type(result.exception).__name__}: {result.exception}") \
            from result.exception
    return result.exit_code, result.stdout + result.stderr, took


COMMANDS = (["pair"], ["pair", "--format", "trf"], ["check", "--no-engine"], ["standings"], ["standings", "--json"])


@pytest.mark.fast
@settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(mutated())
def test_mutated_files_through_the_commands(tmp_path_factory: pytest.TempPathFactory, case: tuple[str, bytes]) -> None:
    name, data = case
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(data)
    result = trf.parse_bytes(data)  # never raises
    assert all(d.code in trf.diagnostics.CODES for d in result.diagnostics)
    for command in COMMANDS:
        code, output, took = bounded([command[0], str(path), *command[1:]])
        assert code in DOCUMENTED, f"{command} exit {code}: {output[-500:]}"
        assert "Traceback" not in output and "internal error" not in output, output[-500:]
        assert took < BOUND
