"""The worked example pack for another game (docs/examples/platoon.yaml) passes its own tests and checks."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from kb.loader import load_pack, schema
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PLATOON = "docs/examples/platoon.yaml"


@pytest.fixture(autouse=True)
def _from_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the paths as the docs show them


def test_its_examples_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", PLATOON]) == 0
    assert capsys.readouterr().out.strip().endswith("11 passed, 0 failed")


def test_check_strict_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", PLATOON, "--strict"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("0 errors, 0 warnings, 1 note") and "intended (reading_split.pins)" in out


def test_its_faq_generates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["faq", PLATOON]) == 0
    assert "**A:** No: it succeeds automatically. The roll is skipped because the weapon is a flamethrower." in \
        capsys.readouterr().out


def test_it_uses_what_a_rules_writer_needs() -> None:
    pack = load_pack(PLATOON)
    q = pack.quantities["to_hit"]
    assert q.base is not None and q.base._tree[0] == "if"  # a value by category: a table is a conditional
    assert "    base:\n      table: shooter.experience\n" in (ROOT / PLATOON).read_text(encoding="utf-8")
    assert pack.modifiers["hard_cover"].amount._tree[0] == "if"
    assert {step for step, _ in q.cites} == {"base", "chart", "impossible_from", "automatic"}
    assert set(pack.readings) == {"pins"} and pack.policies["natural_one_misses"].kind == "clamp"
    text = (ROOT / PLATOON).read_text(encoding="utf-8")
    assert text.startswith("$schema: ../../kb/schema.json\n")
    assert (ROOT / "docs" / "examples" / "../../kb/schema.json").resolve() == ROOT / "kb" / "schema.json"
    kinds = {key for e in pack.examples for key in e.expect}
    assert {"display", "readings", "readings_default", "cases", "automatic", "impossible", "clamped_only",
            "suppressed", "then", "probability"} <= kinds


def test_every_expect_the_docs_show_fits_the_schema() -> None:
    """The `expect:` lines of docs/pack-format.md are what the loader accepts."""
    page = (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.DOTALL)
    shown = [line.split("expect:", 1)[1] for block in blocks for line in re.sub(r",\n\s+", ", ", block).splitlines()
             if line.strip().startswith("expect:")]
    assert len(shown) >= 6
    validator = jsonschema.Draft202012Validator({"$defs": schema()["$defs"], "$ref": "#/$defs/expect"})
    for text in shown:
        expect = yaml.safe_load(text)
        assert isinstance(expect, dict) and not list(validator.iter_errors(expect)), text
