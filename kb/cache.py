"""Remember what loading a pack computed, so a ruling starts fast.

A loaded `Pack` is pickled under the user's cache folder, keyed by the pack
files' paths, sizes and modification times and by the Rulings version. A
cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Sequence
from pathlib import Path

from kb.locate import pack_files
from kb.model import Pack

VERSION = "1"


def cache_folder() -> Path:
    """Where loaded packs are kept: $RULINGS_CACHE, else the XDG cache folder."""
    if os.environ.get("RULINGS_CACHE"):
        return Path(os.environ["RULINGS_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulings"


def load(name_or_path: str, *, extra: Sequence[str] = ()) -> Pack:
    """`kb.loader.load_pack`, through the cache."""
    files = [f.resolve() for name in (name_or_path, *extra) for f in pack_files(name)]
    key = hashlib.sha256(repr((VERSION, name_or_path, _code_stamp(), [(str(f), _stamp(f)) for f in files])).encode())
    path = cache_folder() / f"{key.hexdigest()[:32]}.pickle"
    try:
        with path.open("rb") as f:
            pack = pickle.load(f)
        if isinstance(pack, Pack):
            return pack
    except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    from kb.loader import load_pack

    pack = load_pack(name_or_path, extra=extra)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(pickle.dumps(pack, protocol=pickle.HIGHEST_PROTOCOL))
        temporary.replace(path)
    except OSError:
        pass
    return pack


def _stamp(file: Path) -> tuple[int, int]:
    stat = file.stat()
    return stat.st_size, stat.st_mtime_ns


def _code_stamp() -> tuple[tuple[int, int], ...]:
    """The loader's own files: a changed loader must not serve packs it would now load differently."""
    here = Path(__file__).parent
    return tuple(_stamp(here / name) for name in ("loader.py", "model.py", "expr.py", "schema.json"))
