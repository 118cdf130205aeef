"""`explain.sequence`, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/sequence.py`).

Two small packs, whose attacks are worked out here by hand on a D6:

- tinyseq: hit on 4+ (never modified), then a save on 4+ that goes on when it fails (never modified). An unmodified
  6 to hit is a crit: it skips the save and does 2 damage, which carries over. One attack: a crit 1/6, a plain hit
  (4 or 5) 1/3, which fails its save half the time (1/6): 2 damage 1/6, 1 damage 1/6, none 2/3. Against two
  models of 1 wound, the crit's 2 damage destroys both.
- readseq: one hit on 4+ (1/2), +1 (3+, 2/3) for a steady attacker under the reading aim: generous only.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from explain.brief import Line
from explain.json import ruling_json
from explain.sequence import (
    _and,
    _damage_line,
    _decides,
    _frac,
    _marked,
    _noun,
    _one,
    _percent,
    _results,
    _spread,
    sequence_json,
    sequence_text,
)
from explain.text import render_text
from kb.loader import load_pack
from solver.sequence import AttackRuling, resolve
from solver.situation import Situation
from tests.explain.fact_packs import yaml_pack

CRITICAL = Path(__file__).resolve().parents[2] / "docs" / "examples" / "critical-game.yaml"

TINY = yaml_pack("tinyseq", """\
facts:
  a.skill: {type: int, range: [2, 6]}
  t.save: {type: int, range: [2, 6]}
quantities:
  hit_roll: {kind: roll, dice: D6}
  save_roll: {kind: roll, dice: D6}
sequences:
  attack:
    text: an attack
    steps:
      - step: hit
        roll: hit_roll
        target: a.skill
        passes: hits
        modified: false
        events:
          - {name: crit, unmodified: 6, skip: [save], damage: 2, carry_over: true}
      - step: save
        roll: save_roll
        target: t.save
        keep: fails
        passes: unsaved hits
        modified: false
""")

READ_YAML = """\
facts:
  a.steady: {type: bool}
quantities:
  hit_roll: {kind: roll, dice: D6}
modifiers:
  steady: {quantity: hit_roll, change: +1, when: a.steady, under: {aim: generous}}
readings:
  aim:
    sentence: a steady archer aims better
    options: {strict: no bonus, generous: +1 to hit}
    default: strict
assumptions:
  order: {text: the hit comes first, reason: the rules say nothing}
sequences:
  attack:
    assumptions: [order]
    steps:
      - step: hit
        roll: hit_roll
        target: 4
        passes: hits
"""
READ = yaml_pack("readseq", READ_YAML)

ONE = {"1": "1"}


def dist(d: dict[str, str], mean: str, at_least: dict[str, str]) -> dict[str, object]:
    return {"distribution": d, "mean": mean, "at_least": at_least}


def tiny() -> AttackRuling:
    return resolve(TINY, "attack", Situation(given={"a.skill": 4, "t.save": 4},
                                              sequence={"attacks": 1, "damage": 1, "models": 2, "wounds": 1}))


def test_the_whole_json_of_an_attack() -> None:
    """The hit: 1/2 of the die goes on (4, 5 or 6). The save: the crit's die goes on without a roll (1/6), a plain
    hit's when the save fails (1/6): 1/3. Damage: 2 (1/6), 1 (1/6), 0 (2/3), mean 1/2; each is as many models."""
    damage = dist({"0": "2/3", "1": "1/6", "2": "1/6"}, "1/2", {"1": "1/3", "2": "1/6"})
    assert sequence_json(tiny()) == {
        "pack": "tinyseq",
        "sequence": "attack",
        "attacks": dist(ONE, "1", ONE),
        "steps": [
            {"step": "hit", "roll": "hit_roll", "target": 4, "keep": "passes", "modified": False, "chance": "1/2",
             "events": [{"event": "crit", "on": [6], "extra": 0, "skip": ["save"], "damage": 2,
                         "carry_over": True}],
             "in": dist(ONE, "1", ONE), "out": dist({"0": "1/2", "1": "1/2"}, "1/2", {"1": "1/2"})},
            {"step": "save", "roll": "save_roll", "target": 4, "keep": "fails", "modified": False, "chance": "1/2",
             "events": [],
             "in": dist({"0": "1/2", "1": "1/2"}, "1/2", {"1": "1/2"}),
             "out": dist({"0": "2/3", "1": "1/3"}, "1/3", {"1": "1/3"})},
        ],
        "damage": {**damage, "per_attack": dist(ONE, "1", ONE)},
        "models_destroyed": damage,
        "models": 2,
        "wounds": 1,
        "outcome": damage,
        "assumptions": [],
    }


def read() -> AttackRuling:
    return resolve(READ, "attack", Situation(given={"a.steady": True},
                                              sequence={"attacks": 1, "damage": 1, "models": 1, "wounds": 1}))


def test_the_json_of_another_reading_and_the_assumptions() -> None:
    doc = sequence_json(read())
    half = dist({"0": "1/2", "1": "1/2"}, "1/2", {"1": "1/2"})
    two_thirds = dist({"0": "1/3", "1": "2/3"}, "2/3", {"1": "2/3"})
    assert doc["outcome"] == doc["models_destroyed"] == half
    assert doc["assumptions"] == ["order"]
    assert doc["readings"] == [{"reading": "aim", "option": "generous", "outcome": two_thirds,
                                "models_destroyed": two_thirds}]


def test_without_models_a_reading_has_no_models_destroyed() -> None:
    r = resolve(READ, "attack", Situation(given={"a.steady": True}, sequence={"attacks": 1, "damage": 1}))
    doc = sequence_json(r)
    assert "models_destroyed" not in doc and "models" not in doc
    assert doc["readings"] == [{"reading": "aim", "option": "generous",
                                "outcome": dist({"0": "1/3", "1": "2/3"}, "2/3", {"1": "2/3"})}]


def test_a_modified_step_carries_its_ruling_without_the_explanation() -> None:
    r = read()
    step = sequence_json(r)["steps"][0]
    ruling = r.steps[0].ruling
    assert ruling is not None
    whole = ruling_json(ruling)
    assert "explanation" in whole
    assert step["ruling"] == {k: v for k, v in whole.items() if k != "explanation"}
    assert step["ruling"]["probability"] == "1/2" and step["modified"] is True


def test_without_damage_there_is_no_damage_nor_point() -> None:
    r = resolve(READ, "attack", Situation(sequence={"attacks": 1}))
    doc = sequence_json(r)
    assert "damage" not in doc and "each_point" not in doc
    assert doc["outcome"] == dist({"0": "1/2", "1": "1/2"}, "1/2", {"1": "1/2"})


@pytest.mark.parametrize(("text", "decides"), [
    ("re-roll the 1s", True), ("always fails on a 1", True), ("re-roll: always", True), ("a +1 bonus", False),
])
def test_a_step_line_is_kept_when_it_rerolls_or_always_decides(text: str, decides: bool) -> None:
    assert _decides(text) is decides


@pytest.mark.parametrize(("tag", "said"), [("applied", "+ the text"), ("failed", "- the text"),
                                           ("note", "the text"), ("no such tag", "the text")])
def test_a_line_is_marked_by_its_tag(tag: str, said: str) -> None:
    assert _marked(Line(1, tag, "the text")) == said


@pytest.mark.parametrize(("on", "said"), [
    ((6,), "6"), ((5, 6), "5+"), ((4, 5, 6), "4+"), ((2, 3, 4, 5, 6), "2+"), ((1, 6), "1 or 6"),
    ((4, 5), "4 or 5"), ((3, 5, 6), "3 or 5 or 6"), ((1, 2), "1 or 2"),
])
def test_results_that_run_up_to_6_are_said_as_n_plus(on: tuple[int, ...], said: str) -> None:
    assert _results(on) == said


@pytest.mark.parametrize(("words", "said"), [
    (["save"], "save"), (["wound", "save"], "wound and save"), (["hit", "wound", "save"], "hit, wound and save"),
])
def test_words_are_joined_with_and(words: list[str], said: str) -> None:
    assert _and(words) == said


def test_a_whole_fraction_is_written_without_a_denominator() -> None:
    assert (_frac(Fraction(4, 2)), _frac(Fraction(2, 4))) == ("2", "1/2")


def test_the_text_of_an_attack_with_a_crit() -> None:
    """One attack: 1/2 hits; of those, the crit's 1/6 goes past the save, the plain 1/3 is rolled (fails 1/2):
    1/3 unsaved hit. Damage 1 each, the crit's 2 instead: 1/2 damage, 1/2 a model."""
    assert sequence_text(tiny(), TINY).splitlines() == [
        "An attack: 0.50 damage on average, 0.50 of 2 models destroyed (1 wound each)",
        "  models destroyed, at least: 1: 33.3%, 2: 16.7%",
        "  1 attack",
        "  hit (hit_roll): 1 die, passes on 4+, never modified: chance 1/2 -> 0.50 hits",
        "    crit: on an unmodified 6 (chance 1/6), skips the save roll, its damage is 2, its damage carries over "
        "to the next model",
        "  save (save_roll): 0.50 hits on average: 0.33 rolled, each saved on 4+, never modified; fails and goes "
        "on: chance 1/2; 0.17 go on without a roll (crit) -> 0.33 unsaved hits",
        "  damage: 1 per unsaved hit (crit: 2 instead), excess damage is lost -> 0.50 damage, 0.50 models destroyed",
    ]


def test_the_text_of_another_reading_and_an_assumption() -> None:
    assert sequence_text(read(), READ).splitlines() == [
        "Attack: 0.50 damage on average, 0.50 of 1 model destroyed (1 wound each)",
        "  models destroyed, at least: 1: 50.0%",
        "  ? read as generous (aim): 0.67 damage on average, 0.67 of 1 model destroyed (1 wound each) -- +1 to hit",
        "  1 attack",
        "  hit (hit_roll): 1 die, passes on 4+: chance 1/2 -> 0.50 hits",
        '    ? the text can be read two ways: "a steady archer aims better"',
        "  damage: 1 per hit, excess damage is lost -> 0.50 damage, 0.50 models destroyed",
        "  ? assumes: the hit comes first (order)",
    ]


def test_the_roll_for_each_point_has_its_own_json() -> None:
    """critical-game: a ward of 5 ignores a point on 5 or 6, so a point goes on with chance 4/6 = 2/3; the ward
    is never modified and has no events."""
    pack = load_pack(str(CRITICAL))
    r = resolve(pack, "attack", Situation(given={"attacker.skill": 3, "target.toughness": 4, "target.save": 4,
                                                 "target.ward": 5}, sequence={"attacks": 1, "damage": 1}))
    point = sequence_json(r)["each_point"]
    assert {k: point[k] for k in ("step", "roll", "target", "keep", "modified", "chance", "events")} == {
        "step": "ward", "roll": "save_roll", "target": 5, "keep": "fails", "modified": False, "chance": "2/3",
        "events": []}
    assert "ruling" not in point


TWO = yaml_pack("twoevents", """\
quantities:
  hit_roll: {kind: roll, dice: D6}
  ward_roll: {kind: roll, dice: D6}
sequences:
  attack:
    steps:
      - step: hit
        roll: hit_roll
        target: 4
        passes: hits
        modified: false
        events:
          - {name: crit, unmodified: 6, damage: 3}
          - {name: good, unmodified: 5, damage: 2}
    each_point: {step: ward, roll: ward_roll, target: 6, keep: fails, modified: false}
""")


def test_two_events_set_the_damage_before_the_roll_for_each_point() -> None:
    """A 4 does 1 damage, a 5 (good) 2, a 6 (crit) 3; each point is lost to the ward on a 6 (it goes on 5/6):
    1/6 x (1 + 2 + 3) x 5/6 = 5/6 damage. At least 1: (5/6 + 35/36 + 215/216) / 6 = 605/1296 (46.7%); at least
    2: (25/36 + 200/216) / 6 = 350/1296 (27.0%); 3: 125/1296 (9.6%). Each attack's own damage after the ward is
    1 (5/6) or 0: 0.83 on average."""
    r = resolve(TWO, "attack", Situation(sequence={"attacks": 1, "damage": 1}))
    assert sequence_text(r, TWO).splitlines() == [
        "Attack: 0.83 damage on average",
        "  damage, at least: 1: 46.7%, 2: 27.0%, 3: 9.6%",
        "  1 attack",
        "  hit (hit_roll): 1 die, passes on 4+, never modified: chance 1/2 -> 0.50 hits",
        "    crit: on an unmodified 6 (chance 1/6), its damage is 3",
        "    good: on an unmodified 5 (chance 1/6), its damage is 2",
        "  ward (ward_roll): each point of damage saved on 6+, never modified; fails and goes on: chance 5/6",
        "  damage: 0.83 per hit on average, after ward rolls (crit: 3, good: 2 instead, before ward rolls) "
        "-> 0.83 damage",
    ]


def test_without_damage_the_chances_count_what_the_last_step_keeps() -> None:
    """critical-game, 6 attacks, no damage: each is an unsaved wound with chance 2/3 x 1/2 x 1/2 = 1/6. At least
    1 of 6: 1 - (5/6)^6 = 31031/46656 (66.5%); at least 2: that less 6 x 1/6 x (5/6)^5, 12281/46656 (26.3%)."""
    pack = load_pack(str(CRITICAL))
    r = resolve(pack, "attack", Situation(given={"attacker.skill": 3, "target.toughness": 4, "target.save": 4},
                                          sequence={"attacks": 6}))
    lines = sequence_text(r, pack).splitlines()
    assert lines[0].endswith(": 1 unsaved wound on average")
    assert lines[1].startswith("  unsaved wounds, at least: 1: 66.5%, 2: 26.3%, 4: ")


def test_the_damage_of_each_die_is_on_average_when_it_varies() -> None:
    r = read()
    assert _damage_line(r).startswith("damage: 1 per hit, excess")
    two = replace(r, damage_per_attack={1: Fraction(1, 2), 2: Fraction(1, 2)})
    assert _damage_line(two).startswith("damage: 1.50 per hit on average, excess")


@pytest.mark.parametrize(("word", "one"), [
    ("wounds", "wound"), ("successes", "success"), ("matches", "match"), ("bushes", "bush"), ("boxes", "box"),
    ("buzzes", "buzz"), ("class", "class"), ("hit", "hit"), ("dice", "dice"),
])
def test_the_singular_of_one_plural_word(word: str, one: str) -> None:
    assert _one(word) == one


CARRY = yaml_pack("carryseq", """\
quantities:
  hit_roll: {kind: roll, dice: D6}
sequences:
  attack:
    carry_over: true
    steps:
      - {step: hit, roll: hit_roll, target: 4, modified: false}
""")


def test_excess_damage_that_carries_over_is_said_so() -> None:
    """One attack hitting on 4+ (1/2) for 2 damage against models of 1 wound: the excess carries over, so a hit
    destroys two models: 1 damage and 1 model destroyed on average (singular: it shows as 1)."""
    r = resolve(CARRY, "attack", Situation(sequence={"attacks": 1, "damage": 2, "models": 2, "wounds": 1}))
    assert _damage_line(r) == ("damage: 2 per die kept by hit, excess damage carries over -> 1 damage, "
                               "1 model destroyed")


WARD_YAML = """\
sources:
  r: {title: Rules, paragraphs: {1: "An aimed shot adds 1 to its hit roll.", 2: "A blessed model adds 1 to its ward."}}
facts:
  a.aimed: {type: bool, text: the shot is aimed}
  t.blessed: {type: bool, text: the target is blessed}
quantities:
  hit_roll: {kind: roll, dice: D6}
  ward_roll: {kind: roll, dice: D6}
modifiers:
  aimed: {quantity: hit_roll, change: +1, when: a.aimed,
          cite: {source: r, paragraph: 1, quote: "An aimed shot adds 1 to its hit roll."}}
  blessed: {quantity: ward_roll, change: +1, when: t.blessed,
            cite: {source: r, paragraph: 2, quote: "A blessed model adds 1 to its ward."}}
sequences:
  attack:
    steps:
      - {step: hit, roll: hit_roll, target: 4, passes: hits}
    each_point: {step: ward, roll: ward_roll, target: 6, keep: fails}
"""
WARD = yaml_pack("wardseq", WARD_YAML)


def ward() -> AttackRuling:
    """Not aimed: a hit on 4+ (1/2). Blessed: the ward is made on 6+ with +1, so a point is lost on 5 or 6 and goes
    on 2/3: 1/3 damage."""
    return resolve(WARD, "attack", Situation(given={"t.blessed": True, "a.aimed": False},
                                             sequence={"attacks": 1, "damage": 1}))


def test_the_roll_for_each_point_says_what_made_its_chance() -> None:
    lines = sequence_text(ward(), WARD).splitlines()
    at = lines.index("  ward (ward_roll): each point of damage saved on 6+ with +1; fails and goes on: chance 2/3")
    assert lines[at + 1:at + 3] == ["    + +1 blessed: the target is blessed",
                                    '        r \u00b62: "A blessed model adds 1 to its ward."']
    assert lines[-1] == "  damage: 0.67 per hit on average, after ward rolls -> 0.33 damage"


def test_full_shows_each_steps_whole_ruling_worded_from_the_pack() -> None:
    r = ward()
    lines = sequence_text(r, WARD, full=True).splitlines()
    start = lines.index("  hit (hit_roll): 1 die, passes on 4+: chance 1/2 -> 0.50 hits") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("  ward (ward_roll)"))
    ruling = r.steps[0].ruling
    assert ruling is not None
    whole = render_text(ruling, pack=WARD).splitlines()
    assert lines[start:end] == ["      " + line for line in whole]
    assert "        - aimed does not apply: the shot is not aimed" in lines[start:end]


def test_without_full_a_step_gives_only_what_made_its_chance() -> None:
    lines = sequence_text(ward(), WARD).splitlines()
    assert lines[3:5] == ["  hit (hit_roll): 1 die, passes on 4+: chance 1/2 -> 0.50 hits",
                          "  ward (ward_roll): each point of damage saved on 6+ with +1; fails and goes on: chance 2/3"]


def test_a_reading_without_words_is_said_without_a_dash() -> None:
    pack = yaml_pack("readseq2", READ_YAML.replace("{strict: no bonus, generous: +1 to hit}",
                                                   '{strict: "", generous: ""}'))
    r = resolve(pack, "attack", Situation(given={"a.steady": True}, sequence={"attacks": 1, "damage": 1}))
    assert "  ? read as generous (aim): 0.67 damage on average" in sequence_text(r, pack).splitlines()


def test_the_chances_shown_are_1_and_a_spread_up_to_the_most() -> None:
    """Four attacks hitting on 4+ for 1 damage: at least 1 is 15/16 (93.8%), 3 is 5/16 (31.3%), 4 is 1/16
    (6.25%, 6.3%); the spread of 4 is 1, 3 and 4 (a third and two thirds of 4, rounded)."""
    assert (_spread(4), _spread(6), _spread(1)) == ([1, 3, 4], [2, 4, 6], [1, 1, 1])
    r = resolve(READ, "attack", Situation(sequence={"attacks": 4, "damage": 1}))
    assert sequence_text(r, READ).splitlines()[:2] == ["Attack: 2 damage on average",
                                                      "  damage, at least: 1: 93.8%, 3: 31.3%, 4: 6.3%"]


def test_wounds_without_models_destroy_nothing() -> None:
    r = resolve(READ, "attack", Situation(sequence={"attacks": 1, "damage": 1, "wounds": 2}))
    assert sequence_text(r, READ).splitlines()[:2] == ["Attack: 0.50 damage on average", "  damage, at least: 1: 50.0%"]


MANY = yaml_pack("manyseq", """\
quantities:
  hit_roll: {kind: roll, dice: D6}
  wound_roll: {kind: roll, dice: D6}
  save_roll: {kind: roll, dice: D6}
sequences:
  attack:
    steps:
      - step: hit
        roll: hit_roll
        target: 3
        passes: hits
        modified: false
        events:
          - {name: crit, unmodified: 6, skip: [save]}
          - {name: good, result: 5, skip: [wound, save]}
          - {name: lucky, unmodified: 4}
      - {step: wound, roll: wound_roll, target: 4, passes: wounds, modified: false}
      - {step: save, roll: save_roll, target: 4, keep: fails, passes: unsaved wounds, modified: false}
""")


def test_events_that_skip_steps() -> None:
    """D3 attacks (2 on average), each hitting on 3+ (2/3): 4/3 hits, a quarter each a 3, a 4 (lucky, which does
    nothing more), a 5 (good: skips the wound and save rolls) and a 6 (crit: skips the save). The wound roll is
    made for all but the good's 1/3: 1 die; 1/2 passes: 1/3 + 1/2 = 5/6 wounds. The save is rolled only for the
    3's and 4's wounds (1/3), fails 1/2; the good's 1/3 and the crit's wounds (1/6) go on: 1/2 + 1/6 = 2/3."""
    r = resolve(MANY, "attack", Situation(sequence={"attacks": "D3"}))
    lines = sequence_text(r, MANY).splitlines()
    assert lines[2:] == [
        "  2 attacks on average (1 to 3)",
        "  hit (hit_roll): 2 dice on average, each passes on 3+, never modified: chance 2/3 -> 1.33 hits",
        "    crit: on an unmodified 6 (chance 1/6), skips the save roll",
        "    good: on a result of 5 (chance 1/6), skips the wound and save rolls",
        "    lucky: on an unmodified 4 (chance 1/6), nothing more",
        "  wound (wound_roll): 1.33 hits on average: 1 rolled, each passes on 4+, never modified: chance 1/2; "
        "0.33 go on without a roll (good) -> 0.83 wounds",
        "  save (save_roll): 0.83 wounds on average: 0.33 rolled, each saved on 4+, never modified; fails and goes "
        "on: chance 1/2; 0.50 go on without a roll (crit, good) -> 0.67 unsaved wounds",
    ]


def test_a_spread_of_nine() -> None:
    assert _spread(9) == [3, 6, 9]


def test_when_every_hit_skips_the_next_roll_none_is_rolled() -> None:
    """Skill 6: only a 6 hits (1/6), and it is a crit, which skips the save: no die is rolled to save."""
    r = resolve(TINY, "attack", Situation(given={"a.skill": 6, "t.save": 4}, sequence={"attacks": 1, "damage": 1}))
    assert "  save (save_roll): 0.17 hits on average: 0 rolled, each saved on 4+, never modified; fails and goes on: " \
           "chance 1/2; 0.17 go on without a roll (crit) -> 0.17 unsaved hits" in sequence_text(r, TINY).splitlines()


AIM = yaml_pack("aimseq", WARD_YAML.replace("modifiers:\n", """modifiers:
  steady: {quantity: hit_roll, change: +1, when: a.aimed, under: {aim: generous}}
  braced: {quantity: hit_roll, change: +1, when: t.blessed}
""") + """\
policies:
  one_bonus: {kind: exclusive, rules: [aimed, braced], assumption: first_wins}
assumptions:
  first_wins: {text: the first bonus is the one that counts, reason: the rules do not say}
readings:
  aim:
    sentence: an aimed shot may be steadier
    options: {strict: no more, generous: one more +1}
    default: strict
""")


def test_a_steps_reasons_keep_what_decides_its_chance() -> None:
    """Aimed (+1; braced, also +1, does not count beside it): 4+ with +1 needs a 3, 2/3; read generously another
    +1 needs a 2, 5/6. The ward as before goes on 2/3: 4/9 (0.44) damage, 5/9 (0.56) the other way. Under the step:
    the rules that counted or not, the unmodified roll (it names re-rolls) and the reading; not the distribution
    after modifiers, the chance already given, the readings' answers or the assumption (said once, at the end)."""
    r = resolve(AIM, "attack", Situation(given={"t.blessed": True, "a.aimed": True},
                                         sequence={"attacks": 1, "damage": 1}))
    assert sequence_text(r, AIM).splitlines() == [
        "Attack: 0.44 damage on average",
        "  damage, at least: 1: 44.4%",
        "  ? read as generous (aim): 0.56 damage on average -- one more +1",
        "  1 attack",
        "  hit (hit_roll): 1 die, passes on 4+ with +1: chance 2/3 -> 0.67 hits",
        "    + +1 aimed: the shot is aimed",
        '        r \u00b61: "An aimed shot adds 1 to its hit roll."',
        "    = the unmodified roll (after any re-rolls, before modifiers): 1 (1/6), 2 (1/6), 3 (1/6), 4 (1/6), "
        "5 (1/6), 6 (1/6)",
        "    x braced does not count, aimed counts instead",
        '    ? the text can be read two ways: "an aimed shot may be steadier"',
        "  ward (ward_roll): each point of damage saved on 6+ with +1; fails and goes on: chance 2/3",
        "    + +1 blessed: the target is blessed",
        '        r \u00b62: "A blessed model adds 1 to its ward."',
        "  damage: 0.67 per hit on average, after ward rolls -> 0.44 damage",
        "  ? assumes: the first bonus is the one that counts (first_wins)",
    ]


def test_a_plurals_own_spacing_is_kept() -> None:
    assert _noun(1, "unsaved  wounds") == "unsaved  wound"


@pytest.mark.parametrize(("p", "said"), [
    (Fraction(2, 2001), "<0.1%"), (Fraction(1, 1000), "0.1%"), (Fraction(999, 1000), "99.9%"),
    (Fraction(1999, 2000), ">99.9%"), (Fraction(1), "certain"), (Fraction(0), "never"), (Fraction(1, 3), "33.3%"),
])
def test_a_chance_to_a_tenth_of_a_percent(p: Fraction, said: str) -> None:
    assert _percent(p) == said


def test_a_sequence_text_holding_a_colon_is_left_out_of_the_other_readings_line_whole() -> None:
    """The other reading's line says what the attack comes to, not the part of the sequence's own words after a colon
    (`volley: the archers shoot` once read "? read as generous (aim): the archers shoot: 0.67 damage ...")."""
    named = "  attack:\n    text: 'volley: the archers shoot'\n    assumptions:"
    pack = yaml_pack("readseq3", READ_YAML.replace("  attack:\n    assumptions:", named))
    r = resolve(pack, "attack", Situation(given={"a.steady": True}, sequence={"attacks": 1, "damage": 1}))
    lines = sequence_text(r, pack).splitlines()
    assert lines[0] == "Volley: the archers shoot: 0.50 damage on average"  # a hit on 4+, 1 damage
    assert lines[2] == "  ? read as generous (aim): 0.67 damage on average -- +1 to hit"  # on 3+ with the +1
