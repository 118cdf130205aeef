"""`solver.space.progress`, checked where mutation testing found nothing watching
(`python tools/mutate.py solver/space/progress.py --tests tests/solver/test_progress.py
tests/solver/test_progress_mutants.py`).

The bar is read off a terminal that is a string: tqdm starts each drawing of the bar with a carriage return.
"""

from __future__ import annotations

import os
import time

import pytest

from solver.space import progress as progress_module
from solver.space.progress import progress
from tests.terminal import Terminal, watched


class SizedTerminal(Terminal):
    """A terminal whose size can be asked (through its file number; `os.get_terminal_size` is replaced)."""

    def fileno(self) -> int:
        return 2


def drawn(screen: Terminal) -> list[str]:
    """Each drawing of the bar, in order."""
    return [line for line in screen.getvalue().split("\r") if line]


def test_a_quick_search_shows_nothing_within_the_first_second(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)  # a terminal, but the delay is the search's own second
    assert list(progress(range(3), "find x", total=3)) == [0, 1, 2]
    assert screen.getvalue() == ""


def test_the_bar_is_cleared_when_the_search_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = watched(monkeypatch)
    assert list(progress(range(3), "find x", total=3)) == [0, 1, 2]
    out = screen.getvalue()
    assert out.startswith("\rfind x:   0%")
    # cleared: the last drawing is blanks, then back to the line's start, and no line is left behind
    assert "\n" not in out
    assert out.endswith("\r") and drawn(screen)[-1].strip() == ""


def test_the_bar_follows_the_terminal_as_its_width_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    watched(monkeypatch)
    screen = SizedTerminal()
    monkeypatch.setattr("sys.stderr", screen)
    width = [40]
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=None: os.terminal_size((width[0], 10)))
    for i in progress(range(4), "find x", total=4):
        if i == 2:
            width[0] = 100
        time.sleep(0.12)  # past tqdm's tenth of a second between drawings
    bars = drawn(screen)[:-1]  # the last is the clearing
    assert bars[0].startswith("find x:   0%") and bars[-1].startswith("find x: 100%")
    # tqdm leaves the terminal's last column free: 39 columns at first, 99 once the terminal is wider
    assert len(bars[0]) == 39 and len(bars[-1]) == 99
    assert progress_module.DELAY == 0.0  # as `watched` set it
