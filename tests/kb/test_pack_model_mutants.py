"""The pack model's small methods, each pinned where mutation testing found nothing watching (`python tools/mutate.py
kb/model.py`): how a fact describes a value, which citation a step of a quantity gets, which rules a sequence rolls
and which expressions it reads, a pack's lookups of modifiers, policies and assumptions, and how a change splits
into its operation and amount.

Expected values come from docs/pack-format.md (facts' `text` with `{value}`, enum `values` as display words,
`change`: "`+N`, `-N`, `xN`, `/N` or `=N`") and the docstrings of kb/model.py; each value is built here by hand.
"""

from __future__ import annotations

import pytest

from kb.errors import Span
from kb.expr import FactType, parse_expr
from kb.model import (
    Arithmetic,
    Assumption,
    Citation,
    Event,
    Fact,
    Modifier,
    Pack,
    Policy,
    Quantity,
    Remark,
    RollSequence,
    Step,
    split_change,
)

HERE = Span("test.yaml", 1, 1)
BLOW = FactType("enum", ("glancing", "solid", "crushing"))
BLOW_WORDS = (("glancing", "a glancing blow"), ("solid", "a solid blow"), ("crushing", "a crushing blow"))


# -- facts: a value in words ----------------------------------------------------------------------------------


def test_a_bool_fact_says_yes_or_no_after_its_text() -> None:
    moved = Fact("shooter.moved", FactType("bool"), "the shooter moved this turn", HERE)
    assert moved.describe(True) == "the shooter moved this turn: yes"
    assert moved.describe(False) == "the shooter moved this turn: no"  # the docstring's own example


def test_a_bool_fact_whose_text_holds_the_value_is_said_as_written() -> None:
    """`explain.faq` hands a bool fact with `{value}` in its text to `describe` and uses the text as it stands."""
    odd = Fact("a.b", FactType("bool"), "the attack is {value}", HERE)
    assert odd.describe(True) == "the attack is {value}"
    assert odd.describe(False) == "the attack is {value}"


def test_an_enum_fact_puts_its_display_words_where_its_text_says_value() -> None:
    """docs/pack-format.md: `values: {crushing: a crushing blow, ...}`, `text: the attack is {value}`."""
    blow = Fact("attack.blow", BLOW, "the attack is {value}", HERE, value_text=BLOW_WORDS)
    assert blow.describe("crushing") == "the attack is a crushing blow"
    assert blow.describe("solid") == "the attack is a solid blow"


def test_a_fact_without_value_in_its_text_says_the_value_after_a_colon() -> None:
    blow = Fact("attack.blow", BLOW, "the blow", HERE, value_text=BLOW_WORDS)
    assert blow.describe("glancing") == "the blow: a glancing blow"
    bs = Fact("shooter.bs", FactType("int"), "the shooter's Ballistic Skill", HERE, range=(1, 10))
    assert bs.describe(4) == "the shooter's Ballistic Skill: 4"


def test_an_int_fact_puts_its_value_in_its_text() -> None:
    bs = Fact("shooter.bs", FactType("int"), "the shooter has Ballistic Skill {value}", HERE, range=(1, 10))
    assert bs.describe(4) == "the shooter has Ballistic Skill 4"


def test_a_value_the_fact_gives_no_words_is_shown_as_it_is() -> None:
    blow = Fact("attack.blow", BLOW, "the attack is {value}", HERE, value_text=(("crushing", "a crushing blow"),))
    assert blow.shown("solid") == "solid"
    assert blow.shown("crushing") == "a crushing blow"


# -- a quantity's citation for each step ----------------------------------------------------------------------

OWN = Citation("core", 1, "own")
STEP = Citation("core", 2, "a step")
ROLLED = Citation("core", 3, "rolled")
ORDER = Citation("core", 4, "the order")


def quantity(**kwargs: object) -> Quantity:
    return Quantity("to_hit", "score", "the score needed to hit", HERE, cite=OWN, **kwargs)  # type: ignore[arg-type]


def test_a_step_the_quantity_cites_gets_its_own_citation_before_the_order_of_operations() -> None:
    q = quantity(cites=(("add", STEP), ("base", STEP)), arithmetic=Arithmetic(cite=ORDER))
    assert q.step_cite("add") == STEP
    assert q.step_cite("base") == STEP


@pytest.mark.parametrize("step", ["set", "multiply", "divide", "add", "subtract", "round", "set_ends"])
def test_an_operation_step_not_cited_gets_the_packs_order_of_operations(step: str) -> None:
    q = quantity(arithmetic=Arithmetic(cite=ORDER), random=Remark("roll it", ROLLED))
    assert q.step_cite(step) == ORDER


@pytest.mark.parametrize("step", ["base", "chart", "impossible_from", "automatic"])
def test_another_step_not_cited_has_no_citation(step: str) -> None:
    q = quantity(arithmetic=Arithmetic(cite=ORDER), random=Remark("roll it", ROLLED))
    assert q.step_cite(step) is None


def test_the_random_step_is_cited_by_the_random_note() -> None:
    assert quantity(random=Remark("roll it", ROLLED)).step_cite("random") == ROLLED
    assert quantity(random=Remark("roll it", ROLLED), cites=(("random", STEP),)).step_cite("random") == STEP
    assert quantity().step_cite("random") is None


# -- sequences ------------------------------------------------------------------------------------------------


def sequence(**kwargs: object) -> RollSequence:
    crit = Event("crit", (6,), HERE, when=parse_expr("attacker.lethal"), extra=parse_expr(1))
    devastating = Event("dev", (6,), HERE, damage=parse_expr("weapon.dev_damage"))
    hit = Step("hit", "hit_roll", HERE, target=parse_expr("attacker.bs"), events=(crit,))
    wound = Step("wound", "wound_roll", HERE, events=(devastating,))
    return RollSequence("attack", HERE, (hit, wound), **kwargs)  # type: ignore[arg-type]


def test_a_sequence_uses_its_rolls_and_its_attacks_and_damage_quantities() -> None:
    fnp = Step("fnp", "fnp_roll", HERE, target=parse_expr("target.fnp"))
    whole = sequence(attacks="attacks", damage="damage", each_point=fnp)
    assert [s.name for s in whole.rolls] == ["hit", "wound", "fnp"]
    assert whole.uses() == {"hit_roll", "wound_roll", "fnp_roll", "attacks", "damage"}
    bare = sequence()
    assert [s.name for s in bare.rolls] == ["hit", "wound"]
    assert bare.uses() == {"hit_roll", "wound_roll"}
    assert sequence(damage="damage").uses() == {"hit_roll", "wound_roll", "damage"}


def test_a_sequences_expressions_are_its_models_wounds_targets_and_events_in_order() -> None:
    fnp = Step("fnp", "fnp_roll", HERE, target=parse_expr("target.fnp"))
    whole = sequence(each_point=fnp, models=parse_expr("target.models"), wounds=parse_expr("target.wounds"))
    assert [x.text for x in whole.expressions()] == [
        "target.models", "target.wounds", "attacker.bs", "attacker.lethal", "1", "weapon.dev_damage", "target.fnp",
    ]
    assert whole.reads() == {"target.models", "target.wounds", "attacker.bs", "attacker.lethal",
                             "weapon.dev_damage", "target.fnp"}
    assert [x.text for x in sequence().expressions()] == ["attacker.bs", "attacker.lethal", "1",
                                                          "weapon.dev_damage"]


# -- a pack's lookups -----------------------------------------------------------------------------------------


def modifier(name: str, *quantities: str) -> Modifier:
    return Modifier(name, quantities, "+", parse_expr(1), parse_expr(True), HERE)


def pack(modifiers: list[Modifier], policies: list[Policy], assumptions: list[Assumption] = ()) -> Pack:  # type: ignore[assignment]
    return Pack("p", "P", "p.yaml", {}, {}, {m.name: m for m in modifiers}, {p.name: p for p in policies},
                assumptions={a.name: a for a in assumptions})


def test_modifiers_of_each_quantity_are_its_own_in_pack_order() -> None:
    p = pack([modifier("cover", "save"), modifier("aim", "hit", "wound"), modifier("moved", "hit")], [])
    assert [m.name for m in p.modifiers_of("hit")] == ["aim", "moved"]
    assert [m.name for m in p.modifiers_of("save")] == ["cover"]
    assert [m.name for m in p.modifiers_of("wound")] == ["aim"]
    assert p.modifiers_of("damage") == ()
    assert [m.name for m in p.modifiers_of("hit")] == ["aim", "moved"]  # asked again: the same


def test_modifiers_of_one_quantity_files_every_quantitys_in_one_pass() -> None:
    """A pack of many quantities asks each once: one pass over its rules, not one per quantity (10k rules in 100
    quantities: a million looks). A rule that names a quantity twice is one of its rules; a lookup the index
    holds already (a copy of the pack with one rule changed holds its own) stays."""
    p = pack([modifier("cover", "save", "save"), modifier("aim", "hit", "wound")], [])
    p.quantities.update({"hit": None, "save": None, "damage": None})  # type: ignore[dict-item]
    own = (modifier("aim", "hit"),)
    p.index["modifiers", "hit"] = own
    assert p.modifiers_of("save") == (p.modifiers["cover"],)
    assert {k: [m.name for m in v] for k, v in p.index.items()} == {
        ("modifiers", "hit"): ["aim"], ("modifiers", "save"): ["cover"], ("modifiers", "wound"): ["aim"],
        ("modifiers", "damage"): []}
    assert p.modifiers_of("hit") is own


def test_policies_of_a_quantity_are_those_naming_it_or_its_modifiers() -> None:
    clamp = Policy("limit", "clamp", HERE, quantities=("hit",))
    group = Policy("one_cover", "exclusive", HERE, rules=("moved", "cover"))
    beats = Policy("aim_beats_cover", "override", HERE, rule="aim", over=("cover",))
    other = Policy("save_cap", "cap", HERE, quantities=("save",))
    p = pack([modifier("cover", "save"), modifier("aim", "hit"), modifier("moved", "hit")],
             [clamp, group, beats, other])
    assert [x.name for x in p.policies_of("hit")] == ["limit", "one_cover", "aim_beats_cover"]
    # an override bears on the quantities its overriding rule changes: where `aim` never holds it never bites
    assert [x.name for x in p.policies_of("save")] == ["one_cover", "save_cap"]
    assert [x.name for x in p.policies_of("hit", "override")] == ["aim_beats_cover"]
    assert [x.name for x in p.policies_of("hit", "clamp")] == ["limit"]
    assert p.policies_of("damage") == ()
    assert [x.name for x in p.policies_of("save", "cap")] == ["save_cap"]


def test_an_assumption_is_relied_on_by_name_or_for_the_decision_it_stands_behind() -> None:
    zero = Assumption("set_to_zero_ends", "a characteristic set to 0 stays 0", "the rules say so", HERE,
                      stands_for="set_ends")
    reroll = Assumption("reroll_ones", "only ones are re-rolled", "the rules say so", HERE,
                        stands_for="dice_to_reroll")
    p = pack([], [], [zero, reroll])
    assert p.relied_on("for:set_ends") == "set_to_zero_ends"
    assert p.relied_on("for:dice_to_reroll") == "reroll_ones"
    assert p.relied_on("for:multiply_x_plus") is None
    assert p.relied_on("reroll_ones") == "reroll_ones"
    assert p.relied_on("unknown") is None


# -- a change -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "split"), [
    (-2, ("-", "2")),
    (0, ("+", "0")),
    (3, ("+", "3")),
    ("*2", ("x", "2")),
    ("×2", ("x", "2")),
    ("x 2", ("x", "2")),
    ("/2", ("/", "2")),
    ("=3", ("=", "3")),
    (" -attacker.bases ", ("-", "attacker.bases")),
    ("-", ("-", "0")),
])
def test_a_change_splits_into_its_operation_and_amount(change: str | int, split: tuple[str, str]) -> None:
    assert split_change(change) == split
