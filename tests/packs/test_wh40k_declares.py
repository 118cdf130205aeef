"""What the engine used to assume of wh40k is the `wh40k` pack's declaration now, each piece quoting its seed.

The engine holds no game (tests/kb/test_no_game_in_engine.py); the pack declares its order of operations, its
characteristics' styles, how each random characteristic is rolled, which characteristic identical weapons add up,
and that re-rolls come before modifiers -- and its rulings are what they were.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_pack, quoted
from kb.model import Citation
from solver.ask import ask
from solver.situation import Effect, Situation

PACK = load_pack("wh40k")
SEED = Path("/work/shared/seeds/wh40k.txt")


def said(cite: Citation | None) -> str:
    """The cited paragraph's words, as the pack transcribes the seed."""
    assert cite is not None
    paragraphs = {str(k): str(v) for k, v in PACK.sources[cite.source]["paragraphs"].items()}
    return paragraphs[str(cite.paragraph)]


def in_seed(quote: str) -> bool:
    """Whether the seed (where it is at hand) says the quote: the pack's transcription is the seed's words."""
    return not SEED.is_file() or quoted(quote, SEED.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("quantity", "sentence"), [
    ("M", "Random Movement: When a unit with a random M characteristic is selected to move, determine the entire "
          "unit's move distance by rolling the indicated number of dice."),
    ("A", "Random Attacks: If a weapon has a random A characteristic, that characteristic is determined when "
          "generating attacks for that weapon"),
    ("D", "then each time an attack made with it inflicts damage, the controlling player determines that weapon's "
          "characteristic when the opposing player has selected a model in the target unit to allocate that attack "
          "to."),
    ("S", "Other Random Characteristics: For all other characteristics, roll to determine the value on an "
          "individual, per-model or per-weapon basis each time that characteristic is required."),
])
def test_each_random_characteristic_says_how_the_seed_rolls_it(quantity: str, sentence: str) -> None:
    """The sentence the quantity's `random` note cites is the seed's; a ruling on a dice value shows the note with
    the quote (the engine used to print its own copy, uncited, for every pack)."""
    q = PACK.quantities[quantity]
    assert q.random is not None and quoted(q.random.cite.quote, said(q.random.cite))  # type: ignore[union-attr]
    assert quoted(q.random.cite.quote, sentence) or quoted(sentence, said(q.random.cite))  # type: ignore[union-attr]
    assert in_seed(sentence)
    r = ask(PACK, quantity, Situation(base="D6"))
    note = next(n for n in r.explanation.because if n.claim == q.random.text)
    assert note.cite == str(q.random.cite)


def test_every_characteristic_that_may_be_dice_has_its_note() -> None:
    """"For all other characteristics, roll to determine the value ... each time that characteristic is required":
    every characteristic whose value may be dice (not an X+ value) has the seed's note; X+ values cannot be dice."""
    for q in PACK.quantities.values():
        if q.kind == "characteristic" and q.base is None:
            assert (q.random is not None) == (q.characteristic != "plus"), q.name


def test_the_order_of_operations_is_declared_and_quoted() -> None:
    """"When a value is modified (e.g. characteristic, dice roll, distance), do so in the following order." --
    declared, and a step without its own citation quotes it: A 3 with x2, +1, /2, -1 is 3."""
    cite = PACK.arithmetic.cite
    assert cite is not None and quoted(cite.quote, said(cite)) and in_seed(cite.quote)
    r = ask(PACK, "A", Situation(base=3, effects=tuple(Effect(e, e) for e in ("x2", "+1", "/2", "-1"))))
    assert r.value == 3
    multiply = next(n for n in r.explanation.because if n.claim.startswith("multiply"))
    assert multiply.cite == str(cite)


def test_identical_weapons_add_up_only_the_characteristic_the_pack_names() -> None:
    """"If several weapons with random A characteristics are making identical attacks, generate the attacks for each
    of those weapons individually, and group them all together." -- A has weapons: true, quoted at its step."""
    assert [q.name for q in PACK.quantities.values() if q.weapons] == ["A"]
    r = ask(PACK, "A", Situation(base="D3", weapons=2))
    step = next(n for n in r.explanation.because if n.claim.startswith("2 identical weapons"))
    assert step.cite is not None and "group them all together" in step.cite


def test_the_styles_are_the_packs() -> None:
    """"Improving WS, BS, Sv and Ld: ... subtract the appropriate amount from the number before the plus sign";
    "Improving AP: ... subtract the appropriate amount from the characteristic"."""
    styles = {q.name: q.characteristic for q in PACK.quantities.values() if q.kind == "characteristic"}
    assert {n for n, s in styles.items() if s == "plus"} == {"WS", "BS", "Sv", "InSv", "Ld"}
    assert styles["AP"] == "ap" and styles["M"] == styles["Range"] == "inches"
    assert ask(PACK, "Sv", Situation(base="3+", effects=(Effect("+1", "+1"),))).value == "2+"
    assert ask(PACK, "AP", Situation(base=-1, effects=(Effect("+1", "+1"),))).value == -2
