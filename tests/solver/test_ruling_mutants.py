"""`solver.ruling`, checked where mutation testing found nothing watching (`python tools/mutate.py solver/ruling.py`).

Each expected ruling is worked out by hand from the small packs written here: the rules that hold count, the policies
settle conflicts among them, and the arithmetic of the quantity's kind gives the value.
"""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction

import pytest

from kb.errors import RulingsError
from kb.expr import parse_expr
from kb.model import Pack
from solver.arithmetic import Term
from solver.ask import ask
from solver.derivation import Node
from solver.ruling import (
    Applied,
    Clamped,
    Ruling,
    _plan,
    _turns,
    new_ruling,
    plans_when_changed,
)
from solver.situation import read_situation
from tests.solver.small_packs import pack

CORE = ("core: {title: Core, paragraphs: {1: Cover counts., 2: Bonuses add up to +2 at most., 3: The save is never "
        "worse than -1., 4: Nor better than +1., 5: Some hits need no roll., 6: Penalties add up to -3 at most.}}")

SAVES = f"""\
pack: r
sources:
  {CORE}
facts:
  a: {{type: bool, text: a holds}}
  b: {{type: bool, text: b holds}}
  c: {{type: bool, text: c holds}}
  d: {{type: bool, text: d holds}}
  either: {{type: bool, derive: a or b, text: one of a and b holds}}
assumptions:
  sure: {{text: the hit is sure, reason: the rules say so}}
quantities:
  save: {{kind: roll, dice: D6, passes: 4, text: a save roll}}
  hit:
    kind: score
    base: 4
    automatic: either
    text: the hit roll
    cites: {{automatic: {{source: core, paragraph: 5}}}}
    assumptions: [sure]
  pool: {{kind: pool, base: 4, effects: true}}
modifiers:
  cover: {{quantity: save, change: +1, when: a, cite: {{source: core, paragraph: 1}}}}
  shield: {{quantity: save, change: +2, when: b}}
  rend: {{quantity: save, change: -3, when: c}}
  curse: {{quantity: save, change: -1, when: d}}
  three: {{quantity: pool, change: "=3", when: a}}
  five: {{quantity: pool, change: "=5", when: b}}
policies:
  bonus: {{kind: cap, quantity: save, of: improvements, max: 2, cite: {{source: core, paragraph: 2}}}}
  malus: {{kind: cap, quantity: save, of: worsenings, min: -3, label: grim, cite: {{source: core, paragraph: 6}}}}
  floor: {{kind: cap, quantity: save, label: lowest, min: -1, cite: {{source: core, paragraph: 3}}}}
  ceiling: {{kind: cap, quantity: save, label: lowest, max: 1, cite: {{source: core, paragraph: 4}}}}
"""
"""Modifiers from line 23 (three: line 27, five: line 28)."""


@pytest.fixture(scope="module")
def saves() -> Pack:
    return pack(SAVES)


def asked(p: Pack, quantity: str, text: str) -> Ruling:
    return ask(p, quantity, read_situation(text, "s.yaml", p))


def said(node: Node) -> list[tuple[int, str, str | None, str]]:
    return [(depth, n.claim, n.cite, n.tag) for depth, n in node.lines()]


# -- a ruling that needs no roll ------------------------------------------------------------------------------------


@pytest.mark.parametrize("given, shown", [("a: true, b: false", "a = true, b = false"),
                                          ("a: false, b: true", "a = false, b = true")])
def test_an_automatic_ruling_says_why_it_needs_no_roll_and_cites_that_step(saves: Pack, given: str, shown: str) -> None:
    r = asked(saves, "hit", f"given: {{{given}}}")
    assert (r.pack, r.quantity, r.value, r.display, r.probability, r.automatic, r.impossible) == (
        "r", "hit", None, "automatic: no roll needed", Fraction(1), True, False)
    assert (r.applied, r.clamped, r.modifier, r.then, r.cases, r.assumptions) == ((), (), None, None, None, ("sure",))
    assert said(r.explanation) == [
        (0, "the hit roll (hit): automatic, no roll needed (chance 1)", "core ¶5", "value"),
        (1, "one of a and b holds: yes", None, "fact"),
        (2, f"a or b holds ({shown})", None, "fact"),
    ]
    assert r.values is not None and r.values["a"] is (given.startswith("a: true"))


# -- caps of a share of the modifiers, and caps that share a label --------------------------------------------------


def test_a_cap_on_a_share_says_what_it_held_and_cites_itself(saves: Pack) -> None:
    # +1 +2 = +3 held to +2; -3 -1 = -4 held to -3: net -1, which the floor and ceiling of `lowest` let be; 3 - 1 = 2
    r = asked(saves, "save", "given: {a: true, b: true, c: true, d: true}\nroll: 3")
    assert (r.value, r.modifier, r.probability) == (2, -1, Fraction(1, 3))
    assert r.clamped == (Clamped("bonus", 3, 2), Clamped("grim", -4, -3))
    assert [(n.claim, n.cite, n.tag) for n in r.explanation.because if n.tag == "clamp"] == [
        ("bonus: the modifiers that improve the roll, +3 in all, become +2", "core ¶2", "clamp"),
        ("grim: the modifiers that worsen the roll, -4 in all, become -3", "core ¶6", "clamp"),
    ]


@pytest.mark.parametrize("given, roll, clamps", [
    # +3 held to +2, then the ceiling: 1 (the floor turns nothing down to 1)
    ("a: true, b: true, c: false, d: false", 3, [("bonus", 3, 2, "core ¶2"), ("lowest", 2, 1, "core ¶4")]),
    # -3 alone, within grim's -3: the floor lifts it to -1
    ("a: false, b: false, c: true, d: false", 3, [("lowest", -3, -1, "core ¶3")]),
])
def test_of_two_caps_sharing_a_label_the_one_that_bit_is_cited(saves: Pack, given: str, roll: int,
                                                                 clamps: list[tuple[str, int, int, str]]) -> None:
    r = asked(saves, "save", f"given: {{{given}}}\nroll: {roll}")
    assert [(c.rule, c.before, c.after) for c in r.clamped] == [c[:3] for c in clamps]
    nodes = [(n.claim, n.cite) for n in r.explanation.because if n.tag == "clamp"]
    assert nodes[-1] == (f"lowest: {clamps[-1][1]} becomes {clamps[-1][2]}", clamps[-1][3])
    assert [cite for _, cite in nodes] == [c[3] for c in clamps]


def test_a_limit_turns_a_value_when_its_plain_numbers_do(saves: Pack) -> None:
    floor, ceiling = saves.policies["floor"], saves.policies["ceiling"]
    assert (_turns(floor, -3, -1), _turns(floor, 2, 1), _turns(floor, -1, -1)) == (True, False, True)
    assert (_turns(ceiling, 2, 1), _turns(ceiling, -3, -1), _turns(ceiling, 1, 1)) == (True, False, True)
    assert _turns(floor, "-", -1) is True  # a symbol is no number: the limit may have turned it
    reads = pack(LIMITED).policies["top"]
    assert (_turns(reads, 3, 2), _turns(reads, 5, 0)) == (True, True)  # a limit the facts set may be anything


LIMITED = """\
pack: l
facts:
  n: {type: int, range: [0, 3]}
quantities:
  save: {kind: roll, dice: D6}
policies:
  top: {kind: cap, quantity: save, max: n}
"""


# -- two sets that nothing orders -----------------------------------------------------------------------------------


def test_two_sets_to_different_values_are_refused_by_name_at_the_last_rule_that_sets(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", "given: {a: true, b: true}")
    assert caught.value.message == ("set effects five (=5) and three (=3) set one value to different values, and "
                                    "nothing in the pack orders them")
    assert str(caught.value.where).startswith("p.yaml:28:")  # five, listed after three


def test_a_set_effect_of_the_situation_is_refused_at_the_packs_rule_that_sets(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", 'given: {a: true, b: false}\neffects: [{name: Fixed, op: "=4"}]')
    assert "set effects Fixed (=4) and three (=3)" in caught.value.message
    assert str(caught.value.where).startswith("p.yaml:27:")


def test_two_set_effects_of_the_situation_alone_are_refused_by_name(saves: Pack) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(saves, "pool", 'given: {a: false, b: false}\neffects: [{name: Low, op: "=2"}, {name: High, op: "=6"}]')
    assert caught.value.message.startswith("set effects High (=6) and Low (=2) set one value to different values")


def test_two_sets_to_the_same_value_are_one_value(saves: Pack) -> None:
    assert asked(saves, "pool", 'given: {a: true, b: false}\neffects: [{name: Fixed, op: "=3"}]').value == 3


# -- rulings made without the dataclass's constructor ---------------------------------------------------------------


def test_a_ruling_made_fast_is_the_ruling_its_fields_make() -> None:
    node = Node("x")
    values = {"a": True}
    given = ("p", "q", 3, "3", node, (Applied("r", "+1"),), (), ("s",), (Clamped("c", 4, 3),), 1, Fraction(1, 2),
             False, 4, None, None, None, ("t",), None, (("passed", True),), values)
    made, plain = new_ruling(*given), Ruling(*given)
    assert type(made) is Ruling
    assert made == plain
    assert [getattr(made, f.name) for f in fields(Ruling)] == list(given)
    assert made.explanation is node and made.values is values


# -- plans for a pack with one rule's condition changed -------------------------------------------------------------


def test_the_plans_made_so_far_are_copied_with_the_changed_rule_in_its_place(saves: Pack) -> None:
    p = pack(SAVES)
    asked(p, "save", "given: {a: true, b: false, c: false, d: false}\nroll: 3")
    plan = _plan(p, p.quantities["save"], {})
    old = p.modifiers["shield"]
    new = replace(old, when=parse_expr("b and a"))
    changed = plans_when_changed(p, old, new)
    assert list(changed) == [("plan", "save", ())]
    copy = changed["plan", "save", ()]
    assert copy.modifiers == (p.modifiers["cover"], new, p.modifiers["rend"], p.modifiers["curse"])
    assert copy.by_name == {**plan.by_name, "shield": new} and copy.by_name["shield"] is new
    assert (copy.terms, copy.applied, copy.policies, copy.bounds, copy.settles, copy.chooses) == (
        plan.terms, plan.applied, plan.policies, plan.bounds, plan.settles, plan.chooses)
    assert copy.terms["shield"] == Term("shield", "+", 2)
    assert plans_when_changed(p, p.modifiers["three"], replace(p.modifiers["three"], when=parse_expr("b"))) == {}


READ = """\
pack: w
facts:
  a: {type: bool, text: a holds}
quantities:
  save: {kind: roll, dice: D6, passes: 4}
modifiers:
  cover: {quantity: save, change: +1, when: a}
  heavy: {quantity: save, change: +1, when: a, under: {weight: twice}}
readings:
  weight:
    sentence: A heavy load counts twice.
    options: {once: it counts once, twice: it counts twice}
    default: once
"""


def test_only_the_plans_of_readings_where_the_changed_rule_is_in_force_are_copied() -> None:
    p = pack(READ)
    once = asked(p, "save", "given: {a: true}\nroll: 3")
    twice = asked(p, "save", "given: {a: true}\nroll: 3\nreading: {weight: twice}")
    assert (once.modifier, twice.modifier) == (1, 2)
    plans = p.index["plans", "save"]
    assert len(plans) == 2
    old = p.modifiers["heavy"]
    new = replace(old, when=parse_expr("not a"))
    changed = plans_when_changed(p, old, new)
    assert len(changed) == 1
    (copy,) = changed.values()
    assert copy.modifiers == (p.modifiers["cover"], new)


ROWS = """\
pack: t
sources:
  core: {title: Core, paragraphs: {1: Veterans aim at -1., 2: Others at -2.}}
facts:
  vet: {type: bool, text: the shooter is a veteran}
modifiers:
  aim:
    quantity: hit
    change: -1
    per:
      table: vet
      rows: {true: 1, false: 2}
      cites:
        true: {source: core, paragraph: 1}
        false: {source: core, paragraph: 2}
    when: vet or not vet
quantities:
  hit: {kind: score, base: 4}
"""


@pytest.mark.parametrize("vet, cite", [("true", "core ¶1"), ("false", "core ¶2")])
def test_the_row_a_true_or_false_fact_picks_is_said_in_the_rules_words(vet: str, cite: str) -> None:
    r = asked(pack(ROWS), "hit", f"given: {{vet: {vet}}}")
    applied = next(n for n in r.explanation.because if n.tag == "applied")
    assert (applied.because[-1].claim, applied.because[-1].cite, applied.because[-1].tag) == (
        f"the row for vet = {vet}", cite, "row")


EFFECTS = """\
pack: e
facts:
  a: {type: bool}
quantities:
  bs: {kind: characteristic, characteristic: plus, effects: true, text: skill}
  dmg: {kind: characteristic, characteristic: number, effects: true, text: damage}
  pool: {kind: pool, base: 4, effects: true, text: dice}
"""


@pytest.fixture(scope="module")
def effects() -> Pack:
    return pack(EFFECTS)


@pytest.mark.parametrize("quantity, text, value", [
    ("bs", 'base: 3+\neffects: ["=4+"]', "4+"),  # a characteristic set to a value as written
    ("bs", 'base: 3+\neffects: ["=-"]', "-"),
    ("dmg", 'base: 2\neffects: ["=-2"]', -2),
    ("pool", 'effects: ["x2"]', 8),  # 4 dice doubled
    ("pool", 'effects: ["/2"]', 2),
    ("pool", 'effects: ["-2"]', 2),
    ("pool", 'effects: ["+-1"]', 3),  # plus a negative number: one die fewer
])
def test_a_situations_effect_counts_as_written(effects: Pack, quantity: str, text: str, value: object) -> None:
    assert asked(effects, quantity, text).value == value


@pytest.mark.parametrize("quantity, text", [
    ("pool", 'effects: ["=3+"]'),  # a value as written sets only a characteristic
    ("pool", 'effects: ["X2"]'),  # multiply is a lower-case x (or *)
    ("pool", 'effects: ["+a"]'),
    ("pool", 'effects: ["+X2"]'),
    ("pool", 'effects: ["+2-"]'),
])
def test_an_effect_that_is_no_change_is_refused_at_its_place(effects: Pack, quantity: str, text: str) -> None:
    op = text.split('"')[1]
    with pytest.raises(RulingsError) as caught:
        asked(effects, quantity, text)
    assert caught.value.message == f"effect {op!r}: {op!r} is not +N, -N, xN, /N or =N"
    assert str(caught.value.where).startswith("s.yaml:1:")
    assert caught.value.hint is not None and caught.value.hint.startswith('e.g. effects: ["+1"')


@pytest.mark.parametrize("written", ["2-", "X2"])
def test_a_characteristic_set_to_no_value_is_refused(effects: Pack, written: str) -> None:
    with pytest.raises(RulingsError) as caught:
        asked(effects, "dmg", f'base: 2\neffects: ["={written}"]')
    assert caught.value.message == f"dmg (set by ={written}): {written!r} is not a characteristic value"


def exclusive(policy: str) -> Pack:
    return pack(f"""\
pack: x
sources:
  core: {{title: Core, paragraphs: {{1: Only the best bonus counts.}}}}
facts:
  a: {{type: bool}}
  b: {{type: bool}}
quantities:
  save: {{kind: roll, dice: D6}}
modifiers:
  cover: {{quantity: save, change: +1, when: a}}
  shield: {{quantity: save, change: +2, when: b}}
policies:
  {policy}
""")


@pytest.mark.parametrize("policy, said, cite", [
    ("only: {kind: exclusive, rules: [cover, shield], text: only the first bonus counts, "
     "cite: {source: core, paragraph: 1}}", "(only: only the first bonus counts)", "core ¶1"),
    ("only: {kind: exclusive, rules: [cover, shield]}", "(only)", None),
])
def test_a_rule_an_exclusive_group_suppresses_is_said_with_the_group_and_its_words(policy: str, said: str,
                                                                                   cite: str | None) -> None:
    r = asked(exclusive(policy), "save", "given: {a: true, b: true}\nroll: 3")
    assert r.value == 4  # the group keeps the first rule listed: 3 + 1
    node = next(n for n in r.explanation.because if n.tag == "suppressed")
    assert (node.claim, node.cite, node.tag) == (f"shield does not count, cover counts instead {said}", cite,
                                                 "suppressed")


NUMBERED = """\
pack: n
sources:
  core: {title: Core, paragraphs: {1: Beyond 12 inches a shot is at -1.}}
facts:
  far: {type: int, range: [0, 24], text: "the range is {value}"}
modifiers:
  aim:
    quantity: hit
    change: -1
    per:
      table: far
      rows: {0..12: 0, 13..24: 1}
      cites:
        13..24: {source: core, paragraph: 1}
    when: far > 12
quantities:
  hit: {kind: score, base: 4}
"""


def test_the_row_a_number_picks_is_said_as_the_number() -> None:
    r = asked(pack(NUMBERED), "hit", "given: {far: 18}")
    applied = next(n for n in r.explanation.because if n.tag == "applied")
    assert (applied.because[-1].claim, applied.because[-1].cite) == ("the row for far = 18", "core ¶1")
