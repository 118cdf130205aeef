"""Shared test setup: `tests/` is importable, so test modules can use `strategies`; and the suite keeps its loaded
packs in a cache folder of its own, never the user's."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_pack_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`RULINGS_CACHE` points into the session's temporary folder, or where `RULINGS_TEST_CACHE` says (the
    mutation tool's: one shared by every mutant's run); a test may point it elsewhere for itself."""
    before = os.environ.get("RULINGS_CACHE")
    os.environ["RULINGS_CACHE"] = os.environ.get("RULINGS_TEST_CACHE") or str(tmp_path_factory.mktemp("pack-cache"))
    yield
    if before is None:
        del os.environ["RULINGS_CACHE"]
    else:
        os.environ["RULINGS_CACHE"] = before
