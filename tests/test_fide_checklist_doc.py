"""``docs/fide-checklist.md`` holds what it says: every item of FIDE's checklist for pairing
programs (VCL.01-VCL.19) is there, every test it names exists, a row called met names a test
(not ``TODO``) and a mutation of ``bench/mutations.py`` that one of its tests catches, and a row
not met says what is missing.

The rows are read from the document's tables (a header row starting ``| Item |``); a test is
named as ``tests/path.py::test_name`` and looked up by importing its module; a mutation by its id
(``m07``) in :data:`bench.mutations.MUTATIONS`.  Whether each mutation is still caught is
``python bench/mutations.py``'s job (it runs the tests on changed code; too slow for the suite).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from dataclasses import dataclass
from types import ModuleType

import pytest

from tests.support import REPO

pytestmark = pytest.mark.fast

DOC = REPO / "docs" / "fide-checklist.md"
COLUMNS = ("Item", "Requirement", "Status", "What arbiter does", "Command", "Tests", "Mutation")
STATUSES = ("met", "partly", "not met", "in progress")
NODE = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
MUTATION_ID = re.compile(r"\bm\d{2}\b")
VCL = tuple(f"VCL.{n:02d}" for n in range(1, 20))
#: The items of the other sources as the reference digest lists them (handling-rules.md §5.1,
#: §5.3, §5.4): each must lead at least one row.
OTHER_ITEMS = ("A.2", "A.4", "A.5", "A.7", "§7.a", "§7.b", "§7.c", "§7.d", "§7.e", "§7.f", "§7.g", "§7.h",
               "§7.i", "§7.j", "§7.k", "Levels 1-5", "Q40-Q46", "Q63, Q65-Q69, Q113", "Q195, Q196",
               "Q71-Q75, Q81, Q83, Q85", "Q174-Q178", "Q19-Q21, Q25, Q30, Q32, Q33, Q217")


@dataclass(frozen=True)
class Row:
    line: int
    cells: dict[str, str]

    @property
    def item(self) -> str:
        return self.cells["Item"].replace("`", "").replace("**", "").strip()

    @property
    def status(self) -> str:
        return self.cells["Status"].replace("*", "").strip()

    @property
    def tests(self) -> list[tuple[str, str]]:
        return NODE.findall(self.cells["Tests"])

    @property
    def mutations(self) -> list[str]:
        return MUTATION_ID.findall(self.cells["Mutation"])

    def __str__(self) -> str:
        return f"docs/fide-checklist.md:{self.line} ({self.item})"


def _cells(line: str) -> list[str]:
    """The cells of a table line, split at the pipes not escaped (``\\|`` inside a command)."""
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def rows() -> list[Row]:
    out: list[Row] = []
    header: list[str] | None = None
    for number, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            header = None
            continue
        cells = _cells(line)
        if header is None:
            if cells and cells[0] == "Item":
                assert tuple(cells) == COLUMNS, f"docs/fide-checklist.md:{number}: the columns are {COLUMNS}"
                header = cells
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the separator line
        assert len(cells) == len(header), f"docs/fide-checklist.md:{number}: {len(cells)} cells, expected {len(header)}"
        out.append(Row(number, dict(zip(header, cells))))
    return out


ROWS = rows()


def _mutations() -> ModuleType:
    """``bench/mutations.py`` (bench/ is no package), loaded once."""
    name = "bench_fide_checklist_mutations"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "bench" / "mutations.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclass looks its module up while it is defined
        spec.loader.exec_module(module)
    return sys.modules[name]


def _exists(path: str, name: str) -> bool:
    if not (REPO / path).is_file():
        return False
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    return callable(getattr(module, name, None))


def test_the_document_has_rows() -> None:
    assert len(ROWS) >= 40


@pytest.mark.parametrize("item", VCL)
def test_every_vcl_item_is_listed(item: str) -> None:
    assert any(r.item.split()[0] == item for r in ROWS), f"{item} has no row"


@pytest.mark.parametrize("item", OTHER_ITEMS)
def test_every_item_of_the_other_sources_is_listed(item: str) -> None:
    assert any(r.item == item or r.item.startswith(item + " ") for r in ROWS), f"{item} has no row"


def test_every_status_is_one_of_the_four() -> None:
    assert [str(r) for r in ROWS if r.status not in STATUSES] == []


def test_every_named_test_exists() -> None:
    missing = [f"{r}: {path}::{name}" for r in ROWS for path, name in r.tests if not _exists(path, name)]
    assert missing == []


def test_a_met_row_names_a_test_and_no_todo() -> None:
    met = [r for r in ROWS if r.status == "met"]
    assert [str(r) for r in met if not r.tests] == []
    assert [str(r) for r in met if "TODO" in r.cells["Tests"]] == []


def test_todo_is_only_for_what_is_in_progress() -> None:
    assert [str(r) for r in ROWS if "TODO" in r.cells["Tests"] and r.status != "in progress"] == []
    assert [str(r) for r in ROWS if r.status == "in progress" and not r.tests and "TODO" not in r.cells["Tests"]] == []


def test_a_row_not_met_says_what_is_missing() -> None:
    """``partly`` and ``not met`` rows say **Missing:** and why; ``in progress`` rows **In progress:**."""
    assert [str(r) for r in ROWS if r.status in ("partly", "not met") and "**Missing:**" not in r.cells["What arbiter does"]] == []
    assert [str(r) for r in ROWS if r.status == "in progress" and "**In progress:**" not in r.cells["What arbiter does"]] == []


def test_every_met_row_was_proved_by_a_mutation_of_bench_mutations() -> None:
    """The row names a mutation that lists the row among the behaviours it removes and one of the
    row's tests among those that must fail."""
    table = _mutations().by_id()
    problems = []
    for r in ROWS:
        if r.status == "met" and not r.mutations:
            problems.append(f"{r}: met, but no mutation named")
        for mid in r.mutations:
            m = table.get(mid)
            if m is None:
                problems.append(f"{r}: {mid} is not in bench/mutations.py")
                continue
            if r.item not in m.items:
                problems.append(f"{r}: {mid} does not list {r.item!r} among its items {m.items}")
            if not {f"{p}::{n}" for p, n in r.tests} & set(m.tests):
                problems.append(f"{r}: none of {mid}'s tests is named in the row")
    assert problems == []


def test_every_mutation_names_rows_and_tests_that_exist() -> None:
    items = {r.item for r in ROWS}
    problems = []
    for m in _mutations().MUTATIONS:
        problems += [f"{m.id}: no row {item!r}" for item in m.items if item not in items]
        for node in m.tests:
            path, _, name = node.partition("::")
            if not _exists(path, name):
                problems.append(f"{m.id}: no test {node}")
    assert problems == []


def test_the_summary_counts_the_rows() -> None:
    """The ``All`` line of the summary table gives the number of rows and of each status."""
    line = next(x for x in DOC.read_text(encoding="utf-8").splitlines() if x.startswith("| All |"))
    given = [int(c) for c in _cells(line)[1:]]
    counted = [len(ROWS)] + [sum(r.status == s for r in ROWS) for s in ("met", "partly", "not met", "in progress")]
    assert given == counted
