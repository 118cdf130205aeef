"""Compiled rulings agree with the engine: every field, the facts, the derivation, or the very same refusal.

The engine (`solver.ask` with every ruling made by `_branch`) is the reference. Each test asks the same question
both ways: through `ask` with every quantity compiled from its first ruling, and through the engine alone. The
situations are random ones of every built-in pack (facts given or left out, derived facts given directly, bases,
effects, rolls and targets where the quantity takes them), every situation of random packs over the whole pack
language (`tests/language.py`), and packs whose names and values are hostile.
"""

from __future__ import annotations

import ast
import random
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kb.document import read_yaml
from kb.errors import RulingsError, Span
from kb.expr import parse_expr
from kb.loader import build_pack, load_pack
from kb.model import READING, Pack
from solver.compiled import Compiled, compiled
from solver.ruling import Ruling, new_ruling
from solver.situation import Effect, Situation, situation_from_data
from solver.space.check import _without
from tests.language import DERIVED_READS, Drawn, drawn_packs

ASK = sys.modules["solver.ask"]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BUILTIN = {name: load_pack(name) for name in ("fantasy", "skirmish", "wh40k")}
DERIVED_VALUES = (("d.b", (False, True)), ("d.n", tuple(range(10))), ("d.e", ("x", "y")))
"""The derived facts of a drawn pack that a situation may give directly, with their values (`tests.language`)."""


@contextmanager
def engine_only() -> Iterator[None]:
    """Every ruling made by the engine, never compiled (nor answered by a compiled ruling made before)."""
    one, run = ASK._one, Compiled.ruling
    ASK._one = ASK._branch  # the same arguments
    Compiled.ruling = lambda self, situation: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        ASK._one, Compiled.ruling = one, run  # type: ignore[method-assign]


@contextmanager
def compiled_first() -> Iterator[None]:
    """Every quantity compiled from its first ruling."""
    after = ASK.COMPILE_AFTER
    ASK.COMPILE_AFTER = 1
    try:
        yield
    finally:
        ASK.COMPILE_AFTER = after


def fast_ruling(pack: Pack, q: Any, situation: Situation, reading: dict[str, str]) -> Ruling | None:
    """The compiled ruling of `situation` under `reading`, or None where the engine must make it."""
    found = compiled(pack, q.name, reading)
    assert found is not None
    return found.ruling(situation)


def answer(pack: Pack, quantity: str, situation: Situation) -> Any:
    """Everything a ruling says (its fields, facts and derivation, its readings' and cases'), or its refusal."""
    try:
        r = ASK.ask(pack, quantity, situation)
    except RulingsError as e:
        return ("refused", type(e).__name__, str(e))
    return said(r)


def said(r: Ruling) -> Any:
    return (r, dict(r.values or {}), r.explanation, [said(o.ruling) for o in r.readings or ()],
            [said(c.ruling) for c in r.cases or ()])


def agree(pack: Pack, quantity: str, situation: Situation) -> None:
    with engine_only():
        expected = answer(pack, quantity, situation)
    with compiled_first():
        got = answer(pack, quantity, situation)
        again = answer(pack, quantity, situation)  # from the memo of decisions
    assert got == expected
    assert again == expected


# -- random situations of any pack ------------------------------------------------------------------------------


def _words(pack: Pack) -> list[str]:
    """Keywords the pack's expressions name (and a stranger), for keywords facts."""
    from solver.consistent import expressions

    found = {"STRANGER"}
    for e in expressions(pack):
        found.update(w.upper() for w in re.findall(r"[A-Za-z][A-Za-z ]*[A-Za-z]", " ".join(re.findall(r"'([^']*)'",
                                                                                                        e.text))))
    return sorted(found)


@st.composite
def situation_data(draw: st.DrawFn, pack: Pack, quantity: str) -> dict[str, Any]:
    """A situation as a situation file gives it: most base facts given, some left out, perhaps a derived one
    given, and the base, effects, roll and target the quantity takes."""
    q = pack.quantities[quantity]
    given: dict[str, Any] = {}
    leave_out = draw(st.sampled_from([0.0, 0.0, 0.1, 0.4]))
    words = _words(pack)
    for name, fact in pack.facts.items():
        if fact.derive is not None:
            if draw(st.integers(0, 9)) == 0:  # a derived fact given directly: the engine checks it
                given[name] = draw(_value(fact, words))
            continue
        if draw(st.floats(0, 1)) < leave_out:
            continue
        given[name] = draw(_value(fact, words))
    data: dict[str, Any] = {"given": given}
    if q.kind == "characteristic" and q.base is None:
        data["base"] = draw(st.sampled_from(["3+", "2+", "6+", 4, 1, 0, -1, -2, "-", "*", "N/A", "D6", "D3+1", "2D6",
                                             12]))
    if q.effects and draw(st.booleans()):
        data["effects"] = draw(st.lists(st.sampled_from(["+1", "-1", "+2", "-2", "x2", "/2", "=3", "=2+", "=-"]),
                                        max_size=4))
    if q.kind in ("roll", "total"):
        if draw(st.booleans()):
            data["roll"] = draw(st.integers(1, 12))
        if draw(st.integers(0, 2)) == 0:
            data["target"] = draw(st.integers(2, 12))
        if draw(st.integers(0, 3)) == 0:
            data["reroll"] = draw(st.sampled_from(["ones", "failed", "all"]))
        if draw(st.integers(0, 3)) == 0:
            data["unmodified"] = draw(st.sampled_from([6, "5+"]))
    if pack.readings and draw(st.integers(0, 3)) == 0:
        reading = draw(st.sampled_from(list(pack.readings.values())))
        data["reading"] = {reading.name: draw(st.sampled_from([o for o, _ in reading.options]))}
    return data


def _value(fact: Any, words: list[str]) -> st.SearchStrategy[Any]:
    kind = fact.type.kind
    if kind == "bool":
        return st.booleans()
    if kind == "enum":
        return st.sampled_from(fact.type.values)
    if kind == "int":
        low, high = fact.range or (0, 20)
        return st.one_of(st.integers(low, min(high, low + 12)), st.integers(low, high))
    return st.lists(st.sampled_from(words), max_size=3)


def _situation(pack: Pack, data: dict[str, Any]) -> Situation:
    try:
        return situation_from_data(data, pack, Span("situation"))
    except RulingsError:
        assume(False)
        raise


@st.composite
def questions(draw: st.DrawFn) -> tuple[Pack, str, dict[str, Any]]:
    pack = BUILTIN[draw(st.sampled_from(sorted(BUILTIN)))]
    quantity = draw(st.sampled_from(sorted(pack.quantities)))
    return pack, quantity, draw(situation_data(pack, quantity))


@SETTINGS
@given(questions())
def test_compiled_rulings_agree_with_the_engine_on_builtin_packs(question: tuple[Pack, str, dict[str, Any]]) -> None:
    pack, quantity, data = question
    agree(pack, quantity, _situation(pack, data))


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_every_quantity_of_a_builtin_pack_compiles_and_is_used(name: str) -> None:
    """Not a vacuous agreement: each quantity compiles, and answers its fully known situations itself."""
    pack = BUILTIN[name]
    rng = random.Random(7)
    for quantity, q in pack.quantities.items():
        c = compiled(pack, quantity, {r.name: r.default for r in pack.readings.values()})
        assert isinstance(c, Compiled), quantity
        answered = 0
        for _ in range(200):  # random facts often break a domain constraint (healing's): most are refused
            data = _fully_known(pack, q, rng)
            try:
                situation = situation_from_data(data, pack, Span("situation"))
            except RulingsError:
                continue
            answered += c.ruling(situation) is not None
        assert answered > 0, quantity


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_situation_of_facts_alone_is_answered_as_the_engine_answers_it(name: str) -> None:
    """`ask` takes a situation that only gives facts straight to the compiled ruling (none of its checks apply):
    it gives what the engine gives, other readings included, asked once and asked again."""
    pack = BUILTIN[name]
    rng = random.Random(11)
    differing = 0
    for quantity, q in pack.quantities.items():
        for _ in range(40):
            try:
                situation = situation_from_data({"given": _fully_known(pack, q, rng)["given"]}, pack, Span("s"))
            except RulingsError:
                continue
            agree(pack, quantity, situation)
            if ("plain", quantity) in pack.index:  # it went that way (a pack whose expressions read a reading: never)
                said = answer(pack, quantity, situation)
                differing += said[0] != "refused" and bool(said[3])
    assert differing > 0 or not pack.readings or name == "wh40k"  # other readings worked out on that path too


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_derived_fact_given_directly_is_answered_as_the_engine_answers_it(name: str) -> None:
    """A situation that gives a derived fact goes to the engine's facts (`derive_facts`) and a function compiled
    for them: the same ruling, derivation and refusals as the engine's, whether the fact's inputs are given too or
    left free; and the same facts with the derived one worked out are not taken for it (a derivation says which
    facts were given)."""
    pack = BUILTIN[name]
    rng = random.Random(13)
    derived = [n for n, f in pack.facts.items() if f.derive is not None and f.type.kind in ("bool", "int", "enum")]
    answered = 0
    for quantity, q in pack.quantities.items():
        for _ in range(max(6, 60 // len(pack.quantities))):
            given = _fully_known(pack, q, rng)["given"]
            for n in rng.sample(list(given), k=len(given) // 4):
                del given[n]  # the inputs of a derived fact given are free
            worked_out = Situation(given=dict(given))
            for n in rng.sample(derived, k=min(2, len(derived))):
                given[n] = _drawn(pack.facts[n], rng)
            for situation in (worked_out, Situation(given=given)):
                agree(pack, quantity, situation)
            with compiled_first():
                answered += fast_ruling(pack, q, Situation(given=given), {}) is not None
    assert answered > 0


def _drawn(fact: Any, rng: random.Random) -> Any:
    if fact.type.kind == "bool":
        return rng.random() < 0.5
    if fact.type.kind == "enum":
        return rng.choice(fact.type.values)
    low, high = fact.range or (0, 9)
    return rng.randint(low, min(high, low + 9))


def test_a_derived_fact_given_with_its_inputs_is_worded_as_given() -> None:
    """The same facts, once with the derived fact worked out from its inputs and once also given directly: the
    derivations differ (one says it was given), and each is the engine's."""
    fantasy = BUILTIN["fantasy"]
    inputs = {"shooter.bs": 3, "hard_cover.obscures": True, "hard_cover.los": 5, "shooter.los": 2, "target.los": 3}
    with engine_only():
        expected = [answer(fantasy, "to_hit", Situation(given=g))
                    for g in (inputs, {**inputs, "target.in_hard_cover": True})]
    assert expected[0][2] != expected[1][2]
    with compiled_first():
        for _ in range(2):
            got = [answer(fantasy, "to_hit", Situation(given=g))
                   for g in (inputs, {**inputs, "target.in_hard_cover": True})]
            assert got == expected


def _fully_known(pack: Pack, q: Any, rng: random.Random) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for name, fact in pack.facts.items():
        if fact.derive is not None or name.startswith(READING):  # a reading's option: the ruling gives it
            continue
        if fact.type.kind == "bool":
            given[name] = rng.random() < 0.3
        elif fact.type.kind == "enum":
            given[name] = rng.choice(fact.type.values)
        elif fact.type.kind == "int":
            low, high = fact.range or (0, 9)
            given[name] = rng.randint(low, min(high, low + 9))
        else:
            given[name] = []
    data: dict[str, Any] = {"given": given}
    if q.kind == "characteristic" and q.base is None:
        data["base"] = rng.choice(["3+", 4, -1, "D6"])
    if q.kind in ("roll", "total"):
        data["roll"] = rng.randint(2, 6)
    return data


# -- every situation of random packs over the whole language -----------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_packs(), st.randoms(use_true_random=False))
def test_compiled_rulings_agree_with_the_engine_on_the_whole_language(drawn: Drawn, rng: random.Random) -> None:
    pack = drawn.pack()
    options = [o for o, _ in pack.readings["weight"].options] if pack.readings else [None]
    for option in options:  # every construct compiles: none is left to the engine for being unknown to the compiler
        assert compiled(pack, "q", {"weight": option} if option else {}) is not None
    worlds = drawn.worlds()
    for world in rng.sample(worlds, min(len(worlds), 24)):
        for target in drawn.targets():
            agree(pack, "q", Situation(given=world, target=target))
            if world and rng.random() < 0.3:  # a fact left out (unknown, or its default): cases, or not
                left = rng.choice(sorted(world))
                agree(pack, "q", Situation(given={k: v for k, v in world.items() if k != left}, target=target))
            if rng.random() < 0.3:  # a derived fact given directly, each of its inputs given or left free
                name, values = rng.choice(DERIVED_VALUES)
                given = {k: v for k, v in world.items() if k not in DERIVED_READS[name] or rng.random() < 0.5}
                agree(pack, "q", Situation(given={**given, name: rng.choice(values)}, target=target))


# -- a pack with one rule never holding (what `check` asks of each rule) ------------------------------------------


def never_holding(pack: Pack, rule: str) -> Pack:
    """The pack with `rule` never holding, made afresh: nothing of the pack's index (its compiled rulings) kept."""
    m = pack.modifiers[rule]
    return replace(pack, modifiers={**pack.modifiers, rule: replace(m, when=parse_expr("false"))}, index={})


def agree_without(pack: Pack, rule: str, quantity: str, situation: Situation) -> bool:
    """The pack's compiled ruling with `rule` made false in its keys (`Compiled.without`, as `check` makes it)
    answers as the engine answers the pack made afresh without it; returns whether the compiled one answered."""
    with engine_only():
        expected = answer(never_holding(pack, rule), quantity, situation)
    with compiled_first():
        answer(pack, quantity, situation)  # the pack's ruling compiled, as `check` has it before it asks without
        without = _without(pack, pack.modifiers[rule])
        found = [without.index[k] for k in pack.index.get(("compiled readings", quantity), ())]
        assert all(isinstance(c, Compiled) and c.pack is without for c in found)
        got = answer(without, quantity, situation)
        again = answer(without, quantity, situation)  # from the memo of decisions
        plain = without.index.get(("plain", quantity))
        answered = any(c.ruling(situation) is not None for c in found) or (
            plain is not None and plain[0].ruling(situation) is not None)
    assert got == expected
    assert again == expected
    return answered


@SETTINGS
@given(questions(), st.data())
def test_a_rule_made_never_to_hold_is_answered_as_the_pack_without_it(question: tuple[Pack, str, dict[str, Any]],
                                                                      data: st.DataObject) -> None:
    pack, quantity, situation_data = question
    rules = [m.name for m in pack.modifiers_of(quantity)]
    assume(rules)
    agree_without(pack, data.draw(st.sampled_from(rules)), quantity, _situation(pack, situation_data))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_packs(), st.randoms(use_true_random=False))
def test_a_rule_made_never_to_hold_is_answered_as_the_pack_without_it_in_the_whole_language(
        drawn: Drawn, rng: random.Random) -> None:
    pack = drawn.pack()
    rules = [m.name for m in pack.modifiers_of("q")]
    assume(rules)
    worlds = drawn.worlds()
    for world in rng.sample(worlds, min(len(worlds), 8)):
        for target in drawn.targets():
            agree_without(pack, rng.choice(rules), "q", Situation(given=world, target=target))


def test_a_rule_made_never_to_hold_is_answered_by_the_compiled_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a vacuous agreement: the compiled ruling answers, with the rule's effect gone where it held, and a
    decision made once is looked up after (under the key with the rule made false)."""
    pack = load_pack("fantasy")
    situation = Situation(given={"shooter.bs": 3, "shooter.moved": True})
    assert agree_without(pack, "moved", "to_hit", situation)
    made = []
    decide = Compiled.decide
    monkeypatch.setattr(Compiled, "decide", lambda self, *args: made.append(args[2]) or decide(self, *args))
    with compiled_first():
        without = _without(pack, pack.modifiers["moved"])
        r, again = (ASK.ask(without, "to_hit", situation) for _ in range(2))
    assert (r.value, r.applied, again.value) == (4, (), 4)
    assert without.index["plain", "to_hit"][0].pack is without  # `ask`'s way straight to it, made false there too
    assert len(made) == 1 and made[0][:len(without.modifiers_of("to_hit"))].count(True) == 0


# -- hostile names and values ----------------------------------------------------------------------------------

HOSTILE_TEXT = st.sampled_from([
    "values", "given", "situation", "U", "K0", "t1", "f2", "GiveUp", "key", "decision", "exec", "eval", "print",
    "__import__", "os.system('rm -rf /')", "'); import os; ('", '"quoted"', "back\\slash", "new\nline", "{value}",
    "été", "ｆａｃｔ", "\u202eright-to-left", "x" * 300, "", " ", "0", "-1", "True", "None", "a.b.c", "__class__",
]) | st.text(max_size=12)
NAMES = st.sampled_from(["values", "given", "situation", "U", "K0", "t1", "f2", "GiveUp", "key", "decision", "exec",
                         "eval", "print", "builtins", "ruling", "observe", "a.values", "given.given", "été", "x_y",
                         "situation.given", "K1.t2"])


@st.composite
def hostile_packs(draw: st.DrawFn) -> tuple[Pack, dict[str, Any]]:
    """A pack whose fact names shadow the compiler's own identifiers, whose enum values and keywords hold quotes,
    backslashes, newlines and code, and whose numbers sit at the bounds; and a situation of it."""
    names = draw(st.lists(NAMES, min_size=3, max_size=5, unique=True))
    flag, number, choice = names[0], names[1], names[2]
    values = draw(st.lists(HOSTILE_TEXT.filter(lambda v: v.strip() != "" and "\n" not in v), min_size=2, max_size=3,
                           unique=True))
    big = draw(st.sampled_from([10**18, 10**17, 999_999_999_999_999_999, 7]))
    facts: dict[str, Any] = {
        flag: {"type": "bool", "text": draw(HOSTILE_TEXT)},
        number: {"type": "int", "range": [-big, big], "text": "n"},
        choice: {"type": "enum", "values": values, "text": "e"},
    }
    literal = values[0].replace("\\", "\\\\").replace("'", "\\'")
    conditions = [flag, f"not {flag}", f"{number} >= {draw(st.integers(-big, big))}", f"{choice} == '{literal}'",
                  f"{number} * {draw(st.integers(-3, 3))} < {big}", f"({number} if {flag} else -{number}) > 0",
                  f"{number} // {draw(st.integers(1, 5))} == 0",
                  f"max({number}, 0) - min({number}, 0) == abs({number})"]
    modifiers = {
        f"rule{i}": {"quantity": "q", "change": draw(st.sampled_from(["+1", "-1", "+2", "x2", "/2", "=3"])),
                     "when": draw(st.sampled_from(conditions)), "text": draw(HOSTILE_TEXT)}
        for i in range(draw(st.integers(1, 4)))
    }
    data = {"pack": "hostile", "facts": facts,
            "quantities": {"q": {"kind": "pool", "base": f"3 + ({number} % 1 if false else 0)".replace(" % 1", ""),
                                 "text": draw(HOSTILE_TEXT)}},
            "modifiers": modifiers}
    try:
        pack = build_pack([read_yaml(yaml.safe_dump(data, allow_unicode=True), "hostile.yaml")], "hostile")
    except RulingsError:
        assume(False)
        raise
    given_facts: dict[str, Any] = {}
    if draw(st.booleans()):
        given_facts[flag] = draw(st.booleans())
    if draw(st.integers(0, 4)):
        given_facts[number] = draw(st.integers(-big, big))
    if draw(st.integers(0, 4)):
        given_facts[choice] = draw(st.sampled_from(values))
    return pack, given_facts


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_packs())
def test_hostile_names_and_values_are_data_never_code(case: tuple[Pack, dict[str, Any]]) -> None:
    pack, given_facts = case
    c = compiled(pack, "q", {})
    assert c is not None
    identifiers = {n.id for n in ast.walk(c.source) if isinstance(n, ast.Name)}
    identifiers |= {a.arg for n in ast.walk(c.source) if isinstance(n, ast.arguments) for a in n.args}
    hooks = "Memo|Decide|Make|Automatic|Derived"  # what it calls back (`Compiled.hooks`)
    allowed = re.compile(rf"^(?:[ftK]\d+|U|GiveUp|values|given|situation|key|decision|{hooks})$")
    assert all(allowed.match(name) for name in identifiers), identifiers  # a pack's name is never an identifier
    assert all(isinstance(n.value, (str, int, bool, type(None), tuple)) for n in ast.walk(c.source)
               if isinstance(n, ast.Constant))
    agree(pack, "q", Situation(given=given_facts))


# -- the pieces ----------------------------------------------------------------------------------------------


def test_a_fast_ruling_is_built_as_the_dataclass_builds_it() -> None:
    from dataclasses import fields

    values = {f.name: object() for f in fields(Ruling)}
    made = new_ruling(*values.values())
    assert type(made) is Ruling
    assert all(getattr(made, name) is value for name, value in values.items())


def test_what_a_compiled_ruling_leaves_to_the_engine() -> None:
    fantasy = BUILTIN["fantasy"]
    q = fantasy.quantities["to_hit"]
    assert fast_ruling(fantasy, q, Situation(given={"shooter.bs": 3}), {}) is not None
    assert fast_ruling(fantasy, q, Situation(given={}), {}) is None  # shooter.bs unknown: cases
    hard = Situation(given={"shooter.bs": 3, "target.in_hard_cover": True})  # a derived fact given: compiled too
    found = fast_ruling(fantasy, q, hard, {})
    with engine_only():
        assert found is not None and said(found) == said(ASK.ask(fantasy, "to_hit", hard))
    assert compiled(fantasy, "to_hit", {}).given_derived is not None  # (its own function, built on first use)
    broken = Situation(given={"shooter.bs": 3, "target.in_hard_cover": False, "hard_cover.obscures": True,
                              "hard_cover.los": 5, "shooter.los": 1, "target.los": 1})  # its inputs derive true
    assert fast_ruling(fantasy, q, broken, {}) is None  # the engine says what contradicts
    with pytest.raises(RulingsError, match=r"target\.in_hard_cover is given as false"):
        ASK.ask(fantasy, "to_hit", broken)
    assert fast_ruling(fantasy, q, Situation(given={"shooter.bs": 3}, groups=(("a", Situation()),)), {}) is None


def test_an_unknown_condition_or_a_huge_product_is_left_to_the_engine() -> None:
    text = """pack: edge
facts:
  a: {type: bool, text: a}
  n: {type: int, range: [0, 1000000000000000000], text: n}
  m: {type: int, range: [0, 3], text: m}
quantities:
  q: {kind: pool, base: 5, text: dice}
modifiers:
  same: {quantity: q, change: +1, when: "(2 if a else 2) == 2"}
  big: {quantity: q, change: +1, when: "n * n * n > 5"}
  either: {quantity: q, change: +1, when: "(m if a else 1) >= 1"}
"""
    pack = build_pack([read_yaml(text, "edge.yaml")], "edge")
    for facts in ({}, {"n": 1}, {"n": 10**18}, {"n": 2, "m": 0}, {"n": 2, "a": True}, {"n": 2, "a": True, "m": 1},
                  {"n": 2, "a": False}):
        agree(pack, "q", Situation(given=facts))


def test_the_free_inputs_of_a_derived_fact_given_are_unknown_not_their_defaults() -> None:
    """docs/pack-format.md: giving a derived fact says nothing of its inputs, so their defaults do not apply: a
    rule that reads one is unknown (the engine lists the cases), not decided by the default."""
    text = """pack: free
facts:
  a: {type: bool, default: false, text: a}
  b: {type: bool, default: false, text: b}
  d: {type: bool, derive: "a or b", text: d}
quantities:
  q: {kind: pool, base: 5, text: dice}
modifiers:
  on_a: {quantity: q, change: +1, when: "a"}
  on_d: {quantity: q, change: +2, when: "d"}
"""
    pack = build_pack([read_yaml(text, "free.yaml")], "free")
    for facts in ({}, {"a": True}, {"d": True}, {"d": True, "a": False}, {"d": True, "b": True}, {"d": False}):
        agree(pack, "q", Situation(given=facts))
    with compiled_first():
        ruling = ASK.ask(pack, "q", Situation(given={"d": True}))
    assert ruling.cases is not None and sorted(c.ruling.value for c in ruling.cases) == [7, 8]


SKIRMISH_POOL = {"attacker.bases": 3, "attacker.dice_per_base": 4, "attacker.shaken": True, "attacker.flanked": True}


@pytest.mark.parametrize(("name", "quantity", "given", "extra"), [
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"base": 4}),  # fantasy's to_hit derives its own base: refused
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"roll": 3}),
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"target": 4}),
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"reroll": ("ones",)}),
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"unmodified": (6,)}),
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"effects": (Effect("e", "+1"),)}),  # no ad-hoc effects: refused
    ("fantasy", "to_hit", {"shooter.bs": 3}, {"ignore": ("moved",)}),
    ("fantasy", "to_hit", {"shooter.bs": 3},
     {"groups": (("a", Situation(given={"shooter.moved": True})), ("b", Situation()))}),
    ("skirmish", "cc_dice", SKIRMISH_POOL, {"reading": {"cc_penalties": "once"}}),  # 12 - 3, not 12 - 6
    ("skirmish", "cc_dice", SKIRMISH_POOL, {}),
])
def test_a_compiled_quantity_weighs_all_a_situation_says(name: str, quantity: str, given: dict[str, Any],
                                                          extra: dict[str, Any]) -> None:
    """Once a quantity is compiled, `ask` takes a situation of facts alone straight to it; a situation that says
    anything more (a base, a roll, effects, a reading, groups...) is answered, or refused, as the engine does."""
    pack = load_pack(name)  # its own: compiled by its first ruling, not by a test before this one
    with compiled_first():
        ASK.ask(pack, quantity, Situation(given=given))
    assert ("plain", quantity) in pack.index  # the straight way is open
    agree(pack, quantity, replace(Situation(given=given), **extra))


# -- a ruling worded once per decision (what a batch keeps of each) ----------------------------------------------


DECIDED = ("pack", "quantity", "value", "display", "applied", "suppressed", "ignored", "clamped", "modifier",
           "probability", "automatic", "then", "assumptions", "choice", "extra")
"""A ruling's fields that its decision alone gives (no fact value of the situation, no derivation)."""


def decided(r: Ruling) -> tuple[Any, ...]:
    return tuple(getattr(r, name) for name in DECIDED)


def agree_worded(pack: Pack, quantity: str, situations: list[Situation]) -> None:
    """Each compiled reading of `quantity`, worded by `decided`: for each situation, the word of the ruling it makes
    (or the ruling itself, made without a decision, or None, as `ruling` says), each decision worded once."""
    with compiled_first():
        for s in situations:
            answer(pack, quantity, s)  # compiles the readings it asks
    for key in pack.index.get(("compiled readings", quantity), ()):
        found: Compiled = pack.index[key]
        words: list[Ruling] = []
        worded = found.worded(lambda r, words=words: words.append(r) or decided(r))
        for again in (False, True):
            for s in situations:
                expected, got = found.ruling(s), worded(s)
                if expected is None or isinstance(got, Ruling):  # none, or a ruling made without a decision
                    assert got == expected
                    assert got is None or got.automatic or any(n not in pack.facts or pack.facts[n].derive
                                                               for n in s.given)
                else:
                    assert got == decided(expected)
            if not again:
                first = len(words)
        assert len(words) == first <= len(situations)  # asked again, each word is the one kept


@SETTINGS
@given(questions(), st.lists(st.data(), min_size=1, max_size=1))
def test_a_ruling_worded_per_decision_is_the_word_of_its_ruling(question: tuple[Pack, str, dict[str, Any]],
                                                                 more: list[Any]) -> None:
    pack, quantity, data = question
    situations = [_situation(pack, data)]
    for _ in range(3):
        situations.append(_situation(pack, more[0].draw(situation_data(pack, quantity))))
    agree_worded(pack, quantity, situations)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_packs(), st.randoms(use_true_random=False))
def test_rulings_worded_in_the_whole_language(drawn: Drawn, rng: random.Random) -> None:
    worlds = drawn.worlds()
    agree_worded(drawn.pack(), "q", [Situation(given=w, target=t) for w in rng.sample(worlds, min(len(worlds), 12))
                                     for t in drawn.targets()])


def test_a_ruling_let_go_is_freed_without_the_cycle_collector() -> None:
    """`release` breaks every cycle a compiled ruling makes with itself: its generated function, its bound
    `explain`, and the second function compiled for a derived fact given. (Every object the collector has not
    collected is still among `gc.get_objects()`.)"""
    import gc

    from solver import Situation

    pack = load_pack("fantasy")

    def alive() -> int:
        return sum(type(o) is Compiled for o in gc.get_objects())

    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        before = alive()
        made = Compiled(pack, pack.quantities["to_hit"], {})
        ruling = made.ruling(Situation(given={"shooter.bs": 3, "target.in_hard_cover": True}))
        assert ruling is not None and ruling.display == "6+" and made.given_derived is not None
        del ruling
        made.release()
        assert alive() == before + 1
        del made
        assert alive() == before
    finally:
        if enabled:
            gc.enable()
