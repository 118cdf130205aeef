"""`solver.keyword_classes`, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/keyword_classes.py`).

Every class below is worked out by hand: each mix of the pool's keywords, smallest first (and in the pool's order
within a size), is asked every question the pack asks; the first mix to give a new set of answers stands for it.
"""

from __future__ import annotations

import pytest

from kb.model import Pack
from solver.keyword_classes import LIMIT, joint_keyword_classes, keyword_classes, keyword_pool
from tests.solver.small_packs import pack

PACK = """\
pack: k
facts:
  t.k: {type: keywords, text: the target's keywords}
  o.k: {type: keywords, text: another unit's keywords}
  kind: {type: enum, values: [FLY, SWIM], text: how it moves}
  a: {type: bool}
  seen: {type: keywords, derive: t.k, text: the keywords the enemy sees}
quantities:
  hit: {kind: score, base: 4}
modifiers:
"""


def asking(*conditions: str) -> Pack:
    """A pack whose rules ask `conditions` (one rule each)."""
    rules = "".join(f"  r{i}: {{quantity: hit, change: -1, when: \"{c}\"}}\n" for i, c in enumerate(conditions))
    return pack(PACK + rules)


def classes(p: Pack, name: str = "t.k") -> list[set[str]] | None:
    found = keyword_classes(p, name)
    return None if found is None else [set(c) for c in found]


def test_a_keyword_asked_with_in_and_the_pieces_of_a_phrase_make_the_pool() -> None:
    # 'Vehicles' asks for VEHICLE (as written, VEHICLES); the phrase for VEHICLE (excluded) and MONSTER
    p = asking("'Vehicles' in t.k", "matches('non-VEHICLE Monster', t.k)")
    assert keyword_pool(p, "t.k") == ("VEHICLES", "MONSTER")
    # answers (VEHICLE?, the phrase, the phrase read whole): {} FFF, {VEHICLES} TFF, {MONSTER} FTT, both TFF
    assert classes(p) == [set(), {"VEHICLES"}, {"MONSTER"}]


def test_both_readings_of_a_phrase_are_asked() -> None:
    # (not VEHICLE and INFANTRY) or MOUNTED, against not VEHICLE and (INFANTRY or MOUNTED): only a mix with VEHICLE
    # and MOUNTED tells them apart ({VEHICLE, MOUNTED}: true, then false)
    p = asking("matches('non-VEHICLE Infantry or Mounted', t.k)")
    assert keyword_pool(p, "t.k") == ("VEHICLE", "INFANTRY", "MOUNTED")
    assert classes(p) == [set(), {"INFANTRY"}, {"VEHICLE", "MOUNTED"}]


@pytest.mark.parametrize("condition", ["kind in t.k", "('FLY' if a else 'SWIM') in t.k",
                                       "'FLY' in t.k or 'SWIM' in t.k", "a and kind in t.k",
                                       "('FLY' if a else kind) in t.k", "(kind if a else 'SWIM') in t.k"])
def test_every_string_the_left_side_of_in_can_be_is_asked(condition: str) -> None:
    # FLY and SWIM, each asked apart: all four mixes answer differently
    p = asking(condition)
    assert keyword_pool(p, "t.k") == ("FLY", "SWIM")
    assert classes(p) == [set(), {"FLY"}, {"SWIM"}, {"FLY", "SWIM"}]


@pytest.mark.parametrize("condition", ["'SWIM' in o.k and 'FLY' in t.k", "matches('Monster', o.k) and 'FLY' in t.k",
                                       "'FLY' in t.k and max(2, 3) > 1"])
def test_questions_of_another_fact_in_the_same_condition_are_not_asked_of_this_one(condition: str) -> None:
    p = asking(condition)
    assert keyword_pool(p, "t.k") == ("FLY",)
    assert classes(p) == [set(), {"FLY"}]


def test_not_in_asks_for_the_keyword_too() -> None:
    assert classes(asking("'FLY' not in t.k")) == [set(), {"FLY"}]


def test_a_keywords_fact_derived_from_the_fact_asks_its_questions_of_it() -> None:
    p = asking("'FLY' in seen", "'Swimmers' in t.k")
    assert keyword_pool(p, "t.k") == ("FLY", "SWIMMERS")
    assert classes(p) == [set(), {"FLY"}, {"SWIMMERS"}, {"FLY", "SWIMMERS"}]
    assert keyword_pool(p, "seen") == ("FLY",)  # the fact it is derived from reads nothing of it


def test_a_fact_no_rule_asks_about_has_one_class() -> None:
    assert keyword_pool(asking("a"), "t.k") == ()
    assert classes(asking("a")) == [set()]


def test_a_pool_of_more_than_the_limit_is_not_followed_but_the_limit_is() -> None:
    words = [f"KEYWORD{chr(65 + i)}" for i in range(LIMIT + 1)]
    too_many = asking(*(f"'{w}' in t.k" for w in words))
    assert len(keyword_pool(too_many, "t.k") or ()) == LIMIT + 1
    assert keyword_classes(too_many, "t.k") is None
    enough = asking(*(f"'{w}' in t.k" for w in words[:LIMIT]))
    found = keyword_classes(enough, "t.k")
    assert found is not None and len(found) == 2 ** LIMIT  # each keyword asked apart: every mix is its own class
    assert found[0] == frozenset() and found[-1] == frozenset(words[:LIMIT])


def test_the_classes_are_kept_in_the_packs_index() -> None:
    p = asking("'FLY' in t.k")
    first = keyword_classes(p, "t.k")
    assert keyword_classes(p, "t.k") is first
    assert p.index["keyword classes", "t.k"] == (first,)


WOLVES = """\
pack: w
facts:
  unit.kw: {type: keywords, default: []}
quantities:
  dice: {kind: pool, base: 4}
modifiers:
  wolf: {quantity: dice, change: -1, when: "'WOLF' in unit.kw"}
"""


def test_joint_classes_add_both_forms_of_a_plural_only_one_version_declares() -> None:
    # the old version reads WOLVEN as WOLF's plural: a unit of WOLVEN is a WOLF there, and no WOLF in the new one
    old, new = pack(WOLVES + "plurals:\n  WOLF: WOLVEN\n"), pack(WOLVES)
    found = joint_keyword_classes(old, new, "unit.kw")
    # answers (old, new): {} FF, {WOLF} TT, {WOLVEN} TF, {WOLF, WOLVEN} TT
    assert found is not None and [set(c) for c in found] == [set(), {"WOLF"}, {"WOLVEN"}]
    # with the plural declared in both, a unit of WOLVEN is a WOLF in each: the forms answer alike
    both = joint_keyword_classes(old, pack(WOLVES + "plurals:\n  WOLF: WOLVEN\n"), "unit.kw")
    assert both is not None and [set(c) for c in both] == [set(), {"WOLF"}]


def test_joint_classes_ask_the_questions_of_both_versions() -> None:
    old = asking("'FLY' in t.k")
    new = asking("'SWIM' in t.k")
    found = joint_keyword_classes(old, new, "t.k")
    assert found is not None and [set(c) for c in found] == [set(), {"FLY"}, {"SWIM"}, {"FLY", "SWIM"}]


def test_joint_classes_of_a_fact_one_version_lacks_are_the_other_versions() -> None:
    old = asking("'FLY' in t.k")
    new = pack(WOLVES)
    found = joint_keyword_classes(old, new, "t.k")
    assert found is not None and [set(c) for c in found] == [set(), {"FLY"}]
    assert joint_keyword_classes(new, old, "t.k") == found


def test_joint_classes_of_a_pool_too_large_are_not_followed() -> None:
    words = [f"KEYWORD{chr(65 + i)}" for i in range(LIMIT + 1)]
    old = asking(*(f"'{w}' in t.k" for w in words[:6]))
    new = asking(*(f"'{w}' in t.k" for w in words[6:]))
    assert joint_keyword_classes(old, new, "t.k") is None
