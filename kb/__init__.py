"""The knowledge base: rule packs, their strict loader, expressions and dependency graph."""

from kb.errors import Contradiction, PackError, RuleCycle, RulingsError, Span, UnknownName, Unsatisfiable
from kb.loader import builtin_packs, load_pack
from kb.model import Pack

__all__ = [
    "Contradiction", "Pack", "PackError", "RuleCycle", "RulingsError", "Span", "UnknownName", "Unsatisfiable",
    "builtin_packs", "load_pack",
]
