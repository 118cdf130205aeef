"""Small packs written in a test, a few lines each: their YAML text put together from the entries that differ.

`pack_text` writes a line for each section's heading and one for each entry, in the order given, so a pack's line
numbers (which findings cite) count as they would in the YAML written out.
"""

from __future__ import annotations

from collections.abc import Sequence

from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack

DICE = "dice: {kind: pool, base: 4}"


def pack(text: str, *overlays: str) -> Pack:
    """A pack from YAML text, with overlays (an erratum or a house rule replaces same-named entries)."""
    docs = [read_yaml(text, "p.yaml"), *(read_yaml(o, f"errata{i}.yaml") for i, o in enumerate(overlays))]
    return build_pack(docs, "p", overlay=1 if overlays else None)


def bools(*names: str) -> list[str]:
    """Facts that are true or false and nothing more, as entries of a pack's `facts`."""
    return [f"{name}: {{type: bool}}" for name in names]


def pack_text(name: str = "r", **sections: str | Sequence[str]) -> str:
    """The YAML text of pack `name`: each section in the order given, its entries (one, or a list) one a line."""
    lines = [f"pack: {name}"]
    for section, entries in sections.items():
        lines += [f"{section}:", *(f"  {entry}" for entry in ([entries] if isinstance(entries, str) else entries))]
    return "\n".join(lines) + "\n"


def rerolling(quantity: str, *rerolls: str, kind: str = "roll", dice: str = "D6") -> list[str]:
    """The entries of a roll in a pack's `quantities`: its kind, its dice and its re-roll rules, one a line."""
    return [f"{quantity}:", f"  kind: {kind}", f"  dice: {dice}", "  rerolls:", *(f"    - {r}" for r in rerolls)]


def keen_damage(name: str = "r", *, effects: bool = False, **sections: str | Sequence[str]) -> str:
    """A pack whose damage (its base given by the situation, and ad-hoc `effects` if so) a keen weapon raises by 1."""
    more = ", effects: true" if effects else ""
    return pack_text(name, facts=bools("weapon.keen"),
                     quantities=f"damage: {{kind: characteristic, characteristic: number{more}}}",
                     modifiers="keen: {quantity: damage, change: +1, when: weapon.keen}", **sections)
