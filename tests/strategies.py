"""Hypothesis strategies: fantasy situations and small random packs, for the property tests.

Situations are fully known (every fact a ruling of `to_hit` needs is given),
so each yields one value rather than `cases`. Random packs are built from
YAML text through the real loader, with bool facts, modifiers and the two
conflict policies (`exclusive` and `override`) whose preferences never form
a cycle, so the loader accepts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack

FANTASY_BOOLS = (
    "shooter.moved",
    "shooter.stand_and_shoot",
    "target.within_4in",
    "target.lone_model",
    "special.multiple_shots",
    "special.quick_to_fire",
    "special.sniper",
    "special.volley_fire",
)
LOS = st.integers(1, 10)


@st.composite
def cover(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    """One kind of cover: nothing said, the derived fact given directly, or what is in the way."""
    how = draw(st.sampled_from(["none", "derived", "inputs"]))
    if how == "derived":
        return {f"target.in_{kind}_cover": draw(st.booleans())}
    if how == "inputs":
        return {f"{kind}_cover.obscures": draw(st.booleans()), f"{kind}_cover.los": draw(LOS)}
    return {}


@st.composite
def fantasy_given(draw: st.DrawFn, *, auto_hit: bool | None = False) -> dict[str, Any]:
    """The given facts of a fully known fantasy shot (auto_hit None: either way)."""
    given: dict[str, Any] = {
        "shooter.bs": draw(st.integers(1, 10)),
        "shooter.los": draw(LOS),
        "target.los": draw(LOS),
        "target.unit_strength": draw(st.integers(0, 99)),
    }
    for name in FANTASY_BOOLS:
        value = draw(st.sampled_from([None, False, True]))
        if value is not None:
            given[name] = value
    given |= draw(cover("soft")) | draw(cover("hard"))
    if auto_hit is None:
        auto_hit = draw(st.booleans())
    if auto_hit or draw(st.booleans()):
        given["attack.auto_hit"] = auto_hit
    return given


@st.composite
def permutation_of(draw: st.DrawFn, given: dict[str, Any]) -> dict[str, Any]:
    """The same facts, listed in another order."""
    keys = draw(st.permutations(list(given)))
    return {k: given[k] for k in keys}


@st.composite
def fantasy_groups(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """A split shot: shared facts without cover, and two to four named groups, each with its own cover."""
    top = {k: v for k, v in draw(fantasy_given()).items() if "cover" not in k}
    names = draw(
        st.lists(
            st.sampled_from(["clear shot", "behind the wall", "in the hedge", "on the hill"]),
            min_size=2,
            max_size=4,
            unique=True,
        )
    )
    return top, [(name, draw(cover("soft")) | draw(cover("hard"))) for name in names]


@dataclass(frozen=True, slots=True)
class RandomPack:
    """A small random pack and the shape it was drawn from."""

    pack: Pack
    changes: dict[str, int]
    """Each rule's change (all lower the value)."""
    exclusive: list[tuple[str, list[str]]]
    """(keep, rules in listing order) per exclusive policy."""
    overrides: list[tuple[str, list[str]]]
    """(winner, losers) per override policy."""


@st.composite
def random_packs(draw: st.DrawFn) -> RandomPack:
    """A pack of 2-6 rules on one `pool` quantity with exclusive and override policies.

    A random priority order of the rules decides every `keep: first` group's listing and
    every override's direction, so preferences never form a cycle.
    """
    n = draw(st.integers(2, 6))
    rules = [f"r{i}" for i in range(n)]
    priority = draw(st.permutations(rules))
    rank = {r: i for i, r in enumerate(priority)}
    changes = {r: draw(st.integers(1, 3)) for r in rules}
    exclusive = []
    for _ in range(draw(st.integers(0, 3))):
        members = draw(st.lists(st.sampled_from(rules), min_size=2, max_size=n, unique=True))
        keep = draw(st.sampled_from(["first", "strongest"]))
        if keep == "first":
            members.sort(key=rank.__getitem__)
        exclusive.append((keep, members))
    overrides = []
    for _ in range(draw(st.integers(0, 3))):
        members = draw(st.lists(st.sampled_from(rules), min_size=2, max_size=n, unique=True))
        winner = min(members, key=rank.__getitem__)
        losers = [m for m in members if m != winner]  # listed in any order: losers are not ranked
        overrides.append((winner, losers))
    lines = ["pack: random", "facts:"]
    lines += [f"  f.{r}: {{type: bool, text: {r} holds}}" for r in rules]
    lines += ["quantities:", "  dice: {kind: pool, text: dice, base: 20}", "modifiers:"]
    lines += [f"  {r}: {{quantity: dice, change: -{changes[r]}, when: f.{r}}}" for r in rules]
    lines += ["policies:"] if exclusive or overrides else []
    lines += [
        f"  x{i}: {{kind: exclusive, keep: {keep}, rules: [{', '.join(m)}]}}"
        for i, (keep, m) in enumerate(exclusive)
    ]
    lines += [
        f"  o{i}: {{kind: override, rule: {w}, over: [{', '.join(losers)}]}}"
        for i, (w, losers) in enumerate(overrides)
    ]
    pack = build_pack([read_yaml("\n".join(lines) + "\n", "random.yaml")], "random")
    return RandomPack(pack, changes, exclusive, overrides)


def holding_sets(rules: list[str]) -> st.SearchStrategy[list[str]]:
    """Which rules' conditions hold, in listing order."""
    return st.lists(st.sampled_from(rules), unique=True).map(lambda xs: [r for r in rules if r in xs])
