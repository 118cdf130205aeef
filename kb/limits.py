"""The limits on what Rulings reads: packs and situations come from strangers.

Each limit is far above what a rule pack needs and far below what would
exhaust memory or time; docs/pack-format.md lists them for rules writers.
"""

from __future__ import annotations

import os

MAX_FILE_BYTES = 1_000_000
"""The largest file read (a pack, an overlay, a situation, standard input); $RULINGS_MAX_FILE_BYTES changes it."""

MAX_VALUES = 100_000
"""More values than any rule pack needs (the largest built-in pack has a few thousand): counted while the
YAML is composed, so a dense file stops early, and again while aliases expand, which can turn a small file into
billions."""

MAX_INT = 10**18
"""The largest integer (either sign) a file, a command-line value or an expression may hold or compute."""

MAX_PACK_FILES = 1000
"""The most YAML files one pack folder may hold."""

MAX_FOLDER_DEPTH = 32
"""How deep a pack folder's subfolders may nest."""

MAX_PATH = 4096
"""The longest path accepted for a file to read."""

EXCERPT = 60
"""The most characters of the input a message quotes."""


def max_file_bytes() -> int:
    """The file size limit: $RULINGS_MAX_FILE_BYTES when it is a positive integer, else `MAX_FILE_BYTES`.

    Examples:
        >>> max_file_bytes() >= 1_000_000 or "RULINGS_MAX_FILE_BYTES" in os.environ
        True
    """
    text = os.environ.get("RULINGS_MAX_FILE_BYTES", "")
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) < 13 and int(text) > 0 else MAX_FILE_BYTES


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """`repr(value)` cut to about `limit` characters, so a message never echoes a huge input back.

    Only a short prefix of a long string is ever turned into text, and a
    container is described by its size rather than written out.

    Examples:
        >>> excerpt("x" * 500)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (500 characters)"
        >>> excerpt([1, 2]), excerpt(True)
        ('[1, 2]', 'True')
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[: limit - 8])[:-1] + f"...' ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        return f"an integer of about {value.bit_length() * 3 // 10 + 1} digits"
    if isinstance(value, list | tuple | dict | set | frozenset):
        if len(value) > 8 or any(isinstance(v, list | tuple | dict | set | frozenset) for v in value):
            return f"a {type(value).__name__} of {len(value)} items"
        if isinstance(value, dict):
            text = "{" + ", ".join(f"{excerpt(k, 20)}: {excerpt(v, 20)}" for k, v in value.items()) + "}"
        else:
            items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
            text = "[" + ", ".join(excerpt(v, 20) for v in items) + "]"
        return text if len(text) <= limit else text[: limit - 3] + "..."
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
