"""The suite never writes to the user's pack cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kb.cache import cache_folder


def test_the_pack_cache_is_the_sessions_own(tmp_path_factory: pytest.TempPathFactory) -> None:
    """In the session's temporary folder, or the one the mutation tool names (`RULINGS_TEST_CACHE`)."""
    folder = Path(os.environ["RULINGS_CACHE"])
    assert cache_folder() == folder
    named = os.environ.get("RULINGS_TEST_CACHE")
    assert folder == Path(named) if named else (folder.parent == tmp_path_factory.getbasetemp()
                                                and folder.name.startswith("pack-cache"))
