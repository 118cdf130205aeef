"""Progress of a long search, on standard error when it is a terminal (tqdm), after a second of silence."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

DELAY = 1.0
"""Seconds a search runs before its progress shows: quick answers print nothing extra."""


def progress(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
    """`items`, reporting how far through them the search is, when a person is watching standard error."""
    if not sys.stderr.isatty():
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, desc=what, total=total, delay=DELAY, leave=False, file=sys.stderr, dynamic_ncols=True)
