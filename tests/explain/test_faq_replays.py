"""Every FAQ answer's replay command, typed as printed, re-derives that answer."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest

from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PACKS = ["fantasy", "skirmish", "wh40k", "docs/examples/hullbreach"]


def faq_entries(pack: str) -> list[dict]:
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["faq", pack, "--format", "json"]) == 0
    return [e for e in json.loads(out.getvalue())["entries"] if e.get("command")]


def run(command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> dict:
    line, _, rest = command.partition(" <<'EOF'\n")
    if rest:  # a here-document: what the shell would pass on standard input
        monkeypatch.setattr(sys, "stdin", io.StringIO(rest.rsplit("\nEOF", 1)[0] + "\n"))
    argv = shlex.split(line)
    assert argv[:2] == ["rulings", "ask"], command
    capsys.readouterr()
    assert main([*argv[1:], "--format", "json"]) == 0, command
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("pack", PACKS)
def test_each_replay_gives_the_answer_it_replays(pack: str, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    entries = faq_entries(pack)
    assert entries
    capsys.readouterr()
    for e in entries:
        got = run(e["command"], capsys, monkeypatch)
        assert (got.get("display"), got.get("probability")) == (e["ruling"].get("display"),
                                                                e["ruling"].get("probability")), e["command"]
