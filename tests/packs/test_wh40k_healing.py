"""Healing and regaining wounds in the `wh40k` pack, checked against a wound-by-wound walk of the seed's steps.

The walk below follows the seed's two steps for each wound and shares no code with the pack's expressions:
it keeps every model of the unit (its W and wounds remaining) and every destroyed model.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from kb import Contradiction, RulingsError, load_pack
from solver import Ruling, Situation, ask

PACK = load_pack("wh40k")


def walk(wounds: int, w: int, remaining: list[int], destroyed: int) -> tuple[int, int, list[int]]:
    """The seed's steps, one wound at a time: (wounds regained, models revived, wounds remaining afterwards)."""
    remaining, regained, revived = list(remaining), 0, 0
    for _ in range(wounds):
        hurt = [i for i, r in enumerate(remaining) if r < w]  # models without their full wounds remaining
        if hurt:
            remaining[hurt[0]] += 1  # "select one of those models; that model regains one lost wound"
        elif destroyed:
            destroyed -= 1  # "revive one of those destroyed models, with one wound remaining"
            remaining.append(1)
            revived += 1
        else:
            continue  # nothing left to heal: the wound is not regained
        regained += 1
    assert all(r <= w for r in remaining)  # "This cannot cause a model to have more wounds remaining than ..."
    return regained, revived, remaining


def ruling(quantity: str, **given: Any) -> Ruling:
    return ask(PACK, quantity, Situation(given={k.replace("__", "."): v for k, v in given.items()}))


def unit_answers(wounds: int, w: int, lost: int, destroyed: int) -> tuple[Any, Any, Any]:
    facts = {"heal__wounds": wounds, "unit__model_w": w, "unit__lost_wounds": lost, "unit__destroyed_models": destroyed}
    return tuple(ruling(q, **facts).value for q in ("wounds_regained", "models_revived", "wounds_not_regained"))


@pytest.mark.parametrize("w", [1, 2, 3, 5])
def test_a_unit_heals_wound_by_wound(w: int) -> None:
    """When a unit heals or regains a number of wounds, it regains up to that number of lost wounds. For each wound
    healed or regained, consult the following: If that unit has one or more models that does not have its full
    wounds remaining, select one of those models; that model regains one lost wound. If all models in that unit
    have their starting number of wounds, but one or more models from that unit are currently destroyed, revive one
    of those destroyed models, with one wound remaining. This cannot cause a model to have more wounds remaining
    than it started the battle with. -- every heal of 0 to 12 wounds, for units with lost wounds spread over their
    models and destroyed models, gives what the wound-by-wound walk gives."""
    for lost in range(0, 7 if w > 1 else 1):
        living = [w] * 3
        for i in range(lost):  # spread the lost wounds over the living models, none below 1 wound remaining
            living[i % 3] -= 1
        if min(living) < 1:
            continue
        for destroyed in range(0, 4):
            for wounds in range(0, 13):
                regained, revived, _ = walk(wounds, w, living, destroyed)
                assert unit_answers(wounds, w, lost, destroyed) == (regained, revived, wounds - regained), (
                    wounds, w, lost, destroyed)


def test_the_seed_steps_in_one_example() -> None:
    """If all models in that unit have their starting number of wounds, but one or more models from that unit are
    currently destroyed, revive one of those destroyed models, with one wound remaining. -- a unit of W 2 models,
    one of them down to 1 wound, two destroyed, heals 4: the first wound makes the wounded model whole, the second
    revives a model with one wound, the third gives it its second wound, the fourth revives the other: 4 regained,
    2 revived, none lost."""
    assert unit_answers(4, 2, 1, 2) == (4, 2, 0)
    assert unit_answers(7, 2, 1, 2) == (5, 2, 2)  # only 5 lost wounds in all: "up to that number of lost wounds"


def test_a_model_that_heals_keeps_the_excess_from_its_unit() -> None:
    """If a rule states that a model heals or regains a number of wounds, only that model can regain wounds up to its
    starting number of wounds. Any excess regained wounds are lost and do not cause a destroyed model from that unit
    to revive. -- a W 3 model with 1 wound remaining heals 3: it regains 2, the third is lost, and no destroyed
    model of its unit comes back."""
    facts = {"heal__wounds": 3, "heal__model_only": True, "model__lost_wounds": 2, "unit__model_w": 3,
             "unit__destroyed_models": 2, "unit__lost_wounds": 2}
    assert ruling("wounds_regained", **facts).value == 2
    assert ruling("wounds_not_regained", **facts).value == 1
    assert ruling("models_revived", **facts).value == 0


def test_a_model_with_full_wounds_regains_none() -> None:
    """A model has its full wounds remaining if it has the same number of wounds remaining as its W characteristic.
    -- a model that has lost no wounds has its full wounds remaining: healing it regains nothing."""
    facts = {"heal__wounds": 2, "heal__model_only": True, "model__lost_wounds": 0, "unit__model_w": 3}
    assert (ruling("wounds_regained", **facts).value, ruling("wounds_not_regained", **facts).value) == (0, 2)


def test_a_model_cannot_have_lost_its_w() -> None:
    """A model has its full wounds remaining if it has the same number of wounds remaining as its W characteristic.
    -- a model that is not destroyed has at least one wound remaining: it cannot have lost W wounds."""
    with pytest.raises(Contradiction, match=r"constraint 'a_model_loses_fewer_wounds_than_its_w'.*"
                                            r"given model\.lost_wounds = 3, unit\.model_w = 3"):
        ruling("wounds_regained", heal__wounds=1, heal__model_only=True, model__lost_wounds=3, unit__model_w=3)
    with pytest.raises(Contradiction, match="constraint 'a_one_wound_model_has_lost_none'"):
        ruling("wounds_regained", heal__wounds=1, unit__lost_wounds=1, unit__model_w=1)


def test_a_contradiction_names_the_facts_that_conflict_not_a_fact_derived_beside_them() -> None:
    """A one-wound model that has lost a wound is refused for its wounds (healing ¶5), never for a fact such as
    target.cover_denied that has nothing to do with it."""
    with pytest.raises(Contradiction) as caught:
        ruling("wounds_regained", heal__wounds=1, model__lost_wounds=1, unit__model_w=1)
    assert "model.lost_wounds = 1, unit.model_w = 1" in str(caught.value)
    assert "cover_denied" not in str(caught.value)


def walk_models(wounds: int, living: list[tuple[int, int]], destroyed: list[int], raised: int = 0,
                caps: bool = False) -> tuple[int, int]:
    """The seed's steps for a unit whose models may differ, one wound at a time: (wounds regained, models revived).

    `living` holds each surviving model's (W, wounds remaining); `destroyed` each destroyed model's W, in the order
    the player revives them. With the models' W `raised` above what they started the battle with, a model heals up
    to its W, or under the reading `starting_caps` (`caps`) only up to its starting number of wounds.
    """
    models = [list(m) for m in living]
    queue = list(destroyed)
    regained = revived = 0
    for _ in range(wounds):
        hurt = [m for m in models if m[1] < m[0] - (raised if caps else 0)]  # without their full wounds remaining
        if hurt:
            hurt[0][1] += 1  # "select one of those models; that model regains one lost wound"
        elif queue:
            models.append([queue.pop(0), 1])  # "revive one of those destroyed models, with one wound remaining"
            revived += 1
        else:
            continue
        regained += 1
    return regained, revived


@pytest.mark.parametrize("leader", ["none", "alive", "destroyed"])
def test_a_unit_of_models_with_different_w_heals_wound_by_wound(leader: str) -> None:
    """If that unit has one or more models that does not have its full wounds remaining, select one of those models;
    that model regains one lost wound. If all models in that unit have their starting number of wounds, but one or
    more models from that unit are currently destroyed, revive one of those destroyed models, with one wound
    remaining. -- a unit with one model of another W (a CHARACTER leading it), alive or destroyed, revived wherever
    the player puts it in the order: the pack's three answers are the wound-by-wound walk's."""
    checked = 0
    for w, lw, k in product((1, 2, 3), (1, 3, 5), (1, 2)):
        for rems in product(*[range(1, w + 1)] * k):
            for lrem in (range(1, lw + 1) if leader == "alive" else [0]):
                living = [(w, r) for r in rems] + ([(lw, lrem)] if leader == "alive" else [])
                lost = sum(m[0] - m[1] for m in living)
                for destroyed in (0, 1, 2, 3):
                    for first in range(destroyed + 1):
                        order = [w] * first + ([lw] if leader == "destroyed" else []) + [w] * (destroyed - first)
                        given = {"unit.model_w": w, "unit.lost_wounds": lost, "unit.destroyed_models": destroyed,
                                 "unit.leader": leader, "leader.w": lw, "heal.revived_before_leader": first}
                        for wounds in range(0, 13, 3 if leader == "none" else 1):
                            regained, revived = walk_models(wounds, living, order)
                            situation = Situation(given={**given, "heal.wounds": wounds})
                            got = tuple(ask(PACK, q, situation).value
                                        for q in ("wounds_regained", "models_revived", "wounds_not_regained"))
                            assert got == (regained, revived, wounds - regained), (given, wounds)
                            checked += 1
    assert checked > 500


def test_the_player_chooses_when_the_character_comes_back() -> None:
    """If all models in that unit have their starting number of wounds, but one or more models from that unit are
    currently destroyed, revive one of those destroyed models, with one wound remaining. -- "one of those destroyed
    models" is the player's choice: a unit of W 2 models led by a W 4 CHARACTER, the character and two models
    destroyed, the survivors 1 wound down, heals 6. Reviving the two W 2 models first brings back 3 models (1 + 2 + 2
    wounds, the last wound reviving the character); the character first brings back 2 (1 + 1 + 3 wounds, then 1
    revives a W 2 model). Not giving the choice lists both."""
    facts = {"heal.wounds": 6, "unit.model_w": 2, "unit.lost_wounds": 1, "unit.destroyed_models": 2,
             "unit.leader": "destroyed", "leader.w": 4}
    assert ask(PACK, "models_revived", Situation(given={**facts, "heal.revived_before_leader": 2})).value == 3
    assert ask(PACK, "models_revived", Situation(given={**facts, "heal.revived_before_leader": 0})).value == 2
    either = ask(PACK, "models_revived", Situation(given=facts))
    assert either.value is None and sorted({c.ruling.value for c in either.cases}) == [2, 3]
    assert ask(PACK, "wounds_regained", Situation(given=facts)).value == 6  # the order never changes how many


def test_the_player_revives_only_destroyed_models() -> None:
    """If all models in that unit have their starting number of wounds, but one or more models from that unit are
    currently destroyed, revive one of those destroyed models -- reviving three models before the character of a
    unit with two destroyed is no choice the player has: refused, naming the facts."""
    with pytest.raises(Contradiction, match=r"constraint 'the_player_revives_destroyed_models'"):
        ruling("models_revived", heal__wounds=6, unit__model_w=2, unit__lost_wounds=0, unit__destroyed_models=2,
               unit__leader="destroyed", leader__w=4, heal__revived_before_leader=3)


@pytest.mark.parametrize("reading", ["full_wounds", "starting_caps"])
@pytest.mark.parametrize("leader", ["none", "alive", "destroyed"])
def test_a_unit_whose_w_was_raised_heals_under_each_reading(reading: str, leader: str) -> None:
    """If that unit has one or more models that does not have its full wounds remaining, select one of those models;
    that model regains one lost wound. [...] This cannot cause a model to have more wounds remaining than it started
    the battle with. A model has its full wounds remaining if it has the same number of wounds remaining as its W
    characteristic. -- with the models' W raised above the wounds they started with, a unit heals up to the raised
    W (`full_wounds`, the default) or only up to the starting number (`starting_caps`): under each reading the
    pack's three answers are the wound-by-wound walk's, for every spread of wounds remaining, 0 to 2 destroyed
    models, every revival order and heals of 0 to 9."""
    checked = 0
    for raised, w, lw in product((0, 1, 2), (1, 2, 3), (2, 4)):
        if raised >= w or (leader != "none" and raised >= lw):
            continue  # every model started the battle with a wound
        for rems in product(range(1, w + 1), repeat=2):
            for lrem in (range(1, lw + 1) if leader == "alive" else [0]):
                living = [(w, r) for r in rems] + ([(lw, lrem)] if leader == "alive" else [])
                lost = sum(m - r for m, r in living)
                below = sum(max(0, m - raised - r) for m, r in living)
                for destroyed in (0, 1, 2):
                    for first in range(destroyed + 1):
                        order = [w] * first + ([lw] if leader == "destroyed" else []) + [w] * (destroyed - first)
                        given = {"unit.model_w": w, "unit.lost_wounds": lost, "unit.destroyed_models": destroyed,
                                 "unit.leader": leader, "leader.w": lw, "heal.revived_before_leader": first,
                                 "unit.w_raised": raised, "unit.lost_below_starting": below}
                        for wounds in range(0, 10, 2 if leader == "alive" else 1):
                            regained, revived = walk_models(wounds, living, order, raised, reading == "starting_caps")
                            situation = Situation(given={**given, "heal.wounds": wounds},
                                                  reading={"starting_wounds": reading})
                            got = tuple(ask(PACK, q, situation).value
                                        for q in ("wounds_regained", "models_revived", "wounds_not_regained"))
                            assert got == (regained, revived, wounds - regained), (given, wounds, reading)
                            checked += 1
    assert checked > 300


@pytest.mark.parametrize(("raised", "lost", "full", "caps"), [(0, 2, 2, 2), (1, 2, 2, 1), (1, 1, 1, 0), (2, 3, 3, 1)])
def test_a_model_that_heals_by_itself_stops_at_its_starting_wounds_or_its_w(raised: int, lost: int, full: int,
                                                                          caps: int) -> None:
    """If a rule states that a model heals or regains a number of wounds, only that model can regain wounds up to its
    starting number of wounds. -- a W 4 model (W raised by `raised`) short of its W by `lost` heals 3: up to its W
    under `full_wounds`, only up to the wounds it started with under `starting_caps` (`lost - raised`, not below 0)."""
    given = {"heal.wounds": 3, "heal.model_only": True, "model.lost_wounds": lost, "unit.model_w": 4,
             "unit.w_raised": raised}
    for reading, expected in (("full_wounds", full), ("starting_caps", caps)):
        r = ask(PACK, "wounds_regained", Situation(given=given, reading={"starting_wounds": reading}))
        assert r.value == expected
    assert ask(PACK, "wounds_regained", Situation(given=given)).value == full  # the default reading


def test_a_ruling_shows_both_readings_of_starting_wounds_where_they_differ() -> None:
    """This cannot cause a model to have more wounds remaining than it started the battle with. -- a unit of W 3
    models raised by 1, survivors 2 wounds short of their W but only 1 short of the wounds they started with, heals
    3: 2 regained under the default reading, 1 under `starting_caps`; the ruling lists both and quotes the
    sentence."""
    given = {"heal.wounds": 3, "unit.model_w": 3, "unit.lost_wounds": 2, "unit.w_raised": 1,
             "unit.lost_below_starting": 1, "unit.destroyed_models": 0}
    r = ask(PACK, "wounds_regained", Situation(given=given))
    assert r.value == 2
    assert {(o.option, o.ruling.value) for o in r.readings or ()} == {("full_wounds", 2), ("starting_caps", 1)}
    unraised = ask(PACK, "wounds_regained",
                   Situation(given={**given, "unit.w_raised": 0, "unit.lost_below_starting": 2}))
    assert unraised.value == 2 and not unraised.readings  # W as it started: both readings agree


def test_a_reading_given_as_a_fact_is_the_situations_choice() -> None:
    """A search writes a reading as the fact reading.NAME; asked, it is the situation's choice of reading, and a
    situation that chooses two options of one reading is refused."""
    given = {"heal.wounds": 3, "unit.model_w": 3, "unit.lost_wounds": 2, "unit.w_raised": 1,
             "unit.lost_below_starting": 1, "unit.destroyed_models": 0}
    caps = ask(PACK, "wounds_regained", Situation(given={**given, "reading.starting_wounds": "starting_caps"}))
    assert caps.value == 1
    with pytest.raises(RulingsError, match=r"reading\.starting_wounds is given as 'starting_caps', but "
                                           r"reading: chooses 'full_wounds'"):
        ask(PACK, "wounds_regained", Situation(given={**given, "reading.starting_wounds": "starting_caps"},
                                               reading={"starting_wounds": "full_wounds"}))


def test_a_w_raised_by_its_whole_w_is_refused() -> None:
    """This cannot cause a model to have more wounds remaining than it started the battle with. -- every model
    started the battle with at least one wound, so its W is raised by less than its W."""
    with pytest.raises(Contradiction, match="constraint 'a_model_starts_with_a_wound'"):
        ruling("wounds_regained", heal__wounds=1, unit__model_w=2, unit__w_raised=2, unit__lost_wounds=0,
               unit__destroyed_models=0)
    with pytest.raises(Contradiction, match="constraint 'wounds_below_starting_are_lost_wounds'"):
        ruling("wounds_regained", heal__wounds=1, unit__model_w=3, unit__w_raised=1, unit__lost_wounds=1,
               unit__lost_below_starting=2, unit__destroyed_models=0)
