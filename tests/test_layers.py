"""The packages depend one way: kb <- solver <- explain <- rulings, and one ruling stands below the search.

Every import in the source (at the top of a module or inside a function, where the slower parts are imported
only when needed) is read from its syntax tree, so an import that only runs on some path still counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ORDER = ("kb", "solver", "explain", "rulings")


def _imports(path: Path) -> set[str]:
    """The modules a source file imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", ORDER)
def test_a_package_imports_no_package_above_it(package: str) -> None:
    above = ORDER[ORDER.index(package) + 1:]
    wrong = {f"{path.relative_to(ROOT)}: {name}" for path in _sources(package) for name in _imports(path)
             if name.split(".")[0] in above}
    assert not wrong


def test_one_ruling_needs_nothing_of_the_search() -> None:
    """`solver/space/` asks questions of every situation; a single ruling (`solver/*.py`) is made below it."""
    single = [path for path in _sources("solver") if "space" not in path.relative_to(ROOT / "solver").parts]
    wrong = {f"{path.relative_to(ROOT)}: {name}" for path in single for name in _imports(path)
             if name == "solver.space" or name.startswith("solver.space.")}
    assert len(single) > 15 and not wrong
