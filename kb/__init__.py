"""The knowledge base: rule packs, their strict loader, expressions and dependency graph."""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing itself costs a fresh process a millisecond and a half
if TYPE_CHECKING:
    from kb.errors import (
        Contradiction,
        PackError,
        RuleCycle,
        RulingsError,
        Span,
        Undecided,
        UnknownName,
        Unsatisfiable,
    )
    from kb.loader import load_pack
    from kb.locate import builtin_packs
    from kb.model import Pack

_WHERE = {
    "Contradiction": "kb.errors", "PackError": "kb.errors", "RuleCycle": "kb.errors", "RulingsError": "kb.errors",
    "Span": "kb.errors", "Undecided": "kb.errors", "UnknownName": "kb.errors", "Unsatisfiable": "kb.errors",
    "builtin_packs": "kb.locate", "Pack": "kb.model", "load_pack": "kb.loader",
}
"""Where each name lives: it is imported when first asked for, so a module of `kb` can be imported alone (a fresh
`rulings ask` answered from `rulings.answers` imports `kb.folders` and nothing else here)."""

__all__ = [
    "Contradiction", "Pack", "PackError", "RuleCycle", "RulingsError", "Span", "Undecided", "UnknownName",
    "Unsatisfiable",
    "builtin_packs", "load_pack",
]


def __getattr__(name: str) -> object:
    if name in _WHERE:
        return getattr(import_module(_WHERE[name]), name)
    raise AttributeError(name)
