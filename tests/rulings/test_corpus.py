"""The hostile-input corpus (issue 11): every broken file and command line exits 2 with one located message.

`tests/corpus/hostile/cases.yaml` lists the cases, one failure mode each; the
files they read sit beside it. Each runs through the real entry point with its
own cache and an empty working folder, and must exit 2 within ten seconds with
a short message (no traceback, no internal error) that holds the expected
fragment, names the file with line:column where the case says so, ends with a
hint where it says so, and leaves no file behind.

`test_the_corpus_counts_its_located_messages_and_hints` prints how many
messages were located and how many gave a hint, to the terminal even when
pytest captures output.
"""

from __future__ import annotations

import contextlib
import io
import re
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings.cli import main

CORPUS = Path(__file__).parent.parent / "corpus" / "hostile"
CASES: list[dict[str, Any]] = yaml.safe_load((CORPUS / "cases.yaml").read_text(encoding="utf-8"))
SECONDS = 10
SEEN: dict[str, tuple[bool, bool]] = {}
"""Each case run so far: (located, hint), for the count at the end."""


def run_case(case: dict[str, Any]) -> tuple[int | str | None, str, float]:
    """Run one case's command line in-process; returns the exit code, its message and the seconds taken."""
    file = str(CORPUS / case["file"]) if "file" in case else ""
    argv = [arg.replace("{file}", file) for arg in case["argv"]]
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: int | str | None = main(argv)
        except SystemExit as e:  # argparse refuses a malformed command line itself
            code = e.code
    message = out.getvalue() if case.get("stream") == "stdout" else err.getvalue()
    return code, message, time.monotonic() - start


def is_located(case: dict[str, Any], message: str) -> bool:
    return "file" in case and re.search(re.escape(Path(case["file"]).name) + r":\d+:\d+", message) is not None


@pytest.fixture
def _sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Its own cache and an empty working folder, so a case that writes anything is caught."""
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


def corpus_files() -> set[Path]:
    return set(CORPUS.rglob("*"))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_hostile_input_is_refused_with_one_located_message(_sandbox: Path, case: dict[str, Any]) -> None:
    before = corpus_files()
    code, message, seconds = run_case(case)
    assert code == 2, message
    assert "Traceback" not in message and "internal error" not in message, message
    assert len(message) < case.get("max_chars", 2000), message
    assert case["expect"] in message, message
    assert seconds < SECONDS, f"{seconds:.1f} s"
    located, hint = is_located(case, message), "\n  hint: " in message
    if "file" in case:
        assert located == case["located"], message  # a message located once stays located
        if case.get("names_file", True):
            assert Path(case["file"]).name in message, message
    if case["hint"]:
        assert hint, message
    assert list(_sandbox.iterdir()) == [], "a file was created in the working folder"
    assert corpus_files() == before, "a file was created in the corpus"
    SEEN[case["name"]] = (located, hint)


def test_the_corpus_has_one_file_per_case_and_enough_cases() -> None:
    files = {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.yaml") if p.name != "cases.yaml"}
    named = [case["file"] for case in CASES if "file" in case]
    assert len(CASES) >= 150
    assert sorted(named) == sorted(files)  # no file unused, none shared
    assert len({case["name"] for case in CASES}) == len(CASES)


def test_the_corpus_counts_its_located_messages_and_hints(_sandbox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for case in CASES:  # cases deselected or not yet run (another order, -k) are run here
        if case["name"] not in SEEN:
            code, message, _ = run_case(case)
            assert code == 2, message
            SEEN[case["name"]] = (is_located(case, message), "\n  hint: " in message)
    with_file = [case for case in CASES if "file" in case]
    located = sum(SEEN[case["name"]][0] for case in with_file)
    hints = sum(SEEN[case["name"]][1] for case in CASES)
    unlocated = sorted(case["name"] for case in with_file if not SEEN[case["name"]][0])
    with capsys.disabled():
        print(f"\nhostile corpus: {len(CASES)} cases exit 2; {located} of {len(with_file)} messages about a file "
              f"give its line:column; {hints} of {len(CASES)} end with a hint")
        print(f"not located ({len(unlocated)}): {', '.join(unlocated)}")
    assert located == sum(case["located"] for case in with_file)
