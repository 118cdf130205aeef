"""Generated packs for the benchmarks: YAML text shaped like the packs the issues measure.

Each generator returns the text of one pack file; `write` puts it in a folder.
The shapes are deterministic, so two runs measure the same packs.
"""

from __future__ import annotations

from pathlib import Path


def write(folder: Path, name: str, text: str) -> str:
    """Write `text` as `folder/name.yaml`; returns the path as a string (what `load_pack` takes)."""
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def many_modifiers(n: int) -> str:
    """`n` modifiers over `n // 10` bool facts, spread over `n // 100` score quantities, each with a clamp.

    Each modifier reads its own pair of facts (no condition implies another), so
    `check` looks at every rule and finds nothing to report: its work grows with
    the pack, not with its findings.
    """
    facts = max(n // 10, 12)
    quantities = max(n // 100, 1)
    lines = [f"pack: many{n}", f"title: {n} generated modifiers", "version: 1", "facts:"]
    lines += [f"  f{i}: {{type: bool, text: \"condition {i} holds\"}}" for i in range(facts)]
    lines.append("quantities:")
    lines += [f"  q{j}: {{kind: score, base: 4, plus: raises, impossible_from: 7, text: \"score {j}\"}}"
              for j in range(quantities)]
    lines.append("modifiers:")
    for i in range(n):
        a = i % facts
        b = (a + 1 + i // facts) % facts
        change = "+1" if i % 3 else "-1"
        lines.append(f"  m{i}: {{quantity: q{i % quantities}, change: '{change}', when: f{a} and f{b}}}")
    lines.append("policies:")
    lines += [f"  floor{j}: {{kind: clamp, quantity: q{j}, min: 2, text: a roll of 1 always fails}}"
              for j in range(quantities)]
    return "\n".join(lines) + "\n"


def independent_rules(n: int = 24) -> str:
    """`n` boolean rules on one quantity, each reading its own fact: `n` small problems, not 2^n situations."""
    lines = [f"pack: independent{n}", f"title: {n} independent rules", "version: 1", "facts:"]
    lines += [f"  f{i}: {{type: bool, text: \"condition {i} holds\"}}" for i in range(n)]
    lines += ["quantities:", "  q: {kind: pool, base: 10, better: higher, text: the dice in the pool}", "modifiers:"]
    lines += [f"  m{i}: {{quantity: q, change: '{'+1' if i % 2 else '-1'}', when: f{i}}}" for i in range(n)]
    return "\n".join(lines) + "\n"


GAME = """\
pack: game
title: A generated game -- shooting, shaped like a real pack
version: 1
facts:
  shooter.skill: {type: int, range: [1, 10], typical: 3, text: "the shooter has skill {value}"}
  shooter.moved: {type: bool, text: "the shooter moved this turn"}
  shooter.height: {type: int, range: [1, 6], typical: 2, text: "the shooter has height {value}"}
  shooter.veteran: {type: bool, text: "the shooter is a veteran"}
  shooter.pinned: {type: bool, text: "the shooter is pinned"}
  target.height: {type: int, range: [1, 6], typical: 2, text: "the target has height {value}"}
  target.size: {type: int, range: [1, 30], typical: 10, text: "the target unit has {value} models"}
  target.skirmishing: {type: bool, text: "the target is skirmishing"}
  target.charging: {type: bool, text: "the target is charging"}
  attack.distance: {type: int, range: [0, 48], typical: 12, text: "the target is {value} inches away"}
  weapon.range: {type: int, range: [6, 48], typical: 24, text: "the weapon has range {value} inches"}
  weapon.accurate: {type: bool, text: "the weapon is accurate"}
  light_cover.obscures: {type: bool, text: "light cover obscures the target"}
  heavy_cover.obscures: {type: bool, text: "heavy cover obscures the target"}
  cover.height: {type: int, range: [1, 6], typical: 2, text: "the cover has height {value}"}
  target.in_light_cover:
    type: bool
    text: the target is in light cover
    derive: light_cover.obscures and 2 * cover.height >= target.height
  target.in_heavy_cover:
    type: bool
    text: the target is in heavy cover
    derive: heavy_cover.obscures and 2 * cover.height >= target.height
  attack.long_range:
    type: bool
    text: the target is at long range
    derive: 2 * attack.distance > weapon.range
  attack.point_blank:
    type: bool
    text: the target is at point-blank range
    derive: attack.distance <= 3
  target.small:
    type: bool
    text: the target is a small unit
    derive: target.size <= 3
  shooter.steady:
    type: bool
    text: the shooter is steady
    derive: not shooter.moved and not shooter.pinned
quantities:
  to_hit:
    kind: score
    text: the score needed to hit on a D6
    base: 7 - shooter.skill
    plus: lowers
    chart: {7: 4, 8: 5, 9: 6}
    impossible_from: 10
modifiers:
  moved: {quantity: to_hit, change: -1, when: shooter.moved}
  pinned: {quantity: to_hit, change: -1, when: shooter.pinned}
  long_range: {quantity: to_hit, change: -1, when: attack.long_range}
  point_blank: {quantity: to_hit, change: +1, when: attack.point_blank}
  small_target: {quantity: to_hit, change: -1, when: target.small and not target.charging}
  skirmishers: {quantity: to_hit, change: -1, when: target.skirmishing}
  light_cover: {quantity: to_hit, change: -1, when: target.in_light_cover}
  heavy_cover: {quantity: to_hit, change: -2, when: target.in_heavy_cover}
  veteran: {quantity: to_hit, change: +1, when: shooter.veteran and shooter.steady}
  accurate: {quantity: to_hit, change: +1, when: weapon.accurate and not attack.long_range}
policies:
  cover_never_stacks:
    kind: exclusive
    rules: [heavy_cover, light_cover]
    keep: first
    text: light and heavy cover never stack
  one_always_misses:
    kind: clamp
    quantity: to_hit
    min: 2
    text: a roll of 1 always misses
"""
"""A rules writer's pack: 15 input facts, 6 derived, 10 modifiers, a cover policy and a chart."""


def game() -> str:
    """The game-shaped pack (see `GAME`)."""
    return GAME


def wide_game() -> str:
    """A game-shaped pack whose distances run wide, as a real game's do: 1 to 72 inches, weapons of 6 to 72, and
    rules that compare them in several ways (half range, point blank, beyond a fixed distance, out of range)."""
    text = GAME.replace("pack: game\ntitle: A generated game -- shooting, shaped like a real pack",
                        "pack: wide\ntitle: A generated game with wide distance ranges")
    text = text.replace('attack.distance: {type: int, range: [0, 48], typical: 12,',
                        'attack.distance: {type: int, range: [1, 72], typical: 12,')
    text = text.replace('weapon.range: {type: int, range: [6, 48], typical: 24,',
                        'weapon.range: {type: int, range: [6, 72], typical: 24,')
    text = text.replace("""  shooter.steady:""", """  attack.out_of_range:
    type: bool
    text: the target is out of range
    derive: attack.distance > weapon.range
  attack.far:
    type: bool
    text: the target is more than 36 inches away
    derive: attack.distance > 36
  shooter.steady:""")
    text = text.replace("""policies:""", """\
  far: {quantity: to_hit, change: -1, when: attack.far and not weapon.accurate}
  beyond: {quantity: to_hit, change: -3, when: attack.out_of_range}
  close_volley: {quantity: to_hit, change: +1, when: "attack.distance * 4 <= weapon.range"}
policies:""")
    return text
