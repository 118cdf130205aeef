"""Searches show their progress on standard error, only when a person is watching it."""

from __future__ import annotations

import io

import pytest

from kb.loader import load_pack
from solver.space import progress as progress_module
from solver.space.find import find
from tests.terminal import watched


def test_a_long_search_shows_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = watched(monkeypatch)
    find(load_pack("fantasy"), "to_hit", "value == 4", max_facts=1)
    assert "find to_hit" in terminal.getvalue() and "%" in terminal.getvalue()


def test_no_progress_when_standard_error_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    piped = io.StringIO()
    monkeypatch.setattr("sys.stderr", piped)
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    find(load_pack("fantasy"), "to_hit", "value == 4", max_facts=1)
    assert piped.getvalue() == ""
