"""`explain.sequence._reasons`: a step's reason lines nested under others are indented by their depth.

Mutation testing (`python tools/mutate.py explain/sequence.py`) found nothing watching the indentation of reason lines
below depth 1. A resolved attack never has such lines: `resolve` refuses a situation split into groups and a step
whose ruling depends on unknown facts (cases). So these tests take a real attack, skirmish's to an in-cover target,
and put in its hit step a ruling of the same roll resolved separately for each group, whose lines nest.

Worked out by hand from kb/packs/skirmish.yaml: to_hit starts at attacker.to_hit (4); cover (+1, a Penalty that
raises the score needed) makes it 5+ (chance 2/6 = 1/3); long range adds another +1: 6+ (1/6); in the open it is
4+ (1/2). A reason line is 4 spaces, 2 more for each depth beyond 1, then its mark; its cite 4 spaces further in.
"""

from __future__ import annotations

from dataclasses import replace

from explain.sequence import _reasons, sequence_text
from kb.loader import load_pack
from solver import Situation, ask
from solver.sequence import AttackRuling, resolve

SKIRMISH = load_pack("skirmish")
GIVEN = {"attacker.to_hit": 4, "target.save": 5}
CITE = 'modifiers ¶2: "Long Range and Targets possessing the Cover status provide a +1 Penalty to the Hit requirement."'


def attack() -> AttackRuling:
    return resolve(SKIRMISH, "attack", Situation(given={**GIVEN, "target.in_cover": True}, sequence={"attacks": 6}))


def grouped_hit(*groups: tuple[str, Situation]) -> AttackRuling:
    """The attack, its hit step's ruling the to_hit roll resolved separately for each group."""
    r = attack()
    hit = r.steps[0]
    assert hit.step.name == "hit" and hit.step.roll == "to_hit"
    ruling = ask(SKIRMISH, "to_hit", Situation(given=GIVEN, groups=groups))
    return replace(r, steps=(replace(hit, ruling=ruling), *r.steps[1:]))


def test_cover_and_long_range_cite_the_same_sentence() -> None:
    """The expected cite below is the pack's sentence for both modifiers, not copied from the output."""
    assert [str(SKIRMISH.modifiers[m].cite) for m in ("cover", "long_range")] == [CITE, CITE]


def test_a_reason_under_a_group_is_indented_two_more_spaces_and_its_cite_four_beyond_that() -> None:
    r = grouped_hit(("in cover", Situation(given={"target.in_cover": True})),
                    ("in the open", Situation(given={"target.in_cover": False})))
    lines = sequence_text(r, SKIRMISH).splitlines()
    hit = next(i for i, line in enumerate(lines) if line.startswith("  hit (to_hit): "))
    save = next(i for i, line in enumerate(lines) if line.startswith("  save (save): "))
    assert lines[hit + 1:save] == [
        "    in cover: 5+ (chance 1/3)",
        "      + +1 cover: the target has the Cover status",
        "          " + CITE,
        "    in the open: 4+ (chance 1/2)",
    ]


def test_a_reason_two_groups_down_is_indented_four_more_spaces_and_its_cite_four_beyond_that() -> None:
    far = ("at long range", Situation(given={"attack.long_range": True}))
    r = grouped_hit(("in cover", Situation(given={"target.in_cover": True}, groups=(far,))))
    assert _reasons(r.steps[0], SKIRMISH) == [
        "    in cover: at long range: 6+",
        "      at long range: 6+ (chance 1/6)",
        "        + +1 long_range: the attack is at Long Range",
        "            " + CITE,
        "        + +1 cover: the target has the Cover status",
        "            " + CITE,
    ]
