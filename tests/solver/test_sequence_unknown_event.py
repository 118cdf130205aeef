"""An event whose condition reads a fact the situation leaves open is a clear error naming that fact (exit 2),
never an internal error, and never a guess at the fact."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulings.cli import main

HULLBREACH = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hullbreach"
VOLLEY = ["volley", "--step", "attacks=3", "--given", "shooter.aim=4", "--given", "target.hull=4",
          "--given", "target.armour=4"]


def test_an_event_on_an_open_fact_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(HULLBREACH, pack)
    text = (pack / "pack.yaml").read_text(encoding="utf-8")
    assert "when: weapon.scatter\n" in text
    (pack / "pack.yaml").write_text(text.replace("when: weapon.scatter\n", "when: target.suit == 'plate'\n"))
    assert main(["ask", str(pack), *VOLLEY]) == 2
    err = capsys.readouterr().err
    assert "event scatter's condition (target.suit == 'plate') needs a fact the situation does not give: " \
           "target.suit" in err and "internal error" not in err
    assert main(["ask", str(pack), *VOLLEY[:-2], "--given", "target.suit=plate"]) == 0
