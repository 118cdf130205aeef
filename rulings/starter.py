"""`rulings new NAME`: write a small commented starter pack, one file `NAME.yaml`.

It has a source paragraph per rule, facts, one derived fact, a quantity, two
modifiers, a policy, citations and one example, and it passes `rulings test`
and `rulings check --strict` as written, so a rules writer starts from a pack
that works and changes one thing at a time.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

from kb.errors import RulingsError

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""A pack name, as the schema allows it."""

STARTER = """\
# The `{name}` rule pack, started by `rulings new {name}`.
# Replace the example rules below with your game's, one at a time, and after each change run
#   rulings test {path}            (the examples at the end still give what they expect)
#   rulings check {path} --strict  (no dead, clashing or redundant rules)
# docs/pack-format.md describes every section and key.
pack: {name}
title: {name} -- shooting, roll to hit
version: 1

# The rule text the pack encodes, paragraph by paragraph. Every rule below cites the words it encodes.
sources:
  shooting:
    title: Shooting
    paragraphs:
      1: Roll one D6 per shot. It hits on 7 minus the shooter's Ballistic Skill or more.
      2: A shooter that moved this turn suffers a -1 to hit.
      3: A target in cover is harder to hit, -1 to hit.
      4: A target is in cover when terrain hides most of it, unless the shooter ignores cover.
      5: A natural 1 is never a hit.

# What a situation at the table can say. A bool defaults to false; an int needs a range.
facts:
  shooter.bs: {{type: int, range: [1, 10], typical: 3, text: "the shooter has Ballistic Skill {{value}}"}}
  shooter.moved: {{type: bool, text: "the shooter moved this turn"}}
  shooter.ignores_cover: {{type: bool, text: "the shooter ignores cover"}}
  terrain.hides_most: {{type: bool, text: "terrain hides most of the target"}}
  # A derived fact: worked out from the facts above (a situation may also give it directly).
  target.in_cover:
    type: bool
    text: the target is in cover
    derive: terrain.hides_most and not shooter.ignores_cover
    cite: {{source: shooting, paragraph: 4, quote: "A target is in cover when terrain hides most of it"}}

# What a question asks for. A `score` is the number a D6 must reach; `plus: lowers` because the
# modifiers change the roll, so a -1 raises the score needed.
quantities:
  to_hit:
    kind: score
    text: the score needed to hit on a D6
    base: 7 - shooter.bs
    plus: lowers
    cite: {{source: shooting, paragraph: 1, quote: "It hits on 7 minus the shooter's Ballistic Skill or more."}}

# Rules that change a quantity when their condition holds.
modifiers:
  moved:
    quantity: to_hit
    change: -1
    when: shooter.moved
    cite: {{source: shooting, paragraph: 2, quote: "A shooter that moved this turn suffers a -1 to hit."}}
  cover:
    quantity: to_hit
    change: -1
    when: target.in_cover
    cite: {{source: shooting, paragraph: 3, quote: "A target in cover is harder to hit, -1 to hit."}}

# Policies settle conflicts and bound results: this one keeps the score needed at 2 or more.
policies:
  one_always_misses:
    kind: clamp
    quantity: to_hit
    min: 2
    text: a natural 1 is never a hit, so the score needed is never below 2
    cite: {{source: shooting, paragraph: 5, quote: "A natural 1 is never a hit."}}

# Worked examples: `rulings test` asks each one and compares the answer with `expect`.
examples:
  - name: a moving shooter at a target in cover
    quote: A shooter that moved this turn suffers a -1 to hit.
    quantity: to_hit
    situation: {{given: {{shooter.bs: 3, shooter.moved: true, terrain.hides_most: true}}}}
    expect: {{value: 6, applied: [moved, cover]}}
"""


def starter_pack(name: str, path: str) -> str:
    """The starter pack's text for a pack called `name` written to `path`.

    Examples:
        >>> starter_pack("archery", "archery.yaml").splitlines()[5]
        'pack: archery'
    """
    return STARTER.format(name=name, path=path)


def run_new(args: argparse.Namespace) -> int:
    """The `new` command: writes NAME.yaml, never over an existing file."""
    target = Path(args.name if args.name.endswith((".yaml", ".yml")) else args.name + ".yaml")
    name = target.name.rsplit(".", 1)[0]
    if not NAME.fullmatch(name):
        raise RulingsError(f"{name!r} cannot name a pack",
                           hint="a pack name starts with a letter and holds letters, digits, _ and - (e.g. archery)")
    shown = str(target)
    try:
        with target.open("x", encoding="utf-8") as f:
            f.write(starter_pack(name, shlex.quote(shown)))
    except FileExistsError:
        raise RulingsError(f"{shown} already exists; rulings new never writes over a file",
                           hint="give another NAME, or move the file away first") from None
    except OSError as e:
        raise RulingsError(f"cannot write {shown}: {e.strerror}",
                           hint="is the folder there, and can you write to it?") from None
    print(f"wrote {shown}: a starter pack with one example")
    print(f"next: rulings test {shlex.quote(shown)}   then   rulings check {shlex.quote(shown)} --strict")
    return 0
