"""Baku acceleration (C.04.7) in the engine and the commands: every per-round case of the baku
corpus (bbpPairings v6) identical, the explicit-XXA files as they are and the automatic
``FIDE_DUTCH_BAKU`` files with the engine's group rule; the rule's group gives the same pairings
wherever the two group sizes agree (N = 0 or 3 mod 4); ``pair --format trf`` writes the virtual
points so that the written file pairs the same without being told; ``generate --baku`` plays
accelerated tournaments that re-pair round by round."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter.cli import app
from pairing.dutch import pair_round
from systems import PairRequest, next_round, select
from trf.acceleration import AccelerationRefused
from trf.edit import cut_to_round

from tests.support import CORPUS, FIXTURES, shared_corpus

_ROUNDS = CORPUS / "baku" / "rounds"


def _cases() -> list[str]:
    return sorted(p.stem for p in _ROUNDS.glob("*.trf")) if _ROUNDS.is_dir() else ["corpus-absent"]


def _expected(path: Path) -> list[str]:
    return [ln for ln in path.with_suffix(".pairs").read_text().splitlines() if ln.strip()]


@pytest.mark.corpus
@pytest.mark.parametrize("name", _cases())
def test_every_baku_round_case_is_identical(name: str) -> None:
    path = shared_corpus() / "baku" / "rounds" / f"{name}.trf"
    t = trf.parse_file(path).tournament
    if "-auto-" in name:
        assert "BAKU" in select(t).code and not any(isinstance(r, trf.PlayerAcceleration) for r in t.records)
        got = _as_filed(t, "engine")
        n = len(t.players)
        if n % 4 in (0, 3):  # 2 x ceil(N/4) == ceil(N/2): the rule's group is the engine's
            assert _as_filed(t) == got
    else:
        got = _as_filed(t)
    assert got == _expected(path)


def _as_filed(t: trf.Tournament, group: str = "handbook") -> list[str]:
    """The next round as the file's system pairs it: Baku acceleration when the file names it."""
    sel = select(t)
    accelerated, _ = sel.system.accelerate(t, sel, baku_group=group)
    return sel.system.pair(accelerated, t.rounds_paired + 1, sel).bbp_lines()


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.output


@pytest.mark.fast
def test_pair_baku_trf_output_carries_the_virtual_points(tmp_path: Path) -> None:
    """``--baku --format trf`` on a TRF-16 file writes XXA records (on a TRF-2026 one, 250); the
    written file, read with nothing said about acceleration, gives the same pairing."""
    src = FIXTURES / "example.trf"
    code, bbp = _run("pair", str(src), "--baku", "--format", "bbp")
    assert code == 0
    out = tmp_path / "next.trf"
    code, _ = _run("pair", str(src), "--baku", "--format", "trf", "-o", str(out))
    assert code == 0
    text = out.read_text()
    assert text.count("\nXXA ") == 4  # 8 players: group A = 2 x ceil(8/4)
    code, again = _run("pair", str(out), "--round", str(trf.parse_file(src).tournament.rounds_paired + 1),
                       "--format", "bbp", "--no-baku")
    assert (code, again) == (0, bbp)
    conv = tmp_path / "ex26.trf"
    assert _run("convert", str(src), "--to", "trf26", "-o", str(conv))[0] == 0
    code, text26 = _run("pair", str(conv), "--baku", "--format", "trf")
    assert code == 0 and "\n250 " in text26 and "\nXXA" not in text26


@pytest.mark.fast
def test_pair_says_which_rules_and_acceleration() -> None:
    src = str(FIXTURES / "example.trf")
    code, text = _run("pair", src, "--json", "--rules", "2017", "--baku", "--baku-group", "engine")
    data = json.loads(text)
    assert code == 0
    assert data["rules"] == {"edition": "2017", "reason": "--rules 2017"}
    acc = data["acceleration"]
    assert (acc["kind"], acc["reason"], acc["group_rule"], acc["group_a"]) == ("baku", "--baku", "engine", [1, 2, 3, 4])
    code, text = _run("pair", src)
    assert code == 0 and "Dutch rules of 2026" in text and "acceleration: none" in text


@pytest.mark.fast
def test_pair_refuses_baku_with_non_standard_scoring(tmp_path: Path) -> None:
    src = (FIXTURES / "example.trf").read_text()
    f = tmp_path / "three.trf"
    f.write_text(src.rstrip("\n") + "\n162 W 3.0 D 1.0 L 0.0\n")
    with pytest.raises(AccelerationRefused):
        next_round(trf.parse_file(f).tournament, request=PairRequest(baku=True))
    code, text = _run("pair", str(f), "--baku")
    assert code == 3 and "win is worth two draws" in text


@pytest.mark.fast
def test_missing_rounds_names_the_option(tmp_path: Path) -> None:
    f = tmp_path / "norounds.trf"
    f.write_text("".join(ln for ln in (FIXTURES / "example.trf").read_text().splitlines(True)
                         if not ln.startswith(("XXR", "142"))))
    code, text = _run("pair", str(f))
    assert code == 3 and "--rounds" in text
    with pytest.raises(Exception) as exc:
        next_round(trf.parse_file(f).tournament)
    assert getattr(exc.value, "missing", None) == "total-rounds" and "--rounds" not in str(exc.value)


@pytest.mark.fast
@pytest.mark.parametrize(("rules", "group"), [("2026", "handbook"), ("2017", "engine")])
def test_generate_plays_accelerated_tournaments(tmp_path: Path, rules: str, group: str) -> None:
    """22 players, 7 rounds, 2 late entries: the XXA records are decided before round 1 (the
    late entries not counted by the rule: 20 registered, group A ends at the 10th of them), and
    every round re-pairs the same from the written file."""
    out = tmp_path / "g.trf"
    code, _ = _run("generate", "--players", "22", "--rounds", "7", "--seed", "5", "--late-entries", "2",
                   "--half-byes", "0", "--zero-byes", "0", "--rules", rules, "--baku", "--baku-group", group, "-o", str(out))
    assert code == 0
    t = trf.parse_file(out).tournament
    assert select(t).edition.name == rules and "BAKU" in select(t).code
    group_a = [p.start_rank for p in t.players if t.acceleration(p.start_rank, 1)]
    assert [t.acceleration(group_a[0], r) for r in range(1, 8)] == [1, 1, 0.5, 0.5, 0, 0, 0]
    if group == "engine":
        assert group_a == list(range(1, 12))
    else:
        late = [p.start_rank for p in t.players if (e := p.entry(1)) is not None and not e.is_paired]
        assert len(late) == 2  # no requested byes: the only players missing round 1 are the late entries
        registered = [k for k in range(1, 23) if k not in late]
        boundary = registered[2 * math.ceil(len(registered) / 4) - 1]
        assert group_a == list(range(1, boundary + 1))
    for rnd in range(1, 8):
        c = cut_to_round(t, rnd)
        p = pair_round(c, rnd, rules=rules)
        assert sorted(map(sorted, p.boards)) == sorted(sorted((g.white, g.black)) for g in t.games(rnd))
