"""The knowledge base: rule packs, their strict loader, expressions and dependency graph."""

from typing import Any

from kb.errors import Contradiction, PackError, RuleCycle, RulingsError, Span, Undecided, UnknownName, Unsatisfiable
from kb.locate import builtin_packs
from kb.model import Pack

__all__ = [
    "Contradiction", "Pack", "PackError", "RuleCycle", "RulingsError", "Span", "Undecided", "UnknownName",
    "Unsatisfiable",
    "builtin_packs", "load_pack",
]


def __getattr__(name: str) -> Any:
    # The loader pulls in the YAML parser and JSON Schema; a cached ruling never needs them.
    if name == "load_pack":
        from kb.loader import load_pack

        return load_pack
    raise AttributeError(name)
