"""`rulings graph --format svg`'s call of Graphviz, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/graph.py`).

Graphviz is stood in for by a small shell script named `dot` on PATH, so each of its ways to fail can be had.
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

import pytest

import rulings.graph
from explain.diagram import diagram, to_dot, to_mermaid
from kb.errors import RulingsError
from kb.loader import load_pack
from rulings.graph import run_graph, svg

HINT = "use --format dot or --format mermaid"


def fake_dot(folder: Path, script: str, monkeypatch: pytest.MonkeyPatch, shebang: str = "#!/bin/sh") -> None:
    program = folder / "dot"
    program.write_text(f"{shebang}\n{script}", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(folder) + os.pathsep + os.environ.get("PATH", ""))


def refusal(dot_text: str = "digraph {}\n") -> RulingsError:
    with pytest.raises(RulingsError) as caught:
        svg(dot_text)
    return caught.value


def test_the_dot_text_is_given_on_stdin_and_the_svg_read_from_stdout(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, 'echo "<svg args=\\"$*\\">"; cat; echo "</svg>"; echo "a warning" >&2\n', monkeypatch)
    assert svg("digraph { a -> b }\n") == '<svg args="-Tsvg">\ndigraph { a -> b }\n</svg>\n'


def test_without_dot_on_path_it_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    e = refusal()
    assert e.message == "--format svg needs Graphviz's dot program, which is not on PATH"
    assert e.hint == ("install Graphviz (e.g. apt install graphviz, brew install graphviz), or use --format dot or "
                      "--format mermaid")


def test_a_dot_that_takes_too_long_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert rulings.graph.DOT_SECONDS == 60
    fake_dot(tmp_path, "exec sleep 30\n", monkeypatch)
    monkeypatch.setattr(rulings.graph, "DOT_SECONDS", 0.3)
    e = refusal()
    assert e.message == "Graphviz's dot took more than 0.3 seconds"
    assert e.hint == "draw less: give a QUANTITY or --focus NAME"


def test_a_dot_that_cannot_be_run_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, "", monkeypatch, shebang="#!" + str(tmp_path / "no-such-shell"))
    e = refusal()
    assert e.message == "cannot run Graphviz's dot: No such file or directory"
    assert e.hint == HINT


def test_a_failing_dot_is_said_by_the_first_line_of_its_errors(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, 'echo "<svg>"; printf "\\n  Error: syntax error in line 1\\nmore  \\n" >&2; exit 1\n',
             monkeypatch)
    e = refusal()
    assert e.message == "Graphviz's dot failed: Error: syntax error in line 1"
    assert e.hint == HINT


def test_a_long_error_is_cut_at_200_characters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, f'echo "{"e" * 300}" >&2; exit 3\n', monkeypatch)
    assert refusal().message == "Graphviz's dot failed: " + "e" * 200


def test_a_dot_that_writes_no_svg_has_failed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dot(tmp_path, 'echo "not a picture"\n', monkeypatch)
    assert refusal().message == "Graphviz's dot failed: no SVG"
    fake_dot(tmp_path, "exit 0\n", monkeypatch)
    assert refusal().message == "Graphviz's dot failed: no SVG"


def args(fmt: str, **more: object) -> argparse.Namespace:
    base = {"pack": "fantasy", "quantity": None, "focus": None, "readings": [], "with_files": [], "format": fmt}
    return argparse.Namespace(**{**base, **more})


@pytest.mark.parametrize(("fmt", "write"), [("mermaid", to_mermaid), ("dot", to_dot)])
def test_each_format_prints_its_text(fmt: str, write: object, capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack("fantasy")
    assert run_graph(args(fmt, quantity="to_hit")) == 0
    assert capsys.readouterr().out == write(diagram(pack, "to_hit", None, {})) + "\n"  # type: ignore[operator]


def test_svg_prints_what_dot_drew_of_the_dot_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    fake_dot(tmp_path, 'echo "<svg>"; cat; printf "</svg>"\n', monkeypatch)
    pack = load_pack("fantasy")
    assert run_graph(args("svg", focus="hard_cover")) == 0
    assert capsys.readouterr().out == "<svg>\n" + to_dot(diagram(pack, None, "hard_cover", {})) + "\n</svg>"


def test_a_reading_leaves_out_the_rules_not_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack("skirmish")
    assert run_graph(args("mermaid", pack="skirmish", readings=["cc_penalties=cumulative"])) == 0
    out = capsys.readouterr().out
    assert out == to_mermaid(diagram(pack, None, None, {"cc_penalties": "cumulative"})) + "\n"
    assert "cc_penalty_once" not in out
