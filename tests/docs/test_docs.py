"""Every command the README and docs/ show with its output (`$ rulings ...`) prints exactly that output.

A shown line `...` stands for any number of lines. Commands run from the repository's root, as a
reader who cloned it would run them; the tutorial's run in the reader's own folder, in test_tutorial.py.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
FOLLOWED_ELSEWHERE = {"tutorial.md"}
"""Pages whose commands run in a reader's own folder, on files the page has them write: test_tutorial.py."""
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name not in FOLLOWED_ELSEWHERE)]


def shown_commands(page: Path) -> list[tuple[str, list[str], list[str]]]:
    """(where, argv, shown output lines) for each `$ rulings` command in the page's code blocks."""
    out = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("$ rulings "):
            where = f"{page.name}:{i + 1}"
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            shown = []
            i += 1
            while i < len(lines) and not lines[i].startswith(("```", "$ ")):
                shown.append(lines[i])
                i += 1
            out.append((where, shlex.split(command)[1:], shown))
        else:
            i += 1
    return out


CASES = [case for page in PAGES for case in shown_commands(page)]


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a shown `...` standing for any lines."""
    pattern = "\n".join(".*?" if line.strip() == "..." else re.escape(line) for line in shown)
    return re.fullmatch(pattern.replace("\n.*?\n", "(?:\n.*?)?\n"), "\n".join(got), re.DOTALL) is not None


def test_the_docs_show_commands() -> None:
    assert len(CASES) >= 5, "the docs' command examples were not found"


@pytest.mark.parametrize(("where", "argv", "shown"), CASES, ids=[c[0] for c in CASES])
def test_a_shown_command_prints_what_the_docs_show(where: str, argv: list[str], shown: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        code = main(argv)
    finally:
        os.chdir(cwd)
    out, err = capsys.readouterr()
    # a command may end in 2 only where the docs show what it prints (a batch with a bad line): never silently
    assert code in (0, 1, None) or shown, f"{where}: the command the docs show fails (exit {code}):\n{err}"
    got = out.rstrip("\n").splitlines()
    assert matches(shown, got), f"{where}: the docs show\n" + "\n".join(shown) + "\nbut it prints\n" + "\n".join(got)


def test_the_readmes_first_command_runs(capsys: pytest.CaptureFixture[str]) -> None:
    first = (ROOT / "README.md").read_text(encoding="utf-8").split("```")[1].strip().splitlines()
    assert first[0].startswith("pip install -e . && rulings ask ") and first[1].startswith("pip install -e \".[test]\"")
    assert main(shlex.split(first[0].split("&&", 1)[1])[1:]) == 0
    assert capsys.readouterr().out.startswith("The score needed to hit on a D6: ")


def test_ci_runs_the_readmes_test_command() -> None:
    second = (ROOT / "README.md").read_text(encoding="utf-8").split("```")[1].strip().splitlines()[1]
    tests = second.split("&&", 1)[1].strip()
    assert tests.startswith("python3 -m pytest")
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_a_dotted_line_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"]) and matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "d"], ["a", "b", "d"])
