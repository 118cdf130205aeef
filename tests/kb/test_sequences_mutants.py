"""A pack's `sequences:` read, and what is wrong with one found where it is written, checked where mutation testing
found nothing watching (`python tools/mutate.py kb/sequences.py`).

Each expectation is read off the small packs written here and docs/sequences.md: what a sequence, a step and an
event hold when the pack says nothing (the defaults the schema describes), and the line and column of each
problem in the text below.
"""

from __future__ import annotations

import pytest

from kb.document import read_yaml
from kb.errors import PackError
from kb.loader import build_pack
from kb.model import Citation, Pack

HEAD = """\
pack: s
sources:
  core: {title: Core rules, paragraphs: {2: Roll to hit then to wound., 3: A critical hit scores one more.}}
assumptions:
  order: {text: The steps go in the order written., reason: The rules list them in that order.}
facts:
  weapon.lethal: {type: bool}
  weapon.mortal: {type: int, range: [0, 3], default: 0}
  target.models: {type: int, range: [1, 10], default: 1}
quantities:
  hit_roll: {kind: roll, dice: D6}
  wound_roll: {kind: roll, dice: 1D6}
  save: {kind: score, base: 4}
  scatter: {kind: roll, dice: D3}
  charge: {kind: roll, dice: 2D6}
  attacks: {kind: characteristic, characteristic: number}
  damage: {kind: characteristic, characteristic: number}
  dice: {kind: pool, base: 4}
sequences:
"""
"""Every pack below starts with these 19 lines: its sequences begin on line 20."""


def load(sequences: str) -> Pack:
    return build_pack([read_yaml(HEAD + sequences, "s.yaml")], "s")


def problems(sequences: str) -> list[tuple[str, int, int, str]]:
    """Each problem loading the pack finds: its message, line, column and hint."""
    with pytest.raises(PackError) as caught:
        load(sequences)
    return [(p.message, p.where.line, p.where.column, p.hint) for p in caught.value.problems if p.where]


FULL = """\
  attack:
    text: an attack
    cite: {source: core, paragraph: 2, quote: roll to hit}
    attacks: attacks
    damage: damage
    models: target.models
    wounds: 2
    carry_over: true
    assumptions: [order]
    steps:
      - step: hit
        roll: hit_roll
        target: 3
        passes: hits
        text: the hit roll
        cite: {source: core}
        events:
          - {name: lethal, unmodified: "5+", skip: [wound], when: weapon.lethal, text: lethal hits}
          - {name: sustained, result: 7, extra: 1, cite: {source: core, paragraph: 3}}
      - step: wound
        roll: wound_roll
        events:
          - {name: mortal, unmodified: [6, 5, 6], damage: weapon.mortal, carry_over: true}
      - step: saved
        roll: save
        keep: fails
        modified: false
    each_point: {step: ward, roll: scatter, keep: fails, target: 2}
"""


def test_a_sequence_is_read_with_everything_it_says() -> None:
    s = load(FULL).sequences["attack"]
    assert (s.name, s.where.line, s.where.column) == ("attack", 20, 3)
    assert (s.text, s.attacks, s.damage, s.carry_over, s.assumptions) == (
        "an attack",
        "attacks",
        "damage",
        True,
        ("order",),
    )
    assert s.cite == Citation("core", 2, "roll to hit")
    assert (s.models and s.models.text, s.wounds and s.wounds.text) == ("target.models", "2")
    assert [(t.name, t.roll, t.keep, t.modified, t.passes, t.text) for t in s.steps] == [
        ("hit", "hit_roll", "passes", True, "hits", "the hit roll"),
        ("wound", "wound_roll", "passes", True, "", ""),
        ("saved", "save", "fails", False, "", ""),
    ]
    hit, wound, saved = s.steps
    assert (hit.where.line, wound.where.line, saved.where.line) == (30, 39, 43)
    assert (hit.target and hit.target.text, wound.target, hit.cite, wound.cite) == (
        "3",
        None,
        Citation("core", None, ""),
        None,
    )
    lethal, sustained = hit.events
    assert (lethal.name, lethal.on, lethal.result, lethal.skip, lethal.text) == (
        "lethal",
        (5, 6),
        "unmodified",
        ("wound",),
        "lethal hits",
    )
    assert (lethal.when and lethal.when.text, lethal.extra, lethal.damage, lethal.carry_over) == (
        "weapon.lethal",
        None,
        None,
        False,
    )
    assert (lethal.where.line, lethal.cite) == (37, None)
    assert (sustained.on, sustained.result, sustained.when, sustained.skip) == ((7,), "modified", None, ())
    assert (sustained.extra and sustained.extra.text, sustained.text) == ("1", "")
    assert sustained.cite == Citation("core", 3, "")
    (mortal,) = wound.events
    assert (mortal.on, mortal.damage and mortal.damage.text, mortal.carry_over) == ((5, 6), "weapon.mortal", True)
    assert saved.events == ()
    ward = s.each_point
    assert ward is not None
    assert (ward.name, ward.roll, ward.keep, ward.modified, ward.where.line) == ("ward", "scatter", "fails", True, 47)
    assert ward.target is not None and ward.target.text == "2"


def test_a_sequence_that_says_only_its_steps_takes_every_default() -> None:
    s = load("  attack:\n    steps:\n      - {step: hit, roll: hit_roll}\n").sequences["attack"]
    assert (s.text, s.attacks, s.damage, s.each_point, s.models, s.wounds) == ("", None, None, None, None, None)
    assert (s.carry_over, s.assumptions, s.cite) == (False, (), None)
    (hit,) = s.steps
    assert (hit.target, hit.keep, hit.modified, hit.passes, hit.events, hit.text, hit.cite) == (
        None,
        "passes",
        True,
        "",
        (),
        "",
        None,
    )


@pytest.mark.parametrize(
    ("written", "on"), [("6", (6,)), ('"4+"', (4, 5, 6)), ('" 6+ "', (6,)), ("[6, 5]", (5, 6)), ("[3, 3]", (3,))]
)
def test_an_events_results_are_read_as_one_a_run_or_a_list(written: str, on: tuple[int, ...]) -> None:
    s = load(
        f"  attack:\n    steps:\n      - step: hit\n        roll: hit_roll\n        events:\n"
        f"          - {{name: crit, unmodified: {written}}}\n"
    ).sequences["attack"]
    assert s.steps[0].events[0].on == on


EVENT = (
    "  attack:\n    steps:\n      - step: hit\n        roll: {roll}\n        events:\n"
    "          - {{name: crit, {on}}}\n"
)
"""A sequence of one step with one event, on line 25."""


@pytest.mark.parametrize(
    ("roll", "on", "shown", "sides", "column"),
    [
        ("hit_roll", "unmodified: 7", "7", 6, 38),
        ("hit_roll", "unmodified: 0", "0", 6, 38),
        ("hit_roll", 'unmodified: "5"', "5", 6, 39),
        ("hit_roll", 'unmodified: "x+"', "x+", 6, 39),
        ("hit_roll", 'unmodified: "5X+"', "5X+", 6, 39),
        ("hit_roll", "unmodified: [6, 7]", "[6, 7]", 6, 38),
        ("scatter", "unmodified: 4", "4", 3, 38),
        ("save", "unmodified: 7", "7", 6, 38),
        ("nothing", "unmodified: 7", "7", 6, 38),
    ],
)
def test_an_event_on_a_result_the_die_cannot_show_is_refused_where_it_is(
    roll: str, on: str, shown: str, sides: int, column: int
) -> None:
    found = [p for p in problems(EVENT.format(roll=roll, on=on)) if "event" in p[0]]
    assert found == [
        (
            f"sequence 'attack': event 'crit' is on an unmodified {shown}, which a D{sides} cannot show",
            25,
            column,
            f"give results from 1 to {sides}",
        )
    ]


def test_an_event_on_a_modified_result_that_names_no_result_is_refused_where_it_is() -> None:
    """A modified result can be more than a die shows (7, after a +1): it is refused for naming no number, never
    for being an unmodified result it is not."""
    ((message, line, column, hint),) = problems(EVENT.format(roll="hit_roll", on='result: "+"'))
    assert message == "sequence 'attack': event 'crit' is on a result +, which names no number"
    assert (line, column, hint) == (25, 35, "give a whole number or a list of them")


@pytest.mark.parametrize(
    ("roll", "on"),
    [
        ("scatter", "unmodified: 3"),
        ("scatter", "unmodified: 1"),
        ("hit_roll", "result: 7"),
        ("hit_roll", "result: [0, 9]"),
    ],
)
def test_an_event_on_a_result_the_die_can_show_or_a_modified_result_loads(roll: str, on: str) -> None:
    load(EVENT.format(roll=roll, on=on))


def test_a_step_rolling_what_the_pack_does_not_have_is_refused_with_the_close_name() -> None:
    steps = "  attack:\n    steps:\n      - {step: hit, roll: hit_rol}\n      - {step: wound, roll: nothing}\n"
    assert problems(steps) == [
        (
            "sequence 'attack': step 'hit' rolls 'hit_rol', which is not a quantity of the pack",
            22,
            27,
            "did you mean 'hit_roll'?",
        ),
        (
            "sequence 'attack': step 'wound' rolls 'nothing', which is not a quantity of the pack",
            23,
            29,
            "name one of the pack's roll quantities",
        ),
    ]


@pytest.mark.parametrize(("roll", "kind"), [("dice", "pool"), ("attacks", "characteristic")])
def test_a_step_rolling_no_roll_or_score_is_refused(roll: str, kind: str) -> None:
    assert problems(f"  attack:\n    steps:\n      - {{step: hit, roll: {roll}}}\n") == [
        (
            f"sequence 'attack': step 'hit' rolls '{roll}', a {kind}, not a roll or a score",
            22,
            27,
            "a step rolls a roll quantity (kind: roll) or the score needed on a D6 (kind: score), one die for each die "
            "that reaches it",
        )
    ]


def test_a_step_rolling_two_dice_is_refused() -> None:
    assert problems("  attack:\n    steps:\n      - {step: run, roll: charge}\n") == [
        (
            "sequence 'attack': step 'run' rolls 'charge', which is 2D6: a step rolls one die for each die that "
            "reaches it",
            22,
            27,
            "give the step a roll quantity of one die (dice: D6)",
        )
    ]


def test_a_step_given_twice_is_refused_at_its_second_name() -> None:
    steps = (
        "  attack:\n    steps:\n      - {step: hit, roll: hit_roll}\n      - {step: wound, roll: wound_roll}\n"
        "      - {step: hit, roll: save}\n"
    )
    assert problems(steps) == [
        ("sequence 'attack': step 'hit' given twice", 24, 16, "give each step a name of its own")
    ]


SKIPS = (
    "  attack:\n    steps:\n      - {{step: hit, roll: hit_roll}}\n      - step: wound\n        roll: wound_roll\n"
    "        events:\n          - {{name: crit, unmodified: 6, skip: [{skip}]}}\n"
    "      - {{step: saved, roll: save}}\n      - {{step: fnp, roll: save}}\n"
)
"""The second of four steps skips something: the event on line 26, its skipped steps from column 48."""


@pytest.mark.parametrize("skip", ["hit", "wound"])
def test_an_event_skipping_its_own_or_an_earlier_step_is_refused_naming_the_later_ones(skip: str) -> None:
    assert problems(SKIPS.format(skip=skip)) == [
        (
            f"sequence 'attack': event 'crit' skips '{skip}', which is not after step 'wound': a step cannot feed "
            "itself",
            26,
            48,
            "skip only later steps: saved, fnp",
        )
    ]


def test_an_event_skipping_what_is_no_step_is_refused_with_the_close_later_step() -> None:
    assert problems(SKIPS.format(skip="saved, savd, nothing")) == [
        (
            "sequence 'attack': event 'crit' skips 'savd', which is not a step of the sequence",
            26,
            55,
            "did you mean 'saved'?",
        ),
        (
            "sequence 'attack': event 'crit' skips 'nothing', which is not a step of the sequence",
            26,
            61,
            "skip only later steps",
        ),
    ]


def test_the_last_step_can_skip_nothing() -> None:
    steps = (
        "  attack:\n    steps:\n      - step: hit\n        roll: hit_roll\n        events:\n"
        "          - {name: crit, unmodified: 6, skip: [hit]}\n"
    )
    assert problems(steps) == [
        (
            "sequence 'attack': event 'crit' skips 'hit', which is not after step 'hit': a step cannot feed itself",
            25,
            48,
            "skip only later steps",
        )
    ]


def test_the_roll_for_each_point_of_damage_is_checked_as_a_step_that_can_skip_nothing() -> None:
    steps = (
        "  attack:\n    steps:\n      - {step: hit, roll: hit_roll}\n    each_point:\n      step: fnp\n"
        "      roll: charge\n      events:\n        - {name: crit, unmodified: 7, skip: [hit]}\n"
    )
    assert problems(steps) == [
        (
            "sequence 'attack': step 'fnp' rolls 'charge', which is 2D6: a step rolls one die for each die that "
            "reaches it",
            25,
            13,
            "give the step a roll quantity of one die (dice: D6)",
        ),
        (
            "sequence 'attack': event 'crit' is on an unmodified 7, which a D6 cannot show",
            27,
            36,
            "give results from 1 to 6",
        ),
        (
            "sequence 'attack': event 'crit' skips 'hit', which is not a step of the sequence",
            27,
            46,
            "skip only later steps",
        ),
    ]


@pytest.mark.parametrize(
    ("key", "name", "hint"),
    [
        ("attacks", "atacks", "did you mean 'attacks'?"),
        ("damage", "damag", "did you mean 'damage'?"),
        ("attacks", "nothing", "name a characteristic quantity of the pack"),
    ],
)
def test_attacks_or_damage_naming_no_quantity_is_refused(key: str, name: str, hint: str) -> None:
    steps = f"  attack:\n    {key}: {name}\n    steps:\n      - {{step: hit, roll: hit_roll}}\n"
    assert problems(steps) == [
        (f"sequence 'attack': {key}: {name!r} is not a quantity of the pack", 21, len(key) + 7, hint)
    ]


KINDS = (
    "the number of attacks is a characteristic or a pool of dice (A, an Attack Pool); the damage is a "
    "characteristic (D)"
)


@pytest.mark.parametrize(
    ("key", "name", "said"),
    [
        ("attacks", "hit_roll", "is a roll, not a characteristic or a pool"),
        ("attacks", "save", "is a score, not a characteristic or a pool"),
        ("damage", "hit_roll", "is a roll, not a characteristic"),
        ("damage", "dice", "is a pool, not a characteristic"),
    ],
)
def test_attacks_or_damage_of_the_wrong_kind_is_refused(key: str, name: str, said: str) -> None:
    steps = f"  attack:\n    {key}: {name}\n    steps:\n      - {{step: hit, roll: hit_roll}}\n"
    assert problems(steps) == [(f"sequence 'attack': {key}: {name!r} {said}", 21, len(key) + 7, KINDS)]


def test_attacks_may_be_a_pool_and_damage_a_characteristic() -> None:
    s = load("  attack:\n    attacks: dice\n    damage: attacks\n    steps:\n      - {step: hit, roll: hit_roll}\n")
    assert (s.sequences["attack"].attacks, s.sequences["attack"].damage) == ("dice", "attacks")


NUMBER_HINT = "for a number that depends on a condition, write 'A if CONDITION else B'"
FACT_HINT = "each name in an expression is a fact declared under facts: (or true, false)"


def test_a_bad_models_or_wounds_expression_is_refused_where_it_is_written() -> None:
    steps = "  attack:\n    models: target.model\n    wounds: weapon.lethal\n"
    steps += "    steps:\n      - {step: hit, roll: hit_roll}\n"
    assert problems(steps) == [
        ("sequences.attack.models: unknown fact 'target.model' (did you mean 'target.models'?)", 21, 13, ""),
        ("sequences.attack.wounds: expression is bool, but int is expected", 22, 13, NUMBER_HINT),
    ]


def test_a_bad_expression_of_a_step_or_an_event_is_refused_where_it_is_written() -> None:
    on = "unmodified: 6, when: nofact, extra: weapon.lethal, damage: weapon.lethal"
    assert problems(EVENT.format(roll="hit_roll", on=on)) == [
        ("sequences.attack.steps.0.events.0.when: unknown fact 'nofact'", 25, 47, FACT_HINT),
        ("sequences.attack.steps.0.events.0.extra: expression is bool, but int is expected", 25, 62, NUMBER_HINT),
        ("sequences.attack.steps.0.events.0.damage: expression is bool, but int is expected", 25, 85, NUMBER_HINT),
    ]
    assert problems("  attack:\n    steps:\n      - {step: hit, roll: hit_roll, target: weapon.lethal}\n") == [
        ("sequences.attack.steps.0.target: expression is bool, but int is expected", 22, 45, NUMBER_HINT)
    ]
