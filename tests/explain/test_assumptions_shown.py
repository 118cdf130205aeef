"""A ruling shows an assumption only when it decided something in that ruling.

An assumption tied to a rule is shown when that rule counted, one tied to a policy when the policy bit, the chart's
when the chart was used; an assumption that frames every situation (the moment a situation describes) is in the
full derivation and the JSON, never in the short text.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from textwrap import dedent

import pytest

from explain.brief import brief_text
from kb.loader import load_pack
from kb.model import Pack
from solver import Situation, ask
from solver.ruling import Ruling

FANTASY, SKIRMISH, WH40K = load_pack("fantasy"), load_pack("skirmish"), load_pack("wh40k")
README = Path(__file__).parents[2] / "README.md"
SHOWN = re.compile(r"\? assumes: .* \((\w+)\)$|\(assumes (\w+)\)$")


def shown(text: str) -> list[str]:
    """The assumptions the short text names, by id."""
    return [m.group(1) or m.group(2) for line in text.splitlines() if (m := SHOWN.search(line))]


def brief(pack: Pack, quantity: str, **situation: object) -> str:
    return brief_text(ask(pack, quantity, Situation(**situation)), pack)  # type: ignore[arg-type]


def test_the_readme_cover_ruling_is_at_most_ten_lines() -> None:
    block = README.read_text().split("## A ruling", 1)[1].split("```", 2)[1]
    output = [line for line in block.strip("\n").splitlines() if not line.startswith(("$", "    --given"))]
    assert output[0].startswith("The score needed to hit on a D6: 7")
    assert len(output) <= 10


def test_the_moment_a_shot_describes_decides_no_ruling() -> None:
    """fantasy's `timing` ("A situation describes the shot at the moment it is resolved") frames every ruling."""
    text = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "shooter.moved": True, "target.in_hard_cover": True})
    assert "timing" not in shown(text)
    assert "timing" in ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3})).assumptions  # still relied on


def test_the_chart_assumption_is_named_on_the_chart_step_only_when_the_chart_is_used() -> None:
    """"first roll a 6, then roll again against the chart below": a score of 7 uses the chart, a 4+ does not."""
    seven = brief(FANTASY, "to_hit", given={"shooter.bs": 3, "shooter.moved": True, "target.in_hard_cover": True})
    assert shown(seven) == ["follow_up_chart"]
    assert "* a score of 7 needs a 6, then 4+ on a second D6 (assumes follow_up_chart)" in seven
    assert shown(brief(FANTASY, "to_hit", given={"shooter.bs": 3})) == []


def test_skirmish_timing_window_frames_and_the_pass_direction_decides() -> None:
    """"calculated before comparing the result to the printed Faction Command Value": which way passes decides the
    chance; the timing window decides nothing a situation does not already say."""
    assert shown(brief(SKIRMISH, "to_hit", given={"attacker.to_hit": 4, "target.in_cover": True})) == []
    assert shown(brief(SKIRMISH, "command_roll", given={"faction.command_value": 7})) == ["command_pass_direction"]


@pytest.mark.parametrize(("given", "expected"), [
    ({"attack.ranged": True, "target.in_cover": True}, ["save_roll_quantity"]),
    ({"attack.ranged": False, "target.in_cover": True}, []),  # "+1 ... against ranged attacks": a melee attack
    ({"attack.ranged": True, "target.in_cover": False}, []),
])
def test_the_cover_assumption_only_when_cover_counted(given: dict[str, bool], expected: list[str]) -> None:
    assert shown(brief(WH40K, "save_roll", given=given)) == expected


def test_a_strength_of_four_does_not_need_the_dash_reading() -> None:
    """"has S 1 for that interaction" is about a weapon whose S is '-': S 4 relies on nothing of it."""
    assert shown(brief(WH40K, "S", base="4")) == []


def test_every_fantasy_ruling_shows_only_assumptions_that_decided_it() -> None:
    """Brute force over every true/false mix of fantasy's to-hit conditions: each assumption shown is tied to a rule
    that counted, a policy that bit, or the chart the score used (read from the pack, not from the brief)."""
    bools = sorted(n for n, f in FANTASY.facts.items() if f.type.kind == "bool" and f.derive is None)
    for values in itertools.product((False, True), repeat=len(bools)):
        given = {"shooter.bs": 3, "target.unit_strength": 5, **dict(zip(bools, values, strict=True))}
        try:
            ruling = ask(FANTASY, "to_hit", Situation(given=given))
        except Exception:  # a contradiction between the facts: no ruling to show
            continue
        assert set(shown(brief_text(ruling, FANTASY))) <= decided(ruling) - {None}, given


def decided(ruling: Ruling) -> set[str | None]:
    """What the pack ties to the steps this ruling took (each case's, when it depends on an unknown fact)."""
    if ruling.cases is not None:
        return set().union(*(decided(c.ruling) for c in ruling.cases))
    out = {a for r in ruling.applied for a in FANTASY.modifiers[r.rule].assumptions}
    out |= {FANTASY.policies[s.policy].assumption for s in ruling.suppressed}
    return out | ({FANTASY.quantities["to_hit"].chart_assumption} if ruling.then is not None else set())


def test_a_written_pack_shows_a_rules_assumption_exactly_when_the_rule_counts(tmp_path: Path) -> None:
    pack_file = tmp_path / "pack.yaml"
    pack_file.write_text(dedent("""\
        pack: assumed
        assumptions:
          moment: {text: A situation is the moment of the roll., reason: The text reads statuses then., framing: true}
          dusk: {text: Dusk counts as night., reason: The text names night only.}
          loud: {text: The roll passes on the total or more., reason: The text says to reach it.}
        facts:
          night: {type: bool, text: "it is night"}
          need: {type: int, range: [2, 12], text: "the roll needs {value}"}
        quantities:
          roll: {kind: total, text: the roll, dice: 2D6, passes: need, better: higher, assumptions: [moment, loud]}
        modifiers:
          dark: {quantity: roll, change: -1, when: night, assumptions: [dusk]}
        """))
    pack = load_pack(str(pack_file))
    for night in (False, True):
        ruling = ask(pack, "roll", Situation(given={"night": night, "need": 7}))
        assert shown(brief_text(ruling, pack)) == (["loud", "dusk"] if night else ["loud"])
        assert "moment" in ruling.assumptions  # relied on, in the JSON and --full, not in the short text
