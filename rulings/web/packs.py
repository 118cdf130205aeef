"""The packs a server may open: the built-in ones and those named on the command line, nothing else.

A request names a pack by its name only; no path from a request is ever read.
Loaded packs are kept in memory and reloaded when a file of theirs changes, so
a rules writer editing a pack sees the edit on the next request (a built-in
pack is part of the installed program: a quick ruling does not look at its file). A served
file whose pack is named like a built-in pack (or like another served file's)
is refused before anything listens: a name means one pack.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from kb.errors import RulingsError, UnknownName
from kb.model import Pack

QUICK_FILES = 16
"""The most files a pack may have for `Packs.loaded` to check them (a built-in pack is one file)."""

KEPT_ANSWERS = 4096
"""Quick answers kept (`Packs.kept_answer`) before they are forgotten all at once."""


class Packs:
    """Served packs by name, each loaded on first use through the pack cache."""

    def __init__(self, named: Sequence[str] = ()) -> None:
        from kb.cache import load
        from kb.locate import builtin_packs

        self.sources: dict[str, str] = {name: name for name in builtin_packs()}
        self._builtin = frozenset(self.sources)
        for source in named:
            name = load(source).name
            if self.sources.get(name, source) != source:
                first = self.sources[name]
                what = "a built-in pack" if first == name else f"the pack {first}"
                raise RulingsError(f"{source}: its pack is named {name!r}, as {what} is: a name serves one pack",
                                   hint=f"give it another name (its pack: key), e.g. pack: my-{name}")
            self.sources[name] = source
        self._loaded: dict[str, tuple[Any, Pack]] = {}
        self._memo: dict[tuple[str, str, Any], Any] = {}
        self._lock = threading.Lock()
        self._loading = threading.Lock()
        self._building: dict[tuple[str, str, Any], threading.Lock] = {}
        self._asked: dict[tuple[str, str], tuple[Pack, int]] = {}
        self._answers: dict[bytes, tuple[str, Pack, bytes]] = {}

    def names(self) -> list[str]:
        """The served packs' names, built-in first, then those named on the command line."""
        return list(self.sources)

    def get(self, name: str) -> Pack:
        """The pack served under `name` (an unknown name gets the command line's did-you-mean message)."""
        from kb.cache import load

        source = self.sources.get(name)
        if source is None:
            raise UnknownName("pack", name, self.sources)
        stamp = _stamp(source)
        held = self._loaded.get(name)
        if held is not None and held[0] == stamp:
            return held[1]
        with self._loading:  # one pack object per version: requests racing to load it share it (and its memos)
            held = self._loaded.get(name)
            if held is not None and held[0] == stamp:
                return held[1]
            pack = load(source)
            self._loaded[name] = (stamp, pack)
            return pack

    def loaded(self, name: str) -> Pack | None:
        """The pack served under `name` if it is loaded and its files are unchanged (`get` would only return it),
        else None: a name to word as unknown, a pack to load or reload, a file gone missing is `get`'s work, and so
        is a pack of more than `QUICK_FILES` files (checking each file is work in itself). A built-in pack is
        part of the installed program: once loaded, its files are not looked at again here."""
        source = self.sources.get(name)
        held = self._loaded.get(name)
        if source is None or held is None or len(held[0]) > QUICK_FILES:
            return None
        if source == name and name in self._builtin:
            return held[1]
        try:
            stamp = _stamp(source)
        except (RulingsError, OSError):
            return None
        return held[1] if held[0] == stamp else None

    def asked(self, name: str, pack: Pack, quantity: str) -> int:
        """How many rulings of `quantity` this version of the pack was asked for in a worker thread (`note_asked`)."""
        held = self._asked.get((name, quantity))
        return held[1] if held is not None and held[0] is pack else 0

    def note_asked(self, name: str, pack: Pack, quantity: str) -> None:
        """Count a ruling of `quantity` asked of this version of the pack in a worker thread."""
        with self._lock:
            self._asked[name, quantity] = (pack, self.asked(name, pack, quantity) + 1)

    def kept_answer(self, query: bytes) -> bytes | None:
        """The quick answer (`rulings.web.api.quick_ask`) made before to exactly this query string, if the pack it
        was made of is still the one served under its name, unchanged (`loaded`); else None. An answer is a
        function of the pack's version and the query alone, so the same query is answered without reading it
        again: the explorer's pages ask the same situations for every reader."""
        kept = self._answers.get(query)
        if kept is None or self.loaded(kept[0]) is not kept[1]:
            return None
        return kept[2]

    def keep_answer(self, query: bytes, name: str, answer: bytes) -> None:
        """Keep the quick answer to `query`, made of the pack now served under `name` (`kept_answer`)."""
        pack = self.loaded(name)
        if pack is None:
            return
        if len(self._answers) >= KEPT_ANSWERS:
            self._answers.clear()
        self._answers[query] = (name, pack, answer)

    def source(self, name: str) -> str:
        """What the pack was named by on the command line (a built-in name or a path), for replay commands."""
        self.get(name)
        return self.sources[name]

    def memo(self, name: str, what: str, key: Any, compute: Any) -> Any:
        """`compute()` once per pack version: FAQs and a pack's own findings are slow and never change.

        Requests that arrive while it is being worked out wait for that answer rather than work it out again.
        """
        pack = self.get(name)
        full = (name, what, key)
        held = self._memo.get(full)
        if held is not None and held[0] is pack:
            return held[1]
        with self._lock:
            building = self._building.setdefault(full, threading.Lock())
        with building:
            pack = self.get(name)
            held = self._memo.get(full)
            if held is not None and held[0] is pack:
                return held[1]
            value = compute()
            with self._lock:
                self._memo[full] = (pack, value)
            return value


def _stamp(source: str) -> tuple[tuple[str, int, int], ...]:
    from kb.locate import pack_files

    out = []
    for file in pack_files(source):
        stat = file.stat()
        out.append((str(file), stat.st_size, stat.st_mtime_ns))
    return tuple(out)
