"""why-not lists first the changes that change the answer, and says of the others that the answer stays."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from rulings.cli import main

PACK = dedent("""\
    pack: stays
    facts:
      a: {type: bool, text: "a holds"}
      b: {type: bool, text: "b holds"}
      base: {type: int, range: [2, 6], text: "the roll needs {value}"}
    quantities:
      need: {kind: score, text: the score needed, base: base, plus: lowers, impossible_from: 7}
    modifiers:
      bonus: {quantity: need, change: +1, when: a or b}
      drag: {quantity: need, change: -1, when: a}
    """)


def test_a_change_that_leaves_the_answer_comes_last_and_says_so(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """With A, the +1 counts but A's own -1 takes it back: 4+ stays 4+. With B, 4+ becomes 3+."""
    pack = tmp_path / "pack.yaml"
    pack.write_text(PACK)
    assert main(["why-not", str(pack), "need", "bonus", "--given", "base=4"]) == 0
    out = capsys.readouterr().out
    changes = [line.strip() for line in out.splitlines() if line.startswith("  ") and ": need " in line]
    assert changes == ["b holds: need becomes 3+",
                       "a holds: need stays 4+ (it counts, but the answer does not change)"]
