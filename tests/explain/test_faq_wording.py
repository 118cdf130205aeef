"""How a FAQ entry is worded: plain questions, answers with every reading's value, quotes that stay quotes."""

from __future__ import annotations

from typing import Any

from explain.faq import Entry, citations, question_text, reasons
from explain.faq_questions import TOPICS
from kb.loader import load_pack
from kb.model import Pack
from solver import ask, situation_from_data

FANTASY, SKIRMISH, WH40K = load_pack("fantasy"), load_pack("skirmish"), load_pack("wh40k")


def entry(pack: Pack, quantity: str, situation: dict[str, Any], topic: str = "topic") -> Entry:
    ruling = ask(pack, quantity, situation_from_data(situation, pack, pack.examples[0].where))
    return Entry(quantity, topic, question_text(pack, pack.quantities[quantity], situation), situation, ruling, ())


def test_a_question_says_what_is_not_so_in_plain_words() -> None:
    e = entry(WH40K, "hit_roll", {"given": {"attack.ranged": True, "weapon.indirect_fire": True,
                                            "target.visible": False}, "roll": 4})
    assert "no model of the target unit was visible to the attacking unit" in e.question
    assert "it is not the case" not in e.question


def test_an_answer_gives_every_readings_value() -> None:
    """Skirmish: "cumulative" gives 2 dice, "once" 4; the answer says both."""
    e = entry(SKIRMISH, "cc_dice", {"given": {"attacker.bases": 2, "attacker.dice_per_base": 3,
                                              "attacker.shaken": True, "attacker.flanked": True}})
    said = " ".join(reasons(e, SKIRMISH))
    assert "Read the default way, as here (each of Shaken, Flanked and Vehicle is its own -1 per Base" in said
    assert "gives-2 dice" not in said and ": 2 dice." in said and ": 4 dice." in said
    assert "-2 (-1 per physical base) because the attacking unit is Shaken." in said
    assert "cc_shaken" not in said and "cumulative" not in said


def test_a_when_answer_says_why_the_rule_asked_about_did_not_count() -> None:
    e = entry(FANTASY, "to_hit", {"given": {"shooter.bs": 3, "target.lone_model": True, "target.unit_strength": 4}},
              topic=TOPICS["boundary"])
    said = reasons(e, FANTASY)
    assert said == ["No modifier counts.", "Lone model does not apply: the target has Unit Strength 4 (more than 2)."]
    assert any("¶7" in c for c in citations(FANTASY, e)) and not any("¶4" in c for c in citations(FANTASY, e))


def test_quotes_with_an_inch_mark_stay_readable() -> None:
    e = entry(FANTASY, "to_hit", {"given": {"shooter.bs": 3, "target.within_4in": True}})
    assert 'Roll to Hit ¶5: \u201cany shot at an enemy within 4" gains a +1 shooting modifier.\u201d' in \
        citations(FANTASY, e)


CLOSE_AND_POINT_BLANK = """
pack: volley
facts:
  attack.distance: {type: int, range: [1, 24], typical: 6, text: "the target is {value} inches away"}
  weapon.range: {type: int, range: [6, 48], typical: 24, text: "the weapon has range {value} inches"}
quantities:
  to_hit: {kind: score, base: 4, text: the score needed to hit}
modifiers:
  point_blank: {quantity: to_hit, change: +1, when: "attack.distance <= 6"}
  close_volley: {quantity: to_hit, change: +1, when: "attack.distance * 4 <= weapon.range"}
"""


def test_a_rule_switched_off_for_the_answers_baseline_switches_no_other_rule_on() -> None:
    """Close volley is switched off by a distance and range where 4 times the distance is over the range. The most
    typical ones (6 inches: 24 is not under 23) are point blank, which would make the answer "3+, as without it":
    the baseline takes the first that is not (7 inches, 24), where nothing applies and 4+ is needed."""
    from explain.faq import faq
    from kb.document import read_yaml
    from kb.loader import build_pack

    pack = build_pack([read_yaml(CLOSE_AND_POINT_BLANK, "volley.yaml")], "volley")
    (entry,) = [e for e in faq(pack) if "modifier:close_volley" in e.shows]
    assert [a.rule for a in entry.ruling.applied] == ["close_volley"]
    assert entry.baseline is not None and entry.baseline.applied == () and entry.baseline.display == "4+"
