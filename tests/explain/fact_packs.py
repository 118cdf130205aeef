"""Small packs whose facts conditions are worded over: the YAML of what differs, the rest written once here."""

from __future__ import annotations

from collections.abc import Mapping

from kb.document import read_yaml
from kb.loader import build_pack
from kb.model import Pack


def yaml_pack(name: str, sections: str) -> Pack:
    """The pack `name` whose sections (all but its `pack:` line) are the YAML `sections`, read as `name`.yaml."""
    return build_pack([read_yaml(f"pack: {name}\n{sections}", f"{name}.yaml")], name)


def facts_pack(name: str, facts: str) -> Pack:
    """A pack of the `facts` (YAML lines) and one pool, q, to ask about: all a condition over them needs."""
    return yaml_pack(name, f"facts:\n{facts}quantities:\n  q: {{kind: pool, text: the pool, base: 3}}\n")


def counts(sentences: Mapping[str, str]) -> str:
    """Facts that count from 0 to 9 (none unless given), each with its sentence: YAML lines of a pack's facts."""
    return "".join(f'  {name}: {{type: int, range: [0, 9], default: 0, text: "{text}"}}\n'
                   for name, text in sentences.items())
