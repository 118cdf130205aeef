"""Where Rulings keeps what it remembers between runs, whether a kept file can be trusted, and the fingerprint of
a file something kept was made from.

Only `os`, `stat`, `zlib` and `kb.limits` are imported: a fresh `rulings ask`
looks here before anything else (`rulings.answers`).
"""

from __future__ import annotations

import os
import stat
import zlib

from kb.limits import max_file_bytes


def cache_folder() -> str:
    """Where loaded packs and kept answers live: $RULINGS_CACHE, else the XDG cache folder's `rulings`."""
    if os.environ.get("RULINGS_CACHE"):
        return os.environ["RULINGS_CACHE"]
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                        "rulings")


def private(path: str | os.PathLike[str]) -> bool:
    """Whether only this user can have written `path` (no other owner, no group or world write): what is read back
    from the cache runs code or is trusted as it is, so nothing another user could have put there is read."""
    info = os.stat(path)
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def fingerprint(path: str | os.PathLike[str]) -> tuple[int, int, int] | None:
    """A pack file's size and two checksums of its bytes, or None where it is no regular file, or is larger than
    the loader reads (the loader says why). Its modification time would not do: a file saved twice within the
    clock's tick, or copied with its time kept, has the same size and time and another text."""
    info, limit = os.stat(path), max_file_bytes()
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:  # a device or pipe may never end: never read here
        return None
    with open(path, "rb") as f:
        text = f.read(limit + 1)
    if len(text) > limit:
        return None
    return len(text), zlib.crc32(text), zlib.adler32(text)
