"""Compare a ruling's JSON with an expectation, the way pack examples and FAQ tests state them.

Keys compare as in the conformance suite: `applied` and `ignored` as sets of
rule ids, `suppressed` as rule -> winner, `clamped` as ids that must appear,
`probability` as an exact fraction, `readings` as reading -> value, `cases`
as a set of (when, value), `groups` recursively, anything else by equality
with JSON types kept apart (true is not 1).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any


def same(a: Any, b: Any) -> bool:
    """Equality that keeps JSON types apart.

    Examples:
        >>> same(True, 1), same([1, "a"], [1, "a"])
        (False, True)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


def mismatches(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """What in `got` differs from `expect`; empty when the ruling meets it."""
    problems = []
    for key, want in expect.items():
        if key in ("exit", "error_contains"):
            continue
        if key == "clamped_only":
            ids = sorted(str(x["rule"]) for x in got.get("clamped") or [])
            if ids != sorted(map(str, want)):
                problems.append(f"clamped {ids} != {sorted(want)}")
            continue
        if key == "readings_default":
            defaults = [r["reading"] for r in got.get("readings") or [] if r.get("default") is True]
            if defaults != [want]:
                problems.append(f"default reading {defaults} != [{want!r}]")
            continue
        if key not in got:
            problems.append(f"missing {key!r}")
            continue
        problems += _compare(key, want, got[key], expect)
    return problems


DISTRIBUTIONS = ("outcome", "damage", "models_destroyed", "attacks")
"""A sequence's distributions an example can state: `{mean, distribution, at_least}`."""


def _compare(key: str, want: Any, have: Any, expect: dict[str, Any]) -> list[str]:
    if key in DISTRIBUTIONS and isinstance(have, dict) and "distribution" in have:
        return _distribution(key, want, have)
    if key in ("applied", "ignored"):
        ids = sorted(str(x["rule"]) for x in have or [])
        return [] if ids == sorted(map(str, want)) else [f"{key} {ids} != {sorted(map(str, want))}"]
    if key == "suppressed":
        by = {x["rule"]: x["by"] for x in have or []}
        return [] if by == {str(k): str(v) for k, v in want.items()} else [f"suppressed {by} != {want}"]
    if key == "clamped":
        seen = {x["rule"] for x in have or []}
        missing = [w for w in want if w not in seen]
        return [f"clamped lacks {missing}"] if missing else []
    if key == "assumptions":
        missing = [w for w in want if w not in (have or [])]
        return [f"assumptions lack {missing}"] if missing else []
    if key == "probability":
        ok = isinstance(have, str) and Fraction(have) == Fraction(str(want))
        return [] if ok else [f"probability {have!r} != {want!r}"]
    if key == "readings":
        by = {r["reading"]: r["value"] for r in have or []}
        return [] if set(by) == set(want) and all(same(by[k], v) for k, v in want.items()) else [
            f"readings {by} != {want}"]
    if key == "cases":
        def norm(cases: Any) -> list[str]:
            return sorted(json.dumps([sorted((c.get("when") or {}).items()), c.get("value")]) for c in cases or [])
        return [] if norm(have) == norm(want) else [f"cases {have} != {want}"]
    if key == "groups":
        by = {g["name"]: g for g in have or []}
        out = []
        for name, sub in want.items():
            out += [f"group {name!r}: {p}" for p in mismatches(sub, by[name])] if name in by else [f"no group {name!r}"]
        return out
    return [] if same(have, want) else [f"{key} {have!r} != {want!r}"]


def _distribution(key: str, want: dict[str, Any], have: dict[str, Any]) -> list[str]:
    """A sequence's distribution against what an example states of it: its mean, its whole distribution, and
    the chances of at least N for the N given.

    Examples:
        >>> have = {"distribution": {"0": "1/4", "1": "3/4"}, "mean": "3/4", "at_least": {"1": "3/4"}}
        >>> _distribution("outcome", {"mean": "3/4", "at_least": {1: "3/4"}}, have)
        []
        >>> _distribution("outcome", {"distribution": {1: "3/4"}}, have)
        ["outcome distribution {'0': '1/4', '1': '3/4'} != {1: '3/4'}"]
    """
    out = []
    for part, value in want.items():
        if part == "mean":
            ok = Fraction(have["mean"]) == Fraction(str(value))
        else:
            got = {int(n): Fraction(p) for n, p in have[part].items()}
            wanted = {int(n): Fraction(str(p)) for n, p in value.items()}
            ok = got == wanted if part == "distribution" else all(got.get(n) == p for n, p in wanted.items())
        if not ok:
            out.append(f"{key} {part} {have[part]!r} != {value!r}")
    return out
