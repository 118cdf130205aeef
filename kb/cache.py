"""Remember what loading a pack computed, so a ruling starts fast.

A loaded `Pack` is pickled under the user's cache folder, keyed by the pack
files' paths, sizes and checksums, by every module of `kb` and by
the Rulings version. The file name is a cheap checksum of the key (`hashlib`
costs a fresh process milliseconds to import); the file holds the whole key
too, and a pack is served only when that matches. Unpickling runs code, so the folder is the user's own:
created 0700, and a folder or file that another user owns or could write
is never read. A cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import os
import pickle
import zlib
from collections.abc import Sequence
from pathlib import Path

from kb import folders
from kb.locate import pack_files
from kb.model import Pack

VERSION = "3"


def cache_folder() -> Path:
    """Where loaded packs are kept: $RULINGS_CACHE, else the XDG cache folder."""
    return Path(folders.cache_folder())


def load(name_or_path: str, *, extra: Sequence[str] = ()) -> Pack:
    """`kb.loader.load_pack`, through the cache."""
    files = [f for name in (name_or_path, *extra) for f in pack_files(name)]
    try:
        stamps: list[tuple[str, object]] | None = [(str(f.resolve()), folders.fingerprint(f)) for f in files]
    except (OSError, RuntimeError):
        stamps = None
    if stamps is None or any(stamp is None for _, stamp in stamps):  # not read here: the loader says why
        from kb.loader import load_pack

        return load_pack(name_or_path, extra=extra)
    key = repr((VERSION, name_or_path, _code_stamp(), stamps))
    digest = key.encode()
    path = cache_folder() / f"{zlib.crc32(digest):08x}{zlib.adler32(digest):08x}.pickle"
    try:
        if folders.private(path.parent) and folders.private(path):
            with path.open("rb") as f:
                stored, pack = pickle.load(f)
            if stored == key and isinstance(pack, Pack):
                return pack
    except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    from kb.loader import load_pack

    pack = load_pack(name_or_path, extra=extra)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if path.parent.stat().st_uid == os.getuid():
            path.parent.chmod(0o700)  # a folder made before it was private
        if not folders.private(path.parent):
            return pack
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        with os.fdopen(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
            out.write(pickle.dumps((key, pack), protocol=pickle.HIGHEST_PROTOCOL))
        temporary.replace(path)
    except OSError:
        pass
    return pack


def _stamp(file: Path) -> tuple[int, int]:
    stat = file.stat()
    return stat.st_size, stat.st_mtime_ns


def _code_stamp() -> tuple[tuple[str, int, int], ...]:
    """Every module that shapes a loaded pack: changed code must not serve packs it would now load differently."""
    here = Path(__file__).parent
    files = sorted([*here.glob("*.py"), here / "schema.json"])
    return tuple((f.name, *_stamp(f)) for f in files)
