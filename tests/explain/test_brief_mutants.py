"""The short ruling, checked where mutation testing found nothing watching (`python tools/mutate.py explain/brief.py`).

Each expected line is written here by hand from the ruling the pack below gives: its answer as a player writes it,
each rule that counted with its condition in words and the sentence it cites, and the notes under them. Some rulings
are built by hand, so that one field at a time decides a line.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from explain.brief import (
    _answer,
    _assumptions,
    _cap,
    _clamp,
    _count,
    _first_cite,
    _fraction,
    _signed,
    about,
    brief_lines,
    brief_markdown,
    brief_text,
)
from solver import Situation, ask
from solver.choice import Alternative, Choice
from solver.derivation import Node
from solver.ruling import Applied, Case, Clamped, ReadingOutcome, Ruling
from solver.settle import Suppression
from tests.explain.fact_packs import yaml_pack

PACK = yaml_pack("brieftest", """\
sources:
  r:
    title: Rules
    paragraphs:
      1: Roll a D6 to hit; a 4+ hits.
      2: A target in cover gives -1 to hit.
      3: Smoke gives -1 to hit.
      4: A charging unit gets +1 to hit.
      5: Cover and smoke never stack.
      6: A magic shot always hits.
      7: The pool gets one more die for each base when charging.
      8: Toughness is 4.
      9: A unit may ignore any of these modifiers.
      10: Two volleys may count once, or each once.
assumptions:
  framed: {text: the dice are rolled at once, reason: the rules say so, framing: true}
  picked: {text: the attacker picks the best, reason: a player plays to win}
facts:
  t.cover: {type: bool, text: "the target is in cover"}
  t.smoke: {type: bool, text: "the target is in smoke"}
  a.charging: {type: bool, text: "the attacker is charging"}
  a.magic: {type: bool, text: "the shot is magic"}
  a.bases: {type: int, range: [1, 9], default: 1, text: "the unit has {value} bases"}
  t.range: {type: int, range: [0, 30], text: "the range to the target is {value} inches"}
  t.hidden: {type: bool, derive: "t.smoke and a.bases >= 3", text: "the target is hidden"}
quantities:
  hit:
    kind: roll
    dice: D6
    passes: 4
    text: the hit roll
    automatic: a.magic
    assumptions: [picked, framed]
    cite: {source: r, paragraph: 1, quote: "Roll a D6 to hit"}
  pool: {kind: pool, base: 3, text: the dice pool}
  reach: {kind: pool, base: 2, text: the reach}
  volley: {kind: pool, base: 2, text: the volley}
  ap: {kind: characteristic, characteristic: ap, base: 0, text: the AP, cite: {source: r, paragraph: 8}}
  rally: {kind: pool, base: 1, text: the rally}
  crowd: {kind: pool, base: 9, text: the crowd}
  blast: {kind: roll, dice: D6, passes: 4, text: the blast roll, automatic: a.bases >= 5}
  command: {kind: total, dice: 2D6, passes: a.bases + 5, text: the command roll}
  width: {kind: characteristic, characteristic: number, base: a.bases + 1, text: the width}
  depth: {kind: characteristic, characteristic: number, base: a.bases + 2, text: the depth,
          cite: {source: r, paragraph: 8}}
  save: {kind: roll, dice: D6, text: the save}
  strength:
    kind: characteristic
    characteristic: number
    base: a.bases * 2
    text: the strength
    cite: {source: r, paragraph: 7, quote: "The pool gets one more die for each base when charging."}
  toughness:
    kind: characteristic
    characteristic: number
    base: 4
    text: the toughness
    cite: {source: r, paragraph: 8, quote: "Toughness is 4."}
modifiers:
  cover: {quantity: hit, change: -1, when: t.cover,
          cite: {source: r, paragraph: 2, quote: "A target in cover gives -1 to hit."}}
  smoke: {quantity: hit, change: -1, when: t.smoke}
  charge: {quantity: hit, change: +1, when: a.charging, text: a charge}
  steady: {quantity: pool, change: +1, text: a steady unit's extra die}
  extra: {quantity: pool, change: +1, per: a.bases, when: a.charging}
  tough: {quantity: toughness, change: +1, when: a.charging}
  far: {quantity: reach, change: +1, when: t.range > 12}
  blind: {quantity: reach, change: -1, when: t.smoke}
  hazy: {quantity: reach, change: -1, when: t.smoke}
  rain: {quantity: volley, change: +1, when: t.smoke}
  hail: {quantity: volley, change: +1, when: t.smoke}
  blunt: {quantity: ap, change: -1, when: a.charging}
  double: {quantity: pool, change: +1, per: a.bases * 2, when: t.smoke}
  mob: {quantity: rally, change: +1, when: a.bases >= 3 and t.smoke,
        cite: {source: r, paragraph: 7, quote: "The pool gets one more die for each base when charging."}}
  ghost: {quantity: rally, change: +1, when: t.hidden}
  lone: {quantity: rally, change: +1, when: a.bases == 1 and t.smoke}
  surge: {quantity: crowd, change: "-(a.bases // 2)", per: a.bases, when: t.cover}
policies:
  no_stack: {kind: exclusive, rules: [cover, smoke], keep: first, text: cover and smoke never stack,
             cite: {source: r, paragraph: 5, quote: "Cover and smoke never stack."}}
  one_haze: {kind: exclusive, rules: [blind, hazy], keep: first}
  one_volley: {kind: exclusive, rules: [rain, hail], keep: first, under: {volleys: once}}
  pick: {kind: choice, quantity: pool, when: a.magic, chooser: the attacker, text: a unit may ignore any of these,
         cite: {source: r, paragraph: 9, quote: "A unit may ignore any of these modifiers."}}
  pick_quietly: {kind: choice, quantity: toughness, when: a.magic, chooser: the defender}
  net_cap: {kind: cap, quantity: hit, min: -1, max: 1, text: never more than 1 either way}
  up_cap: {kind: cap, quantity: hit, of: improvements, max: 1, label: up}
  down_cap: {kind: cap, quantity: hit, of: worsenings, min: -1, label: down}
  low: {kind: clamp, quantity: toughness, min: 1, label: limit, text: never less than 1}
  high: {kind: clamp, quantity: toughness, max: 9, label: limit, text: never more than 9}
  ap_max: {kind: clamp, quantity: ap, max: 0}
readings:
  volleys:
    sentence: Two volleys may count once, or each once.
    options: {once: only one volley counts, each: each volley counts}
    default: each
    cite: {source: r, paragraph: 10, quote: "Two volleys may count once, or each once."}
  spare:
    sentence: Smoke gives -1 to hit.
    options: {a: one way, b: another way, c: a third way}
    default: a
    cite: {source: r, paragraph: 1, quote: "Roll a D6 to hit"}
  plain:
    sentence: A roll may be read two ways.
    options: {first: the first way, second: the second way}
    default: first
""")

COVER_CITE = 'r ¶2: "A target in cover gives -1 to hit."'
STACK_CITE = 'r ¶5: "Cover and smoke never stack."'
HIT_CITE = 'r ¶1: "Roll a D6 to hit"'
TOUGH_CITE = 'r ¶8: "Toughness is 4."'


def brief(quantity: str, **situation: Any) -> str:
    return brief_text(ask(PACK, quantity, Situation(**situation)), PACK)


def made(quantity: str = "pool", value: Any = 4, display: str = "4", *, because: tuple[Node, ...] = (),
         **fields: Any) -> Ruling:
    """A ruling built by hand: each field as a test sets it, the derivation only the nodes it names."""
    return Ruling("brieftest", quantity, value, display, Node("the ruling", because, tag="value"), **fields)


# -- the text, the colours and the Markdown ----------------------------------------------------------------------

def test_a_ruling_reads_as_its_answer_then_each_reason_with_its_sentence_under_it() -> None:
    assert brief("hit", given={"t.cover": True, "t.smoke": True}).splitlines() == [
        "The hit roll: D6-1 (roll D6, -1) (needs 4 or more: chance 1/3)",  # a 4+ on a D6 less 1: 5 or 6
        "  + -1 cover: the target is in cover",
        "      " + COVER_CITE,
        "  x smoke does not count, cover counts instead (cover and smoke never stack)",
        "      " + STACK_CITE,
        "  ? assumes: the attacker picks the best (picked)",  # not "framed": it frames every situation
        "  not shown: 1 rule that did not apply (--full lists them)",  # charge
    ]


def test_the_colours_mark_each_kind_of_line() -> None:
    r = ask(PACK, "hit", Situation(given={"t.cover": True, "t.smoke": True}))
    assert brief_text(r, PACK, colour=True).splitlines() == [
        "\033[1mThe hit roll: D6-1 (roll D6, -1) (needs 4 or more: chance 1/3)\033[0m",
        "  \033[32m+ -1 cover: the target is in cover\033[0m",
        "      \033[2m" + COVER_CITE + "\033[0m",
        "  \033[33mx smoke does not count, cover counts instead (cover and smoke never stack)\033[0m",
        "      \033[2m" + STACK_CITE + "\033[0m",
        "  \033[36m? assumes: the attacker picks the best (picked)\033[0m",
        "  \033[2mnot shown: 1 rule that did not apply (--full lists them)\033[0m",
    ]


def test_markdown_bolds_the_answer_and_lists_the_reasons_with_their_sentences() -> None:
    r = ask(PACK, "hit", Situation(given={"t.cover": True}, roll=5))
    assert brief_markdown(r, PACK) == "\n".join([
        "**The hit roll: 4 (rolled 5), PASSED (it needs 4 or more)**",  # 5 less 1 is 4: it reaches the 4
        f"*{HIT_CITE}*",  # a verdict quotes the quantity's own sentence
        "",
        f"- -1 cover: the target is in cover — *{COVER_CITE}*",
        "- assumes: the attacker picks the best (picked)",
        "- not shown: 2 rules that did not apply (--full lists them)",  # smoke and charge
    ]) + "\n"


def test_markdown_indents_a_reason_below_a_reason() -> None:
    groups = (("open", Situation()), ("cover", Situation(given={"t.cover": True})))
    r = ask(PACK, "hit", Situation(groups=groups))
    assert brief_markdown(r, PACK).splitlines()[3:6] == [
        "- cover: D6-1 (roll D6, -1) (needs 4 or more: chance 1/3)",
        f"  - -1 cover: the target is in cover — *{COVER_CITE}*",
        "- assumes: the attacker picks the best (picked)",
    ]


# -- groups and cases ---------------------------------------------------------------------------------------------

def test_groups_each_give_their_answer_and_share_the_notes_once() -> None:
    groups = (("open", Situation()), ("cover", Situation(given={"t.cover": True})))
    assert brief("hit", groups=groups).splitlines() == [
        "The hit roll: resolved separately for each group",
        "  open: D6 (roll D6, no modifier) (needs 4 or more: chance 1/2)",
        "  cover: D6-1 (roll D6, -1) (needs 4 or more: chance 1/3)",
        "    + -1 cover: the target is in cover",
        "        " + COVER_CITE,
        "  ? assumes: the attacker picks the best (picked)",  # both groups assume it: said once
        "  not shown: rules that did not apply (--full lists them)",
    ]


def test_cases_give_one_line_each_with_what_counted() -> None:
    assert brief("reach", given={"t.smoke": True}).splitlines() == [
        "The reach: depends on the range to the target, which the situation does not give",
        "  - the range to the target is 0 to 12 inches: 1 die [-1 blind; hazy suppressed]",
        "  - the range to the target is 13 to 30 inches: 2 dice [+1 far, -1 blind; hazy suppressed]",
        "  give the facts (--given FACT=VALUE) for one ruling with its reasons",
    ]


def test_what_an_unknown_fact_is_about() -> None:
    assert about(PACK, "t.cover") == "whether the target is in cover"
    assert about(PACK, "a.bases") == "the unit's bases"
    assert about(PACK, "x.unknown") == "x.unknown"


# -- the answer -----------------------------------------------------------------------------------------------------

def test_an_automatic_answer_says_why_and_what_it_made_moot() -> None:
    assert brief("hit", given={"a.magic": True, "t.cover": True}).splitlines() == [
        "The hit roll: automatic, no roll needed (chance 1)",
        "  + because the shot is magic",
        "  no roll is made, so cover does not count",
        "  ? assumes: the attacker picks the best (picked)",
    ]
    lines = brief("hit", given={"a.magic": True, "t.cover": True, "t.smoke": True}).splitlines()
    assert "  no roll is made, so cover, smoke do not count" in lines


@pytest.mark.parametrize(("fields", "said"), [
    ({"automatic": True}, "automatic, no roll needed (chance 1)"),
    ({"value": 7, "display": "7", "then": 4}, "7, i.e. a 6 then 4+"),
    ({"value": None, "display": "D6+1", "modifier": 1}, "D6+1 (roll D6, +1)"),
    ({"value": None, "display": "D6", "modifier": 0}, "D6 (roll D6, no modifier)"),
    ({"value": None, "display": "D6", "modifier": 0, "probability": Fraction(0)},
     "D6 (roll D6, no modifier) (impossible: it can never pass, chance 0)"),
    ({"value": None, "display": "D6-1", "modifier": -1, "probability": Fraction(1, 3)},
     "D6-1 (roll D6, -1) (needs 4 or more: chance 1/3)"),
    ({"value": 3, "display": "3", "probability": Fraction(1)}, "3 (needs 4 or more: chance 1)"),
])
def test_the_answer_as_a_player_writes_it(fields: dict[str, Any], said: str) -> None:
    base = {"value": 4, "display": "4", **fields}
    assert _answer(made("hit", base.pop("value"), base.pop("display"), **base), PACK.quantities["hit"]) == said


def test_an_answer_that_is_no_roll_has_its_chance_or_nothing() -> None:
    pool = PACK.quantities["pool"]
    assert _answer(made("pool", 4, "4 dice", probability=Fraction(1, 2)), pool) == "4 dice (chance 1/2)"
    assert _answer(made("pool", 4, "4 dice", modifier=1), pool) == "4 dice"  # a pool has no dice to roll
    assert _answer(made("pool", 0, "0 dice", probability=Fraction(0)), pool) == "0 dice (chance 0)"


def test_a_given_roll_says_what_was_rolled_and_whether_it_passed() -> None:
    assert brief("hit", roll=3).splitlines()[0] == "The hit roll: 3 (rolled 3), FAILED (it needs 4 or more)"
    assert brief("hit", given={"a.charging": True}, roll=3).splitlines()[0] == \
        "The hit roll: 4 (rolled 3), PASSED (it needs 4 or more)"  # 3 and the charge's +1 reach 4


# -- the helpers --------------------------------------------------------------------------------------------------

def test_the_small_words() -> None:
    assert [_cap(t) for t in ("the hit roll", "", "x")] == ["The hit roll", "", "X"]
    assert [_fraction(p) for p in (Fraction(1, 3), Fraction(2), Fraction(0))] == ["1/3", "2", "0"]
    assert [_count(("a",) * n) for n in (2, 3, 4, 5)] == ["two", "three", "four", "5"]
    assert [_signed(c) for c in ("AP: 0 -> 1", "AP: 1 -> 0", "AP: -1 -> -2", "AP -> 12 more")] == [
        "AP: 0 -> +1", "AP: 1 -> 0", "AP: -1 -> -2", "AP -> 12 more"]


def test_the_first_cite_is_found_however_deep_it_is() -> None:
    deep = (Node("a"), Node("b", (Node("c"), Node("d", cite="deep"))), Node("e", cite="late"))
    assert _first_cite(deep) == "deep"
    assert _first_cite((Node("a"), Node("b"))) is None


def test_the_assumptions_shown_are_those_that_decided_something() -> None:
    assert [line.text for line in _assumptions(("framed", "picked", "other"), PACK)] == [
        "assumes: the attacker picks the best (picked)", "assumes: other"]
    assert _assumptions(("picked",), PACK, shown="picked") == []


def test_a_clamp_says_what_it_changed() -> None:
    hit, tough = PACK.quantities["hit"], PACK.quantities["toughness"]
    assert _clamp(PACK, hit, Clamped("hit", -2, -1)) == "the result: -2 becomes -1"  # no policy named so
    assert _clamp(PACK, tough, Clamped("toughness", 0, 1)) == "toughness: 0 becomes 1"
    assert _clamp(PACK, tough, Clamped("floor", 0, 1)) == "floor: 0 becomes 1"


def test_a_characteristic_cites_its_sentence_once_modified_and_shows_its_steps() -> None:
    assert brief("toughness", given={"a.charging": True}).splitlines() == [
        "The toughness: 5",
        "    " + TOUGH_CITE,
        "  + +1 tough: the attacker is charging",
        "  = start: toughness 4",
        "  = add: tough (+1) -> 5",
    ]
    assert brief("toughness").splitlines() == [
        "The toughness: 4",
        "  = start: toughness 4",  # a characteristic shows its start even with nothing applied
        "  not shown: 1 rule that did not apply (--full lists them)",
    ]


def test_a_per_amount_and_a_rule_that_always_counts_say_so() -> None:
    assert brief("pool", given={"a.charging": True, "a.bases": 2}).splitlines() == [
        "The dice pool: 6 dice",
        "  + +1 steady: a steady unit's extra die",  # no condition: the rule's own text says what it is
        "  + +2 (+1 per base) extra: the attacker is charging",
        "  not shown: 1 rule that did not apply (--full lists them)",  # double: no smoke
    ]


def test_effects_from_outside_the_pack_are_named() -> None:
    r = made("pool", 5, "5", applied=(Applied("-1", "-1"),))
    assert [line.text for line in brief_lines(r, PACK)[1:]] == ["an effect gives -1"]
    r = made("pool", 5, "5", applied=(Applied("-1", "-1"), Applied("x2", "x2")))
    assert [line.text for line in brief_lines(r, PACK)[1:]] == ["effects in play: -1, x2"]
    r = made("pool", 5, "5", applied=(Applied("Boost", "+2"),))
    assert [line.text for line in brief_lines(r, PACK)[1:]] == ["Boost gives +2"]


# -- a choice to ignore modifiers -----------------------------------------------------------------------------------

def _choice(ignored: tuple[str, ...], *alternatives: Alternative, explicit: bool = False, weighed: int = 0,
            best: Alternative | None = None, policy: str = "pick") -> Ruling:
    choice = Choice(PACK.policies[policy], ignored, best, alternatives, explicit, weighed=weighed)
    return made("pool", 3, "3 dice", choice=choice)


def _choice_lines(r: Ruling) -> list[tuple[int, str, str, str | None]]:
    return [(line.depth, line.tag, line.text, line.cite) for line in brief_lines(r, PACK)[1:]]


PICK_CITE = 'r ¶9: "A unit may ignore any of these modifiers."'


def test_a_choice_names_what_it_ignored_and_the_best_few_other_choices() -> None:
    chosen = Alternative(("extra",), "3 dice", 5)
    r = _choice(("extra",), chosen, Alternative((), "5 dice", 1), Alternative(("steady",), "4 dice", 3),
                Alternative(("steady", "extra"), "2 dice", 4), Alternative(("x",), "9 dice", 2), best=chosen)
    assert _choice_lines(r) == [
        (1, "ignored", "ignored: extra (the attacker chose the best option: a unit may ignore any of these)",
         PICK_CITE),
        # ignoring nothing first, then the best ranked: three named, the fifth counted
        (2, "note", "instead: ignoring nothing gives 5 dice; ignoring steady, extra gives 2 dice; ignoring steady "
                    "gives 4 dice; 1 more weighed (--full lists them)", None),
    ]


def test_alternatives_that_rank_alike_are_named_fewest_first_then_by_name() -> None:
    chosen = Alternative(("z",), "1 die", 9)
    r = _choice(("z",), chosen, Alternative(("c", "d"), "2 dice", 3), Alternative(("b",), "3 dice", 3),
                Alternative(("a",), "4 dice", 3), weighed=4)
    assert _choice_lines(r)[1][2] == \
        "instead: ignoring a gives 4 dice; ignoring b gives 3 dice; ignoring c, d gives 2 dice"  # 4 - 1 - 3: no more


def test_a_choice_the_situation_made_says_what_the_best_would_have_been() -> None:
    best = Alternative(("steady",), "4 dice", 5)
    r = _choice((), Alternative((), "3 dice", 1), best, explicit=True, best=best, weighed=9)
    assert _choice_lines(r) == [
        (1, "ignored", "ignored: nothing (the situation chose: a unit may ignore any of these)", PICK_CITE),
        (2, "note", "the best choice would ignore steady for 4 dice", None),
        (2, "note", "instead: ignoring steady gives 4 dice; 7 more weighed (--full lists them)", None),
    ]
    best_is_chosen = _choice(("steady",), Alternative(("steady",), "4 dice", 5), Alternative((), "3 dice", 1),
                             explicit=True, best=Alternative(("steady",), "4 dice", 5))
    assert [text for _, _, text, _ in _choice_lines(best_is_chosen)][1:] == ["instead: ignoring nothing gives 3 dice"]


def test_a_choice_with_no_other_option_and_no_words_of_its_own() -> None:
    r = _choice(("steady",), Alternative(("steady",), "4 dice", 5), policy="pick_quietly")
    assert _choice_lines(r) == [
        (1, "ignored", "ignored: steady (the defender chose the best option: a permitted choice)", None)]


# -- readings -------------------------------------------------------------------------------------------------------

def test_a_reading_names_its_sentence_and_what_each_way_of_reading_it_gives() -> None:
    reading = '  ? the text can be read two ways: "Two volleys may count once, or each once." (r ¶10)'
    assert brief("volley", given={"t.smoke": True}, reading={"volleys": "once"}).splitlines() == [
        "The volley: 3 dice",  # 2, and one volley's +1
        "  + +1 rain: the target is in smoke",
        "  x hail does not count, rain counts instead",  # the policy has no words of its own, nor a sentence
        reading,  # its sentence is the quote: not quoted again
        "    once (used here): 3 dice — only one volley counts",
        "    each (the default): 4 dice — each volley counts",
    ]
    assert brief("volley", given={"t.smoke": True}).splitlines() == [
        "The volley: 4 dice",
        "  + +1 rain: the target is in smoke",
        "  + +1 hail: the target is in smoke",
        reading,
        "    once: 3 dice — only one volley counts",
        "    each (the default, used here): 4 dice — each volley counts",
    ]


def test_readings_by_hand() -> None:
    one = made("volley", 3, "3 dice")
    r = made("volley", 3, "3 dice", because=(Node("reading", (Node("reading 'b' of spare (used)"),), tag="reading"),),
             readings=(ReadingOutcome("spare", "a", True, one), ReadingOutcome("spare", "b", False, one),
                       ReadingOutcome("volleys", "once", False, one), ReadingOutcome("spare", "c", False, one)))
    assert [(line.depth, line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [
        (1, 'the text can be read three ways: "Smoke gives -1 to hit." (r ¶1)', HIT_CITE),  # a quote not in it
        (2, "a (the default): 3 dice — one way", None),
        (2, "b (used here): 3 dice — another way", None),
        (2, "c: 3 dice — a third way", None),
        (1, 'the text can be read two ways: "Two volleys may count once, or each once." (r ¶10)', None),
        (2, "once: 3 dice — only one volley counts", None),
    ]


# -- caps and clamps ------------------------------------------------------------------------------------------------

def test_a_cap_says_which_modifiers_it_held_back() -> None:
    hit = PACK.quantities["hit"]
    assert _clamp(PACK, hit, Clamped("net_cap", -2, -1)) == \
        "the net modifier -2 becomes -1 (never more than 1 either way)"
    assert _clamp(PACK, hit, Clamped("up", 2, 1)) == "the modifiers that improve it +2 becomes +1"
    assert _clamp(PACK, hit, Clamped("down", -3, -1)) == "the modifiers that worsen it -3 becomes -1"
    assert _clamp(PACK, hit, Clamped("net_cap", Fraction(3, 2), 1)) == \
        "the net modifier 3/2 becomes 1 (never more than 1 either way)"


def test_a_clamp_is_said_with_the_words_of_the_policy_that_bit() -> None:
    tough, ap = PACK.quantities["toughness"], PACK.quantities["ap"]
    assert _clamp(PACK, tough, Clamped("limit", 0, 1)) == "limit: 0 becomes 1 (never less than 1)"
    assert _clamp(PACK, tough, Clamped("limit", 12, 9)) == "limit: 12 becomes 9 (never more than 9)"
    assert _clamp(PACK, tough, Clamped("limit", 5, 7)) == "limit: 5 becomes 7 (never less than 1)"  # neither: first
    assert _clamp(PACK, tough, Clamped("limit", "x", 1)) == "limit: x becomes 1 (never less than 1)"
    assert _clamp(PACK, ap, Clamped("ap_max", 1, 0)) == "ap_max: +1 becomes 0"  # a value never above 0: its sign
    assert _clamp(PACK, ap, Clamped("ap_max", "1", 0)) == "ap_max: 1 becomes 0"


def test_an_ap_is_shown_with_its_sign_at_each_step() -> None:
    """An AP of 0 worsened by 1 would be +1, which a value that is never above 0 cannot be."""
    assert brief("ap", given={"a.charging": True}).splitlines() == [
        "The AP: 0",
        "  + -1 blunt: the attacker is charging",
        "  = start: ap 0",
        "  = subtract (worsen): blunt (-1) -> +1",
        "  ! ap_max: +1 becomes 0",
    ]


# -- what did not apply, and what applied without a modifier ------------------------------------------------------

POOL_CITE = 'r ¶7: "The pool gets one more die for each base when charging."'


def test_a_rule_the_situation_spoke_for_is_shown_with_why_it_did_not_apply() -> None:
    """Four bases is away from the default of one: "mob" and "ghost" hold in part because of it."""
    assert brief("rally", given={"a.bases": 4}).splitlines() == [
        "The rally: 1 die",
        "  no modifier applies",
        "  - mob does not apply: the target is not in smoke",
        "      " + POOL_CITE,
        "  - ghost does not apply: the target is not hidden (the target is not in smoke)",  # through the derived fact
        "  not shown: 1 rule that did not apply (--full lists them)",  # lone: its "1 base" part fails
    ]
    assert brief("rally").splitlines() == [  # nothing set away from its default: nothing spoke for any rule
        "The rally: 1 die",
        "  no modifier applies",
        "  not shown: 3 rules that did not apply (--full lists them)",
    ]


def test_no_modifier_cites_the_sentence_its_base_rests_on() -> None:
    r = made("pool", 3, "3 dice", because=(Node("base 3", cite=POOL_CITE, tag="base"),))
    assert brief_text(r, PACK).splitlines() == ["The dice pool: 3 dice", "  no modifier applies", "      " + POOL_CITE]


def test_a_roll_with_no_modifier_still_shows_what_made_its_chance() -> None:
    steps = ("re-rolls first, then 1s", "the player chooses the dice", "an unmodified 6: chance 1/6",
             "unmodified 1s fail", "the unmodified roll: 1 to 6", "after modifiers (net +0): 1 to 6", "at least 4")
    r = made("hit", None, "D6", modifier=0, because=tuple(Node(c, tag="step") for c in steps))
    assert brief_text(r, PACK).splitlines() == [
        "The hit roll: D6 (roll D6, no modifier)",
        "  = re-rolls first, then 1s",
        "  = the player chooses the dice",
        "  = an unmodified 6: chance 1/6",
        "  = unmodified 1s fail",
    ]


def test_the_steps_of_a_modified_value_leave_out_what_nothing_modified() -> None:
    r = made("pool", 4, "4 dice", applied=(Applied("steady", "+1"),),
             because=(Node("start: pool 3", tag="step"), Node("dice: D6 modified by nothing", tag="step"),
                      Node("add: steady (+1) -> 4", tag="step", cite="c")))
    assert [(line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [
        ("+1 steady: a steady unit's extra die", None), ("start: pool 3", None), ("add: steady (+1) -> 4", "c")]


def test_a_start_worked_out_from_facts_says_how() -> None:
    assert brief("strength", given={"a.bases": 3}).splitlines() == [
        "The strength: 6",
        "  = start: 6, twice the unit's bases (3)",
        "      " + POOL_CITE,
    ]


def test_a_per_amount_of_an_expression_names_it() -> None:
    lines = brief("pool", given={"t.smoke": True, "a.bases": 2}).splitlines()
    assert "  + +4 (+1 per twice the unit's bases) double: the target is in smoke" in lines  # 2 bases: 4 times


def test_a_roll_with_no_target_of_its_own() -> None:
    assert brief("save", target=5).splitlines()[0] == \
        "The save: D6 (roll D6, no modifier) (needs 5 or more: chance 1/3)"
    assert brief("save").splitlines()[0] == "The save: D6 (roll D6, no modifier)"
    assert brief("save", target=5, roll=6).splitlines()[0] == "The save: 6 (rolled 6), PASSED"
    bare = made("save", None, "D6", modifier=0, probability=Fraction(1, 2))
    assert _answer(bare, PACK.quantities["save"]) == "D6 (roll D6, no modifier) (to pass: chance 1/2)"


def test_a_chart_step_names_the_assumption_it_rests_on_once() -> None:
    from kb.loader import load_pack

    fantasy = load_pack("fantasy")
    chart = Node("a score of 7 needs a 6, then 4+", cite="chart cite", tag="chart")
    r = Ruling("fantasy", "to_hit", 7, "6, then 4+", Node("r", (chart,)), then=4,
               assumptions=("follow_up_chart",))
    assert [(line.tag, line.text, line.cite) for line in brief_lines(r, fantasy)] == [
        ("value", "The score needed to hit on a D6: 7, i.e. a 6 then 4+", None),
        ("chart", "a score of 7 needs a 6, then 4+ (assumes follow_up_chart)", "chart cite"),
    ]
    r = Ruling("fantasy", "to_hit", 7, "6, then 4+", Node("r", (chart,)), then=4)
    assert brief_text(r, fantasy).splitlines()[1:] == ["  * a score of 7 needs a 6, then 4+", "      chart cite"]


def test_an_automatic_answer_cites_the_first_sentence_it_finds() -> None:
    deep = (Node("a", (Node("b", cite="deep"),)),)
    r = made("hit", None, "automatic", automatic=True, because=deep)
    assert [(line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [("because the shot is magic", "deep")]
    top = Ruling("brieftest", "hit", None, "automatic", Node("r", deep, cite="top"), automatic=True)
    assert brief_lines(top, PACK)[1].cite == "top"


def test_a_suppression_by_a_policy_with_no_words() -> None:
    r = made("reach", 1, "1 die", suppressed=(Suppression("hazy", "blind", "one_haze"),))
    assert [(line.tag, line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [
        ("suppressed", "hazy does not count, blind counts instead", None)]


def test_groups_with_nothing_left_out_have_no_note_of_it() -> None:
    given = {"a.charging": True, "t.smoke": True}
    groups = (("one base", Situation(given=given)), ("two bases", Situation(given={**given, "a.bases": 2})))
    assert brief("pool", groups=groups).splitlines() == [
        "The dice pool: resolved separately for each group",
        "  one base: 7 dice",  # 3, +1 steady, +1 for one base charging, +2 for twice one base in smoke
        "    + +1 steady: a steady unit's extra die",
        "    + +1 (+1 per base) extra: the attacker is charging",
        "    + +2 (+1 per twice the unit's bases) double: the target is in smoke",
        "  two bases: 10 dice",  # 3 + 1 + 2 + 4
        "    + +1 steady: a steady unit's extra die",
        "    + +2 (+1 per base) extra: the attacker is charging",
        "    + +4 (+1 per twice the unit's bases) double: the target is in smoke",
    ]


def test_a_per_amount_that_is_no_number_names_its_sign() -> None:
    assert brief("crowd", given={"t.cover": True, "a.bases": 4}).splitlines() == [
        "The crowd: 1 die",  # 9, less half of 4 bases (2) for each of the 4 bases
        "  + -8 (- per base) surge: the target is in cover",
    ]


def test_a_rolled_value_is_named_only_when_there_is_a_value() -> None:
    hit = PACK.quantities["hit"]
    assert _answer(made("hit", None, "D6", modifier=0, because=(Node("the roll: 3", tag="base"),)), hit) == \
        "D6 (roll D6, no modifier)"
    assert _answer(made("hit", 3, "3", because=(Node("the roll: 3", tag="base"),)), hit) == "3 (rolled 3)"


def test_a_clamp_with_no_record_says_its_claim() -> None:
    r = made("pool", 6, "6 dice", because=(Node("the result: 9 becomes 6", tag="clamp", cite="k"),))
    assert [(line.tag, line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [
        ("clamp", "the result: 9 becomes 6", "k")]


def test_a_start_cites_the_sentence_of_its_base_else_its_step_else_its_quantity() -> None:
    def start(*nodes: Node) -> tuple[str, str | None]:
        r = made("strength", 6, "6", because=nodes, values={"a.bases": 3})
        line = brief_lines(r, PACK)[1]
        return line.text, line.cite

    said = "start: 6, twice the unit's bases (3)"
    assert start(Node("base 6", tag="base", cite="b"), Node("start: strength 6", tag="step", cite="s")) == (said, "b")
    assert start(Node("base 6", tag="base"), Node("start: strength 6", tag="step", cite="s")) == (said, "s")
    assert start(Node("base 6", tag="base"), Node("start: strength 6", tag="step")) == (said, POOL_CITE)
    assert start(Node("start: strength 6", tag="step")) == ("start: strength 6", None)  # no base: as it is
    assert start(Node("base 6", tag="base"), Node("begin: strength 6", tag="step")) == ("begin: strength 6", None)


def test_cases_by_hand_name_clamps_and_facts_the_pack_does_not_know() -> None:
    one = made("reach", 1, "1 die", clamped=(Clamped("floor", 0, 1),))
    r = made("reach", None, "?", cases=(Case((("t.range", "0..12"), ("x.y", 3)), one),), assumptions=("picked",))
    assert [line.text for line in brief_lines(r, PACK)] == [
        "The reach: depends on the range to the target, x.y, which the situation does not give",
        "the range to the target is 0 to 12 inches; x.y = 3: 1 die [floor: 0 becomes 1]",
        "assumes: the attacker picks the best (picked)",
        "give the facts (--given FACT=VALUE) for one ruling with its reasons",
    ]


def test_a_reading_with_no_sentence_to_cite() -> None:
    one = made("volley", 3, "3 dice")
    r = made("volley", 3, "3 dice", readings=(ReadingOutcome("plain", "second", False, one),))
    assert [line.text for line in brief_lines(r, PACK)[1:]] == [
        'the text can be read two ways: "A roll may be read two ways."', "second: 3 dice — the second way"]


def test_a_verdict_cites_its_sentence_whatever_the_first_reason_cites() -> None:
    r = ask(PACK, "hit", Situation(given={"a.charging": True}, roll=3))
    assert brief_markdown(r, PACK).splitlines()[:4] == [
        "**The hit roll: 4 (rolled 3), PASSED (it needs 4 or more)**",
        f"*{HIT_CITE}*",
        "",
        "- +1 charge: the attacker is charging",  # a rule with no sentence of its own
    ]


def test_what_a_total_must_reach_is_worked_out_from_the_situation() -> None:
    command = PACK.quantities["command"]
    r = made("command", None, "2D6", modifier=0, probability=Fraction(1, 2), values={"a.bases": 2})
    assert _answer(r, command) == "2D6 (roll 2D6, no modifier) (needs 7 or more: chance 1/2)"  # 2 bases + 5
    r = made("command", 8, "8", values={"a.bases": 2}, extra=(("passed", True),))
    assert _answer(r, command) == "8, PASSED (it needs 7 or more)"
    assert _clamp(PACK, command, Clamped("command", 13, 12)) == "the result: 13 becomes 12"


def test_an_automatic_answer_shows_the_situations_values_in_its_reason() -> None:
    assert brief("blast", given={"a.bases": 6}).splitlines() == [
        "The blast roll: automatic, no roll needed (chance 1)",
        "  + because the unit has 6 bases (5 or more)",
    ]


def test_a_rule_is_moot_when_the_situation_gives_exactly_what_it_reads() -> None:
    r = made("hit", None, "automatic", automatic=True, values={"t.cover": True})
    assert [(line.tag, line.text) for line in brief_lines(r, PACK)[1:]] == [
        ("applied", "because the shot is magic"), ("note", "no roll is made, so cover does not count")]


def test_effects_from_outside_the_pack_are_reasons_of_their_own() -> None:
    r = made("pool", 5, "5", applied=(Applied("-1", "-1"), Applied("-1#2", "-1")))
    assert [(line.depth, line.tag, line.text) for line in brief_lines(r, PACK)[1:]] == [
        (1, "applied", "effects in play: -1, -1")]


def test_a_start_without_a_quoted_sentence_cites_nothing() -> None:
    for quantity in ("width", "depth"):  # no cite; a cite without a quote
        r = made(quantity, 4, "4", because=(Node("base 4", tag="base"), Node(f"start: {quantity} 4", tag="step")),
                 values={"a.bases": 2})
        line = brief_lines(r, PACK)[1]
        assert (line.text, line.cite) == (f"start: 4, the unit's bases (2) plus {1 if quantity == 'width' else 2}",
                                          None)


def test_the_best_choice_is_named_whatever_it_ignores() -> None:
    def best_note(best: Alternative) -> str:
        r = _choice(("steady",), Alternative(("steady",), "4 dice", 1), best, explicit=True, best=best)
        return _choice_lines(r)[1][2]

    assert best_note(Alternative((), "3 dice", 5)) == "the best choice would ignore nothing for 3 dice"
    assert best_note(Alternative(("steady", "extra"), "2 dice", 5)) == \
        "the best choice would ignore steady, extra for 2 dice"


CHAIN = yaml_pack("chain", """\
facts:
  t.smoke: {type: bool, text: "the target is in smoke"}
  a.bases: {type: int, range: [1, 9], default: 1, text: "the unit has {value} bases"}
""" + "".join(f"  d{k}: {{type: bool, derive: d{k + 1}, text: the chain holds at link {k}}}\n" for k in range(1, 9))
+ """  d9: {type: bool, derive: "t.smoke and a.bases >= 3", text: the chain holds at link 9}
quantities:
  q: {kind: pool, base: 1, text: the chain}
modifiers:
  eight: {quantity: q, change: +1, when: d2}
  nine: {quantity: q, change: +1, when: d1}
""")


def test_a_rule_spoken_for_through_derived_facts_is_looked_for_eight_deep() -> None:
    """Four bases speak for "the chain holds at link 9" (its "a.bases >= 3" holds): "eight" reads it through eight
    derived facts (d2 to d9) and is shown; "nine", through nine, is not looked into that far."""
    assert brief_text(ask(CHAIN, "q", Situation(given={"a.bases": 4})), CHAIN).splitlines() == [
        "The chain: 1 die",
        "  no modifier applies",
        "  - eight does not apply: the chain does not hold at link 2 (the chain does not hold at link 3 (the chain "
        "does not hold at link 4))",
        "  not shown: 1 rule that did not apply (--full lists them)",
    ]


def test_rules_from_elsewhere_are_named_each_in_its_place_among_the_pools_own() -> None:
    """A rule the pack does not give this quantity ("Boost", or cover, which is the hit roll's) says what it does; a
    rule of the pool's own after them still says its condition."""
    r = made("pool", 6, "6 dice", applied=(Applied("Boost", "+2"), Applied("cover", "-1"), Applied("steady", "+1")))
    assert [(line.depth, line.tag, line.text) for line in brief_lines(r, PACK)[1:]] == [
        (1, "applied", "Boost gives +2"),
        (1, "applied", "cover gives -1"),
        (1, "applied", "+1 steady: a steady unit's extra die"),
    ]


def test_a_condition_that_counted_is_said_with_the_situations_value() -> None:
    lines = brief("reach", given={"t.range": 14}).splitlines()
    assert lines[:2] == ["The reach: 3 dice", "  + +1 far: the range to the target is 14 inches (more than 12)"]


BARE = yaml_pack("bare", """\
quantities:
  q: {kind: pool, base: 3, text: the pool}
modifiers:
  plain: {quantity: q, change: +1}
""")


def test_a_rule_with_no_condition_and_no_words_is_named_alone() -> None:
    assert brief_text(ask(BARE, "q", Situation()), BARE).splitlines() == ["The pool: 4 dice", "  + +1 plain"]


PER = yaml_pack("per", """\
facts:
  a.bases: {type: int, range: [1, 9], default: 1, text: "the unit has {value} bases"}
  X1: {type: int, range: [0, 9], default: 2, text: "the bonus is {value}"}
quantities:
  flip: {kind: pool, base: 3, text: the flip}
  bonus: {kind: pool, base: 3, text: the bonus pool}
  fewer: {kind: pool, base: 9, text: the smaller pool}
  extra: {kind: pool, base: 3, text: the larger pool}
modifiers:
  negate: {quantity: flip, change: x-1, per: a.bases}
  named: {quantity: bonus, change: +X1, per: a.bases}
  less: {quantity: fewer, change: +-1, per: a.bases}
  more: {quantity: extra, change: --1, per: a.bases}
""")


def test_a_per_amount_is_said_as_its_number_sign_and_all_but_never_as_a_facts_name() -> None:
    def applied(quantity: str) -> str:
        return brief_text(ask(PER, quantity, Situation(given={"a.bases": 2})), PER).splitlines()[1]

    assert "(x-1 per base) negate" in applied("flip")  # a negative number is still a number
    assert "(+ per base) named" in applied("bonus")  # X1 is a fact, whatever its letters: no number to say


def test_a_per_amount_written_with_two_signs_is_said_with_the_one_it_means() -> None:
    def applied(quantity: str) -> str:
        return brief_text(ask(PER, quantity, Situation(given={"a.bases": 3})), PER).splitlines()[1]

    assert applied("fewer") == "  + -3 (-1 per base) less"  # 3 bases at "+-1" each: 3 fewer dice
    assert applied("extra") == "  + +3 (+1 per base) more"


def test_a_choice_is_said_after_the_rules_that_still_counted() -> None:
    chosen = Alternative(("extra",), "4 dice", 5)
    choice = Choice(PACK.policies["pick"], ("extra",), chosen, (chosen,), False)
    r = made("pool", 4, "4 dice", applied=(Applied("steady", "+1"),), choice=choice)
    assert [(line.tag, line.text) for line in brief_lines(r, PACK)[1:]] == [
        ("applied", "+1 steady: a steady unit's extra die"),
        ("ignored", "ignored: extra (the attacker chose the best option: a unit may ignore any of these)"),
    ]


def test_with_no_modifier_a_re_roll_still_cites_its_sentence() -> None:
    r = made("hit", None, "D6", modifier=0, because=(Node("re-rolls first: the failed hits", tag="step", cite="c"),))
    assert [(line.tag, line.text, line.cite) for line in brief_lines(r, PACK)[1:]] == [
        ("step", "re-rolls first: the failed hits", "c")]


def test_a_rule_the_ruling_counted_or_whose_condition_holds_is_never_a_near_miss() -> None:
    """Four bases speak for mob ("a.bases >= 3" holds), so without smoke it is a near miss; but not when the ruling
    says it counted, was suppressed or ignored, nor when its whole condition holds, whatever else the ruling says."""
    def missed(**fields: Any) -> list[str]:
        r = made("rally", 2, "2 dice", **fields)
        return [line.text for line in brief_lines(r, PACK) if line.tag == "failed" and line.text.startswith("mob")]

    no_smoke = {"a.bases": 4, "t.smoke": False, "t.hidden": False}
    assert missed(values=no_smoke) == ["mob does not apply: the target is not in smoke"]
    assert missed(values=no_smoke, applied=(Applied("mob", "+1"),)) == []
    assert missed(values=no_smoke, suppressed=(Suppression("mob", "lone", "no_stack"),)) == []
    assert missed(values=no_smoke, ignored=("mob",)) == []
    assert missed(values={"a.bases": 4, "t.smoke": True, "t.hidden": True}) == []


def test_near_misses_are_looked_for_past_a_rule_that_counted() -> None:
    """mob comes first in the pack and counted; ghost after it is still a near miss (four bases speak for hiding)."""
    r = made("rally", 2, "2 dice", values={"a.bases": 4, "t.smoke": False, "t.hidden": False},
             applied=(Applied("mob", "+1"),))
    assert [line.text.split()[0] for line in brief_lines(r, PACK) if line.tag == "failed"] == ["ghost"]


def test_with_no_chart_step_the_chart_assumption_is_said_like_any_other() -> None:
    from kb.loader import load_pack

    fantasy = load_pack("fantasy")
    r = Ruling("fantasy", "to_hit", 5, "5+", Node("r", ()), assumptions=("follow_up_chart",))  # no "then": no chart
    assert [(line.tag, line.text) for line in brief_lines(r, fantasy)[1:]] == [
        ("note", "no modifier applies"),
        ("assumption", "assumes: A score of 7, 8 or 9 needs a 6, then 4+, 5+ or 6+ on a second D6. (follow_up_chart)"),
    ]


def test_nothing_applied_and_no_base_to_cite_says_so_without_a_sentence() -> None:
    assert [(line.tag, line.text, line.cite) for line in brief_lines(made("volley", 2, "2 dice"), PACK)[1:]] == [
        ("note", "no modifier applies", None)]


def test_a_total_that_can_never_pass_says_so() -> None:
    r = made("command", None, "2D6", modifier=0, probability=Fraction(0), values={"a.bases": 9})  # 14 on 2D6
    assert _answer(r, PACK.quantities["command"]) == \
        "2D6 (roll 2D6, no modifier) (impossible: it can never pass, chance 0)"
