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
