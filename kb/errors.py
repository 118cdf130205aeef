"""Where things come from, and what goes wrong with them.

Every value read from a pack or a situation carries a `Span`, so an error can
say `packs/fantasy.yaml:41:7:` the way a compiler does. All errors derive
from `RulingsError`; the command line turns them into one message and exit 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.limits import EXCERPT, excerpt


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a file: 1-based line and column.

    Examples:
        >>> str(Span("shot.yaml", 3, 5))
        'shot.yaml:3:5'
    """

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if not self.line:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """A hint naming the closest known names, or an empty string.

    Examples:
        >>> did_you_mean("shooter.movd", ["shooter.moved", "target.los"])
        "did you mean 'shooter.moved'?"
    """
    import difflib  # only when something is misspelt

    close = difflib.get_close_matches(name, list(choices), n=3, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(repr(c) for c in close) + "?"


class RulingsError(Exception):
    """Base of every error a user can cause; printed without a traceback."""

    def __init__(self, message: str, *, where: Span | None = None, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return f"{text}\n  hint: {self.hint}" if self.hint else text


class PackError(RulingsError):
    """A pack file that cannot be loaded; holds every problem found in it."""

    def __init__(self, problems: list[RulingsError]) -> None:
        self.problems = sorted(problems, key=_position)
        first = problems[0]
        super().__init__(first.message, where=first.where, hint=first.hint)

    def __str__(self) -> str:
        lines = [str(p) for p in self.problems]
        if len(lines) > 1:
            lines.append(f"{len(lines)} errors")
        return "\n".join(lines)


def _position(error: RulingsError) -> tuple[str, int, int]:
    where = error.where or Span("")
    return (where.path, where.line, where.column)


class UnknownName(RulingsError):
    """A fact, quantity, rule, reading or pack name that does not exist; `none_known` is the hint when no name is."""

    def __init__(self, what: str, name: str, known: Iterable[str], *, where: Span | None = None,
                 none_known: str = "") -> None:
        known = sorted(known)
        close = did_you_mean(name, known) if len(name) <= EXCERPT else ""
        hint = close or ("known: " + ", ".join(known[:12]) if known else none_known)
        super().__init__(f"unknown {what} {excerpt(name)}", where=where, hint=hint)
        self.name = name


class Undecided(RulingsError):
    """A ruling that needs facts the situation does not give, and cannot list a case for each of their values."""


class Unworkable(RulingsError):
    """An expression that cannot be worked out in a situation (a division by zero, a product beyond the bounds): the
    pack's fault, not the situation's, so a search over situations stops and says where rather than pass it over.
    `situation` is the situation's facts as its hint says them, once something that made the situation (a search,
    a case of facts not given) has said them."""

    situation = ""


class Contradiction(RulingsError):
    """A situation that states two things that cannot both be true; `facts` names the facts that conflict."""

    def __init__(self, message: str, *, where: Span | None = None, hint: str = "", facts: Iterable[str] = ()) -> None:
        super().__init__(message, where=where, hint=hint)
        self.facts = tuple(facts)


class RuleCycle(RulingsError):
    """Rules that depend on themselves, with the cycle path."""

    def __init__(self, cycle: list[str], *, where: Span | None = None, steps: Iterable[str] = (),
                 members: Iterable[tuple[str, Span]] = (), policies: Iterable[tuple[str, Span]] = ()) -> None:
        path = " -> ".join([*cycle, cycle[0]])
        hint = "break the cycle: a rule cannot depend on itself"
        super().__init__(f"cycle: {path}", where=where, hint="; ".join([hint, *steps]))
        self.cycle = cycle
        self.members = tuple(members)
        """Each name in the cycle with where it is written."""
        self.policies = tuple(policies)
        """For a cycle of rule priorities: for each rule, the policy that makes it beat the next, and where."""


class Unsatisfiable(RulingsError):
    """A question whose policies leave no consistent answer (e.g. two unordered set effects)."""
