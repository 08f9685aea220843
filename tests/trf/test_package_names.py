"""The names of the ``trf`` package are imported from their modules when first used: a program that
needs the diagnostics or the model does not load the reader, and every name of ``trf.__all__``
is there as before."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support import FIXTURES, REPO

pytestmark = pytest.mark.fast


def modules_after(code: str) -> list[str]:
    """The project's and lark's modules loaded by ``code`` in a fresh process."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('trf', 'lark'))))"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return list(json.loads(proc.stdout.strip().splitlines()[-1]))


def test_one_module_loads_only_what_it_imports() -> None:
    assert modules_after("import trf.diagnostics") == ["trf", "trf.diagnostics"]
    assert "trf.parser" not in modules_after("from trf import Severity, Colour")
    assert "trf.writer" not in modules_after("import trf.model")


def test_the_reader_is_loaded_by_its_names() -> None:
    assert "trf.parser" in modules_after("import trf; trf.parse_file")
    assert "trf.writer" in modules_after("from trf import dumps")


def test_every_name_of_all_is_there() -> None:
    import trf

    namespace: dict[str, object] = {}
    exec("from trf import *", namespace)
    assert sorted(n for n in namespace if not n.startswith("__")) == sorted(trf.__all__)
    assert set(trf.__all__) <= set(dir(trf))
    result = trf.parse_file(FIXTURES / "example.trf")
    assert isinstance(result, trf.ParseResult) and isinstance(result.tournament, trf.Tournament)
    assert trf.dumps(result.tournament) == (FIXTURES / "example.trf").read_text(encoding="utf-8")


def test_a_module_is_reachable_after_a_bare_import() -> None:
    assert modules_after("import trf; trf.limits.MAX_ROUNDS") == ["trf", "trf.limits"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    import trf

    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        trf.no_such_name  # noqa: B018
    with pytest.raises(AttributeError):
        trf._private  # noqa: B018
    assert not hasattr(trf, "no_such_module")
