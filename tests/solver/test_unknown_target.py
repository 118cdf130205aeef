"""A roll whose target reads a fact the situation leaves free has no chance, and no cases either (a roll's result is
told without them), unless the situation settles that fact: then the target is worked out, whether or not a rule's
amount reads the fact too (which splits the ruling into cases, each with its chance, where it is not settled). So a
rule that the cap takes every bit of never changes what a player is told, and `check` and `diff` say so.

Giving a derived fact directly leaves its inputs free (docs/pack-format.md), so `d.n = 3` below leaves `f.n` to be
1 (with `f.a`, 1 + 2 = 3) or 3 (without).
"""

from __future__ import annotations

from fractions import Fraction

from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.check import check_pack
from solver.space.model import Coverage

PACK = """\
pack: drawn
facts:
  f.a: {type: bool, text: a holds}
  f.n: {type: int, range: [0, 4], default: 2, text: "n is {value}"}
  d.n: {type: int, range: [0, 9], derive: "f.n + (2 if f.a else 0)", text: "dn is {value}"}
quantities:
  q: {kind: total, dice: 2D6, passes: '6 + f.n', text: the total}
modifiers:
  r0: {quantity: q, change: +1, when: "d.n >= 4", per: f.n}
"""
CAPPED = PACK + "policies:\n  cap0: {kind: cap, quantity: q, of: improvements, max: 0}\n"


def _pack(text: str) -> Pack:
    return build_pack([read_yaml(text, "drawn.yaml")], "drawn")


def _at_least(total: int) -> Fraction:
    """The chance that 2D6 totals `total` or more, counted."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total), 36)


def test_the_cases_of_a_rule_that_reads_the_same_fact_carry_their_own_chances() -> None:
    r = ask(_pack(PACK), "q", Situation(given={"d.n": 4}))
    assert [(dict(c.when), c.ruling.modifier, c.ruling.probability) for c in r.cases] == [
        ({"f.n": 2}, 2, _at_least(8 - 2)), ({"f.n": 4}, 4, _at_least(10 - 4))]


def test_a_rule_capped_to_nothing_never_changes_a_ruling_even_where_the_target_is_free() -> None:
    """Where r0 holds, the cap takes every bit of it away: with the target split into cases, the rulings with and
    without r0 are the same, so check says so rather than citing a ruling that showed a chance against one that did
    not."""
    coverage = Coverage()
    findings = check_pack(_pack(CAPPED), coverage)
    assert coverage.exhaustive
    assert {f.key for f in findings if f.kind == "never_changes"} == {"never_changes.r0.q"}


def test_diff_sees_no_change_where_only_the_split_into_cases_differs() -> None:
    """Removing the capped rule changes what no player is told in any situation where the facts are known."""
    from solver.space.diff import diff_packs

    capped = _pack(CAPPED)
    without = _pack(CAPPED.replace('when: "d.n >= 4"', 'when: "false"'))
    found = diff_packs(capped, without, "q")
    assert found.changed_rules == ("r0",) and found.changes == ()
    assert found.coverage["q"].exhaustive


def test_diff_still_tells_a_real_change_apart_in_the_cases() -> None:
    """Without the cap, r0 adds n to the total where d.n >= 4: 2D6+2 against 8 (f.a, n = 2) is now told as 2D6
    against 8."""
    from solver.space.diff import diff_packs

    found = diff_packs(_pack(PACK), _pack(PACK.replace('when: "d.n >= 4"', 'when: "false"')), "q")
    told = {(c.old, c.new) for c in found.changes}
    assert any("2D6+2" in before and "2D6+2" not in after for before, after in told), told


def test_a_target_the_situation_settles_is_worked_out_with_or_without_a_rule_reading_its_fact() -> None:
    """`f.a` and `d.n = 4` leave `f.n` only 2: the total needs 8, 15 of 36 rolls of 2D6. The same whether r0 (whose
    amount reads `f.n`) is there or not, and whether the engine or the compiled ruling answers (the third ask)."""
    for text in (CAPPED, CAPPED.replace('when: "d.n >= 4"', 'when: "false"')):
        pack = _pack(text)
        told = [ask(pack, "q", Situation(given={"f.a": True, "d.n": 4})) for _ in range(3)]
        assert [(r.display, r.probability, r.cases) for r in told] == [("2D6", _at_least(8), None)] * 3


def test_a_target_the_situation_leaves_open_is_told_without_a_chance() -> None:
    """`d.n = 3` leaves `f.n` 1 or 3: no chance and no cases, as for a target whose fact no one gives."""
    r = ask(_pack(CAPPED.replace('when: "d.n >= 4"', 'when: "false"')), "q", Situation(given={"d.n": 3}))
    assert (r.display, r.probability, r.cases) == ("2D6", None, None)


def test_a_target_read_from_a_fact_of_one_possible_value_is_worked_out() -> None:
    """A fact of one value (range [3, 3]) and no default is settled by its domain alone: the total needs 6 + 3."""
    text = PACK.replace('  f.a: {type: bool, text: a holds}\n',
                        '  f.a: {type: bool, text: a holds}\n  f.t: {type: int, range: [3, 3], text: "t is {value}"}\n')
    r = ask(_pack(text.replace("passes: '6 + f.n'", "passes: '6 + f.t'")), "q", Situation(given={"f.n": 1}))
    assert (r.display, r.probability) == ("2D6", _at_least(9))


def test_a_settled_target_still_splits_on_another_fact_a_rule_needs() -> None:
    """`f.a` and `d.n = 4` settle `f.n` at 2 (r0: +2, the total needs 8); r1 (-1 when `f.m` is 2) needs `f.m`, which
    nothing gives: a case for each, 2D6+2 (26 of 36 rolls reach 6) and 2D6+1 (21 of 36 reach 7)."""
    text = PACK.replace('  f.a: {type: bool, text: a holds}\n',
                        '  f.a: {type: bool, text: a holds}\n  f.m: {type: int, range: [1, 2], text: "m is {value}"}\n')
    text += '  r1: {quantity: q, change: -1, when: "f.m == 2"}\n'
    r = ask(_pack(text), "q", Situation(given={"f.a": True, "d.n": 4}))
    assert [(dict(c.when), c.ruling.display, c.ruling.probability) for c in r.cases or ()] == [
        ({"f.m": 1}, "2D6+2", _at_least(8 - 2)), ({"f.m": 2}, "2D6+1", _at_least(8 - 1))]
