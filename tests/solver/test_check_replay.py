"""A check's witness is completed with the facts its quantity needs, and the completion is one that can happen."""

from __future__ import annotations

from kb.document import read_yaml
from kb.loader import build_pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack, replay

FAR_AND_LONG = """
pack: ranges
facts:
  attack.distance: {type: int, range: [1, 72], typical: 12, text: "the target is {value} inches away"}
  weapon.range: {type: int, range: [6, 72], typical: 24, text: "the weapon has range {value} inches"}
  attack.long_range: {type: bool, derive: "2 * attack.distance > weapon.range", text: the target is at long range}
  attack.far: {type: bool, derive: "attack.distance > 36", text: the target is more than 36 inches away}
quantities:
  to_hit: {kind: score, base: 4}
modifiers:
  long_range: {quantity: to_hit, change: -1, when: attack.long_range}
  far: {quantity: to_hit, change: -1, when: attack.far}
"""


def test_a_subsumed_rules_witness_replays_to_both_rules_counting() -> None:
    """"far" holds exactly beyond 36 inches, where "long range" (twice the distance over a range of at most 72)
    always holds too: a subsumed rule, shown where far holds. That situation settles long range too, so it
    replays as it is, to both rules counting."""
    pack = build_pack([read_yaml(FAR_AND_LONG, "ranges.yaml")], "ranges")
    (finding,) = [f for f in check_pack(pack) if f.kind == "subsumed_rule"]
    assert finding.key == "subsumed_rule.far+long_range"
    assert finding.witness is not None and finding.witness["attack.far"] is True
    assert finding.witness.get("attack.distance", 37) > 36
    assert finding.answer == "2+; applied long_range -1, far -1"  # 4, less 1 and 1
    ruling = ask(pack, "to_hit", Situation(given=dict(finding.witness)))
    assert [a.rule for a in ruling.applied] == ["long_range", "far"]


CLOSE = FAR_AND_LONG.replace("""  far: {quantity: to_hit, change: -1, when: attack.far}""", """\
  far: {quantity: to_hit, change: -1, when: attack.far}
  close: {quantity: to_hit, change: +1, when: "attack.distance * 2 < weapon.range"}""")


def test_a_witness_giving_a_derived_fact_is_completed_with_inputs_that_derive_it() -> None:
    """Where far holds, close (twice the distance under the range) needs the distance and range. The typical 12
    inches derives far false: a completion must take a distance beyond 36, or the replay fails."""
    pack = build_pack([read_yaml(CLOSE, "ranges.yaml")], "ranges")
    given, answer = replay(pack, "to_hit", {"attack.far": True})
    assert given["attack.far"] is True and given["attack.distance"] > 36
    assert not answer.startswith("error"), answer
    assert [a.rule for a in ask(pack, "to_hit", Situation(given=given)).applied] == ["long_range", "far"]
