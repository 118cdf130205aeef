"""The short text of a resolved sequence (`rulings ask PACK SEQUENCE`), as a judge says it across the table.

Each expected line is worked out from the rules and the arithmetic in its docstring, not copied from the output.
The critical-game pack (docs/examples/critical-game.yaml): a hit on Skill 3+ (2/3), a wound on Toughness 4+ (1/2),
a save on 4+ (fails 1/2); a critical hit or wound is an unmodified 6 (1/6).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from explain.sequence import _noun, _percent, sequence_json, sequence_text
from kb.loader import load_pack
from rulings.cli import main
from solver.sequence import resolve
from solver.situation import Situation

ROOT = Path(__file__).resolve().parents[2]
CRITICAL = ROOT / "docs" / "examples" / "critical-game.yaml"
PROFILE = {"attacker.skill": 3, "target.toughness": 4, "target.save": 4}
ABILITIES = {"target.ward": 5, "weapon.burst": 1, "weapon.keen": True, "weapon.deadly": True, "weapon.piercing": 3}


def _text(given: dict, sequence: dict, path: Path = CRITICAL, name: str = "attack", full: bool = False) -> str:
    pack = load_pack(str(path))
    return sequence_text(resolve(pack, name, Situation(given=given, sequence=sequence)), pack, full=full)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


# 1. singular after 1 ---------------------------------------------------------------------------------------

def test_one_unsaved_wound_and_one_die_are_singular():
    """6 attacks x 2/3 x 1/2 x 1/2 = 1 unsaved wound on average; with damage 1 that is 1 damage. One attack is
    one die, which hits with chance 2/3 (0.67 hits on average, a plural)."""
    six = _lines(_text(PROFILE, {"attacks": 6, "damage": 1}))
    assert "save (save_roll): 2 wounds on average, each saved on 4+; fails and goes on: chance 1/2 " \
           "-> 1 unsaved wound" in six
    one = _lines(_text(PROFILE, {"attacks": 1, "damage": 1}))
    assert "1 attack" in one
    assert "hit (hit_roll): 1 die, passes on 3+: chance 2/3 -> 0.67 hits" in one


def test_one_extra_hit_is_singular_and_two_are_plural():
    """Burst 1 scores "1 more hit" on a critical hit, Burst 2 "2 more hits"."""
    assert "burst: on an unmodified 6 (chance 1/6), 1 more hit" in _lines(
        _text({**PROFILE, "weapon.burst": 1}, {"attacks": 6, "damage": 1}))
    assert "burst: on an unmodified 6 (chance 1/6), 2 more hits" in _lines(
        _text({**PROFILE, "weapon.burst": 2}, {"attacks": 6, "damage": 1}))


@pytest.mark.parametrize(("n", "plural", "said"), [
    (1, "unsaved wounds", "unsaved wound"), (1, "dice", "die"), (1, "successes", "success"),
    (1, "dice kept by save", "die kept by save"), (1, "models hit", "model hit"),
    (Fraction(1), "hits", "hit"), (Fraction(2, 3), "hits", "hits"), (2, "hits", "hits"),
    (Fraction(1001, 1000), "hits", "hits"),  # shows as 1.00: a decimal takes the plural
])
def test_a_noun_is_singular_only_where_its_number_shows_as_1(n, plural, said):
    assert _noun(n, plural) == said


# 2. and 3. the damage line and the ward before it ------------------------------------------------------------

def test_damage_is_per_unsaved_wound_after_the_ward_and_the_ward_comes_first():
    """A D3 averages 2; each point goes on when the ward roll fails to reach 5 (4/6, Piercing does not touch a
    ward): 2 x 2/3 = 4/3 = 1.33 damage per unsaved wound. The ward is rolled for each point before the damage is
    allocated, so its line comes before the damage line."""
    lines = _lines(_text({**PROFILE, **ABILITIES}, {"attacks": 6, "damage": "D3", "models": 5, "wounds": 2}))
    ward = lines.index("ward (save_roll): each point of damage saved on 5+, never modified; fails and goes on: "
                       "chance 2/3")
    damage = next(i for i, line in enumerate(lines) if line.startswith("damage:"))
    assert ward < damage
    assert lines[damage].startswith("damage: 1.33 per unsaved wound on average, after ward rolls, excess damage is "
                                    "lost -> ")
    assert "per attack" not in "\n".join(lines)


def test_fixed_damage_without_a_ward_is_per_unsaved_wound():
    """No Ward is Ward 7, which no die reaches: each of the 1 unsaved wounds on average does its 1 damage."""
    lines = _lines(_text(PROFILE, {"attacks": 6, "damage": 1}))
    assert lines[-1] == "damage: 1 per unsaved wound, after ward rolls -> 1 damage"
    assert lines[-2] == ("ward (save_roll): each point of damage saved on 7+, never modified; fails and goes on: "
                         "chance 1")


def test_an_events_own_damage_is_named_on_the_damage_line():
    """A Kill Team critical success (an unmodified 6) does the weapon's critical damage, 5, instead of its
    normal 3: 4 dice x (1/2 x 3 + 1/6 x 5) = 4 x 7/3 = 9.33 damage."""
    path = ROOT / "tests" / "solver" / "sequence_packs" / "external_killteam.yaml"
    lines = _lines(_text({"weapon.critical_damage": 5}, {"attacks": 4, "attack": {"target": 3}, "damage": 3},
                         path, "shoot"))
    assert "critical: on an unmodified 6 (chance 1/6), its damage is 5" in lines
    assert lines[-1] == "damage: 3 per success (critical: 5 instead) -> 9.33 damage"


# 4. dice rolled and dice that skip a step ----------------------------------------------------------------------

def test_a_step_says_the_dice_rolled_and_those_that_skip_it():
    """Burst 1 and Keen: 6 x (2/3 + 1/6 x 1) = 5 hits. The 6 x 1/6 = 1 Keen critical hit wounds without a roll;
    the other 4 roll: 4 x 1/2 + 1 = 3 wounds. Deadly: of the 4 wound rolls, 4 x 1/6 = 2/3 are critical and skip
    the save; the other 3 - 2/3 = 7/3 = 2.33 roll it, failing on 5/6 (4+ with -3 capped at -2: only a 6 saves):
    7/3 x 5/6 + 2/3 = 47/18 = 2.61 unsaved wounds."""
    lines = _lines(_text({**PROFILE, **ABILITIES}, {"attacks": 6, "damage": "D3", "models": 5, "wounds": 2}))
    assert "hit (hit_roll): 6 dice, each passes on 3+: chance 2/3 -> 5 hits" in lines
    assert ("wound (wound_roll): 5 hits on average: 4 rolled, each passes on 4+: chance 1/2; 1 goes on without a "
            "roll (keen) -> 3 wounds") in lines
    assert ("save (save_roll): 3 wounds on average: 2.33 rolled, each saved on 4+ with -2; fails and goes on: "
            "chance 5/6; 0.67 go on without a roll (deadly) -> 2.61 unsaved wounds") in lines


def test_a_step_no_die_skips_says_no_split():
    """Without Keen every hit rolls to wound: 4 hits x 1/2 = 2 wounds, no "rolled" count."""
    lines = _lines(_text(PROFILE, {"attacks": 6, "damage": 1}))
    assert "wound (wound_roll): 4 hits on average, each passes on 4+: chance 1/2 -> 2 wounds" in lines


# 5. events named, with their rules -------------------------------------------------------------------------------

def test_each_event_is_named_and_cites_its_rule():
    """Each event under its step, by name, with what it does and the sentence it encodes under it."""
    text = _text({**PROFILE, **ABILITIES}, {"attacks": 6, "damage": "D3", "models": 5, "wounds": 2})
    lines = _lines(text)
    for event, cite in [
        ("burst: on an unmodified 6 (chance 1/6), 1 more hit",
         'criticals ¶2: "Burst X: each critical hit scores X extra hits."'),
        ("keen: on an unmodified 6 (chance 1/6), skips the wound roll",
         'criticals ¶3: "Keen: each critical hit wounds automatically; do not roll to wound for it."'),
        ("deadly: on an unmodified 6 (chance 1/6), skips the save roll, its damage carries over to the next model",
         'criticals ¶4: "No save roll is made against mortal damage; it is allocated after all other damage, and '
         'any left over when a model is destroyed goes on to the next model."'),
    ]:
        assert lines[lines.index(event) + 1] == cite
    assert "on an unmodified 6: 1 more" not in text


def test_an_event_with_text_is_called_by_its_text(tmp_path):
    """An event's `text`, where the pack gives one, names it (in its line and where it skips a step). Keen alone:
    6 x 2/3 = 4 hits, of which 6 x 1/6 = 1 wounds without a roll and 3 roll: 3 x 1/2 + 1 = 2.50 wounds."""
    source = CRITICAL.read_text(encoding="utf-8")
    assert "          - name: keen\n" in source
    copy = tmp_path / "critical-game.yaml"
    copy.write_text(source.replace("$schema: ../../kb/schema.json\n", "").replace(
        "          - name: keen\n", "          - name: keen\n            text: a keen critical hit\n"),
        encoding="utf-8")
    lines = _lines(_text({**PROFILE, "weapon.keen": True}, {"attacks": 6, "damage": 1}, copy))
    assert "a keen critical hit: on an unmodified 6 (chance 1/6), skips the wound roll" in lines
    assert ("wound (wound_roll): 4 hits on average: 3 rolled, each passes on 4+: chance 1/2; 1 goes on without a "
            "roll (a keen critical hit) -> 2.50 wounds") in lines


def test_full_keeps_each_steps_whole_ruling_and_the_events(capsys):
    assert main(["ask", str(CRITICAL), "attack", "--given", "attacker.skill=3", "--given", "target.toughness=4",
                 "--given", "target.save=4", "--given", "weapon.keen=true", "--step", "attacks=6",
                 "--step", "damage=1", "--full"]) == 0
    out = capsys.readouterr().out
    assert "a hit roll (hit_roll): D6, chance 2/3" in out
    assert "keen: on an unmodified 6 (chance 1/6), skips the wound roll" in out


# 6. percentages ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("p", "said"), [
    (Fraction(1, 2), "50.0%"), (Fraction(5996, 10**6), "0.6%"), (Fraction(1, 1000), "0.1%"),
    (Fraction(1204, 10**7), "<0.1%"), (Fraction(999, 1000), "99.9%"), (Fraction(9991, 10**4), ">99.9%"),
    (Fraction(1), "certain"), (Fraction(0), "never"), (Fraction(2, 3), "66.7%"), (Fraction(1, 8), "12.5%"),
])
def test_a_chance_is_shown_to_a_tenth_of_a_percent(p, said):
    assert _percent(p) == said


def test_the_key_chances_share_one_precision_and_the_json_stays_exact():
    """Skirmish, 4+ to hit with +1 for cover (5+, 1/3), a save of 5+ failing 2/3: each of 6 dice is unsaved with
    chance 2/9. At least 1: 1 - (7/9)^6 = 77.9%; at least 2: 1 - (7^6 + 6 x 2 x 7^5)/9^6 = 39.9%; at least 4:
    (15 x 2^4 x 7^2 + 6 x 2^5 x 7 + 2^6)/9^6 = 2.5%; all 6: (2/9)^6 = 0.012%, under 0.1%."""
    pack = load_pack("skirmish")
    r = resolve(pack, "attack", Situation(given={"attacker.to_hit": 4, "target.save": 5, "target.in_cover": True},
                                          sequence={"attacks": 6}))
    assert sequence_text(r, pack).splitlines()[1] == "  unsaved hits, at least: 1: 77.9%, 2: 39.9%, 4: 2.5%, 6: <0.1%"
    assert sequence_json(r)["outcome"]["at_least"]["6"] == "64/531441"
