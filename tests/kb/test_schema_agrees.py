"""What the schema accepts, the loader accepts: Hypothesis writes packs from the schema itself.

Every entry takes its required keys and a random choice of the optional keys the schema allows for its
kind (`if`/`then`), so a key, a combination of keys or a kind the loader refuses while the schema lets it
through (an int fact without a range, a clamp without bounds, a keywords fact derived by an expression) is
found. Values are drawn to be right in meaning, which the schema cannot see: names that exist,
expressions that type-check, defaults in their ranges, no cycles. The generator knows a way to write
every key of every part of the schema, so a key added to the schema is written here too.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.document import read_yaml
from kb.loader import _strict_validator, build_pack, schema

SCHEMA = schema()
DEFS = SCHEMA["$defs"]

BOOL = ("f.b", "not f.b", "f.i > 2", "f.e == 'x'", "'A' in f.k", "true", "f.b and f.i <= 4",
        {"table": "f.e", "rows": {"x": "true", "y": "f.b"}, "default": "false"})
INT = ("1", "f.i + 1", "2 if f.b else 3", "max(f.i, 2)", 3,
       {"table": "f.i", "rows": {"1..3": 1, "4": "f.i"}, "default": 2})
CITE = {"source": "r", "paragraph": 1, "quote": "the text"}
BASE_FACTS = {
    "f.b": {"type": "bool", "text": "the unit moved"},
    "f.i": {"type": "int", "range": [1, 6], "default": 3},
    "f.e": {"type": "enum", "values": ["x", "y", "z"]},
    "f.k": {"type": "keywords", "default": ["A"]},
}


def kind_keys(definition: dict[str, Any], entry: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(required, optional) keys of an entry, as the schema's `if`/`then` rules for its kind leave them."""
    keys, required = set(definition["properties"]), set(definition.get("required", ()))
    for rule in definition.get("allOf", ()):
        if jsonschema.Draft202012Validator(rule["if"]).is_valid(entry):
            then = rule["then"]
            keys -= {k for k, v in then.get("properties", {}).items() if "not" in v}
            required |= set(then.get("required", ()))
    return required, keys - required


@st.composite
def entry(draw: st.DrawFn, what: str, values: dict[str, Any], fixed: dict[str, Any]) -> dict[str, Any]:
    """An entry of `$defs[what]`: `fixed` keys, the required keys and some optional ones, from `values`."""
    out = dict(fixed)
    required, optional = kind_keys(DEFS[what], out)
    chosen = sorted(required - set(out)) + draw(st.lists(st.sampled_from(sorted(optional - set(out))),
                                                          unique=True)) if optional - set(out) else sorted(required)
    for rule in DEFS[what].get("allOf", ()):  # one of several keys (a clamp's min or max)
        if jsonschema.Draft202012Validator(rule["if"]).is_valid(out):
            for alternatives in rule["then"].get("allOf", ()):
                needs = [set(a["required"]) for a in alternatives.get("anyOf", ())]
                if needs and not any(n <= set(chosen) for n in needs):
                    chosen += sorted(draw(st.sampled_from(needs)))
    for key in chosen:
        if key not in out and (key in values or key in required):  # a key with no way to write it: see below
            out[key] = draw(values[key]) if isinstance(values[key], st.SearchStrategy) else values[key]
    return out


def fact_values(kind: str) -> dict[str, Any]:
    low = 0
    return {
        "range": [low, 9], "values": st.sampled_from([["x", "y"], {"x": "an ex", "y": "a why"}]),
        "typical": st.integers(low, 9), "text": "the {value}",
        "default": {"bool": st.booleans(), "int": st.integers(low, 9), "enum": st.sampled_from(["x", "y"]),
                    "keywords": st.just(["A", "B"])}[kind],
        "derive": {"bool": st.sampled_from(BOOL), "int": st.sampled_from(["1", "f.i + 1", "2 if f.b else 3"]),
                   "enum": st.sampled_from(["'x'", "'y' if f.b else 'x'",
                                            {"table": "f.e", "rows": {"x": "'y'"}, "default": "'x'"}]),
                   "keywords": st.just("f.k")}[kind],
        "cite": CITE,
    }


def quantity_values() -> dict[str, Any]:
    return {
        "text": "the score", "base": st.sampled_from(INT), "plus": st.sampled_from(["raises", "lowers"]),
        "chart": {7: 4, 8: 5}, "impossible_from": 10, "automatic": st.sampled_from(BOOL),
        "dice": st.sampled_from(["D6", "2D6", "D3"]), "passes": st.sampled_from(INT),
        "characteristic": st.sampled_from(DEFS["quantity"]["properties"]["characteristic"]["enum"]),
        "effects": st.booleans(), "assumptions": ["a"], "cite": CITE, "better": st.sampled_from(["higher", "lower"]),
        "chart_assumption": "a",
        "cites": st.dictionaries(st.sampled_from(sorted(DEFS["quantity"]["properties"]["cites"]["properties"])),
                                 st.just(CITE), min_size=1),
        "always": st.lists(st.fixed_dictionaries({"unmodified": st.integers(1, 6),
                                                  "result": st.sampled_from(["fails", "passes"])},
                                                 optional={"assumption": st.just("a"), "cite": st.just(CITE)}),
                           max_size=2, unique_by=lambda a: a["unmodified"]),  # one result said once (the loader)
        "rerolls": st.lists(st.fixed_dictionaries({"name": st.sampled_from(["r1", "r2"]),
                                                   "reroll": st.sampled_from(["ones", "failed", "all"])},
                                                  optional={"when": st.sampled_from(BOOL), "text": st.just("a re-roll"),
                                                            "cite": st.just(CITE)}),
                            max_size=2, unique_by=lambda r: r["name"]),
        "random": {"text": "rolled each time it is needed", "cite": CITE}, "weapons": st.booleans(),
    }


def modifier_values(quantities: list[str], reading: str | None) -> dict[str, Any]:
    return {
        "quantity": st.sampled_from(quantities) | st.lists(st.sampled_from(quantities), min_size=1, unique=True),
        "change": st.sampled_from(["+1", "-1", "x2", "/2", "=3", 1, -2, "-f.i", "+(1 if f.b else 2)"]),
        "per": st.sampled_from(INT), "when": st.sampled_from(BOOL),
        "under": st.just({reading: "one"}) if reading else st.nothing(),
        "text": "a rule", "assumptions": ["a"], "cite": CITE,
    }


def policy_values(quantities: list[str], rules: list[str], reading: str | None) -> dict[str, Any]:
    return {
        "rules": st.lists(st.sampled_from(rules), min_size=1, unique=True).map(lambda r: sorted(r, key=rules.index)),
        "keep": st.sampled_from(["first", "strongest"]), "rule": rules[0],
        "over": st.lists(st.sampled_from(rules[1:]), min_size=1, unique=True) if len(rules) > 1 else st.nothing(),
        "quantity": st.sampled_from(quantities) | st.just(quantities),
        "min": st.sampled_from([1, "base - 1", "f.i"]), "max": st.sampled_from([20, "base + 1"]),
        "when": st.sampled_from(BOOL), "under": st.just({reading: "two"}) if reading else st.nothing(),
        "chooser": "the player", "text": "a policy", "assumption": "a", "cite": CITE, "label": "limit",
        "symbols": st.just(["-"]), "of": st.sampled_from(["net", "improvements", "worsenings"]),
    }


SITUATION_VALUES: dict[str, Any] = {
    "given": {"f.b": True, "f.i": 2}, "base": st.sampled_from([3, "3+", "D6"]), "roll": 4,
    "effects": st.just(["+1", {"name": "Stealth", "op": "-1"}]), "reading": "one", "ignore": ["m0"],
    "unit": {"models": [{"keywords": ["A"]}]}, "target": st.sampled_from([9, "3+"]),
    "reroll": st.sampled_from(["ones", ["ones", "failed"]]), "unmodified": st.sampled_from([6, "5+", [1, 6]]),
    "groups": [{"name": "near", "given": {"f.b": True}}, {"name": "far", "roll": 3}], "weapons": st.integers(1, 3),
    "sequence": {"attacks": 2, "hit": {"target": 3}}, "reroll_for": st.sampled_from(["pass", "unmodified"]),
}
EXPECT_VALUES: dict[str, Any] = {
    "value": st.sampled_from([3, None, "4+"]), "display": "4+", "applied": ["m0"], "ignored": [],
    "suppressed": {"m1": "m0"}, "clamped": ["limit"], "clamped_only": [], "probability": st.sampled_from(["1/2", 0]),
    "impossible": False, "automatic": False, "then": 4, "modifier": -1, "passed": True,
    "distribution": {"1": "1/6"}, "readings": {"one": 3, "two": 4}, "readings_default": "one",
    "cases": [{"when": {"f.i": "1..3"}, "value": 3}], "groups": {"near": {"value": 3}}, "assumptions": ["a"],
    "exit": 2, "error_contains": "cannot", "mean": "7/2", "reroll": ["ones"], "unmodified": {"on": [6]},
    "alternatives": [], "pack": "gen", "quantity": "q0", "total": {"distribution": {"2": "1"}, "mean": "2"},
    "outcome": {"mean": "1/2", "distribution": {"0": "1/2", "1": "1/2"}, "at_least": {"1": "1/2"}},
    "damage": {"mean": 2}, "models_destroyed": {"at_least": {"1": "1/3"}}, "attacks": {"distribution": {"2": "1"}},
}


@st.composite
def packs(draw: st.DrawFn) -> dict[str, Any]:
    reading = draw(st.sampled_from([None, "rd"]))
    facts: dict[str, Any] = dict(BASE_FACTS)
    for i in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(DEFS["fact"]["properties"]["type"]["enum"]))
        facts[f"g.{i}"] = draw(entry("fact", fact_values(kind), {"type": kind}))
    quantities = {}
    for i in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(DEFS["quantity"]["properties"]["kind"]["enum"]))
        quantities[f"q{i}"] = draw(entry("quantity", quantity_values(), {"kind": kind}))
    names = list(quantities)
    modifiers = {f"m{i}": draw(entry("modifier", modifier_values(names, reading), {}))
                 for i in range(draw(st.integers(1, 3)))}
    policies = {}
    for i in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(DEFS["policy"]["properties"]["kind"]["enum"]))
        if kind == "override" and len(modifiers) < 2:
            continue
        policies[f"p{i}"] = draw(entry("policy", policy_values(names, list(modifiers), reading), {"kind": kind}))
        if "symbols" in policies[f"p{i}"]:  # what the symbols become: a number (dependentSchemas)
            policies[f"p{i}"]["min"] = 0
        _share(policies[f"p{i}"], quantities)
    decides = draw(st.booleans())
    readings = {"rd": {"sentence": "it reads two ways", "default": "one", "options": {"one": "1", "two": "2"},
                       "cite": CITE, **({"decides": "non_reach"} if decides else {})}} if reading else {}
    if reading and decides:  # a reading the engine settles has the options the engine knows
        readings["rd"] |= {"default": "adjacent", "options": {"adjacent": "a", "whole_list": "b"}}
        for entries in (modifiers, policies):
            for e in entries.values():
                if "under" in e:
                    e["under"] = {"rd": "adjacent"}
    examples = [draw(entry("example", {
        "name": f"example {i}", "quote": "the text", "quantity": st.sampled_from(names),
        "situation": entry("situation", SITUATION_VALUES, {}), "expect": entry("expect", EXPECT_VALUES, {}),
        "faq": "Does it?", "topic": "cover",
    }, {})) for i in range(draw(st.integers(0, 2)))]
    top = {
        "$schema": "./rulings-pack.schema.json", "pack": "gen", "title": "Generated", "version": 1,
        "description": "a pack", "sources": {"r": {"title": "Rules", "paragraphs": {1: "the text"}}},
        "assumptions": {"a": {"text": "an assumption", "reason": "the text is silent"}}, "facts": facts,
        "quantities": quantities, "modifiers": modifiers, "policies": policies,
        "constraints": {"c": draw(entry("constraint", {"require": st.sampled_from(BOOL), "text": "never",
                                                       "cite": CITE}, {}))},
        "readings": readings, "plurals": {"SPACE WOLF": "SPACE WOLVES"}, "examples": examples,
        "notes": {"dead_rule.m0": "intended"}, "overlay": "an erratum of the pack",
        "arithmetic": draw(st.fixed_dictionaries({}, optional={
            "order": st.permutations(["multiply", "divide", "add", "subtract"]).map(lambda o: ["set", *o]),
            "round": st.sampled_from(["up", "down"]), "set_ends": st.lists(st.integers(-1, 3), unique=True),
            "cite": st.just(CITE)})),
    }
    needed = {"sources", "assumptions", "facts", "quantities", "modifiers", "readings"}  # what the rest names
    keep = draw(st.lists(st.sampled_from(sorted(set(top) - needed)), unique=True))
    return {k: v for k, v in top.items() if k in keep or k in needed}


def _share(policy: dict[str, Any], quantities: dict[str, Any]) -> None:
    """A cap made right in meaning: of a roll or total's modifiers (on another kind it is drawn as a clamp), its
    limits reading no base, and one of only the improvements or worsenings bounded on the side its sum can reach
    (improvements of a roll where higher is better add up to 0 or more: a max)."""
    if policy["kind"] != "cap":
        return
    named = [policy["quantity"]] if isinstance(policy["quantity"], str) else policy["quantity"]
    kinds = [quantities[q] for q in named]
    if any(q["kind"] not in ("roll", "total") for q in kinds):  # a cap bounds a roll's net modifier: no other's
        policy.pop("of", None)
        policy["kind"] = "clamp"
        return
    for key in ("min", "max"):  # a net modifier has no base to read (a clamp's limits may read it)
        if isinstance(policy.get(key), str) and "base" in policy[key]:
            policy[key] = -1 if key == "min" else 1
    if policy.get("of", "net") == "net":
        return
    betters = {q.get("better", "lower" if q["kind"] == "score" else "higher") for q in kinds}
    if len(betters) != 1:
        policy["of"] = "net"
        return
    up = (policy["of"] == "improvements") == (betters.pop() == "higher")
    policy.pop("min" if up else "max", None)
    policy.setdefault("max" if up else "min", 1 if up else -1)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=packs())
def test_a_pack_the_schema_accepts_loads(data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, sort_keys=False)
    doc = read_yaml(text, "gen.yaml")
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _strict_validator()(SCHEMA).iter_errors(doc.data)]
    assert not errors, errors  # the generator writes what the schema accepts: if not, it is the generator's bug
    build_pack([doc], "gen")  # and then the loader loads it: a PackError here is a rule the schema does not say


def test_the_generator_writes_every_key_the_schema_has() -> None:
    """A key added to the schema needs a way to write it here, or the property above would not try it."""
    written = {
        "fact": set(fact_values("int")) | {"type"}, "quantity": set(quantity_values()) | {"kind"},
        "modifier": set(modifier_values(["q"], "rd")), "policy": set(policy_values(["q"], ["m"], "rd")) | {"kind"},
        "situation": set(SITUATION_VALUES), "expect": set(EXPECT_VALUES),
        "example": {"name", "quote", "quantity", "situation", "expect", "faq", "topic"},
        "constraint": {"require", "text", "cite"},
    }
    for what, keys in written.items():
        assert set(DEFS[what]["properties"]) <= keys, (what, set(DEFS[what]["properties"]) - keys)
