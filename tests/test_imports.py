"""The import graph of ``civtable`` has no cycles.

Every module under ``civtable/`` is parsed (not imported) and every import it makes is an edge:
imports at the top of a module and imports inside functions alike, because a function-level
import that closes a circle is still a circle, only a hidden one. Imports under
``if TYPE_CHECKING:`` are left out: they never run and only name types for annotations.
``from package import name`` points at ``package.name`` when that is a module, else at the
package itself (its ``__init__``).

If this test fails it lists every cycle; make the imports point one way (views, explanations
and log sentences depend on the state, never the reverse; content loading does not import
its checks in a circle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "civtable"

# Imports allowed to close a circle, as (importer, imported). Keep this empty: a reason is
# needed for every entry.
ALLOWED: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[tuple[int, str | None, tuple[str, ...]]]:
    """(level, module, names) of every import statement outside ``if TYPE_CHECKING:``."""
    out: list[tuple[int, str | None, tuple[str, ...]]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.append((0, alias.name, ()))
        elif isinstance(node, ast.ImportFrom):
            out.append((node.level, node.module, tuple(a.name for a in node.names)))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for level, module, names in _imports(ast.parse(path.read_text(), str(path))):
            if level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (level - 1)]
                target = ".".join(base + ([module] if module else []))
            else:
                target = module or ""
            if not target.startswith("civtable"):
                continue
            found = False
            for n in names:
                if f"{target}.{n}" in modules:
                    graph[name].add(f"{target}.{n}")
                    found = True
            if not found or any(f"{target}.{n}" not in modules for n in names):
                if target in modules:
                    graph[name].add(target)
    for importer, imported in ALLOWED:
        graph.get(importer, set()).discard(imported)
    for deps in graph.values():
        deps.discard("")
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a self-import), each
    given as one closed path through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0

    def strongconnect(v: str) -> None:  # Tarjan's algorithm
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                components.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return [_path_through(graph, comp) for comp in components]


def _path_through(graph: dict[str, set[str]], comp: list[str]) -> list[str]:
    """A shortest closed path from the component's first module back to itself."""
    start = comp[0]
    members = set(comp)
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & members):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return [start, *reversed(path[:-1]), start] if v != start else [start, start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return comp


def test_the_checker_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    found = cycles(graph)
    assert ["a", "b", "c", "a"] in found and ["e", "e"] in found and len(found) == 2
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_type_checking_imports_and_relative_imports_are_read_right() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import actions as A\n"
        "if TYPE_CHECKING:\n    from .game import Inceptum\n"
        "def f():\n    from .view import build_view\n"
    )
    found = _imports(tree)
    assert (1, None, ("actions",)) in found and (1, "view", ("build_view",)) in found
    assert all(m != "game" for _, m, _ in found)
    graph = import_graph()
    assert "civtable.games.inceptum.state" in graph["civtable.games.inceptum.game"]
    assert "civtable.games.inceptum.actions" in graph["civtable.games.inceptum.state"]


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


UPPER = ("civtable.sim", "civtable.server", "civtable.cli", "civtable.rl", "civtable.tui")
"""Packages built on top of the games and bots: the floors below must not import them."""


def test_imports_do_not_point_up_a_floor() -> None:
    """The core, the games and the bots import nothing from the simulator, the server, the
    command line, the learning environments or the terminal."""
    graph = import_graph()
    up = [
        f"{m} -> {d}"
        for m, deps in sorted(graph.items())
        if m.startswith(("civtable.core", "civtable.games", "civtable.bots"))
        for d in sorted(deps)
        if d.startswith(UPPER)
    ]
    assert not up, "imports pointing up a floor:\n" + "\n".join(up)
