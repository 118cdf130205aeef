"""Searches show their progress on standard error, only when a person is watching it."""

from __future__ import annotations

import io

import pytest

from kb.loader import load_pack
from solver.space import progress as progress_module
from solver.space.find import find


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_search_shows_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    monkeypatch.setattr(progress_module, "DELAY", 0.0)  # as if the search had already run for a second
    find(load_pack("fantasy"), "to_hit", "value == 4", max_facts=1)
    assert "find to_hit" in screen.getvalue() and "%" in screen.getvalue()


def test_no_progress_when_standard_error_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    piped = io.StringIO()
    monkeypatch.setattr("sys.stderr", piped)
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    find(load_pack("fantasy"), "to_hit", "value == 4", max_facts=1)
    assert piped.getvalue() == ""
