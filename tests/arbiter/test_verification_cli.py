"""The verification workflow on the command line: ``generate --count``, ``check DIR``,
``conformance`` and ``crosscheck``, their exit codes and JSON/CSV shapes."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from verify.generate import derived_seed
from trf.model import Player

from tests.support import FIXTURES

OWN_ENGINE = '''\
import sys
from trf import parse_file
from systems import next_round
from pairing.output import bbp_text
pairing = next_round(parse_file(sys.argv[1]).tournament).pairing
text = bbp_text(pairing)
if len(sys.argv) > 3:  # broken: White and Black of board 1 the other way round
    lines = text.split("\\n")
    if lines[1] and not lines[1].endswith(" 0"):
        w, b = lines[1].split()
        lines[1] = f"{b} {w}"
    text = "\\n".join(lines)
with open(sys.argv[2], "w") as f:
    f.write(text)
'''


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def rtg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli") / "rtg"
    code, out, err = run("generate", "--players", "7-10", "--rounds", "3", "--count", "6", "--seed", "11", "-o", folder,
                         "--unusual-rate", "0.05", "--late-entries", "1", "--withdrawals", "10%", "--full-byes", "1=1",
                         "--tiebreak-record", "212", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["count"] == 6 and data["master_seed"] == 11 and data["failed"] == []
    assert [w["seed"] for w in data["written"]] == [derived_seed(11, i) for i in range(1, 7)]
    assert data["settings"]["full_byes"] == "0,1=1" and data["settings"]["withdrawals"] == "0.1"
    return folder


@pytest.mark.fast
def test_generate_count_writes_files_that_regenerate_alone(rtg: Path) -> None:
    files = sorted(rtg.glob("rtg-*.trf"))
    assert [f.name for f in files] == [f"rtg-{i:05d}.trf" for i in range(1, 7)]
    t = trf.parse_file(files[2]).tournament
    seed = derived_seed(11, 3)
    assert t.name.endswith(f"seed {seed}") and t.header("212") is not None
    code, out, _ = run("generate", "--players", str(len(t.players)), "--rounds", "3", "--seed", str(seed),
                       "--unusual-rate", "0.05", "--late-entries", "1", "--withdrawals", "10%", "--full-byes", "1=1",
                       "--tiebreak-record", "212")
    assert code == 0 and out == files[2].read_text(encoding="utf-8")


@pytest.mark.fast
def test_generate_refuses_bad_values() -> None:
    for args, said in ((["--half-byes", "x"], "--half-byes"), (["--players", "9-3"], "ends below"),
                       (["--late-entries", "1=2"], "not per round"), (["--tiebreaks", "BH,QQ"], "unknown tie-break"),
                       (["--date", "2026-13-01"], "--date"), (["--count", "3"], "needs -o")):
        base = ["generate", "--players", "10", "--rounds", "3"]
        if "--players" in args:
            base = ["generate", "--rounds", "3"]
        code, _, err = run(*base, *args)
        assert code == exitcodes.USAGE and said in err, (args, err)


@pytest.mark.fast
def test_generate_without_the_dask_extra_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = run("generate", "--players", "8", "--rounds", "3", "--count", "2", "-o", tmp_path,
                       "--scheduler", "tcp://127.0.0.1:8786")
    assert code == exitcodes.USAGE and "dask extra" in err


def test_check_a_directory(rtg: Path, tmp_path: Path) -> None:
    code, out, _ = run("check", rtg, "--jobs", "2")
    assert code == exitcodes.OK, out
    assert "6 file(s): every file conforms" in out and "rank columns checked (202/212)" in out
    # a planted rank swap, a broken file and a hand-made event with known findings
    bad = tmp_path / "bad"
    bad.mkdir()
    t = trf.parse_file(rtg / "rtg-00001.trf").tournament
    one, two = sorted(t.players, key=lambda p: p.rank or 0)[:2]
    swapped = t.replace_records(tuple(
        replace(r, rank=two.rank) if isinstance(r, Player) and r.start_rank == one.start_rank else
        replace(r, rank=one.rank) if isinstance(r, Player) and r.start_rank == two.start_rank else r
        for r in t.records))
    (bad / "swapped.trf").write_text(trf.dumps(swapped), encoding="utf-8")
    (bad / "broken.trf").write_text("001    x\n", encoding="utf-8")
    code, out, _ = run("check", bad, FIXTURES / "example.trf", "--json")
    assert code == exitcodes.DISCREPANCY
    data = json.loads(out)
    s = data["summary"]
    assert (s["files"], s["checked"], s["files_with_discrepancies"], s["standings_discrepant"]) == (3, 2, 2, 1)
    assert s["discrepant_rounds_by_criterion"] == {"5.2.2": 1, "order": 1}
    assert [f["status"] for f in data["files"]] == ["invalid", "discrepant", "discrepant"]
    assert data["files"][1]["standings"]["misplaced"][0]["decided_by"]
    code, out, _ = run("check", bad, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["status"] for r in rows] == ["invalid", "discrepant"] and rows[1]["standings"] == "discrepant"
    code, _, _ = run("check", bad / "broken.trf", rtg)
    assert code == exitcodes.INVALID_INPUT  # nothing discrepant, one file not checked
    code, out, _ = run("check", bad / "swapped.trf", "--standings")
    assert code == exitcodes.DISCREPANCY and "should rank above" in out and "3 rounds checked, all conform" in out
    code, _, err = run("check", bad, "--round", "2")
    assert code == exitcodes.USAGE and "apply to one file" in err


def test_conformance_command(tmp_path: Path) -> None:
    script = tmp_path / "engine.py"
    script.write_text(OWN_ENGINE, encoding="utf-8")
    common = ["--players", "8-10", "--rounds", "3", "--count", "2", "--seed", "4"]
    code, out, err = run("conformance", "--engine", f"{sys.executable} {script} {{input}} {{output}}", *common)
    assert code == exitcodes.OK, err
    assert "same pairing: 6 round(s); different: 0" in out
    golden = tmp_path / "golden"
    code, out, _ = run("conformance", "--engine", f"{sys.executable} {script} {{input}} {{output}} broken", *common,
                       "--golden", golden, "--json")
    assert code == exitcodes.DISCREPANCY
    data = json.loads(out)
    assert data["rounds"] == 6 and data["different"] == 6 and data["by_kind"] == {"colours": 6}
    assert data["better"] == {"ours": 6} and all(c["criterion"].startswith("5.2.") for c in data["cases"])
    assert len(list(golden.glob("*.trf"))) == 6 and len(list(golden.glob("*.engine.pairs"))) == 6
    for args, said in ((["--engine", "prog {input}"], "{output}"), (["--engine", "no-such-prog {input} {output}"],
                                                                     "not found")):
        code, _, err = run("conformance", *args, *common)
        assert code == exitcodes.USAGE and said in err


OWN_GENERATOR = '''\
import sys
from trf.writer import dumps
from verify.generate import GeneratorSettings, generate
config = dict(line.split("=", 1) for line in open(sys.argv[1]).read().split())
settings = GeneratorSettings(players=int(config["PlayersNumber"]), rounds=int(config["RoundsNumber"]),
                             seed=int(sys.argv[3]))
with open(sys.argv[2], "w") as f:
    f.write(dumps(generate(settings)))
'''


def test_crosscheck_command(tmp_path: Path) -> None:
    engine, generator = tmp_path / "engine.py", tmp_path / "generator.py"
    engine.write_text(OWN_ENGINE, encoding="utf-8")
    generator.write_text(OWN_GENERATOR, encoding="utf-8")
    gen = f"{sys.executable} {generator} {{config}} {{output}} {{seed}}"
    common = ["--players", "8-10", "--rounds", "3", "--count", "2", "--seed", "4"]
    code, out, err = run("crosscheck", "--engine", f"{sys.executable} {engine} {{input}} {{output}}",
                         "--generator", gen, *common, "--state", tmp_path / "same")
    assert code == exitcodes.OK, err
    assert "ours -> theirs (their engine pairs our tournaments): 2 tournament(s), 6 round(s), 0 discrepancy(ies)\n" \
           "  not made: 0; CPU:" in out
    assert "theirs -> ours (our checker checks their tournaments): 2 tournament(s), 6 round(s), " \
           "0 discrepancy(ies)\n  not made: 0; CPU:" in out
    # the engine broken (board 1's colours the other way round): every round of ours -> theirs differs
    state = tmp_path / "broken"
    code, out, _ = run("crosscheck", "--engine", f"{sys.executable} {engine} {{input}} {{output}} broken", *common,
                       "--state", state, "--json")
    assert code == exitcodes.DISCREPANCY
    data = json.loads(out)
    assert set(data) == {"rules", "seed", "count", "players", "rounds", "engine", "generator", "state", "ours",
                         "cases", "not_made", "other_scorings"}
    assert data["rules"] == "2026" and data["generator"] is None
    assert data["ours"]["rounds"] == 6 and data["ours"]["discrepancies"] == 6
    assert data["ours"]["by_kind"] == {"colours": 6} and data["ours"]["better"] == {"ours": 6}
    assert all(c["article"] and Path(c["case"], "input.trf").is_file() for c in data["cases"])
    assert json.loads((state / "summary.json").read_text()) == data
    for args, said in (([], "give --engine, --generator or both"),
                       (["--generator", "prog {config} {output}"], "{seed}"),
                       (["--generator", gen, "--rules", "1999"], "--rules 1999"),
                       (["--generator", gen, "--players", "9-x"], "--players")):
        code, _, err = run("crosscheck", *common, *args, "--state", tmp_path / "usage")
        assert code == exitcodes.USAGE and said in err, (args, err)


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="the dask extra is not installed (pip install '.[dask]'): distributed is missing")
def test_generate_and_check_on_a_local_dask_cluster(tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        code, _, err = run("generate", "--players", "8", "--rounds", "3", "--count", "4", "--seed", "3", "-o", tmp_path,
                           "--scheduler", cluster.scheduler_address)
        assert code == 0, err
        code, out, _ = run("check", tmp_path, "--scheduler", cluster.scheduler_address)
        assert code == 0 and "4 file(s): every file conforms" in out
    alone = tmp_path / "alone"
    assert run("generate", "--players", "8", "--rounds", "3", "--count", "4", "--seed", "3", "-o", alone)[0] == 0
    for f in sorted(alone.glob("*.trf")):
        assert f.read_text() == (tmp_path / f.name).read_text()
