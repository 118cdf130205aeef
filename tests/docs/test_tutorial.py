"""docs/tutorial.md: its pack files are checked in beside it, its excerpts are cut from them, and the
finished pack uses what the tutorial teaches and passes `rulings test`, `check --strict` and `faq`.

The commands the page shows are run, and their output compared, by test_docs.py; here their exit codes
count too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from kb.document import read_document
from kb.loader import load_pack
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tutorial.md"
STEPS = sorted((ROOT / "docs" / "tutorial").glob("*.yaml"))
FINAL = ROOT / "docs" / "tutorial" / "step3.yaml"


def excerpts() -> list[tuple[int, str, list[str]]]:
    """(line, file named on the block's first line, the block's other lines) for each YAML block."""
    lines, out = PAGE.read_text(encoding="utf-8").splitlines(), []
    for i, line in enumerate(lines):
        if line == "```yaml":
            end = lines.index("```", i + 1)
            header = re.fullmatch(r"# (docs/tutorial/\S+\.yaml)", lines[i + 1])
            assert header, f"tutorial.md:{i + 2}: a YAML block names the file it is cut from: # docs/tutorial/..."
            out.append((i + 2, header.group(1), lines[i + 2:end]))
    return out


EXCERPTS = excerpts()


def run(*argv: str) -> int:
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        return main(list(argv))
    finally:
        os.chdir(cwd)


def test_the_tutorial_has_excerpts_of_every_step() -> None:
    assert len(EXCERPTS) >= 8
    assert {f for _, f, _ in EXCERPTS} == {str(p.relative_to(ROOT)) for p in STEPS}
    assert [p.name for p in STEPS] == ["step1.yaml", "step2.yaml", "step3.yaml"]


@pytest.mark.parametrize(("line", "file", "block"), EXCERPTS, ids=[f"tutorial.md:{e[0]}" for e in EXCERPTS])
def test_each_yaml_block_is_cut_from_the_file_it_names(line: int, file: str, block: list[str]) -> None:
    text = (ROOT / file).read_text(encoding="utf-8")
    assert "\n".join(block) + "\n" in text, f"tutorial.md:{line}: not a run of whole lines of {file}"


def test_the_quoted_rule_text_is_the_packs_source() -> None:
    """The rule text the page quotes is, paragraph by paragraph, the text the finished pack cites."""
    quote = re.search(r"> \*\*Archery\.\*\*\n((?:>.*\n)+)", PAGE.read_text(encoding="utf-8"))
    assert quote
    text = " ".join(line.lstrip(">").strip() for line in quote.group(1).splitlines())
    numbered = re.split(r"(?:^| )(\d+)\. ", text)[1:]
    shown = {n: p for n, p in zip(numbered[::2], numbered[1::2], strict=True)}
    assert shown == read_document(FINAL).data["sources"]["archery"]["paragraphs"]


@pytest.mark.parametrize("step", STEPS, ids=[p.name for p in STEPS])
def test_every_step_loads_and_passes_its_examples(step: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("test", str(step.relative_to(ROOT))) == 0, capsys.readouterr()


def test_the_finished_pack_uses_a_table_a_conditional_step_citations_and_a_reading() -> None:
    data = read_document(FINAL).data
    to_hit = data["quantities"]["to_hit"]
    assert set(to_hit["base"]) == {"table", "rows"}
    assert any(" if " in str(m["change"]) and " else " in str(m["change"]) for m in data["modifiers"].values())
    assert set(to_hit["cites"]) == {"base", "impossible_from"}
    pack = load_pack(str(FINAL))
    assert all(m.cite is not None for m in pack.modifiers.values())
    assert all(p.cite is not None for p in pack.policies.values())
    assert list(pack.readings) == ["wounded_or_shaken"]
    assert any("readings" in e.expect for e in pack.examples)


def test_the_finished_pack_passes_check_strict_and_publishes_a_faq(capsys: pytest.CaptureFixture[str]) -> None:
    final = str(FINAL.relative_to(ROOT))
    assert run("check", final, "--strict") == 0
    assert "0 errors, 0 warnings, 1 note" in capsys.readouterr().out
    assert run("faq", final) == 0
    faq = capsys.readouterr().out
    assert faq.startswith("# Longbow -- the roll to hit with a bow: frequently asked questions")
    assert "### Where the text can be read two ways" in faq
    assert "can be read two ways: \u201cA wounded or shaken archer takes -1 to hit.\u201d" in faq


def test_the_readme_and_the_pack_format_link_the_tutorial() -> None:
    assert "(docs/tutorial.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(tutorial.md)" in (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
