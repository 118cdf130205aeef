"""`tools/mutate.py --equivalents`: the one list of equivalent mutants, printed as docs/internals.md shows."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
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


def test_packages_sum_the_recorded_runs_and_name_what_is_not_run(mutate: ModuleType, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A run on the current source counts; one on an older source, or none at all, is named and does not."""
    monkeypatch.setattr(mutate, "RECORD", tmp_path / "record.json")
    mutate.record("kb/limits.py", {"mutants": 12, "not_checked": 1, "caught": 9, "equivalent": 1, "left": ["m"]})
    mutate.record("kb/errors.py", {"mutants": 10, "not_checked": 0, "caught": 10, "equivalent": 0, "left": []})
    kept = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert list(kept) == ["kb/errors.py", "kb/limits.py"]
    assert kept["kb/limits.py"]["source"] == hashlib.sha256((ROOT / "kb/limits.py").read_bytes()).hexdigest()
    kept["kb/errors.py"]["source"] = "0" * 64
    (tmp_path / "record.json").write_text(json.dumps(kept), encoding="utf-8")

    assert mutate.main(["--packages"]) == 1
    out = capsys.readouterr().out.splitlines()
    modules = sum("def " in f.read_text(encoding="utf-8") for f in (ROOT / "kb").rglob("*.py"))
    # 22 mutants, 1 not checked, 19 caught, 1 equivalent: 19 of the 20 checked and not equivalent
    assert f"| kb | 1 of {modules} | 22 | 1 | 19 | 1 | 1 | 95.0% |" in out
    assert "- kb/errors.py: changed since its last run (its figures are that run's)" in out
    assert "- kb/limits.py: 1 of 12 mutants not checked yet" in out
    assert "- kb/loader.py: never run" in out
    assert "- kb/limits.py: never run" not in out


def test_stale_runs_each_module_not_run_on_its_source_smallest_first(mutate: ModuleType, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """--stale passes over a module run on its current source and one with no fast tests, and names the latter."""
    monkeypatch.setattr(mutate, "RECORD", tmp_path / "record.json")
    monkeypatch.setattr(mutate, "PACKAGES", ("kb",))
    monkeypatch.setattr(mutate, "FAST_TESTS", {module: ("tests/docs/test_mutate_tool.py",)
                                               for module in ("kb/loader.py", "kb/limits.py", "kb/errors.py")})
    mutate.record("kb/errors.py", {"mutants": 1, "not_checked": 0, "caught": 1, "equivalent": 0, "left": []})
    ran: list[str] = []
    monkeypatch.setattr(mutate, "mutate", lambda module, tests, args: ran.append(module) or 0)

    assert mutate.main(["--stale"]) == 1  # kb is not wholly run
    assert ran == ["kb/limits.py", "kb/loader.py"]  # by size; errors.py is current
    assert (ROOT / "kb/limits.py").stat().st_size < (ROOT / "kb/loader.py").stat().st_size
    assert "kb/expr.py: no fast tests known (FAST_TESTS): not run" in capsys.readouterr().err


def test_a_report_is_recorded_only_for_the_source_it_ran_on(mutate: ModuleType, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A run's verdicts belong to the source mutmut mutated: once the module is edited, they are not recorded."""
    monkeypatch.setattr(mutate, "RECORD", tmp_path / "record.json")
    meta = tmp_path / "mutants" / "kb" / "limits.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": {"kb.limits.x_f__mutmut_1": 1, "kb.limits.x_f__mutmut_2": 0,
                                                     "kb.limits.x_f__mutmut_3": None}}), encoding="utf-8")
    assert mutate.report(tmp_path, "kb/limits.py") == 1
    kept = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))["kb/limits.py"]
    assert {k: kept[k] for k in ("mutants", "not_checked", "caught", "equivalent", "left")} == {
        "mutants": 3, "not_checked": 1, "caught": 1, "equivalent": 0, "left": ["kb.limits.x_f__mutmut_2",
                                                                               "kb.limits.x_f__mutmut_3"]}
    (tmp_path / "record.json").unlink()
    source = (ROOT / "kb/limits.py").stat().st_mtime
    os.utime(meta, (source - 60, source - 60))  # the run was before the module's last edit
    assert mutate.report(tmp_path, "kb/limits.py") == 1
    assert not (tmp_path / "record.json").exists()
    assert "kb/limits.py changed since this run: its figures are not recorded (run it again)" in capsys.readouterr().out


def test_a_module_with_nothing_to_mutate_is_recorded_with_none(mutate: ModuleType, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """mutmut stops (exit 1) where it made no mutant (a module of properties alone): that is a run, of none; a
    stop with mutants made is not."""
    monkeypatch.setattr(mutate, "RECORD", tmp_path / "record.json")
    meta = tmp_path / "mutants" / "solver" / "space" / "model.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": {}}), encoding="utf-8")
    monkeypatch.setattr(mutate, "prepare", lambda workdir, fresh: None)
    monkeypatch.setattr(mutate, "run_mutmut", lambda *args: 1)
    args = mutate.argparse.Namespace(workdir=tmp_path, report=False, fresh=False, jobs=1, mutants=None, recheck=False,
                                     show=False)
    assert mutate.mutate("solver/space/model.py", ["tests/x.py"], args) == 0
    assert json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))["solver/space/model.py"]["mutants"] == 0
    meta.write_text(json.dumps({"exit_code_by_key": {"solver.space.model.x_f__mutmut_1": None}}), encoding="utf-8")
    assert mutate.mutate("solver/space/model.py", ["tests/x.py"], args) == 1
    assert "mutmut stopped with exit code 1" in capsys.readouterr().err


def test_the_map_of_tests_to_functions_is_made_again_once_a_source_is_newer(mutate: ModuleType,
                                                                            tmp_path: Path) -> None:
    """mutmut maps tests to the functions they reach only for tests with new names: a function added since would
    have "no tests". The map is dropped (mutmut makes it again) once any package's or test's source is newer."""
    stats = tmp_path / "mutants" / "mutmut-stats.json"
    stats.parent.mkdir()
    stats.write_text("{}", encoding="utf-8")
    newest = max(f.stat().st_mtime for name in (*mutate.PACKAGES, "tests") for f in (ROOT / name).rglob("*.py"))
    os.utime(stats, (newest + 60, newest + 60))
    mutate.refresh(stats.parent)
    assert stats.is_file()
    os.utime(stats, (newest - 60, newest - 60))  # made before the newest edit
    mutate.refresh(stats.parent)
    assert not stats.exists()
