"""A pack declares its game's order of operations (`arithmetic:`); the engine assumes none of a game's.

wh40k.txt: "When a value is modified (e.g. characteristic, dice roll, distance), do so in the following order.
1. ... change the relevant value to the new value. ... 2. Apply multiplication modifiers. 3. Apply addition
modifiers. 4. Apply division modifiers. 5. Apply subtraction modifiers. 6. Round any fractions up after applying
all modifiers." -- that order is the `wh40k` pack's declaration now, not the engine's; a pack that declares
nothing gets ordinary arithmetic (set, multiply, divide, add, subtract; fractions rounded up).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.document import read_yaml
from kb.errors import PackError
from kb.loader import build_pack, load_pack
from kb.model import NEUTRAL, Pack
from solver.ask import ask
from solver.situation import Effect, Situation

PACK = """\
pack: order
sources:
  rules: {title: Rules, paragraphs: {1: "Add first, then halve; round any half down."}}
quantities:
  A: {kind: characteristic, characteristic: number, effects: true, text: the attacks}
  dice: {kind: pool, base: 3, effects: true, text: the dice}
  roll: {kind: roll, dice: D6, effects: true, text: a roll}
"""


def pack(extra: str = "") -> Pack:
    return build_pack([read_yaml(PACK + extra, "order.yaml")], "order")


def value(p: Pack, quantity: str, *effects: str, base: object = None, roll: int | None = None) -> Pack:
    situation = Situation(base=base, roll=roll, effects=tuple(Effect(e, e) for e in effects))
    return ask(p, quantity, situation).value


def test_without_a_declaration_operations_apply_as_in_arithmetic() -> None:
    p = pack()
    assert p.arithmetic == NEUTRAL and all(q.arithmetic == NEUTRAL for q in p.quantities.values())
    assert value(p, "A", "/2", "+1", base=3) == 3  # 3/2 + 1 = 5/2, rounded up
    assert value(p, "dice", "/2", "+1") == 3
    assert value(p, "roll", "x2", "+1", roll=2) == 5
    assert value(p, "A", "=0", "+1", base=4) == 1  # a set to 0 is modified further, as any other value


def test_a_declared_order_rounding_and_final_set_are_the_packs() -> None:
    p = pack("arithmetic: {order: [set, add, subtract, multiply, divide], round: down, set_ends: [0],"
             " cite: {source: rules, paragraph: 1, quote: 'Add first, then halve'}}\n")
    assert value(p, "A", "/2", "+1", base=3) == 2  # (3 + 1) / 2
    assert value(p, "A", "/2", "+2", base=3) == 2  # 5/2 rounded down
    assert value(p, "dice", "/2", "+2") == 2
    assert value(p, "roll", "x2", "+1", roll=2) == 6
    assert value(p, "A", "=0", "+1", base=4) == 0  # "cannot be modified by other rules"
    ruling = ask(p, "A", Situation(base=3, effects=(Effect("+1", "+1"), Effect("/2", "/2"))))
    add = next(n for n in ruling.explanation.because if n.claim.startswith("add"))
    assert add.cite is not None and "Add first, then halve" in add.cite  # a step without its own cite quotes the order


def test_the_wh40k_pack_declares_its_seeds_order() -> None:
    """"3. Apply addition modifiers. 4. Apply division modifiers." -- the seed's order, declared by its pack,
    quoted from the seed: A 3 with /2 and +1 is (3+1)/2 = 2 there, not 3/2+1 rounded up = 3."""
    wh40k = load_pack("wh40k")
    assert wh40k.arithmetic.order == ("=", "x", "+", "/", "-") and wh40k.arithmetic.round == "up"
    assert wh40k.arithmetic.set_ends == (0,)
    assert wh40k.arithmetic.cite is not None and wh40k.arithmetic.cite.paragraph == 7
    assert value(wh40k, "A", "/2", "+1", base=3) == 2
    assert value(wh40k, "OC", "=0", "+1", base=2) == 0


@pytest.mark.parametrize(("text", "message", "hint"), [
    ("arithmetic: {order: [add, set, multiply, divide, subtract]}\n", "the order starts with 'add', not set",
     "set comes first"),
    ("arithmetic: {order: [set, add, subtract, multiply]}\n", "names each of set, multiply, add, divide and "
     "subtract once", "order: [set, multiply, add, divide, subtract]"),
    ("arithmetic: {order: [set, add, add, multiply, divide]}\n", "step 'add' is listed twice", ""),
    ("arithmetic: {round: sideways}\n", "'sideways' is not one of 'up', 'down'", ""),
    ("arithmetic: {cite: {source: nowhere}}\n", "unknown source 'nowhere'", ""),
    ("arithmetic: {cite: {source: rules, paragraph: 1, quote: 'Halve first'}}\n", "the quote 'Halve first' is not "
     "in rules ¶1", "quote the paragraph's words"),
    ("arithmetic: {steps: [set]}\n", "unknown key 'steps'", "allowed: cite, order, round, set_ends"),
])
def test_a_wrong_declaration_is_located_with_a_hint(text: str, message: str, hint: str) -> None:
    with pytest.raises(PackError) as caught:
        pack(text)
    errors = [e for e in caught.value.problems if message in e.message]
    assert errors, [e.message for e in caught.value.problems]
    assert errors[0].where is not None and errors[0].where.path == "order.yaml" and errors[0].where.line >= 7
    assert hint in errors[0].hint


def test_a_folder_declares_it_once_and_an_overlay_may_replace_it(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(PACK + "arithmetic: {round: down}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("arithmetic: {round: up}\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"b.yaml:1:1: arithmetic given twice") as caught:
        load_pack(str(tmp_path))
    assert "first given at" in caught.value.problems[0].hint and "a.yaml" in caught.value.problems[0].hint
    (tmp_path / "b.yaml").write_text("overlay: round up instead\narithmetic: {round: up}\n", encoding="utf-8")
    assert load_pack(str(tmp_path)).arithmetic.round == "down"
    merged = load_pack(str(tmp_path), extra=[str(tmp_path / "b.yaml")])
    assert merged.arithmetic.round == "up" and merged.quantities["A"].arithmetic.round == "up"
