"""Standard error as a person watching it, for tests of the progress searches show."""

from __future__ import annotations

import io

import pytest


class Terminal(io.StringIO):
    """Standard error that is a terminal."""

    def isatty(self) -> bool:
        return True


def watched(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """Standard error replaced by a terminal, and searches showing their progress at once (not after a second).

    Called in the test itself, not a fixture: pytest's output capture sets standard error again for the test."""
    from solver.space import progress

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    return screen
