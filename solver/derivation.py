"""The derivation a ruling records while it is made: a tree of plain claims.

The solver builds it as it works; `explain` only renders it, never
recomputes. Each node says one thing, why (its children), and which rule
text it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Node:
    """One claim in a derivation, the claims it rests on, and its citation."""

    claim: str
    because: tuple[Node, ...] = ()
    cite: str | None = None
    tag: str = ""
    """What kind of claim: applied, suppressed, ignored, failed, clamp, chart, assumption, reading, base, value."""

    def to_json(self) -> dict[str, Any]:
        """The node as SPEC 3.2 JSON: `{"claim", "because", "cite"}`."""
        return {"claim": self.claim, "because": [n.to_json() for n in self.because], "cite": self.cite}

    def lines(self, max_depth: int = 99, depth: int = 0) -> list[tuple[int, Node]]:
        """The tree flattened depth-first, with each node's depth."""
        out = [(depth, self)]
        if depth < max_depth:
            for child in self.because:
                out += child.lines(max_depth, depth + 1)
        return out
