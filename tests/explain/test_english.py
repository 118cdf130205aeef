"""Conditions in plain English: any expression over a pack's facts reads without pack syntax."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.english import _past_to_base, amount, negate, noun, say, sentence
from kb.document import read_yaml
from kb.expr import evaluate, parse_expr
from kb.loader import build_pack, load_pack
from kb.model import Pack
from tests.explain.fact_packs import facts_pack

PACKS = [load_pack(name) for name in ("fantasy", "skirmish", "wh40k")]
SYNTAX = re.compile(r"==|!=|>=|<=|//|\bmatches\(|\(\)|it is not the case")
ODD = build_pack([read_yaml("""
pack: odd
facts:
  crew.size: {type: int, range: [0, 9], text: "the crew counts {value} sailors"}
  crew.drunk: {type: bool, text: "every sailor of the crew is drunk"}
  ship.hull: {type: enum, values: [wood, iron], text: "the ship's hull is {value}"}
  ship.sunk: {type: bool, text: "the ship sank this turn"}
  ship.cargo: {type: keywords, default: [], text: "the ship's cargo keywords"}
  wind.speed: {type: int, range: [0, 12], text: "wind speed"}
quantities:
  speed: {kind: pool, text: the ship's speed, base: 3}
""", "odd.yaml")], "odd")
CMP = ("<", "<=", ">", ">=", "==", "!=")


@st.composite
def conditions(draw: st.DrawFn, pack: Pack) -> str:
    """A well-typed condition over the pack's facts: atoms, comparisons, arithmetic, keywords, and/or/not."""
    bools = sorted(n for n, f in pack.facts.items() if f.type.kind == "bool")
    ints = sorted(n for n, f in pack.facts.items() if f.type.kind == "int")
    enums = sorted(n for n, f in pack.facts.items() if f.type.kind == "enum")
    keywords = sorted(n for n, f in pack.facts.items() if f.type.kind == "keywords")
    atoms = [st.sampled_from(bools)]
    if ints:
        fact = st.sampled_from(ints)
        atoms.append(st.builds("{} {} {}".format, fact, st.sampled_from(CMP), st.integers(-2, 12)))
        atoms.append(st.builds("{} * {} {} {}".format, st.integers(2, 3), fact, st.sampled_from(CMP), fact))
        atoms.append(st.builds("{} + {} {} {}".format, fact, fact, st.sampled_from(CMP), st.integers(0, 20)))
        atoms.append(st.builds("max({}, {}) {} {}".format, fact, fact, st.sampled_from(CMP), fact))
    if enums:
        atoms.append(st.builds(lambda n, eq: f"{n} {eq} '{pack.facts[n].type.values[0]}'",
                               st.sampled_from(enums), st.sampled_from(["==", "!="])))
    if keywords:
        kw = st.sampled_from(keywords)
        atoms.append(st.builds("'VEHICLE' {} {}".format, st.sampled_from(["in", "not in"]), kw))
        atoms.append(st.builds("matches('{}', {})".format, st.sampled_from(
            ["MONSTER/VEHICLE", "non-VEHICLE INFANTRY", "INFANTRY or MOUNTED unit"]), kw))
    tree = st.recursive(st.one_of(atoms), lambda inner: st.one_of(
        st.builds("not ({})".format, inner),
        st.builds("({}) and ({})".format, inner, inner),
        st.builds("({}) or ({})".format, inner, inner)), max_leaves=6)
    return draw(tree)


@st.composite
def values_for(draw: st.DrawFn, pack: Pack, names: frozenset[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in sorted(names):
        fact = pack.facts[name]
        if not draw(st.booleans()):
            continue
        if fact.type.kind == "bool":
            out[name] = draw(st.booleans())
        elif fact.type.kind == "int":
            low, high = fact.range or (0, 20)
            out[name] = draw(st.integers(low, high))
        elif fact.type.kind == "enum":
            out[name] = draw(st.sampled_from(fact.type.values))
        else:
            out[name] = frozenset(draw(st.lists(st.sampled_from(["INFANTRY", "VEHICLE", "MONSTER"]), max_size=2)))
    return out


@pytest.mark.parametrize("pack", [*PACKS, ODD], ids=lambda p: p.name)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_english_renderer_never_shows_a_fact_name_or_pack_syntax(pack: Pack, data: st.DataObject) -> None:
    expr = parse_expr(data.draw(conditions(pack)))
    values = data.draw(values_for(pack, expr.names))
    for holds in (True, False):
        for shown in (say(pack, expr, holds=holds), say(pack, expr, values, holds=holds)):
            assert not SYNTAX.search(shown), (expr.text, shown)
            assert not any(name in shown for name in expr.names if pack.facts[name].text), (expr.text, shown)


@pytest.mark.parametrize("pack", [*PACKS, ODD], ids=lambda p: p.name)
def test_every_fact_reads_both_ways_without_its_name(pack: Pack) -> None:
    for fact in pack.facts.values():
        if fact.type.kind == "bool":
            yes, no = sentence(fact, True), sentence(fact, False)
            assert yes != no and "not: " not in no and "it is not the case" not in no, (yes, no)
        else:
            assert fact.name not in noun(fact) and "{value}" not in noun(fact)


@pytest.mark.parametrize(("text", "negated"), [
    ("the shooter moved this turn", "the shooter did not move this turn"),
    ("the target is in hard cover", "the target is not in hard cover"),
    ("the target has the Cover status", "the target does not have the Cover status"),
    ("soft cover obscures the majority of the target", "soft cover does not obscure the majority of the target"),
    ("the attacker is charging", "the attacker is not charging"),
    ("the bearer's unit made a Charge move this turn", "the bearer's unit did not make a Charge move this turn"),
    ("the attacking model's unit Remained Stationary this turn",
     "the attacking model's unit did not Remain Stationary this turn"),
    ("at least one model of the target unit was visible", "no model of the target unit was visible"),
    ("every model in the target unit has the Stealth ability",
     "not every model in the target unit has the Stealth ability"),
    ("the attack is a ranged attack (false: a melee attack)", "the attack is a melee attack"),
    ("the target cannot have the Benefit of Cover", "the target can have the Benefit of Cover"),
    ("the ship sank this turn", "the ship did not sink this turn"),
])
def test_negation_turns_the_verb(text: str, negated: str) -> None:
    assert negate(text) == negated


def test_comparisons_read_in_words() -> None:
    fantasy, wh40k = PACKS[0], PACKS[2]
    assert say(fantasy, parse_expr("target.unit_strength <= 2")) == "the target has Unit Strength 2 or less"
    assert say(fantasy, parse_expr("target.unit_strength <= 2"), {"target.unit_strength": 5}, holds=False) == \
        "the target has Unit Strength 5 (more than 2)"
    assert say(fantasy, parse_expr("2 * soft_cover.los >= target.los")) == \
        "twice the soft cover's Line of Sight value is at least the target's Line of Sight value"
    assert say(wh40k, parse_expr("target.save <= 3 and weapon.ap == 0")) == \
        "the target model's Save characteristic is 3+ or better (before modifiers) and the attack's AP " \
        "characteristic is 0"
    assert say(wh40k, parse_expr("matches('MONSTER/VEHICLE', attacker.keywords)")) == \
        "the attacking unit is a MONSTER or VEHICLE"
    assert say(wh40k, parse_expr("not target.visible")) == \
        "no model of the target unit was visible to the attacking unit when it was selected as the target"


# -- known bugs, each with the English it must read as ------------------------------------------------------------

ENG = facts_pack("eng", """\
  unit.moved: {type: bool, text: "the unit moved this turn"}
  unit.bs: {type: int, range: [1, 6], default: 3, text: "the unit has Ballistic Skill {value}"}
  unit.save: {type: int, range: [2, 6], default: 4, text: "the unit has a save of {value}+"}
  unit.w_change: {type: int, range: [-3, 3], default: 0,
                  text: "a rule has modified the W of the unit's models by {value} since the battle began"}
""")


@pytest.mark.parametrize(("text", "negated"), [
    ("the model has no banner", "the model has a banner"),
    ("the model has no Indirect Fire weapon", "the model has an Indirect Fire weapon"),
    ("the unit has no models left", "the unit has models left"),
    ("the units have no banners", "the units have banners"),
    ("the unit had no banner of its own", "the unit had a banner of its own"),
    ("the unit has no more than 3 models", "the unit has more than 3 models"),
    ("there is no cover", "there is a cover"),
    ("the unit is no longer fleeing", "the unit is still fleeing"),
    ("the unit has not moved", "the unit has moved"),
    ("the unit does not fly", "the unit does fly"),
    ("the unit will not charge", "the unit will charge"),
    ("the unit can not fly", "the unit can fly"),
    ("the unit must not move", "the unit may move"),
    ("the unit has moved this turn", "the unit has not moved this turn"),
    ("the unit has made a Charge move", "the unit has not made a Charge move"),
    ("the unit has charged", "the unit has not charged"),
    ("the unit has moved 6 inches", "the unit has not moved 6 inches"),
    ("the unit has moved 6\" this turn", "the unit has not moved 6\" this turn"),
    ("the unit has shed its armour", "the unit has not shed its armour"),
    ("the unit has been shaken", "the unit has not been shaken"),
    ("the unit has used a Stratagem this phase", "the unit has not used a Stratagem this phase"),
    ("the unit used a Stratagem", "the unit did not use a Stratagem"),
    ("the unit has", "the unit does not have"),
    ("the unit has ranged weapons", "the unit does not have ranged weapons"),
])
def test_a_negative_word_after_the_verb_is_turned_not_doubled(text: str, negated: str) -> None:
    """"has no banner" was negated as "has not no banner", "has not moved" as "has not not moved"."""
    assert negate(text) == negated


# Regular past tenses and their base forms, as a dictionary spells them: a silent e comes back (hoped, fizzled),
# a doubled consonant goes (stopped) unless the base has it (added, passed, called), "-ied" is "-y" (or "-ie" in a
# word of four letters: tied).
PAST_TENSES = {
    "moved": "move", "charged": "charge", "obscured": "obscure", "remained": "remain", "Remained": "Remain",
    "stopped": "stop", "called": "call", "carried": "carry", "passed": "pass", "rolled": "roll", "gazed": "gaze",
    "fizzled": "fizzle", "hoped": "hope", "tied": "tie", "died": "die", "lied": "lie", "tried": "try",
    "spied": "spy", "hopped": "hop", "planned": "plan", "occurred": "occur", "referred": "refer",
    "equipped": "equip", "quitted": "quit", "added": "add", "egged": "egg", "erred": "err", "ebbed": "ebb",
    "stuffed": "stuff", "buzzed": "buzz", "spelled": "spell", "yelled": "yell", "quelled": "quell",
    "travelled": "travel", "controlled": "control", "patrolled": "patrol", "fuelled": "fuel", "killed": "kill",
    "pulled": "pull", "agreed": "agree", "freed": "free", "guaranteed": "guarantee", "issued": "issue",
    "pursued": "pursue", "argued": "argue", "continued": "continue", "played": "play", "destroyed": "destroy",
    "obeyed": "obey", "echoed": "echo", "torpedoed": "torpedo", "bowed": "bow", "boxed": "box", "faded": "fade",
    "invaded": "invade", "decided": "decide", "provided": "provide", "exploded": "explode", "included": "include",
    "persuaded": "persuade", "raided": "raid", "avoided": "avoid", "loaded": "load", "needed": "need",
    "landed": "land", "wounded": "wound", "guarded": "guard", "forced": "force", "advanced": "advance",
    "pierced": "pierce", "served": "serve", "solved": "solve", "achieved": "achieve", "received": "receive",
    "seized": "seize", "realized": "realize", "squeezed": "squeeze", "used": "use", "caused": "cause",
    "raised": "raise", "closed": "close", "lapsed": "lapse", "collapsed": "collapse", "sensed": "sense",
    "dispersed": "disperse", "focused": "focus", "judged": "judge", "merged": "merge", "bulged": "bulge",
    "raged": "rage", "engaged": "engage", "obliged": "oblige", "gauged": "gauge", "aged": "age",
    "changed": "change", "ranged": "range", "arranged": "arrange", "banged": "bang", "hanged": "hang",
    "avenged": "avenge", "challenged": "challenge", "plunged": "plunge", "lounged": "lounge", "hinged": "hinge",
    "singed": "singe", "tinged": "tinge", "binged": "binge", "twinged": "twinge", "cringed": "cringe",
    "infringed": "infringe", "impinged": "impinge", "sponged": "sponge", "ringed": "ring", "pinged": "ping",
    "winged": "wing", "longed": "long", "wronged": "wrong", "handled": "handle", "settled": "settle",
    "tackled": "tackle", "toppled": "topple", "juggled": "juggle", "cycled": "cycle", "startled": "startle",
    "curled": "curl", "howled": "howl", "failed": "fail", "sailed": "sail", "healed": "heal", "boiled": "boil",
    "scaled": "scale", "piled": "pile", "compiled": "compile", "ruled": "rule", "styled": "style",
    "consoled": "console", "scheduled": "schedule", "traveled": "travel", "canceled": "cancel",
    "modeled": "model", "signaled": "signal", "totaled": "total", "inhaled": "inhale", "exhaled": "exhale",
    "impaled": "impale", "regaled": "regale", "named": "name", "framed": "frame", "assumed": "assume",
    "aimed": "aim", "claimed": "claim", "ransomed": "ransom", "welcomed": "welcome", "lined": "line",
    "defined": "define", "combined": "combine", "examined": "examine", "determined": "determine",
    "zoned": "zone", "phoned": "phone", "telephoned": "telephone", "enthroned": "enthrone",
    "postponed": "postpone", "opened": "open", "happened": "happen", "threatened": "threaten",
    "convened": "convene", "intervened": "intervene", "pardoned": "pardon", "abandoned": "abandon",
    "garrisoned": "garrison", "summoned": "summon", "positioned": "position", "stationed": "station",
    "tuned": "tune", "ordered": "order", "entered": "enter", "covered": "cover", "gathered": "gather",
    "interfered": "interfere", "declared": "declare", "prepared": "prepare", "cleared": "clear",
    "appeared": "appear", "ignored": "ignore", "explored": "explore", "restored": "restore", "adored": "adore",
    "encored": "encore", "scored": "score", "colored": "color", "honoured": "honour", "armoured": "armour",
    "secured": "secure", "captured": "capture", "admired": "admire", "required": "require",
    "acquired": "acquire", "repaired": "repair", "created": "create", "activated": "activate",
    "initiated": "initiate", "evaluated": "evaluate", "stated": "state", "defeated": "defeat",
    "retreated": "retreat", "floated": "float", "waited": "wait", "targeted": "target", "interpreted": "interpret",
    "completed": "complete", "deleted": "delete", "competed": "compete", "secreted": "secrete",
    "trumpeted": "trumpet", "visited": "visit", "limited": "limit", "inherited": "inherit", "ignited": "ignite",
    "united": "unite", "invited": "invite", "excited": "excite", "exploited": "exploit", "recruited": "recruit",
    "computed": "compute", "executed": "execute", "shouted": "shout", "scouted": "scout", "noted": "note",
    "quoted": "quote", "promoted": "promote", "denoted": "denote", "devoted": "devote", "pivoted": "pivot",
    "piloted": "pilot", "plotted": "plot", "developed": "develop", "galloped": "gallop", "eloped": "elope",
    "escaped": "escape", "shaped": "shape", "worshiped": "worship", "wiped": "wipe", "baked": "bake",
    "provoked": "provoke", "looked": "look", "attacked": "attack", "flanked": "flank", "panicked": "panic",
    "described": "describe", "climbed": "climb", "absorbed": "absorb", "strafed": "strafe", "bathed": "bathe",
    "breathed": "breathe", "soothed": "soothe", "smoothed": "smooth", "unearthed": "unearth", "bashed": "bash",
    "reached": "reach", "laughed": "laugh", "guided": "guide", "beguiled": "beguile", "mixed": "mix",
    "stayed": "stay", "stirred": "stir", "blurred": "blur",
}


def test_a_past_tense_is_turned_to_its_base_with_its_spelling() -> None:
    """"fizzled" gave "fizzl", "hoped" "hop", "tied" "ty", "retreated" "retreate"."""
    wrong = {past: _past_to_base(past) for past, base in PAST_TENSES.items() if _past_to_base(past) != base}
    assert not wrong, wrong


@pytest.mark.parametrize("text", ["the unit retreated this turn", "the unit fizzled", "the unit hoped to win"])
def test_a_sentence_in_the_past_is_negated_with_the_base_spelled_right(text: str) -> None:
    verb = text.split()[2]
    assert negate(text) == text.replace(verb, "did not " + PAST_TENSES[verb])


def test_a_save_reads_as_a_noun() -> None:
    """"the unit has a save of {value}+" read as "the unit's a save of"."""
    assert noun(ENG.facts["unit.save"]) == "the unit's save"
    assert amount(ENG, parse_expr("unit.save + 1"), {"unit.save": 4}) == "the unit's save (4) plus 1"


def test_a_value_in_a_sentence_in_the_perfect_tense_is_not_read_as_a_possession() -> None:
    """"a rule has modified the W ... by {value}" read as "a rule's modified the W of the unit's models by"."""
    assert noun(ENG.facts["unit.w_change"]) == \
        "the value in \u201ca rule has modified the W of the unit's models by N since the battle began\u201d"


def test_a_number_read_as_a_condition_holds_when_it_is_not_zero() -> None:
    """A number that is a condition holds when it is nonzero (as the solver evaluates it), so it is said so: the
    holding condition read "... minus 3 is zero"."""
    expr = parse_expr("unit.bs - 3 and unit.moved")
    assert evaluate(expr, {"unit.bs": 4, "unit.moved": True})  # 4 - 3 = 1: it holds
    assert not evaluate(expr, {"unit.bs": 3, "unit.moved": True})  # 3 - 3 = 0: it does not
    assert say(ENG, expr) == "the unit's Ballistic Skill minus 3 is not zero and the unit moved this turn"
    assert say(ENG, expr, holds=False) == \
        "the unit's Ballistic Skill minus 3 is zero or the unit did not move this turn"
    assert say(ENG, parse_expr("max(unit.bs, unit.save) or unit.moved"), holds=False) == \
        "the larger of the unit's Ballistic Skill and the unit's save is zero and the unit did not move this turn"


@pytest.mark.parametrize(("condition", "holds", "fails"), [
    ("unit.moved and ((unit.bs > 3 and unit.save <= 3) or unit.bs > 5)",  # the nested part began with "("
     "the unit moved this turn and ((the unit has Ballistic Skill more than 3 and the unit has a save of 3+ or "
     "better) or the unit has Ballistic Skill more than 5)",
     "the unit did not move this turn or ((the unit has Ballistic Skill 3 or less or the unit has a save of worse "
     "than 3+) and the unit has Ballistic Skill 5 or less)"),
    ("unit.moved and not (unit.bs > 3 and unit.save <= 3)",  # a negated "and" is an "or"
     "the unit moved this turn and (the unit has Ballistic Skill 3 or less or the unit has a save of worse than 3+)",
     "the unit did not move this turn or (the unit has Ballistic Skill more than 3 and the unit has a save of 3+ or "
     "better)"),
    ("unit.moved or 1 <= unit.bs < 4",  # a chain of two comparisons is two parts
     "the unit moved this turn or (the unit has Ballistic Skill 1 or more and the unit has Ballistic Skill less "
     "than 4)",
     "the unit did not move this turn and (the unit has Ballistic Skill less than 1 or the unit has Ballistic Skill "
     "4 or more)"),
    ("unit.moved or 2 <= unit.bs <= 4",  # a row of a table is one part, its negation two
     "the unit moved this turn or the unit has Ballistic Skill 2 to 4",
     "the unit did not move this turn and (the unit has Ballistic Skill less than 2 or the unit has Ballistic "
     "Skill more than 4)"),
])
def test_a_part_made_of_parts_is_put_in_parentheses(condition: str, holds: str, fails: str) -> None:
    """"a and ((b and c) or d)" read as "a and (b and c) or d", and "a and not (b and c)" as "a and not b or not c":
    either could be read the other way round."""
    assert say(ENG, parse_expr(condition)) == holds
    assert say(ENG, parse_expr(condition), holds=False) == fails
