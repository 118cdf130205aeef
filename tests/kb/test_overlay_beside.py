"""An overlay kept beside its pack: a file whose `overlay:` says what it changes is left out of the folder's
load and merged with `--with`, so an erratum can sit in the pack's folder (the issue's "policies entry
'hit_cap' given twice") and be diffed without copying the pack."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb.errors import PackError, RulingsError
from kb.loader import load_pack
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
WARDENS = ROOT / "docs" / "examples" / "wardens"
GIVEN = ["--given", "target.in_cover=true", "--given", "target.shield=true"]


def test_the_folder_leaves_the_overlay_out_and_with_merges_it() -> None:
    pack = load_pack(str(WARDENS))
    assert pack.policies["save_bonuses"].max is not None and pack.policies["save_bonuses"].max.text == "1"
    assert "errata" not in pack.sources
    merged = load_pack(str(WARDENS), extra=[str(WARDENS / "errata.yaml")])
    assert merged.policies["save_bonuses"].max.text == "2" and "errata" in merged.sources  # type: ignore[union-attr]


def test_without_overlay_the_same_file_clashes(tmp_path: Path) -> None:
    """A file beside the pack that does not say it is an overlay merges into the pack: its entry is given twice."""
    folder = tmp_path / "wardens"
    shutil.copytree(WARDENS, folder)
    errata = folder / "errata.yaml"
    errata.write_text(errata.read_text(encoding="utf-8").replace("overlay:", "# overlay:"), encoding="utf-8")
    with pytest.raises(PackError, match="policies entry 'save_bonuses' given twice"):
        load_pack(str(folder))


def test_the_command_line_asks_and_diffs_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", str(WARDENS), "save_roll", *GIVEN, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["modifier"] == 1
    assert main(["ask", str(WARDENS), "save_roll", *GIVEN, "--with", str(WARDENS / "errata.yaml"), "--format",
                 "json"]) == 0
    assert json.loads(capsys.readouterr().out)["modifier"] == 2
    assert main(["diff", str(WARDENS), "--new-with", str(WARDENS / "errata.yaml"), "--quantity", "save_roll",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exhaustive"] is True and doc["changes"]


def test_an_overlay_asked_as_a_pack_says_how_to_use_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", str(WARDENS / "errata.yaml"), "save_roll"]) == 2
    err = capsys.readouterr().err
    assert "errata.yaml:3:1:" in err and "is an overlay ('errata 1.1 -- bonuses to a save add up to +2 at most')" in err
    assert "hint: merge it over its pack: --with" in err and "Traceback" not in err


def test_a_folder_of_overlays_only_is_no_pack(tmp_path: Path) -> None:
    shutil.copy(WARDENS / "errata.yaml", tmp_path / "errata.yaml")
    with pytest.raises(RulingsError, match="every file of the folder is an overlay") as caught:
        load_pack(str(tmp_path))
    assert "without overlay:" in caught.value.hint


@pytest.mark.parametrize(("value", "message"), [("''", "overlay: '' should be non-empty"),
                                                ("[a, b]", "overlay: expected string")])
def test_an_overlay_says_what_it_changes(tmp_path: Path, value: str, message: str) -> None:
    (tmp_path / "pack.yaml").write_text((WARDENS / "pack.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "errata.yaml").write_text(f"overlay: {value}\n", encoding="utf-8")
    with pytest.raises(PackError, match=message) as caught:
        load_pack(str(tmp_path), extra=[str(tmp_path / "errata.yaml")])
    assert caught.value.where is not None and caught.value.where.line == 1
