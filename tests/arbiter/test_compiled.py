"""The dataclass methods compiled once and kept in the user's cache (:mod:`arbiter.compiled`).

What must hold: every class built with the kept compilations is the class Python builds without
them, method for method (their code objects identical when marshalled), whether the cache is
empty (each text compiled here, then stored) or full (each text read); and a damaged or foreign
cache file is only a reason to compile as usual.
"""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.compiled import _NAME, compiled_methods
from tests.support import FIXTURES, REPO

pytestmark = pytest.mark.fast

# Imports what a pairing call imports (with the cache folder given, or none) and prints, for each
# dataclass of the library, a digest of every method dataclasses wrote for it.
_PROBE = """
import dataclasses, hashlib, json, marshal, sys
from arbiter.compiled import compiled_methods
folder = sys.argv[1] or None
with compiled_methods(folder):
    import systems, systems.dutch, pairing.output, pairing.rounds, pairing.dutch.engine, trf.parser, trf.validate
    import trf.matches, trf.acceleration, trf.system
out = {}
for name, module in list(sys.modules.items()):
    if name.partition(".")[0] not in ("trf", "pairing", "systems", "algorithms", "arbiter"):
        continue
    for cls in vars(module).values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            out[f"{name}.{cls.__qualname__}"] = {
                k: hashlib.sha256(marshal.dumps(f.__code__)).hexdigest() for k, f in
                ((k, getattr(f, "__wrapped__", f)) for k, f in vars(cls).items())  # __repr__: wrapped
                if callable(f) and getattr(getattr(f, "__code__", None), "co_filename", "") == "<string>"}
print(json.dumps(out, sort_keys=True))
"""


def methods(folder: str) -> dict[str, dict[str, str]]:
    proc = subprocess.run([sys.executable, "-c", _PROBE, folder], capture_output=True, text=True, cwd=REPO,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)}, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_classes_built_from_kept_compilations_are_those_python_builds(tmp_path: Path) -> None:
    plain = methods("")
    assert len(plain) >= 40 and all(plain.values())  # the pairing call's classes, each with its methods
    assert all({"__init__", "__repr__", "__eq__"} <= set(m) for m in plain.values())
    cold = methods(str(tmp_path))  # each text compiled here, then stored
    stored = (tmp_path / _NAME).read_bytes()
    warm = methods(str(tmp_path))  # each text read from the file
    assert cold == plain and warm == plain
    assert (tmp_path / _NAME).read_bytes() == stored  # nothing new: not written again
    assert len(marshal.loads(stored)) >= 5 * len(plain)


@pytest.mark.parametrize("content", [b"", b"not marshal data", marshal.dumps([1, 2]), marshal.dumps({"def f(): pass": 3})])
def test_a_damaged_or_foreign_cache_file_means_compiling_as_usual(tmp_path: Path, content: bytes) -> None:
    (tmp_path / _NAME).write_bytes(content)
    assert methods(str(tmp_path)) == methods("")
    kept = marshal.loads((tmp_path / _NAME).read_bytes())  # rewritten whole, with what was compiled
    assert isinstance(kept, dict) and len(kept) > 100


def test_a_file_grown_past_its_bound_keeps_only_what_a_run_uses(tmp_path: Path) -> None:
    from arbiter.compiled import MAX_KEPT

    stale = {f"def __create_fn__():\n def f{i}(): pass\n return f{i}": compile("pass", "<string>", "exec")
             for i in range(MAX_KEPT)}
    (tmp_path / _NAME).write_bytes(marshal.dumps(stale))
    assert methods(str(tmp_path)) == methods("")
    kept = marshal.loads((tmp_path / _NAME).read_bytes())
    assert 100 < len(kept) < MAX_KEPT and not set(kept) & set(stale)


def test_the_entry_point_pairs_the_same_with_an_empty_and_a_full_cache(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": str(tmp_path)}
    args = [sys.executable, "-m", "arbiter", "pair", str(FIXTURES / "dubov" / "dubov-rtg-t0049" / "r03.trf"),
            "--format", "bbp"]
    first = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert (tmp_path / "arbiter" / _NAME).is_file()
    second = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    full = subprocess.run([sys.executable, "-c", "import sys; sys.argv[0] = 'arbiter'; from arbiter.cli import main; main()",
                           *args[3:]], capture_output=True, text=True, env=env, timeout=120)
    assert first.returncode == second.returncode == full.returncode == 0
    assert first.stdout == second.stdout == full.stdout and first.stdout.split()[0].isdigit()


def test_without_a_cache_folder_nothing_changes() -> None:
    import dataclasses

    with compiled_methods(None):
        assert not hasattr(dataclasses, "exec")


# dataclasses imported as the entry point imports it, then a class without a docstring (its
# signature is written as one, by inspect), asdict (copy's deepcopy), and inspect imported after.
_DEFERRED_PROBE = """
import sys
from arbiter.compiled import import_dataclasses
import_dataclasses()
loaded = "inspect" in sys.modules, "copy" in sys.modules
import dataclasses

@dataclasses.dataclass(frozen=True)
class Pairing:
    white: int
    black: int = 0

import inspect
print(loaded, Pairing.__doc__, dataclasses.asdict(Pairing(3, 4)), inspect.signature is dataclasses.inspect.signature,
      type(inspect).__name__)
"""


def test_dataclasses_defers_inspect_and_copy_and_still_uses_them() -> None:
    proc = subprocess.run([sys.executable, "-c", _DEFERRED_PROBE], capture_output=True, text=True, cwd=REPO,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)}, check=True)
    assert proc.stdout.split("\n")[0] == ("(False, False) Pairing(white: int, black: int = 0) {'white': 3, 'black': 4} "
                                          "True module")
