"""Every step can be cited: a quantity's base, chart, impossible_from and automatic carry their own `cites`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.errors import PackError
from kb.loader import load_pack
from rulings.cli import main

PACK = str(Path(__file__).parent / "packs" / "step_cites.yaml")


def ask(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["ask", PACK, "to_hit", *args]) == 0
    return capsys.readouterr().out


def test_the_chart_cites_its_own_paragraph(capsys: pytest.CaptureFixture[str]) -> None:
    out = ask(capsys, "--given", "s.bs=1", "--given", "s.pen=1")
    assert '  * a score of 7 needs a 6, then 4+ on a second D6\n      r ¶2: "the chart"\n' in out
    assert "¶1" not in out


def test_impossible_cites_its_own_paragraph(capsys: pytest.CaptureFixture[str]) -> None:
    out = ask(capsys, "--given", "s.bs=1", "--given", "s.pen=4")
    assert "  * a score of 10 or more is impossible\n      r ¶4\n" in out


def test_automatic_is_cited(capsys: pytest.CaptureFixture[str]) -> None:
    out = ask(capsys, "--given", "a.auto=true")
    assert '  + because the attack hits automatically\n      r ¶3: "auto hits"\n' in out
    doc = json.loads(ask(capsys, "--given", "a.auto=true", "--format", "json"))
    assert doc["automatic"] is True and doc["explanation"]["cite"] == 'r ¶3: "auto hits"'


def test_the_base_is_cited_in_the_derivation(capsys: pytest.CaptureFixture[str]) -> None:
    out = ask(capsys, "--given", "s.bs=3", "--full")
    assert '  = base 4 = 7 minus the shooter\'s Ballistic Skill (3)\n      cite: r ¶1: "base"\n' in out
    doc = json.loads(ask(capsys, "--given", "s.bs=3", "--format", "json"))
    base = next(n for n in doc["explanation"]["because"] if n["claim"].startswith("base "))
    assert base["cite"] == 'r ¶1: "base"'


def test_without_step_cites_the_chart_keeps_the_quantitys_cite(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "fantasy", "to_hit", "--given", "shooter.bs=1", "--given", "shooter.moved=true"]) == 0
    out = capsys.readouterr().out
    assert "  * a score of 7 needs a 6, then 4+ on a second D6 (assumes follow_up_chart)\n      roll_to_hit ¶2:" in out
    pack = load_pack("fantasy")
    assert pack.quantities["to_hit"].cites == () and pack.quantities["to_hit"].cite is not None


def test_a_step_cite_names_a_known_source_and_a_known_step(tmp_path: Path) -> None:
    text = Path(PACK).read_text(encoding="utf-8")
    bad = text.replace("chart: {source: r, paragraph: 2", "chrt: {source: rr, paragraph: 2").replace(
        "automatic: {source: r,", "automatic: {source: rr,")
    (tmp_path / "bad.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path / "bad.yaml"))
    messages = [str(p) for p in err.value.problems]
    assert any("unknown key 'chrt'" in m and "did you mean 'chart'" in m for m in messages), messages
    assert any("unknown source 'rr'" in m and "bad.yaml:21:27:" in m for m in messages), messages


LIMITS = str(Path(__file__).parent / "packs" / "limit_cites.yaml")


@pytest.mark.parametrize(("args", "shown"), [
    (["to_hit", "--given", "s.bonus=3"], '  ! best: 1 becomes 2\n      r ¶2: "never better than 2+"\n'),
    (["to_hit", "--given", "s.pen=4"], '  ! worst: 8 becomes 6\n      r ¶3: "never worse than 6+"\n'),
    (["hit_roll", "--given", "s.bonus=3"], '  ! the net modifier -3 becomes -1\n      r ¶4: "at most one"\n'),
    (["hit_roll", "--given", "s.bonus=1", "--roll", "1"], '  ! the result: 0 becomes 1\n      r ¶5: "below 1 is 1"\n'),
], ids=["clamp min", "clamp max", "cap", "a roll's floor, labelled as the roll"])
def test_each_clamp_and_cap_cites_its_own_sentence(args: list[str], shown: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", LIMITS, *args]) == 0
    out = capsys.readouterr().out
    assert shown in out, out
    assert main(["ask", LIMITS, *args, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    cites = [n["cite"] for n in doc["explanation"]["because"] if n["cite"] and "¶1" not in n["cite"]]
    assert cites == [shown.split("\n")[1].strip()], cites
