"""The grammar's parser kept between runs (:mod:`trf.grammar`): the stored parser reads every line
as the parser lark builds does, later runs use it instead of importing lark, and it is not used
when it was made from another grammar or by another lark, when it is damaged, or when it or its
folder is not private to the user; a folder that cannot be used only costs time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import lark
import pytest
from hypothesis import given, settings, strategies as st

from tests.support import FIXTURES, REPO
from trf import grammar as cached

pytestmark = pytest.mark.fast

EXAMPLE = FIXTURES / "example.trf"  # only lines the reader takes without the grammar (headers, XXR, XXC, players)
EXAMPLE_2026 = FIXTURES / "golden" / "convert_example_trf26.trf"  # the same as TRF-2026: its 240 needs the grammar


@pytest.fixture(scope="module")
def built() -> lark.Lark:
    return lark.Lark(cached.grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=True)


@pytest.fixture(scope="module")
def stored(built: lark.Lark, tmp_path_factory: pytest.TempPathFactory) -> cached.Grammar:
    path = str(tmp_path_factory.mktemp("cache") / "parser.bin")
    cached.store(path, built, cached.grammar_text(), lark.__version__)
    loaded = cached.load_stored(path, cached.grammar_text(), lark.__version__)
    assert loaded is not None
    return loaded


def reading(parser: Any, errors: tuple[type[Exception], ...], line: str) -> object:
    """What a parser makes of one line: the tree with every token's type, text and column, or the
    error with its column and what was expected."""
    try:
        tree = parser.parse(line)
    except errors as exc:
        return (type(exc).__name__, getattr(exc, "column", None), sorted(getattr(exc, "expected", None) or []),
                sorted(getattr(exc, "allowed", None) or []))

    def walk(node: Any) -> object:
        if isinstance(node, str):
            return (node.type, str(node), node.column) if hasattr(node, "type") else node
        if node is None:
            return None
        return (node.data, [walk(c) for c in node.children])

    return walk(tree)


def same_reading(built: lark.Lark, stored: cached.Grammar, line: str) -> None:
    ours = reading(stored.parser, (stored.unexpected_input,), line)
    theirs = reading(built, (lark.exceptions.UnexpectedInput,), line)
    assert ours == theirs, line


def fixture_lines() -> list[str]:
    lines: set[str] = set()
    for path in sorted(FIXTURES.rglob("*.trf")):
        lines.update(x for x in path.read_text(encoding="utf-8", errors="replace").splitlines() if x.strip())
    return sorted(lines)


def test_the_stored_parser_reads_the_fixtures_lines_as_lark_does(built: lark.Lark, stored: cached.Grammar) -> None:
    lines = fixture_lines()
    assert len(lines) > 100
    for line in lines:
        same_reading(built, stored, line)
    for line in ("012", "012x", "XXR five", "XXC rank white1 black1 x", "162 W 1.0 D 0.5 Q", "240 H   3    1    2",
                 "250 1.0  1.0    1   3    1    4", "XXA    1  1.0  x", "BBW  x", "### a comment", "DAT 1", "13",
                 "001    1 m    Name", "001 abcd", "XXS W=1 D", "260   1   2    1", "XXP 1"):
        same_reading(built, stored, line)


_CODES = ["001", "012", "042", "132", "142", "152", "162", "240", "250", "260", "XXR", "XXC", "XXZ", "XXS", "XXA",
          "XXP", "BBW", "BBU", "###", "013", "DAT", "XYZ", ""]


@settings(max_examples=300, deadline=None)
@given(code=st.sampled_from(_CODES), rest=st.text(alphabet=" \t0123456789.=+-wbWBdlDLHFUZXAaxrk", max_size=60))
def test_the_stored_parser_reads_any_line_as_lark_does(built: lark.Lark, stored: cached.Grammar, code: str,
                                                        rest: str) -> None:
    same_reading(built, stored, code + rest)


def test_it_is_used_only_for_the_grammar_and_the_lark_it_was_made_from(built: lark.Lark, tmp_path: Path) -> None:
    path = str(tmp_path / "parser.bin")
    grammar = cached.grammar_text()
    cached.store(path, built, grammar, lark.__version__)
    assert oct(os.stat(path).st_mode & 0o777) == oct(0o600)
    assert cached.load_stored(path, grammar, lark.__version__) is not None
    assert cached.load_stored(path, grammar + "\n// one more line", lark.__version__) is None
    assert cached.load_stored(path, grammar, "0.0.1") is None


def test_a_damaged_or_foreign_file_is_not_used(built: lark.Lark, tmp_path: Path) -> None:
    path = tmp_path / "parser.bin"
    grammar = cached.grammar_text()
    cached.store(str(path), built, grammar, lark.__version__)
    data = path.read_bytes()
    end = len(data) - 1000  # in the code, after the lark version and the grammar it was made from
    for damaged in (data[: len(data) // 2], b"", data[:len(cached.FORMAT)] + b"\0\0\0\0" + data[len(cached.FORMAT) + 4:],
                    data[:40] + b"x" * 100 + data[140:], data[:end] + bytes([data[end] ^ 0xFF]) + data[end + 1:]):
        path.write_bytes(damaged)
        path.chmod(0o600)
        assert cached.load_stored(str(path), grammar, lark.__version__) is None
    path.write_bytes(data)
    path.chmod(0o666)  # writable by others: not run
    assert cached.load_stored(str(path), grammar, lark.__version__) is None
    path.chmod(0o600)
    assert cached.load_stored(str(path), grammar, lark.__version__) is not None


def test_the_installed_lark_version_is_read_without_importing_it() -> None:
    assert cached.lark_version() == lark.__version__


def test_the_cache_folder_is_private_or_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "made"))
    folder = cached.cache_folder()
    assert folder == str(tmp_path / "made" / "arbiter")
    assert os.stat(folder).st_mode & 0o777 == 0o700
    shared = tmp_path / "shared"
    (shared / "arbiter").mkdir(parents=True)
    (shared / "arbiter").chmod(0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    assert cached.cache_folder() is None
    (tmp_path / "a-file").write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))
    assert cached.cache_folder() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as the XDG specification says: ~/.cache
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cached.cache_folder() == str(tmp_path / "home" / ".cache" / "arbiter")


# Reads a file in a fresh process and reports which parser it used.
_PROBE = """
import json, sys
import trf
result = trf.parse_file(sys.argv[1])
print(json.dumps({"players": len(result.tournament.players), "errors": len(result.errors),
                  "lark": "lark" in sys.modules, "stored": "_arbiter_trf_grammar" in sys.modules}))
"""


def run_reader(cache: Path, path: Path = EXAMPLE_2026) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", _PROBE, str(path)], capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "XDG_CACHE_HOME": str(cache)}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return dict(json.loads(proc.stdout))


def stored_files(cache: Path) -> list[Path]:
    return sorted((cache / "arbiter").glob("trf-parser-*.bin")) if (cache / "arbiter").is_dir() else []


def test_a_later_run_reads_the_stored_parser_instead_of_importing_lark(tmp_path: Path) -> None:
    first = run_reader(tmp_path)
    assert first == {"players": 8, "errors": 0, "lark": True, "stored": False}
    [path] = stored_files(tmp_path)
    assert path.name == f"trf-parser-lark-{lark.__version__}-{sys.implementation.cache_tag}.bin"
    assert run_reader(tmp_path) == {"players": 8, "errors": 0, "lark": False, "stored": True}


def test_a_file_of_lines_read_directly_loads_no_parser(tmp_path: Path) -> None:
    assert run_reader(tmp_path, EXAMPLE) == {"players": 8, "errors": 0, "lark": False, "stored": False}
    assert stored_files(tmp_path) == []


def test_a_parser_stored_from_another_grammar_is_replaced(built: lark.Lark, tmp_path: Path) -> None:
    folder = tmp_path / "arbiter"
    folder.mkdir(mode=0o700)
    path = cached.stored_parser_path(str(folder), lark.__version__)
    assert path is not None
    older = cached.grammar_text().replace("TRF-16", "TRF-15")
    assert older != cached.grammar_text()
    cached.store(path, built, older, lark.__version__)  # as if made from an earlier grammar
    assert run_reader(tmp_path) == {"players": 8, "errors": 0, "lark": True, "stored": False}
    assert cached.load_stored(path, cached.grammar_text(), lark.__version__) is not None
    assert run_reader(tmp_path) == {"players": 8, "errors": 0, "lark": False, "stored": True}


def test_a_cache_folder_that_cannot_be_used_only_costs_time(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    for _ in range(2):
        assert run_reader(blocker) == {"players": 8, "errors": 0, "lark": True, "stored": False}
    assert blocker.read_text() == "x"
