"""Find a pack's files: a built-in pack name, a pack file, or a folder of pack files."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from kb.document import check_path, shorten
from kb.errors import RulingsError, UnknownName
from kb.limits import MAX_FOLDER_DEPTH, MAX_PACK_FILES

BUILTIN = Path(__file__).parent / "packs"

SUFFIXES = (".yaml", ".yml")


def builtin_packs() -> list[str]:
    """Names of the packs that ship with Rulings.

    Examples:
        >>> "fantasy" in builtin_packs()
        True
    """
    names = {p.name.removesuffix(".yaml") for p in BUILTIN.iterdir() if p.name.endswith(".yaml") or p.is_dir()}
    return sorted(n for n in names if not n.startswith(("_", ".")))


def pack_files(name_or_path: str) -> list[Path]:
    """The YAML files of a built-in pack name, a pack file, or a pack folder (sorted).

    Examples:
        >>> pack_files("")
        Traceback (most recent call last):
        ...
        kb.errors.RulingsError: the pack name is empty
          hint: give a built-in pack name (fantasy, skirmish, wh40k) or the path of a pack file or folder
    """
    if not name_or_path.strip():
        raise RulingsError("the pack name is empty", hint="give a built-in pack name (" + ", ".join(builtin_packs())
                           + ") or the path of a pack file or folder")
    display = shorten(name_or_path)
    check_path(name_or_path, display)
    path = Path(name_or_path)
    mode = _mode(path, display)
    if mode is None and "/" not in name_or_path and not name_or_path.endswith(SUFFIXES):
        for path in (BUILTIN / f"{name_or_path}.yaml", BUILTIN / name_or_path):
            mode = _mode(path, display)
            if mode is not None:
                break
        else:
            raise UnknownName("pack", name_or_path, builtin_packs())
    if mode is None:
        raise RulingsError(f"no such pack file or folder: {display}", hint="give a built-in pack name or a path")
    if stat.S_ISDIR(mode):
        files = _folder_files(path)
        if not files:
            raise RulingsError(f"{display}: the folder holds no .yaml files")
        return files
    return [path]


def _mode(path: Path, display: str) -> int | None:
    """The file mode of `path` (following symlinks), None when nothing is there."""
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        raise RulingsError(f"{display}: cannot read: {e.strerror}") from None


def _folder_files(folder: Path) -> list[Path]:
    """Every .yaml file under `folder`, sorted; symlinked folders are followed once, never in a loop."""
    seen: set[tuple[int, int]] = set()
    files: list[Path] = []
    stack = [(folder, 0)]
    while stack:
        current, depth = stack.pop()
        try:
            info = current.stat()
            entries = list(os.scandir(current))
        except OSError as e:
            raise RulingsError(f"{shorten(str(current))}: cannot read the folder: {e.strerror}") from None
        if (info.st_dev, info.st_ino) in seen:
            raise RulingsError(f"{shorten(str(current))}: the folder is reached twice (a symlink loop?)",
                               hint="a pack folder must not link back into itself")
        seen.add((info.st_dev, info.st_ino))
        for entry in entries:
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if depth + 1 > MAX_FOLDER_DEPTH:
                    raise RulingsError(f"{shorten(entry.path)}: pack folders nest more than {MAX_FOLDER_DEPTH} deep")
                stack.append((path, depth + 1))
            elif path.suffix in SUFFIXES:
                files.append(path)
                if len(files) > MAX_PACK_FILES:
                    raise RulingsError(f"{shorten(str(folder))}: the pack folder holds more than {MAX_PACK_FILES}"
                                       " .yaml files")
    return sorted(files)
