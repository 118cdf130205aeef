"""The `fantasy` pack against its seed: one test per rule sentence, quoted in the docstring."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kb import Contradiction, UnknownName, load_pack
from kb.model import Pack
from rulings.examples import run_examples
from solver import Ruling, Situation, ask


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("fantasy")


def to_hit(pack: Pack, **given: Any) -> Ruling:
    """The to_hit ruling; keyword names use `__` for the dot (shooter__bs=3)."""
    return ask(pack, "to_hit", Situation(given={k.replace("__", "."): v for k, v in given.items()}))


def rules(ruling: Ruling) -> set[str]:
    return {a.rule for a in ruling.applied}


def when(ruling: Ruling) -> dict[tuple[tuple[str, Any], ...], Any]:
    assert ruling.cases is not None
    return {tuple(sorted(c.when)): c.ruling.value for c in ruling.cases}


def test_base_score_is_seven_minus_bs(pack: Pack) -> None:
    """Raw skill isn't the only factor -- battlefield conditions alter accuracy too, represented by shooting
    modifiers applied to the dice roll before comparing it to the score needed."""
    for bs, score in [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2)]:
        r = to_hit(pack, shooter__bs=bs)
        assert (r.value, r.display, r.applied, r.clamped) == (score, f"{score}+", (), ())
        assert r.probability == Fraction(7 - score, 6)


def test_a_modifier_makes_the_shot_harder_and_less_likely(pack: Pack) -> None:
    """...shooting modifiers applied to the dice roll before comparing it to the score needed, making a shot
    harder (and less likely to succeed)."""
    plain, moved = to_hit(pack, shooter__bs=3), to_hit(pack, shooter__bs=3, shooter__moved=True)
    assert moved.value == plain.value + 1
    assert moved.probability is not None and plain.probability is not None
    assert moved.probability < plain.probability
    assert [(a.rule, a.change) for a in moved.applied] == [("moved", "-1")]


@pytest.mark.parametrize(
    ("bs", "score", "then", "chance"),
    [
        (3, 7, 4, Fraction(1, 12)),
        (2, 8, 5, Fraction(1, 18)),
        (1, 9, 6, Fraction(1, 36)),
    ],
)
def test_seven_to_nine_needs_a_six_then_the_chart(
    pack: Pack, bs: int, score: int, then: int, chance: Fraction
) -> None:
    """If modifiers push the required score to 7 or higher, a hit is still possible: first roll a 6, then roll
    again against the chart below to see if it holds up."""
    r = to_hit(pack, shooter__bs=bs, shooter__moved=True, target__in_hard_cover=True)
    assert (r.value, r.then, r.probability, r.impossible) == (score, then, chance, False)
    assert r.display == f"6, then {then}+"
    assert "follow_up_chart" in r.assumptions
    assert any(n.tag == "chart" for n in r.explanation.because)


@pytest.mark.parametrize(
    ("extra", "score"),
    [
        ({}, 10),
        ({"special.sniper": True}, 11),
        ({"special.sniper": True, "special.volley_fire": True}, 12),
    ],
)
def test_ten_or_more_is_impossible(pack: Pack, extra: dict[str, bool], score: int) -> None:
    """A required score of 10 or more is simply impossible -- those shots are lost outright."""
    given = {
        "shooter.bs": 1,
        "shooter.moved": True,
        "shooter.stand_and_shoot": True,
        "target.in_hard_cover": True,
        **extra,
    }
    r = ask(pack, "to_hit", Situation(given=given))
    assert (r.value, r.probability, r.impossible, r.then, r.automatic) == (score, 0, True, None, False)


def test_modifiers_are_cumulative(pack: Pack) -> None:
    """Shooting modifiers are cumulative unless stated otherwise."""
    r = to_hit(
        pack,
        shooter__bs=4,
        shooter__moved=True,
        shooter__stand_and_shoot=True,
        special__sniper=True,
        target__within_4in=True,
    )
    assert r.value == 3 + 1 + 1 + 1 - 1
    assert rules(r) == {"moved", "stand_and_shoot", "sniper", "within_4in"}
    assert r.suppressed == ()


def test_moved_is_minus_one(pack: Pack) -> None:
    """A model that moved for any reason this turn (even just pivoting on the spot) has had less time to aim,
    suffering a -1 shooting modifier."""
    assert to_hit(pack, shooter__bs=4, shooter__moved=True).value == 4
    still = to_hit(pack, shooter__bs=4, shooter__moved=False)
    assert still.value == 3
    failed = [n.claim for n in still.explanation.because if n.tag == "failed"]
    assert any(c.startswith("moved does not apply") for c in failed)


def test_within_four_inches_is_plus_one(pack: Pack) -> None:
    """Closer targets are easier to hit -- any shot at an enemy within 4" gains a +1 shooting modifier."""
    r = to_hit(pack, shooter__bs=4, target__within_4in=True)
    assert (r.value, r.probability) == (2, Fraction(5, 6))
    assert [(a.rule, a.change) for a in r.applied] == [("within_4in", "+1")]


def test_a_natural_one_always_misses(pack: Pack) -> None:
    """Closer targets are easier to hit -- any shot at an enemy within 4" gains a +1 shooting modifier.

    (The seed is silent below 2+: the pack's assumption natural_one_misses clamps at 2.)"""
    r = to_hit(pack, shooter__bs=5, target__within_4in=True)
    assert r.value == 2
    assert [(c.rule, c.before, c.after) for c in r.clamped] == [("natural_one_misses", 1, 2)]
    assert "natural_one_misses" in r.assumptions
    unclamped = to_hit(pack, shooter__bs=4, target__within_4in=True)
    assert unclamped.clamped == () and "natural_one_misses" not in unclamped.assumptions


def test_stand_and_shoot_is_minus_one(pack: Pack) -> None:
    """Aiming while a bellowing enemy bears down on you is distracting -- models making a Stand & Shoot
    reaction suffer a -1 shooting modifier."""
    r = to_hit(pack, shooter__bs=3, shooter__stand_and_shoot=True)
    assert (r.value, rules(r)) == (5, {"stand_and_shoot"})


@pytest.mark.parametrize(
    ("lone", "strength", "applies"),
    [
        (True, 0, True),
        (True, 1, True),
        (True, 2, True),
        (True, 3, False),
        (True, 20, False),
        (False, 1, False),
    ],
)
def test_lone_model_of_unit_strength_two_or_less(
    pack: Pack, lone: bool, strength: int, applies: bool
) -> None:
    """A small, single target is harder to hit than a mass of troops -- any shot at a lone model with Unit
    Strength 2 or less suffers a -1 shooting modifier."""
    r = to_hit(pack, shooter__bs=3, target__lone_model=lone, target__unit_strength=strength)
    assert (r.value, "lone_model" in rules(r)) == (5 if applies else 4, applies)


def test_lone_model_of_unknown_unit_strength_branches_on_ranges(pack: Pack) -> None:
    """...any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier."""
    r = to_hit(pack, shooter__bs=3, target__lone_model=True)
    assert r.value is None
    assert when(r) == {(("target.unit_strength", "0..2"),): 5, (("target.unit_strength", "3..99"),): 4}


def test_unit_strength_does_not_matter_for_a_unit(pack: Pack) -> None:
    """...any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier."""
    r = to_hit(pack, shooter__bs=3)
    assert (r.value, r.cases) == (4, None)


def cover_shot(pack: Pack, shooter: int, target: int, cover: int, kind: str = "hard") -> Ruling:
    return ask(
        pack,
        "to_hit",
        Situation(
            given={
                "shooter.bs": 3,
                "shooter.los": shooter,
                "target.los": target,
                f"{kind}_cover.obscures": True,
                f"{kind}_cover.los": cover,
            }
        ),
    )


def test_los_one_cover_shelters_los_two_but_not_three(pack: Pack) -> None:
    """For example, a unit whose majority has Line of Sight value 1 provides cover to a unit behind it with
    Line of Sight value 2, but not to one with Line of Sight value 3 or higher."""
    assert rules(cover_shot(pack, shooter=2, target=2, cover=1)) == {"hard_cover"}
    for target in range(3, 11):
        assert rules(cover_shot(pack, shooter=2, target=target, cover=1)) == set()


def test_a_tall_shooter_ignores_low_cover(pack: Pack) -> None:
    """...and the same logic works in reverse, a Line of Sight 3 model ignoring the cover a Line of Sight 1
    model would otherwise grant a Line of Sight 2 model behind it."""
    sheltered, seen_over = cover_shot(pack, 2, 2, 1), cover_shot(pack, 3, 2, 1)
    assert (sheltered.value, seen_over.value) == (6, 4)
    failed = next(n for n in seen_over.explanation.because if n.claim.startswith("hard_cover does not apply"))
    assert "the target is in hard cover: no" in [n.claim for n in failed.because]


@pytest.mark.parametrize("kind", ["soft", "hard"])
def test_cover_needs_at_least_half_the_line_of_sight(pack: Pack, kind: str) -> None:
    """If the majority of the target unit is visible but standing behind models (friend or enemy) or terrain
    with at least half as high a Line of Sight value, an extra To Hit modifier applies."""
    for shooter in range(1, 7):
        for target in range(1, 7):
            for cover in range(1, 4):
                counts = 2 * cover >= target and 2 * cover >= shooter
                r = cover_shot(pack, shooter, target, cover, kind)
                assert rules(r) == ({f"{kind}_cover"} if counts else set()), (shooter, target, cover)


def test_cover_that_obscures_too_little_does_not_count(pack: Pack) -> None:
    """If the majority of the target unit is visible but standing behind models (friend or enemy) or
    terrain..."""
    r = ask(
        pack,
        "to_hit",
        Situation(
            given={
                "shooter.bs": 3,
                "shooter.los": 1,
                "target.los": 1,
                "hard_cover.obscures": False,
                "hard_cover.los": 5,
            }
        ),
    )
    assert (r.value, r.applied) == (4, ())


def test_unknown_line_of_sight_branches_on_the_cover_not_on_los_values(pack: Pack) -> None:
    """If the majority of the target unit is visible but standing behind models (friend or enemy) or terrain
    with at least half as high a Line of Sight value, an extra To Hit modifier applies."""
    r = to_hit(pack, shooter__bs=3, hard_cover__obscures=True)
    assert r.value is None
    assert when(r) == {(("target.in_hard_cover", False),): 4, (("target.in_hard_cover", True),): 6}
    partly = to_hit(pack, shooter__bs=3, hard_cover__obscures=True, hard_cover__los=1, shooter__los=1)
    assert when(partly) == {(("target.in_hard_cover", False),): 4, (("target.in_hard_cover", True),): 6}


def test_unknown_ballistic_skill_branches_with_merged_ranges(pack: Pack) -> None:
    """Raw skill isn't the only factor -- ... shooting modifiers applied to the dice roll before comparing it
    to the score needed."""
    r = ask(pack, "to_hit", Situation())
    assert when(r) == {
        (("shooter.bs", 1),): 6,
        (("shooter.bs", 2),): 5,
        (("shooter.bs", 3),): 4,
        (("shooter.bs", 4),): 3,
        (("shooter.bs", "5..10"),): 2,
    }


def test_split_fire_resolves_each_group(pack: Pack) -> None:
    """It's common for some models in a firing unit to have a clear shot while others don't -- where that
    happens, resolve the two groups' shots (and their separate To Hit modifiers) individually."""
    situation = Situation(
        given={
            "shooter.bs": 3,
            "shooter.moved": True,
            "shooter.los": 2,
            "target.los": 2,
            "hard_cover.los": 1,
        },
        groups=(
            ("clear shot", Situation(given={"hard_cover.obscures": False})),
            ("behind the wall", Situation(given={"hard_cover.obscures": True})),
        ),
    )
    r = ask(pack, "to_hit", situation)
    assert r.value is None and r.groups is not None
    by = dict(r.groups)
    assert (by["clear shot"].value, rules(by["clear shot"])) == (5, {"moved"})
    assert (by["behind the wall"].value, by["behind the wall"].then) == (7, 4)
    assert rules(by["behind the wall"]) == {"moved", "hard_cover"}
    assert [n.claim for n in r.explanation.because] == ["group 'clear shot'", "group 'behind the wall'"]


def test_a_group_given_overrides_the_top_level(pack: Pack) -> None:
    """...resolve the two groups' shots (and their separate To Hit modifiers) individually."""
    situation = Situation(
        given={"shooter.bs": 3, "target.in_soft_cover": True},
        groups=(("out of the hedge", Situation(given={"target.in_soft_cover": False})),),
    )
    ((name, sub),) = ask(pack, "to_hit", situation).groups or ()
    assert (name, sub.value) == ("out of the hedge", 4)


def test_soft_cover_is_minus_one(pack: Pack) -> None:
    """If the majority of a unit is obscured this way, it's in soft cover, worth a -1 shooting modifier."""
    r = to_hit(pack, shooter__bs=3, target__in_soft_cover=True)
    assert [(a.rule, a.change) for a in r.applied] == [("soft_cover", "-1")]
    assert r.value == 5


def test_hard_cover_is_minus_two(pack: Pack) -> None:
    """If the majority of a unit is obscured this way, it's in hard cover, worth a -2 shooting modifier."""
    r = to_hit(pack, shooter__bs=3, target__in_hard_cover=True)
    assert [(a.rule, a.change) for a in r.applied] == [("hard_cover", "-2")]
    assert (r.value, r.probability) == (6, Fraction(1, 6))


def test_other_units_in_the_way_are_hard_cover(pack: Pack) -> None:
    """Hard cover is sturdier -- stone walls, boulders, buildings, and (for this purpose) other units standing
    in the way."""
    r = cover_shot(pack, shooter=2, target=2, cover=2, kind="hard")
    assert (r.value, rules(r)) == (6, {"hard_cover"})


def test_soft_and_hard_cover_never_stack(pack: Pack) -> None:
    """Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover."""
    r = to_hit(pack, shooter__bs=3, target__in_soft_cover=True, target__in_hard_cover=True)
    assert (r.value, rules(r)) == (6, {"hard_cover"})
    assert [(s.rule, s.by, s.policy) for s in r.suppressed] == [
        ("soft_cover", "hard_cover", "cover_never_stacks")
    ]
    claims = [n.claim for n in r.explanation.because if n.tag == "suppressed"]
    assert claims and "soft_cover does not count, hard_cover counts instead" in claims[0]


def test_soft_and_hard_cover_from_line_of_sight_never_stack(pack: Pack) -> None:
    """Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover."""
    r = ask(
        pack,
        "to_hit",
        Situation(
            given={
                "shooter.bs": 3,
                "shooter.los": 2,
                "target.los": 2,
                "soft_cover.obscures": True,
                "soft_cover.los": 2,
                "hard_cover.obscures": True,
                "hard_cover.los": 1,
            }
        ),
    )
    assert (r.value, rules(r), [s.rule for s in r.suppressed]) == (6, {"hard_cover"}, ["soft_cover"])


@pytest.mark.parametrize("rule", ["multiple_shots", "quick_to_fire", "sniper", "volley_fire"])
def test_common_special_rules_are_minus_one(pack: Pack, rule: str) -> None:
    """Several special rules affect a model's shooting modifier -- each states its own effect, but the most
    common (Multiple Shots, Quick to Fire, Sniper, and Volley Fire) all impose a -1 shooting modifier."""
    r = ask(pack, "to_hit", Situation(given={"shooter.bs": 3, f"special.{rule}": True}))
    assert [(a.rule, a.change) for a in r.applied] == [(rule, "-1")]
    assert r.value == 5


def test_magic_missiles_hit_automatically(pack: Pack) -> None:
    """Some unusual attacks -- most often magic missile spells -- hit automatically. Exactly as it sounds:
    skip the To Hit roll entirely and apply the stated number of automatic hits."""
    r = to_hit(pack, shooter__bs=1, attack__auto_hit=True, shooter__moved=True, target__in_hard_cover=True)
    assert (r.value, r.automatic, r.probability, r.impossible) == (None, True, 1, False)
    assert r.applied == () and "automatic" in r.display


def test_an_automatic_hit_needs_no_ballistic_skill(pack: Pack) -> None:
    """...skip the To Hit roll entirely and apply the stated number of automatic hits."""
    r = to_hit(pack, attack__auto_hit=True)
    assert (r.automatic, r.cases) == (True, None)


def test_a_derived_fact_contradicted_by_its_inputs_names_both(pack: Pack) -> None:
    """Hard cover ... If the majority of a unit is obscured this way, it's in hard cover (a derived fact)."""
    with pytest.raises(Contradiction) as err:
        to_hit(pack, shooter__bs=3, target__in_hard_cover=True, hard_cover__obscures=False)
    assert "target.in_hard_cover" in str(err.value) and "hard_cover.obscures" in str(err.value)
    with pytest.raises(Contradiction) as err:
        ask(
            pack,
            "to_hit",
            Situation(
                given={
                    "shooter.bs": 3,
                    "target.in_soft_cover": False,
                    "shooter.los": 1,
                    "target.los": 2,
                    "soft_cover.obscures": True,
                    "soft_cover.los": 1,
                }
            ),
        )
    for name in (
        "target.in_soft_cover",
        "soft_cover.obscures",
        "soft_cover.los",
        "target.los",
        "shooter.los",
    ):
        assert name in str(err.value)


def test_a_derived_fact_agreeing_with_its_inputs_is_fine(pack: Pack) -> None:
    """...standing behind models (friend or enemy) or terrain with at least half as high a Line of Sight
    value."""
    r = ask(
        pack,
        "to_hit",
        Situation(
            given={
                "shooter.bs": 3,
                "target.in_hard_cover": True,
                "shooter.los": 2,
                "target.los": 2,
                "hard_cover.obscures": True,
                "hard_cover.los": 1,
            }
        ),
    )
    assert r.value == 6


def test_an_unknown_quantity_is_an_error_with_a_hint(pack: Pack) -> None:
    with pytest.raises(UnknownName, match="to_wound") as err:
        ask(pack, "to_wound", Situation(given={"shooter.bs": 3}))
    assert "to_hit" in err.value.hint


def test_every_example_quotes_the_seed(pack: Pack) -> None:
    """Every example the pack stores for a rule quotes a sentence of the rule text it encodes."""
    seed_paragraphs = " ".join(str(t) for t in pack.sources["roll_to_hit"]["paragraphs"].values())
    norm = lambda s: re.sub(r"[\s:-]+", " ", s)  # noqa: E731 -- the seed writes ":" where the pack writes "--"
    quoted = [e for e in pack.examples if e.quote]
    assert len(quoted) >= 20
    for e in quoted:
        assert norm(e.quote) in norm(seed_paragraphs), e.name
    assert Path(pack.path).name == "fantasy.yaml"


def test_the_pack_examples_pass(pack: Pack) -> None:
    results = run_examples(pack)
    assert results and [(r.name, r.problems) for r in results if r.problems] == []
