"""The application layer: the `rulings` command line, and the same answers from Python (`rulings.api`).

`ask`, `find`, `load_pack` and `why_not` are re-exported here; `check` and
`faq` are reached as `rulings.api.check` and `rulings.api.faq`, because
`rulings.check` and `rulings.faq` are the modules of those commands. They are
imported when first asked for: a fresh `rulings ask` asked before is answered
(`rulings.start`) with none of them loaded.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # as in kb/__init__.py: typing is not imported for this
if TYPE_CHECKING:
    from rulings import api
    from rulings.api import ask, find, load_pack, why_not

__all__ = ["api", "ask", "find", "load_pack", "why_not"]


def __getattr__(name: str) -> object:
    if name == "api":
        return import_module("rulings.api")
    if name in __all__:
        return getattr(import_module("rulings.api"), name)
    raise AttributeError(name)
