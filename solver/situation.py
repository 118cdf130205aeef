"""A situation: the facts of one moment at the table, checked against a pack.

Read from YAML (SPEC 3.1) or built from `--given FACT=VALUE` pairs. Every
value is checked against the pack's fact declarations before any ruling is
made, so a misspelt fact is an error with a did-you-mean, never a silent
default.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from kb.document import Document, read_document, read_scalar, read_yaml
from kb.errors import RulingsError, Span, UnknownName, did_you_mean
from kb.limits import excerpt
from kb.model import Fact, Pack
from solver.rolls import ROLL_KEYS, read_reroll, read_reroll_for, read_target, read_unmodified

KEYS = ("given", "base", "effects", "roll", "reading", "ignore", "unit", "groups", "target", "reroll", "unmodified",
        "reroll_for", "weapons", "sequence")


@dataclass(frozen=True, slots=True)
class Effect:
    """An ad-hoc modifier in play, e.g. `{name: Stealth, op: "-1"}`."""

    name: str
    op: str


@dataclass(frozen=True, slots=True)
class Situation:
    """The state immediately before the dice are cast."""

    given: Mapping[str, Any] = field(default_factory=dict)
    base: Any = None
    effects: tuple[Effect, ...] = ()
    roll: int | None = None
    target: int | None = None
    """What the roll must reach (`target: 3`, `"3+"`, a charge distance), for its chance."""
    reroll: tuple[str, ...] = ()
    """The re-rolls that apply (`ones`, `failed`, `all`; one re-roll per die)."""
    unmodified: tuple[int, ...] = ()
    """Unmodified results (after re-rolls, before modifiers) that trigger something, e.g. (6,)."""
    reroll_for: str = "pass"
    """What the player re-rolls for: to pass (`pass`), or first for an `unmodified` trigger result."""
    weapons: int | tuple[Any, ...] | None = None
    """The weapons that generate a random A, their attacks grouped together (Random Attacks): how many identical
    ones, or each weapon's own value (`[D6, D3]`)."""
    reading: Mapping[str, str] = field(default_factory=dict)
    ignore: tuple[str, ...] | None = None
    models: tuple[tuple[str, ...], ...] | None = None
    datasheet: str = ""
    """The unit's datasheet name (`unit: {name: ...}`), an additional keyword of the unit."""
    groups: tuple[tuple[str, Situation], ...] = ()
    sequence: Mapping[str, Any] = field(default_factory=dict)
    """For a sequence: its attacks, weapons, damage, models and wounds, and each step's target and re-roll."""
    where: Mapping[str, Span] = field(default_factory=dict)

    def with_given(self, extra: Mapping[str, Any]) -> Situation:
        """This situation with more facts given (later values win; groups still merge over them)."""
        return self.given_as({**self.given, **extra})

    def given_as(self, given: Mapping[str, Any]) -> Situation:
        """This situation with `given` as its facts: `replace(self, given=given)` at half the cost (a ruling
        makes one for each reading fact it sets, on the way to a compiled ruling of a few microseconds)."""
        return _Given(self, given)  # type: ignore[return-value]


NOTHING_SAID = Situation(reading=MappingProxyType({}), sequence=MappingProxyType({}), where=MappingProxyType({}))
"""A situation that says nothing: `NOTHING_SAID.given_as(facts)` is one that only gives facts, made quickly (every
situation made so shares its mappings: none of them can be changed)."""


class _Given:
    """A `Situation` copied without the frozen dataclass's `__setattr__` (a sixth of `given_as`'s former cost): the
    same slots set plainly, then the object becomes the `Situation` it is (the layouts are the same, so `__class__`
    may be assigned). Only `Situation.given_as` makes one."""

    __slots__ = Situation.__slots__

    def __init__(self, s: Situation, given: Mapping[str, Any]) -> None:
        self.given = given
        self.base = s.base
        self.effects = s.effects
        self.roll = s.roll
        self.target = s.target
        self.reroll = s.reroll
        self.unmodified = s.unmodified
        self.reroll_for = s.reroll_for
        self.weapons = s.weapons
        self.reading = s.reading
        self.ignore = s.ignore
        self.models = s.models
        self.datasheet = s.datasheet
        self.groups = s.groups
        self.sequence = s.sequence
        self.where = s.where
        self.__class__ = Situation  # type: ignore[assignment]


def read_situation(text: str, path: str, pack: Pack) -> Situation:
    """Parse and check a situation file's text.

    Examples:
        >>> from kb.loader import load_pack
        >>> s = read_situation("given: {shooter.bs: 3}", "shot.yaml", load_pack("fantasy"))
        >>> dict(s.given)
        {'shooter.bs': 3}
    """
    return situation_of(read_yaml(text, path), pack)


def read_situation_file(file: str, pack: Pack) -> Situation:
    """A situation file, or standard input for "-", read within the limits of `kb.document.read_document`."""
    return situation_of(read_document(file, what="situation"), pack)


def situation_of(doc: Document, pack: Pack) -> Situation:
    """The situation a parsed YAML document states, checked against the pack."""
    data = doc.data if doc.data is not None else {}
    if not isinstance(data, dict):
        raise RulingsError("a situation must be a mapping", where=doc.span(()), hint="allowed keys: " + ", ".join(KEYS))
    return _situation(data, doc, (), pack)


def situation_from_data(data: Any, pack: Pack, where: Span) -> Situation:
    """A situation from already-parsed data (e.g. a pack example), errors pointing at `where`."""
    if not isinstance(data, dict):
        raise RulingsError("a situation must be a mapping", where=where)
    return _situation(data, Document(where.path, data, {(): where}), (), pack)


def parse_given(pairs: Iterable[str]) -> dict[str, Any]:
    """`FACT=VALUE` pairs from the command line; values read as YAML scalars.

    Examples:
        >>> parse_given(["shooter.bs=3", "shooter.moved=true"])
        {'shooter.bs': 3, 'shooter.moved': True}
    """
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise RulingsError(f"--given {excerpt(pair)}: expected FACT=VALUE", hint="e.g. --given shooter.moved=true")
        where = f"--given {excerpt(name.strip())}"
        if not value.strip():
            raise RulingsError(f"{where}: no value after '='", hint="e.g. --given shooter.moved=true")
        out[name.strip()] = read_scalar(value.strip(), where)
    return out


def check_given(given: Mapping[str, Any], pack: Pack, where: Mapping[str, Span] | None = None) -> dict[str, Any]:
    """Check each fact value against its declaration; returns the values normalised."""
    plain = _plain_checks(pack)
    out = {}
    for name, value in given.items():
        check = plain.get(name)  # a true or false, or a whole number within its range: as it is
        if check is not None and (type(value) is bool if check is True else
                                  type(value) is int and check[0] <= value <= check[1]):  # type: ignore[index]
            out[name] = value
            continue
        span = (where or {}).get(name)
        fact = pack.facts.get(name)
        if fact is None:
            raise UnknownName("fact", name, pack.facts, where=span, none_known="the pack declares no facts")
        out[name] = _check_value(fact, value, span)
    return out


def _plain_checks(pack: Pack) -> dict[str, bool | tuple[float, float]]:
    """Each true-or-false fact (True) and whole-number fact (its range) of the pack: `check_given` takes such a
    value as it is without more ado; anything else goes through `_check_value`."""
    found = pack.index.get(("plain checks", ""))
    if found is None:
        found = pack.index["plain checks", ""] = {
            name: True if f.type.kind == "bool" else f.range or (-math.inf, math.inf)
            for name, f in pack.facts.items() if f.type.kind in ("bool", "int")}
    return found  # type: ignore[no-any-return]


def _check_value(fact: Fact, value: Any, span: Span | None) -> Any:
    kind = fact.type.kind
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        low, high = fact.range or (value, value)
        if not low <= value <= high:
            raise RulingsError(f"{fact.name} = {value} is out of range {low}..{high}", where=span)
        return value
    if kind == "enum" and value in fact.type.values:
        return value
    if kind == "enum" and isinstance(value, str):
        raise RulingsError(f"{fact.name} = {excerpt(value)} is not one of " + ", ".join(fact.type.values), where=span,
                           hint=did_you_mean(value, fact.type.values))
    if kind == "keywords" and isinstance(value, list | tuple | frozenset | set) and all(
            isinstance(v, str) for v in value):
        return frozenset(v.upper() for v in value)
    want = {"bool": "true or false", "int": "an integer", "enum": "one of " + ", ".join(fact.type.values),
            "keywords": "a list of keywords"}[kind]
    hint = "yes, no, on and off are read as true or false; quote them to mean text" if isinstance(value, bool) else ""
    if kind == "int" and isinstance(value, str) and re.fullmatch(r"[-+]?[0-9]+", value.strip()):
        hint = f"write {value.strip()} without quotes: quotes make it text"
    elif kind == "int" and not hint:
        hint = (f"{fact.name} takes a whole number from {fact.range[0]} to {fact.range[1]}" if fact.range
                else f"{fact.name} takes a whole number, such as 3")
    raise RulingsError(f"{fact.name} must be {want}, not {_shown(value)}", where=span, hint=hint)


def _given_shape(pack: Pack) -> str:
    """An example of `given:` in the pack's own facts."""
    for fact in pack.facts.values():
        if fact.derive is None and fact.type.kind in ("bool", "int"):
            value = "true" if fact.type.kind == "bool" else fact.typical if fact.typical is not None else (
                fact.range or (3,))[0]
            return f"e.g. given: {{{fact.name}: {value}}}"
    return "e.g. given: {FACT: VALUE}"


def _shown(value: Any) -> str:
    """A value as a message names it, in the words of YAML rather than Python."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "an empty value"}[value]
    return excerpt(value)


def _situation(data: dict[str, Any], doc: Document, path: tuple[Any, ...], pack: Pack) -> Situation:
    for key in data:
        if key not in KEYS:
            raise RulingsError(f"unknown key {key!r} in a situation", where=doc.span((*path, key), key=True),
                               hint=did_you_mean(key, KEYS) or "allowed: " + ", ".join(KEYS))
    given_raw = data.get("given")
    given_raw = {} if given_raw is None else given_raw
    if not isinstance(given_raw, dict):
        raise RulingsError("given: must map fact names to values", where=doc.span((*path, "given")),
                           hint=_given_shape(pack))
    spans = {name: doc.span((*path, "given", name), key=True) for name in given_raw}
    given = check_given(given_raw, pack, spans)
    roll = data.get("roll")
    if roll is not None and (not isinstance(roll, int) or isinstance(roll, bool)):
        raise RulingsError(f"roll must be an integer, not {roll!r}", where=doc.span((*path, "roll")),
                           hint="give the unmodified roll as the dice show it, e.g. roll: 4")
    groups: list[tuple[str, Situation]] = []
    group_shape = "e.g. groups: [{name: clear shot, given: {hard_cover.obscures: false}}]"
    if not isinstance(data.get("groups") or [], list):
        raise RulingsError("groups: must be a list of groups", where=doc.span((*path, "groups")), hint=group_shape)
    for i, group in enumerate(data.get("groups") or []):
        if not isinstance(group, dict) or "name" not in group:
            raise RulingsError("each group needs a name and its given facts", where=doc.span((*path, "groups", i)),
                               hint=group_shape)
        if (not isinstance(group["name"], str | int) or isinstance(group["name"], bool)
                or not str(group["name"]).strip()):
            hint = ("yes, no, on and off are read as true or false; quote them to mean text"
                    if isinstance(group["name"], bool) else group_shape)
            raise RulingsError(f"a group name must be text, not {_shown(group['name'])}",
                               where=doc.span((*path, "groups", i, "name")), hint=hint)
        first = next((j for j, (name, _) in enumerate(groups) if name == str(group["name"])), None)
        if first is not None:
            raise RulingsError(f"group name {group['name']!r} given twice", where=doc.span((*path, "groups", i)),
                               hint=f"first given at {doc.span((*path, 'groups', first))}")
        if "groups" in group:
            raise RulingsError("a group cannot split again", where=doc.span((*path, "groups", i, "groups"), key=True),
                               hint="list every group in the situation's own groups:, one level deep")
        extra = {k: v for k, v in group.items() if k != "name"}
        sub = _situation(extra, doc, (*path, "groups", i), pack)
        groups.append((str(group["name"]), sub))
    return Situation(
        given=given,
        base=check_numbers(data.get("base"), doc.span((*path, "base"))),
        effects=_effects(data.get("effects", []), doc, path, pack),
        roll=roll,
        target=read_target(data.get("target"), doc.span((*path, "target"))),
        reroll=read_reroll(data.get("reroll"), doc.span((*path, "reroll"))),
        unmodified=read_unmodified(data.get("unmodified"), doc.span((*path, "unmodified"))),
        reroll_for=read_reroll_for(data.get("reroll_for"), doc.span((*path, "reroll_for"))),
        weapons=_weapons(data.get("weapons"), doc.span((*path, "weapons")), data.get("base")),
        reading=_reading(data.get("reading"), doc, path, pack),
        ignore=_ignore(data.get("ignore"), doc, path),
        models=_models(data.get("unit"), doc, path),
        datasheet=_datasheet(data.get("unit"), doc, path),
        groups=tuple(groups),
        sequence=_sequence(data.get("sequence"), doc, path),
        where={**spans, **_sequence_spans(data.get("sequence"), doc, path), **{f"({key})": doc.span((*path, key))
                           for key in ("base", "roll", "effects", "ignore", "weapons", *ROLL_KEYS) if key in data},
               **{f"(effects)[{i}]": doc.span((*path, "effects", i)) for i in range(len(data.get("effects") or []))}},
    )


def _sequence(raw: Any, doc: Document, path: tuple[Any, ...]) -> dict[str, Any]:
    """A sequence's inputs, as given: the sequence checks them against its steps (`solver.sequence`)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
        raise RulingsError("sequence: must map inputs and steps to values", where=doc.span((*path, "sequence")),
                           hint="e.g. sequence: {attacks: 10, hit: {target: 3}, wound: {target: 4}}")
    return raw


def _sequence_spans(raw: Any, doc: Document, path: tuple[Any, ...]) -> dict[str, Span]:
    spans = {}
    for key, value in (raw or {}).items():
        spans[f"(sequence).{key}"] = doc.span((*path, "sequence", key))
        for sub in value if isinstance(value, dict) else ():
            spans[f"(sequence).{key}.{sub}"] = doc.span((*path, "sequence", key, sub))
    return spans


def _weapons(raw: Any, where: Span, base: Any) -> int | tuple[Any, ...] | None:
    """The weapons that generate a random A: how many identical ones (1 to 30, each with the situation's `base`), or
    a list of 1 to 30 weapons' own values."""
    if raw is None:
        return None
    if isinstance(raw, list):
        if not 1 <= len(raw) <= 30 or any(isinstance(v, bool) or not isinstance(v, (int, str)) for v in raw):
            raise RulingsError(f"weapons: {excerpt(raw)} is not a list of weapons' values", where=where,
                               hint="list each weapon's value, 1 to 30 of them, e.g. weapons: [D6, D3, 2]")
        if base is not None:
            raise RulingsError("weapons: lists each weapon's value, and base: gives one too", where=where,
                               hint="give either weapons: [D6, D3] alone, or base: D6 with weapons: 2")
        return tuple(raw)
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= 30:
        raise RulingsError(f"weapons: {excerpt(raw)} is not a number of weapons", where=where,
                           hint="give how many identical weapons make the attacks, from 1 to 30, e.g. weapons: 3, "
                                "or each weapon's value, e.g. weapons: [D6, D3]")
    return raw


def _effects(raw: Any, doc: Document, path: tuple[Any, ...], pack: Pack) -> tuple[Effect, ...]:
    shape = 'an effect is a string like "+1" or {name: Stealth, op: "-1"}'
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        raise RulingsError("effects: must be a list", where=doc.span((*path, "effects")), hint=shape)
    effects: list[Effect] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        where = doc.span((*path, "effects", i))
        if isinstance(item, dict) and set(item) <= {"name", "op"} and "op" in item:
            op, name = str(item["op"]), item.get("name", str(item["op"]))
        elif isinstance(item, str | int) and not isinstance(item, bool):
            op = name = str(item) if not isinstance(item, int) else f"{item:+d}"
        else:
            raise RulingsError(shape, where=where)
        if not isinstance(name, str) or not name.strip() or "\n" in name:
            raise RulingsError(f"effect name {excerpt(name)} must be a one-line name", where=where, hint=shape)
        check_numbers(op, where)
        if name in pack.modifiers:
            raise RulingsError(f"effect name {name!r} is already a rule of the pack", where=where,
                               hint="name the effect differently, or give the facts that make the rule hold")
        seen[name] = seen.get(name, 0) + 1
        effects.append(Effect(name if seen[name] == 1 else f"{name}#{seen[name]}", op))
    return tuple(effects)


def check_numbers(value: Any, where: Span | str) -> Any:
    """Refuse numbers written in text (a base, an effect) that are out of bounds or not in the digits 0-9.

    Examples:
        >>> check_numbers("3+", "--base"), check_numbers(4, "--base")
        ('3+', 4)
        >>> check_numbers("+³", "--base")
        Traceback (most recent call last):
        ...
        kb.errors.RulingsError: --base: '+³' holds a digit other than 0-9
          hint: write it in the digits 0-9: '+3'
    """
    span, label = (where, "") if isinstance(where, Span) else (None, f"{where}: ")
    if isinstance(value, str) and any(c.isdigit() and not "0" <= c <= "9" for c in value):
        plain = "".join(str(unicodedata.digit(c)) if c.isdigit() else c for c in value)
        raise RulingsError(f"{label}{excerpt(value)} holds a digit other than 0-9", where=span,
                           hint=f"write it in the digits 0-9: {excerpt(plain)}")
    if isinstance(value, str) and re.search(r"\d{19,}", value):
        raise RulingsError(f"{label}{excerpt(value)} holds a number out of bounds", where=span,
                           hint="integers must lie between -10^18 and 10^18")
    return value


def _reading(raw: Any, doc: Document, path: tuple[Any, ...], pack: Pack) -> dict[str, str]:
    if raw is None:
        return {}
    span = doc.span((*path, "reading"))
    if isinstance(raw, dict):
        chosen = {str(k): str(v) for k, v in raw.items()}
    else:
        owners = [r for r in pack.readings.values() if str(raw) in dict(r.options)]
        if len(owners) != 1:
            options = [o for r in pack.readings.values() for o, _ in r.options]
            if not owners:
                raise UnknownName("reading", str(raw), options, where=span,
                                  none_known="the pack declares no readings: remove reading:")
            raise RulingsError(f"reading {raw!r} is an option of several readings", where=span,
                               hint="name it: reading: {" + owners[0].name + ": " + str(raw) + "}")
        chosen = {owners[0].name: str(raw)}
    for name, option in chosen.items():
        if name not in pack.readings:
            raise UnknownName("reading", name, pack.readings, where=span,
                              none_known="the pack declares no readings: remove reading:")
        if option not in dict(pack.readings[name].options):
            raise UnknownName(f"option of reading {name!r}:", option, dict(pack.readings[name].options), where=span)
    return chosen


def _ignore(raw: Any, doc: Document, path: tuple[Any, ...]) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise RulingsError("ignore: must be a list of rule names", where=doc.span((*path, "ignore")),
                           hint="e.g. ignore: [moved]")
    return tuple(raw)


def _models(raw: Any, doc: Document, path: tuple[Any, ...]) -> tuple[tuple[str, ...], ...] | None:
    if raw is None:
        return None
    shape = "unit: needs models: [{keywords: [...]}, ...]"
    models = raw.get("models") if isinstance(raw, dict) else None
    if not isinstance(models, list):
        raise RulingsError(shape, where=doc.span((*path, "unit")))
    for i, model in enumerate(models):
        where = (*path, "unit", "models", i)
        if not isinstance(model, dict) or not isinstance(model.get("keywords"), list):
            raise RulingsError(shape, where=doc.span(where))
        for key in model:
            if key != "keywords":
                raise UnknownName("key of a model:", str(key), ("keywords",), where=doc.span((*where, key), key=True))
        for j, keyword in enumerate(model["keywords"]):
            if not isinstance(keyword, str | int) or isinstance(keyword, bool) or not str(keyword).strip():
                raise RulingsError(f"a keyword must be a word, not {_shown(keyword)}",
                                   where=doc.span((*where, "keywords", j)), hint="e.g. keywords: [INFANTRY, GRENADES]")
    return tuple(tuple(str(k) for k in m["keywords"]) for m in models)


def _datasheet(raw: Any, doc: Document, path: tuple[Any, ...]) -> str:
    """The unit's datasheet name: "each datasheet name acts as an additional keyword for that unit"."""
    if not isinstance(raw, dict):
        return ""
    for key in raw:
        if key not in ("name", "models"):
            raise UnknownName("key of unit:", str(key), ("name", "models"),
                              where=doc.span((*path, "unit", key), key=True))
    name = raw.get("name", "")
    if not isinstance(name, str) or "\n" in name or (name and not name.strip()):
        raise RulingsError("unit: name must be the datasheet's name on one line",
                           where=doc.span((*path, "unit", "name")),
                           hint="e.g. unit: {name: Intercessor Squad, models: [...]}")
    return name.strip()
