"""The Conquest package stays readable: small modules, each with its topic, imports one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import civtable.games.conquest as conquest_pkg

PKG = Path(conquest_pkg.__file__).parent
MODULES = sorted(p.stem for p in PKG.glob("*.py"))
WORDS = {"view", "explain", "describe", "narrate", "glossary"}  # depend on the state, never the reverse


def _local_imports(name: str) -> set[str]:
    tree = ast.parse((PKG / f"{name}.py").read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level == 1:
                out.add(mod.split(".")[0] if mod else "")
                if not mod:
                    out.update(a.name for a in node.names)
            elif mod.startswith("civtable.games.conquest"):
                rest = mod.removeprefix("civtable.games.conquest").lstrip(".")
                out.add(rest.split(".")[0])
                if not rest:
                    out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("civtable.games.conquest."):
                    out.add(a.name.split(".")[3])
    return out & set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_modules_are_short_and_say_what_they_hold(name: str) -> None:
    text = (PKG / f"{name}.py").read_text()
    assert len(text.splitlines()) <= 600
    assert ast.get_docstring(ast.parse(text)), f"{name}.py needs a docstring naming its topic"


@pytest.mark.parametrize("name", sorted(set(MODULES) - WORDS - {"game", "__init__"}))
def test_rules_never_import_views_or_words(name: str) -> None:
    assert not _local_imports(name) & (WORDS | {"game"})


def test_no_import_cycle_inside_the_package() -> None:
    graph = {m: _local_imports(m) - {m} for m in MODULES}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done:
            return
        for d in graph[m]:
            visit(d, (*path, m))
        done.add(m)

    for m in MODULES:
        visit(m, ())


def test_imports_sit_at_module_level() -> None:
    for name in MODULES:
        for node in ast.walk(ast.parse((PKG / f"{name}.py").read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.py imports inside {node.name}"


def test_frames_are_never_indexed_by_position() -> None:
    tui = PKG.parent.parent / "tui" / "conquest.py"
    pattern = re.compile(r"\b(frames\[-?\d+\]|f|top|frame)\[\d+\]")
    for path in [*PKG.glob("*.py"), tui]:
        for i, line in enumerate(path.read_text().splitlines(), 1):
            assert not pattern.search(line), f"{path.name}:{i}: {line.strip()}"
