"""The layout's promises, read off the source with ``ast``: no import cycle between the
project's modules; generic algorithms that know no chess; engines and checker readings that never
import each other, the registry or the tooling above them; each system's own modules imported
only by that system and its binding in the registry; system names and editions spelt only there;
and a CLI that holds no rule.

Every import counts, also those inside functions (they run as soon as the function does); only
imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support import REPO

pytestmark = pytest.mark.fast

PACKAGES = ("trf", "algorithms", "pairing", "roundrobin", "rotation", "checker", "tiebreaks", "ratings", "systems",
            "event", "verify", "parallel", "arbiter")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((REPO / pkg).rglob("*.py"))}


class _Imports(ast.NodeVisitor):
    """Imports of one module, each with the function it sits in (``None``: module level)."""

    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.found: list[tuple[str, str | None, int]] = []
        self.function: list[str] = []

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def _in_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.function.append(node.name)
        self.generic_visit(node)
        self.function.pop()

    visit_FunctionDef = _in_function
    visit_AsyncFunctionDef = _in_function

    def _add(self, name: str, line: int) -> None:
        self.found.append((name, self.function[0] if self.function else None, line))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        self._add(target, node.lineno)
        for alias in node.names:  # ``from pkg import module``
            self._add(f"{target}.{alias.name}", node.lineno)


def _graph() -> dict[str, list[tuple[str, str | None, int]]]:
    sources = _sources()
    graph: dict[str, list[tuple[str, str | None, int]]] = {}
    for name, path in sources.items():
        v = _Imports(name, path.name == "__init__.py")
        v.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        graph[name] = [(target, fn, line) for target, fn, line in v.found if target in sources and target != name]
    return graph


def _cycle(graph: dict[str, list[tuple[str, str | None, int]]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or ``None``."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    stack: list[str] = []

    def visit(u: str) -> list[str] | None:
        colour[u] = GREY
        stack.append(u)
        for v, _, _ in graph[u]:
            if colour[v] == GREY:
                return stack[stack.index(v):] + [v]
            if colour[v] == WHITE and (found := visit(v)) is not None:
                return found
        stack.pop()
        colour[u] = BLACK
        return None

    for u in sorted(graph):
        if colour[u] == WHITE and (found := visit(u)) is not None:
            return found
    return None


def test_the_graph_sees_every_package() -> None:
    graph = _graph()
    assert {name.partition(".")[0] for name in graph} == set(PACKAGES)
    assert "systems" in {t for t, _, _ in graph["arbiter.cli_check"]}


def test_no_import_cycle() -> None:
    # a package's __init__ that re-exports its modules imports them; the modules importing the
    # package back (``from trf import ...``) is the usual Python shape and no cycle of logic
    graph = {u: [(v, fn, line) for v, fn, line in edges if not (u.startswith(v + ".") and "." not in v)]
             for u, edges in _graph().items()}
    assert _cycle(graph) is None


def _edges_into(sources: tuple[str, ...], targets: tuple[str, ...]) -> list[tuple[str, str, str | None, int]]:
    """Imports from modules of the packages ``sources`` into those of ``targets``."""
    return [(u, target, fn, line) for u, edges in _graph().items() if u.partition(".")[0] in sources
            for target, fn, line in edges if target.partition(".")[0] in targets]


def test_algorithms_know_no_chess() -> None:
    """``algorithms/`` is a leaf: it imports nothing of the project."""
    assert _edges_into(("algorithms",), tuple(p for p in PACKAGES if p != "algorithms")) == []


def test_engines_and_checker_readings_never_import_each_other_or_anything_above() -> None:
    """The engines (``pairing/``, ``roundrobin/``) and the checker's readings (``checker/``) share
    nothing but ``trf/`` and ``algorithms/`` (``roundrobin/`` reads the engines' generic round
    types): two independent readings of the rules that agree are the project's proof.  Neither
    imports the registry, the verification tooling, the event runner or the CLI."""
    above = ("systems", "verify", "event", "arbiter", "parallel", "tiebreaks", "ratings", "rotation")
    assert _edges_into(("pairing",), ("checker", "roundrobin", *above)) == []
    assert _edges_into(("checker",), ("pairing", "roundrobin", *above)) == []
    assert _edges_into(("roundrobin",), ("checker", *above)) == []
    assert _edges_into(("trf",), tuple(p for p in PACKAGES if p != "trf")) == []


def test_the_registry_is_asked_from_above_only() -> None:
    """Below the registry only the tie-breaks ask it, for one fact (whether the file's system
    pre-determines its pairings, C.07 Art. 15.2: :func:`tiebreaks.context.round_robin_by_system`)."""
    below = ("trf", "algorithms", "pairing", "roundrobin", "checker", "tiebreaks", "ratings", "rotation")
    assert [(u, fn) for u, _, fn, _ in _edges_into(below, ("systems",))] == [
        ("tiebreaks.context", "round_robin_by_system")]


def _system_packages() -> dict[str, tuple[tuple[str, ...], str]]:
    """Each registered system: its own modules and the module of the registry that binds it."""
    import systems

    return {s.name: (type(s).packages, type(s).__module__) for s in systems.systems()}


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_a_systems_own_modules_are_imported_by_it_and_its_binding_only() -> None:
    """No module outside a system's packages and its module in the registry imports them: the
    CLI, the event runner, the publisher and the batch checker go through the door."""
    bad = []
    for name, (own, binding) in _system_packages().items():
        assert own, f"{name} declares no package of its own"
        for u, edges in _graph().items():
            if _inside(u, own) or u == binding:
                continue
            bad += [(name, u, target, line) for target, _, line in edges if _inside(target, own)]
    assert bad == []


def _literals(path: Path) -> list[tuple[str, int]]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [(n.value, n.lineno) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_system_names_and_editions_are_spelt_in_their_own_place() -> None:
    """A system's name (``"dutch"``) appears as a string only in its own packages and the
    registry; the Dutch system's old edition (``"2017"``) likewise: every other module asks the
    registry (:func:`systems.select`) and reads the edition it gets."""
    own = _system_packages()
    words = [(name, packages) for name, (packages, _) in own.items()] + [("2017", own["dutch"][0])]
    bad = []
    for module, path in _sources().items():
        if module.partition(".")[0] == "systems":
            continue
        for value, line in _literals(path):
            for word, allowed in words:
                if value == word and not _inside(module, allowed):
                    bad.append((module, line, value))
    assert bad == []


def test_the_library_never_imports_the_cli() -> None:
    bad = [(u, target) for u, edges in _graph().items() if not u.startswith("arbiter")
           for target, _, _ in edges if target.partition(".")[0] == "arbiter"]
    assert bad == []


def test_command_modules_use_no_private_name_of_another_module() -> None:
    """``arbiter/`` modules share helpers through public names (:mod:`arbiter.app`).

    Dunder names (``__version__``) are the package's public metadata, not private helpers.
    """
    bad = []
    for path in sorted((REPO / "arbiter").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("arbiter"):
                bad += [(path.name, node.module, a.name) for a in node.names
                        if a.name.startswith("_") and not (a.name.startswith("__") and a.name.endswith("__"))]
    assert bad == []


def test_a_cycle_is_found() -> None:
    """The cycle finder itself, on a graph with a known cycle."""
    graph = {"a": [("b", None, 1)], "b": [("c", "f", 2)], "c": [("a", None, 3)], "d": []}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": [("b", None, 1)], "b": []}) is None
