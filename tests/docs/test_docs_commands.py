"""Every command the README and docs/ show without its output still runs: the page's commands, in order.

`test_docs.py` compares the output of each `$ rulings ...` command. Pages also
show commands a reader types without an output (`rulings find ...`, `rulings
faq ... --out FILE`, `rulings new archery` then `rulings test archery.yaml`).
Each page's are run here, in order, in a folder of their own holding a copy of
`docs/` (so `--out docs/faq/...` writes to the copy), with any `./NAME.yaml`
a command names written from the YAML block of the same page whose `pack:` is
NAME. A command must end in 0 or 1 (1: `check --strict` found a warning).
Usage lines (`rulings check PACK [--strict]`, `rulings packs [options]`: a word in capitals or brackets) and `serve`,
which runs until stopped, are not commands to run.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks(page: Path) -> list[tuple[str, list[tuple[int, str]]]]:
    """Each fenced block of the page: its language and its numbered lines."""
    out: list[tuple[str, list[tuple[int, str]]]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    current: list[tuple[int, str]] | None = None
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if current is None:
                current = []
                out.append((line[3:].strip(), current))
            else:
                current = None
        elif current is not None:
            current.append((number, line))
    return out


def typed_commands(page: Path) -> list[tuple[int, list[str], str | None]]:
    """(line, argv, file its output is redirected to) of each command shown without its output."""
    found = []
    for _, lines in _blocks(page):
        for number, line in lines:
            text = line.split("  #")[0].strip()
            if not text.startswith("rulings ") or re.search(r"\b[A-Z]{2,}\b|\[\w+\]", text) or text.startswith(
                    "rulings serve"):
                continue
            words = shlex.split(text)
            target = None
            if ">" in words:  # `rulings schema > file`: the output is what matters, not the shell's redirect
                target = words[words.index(">") + 1]
                words = words[: words.index(">")]
            found.append((number, words[1:], target))
    return found


def _packs_shown(page: Path) -> dict[str, str]:
    """The YAML blocks of the page that are whole packs, by their `pack:` name."""
    out = {}
    for language, lines in _blocks(page):
        if language != "yaml":
            continue
        text = "\n".join(line for _, line in lines) + "\n"
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and isinstance(data.get("pack"), str):
            out[data["pack"]] = text
    return out


CASES = [(page, commands) for page in PAGES if (commands := typed_commands(page))]


def test_the_docs_show_typed_commands() -> None:
    assert sum(len(commands) for _, commands in CASES) >= 10


@pytest.mark.parametrize(("page", "commands"), CASES, ids=[page.name for page, _ in CASES])
def test_each_typed_command_of_a_page_runs(page: Path, commands: list[tuple[int, list[str], str | None]],
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    shown = _packs_shown(page)
    for number, argv, target in commands:
        for word in argv:
            name = re.fullmatch(r"\./([\w-]+)\.yaml", word)
            if name and not (tmp_path / word).exists():
                assert name.group(1) in shown, f"{page.name}:{number}: {word} is no pack the page shows"
                (tmp_path / word).write_text(shown[name.group(1)], encoding="utf-8")
        code = main(argv)
        out, err = capsys.readouterr()
        assert code in (0, 1, None), f"{page.name}:{number}: rulings {shlex.join(argv)} ends in {code}:\n{err}"
        if target is not None:
            (tmp_path / target).write_text(out, encoding="utf-8")
    assert os.listdir(tmp_path)
