"""``docs/rules.md`` maps every rule to where it lives: this test keeps it true.

It fails when a criterion of a table in the code has no row in the page's section for it (the
editions of each registered system, the Dutch engine's weight fields of each edition, the
tie-break registry, the rotation's criteria), or when a row names a file or a function that does
not exist (``file.py:function`` or ``file.py:Class.method``, read with ``ast``)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from tests.support import REPO

pytestmark = pytest.mark.fast

DOC = REPO / "docs" / "rules.md"
_REF = re.compile(r"`([\w/]+\.py):([\w.]+)`")


def _sections() -> dict[str, list[list[str]]]:
    """The table rows (cells) under each ``##`` heading."""
    out: dict[str, list[list[str]]] = {}
    current = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            out[current] = []
        elif line.startswith("|") and not set(line) <= set("|-: "):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] != "Rule":
                out.setdefault(current, []).append(cells)
    return out


def _rows(heading_part: str) -> set[str]:
    """The rule names of the section whose heading holds ``heading_part``."""
    found = [rows for heading, rows in _sections().items() if heading_part in heading]
    assert len(found) == 1, f"no single section of docs/rules.md for {heading_part!r}"
    return {cells[0] for cells in found[0]}


@cache
def _names(path: str) -> frozenset[str]:
    """Every top-level function/class and ``Class.method`` defined in a project file."""
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            if isinstance(node, ast.ClassDef):
                out |= {f"{node.name}.{n.name}" for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out |= {t.id for t in targets if isinstance(t, ast.Name)}
    return frozenset(out)


def test_every_reference_names_a_function_that_exists() -> None:
    refs = [(path, name) for path, name in _REF.findall(DOC.read_text(encoding="utf-8")) if path != "file.py"]
    assert len(refs) > 150
    bad = [f"{path}:{name}" for path, name in refs if not (REPO / path).is_file() or name not in _names(path)]
    assert bad == []


def test_every_row_says_where_it_lives() -> None:
    for heading, rows in _sections().items():
        for cells in rows:
            assert len(cells) in (4, 5) and all(cells), (heading, cells)
            assert _REF.search(cells[-1]), (heading, cells[0], "no file:function in the last column")
            if len(cells) == 5:
                assert _REF.search(cells[3]), (heading, cells[0], "no engine reference")


def _field_rule(name: str) -> str:
    """A weight field's criterion: ``C8p`` -> ``C8``, ``C.7s`` -> ``C.7``, ``top`` -> C4/C.4."""
    return re.sub(r"(?<=\d)[ps]$", "", name)


def test_every_rule_of_the_dutch_editions_has_a_row() -> None:
    import systems
    from pairing.dutch.editions import EDITIONS

    dutch = systems.get("dutch")
    for edition, heading in (("2026", "applied from 1 February 2026"), ("2017", '(the "2017 rules")')):
        rows = _rows(heading)
        assert {r.name for r in dutch.edition(edition).rules} - rows == set(), edition
        fields = {_field_rule(f.name) for f in EDITIONS[edition].fields} - {"top"}
        assert fields - rows == set(), edition
        top = "C4" if edition == "2026" else "C.4"
        assert top in rows


def test_every_rule_of_the_other_systems_has_a_row() -> None:
    import systems

    assert {r.name for r in systems.get("berger").editions[0].rules} - _rows("Berger") == set()
    assert {r.name for r in systems.get("team-swiss").editions[0].rules} - _rows("C.04.6") == set()
    assert {r.name for r in systems.get("burstein").editions[0].rules} - _rows("C.04.4.2") == set()
    assert {r.name for r in systems.get("double-swiss").editions[0].rules} - _rows("C.04.5 Double") == set()
    assert {r.name for r in systems.get("dubov").editions[0].rules} - _rows("C.04.4.1") == set()
    assert {r.name for r in systems.get("lim").editions[0].rules} - _rows("C.04.4.3") == set()
    for s in systems.systems():
        assert s.name in ("dutch", "berger", "team-swiss", "burstein", "double-swiss", "dubov", "lim"), \
            f"{s.name}: give it a section in docs/rules.md and a check here"


def test_every_tiebreak_and_rotation_criterion_has_a_row() -> None:
    from rotation.engine import CRITERIA
    from tiebreaks.registry import SCALARS
    from tiebreaks.teambreaks import PROCEDURES, TEAM_SCALARS

    assert set(SCALARS) | {"DE"} | set(TEAM_SCALARS) | PROCEDURES <= _rows("C.07")
    assert {c.name for c in CRITERIA} <= _rows("rotation")


def test_a_missing_row_or_function_is_caught() -> None:
    """The checks themselves: a name that is not defined, and a row that is not there."""
    assert "pair_breach" in _names("checker/dutch/criteria.py")
    assert "no_such_function" not in _names("checker/dutch/criteria.py")
    assert "C99" not in _rows("applied from 1 February 2026")
