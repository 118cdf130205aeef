"""The web API's query string read as the command line's options: checked where mutation testing found nothing
watching (`python tools/mutate.py rulings/web/api.py`).

A query carries what `rulings ask` takes: the values here are the ones a user typed, and the expected arguments are
what the same options on the command line mean.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from starlette.requests import Request
from starlette.testclient import TestClient

from kb.errors import RulingsError
from rulings.cli import main
from rulings.web import api, create_app
from rulings.web.api import (
    MAX_FIND_FACTS,
    QUERY_KEYS,
    arguments,
    ask_json,
    brief_answer,
    check_answer,
    find_answer,
    on_the_page,
    packs_json,
    quick_ask,
    read_situation,
    readings_of,
    takes,
    vocabulary_json,
)
from rulings.web.packs import Packs
from solver.ask import COMPILE_AFTER
from solver.situation import Effect


def request(*pairs: tuple[str, str]) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/api/ask", "headers": [],
                    "query_string": urlencode(pairs).encode()})


def test_the_query_is_the_command_lines_options() -> None:
    args = arguments(request(("pack", "wh40k"), ("quantity", "hit_roll"), ("given", "attack.ranged=true"),
                             ("given", " "), ("base", "3+"), ("roll", " 4 "), ("reading", "cover=strict"),
                             ("reading", ""), ("step", "attacks=6"), ("step", " "), ("max_facts", "2")))
    assert (args.pack, args.quantity, args.given, args.base, args.roll) == ("wh40k", "hit_roll",
                                                                           ["attack.ranged=true"], "3+", 4)
    assert (args.readings, args.step, args.max_facts) == (["cover=strict"], ["attacks=6"], 2)
    assert (args.situation, args.with_files, args.rule, args.where, args.more) == (None, [], "", "", {})


def test_nothing_given_is_nothing_said() -> None:
    args = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), ("base", ""), ("roll", "  ")))
    assert (args.base, args.roll, args.given, args.max_facts) == (None, None, [], MAX_FIND_FACTS)
    assert arguments(request(("pack", "fantasy"), ("rule", "moved")), need=("pack",)).rule == "moved"


def test_a_negative_roll_is_a_whole_number() -> None:
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("roll", "-2"))).roll == -2


@pytest.mark.parametrize("roll", ["2.5", "three", "--2", "1" * 19, "\u0661"])
def test_a_roll_that_is_no_whole_number_is_refused(roll: str) -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("roll", roll)))
    assert caught.value.message == f"roll: {roll[:20]!r} is not a whole number"


@pytest.mark.parametrize(("text", "facts"), [("0", 0), ("5", 5), ("", MAX_FIND_FACTS)])
def test_find_may_set_up_to_five_facts(text: str, facts: int) -> None:
    assert MAX_FIND_FACTS == 5  # the command line's default
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("max_facts", text))).max_facts == facts


@pytest.mark.parametrize("text", ["6", "-1", "two", "\u0662"])
def test_more_facts_than_five_are_refused(text: str) -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("max_facts", text)))
    assert caught.value.message == f"max_facts: {text!r} is not a whole number from 0 to 5"


def test_an_unknown_key_is_refused_with_the_nearest_known_one() -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("givn", "a=1")))
    assert (caught.value.message, caught.value.hint) == ("unknown query key 'givn'", "did you mean 'given'?")
    with pytest.raises(RulingsError) as caught:
        arguments(request(("zzzzzz" * 10, "1")))
    assert caught.value.message == "unknown query key '" + "z" * 40 + "'"  # a long key is cut at 40 characters
    assert caught.value.hint == "known: " + ", ".join(QUERY_KEYS)


def test_a_key_that_takes_one_value_is_refused_twice() -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("base", "3"), ("base", "4")))
    assert caught.value.message == "base= is given 2 times; it takes one value"
    assert caught.value.hint == "repeatable: given, reroll, unmodified, effects, reading, ignore, step"
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("given", "a=1"), ("given", "b=2"))).given == [
        "a=1", "b=2"]


@pytest.mark.parametrize("missing", ["pack", "quantity"])
def test_the_pack_and_quantity_are_needed(missing: str) -> None:
    pairs = [(k, "x") for k in ("pack", "quantity") if k != missing]
    with pytest.raises(RulingsError) as caught:
        arguments(request(*pairs, (missing, "")))
    assert (caught.value.message, caught.value.hint) == (f"the query needs {missing}=...",
                                                         "e.g. ?pack=fantasy&quantity=to_hit")


def test_a_situations_keys_are_read_as_a_situation_file_holds_them() -> None:
    args = arguments(request(("pack", "p"), ("quantity", "q"), ("effects", "+1"), ("effects", " x2 "),
                             ("effects", "Stealth=-1"), ("effects", "=3+"), ("effects", ""), ("target", " 3+ "),
                             ("weapons", "2"), ("reroll", "ones"), ("unmodified", "6"), ("ignore", "soft_cover"),
                             ("ignore", " ")))
    assert args.more == {"effects": ["+1", "x2", {"name": "Stealth", "op": "-1"}, "=3+"], "target": "3+",
                         "weapons": 2, "reroll": ["ones"], "unmodified": 6, "ignore": ["soft_cover"]}


def test_repeated_triggers_are_a_list_and_an_empty_ignore_ignores_nothing() -> None:
    args = arguments(request(("pack", "p"), ("quantity", "q"), ("reroll", "ones"), ("reroll", "failed"),
                             ("unmodified", "1"), ("unmodified", "6"), ("ignore", "")))
    assert args.more == {"reroll": ["ones", "failed"], "unmodified": [1, 6], "ignore": []}
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("target", " "))).more == {}


# -- the query's numbers and a situation's keys, read as the command line reads them -----------------------------------


def test_a_roll_of_eighteen_digits_is_a_whole_number_and_a_long_one_is_quoted_in_part() -> None:
    assert arguments(request(("pack", "p"), ("quantity", "q"), ("roll", "9" * 18))).roll == int("9" * 18)
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("roll", "x" * 30)))
    assert caught.value.message == f"roll: {'x' * 20!r} is not a whole number"  # the first 20 characters
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), ("max_facts", "9" * 30)))
    assert caught.value.message == f"max_facts: {'9' * 20!r} is not a whole number from 0 to 5"


def test_a_named_effect_is_split_at_its_first_equals_sign() -> None:
    args = arguments(request(("pack", "p"), ("quantity", "q"), ("effects", "Fortify==3+"), ("effects", "S=-1"),
                             ("effects", "==3")))
    # NAME=OP: Fortify sets the value to 3+; a one-letter name is a name; a leading = is an operation, kept whole
    assert args.more == {"effects": [{"name": "Fortify", "op": "=3+"}, {"name": "S", "op": "-1"}, "==3"]}


@pytest.mark.parametrize("key", ["target", "weapons", "reroll", "unmodified"])
def test_a_situation_key_that_is_no_yaml_is_refused_by_its_name(key: str) -> None:
    with pytest.raises(RulingsError) as caught:
        arguments(request(("pack", "p"), ("quantity", "q"), (key, "[3")))
    assert str(caught.value).startswith(f"{key}:1:3: malformed YAML")


def test_what_a_query_need_not_name_is_empty() -> None:
    assert arguments(request(("pack", "fantasy")), need=("pack",)).quantity == ""
    assert arguments(request(("quantity", "to_hit")), need=()).pack == ""


def test_a_querys_effects_change_the_ruling_as_a_situation_files_do() -> None:
    packs = Packs()
    args = arguments(request(("pack", "wh40k"), ("quantity", "Sv"), ("base", "3+"), ("effects", "+1")))
    # wh40k: a Sv of 3+ improved by 1 is 2+ (1+ or better it cannot be)
    assert ask_json(packs, args)["display"] == "2+"
    assert read_situation(args, packs.get("wh40k")).effects == (Effect("+1", "+1"),)
    args = arguments(request(("pack", "wh40k"), ("quantity", "Sv"), ("base", "3+"), ("effects", "heavy=+1")))
    with pytest.raises(RulingsError) as caught:
        ask_json(packs, args)
    assert str(caught.value) == ("the query: effect name 'heavy' is already a rule of the pack\n"
                                 "  hint: name the effect differently, or give the facts that make the rule hold")


def test_the_command_lines_own_arguments_are_a_situation_too() -> None:
    from rulings.cli import _parser

    args = _parser().parse_args(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3"])  # no situation file keys
    assert read_situation(args, Packs().get("fantasy")).given == {"shooter.bs": 3}


def test_a_quantity_is_answered_on_the_spot_once_asked_enough() -> None:
    packs = Packs()
    args = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), ("given", "shooter.bs=3")))
    assert quick_ask(packs, args) is None  # the pack is not loaded yet
    answers = []
    for _ in range(COMPILE_AFTER):
        assert quick_ask(packs, args) is None  # its first rulings are made in a worker thread
        answers.append(ask_json(packs, args))
    quick = quick_ask(packs, args)
    assert quick is not None and json.loads(quick) == answers[0] == answers[-1]
    assert quick == json.dumps(answers[0], ensure_ascii=False)  # as the command line writes it
    assert answers[0]["display"] == "4+"  # fantasy.txt: BS 3 hits on 4+
    # a situation that needs cases is left to ask_json, which gives each case
    unknown = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), ("given", "shooter.bs=3"),
                                ("given", "target.lone_model=true")))
    assert quick_ask(packs, unknown) is None
    assert [c["display"] for c in ask_json(packs, unknown)["cases"]] == ["5+", "4+"]


def test_a_brief_rulings_lines_carry_their_mark_and_cite() -> None:
    cover = ["shooter.bs=3", "target.in_soft_cover=true", "target.in_hard_cover=true"]
    args = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), *(("given", g) for g in cover)))
    lines = brief_answer(Packs(), args)["lines"]
    assert all(set(line) == {"depth", "tag", "mark", "text", "cite"} for line in lines)
    # fantasy.yaml: hard cover is -2 (¶11) and soft cover does not stack with it
    assert lines[1] == {"depth": 1, "tag": "applied", "mark": "+", "text": "-2 hard_cover: the target is in hard cover",
                        "cite": 'roll_to_hit ¶11: "it\'s in hard cover, worth a -2 shooting modifier."'}
    assert (lines[2]["tag"], lines[2]["mark"], lines[2]["cite"]) == (
        "suppressed", "x", 'roll_to_hit ¶11: "Soft and hard cover never stack -- if both would apply, use only the -2 '
                           'for hard cover."')
    assert (lines[0]["depth"], lines[0]["mark"], lines[-1]["mark"]) == (0, "", "")  # the value and a note: no mark


# -- what the explorer is given: the packs, a pack's vocabulary, the situation keys each quantity takes ---------------

ODDS = """\
pack: odds
title: Odd shapes for the explorer
sources:
  book:
    title: The book
    paragraphs:
      1: "A veteran is tough. Nothing drops below 1."
facts:
  veteran: {type: bool, text: "the model is a veteran"}
  unit.tags: {type: keywords, default: [VEHICLE, INFANTRY, BEAST], text: "the unit's keywords"}
  unit.may_ignore: {type: bool, text: "the unit may ignore modifiers"}
  unit.size:
    {type: int, range: [1, 10], typical: 5, text: "the unit has {value} models", cite: {source: book, paragraph: 1}}
  weapon.kind: {type: enum, values: [blade, gun], default: blade, text: "the weapon is a {value}"}
  unit.elite: {type: bool, derive: "veteran and unit.size >= 5", text: "the unit is elite"}
  attack.burst: {type: int, range: [0, 3], default: 0, text: "the attack has Burst {value}"}
  target.models: {type: int, range: [1, 5], default: 1, text: "the target has {value} models"}
  target.w: {type: int, range: [1, 3], default: 1, text: "each target model has {value} wounds"}
  unit.shots: {type: int, range: [1, 4], default: 1, text: "each model has {value} shots"}
  unit.leader.bs: {type: int, range: [2, 6], default: 4, text: "the unit's leader has BS {value}"}
quantities:
  toughness: {kind: characteristic, characteristic: number, effects: true, text: "the unit's Toughness"}
  attacks: {kind: pool, base: unit.shots, text: the unit's attacks}
  hit: {kind: roll, dice: D6, text: a hit roll}
  save: {kind: score, base: 4, text: the save needed}
  dmg: {kind: characteristic, characteristic: number, text: the Damage}
  command: {kind: total, dice: 2D6, passes: 7, text: a command roll}
modifiers:
  tough_veteran: {quantity: toughness, change: +1, when: veteran}
  sharp:
    {quantity: hit, change: +1, when: weapon.kind == 'blade', text: a sharp blade, cite: {source: book, paragraph: 1}}
  steady: {quantity: hit, change: +1, when: veteran, text: a steady hand}
  brave: {quantity: save, change: -1, when: unit.elite}
policies:
  ignoring: {kind: choice, quantity: toughness, when: unit.may_ignore and veteran, chooser: the owner}
  at_least_one: {kind: clamp, quantity: toughness, min: 1, label: Toughness, cite: {source: book, paragraph: 1}}
  one_hit_bonus: {kind: exclusive, rules: [sharp, steady], keep: first, under: {strict: one}, text: one bonus to hit}
  hit_floor: {kind: clamp, quantity: hit, min: 1, under: {lenient: 'yes'}}
  save_cap: {kind: clamp, quantity: save, max: 6, under: {strict: one}}
readings:
  strict:
    sentence: "A veteran is tough."
    default: all
    options: {all: every veteran, one: one veteran}
  lenient:
    sentence: "Nothing drops below 1."
    default: 'no'
    options: {'no': it may, 'yes': it may not}
sequences:
  volley:
    text: a volley
    attacks: attacks
    damage: dmg
    models: target.models
    wounds: target.w
    carry_over: true
    steps:
      - step: strike
        roll: hit
        passes: hits
        events:
          - {name: burst, unmodified: 6, extra: attack.burst, text: Xeno burst}
          - {name: echo, unmodified: 5, extra: 1, when: veteran, text: strike (hit)}
          - {name: flash, unmodified: 4, extra: 1, text: "\\tflash"}
          - {name: lucky, unmodified: 3, extra: 1, text: "? assumes: a lucky die"}
      - step: guard
        roll: save
        keep: fails
        passes: wounds
    each_point: {step: ward, roll: hit, keep: fails, modified: false, target: 5}
"""
"""A pack of the shapes the explorer's controls are built from: a fact with no dot, keywords with a default, a derived
fact, a rule with no text of its own, policies with and without text, readings tied to a quantity through a policy
on it or on its rules, and a whole attack whose attacks are the pack's own."""


@pytest.fixture(scope="module")
def odds(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("odds") / "odds.yaml"
    path.write_text(ODDS, encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def client(odds: str) -> TestClient:
    return TestClient(create_app([odds]), base_url="http://localhost")


def test_the_packs_are_listed_with_their_titles_and_quantities() -> None:
    served = {p["name"]: p for p in packs_json(Packs())}
    # kb/packs/*.yaml: each pack's title and its quantities, in the order written
    assert served["fantasy"] == {"name": "fantasy", "title": "Fantasy battles -- shooting, roll to hit",
                                 "quantities": ["to_hit"]}
    assert served["skirmish"] == {"name": "skirmish", "title": "Skirmish -- target and dice modifiers",
                                  "quantities": ["to_hit", "save", "command_roll", "cc_dice"]}


def test_the_vocabulary_is_the_pack_as_written(odds: str) -> None:
    vocab = vocabulary_json(Packs([odds]), "odds")
    facts = {f["name"]: f for f in vocab.pop("facts")}
    assert (vocab.pop("name"), vocab.pop("title"), vocab.pop("source")) == ("odds", "Odd shapes for the explorer", odds)
    # a fact's group is the part of its name before the first dot (none without one); a bool defaults to false, a
    # keywords default is listed sorted, a fact without a default (a derived one) has none
    assert facts == {
        "veteran": {"name": "veteran", "kind": "bool", "text": "the model is a veteran", "default": False,
                    "group": ""},
        "unit.tags": {"name": "unit.tags", "kind": "keywords", "text": "the unit's keywords",
                      "default": ["BEAST", "INFANTRY", "VEHICLE"], "group": "unit"},
        "unit.may_ignore": {"name": "unit.may_ignore", "kind": "bool", "text": "the unit may ignore modifiers",
                            "default": False, "group": "unit"},
        "unit.size": {"name": "unit.size", "kind": "int", "text": "the unit has {value} models", "default": None,
                      "group": "unit", "range": [1, 10], "typical": 5, "cite": "book ¶1"},
        "weapon.kind": {"name": "weapon.kind", "kind": "enum", "text": "the weapon is a {value}", "default": "blade",
                        "group": "weapon", "values": ["blade", "gun"]},
        "unit.elite": {"name": "unit.elite", "kind": "bool", "text": "the unit is elite", "default": None,
                       "group": "unit", "derive": "veteran and unit.size >= 5", "from": ["unit.size", "veteran"]},
        "attack.burst": {"name": "attack.burst", "kind": "int", "text": "the attack has Burst {value}", "default": 0,
                         "group": "attack", "range": [0, 3]},
        "target.models": {"name": "target.models", "kind": "int", "text": "the target has {value} models",
                          "default": 1, "group": "target", "range": [1, 5]},
        "target.w": {"name": "target.w", "kind": "int", "text": "each target model has {value} wounds", "default": 1,
                     "group": "target", "range": [1, 3]},
        "unit.shots": {"name": "unit.shots", "kind": "int", "text": "each model has {value} shots", "default": 1,
                       "group": "unit", "range": [1, 4]},
        "unit.leader.bs": {"name": "unit.leader.bs", "kind": "int", "text": "the unit's leader has BS {value}",
                           "default": 4, "group": "unit", "range": [2, 6]},
    }
    ignore = ["ignore"]  # the pack has a choice policy: every quantity takes `ignore`

    def quantity(name: str, kind: str, text: str, characteristic: str | None, effects: bool, rules: list[str],
                 takes: list[str], reads: list[str], readings: list[str], dice: str = "D6") -> dict[str, Any]:
        return {"name": name, "kind": kind, "text": text, "characteristic": characteristic, "effects": effects,
                "rules": rules, "takes": takes, "reads": reads, "dice": dice, "readings": readings}

    assert vocab.pop("quantities") == [
        # its rule reads veteran, the choice on it unit.may_ignore too; a characteristic takes its base
        quantity("toughness", "characteristic", "the unit's Toughness", "number", True, ["tough_veteran"],
                 ["base", "effects", *ignore], ["unit.may_ignore", "veteran"], []),
        quantity("attacks", "pool", "the unit's attacks", None, False, [], ignore, ["unit.shots"], []),
        # one_hit_bonus is on its rules (under strict), hit_floor on it (under lenient)
        quantity("hit", "roll", "a hit roll", None, False, ["sharp", "steady"],
                 ["roll", "target", "reroll", "unmodified", *ignore], ["veteran", "weapon.kind"],
                 ["strict", "lenient"]),
        # brave reads unit.elite, derived from unit.size and veteran; save_cap is on it, under strict
        quantity("save", "score", "the save needed", None, False, ["brave"], ignore,
                 ["unit.elite", "unit.size", "veteran"], ["strict"]),
        quantity("dmg", "characteristic", "the Damage", "number", False, [], ["base", *ignore], [], []),
        quantity("command", "total", "a command roll", None, False, [], ["roll", "target", "reroll", "unmodified",
                                                                           *ignore], [], [], dice="2D6"),
    ]
    assert vocab.pop("sequences") == [{
        "name": "volley", "text": "a volley", "attacks": "attacks", "damage": "dmg", "models": "target.models",
        "wounds": "target.w", "carry_over": True,
        "takes": ["weapons", "damage", "models", "wounds"],  # its attacks are the ruling of `attacks` (it has a base)
        "steps": [
            {"name": "strike", "roll": "hit", "passes": "hits", "keep": "passes", "modified": True,
             "each_point": False, "target": None, "takes": ["target", "reroll"]},
            {"name": "guard", "roll": "save", "passes": "wounds", "keep": "fails", "modified": True,
             "each_point": False, "target": None, "takes": []},  # a score gives its own target, and takes no re-roll
            {"name": "ward", "roll": "hit", "passes": "", "keep": "fails", "modified": False, "each_point": True,
             "target": "5", "takes": []},
        ],
        # what hit, save and attacks read, the models and wounds, and the burst's extra dice
        "reads": ["attack.burst", "target.models", "target.w", "unit.elite", "unit.shots", "unit.size", "veteran",
                  "weapon.kind"],
        "readings": ["strict", "lenient"],  # hit's, then save's that are not listed yet
    }]
    assert vocab.pop("rules") == [
        {"name": "tough_veteran", "text": "the model is a veteran", "quantities": ["toughness"], "cite": None},
        {"name": "sharp", "text": "a sharp blade", "quantities": ["hit"], "cite": "book ¶1"},
        {"name": "steady", "text": "a steady hand", "quantities": ["hit"], "cite": None},
        {"name": "brave", "text": "the unit is elite", "quantities": ["save"], "cite": None},
    ]
    # a policy without text is shown by its label, which is its name unless given
    assert vocab.pop("policies") == [
        {"name": "ignoring", "kind": "choice", "text": "ignoring", "cite": None, "reads": ["unit.may_ignore",
                                                                                         "veteran"]},
        {"name": "at_least_one", "kind": "clamp", "text": "Toughness", "cite": "book ¶1", "reads": []},
        {"name": "one_hit_bonus", "kind": "exclusive", "text": "one bonus to hit", "cite": None, "reads": []},
        {"name": "hit_floor", "kind": "clamp", "text": "hit_floor", "cite": None, "reads": []},
        {"name": "save_cap", "kind": "clamp", "text": "save_cap", "cite": None, "reads": []},
    ]
    assert vocab.pop("readings") == [
        {"name": "strict", "sentence": "A veteran is tough.", "options": ["all", "one"],
         "texts": ["every veteran", "one veteran"], "default": "all", "decides": []},
        {"name": "lenient", "sentence": "Nothing drops below 1.", "options": ["no", "yes"],
         "texts": ["it may", "it may not"], "default": "no", "decides": []},
    ]
    assert vocab == {}


def test_the_vocabulary_names_what_a_reading_decides_and_what_a_policy_cites() -> None:
    vocab = vocabulary_json(Packs(), "wh40k")
    # wh40k.yaml: non_reach settles how far a leading non-X reaches (decides: non_reach); the others tie rules
    assert {r["name"]: r["decides"] for r in vocab["readings"]} == {
        "non_reach": ["non_reach"], "oc_dash": [], "zero_set": [], "starting_wounds": []}
    policies = {p["name"]: p for p in vocab["policies"]}
    assert policies["ignore_modifiers"]["cite"] == ('ignoring ¶2: "you can choose to ignore all of those modifiers, or '
                                                    'only some of them."')
    assert policies["ignore_modifiers"]["reads"] == ["unit.ignores_modifiers"]
    assert policies["hit_roll_cap"]["text"] == "hit_roll"  # no text: its label
    facts = {f["name"]: f for f in vocab["facts"]}
    assert facts["attacker.keywords"]["default"] == []
    rules = {r["name"]: r for r in vocab["rules"]}
    assert rules["heavy"]["cite"] == 'core_abilities ¶heavy: "+1 to hit if the unit remained stationary."'


def test_a_pack_without_a_choice_offers_no_ignore() -> None:
    pack = Packs().get("skirmish")
    # skirmish.yaml: to_hit and save are scores with a base, command_roll a 2D6 total, cc_dice a pool with a base;
    # no policy is a choice
    assert [takes(pack, q) for q in pack.quantities.values()] == [[], [], ["roll", "target", "reroll", "unmodified"],
                                                                  []]
    assert readings_of(pack, "cc_dice") == ["cc_penalties"] and readings_of(pack, "save") == []


# -- the explorer's lines of a whole attack ----------------------------------------------------------------------------

ODDS_ATTACK = [("given", "unit.size=5"), ("given", "veteran=true"), ("given", "attack.burst=1"),
               ("step", "strike.target=4"), ("step", "damage=2")]


def test_a_whole_attacks_lines_are_tagged_by_what_they_say(client: TestClient, odds: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/brief", params=[("pack", "odds"), ("quantity", "volley"), *ODDS_ATTACK])
    assert r.status_code == 200
    assert main(["ask", odds, "volley", *(w for k, v in ODDS_ATTACK for w in (f"--{k}", v))]) == 0
    said = capsys.readouterr().out.splitlines()
    lines = r.json()["lines"]
    assert [line["text"] for line in lines] == [s.lstrip(" ") for s in said]  # the words as written, a tab kept
    assert all(type(line["depth"]) is int for line in lines)
    assert all(set(line) == {"depth", "tag", "text", *(["step"] if line["tag"] == "step" else [])} for line in lines)
    # two spaces of indentation a level; the reasons under a step one level deeper, a rule's cite deeper still
    assert [(line["depth"], line["tag"], line.get("step")) for line in lines] == [
        (0, "headline", None), (1, "chances", None),
        (1, "reading", None),  # strict read as `one` keeps one of sharp and steady: the other outcome
        (1, "attacks", None),
        (1, "step", "strike"), (2, "reason", None), (4, "reason", None), (2, "reason", None), (2, "reason", None),
        (2, "reason", None),
        # the events: Xeno burst, strike (hit), flash, lucky (whose words read like a step's and an assumption's)
        (2, "reason", None), (2, "reason", None), (2, "reason", None), (2, "reason", None),
        (1, "step", "guard"), (2, "reason", None),
        (1, "step", "ward"),  # the roll for each point of damage is a step too
        (1, "damage", None)]
    assert lines[10]["text"].startswith("Xeno burst: ") and lines[12]["text"].startswith("\tflash: ")
    assert lines[11]["text"].startswith("strike (hit): ") and lines[13]["text"].startswith("? assumes: a lucky die")


def test_a_whole_attacks_assumptions_are_said_without_their_mark(capsys: pytest.CaptureFixture[str]) -> None:
    given = ["attacker.to_hit=4", "target.save=5"]
    args = arguments(request(("pack", "skirmish"), ("quantity", "attack"), *(("given", g) for g in given),
                             ("step", "attacks=6")))
    lines = brief_answer(Packs(), args)["lines"]
    # skirmish.yaml: the attack rests on two assumptions, said last
    assert [(line["depth"], line["tag"], line["text"]) for line in lines[-2:]] == [
        (1, "assumption", "In an attack, each die that succeeds against the To-Hit Value is one hit, and the target "
                          "makes one Save Roll for each hit; a hit whose Save Roll fails is unsaved. (save_per_hit)"),
        (1, "assumption", "A situation describes the state immediately before the dice are cast. (timing_window)")]
    args = arguments(request(("pack", "wh40k"), ("quantity", "attack"), ("step", "attacks=6"),
                             ("step", "hit.target=3"), ("step", "wound.target=4"), ("step", "save.target=5"),
                             ("step", "damage=D3")))
    lines = brief_answer(Packs(), args)["lines"]
    damage = [line for line in lines if line["text"].startswith("damage: ")]
    assert [line["tag"] for line in damage] == ["damage"] and damage[0]["depth"] == 1
    assert {line["tag"] for line in lines if line["text"].startswith("In an attack") or "(attack_steps)" in
            line["text"]} == {"assumption"}


def test_an_unknown_name_is_no_sequence(client: TestClient, odds: str, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/brief", params=[("pack", "odds"), ("quantity", "voley")])
    assert r.status_code == 400
    assert main(["ask", odds, "voley"]) == 2
    assert r.json()["error"] == capsys.readouterr().err.removeprefix("rulings: ").rstrip("\n")
    assert r.json()["error"].startswith("unknown quantity 'voley'")  # a name that is no sequence is a quantity's


def test_the_short_answers_hints_are_said_as_the_page_does() -> None:
    # the docstring's examples: the command line's hints, in the page's words
    assert on_the_page("not shown: 3 rules that did not apply (--full lists them)") == (
        "not shown: 3 rules that did not apply (listed under “Rules that did not count”)")
    assert on_the_page("instead: ignoring nothing gives 4+; 2 more weighed (--full lists them)") == (
        "instead: ignoring nothing gives 4+; 2 more weighed")
    assert on_the_page("give the facts (--given FACT=VALUE) for one ruling with its reasons") == (
        "give those facts above for one ruling with its reasons")
    assert on_the_page("the roll: 4+") == "the roll: 4+"


# -- a search's time, an uploaded overlay's findings ------------------------------------------------------------------


def test_a_search_stops_at_the_requests_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "SEARCH_SECONDS", -1.0)  # a deadline already past
    args = arguments(request(("pack", "fantasy"), ("quantity", "to_hit"), ("given", "shooter.bs=3"),
                             ("where", "impossible")))
    found = find_answer(Packs(), args)
    # six interchangeable -1s, five facts searched at most: six of them (10+, impossible) lie beyond the limit
    assert (found["exhaustive"], found["limits"]) == (False, [
        "situations setting more than 5 facts beyond those given were not searched (raise the limit with --max-facts)",
        "the time limit ran out (raise it with --timeout)"])


DEADLY = """\
pack: deadly
facts:
  unit.pins: {type: int, range: [0, 12], default: 0, text: "the unit has {value} pin markers"}
  unit.morale: {type: int, range: [0, 10], default: 0, text: "the unit has Morale {value}"}
quantities:
  dice: {kind: pool, base: 3}
modifiers:
  pinned_down: {quantity: dice, change: -1, when: unit.pins >= 13}
  frozen: {quantity: dice, change: -2, when: unit.pins >= 14}
  rally: {quantity: dice, change: +1, when: unit.morale >= 10}
"""
"""Two rules that can never apply (a unit has at most 12 pins)."""

DEADLY_OVERLAY = b"""\
modifiers:
  pinned_down: {quantity: dice, change: -2, when: unit.pins >= 13}
  rally: {quantity: dice, change: +1, when: unit.pins >= 10}
"""
"""pinned_down replaced (still dead), and rally made to read the pins: no rule reads the morale any more."""


def test_an_overlays_findings_are_new_where_the_pack_alone_lacks_them_or_its_entries_are_in_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deadly.yaml"
    path.write_text(DEADLY, encoding="utf-8")
    (tmp_path / "overlay.yaml").write_bytes(DEADLY_OVERLAY)
    packs = Packs([str(path)])
    own = check_answer(packs, "deadly", b"")
    assert [(f["key"], f["new"]) for f in own["findings"]] == [("dead_rule.frozen", False),
                                                              ("dead_rule.pinned_down", False)]
    doc = check_answer(packs, "deadly", DEADLY_OVERLAY)
    assert (doc["pack"], doc["with"]) == ("deadly", ["overlay.yaml"])
    # docs/checking.md: [new] is a finding the pack alone does not have, or one that involves an overlay's entry
    assert [(f["key"], f["new"]) for f in doc["findings"]] == [
        ("dead_rule.frozen", False),  # the pack's own, untouched
        ("dead_rule.pinned_down", True),  # the pack's own, but about the overlay's pinned_down
        ("unused_fact.unit.morale", True)]  # not the pack's own: the overlay's rally reads the pins
    assert main(["check", str(path), "--with", str(tmp_path / "overlay.yaml"), "--format", "json"]) == 1
    cli = json.loads(capsys.readouterr().out)
    assert [(f["key"], f["new"]) for f in cli["findings"]] == [(f["key"], f["new"]) for f in doc["findings"]]


def test_a_quantity_offers_the_readings_its_rules_are_under_or_its_expressions_read() -> None:
    """hullbreach: spotter_each and spotter_once are each `under:` a spotter_markers option (no policy names that
    reading); wh40k: a revived model's wounds read `reading.starting_wounds` in an expression."""
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hullbreach"
    hullbreach = vocabulary_json(Packs([str(example)]), "hullbreach")
    offered = {q["name"]: q["readings"] for q in hullbreach["quantities"]}
    assert offered["hit_roll"] == ["spotter_markers"]
    assert offered["brace_roll"] == ["bulkhead_breach"]
    wh40k = {q["name"]: q["readings"] for q in vocabulary_json(Packs(), "wh40k")["quantities"]}
    assert wh40k["wounds_regained"] == wh40k["models_revived"] == ["starting_wounds"]
    assert wh40k["WS"] == []
