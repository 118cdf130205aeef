"""Claims of proof that hold: each is checked against every situation of a small space, by brute force.

Every pack here is one that a rules writer wrote and the search once got wrong while saying it had looked
everywhere (a base clamped with max/min, an erratum to a derived fact, a change seen only in a chance).
The expected values are worked out by asking every situation, never taken from the search under test.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

from kb.expr import evaluate
from kb.loader import load_pack
from solver.ask import ask
from solver.situation import Situation
from solver.space.diff import diff_packs
from solver.space.find import find
from solver.space.model import Coverage
from solver.space.search import fact_values

PACKS = Path(__file__).parent / "proof_packs"


def _every_situation(pack: Any, names: list[str]) -> list[dict[str, Any]]:
    domains = [pack.facts[n].domain for n in names]
    return [dict(zip(names, values, strict=True)) for values in product(*domains)]


def test_a_base_clamped_with_max_and_min_is_varied_inside_the_calls() -> None:
    pack = load_pack(str(PACKS / "clamped_base.yaml"))
    names = ["target.toughness", "weapon.strength", "attack.charged"]
    below = [g for g in _every_situation(pack, names) if ask(pack, "to_wound", Situation(given=g)).value < 2]
    assert below, "the pack was written so that a charge pushes the score below 2"
    coverage = Coverage()
    found = find(pack, "to_wound", "value < 2", coverage=coverage, max_facts=None)
    assert coverage.exhaustive
    # every situation below 2 holds one of the minimal ones found (its facts, within their ranges) ...
    spans = [dict(f.given) for f in found]

    def holds(given: dict[str, Any], span: dict[str, Any]) -> bool:
        return all((v[0] <= given[n] <= v[1]) if isinstance(v, tuple) else given[n] == v for n, v in span.items())

    for given in below:
        assert any(holds(given, span) for span in spans), given
    # ... and each found one, its other facts at their defaults, is below 2 at every value of its ranges
    for span in spans:
        ranged = {n: range(v[0], v[1] + 1) if isinstance(v, tuple) else (v,) for n, v in span.items()}
        for values in product(*ranged.values()):
            given = dict(zip(ranged, values, strict=True))
            assert ask(pack, "to_wound", Situation(given=given)).value < 2, given


def test_a_clamped_base_that_goes_below_the_lowest_score_is_reported_by_check() -> None:
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "clamped_base.yaml"))
    kinds = {f.kind for f in check_pack(pack)}
    assert "out_of_range" in kinds


def test_an_erratum_to_a_derived_fact_is_a_change() -> None:
    """ "a unit whose majority has Line of Sight value 1 provides cover to a unit behind it with Line of Sight
    value 2" -- an erratum that makes cover need more than half as high breaks the seed's own example."""
    old = load_pack("fantasy")
    new = load_pack("fantasy", extra=[str(PACKS / "soft_cover_errata.yaml")])
    seed_example = {"shooter.bs": 3, "shooter.los": 2, "target.los": 2, "soft_cover.obscures": True,
                    "soft_cover.los": 1}
    assert ask(old, "to_hit", Situation(given=seed_example)).display == "5+"
    assert ask(new, "to_hit", Situation(given=seed_example)).display == "4+"
    result = diff_packs(old, new, "to_hit")
    assert result.changes and result.exhaustive
    assert {c.causes for c in result.changes} == {("target.in_soft_cover",)}
    for change in result.changes:
        before = ask(old, "to_hit", Situation(given=dict(change.witness)))
        after = ask(new, "to_hit", Situation(given=dict(change.witness)))
        assert before.display != after.display or before.probability != after.probability


def test_a_re_roll_that_changes_only_the_chance_is_a_change() -> None:
    old = load_pack("skirmish")
    new = load_pack("skirmish", extra=[str(PACKS / "leader_reroll.yaml")])
    given = {"unit.leader_near": True, "faction.command_value": 7}
    assert ask(old, "command_roll", Situation(given={"faction.command_value": 7})).probability == Fraction(21, 36)
    assert ask(new, "command_roll", Situation(given=given)).probability == 1 - Fraction(15, 36) ** 2
    result = diff_packs(old, new, "command_roll")
    assert result.exhaustive
    shown = {(c.old, c.new) for c in result.changes if dict(c.witness) == given}
    assert shown == {("2D6 (chance 7/12, net modifier +0)", "2D6 (chance 119/144, net modifier +0, re-rolls failed)")}
    # every command value changes with a Leader near (the ruling names the re-roll), none without; the
    # chance changes from 3 up (a total of 2 or more always passes a Command Value of 2)
    values = {dict(c.witness)["faction.command_value"]: c for c in result.changes
              if set(c.witness) == {"unit.leader_near", "faction.command_value"}}
    assert set(values) == set(range(2, 13))
    assert values[2].old.split(",")[0] == values[2].new.split(",")[0] == "2D6 (chance 1"
    assert all(dict(c.witness)["unit.leader_near"] is True for c in result.changes)


def _replayed(pack: Any, witness: dict[str, Any]) -> Any:
    given = {k: v for k, v in witness.items() if k != "target"}
    return ask(pack, "hit_roll", Situation(given=given, target=witness.get("target")))


def test_a_pack_re_roll_and_an_always_entry_are_compared_at_every_target() -> None:
    """ "An unmodified Hit roll of 6 always succeeds" -- an erratum removing it changes the chance to reach 7."""
    old = load_pack("wh40k")
    for errata, where in (("heavy_rerolls_ones.yaml", {"weapon.heavy": True, "attacker.remained_stationary": True}),
                          ("six_not_always.yaml", {})):
        new = load_pack("wh40k", extra=[str(PACKS / errata)])
        result = diff_packs(old, new, "hit_roll")
        assert result.changes, errata
        for change in result.changes:
            before, after = _replayed(old, dict(change.witness)), _replayed(new, dict(change.witness))
            assert (before.probability, dict(before.extra)) != (after.probability, dict(after.extra))
        # the brute-force reference: every target from 1 to 8 in the situation the erratum is about
        differ = {t for t in range(1, 9)
                  if ask(old, "hit_roll", Situation(given=where, target=t)).probability
                  != ask(new, "hit_roll", Situation(given=where, target=t)).probability}
        shown = {(c.old, c.new) for c in result.changes}
        for t in differ:
            p = (ask(old, "hit_roll", Situation(given=where, target=t)).probability,
                 ask(new, "hit_roll", Situation(given=where, target=t)).probability)
            assert any(f"chance {p[0]}," in a and f"chance {p[1]}," in b for a, b in shown), (errata, t, p)


def test_two_sets_are_a_conflict_exactly_where_some_situation_gets_two_values() -> None:
    from kb.errors import RulingsError
    from solver.space.check import check_pack

    names = ["attack.blessed", "weapon.heavy", "unit.stationary"]
    for name, conflict in (("agreeing_sets", False), ("disagreeing_sets", True)):
        pack = load_pack(str(PACKS / f"{name}.yaml"))
        refused = []
        for given in _every_situation(pack, names):
            try:
                ask(pack, "to_hit", Situation(given=given))
            except RulingsError:
                refused.append(given)
        assert bool(refused) is conflict, name  # the reference: asking every one of the 8 situations
        findings = [f for f in check_pack(pack) if f.kind == "unsettled_conflict"]
        assert bool(findings) is conflict, name
        for f in findings:
            assert {**{n: False for n in names}, **dict(f.witness or {})} in refused


# Keyword sets a unit could have, for brute force: every mix of the pack's keywords in both forms and cases,
# a longer keyword holding them as words, and unrelated ones.
_KEYWORDS = ["VEHICLE", "Vehicles", "MONSTER", "monsters", "TITANIC", "Titanic Knights", "TITANIC VEHICLE",
             "INFANTRY", "CHAOS"]


def _keyword_sets() -> list[frozenset[str]]:
    from itertools import combinations

    return [frozenset(c) for size in range(4) for c in combinations(_KEYWORDS, size)]


def test_one_keyword_in_two_forms_is_dead_or_repeated_as_the_check_says() -> None:
    """ "Singular and plural instances of the same keyword function in the same way." """
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "keyword_forms.yaml"))
    situations = [{"target.keywords": k, "attack.charged": c} for k in _keyword_sets() for c in (False, True)]
    applied = {m: [g for g in situations if m in {a.rule for a in ask(pack, "to_hit", Situation(given=g)).applied}]
               for m in pack.modifiers}
    dead = {m for m, where in applied.items() if not where}
    # the reference, by brute force; a keyword is whole, so a phrase never sees TITANIC inside TITANIC KNIGHTS
    assert dead == {"vehicle_not_vehicles", "phrase_vehicle_not_vehicles", "word_not_keyword"}
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    assert coverage.exhaustive
    assert {f.key.split(".")[1] for f in findings if f.kind == "dead_rule"} == dead
    subsumed = {f.key for f in findings if f.kind == "subsumed_rule"}
    assert subsumed == {"subsumed_rule.monsters_charged+monster"}
    assert all(g in applied["monster"] for g in applied["monsters_charged"])


def test_keyword_classes_answer_every_question_as_some_set_of_keywords_does() -> None:
    from solver.keyword_classes import keyword_classes

    pack = load_pack(str(PACKS / "keyword_forms.yaml"))
    classes = keyword_classes(pack, "target.keywords")
    assert classes is not None

    def answers(keywords: frozenset[str]) -> tuple[bool, ...]:
        values = fact_values(pack, {"target.keywords": keywords, "attack.charged": True})
        return tuple(bool(evaluate(m.when, values)) for m in pack.modifiers.values())

    shown = {answers(c) for c in classes}
    for keywords in _keyword_sets():
        assert answers(keywords) in shown, sorted(keywords)


def test_an_int_fact_read_only_by_a_re_roll_condition_is_split_where_the_condition_changes() -> None:
    pack = load_pack(str(PACKS / "reroll_condition.yaml"))
    rerolled = [d for d in range(1, 25)
                if ask(pack, "hit_roll", Situation(given={"attack.distance": d})).probability > Fraction(1, 2)]
    assert rerolled == list(range(1, 7))  # the reference: every distance asked
    coverage = Coverage()
    found = find(pack, "hit_roll", lambda r: r.probability > Fraction(1, 2), coverage=coverage)
    assert coverage.exhaustive
    assert [dict(f.given) for f in found] == [{"attack.distance": (1, 6)}]


def test_a_keywords_fact_asked_about_too_many_keywords_is_never_claimed_searched(tmp_path: Path) -> None:
    from solver.keyword_classes import LIMIT
    from solver.space.check import check_pack

    names = [f"KEYWORD{chr(65 + i)}" for i in range(LIMIT + 1)]
    rules = "".join(f"  r{i}: {{quantity: to_hit, change: -1, when: \"'{k}' in target.keywords\"}}\n"
                    for i, k in enumerate(names))
    dead = ("  never: {quantity: to_hit, change: +1,"
            " when: \"'KEYWORDA' in target.keywords and 'KEYWORDAS' not in target.keywords\"}\n")
    path = tmp_path / "many.yaml"
    path.write_text("pack: many\nfacts:\n  target.keywords: {type: keywords, text: the target's keywords}\n"
                    "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\n"
                    "modifiers:\n" + rules + dead)
    pack = load_pack(str(path))
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    assert not coverage.exhaustive
    assert any("target.keywords" in r for r in coverage.reasons)
    assert not [f for f in findings if f.kind == "dead_rule"]
    assert "unproven.dead_rule.never" in {f.key for f in findings}
    found_coverage = Coverage()
    find(pack, "to_hit", "value >= 6", coverage=found_coverage)
    assert not found_coverage.exhaustive


def test_an_improved_re_roll_whose_condition_contradicts_the_one_it_improves_is_dead() -> None:
    """ "Such rules require both the first condition and the second condition to be satisfied for the improved
    rule to apply." """
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "improved_reroll.yaml"))
    rules = {r.name: r for r in pack.quantities["hit_roll"].rerolls}

    def applies(name: str, given: dict[str, Any]) -> bool:  # the reference: the sentence above, read directly
        r = rules[name]
        return evaluate(r.when, given) is True and (r.improves is None or applies(r.improves, given))

    situations = _every_situation(pack, ["attack.ranged", "unit.on_objective"])
    never = {n for n in rules if not any(applies(n, g) for g in situations)}
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    assert coverage.exhaustive
    assert {f.key for f in findings if f.kind == "dead_rule"} == {f"dead_rule.hit_roll.{n}" for n in never}
    assert never == {"close_quarters"}


def test_a_witness_on_a_characteristic_carries_the_base_it_replays_with() -> None:
    from solver.space.check import BASE, check_pack

    pack = load_pack(str(PACKS / "characteristic_witness.yaml"))
    (finding,) = [f for f in check_pack(pack) if f.kind == "subsumed_rule"]
    assert finding.witness is not None and BASE in finding.witness
    given = {n: v for n, v in finding.witness.items() if n != BASE}
    ruling = ask(pack, "S", Situation(given=given, base=finding.witness[BASE]))
    assert {a.rule for a in ruling.applied} == {"lance", "lance_charge"}  # both count, as the finding says


def _text_pack(tmp_path: Path, name: str, text: str) -> Any:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return load_pack(str(path))


_BOYZ = ("pack: boyz\nfacts:\n  unit.keywords: {type: keywords, default: [], text: the unit's keywords}\n"
         "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\n"
         "modifiers:\n  mob_rule: {quantity: to_hit, change: -1, when: \"'ORK BOY' in unit.keywords\"}\n")


def test_an_erratum_that_removes_a_declared_plural_changes_the_units_it_names(tmp_path: Path) -> None:
    """ "Singular and plural instances of the same keyword function in the same way": a pack that declares
    ORK BOY / ORK BOYZ (no English plural) gives Mob Rule to an ORK BOYZ unit; without the declaration it does
    not."""
    old = _text_pack(tmp_path, "old", _BOYZ + "plurals:\n  ORK BOY: ORK BOYZ\n")
    new = _text_pack(tmp_path, "new", _BOYZ)
    boyz = {"unit.keywords": frozenset({"ORK BOYZ"})}
    assert ask(old, "to_hit", Situation(given=boyz)).display == "3+"  # the reference
    assert ask(new, "to_hit", Situation(given=boyz)).display == "4+"
    result = diff_packs(old, new, "to_hit")
    assert result.exhaustive and result.changes
    for c in result.changes:
        given = dict(c.witness)
        assert ask(old, "to_hit", Situation(given=given)).display != ask(new, "to_hit", Situation(given=given)).display


_READINGS = ("readings:\n  strict:\n    sentence: the blessing may be read strictly\n    default: loose\n"
             "    options: {loose: every blessing counts, strict: only the greater blessing counts}\n")


def test_a_rival_that_exists_under_another_reading_does_not_shadow_a_rule(tmp_path: Path) -> None:
    from solver.space.check import check_pack

    pack = _text_pack(tmp_path, "shadow", (
        "pack: shadow\nfacts:\n  unit.blessed: {type: bool, text: the unit is blessed}\n"
        "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\nmodifiers:\n"
        "  blessing: {quantity: to_hit, change: -1, when: unit.blessed}\n"
        "  greater_blessing: {quantity: to_hit, change: -1, when: unit.blessed, under: {strict: strict}}\n"
        "policies:\n  greater: {kind: override, rule: greater_blessing, over: [blessing]}\n" + _READINGS))
    ruling = ask(pack, "to_hit", Situation(given={"unit.blessed": True}))
    assert "blessing" in {a.rule for a in ruling.applied}  # the reference: under the default reading it counts
    assert "shadowed_rule.blessing" not in {f.key for f in check_pack(pack)}


def test_two_sets_under_different_readings_are_no_conflict(tmp_path: Path) -> None:
    from solver.space.check import check_pack

    pack = _text_pack(tmp_path, "sets", (
        "pack: sets\nfacts:\n  unit.blessed: {type: bool, text: the unit is blessed}\n"
        "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\nmodifiers:\n"
        "  loose_set: {quantity: to_hit, change: '=3', when: unit.blessed, under: {strict: loose}}\n"
        "  strict_set: {quantity: to_hit, change: '=2', when: unit.blessed, under: {strict: strict}}\n" + _READINGS))
    ruling = ask(pack, "to_hit", Situation(given={"unit.blessed": True}))  # the reference: each reading one set
    assert {o.option: o.ruling.display for o in ruling.readings or ()} == {"loose": "3+", "strict": "2+"}
    assert not [f for f in check_pack(pack) if f.kind == "unsettled_conflict"]


def test_a_rule_a_clamp_always_absorbs_is_found_never_to_change_a_ruling() -> None:
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "absorbed_rule.yaml"))
    without = load_pack(str(PACKS / "absorbed_rule.yaml"))
    without = replace(without, modifiers={n: m for n, m in without.modifiers.items() if n != "veteran_caution"},
                      index={})
    allowed = [g for g in _every_situation(pack, ["battle.night", "unit.veteran"])
               if not g["unit.veteran"] or g["battle.night"]]  # the constraint, read by hand
    holds = [g for g in allowed if g["unit.veteran"]]
    assert holds  # the reference: the rule can hold, and wherever it does the clamp gives the same answer
    assert all(ask(pack, "to_hit", Situation(given=g)).display == ask(without, "to_hit", Situation(given=g)).display
               for g in allowed)
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    assert coverage.exhaustive
    assert {f.key for f in findings} == {"never_changes.veteran_caution.to_hit"}  # and not reported dead
    (finding,) = findings
    assert dict(finding.witness or {}) in holds


def test_a_rule_that_breaks_a_declared_limit_is_reported_with_a_situation_that_breaks_it() -> None:
    """ "Hit rolls and wound rolls can never be modified by more than -1 or +1." """
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "melee_limit.yaml"))
    names = ["attack.ranged", "attacker.charged", "weapon.lance"]
    beyond = [g for g in _every_situation(pack, names)
              if not -1 <= ask(pack, "hit_roll", Situation(given=g)).modifier <= 1]
    assert beyond == [{"attack.ranged": False, "attacker.charged": True, "weapon.lance": True}]  # the reference
    (finding,) = [f for f in check_pack(pack) if f.kind == "limit_broken"]
    assert dict(finding.witness or {}) == beyond[0]
    assert {name for name, _ in finding.rules} == {"hit_modifier", "charge_bonus", "lance"}


def test_the_limits_wh40k_states_hold_and_an_erratum_that_lifts_the_cap_breaks_them(tmp_path: Path) -> None:
    from solver.space.check import check_pack

    coverage = Coverage()
    findings = check_pack(load_pack("wh40k"), coverage)
    assert coverage.exhaustive and not [f for f in findings if "limit" in f.key]
    lifted = tmp_path / "lifted.yaml"
    lifted.write_text("policies:\n  hit_roll_cap: {kind: cap, quantity: hit_roll, min: -3, max: 3}\n")
    pack = load_pack("wh40k", extra=[str(lifted)])
    broken = [f for f in check_pack(pack) if f.kind == "limit_broken"]
    assert [f.key for f in broken] == ["limit_broken.hit_and_wound_modifiers.hit_roll"]
    witness = dict(broken[0].witness or {})
    assert not -1 <= ask(pack, "hit_roll", Situation(given=witness)).modifier <= 1


def test_a_default_a_domain_constraint_forbids_is_changed_to_find_where_a_rule_holds() -> None:
    """A veteran only fights at night: the rule for veterans holds, at night, though night defaults to false."""
    from solver.space.check import check_pack

    pack = load_pack(str(PACKS / "absorbed_rule.yaml"))
    assert "dead_rule.veteran_caution" not in {f.key for f in check_pack(pack)}
    found = find(pack, "to_hit", lambda r: "veteran_caution" in {a.rule for a in r.applied}, max_facts=None)
    assert [dict(f.given) for f in found] == [{"battle.night": True, "unit.veteran": True}]


def test_diff_frees_a_fact_a_domain_constraint_ties_to_a_changed_rule(tmp_path: Path) -> None:
    """A veteran only fights at night: an erratum to the veterans' rule changes rulings at night only."""
    text = (PACKS / "absorbed_rule.yaml").read_text().replace("max: 6}", "max: 9}")
    text = text.replace("  night: {quantity: to_hit, change: +2, when: battle.night}\n", "")  # night: the constraint's
    assert "change: +2, when: battle.night" not in text
    old = _text_pack(tmp_path, "old", text)
    new = _text_pack(tmp_path, "new", text.replace("change: +1, when: unit.veteran", "change: +2, when: unit.veteran"))
    night = {"battle.night": True, "unit.veteran": True}
    assert ask(old, "to_hit", Situation(given=night)).display != ask(new, "to_hit", Situation(given=night)).display
    result = diff_packs(old, new, "to_hit")
    assert result.exhaustive and [dict(c.witness) for c in result.changes] == [night]


def test_diff_splits_a_derived_keywords_fact_by_the_questions_either_version_asks(tmp_path: Path) -> None:
    base = ("pack: seen\nfacts:\n  unit.keywords: {type: keywords, default: [], text: the unit's keywords}\n"
            "  seen.keywords: {type: keywords, derive: unit.keywords, text: the keywords the enemy sees}\n"
            "  unit.hidden: {type: bool, default: false, text: the unit is hidden}\n"
            "quantities:\n  to_hit: {kind: score, base: 4, text: the score needed to hit}\nmodifiers:\n")
    old = _text_pack(tmp_path, "old",
                     base + "  big: {quantity: to_hit, change: -1, when: \"'VEHICLE' in seen.keywords\"}\n")
    new = _text_pack(tmp_path, "new", base + "  big: {quantity: to_hit, change: -1, when: unit.hidden}\n")
    vehicle = {"unit.keywords": frozenset({"VEHICLE"})}
    assert ask(old, "to_hit", Situation(given=vehicle)).display == "3+"  # the reference
    assert ask(new, "to_hit", Situation(given=vehicle)).display == "4+"
    result = diff_packs(old, new, "to_hit")
    assert result.exhaustive
    assert any(dict(c.witness).get("unit.keywords") == frozenset({"VEHICLE"}) for c in result.changes)
