"""`tools/mutate.py --equivalents`: the one list of equivalent mutants, printed as docs/internals.md shows."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mutate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate"] = module  # dataclasses read the module of the class they make
    spec.loader.exec_module(module)
    return module


def test_every_equivalent_mutant_is_a_row_with_its_line_and_why(mutate: ModuleType,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert mutate.main(["--equivalents"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[:2] == ["| mutant | mutated line | why it is equivalent |", "| --- | --- | --- |"]
    assert len(rows) == 2 + len(mutate.EQUIVALENT)
    for row, (name, known) in zip(rows[2:], mutate.EQUIVALENT.items(), strict=True):
        if "|" not in known.line + known.why:  # (escaped otherwise: see the test below)
            assert row == f"| `{name}` | `{known.line.strip()}` | {known.why} |"


def test_a_module_lists_its_own_equivalent_mutants_only(mutate: ModuleType,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert mutate.main(["--equivalents", "solver/settle.py"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    expected = [name for name in mutate.EQUIVALENT if name.startswith("solver.settle.")]
    assert expected and [row.split("`")[1] for row in rows] == expected


def test_a_pipe_in_a_line_or_reason_is_escaped(mutate: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutate, "EQUIVALENT", {"m.x_f__mutmut_1": mutate.Equivalent("a | b", "c | d")})
    assert mutate.equivalents_table().splitlines()[2] == "| `m.x_f__mutmut_1` | `a \\| b` | c \\| d |"


def test_the_internals_page_shows_the_command(mutate: ModuleType) -> None:
    page = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
    assert "python tools/mutate.py --equivalents" in page
