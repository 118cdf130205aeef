"""Answers kept: a plain `rulings ask` asked before is answered again without loading the engine.

A fresh `rulings ask` spends most of its time importing the engine. Its
output is a function of what it was asked (the command line's words), the
pack file's text, the code of Rulings and the Python that runs it, the
folder it was asked in (a pack named by a relative path), whether its output
is a terminal (colour) and the environment variables Rulings reads
(`RULINGS_...`). An answer the engine gave is kept under all of these; asked
again with every one of them the same, the kept output is printed as it is,
with nothing of the engine imported.

Only a plain ask is kept (`rulings ask PACK QUANTITY [--given FACT=VALUE]...
[--format FORMAT]`, the command line `rulings.cli` reads without argparse),
of a pack that is one file (a built-in name or a file's path; a folder's files
can change without a file the key reads changing), and only when it
succeeded: every mistake goes to the engine, which words it.

This module imports little of Rulings (`kb.folders`) and of
Python (`marshal` and `zlib` are built in): it runs before anything else in a
fresh process. The answers live in the pack cache's folder, under `answers/`,
and are read only from a folder and files that no other user owns or could
write (unmarshalling trusts its input). A folder that holds too many answers
is emptied before one more is kept. A cache that cannot be read or written is
simply not used.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

from kb.folders import cache_folder, fingerprint, private

VERSION = "1"
PACKAGES = ("kb", "solver", os.path.join("solver", "space"), "explain", "rulings")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILTIN = os.path.join(ROOT, "kb", "packs")
SUFFIXES = (".yaml", ".yml")
MUTANT = "MUTANT_UNDER_TEST"
"""The variable by which mutation testing (`tools/mutate.py`) picks the changed code a process runs."""
MOST = 2000
"""Answers kept at most: past this, the folder is emptied before one more is kept."""


def recall(words: list[str]) -> str | None:
    """The output the engine gave for exactly this question, in these same circumstances, or None."""
    key = _key(words)
    if key is None:
        return None
    path = _path(key)
    try:
        if not (private(os.path.dirname(path)) and private(path)):
            return None
        with open(path, "rb") as f:
            stored = marshal.load(f)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if type(stored) is tuple and len(stored) == 2 and stored[0] == key and type(stored[1]) is str:
        return stored[1]
    return None


def keep(words: list[str], output: str) -> None:
    """Keep `output`, the engine's answer to `words` (a plain ask that succeeded), for `recall`."""
    key = _key(words)
    if key is None:
        return
    path = _path(key)
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if not private(folder):
            return
        names = os.listdir(folder)
        if len(names) >= MOST:
            for name in names:
                os.unlink(os.path.join(folder, name))
        temporary = f"{path}.{os.getpid()}.tmp"
        with os.fdopen(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
            marshal.dump((key, output), out)
        os.replace(temporary, path)
    except OSError:
        pass


def _key(words: list[str]) -> str | None:
    """Everything the answer to `words` depends on, as one string; None where no answer is kept for it."""
    if len(words) < 3 or words[0] != "ask":
        return None
    pack = _pack_file(words[1])
    if pack is None:
        return None
    try:
        content = fingerprint(pack)
        here = os.getcwd()
        terminal = sys.stdout.isatty()
        code = _code_stamp()
    except (OSError, ValueError):
        return None
    if content is None:
        return None
    return repr((VERSION, sys.version, sys.executable, words, here, terminal, _environment(), os.path.abspath(pack),
                 content, code))


def _environment() -> list[tuple[str, str]]:
    """The environment variables that can change what a ruling prints: Rulings' own, and mutation testing's."""
    return sorted((name, value) for name, value in os.environ.items() if name.startswith("RULINGS_") or name == MUTANT)


def _pack_file(name: str) -> str | None:
    """The one file `kb.locate.pack_files` reads for `name`, or None where it would read a folder, say the name is
    wrong, or anything else the engine should word."""
    try:  # (a name the engine refuses, blank or too long, is never kept: its answer is an error)
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        mode = None
    except (OSError, ValueError):
        return None
    if mode is None:
        if "/" in name or name.endswith(SUFFIXES):
            return None
        name = os.path.join(BUILTIN, f"{name}.yaml")
        try:
            mode = os.stat(name).st_mode
        except (OSError, ValueError):
            return None
    return name if _regular(mode) else None


def _regular(mode: int) -> bool:
    return mode & 0o170000 == 0o100000


def _code_stamp() -> list[tuple[str, int, int]]:
    """The size and modification time of every file of Rulings' code: changed code is asked afresh."""
    stamp = []
    for package in PACKAGES:
        with os.scandir(os.path.join(ROOT, package)) as entries:
            for entry in entries:
                if entry.name.endswith((".py", ".json")):
                    info = entry.stat()
                    stamp.append((entry.path, info.st_size, info.st_mtime_ns))
    return sorted(stamp)


def _path(key: str) -> str:
    digest = key.encode()  # a repr: a word the terminal could not decode is written escaped, never a lone surrogate
    return os.path.join(cache_folder(), "answers", f"{zlib.crc32(digest):08x}{zlib.adler32(digest):08x}.marshal")


