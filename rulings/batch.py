"""`rulings ask PACK --batch FILE|-`: many rulings in one process, JSON lines in and out.

Each input line is one JSON object: a situation as in a situation file
(`given`, `base`, `effects`, `roll`, ...) plus `quantity` (which may instead
come from the command line). Each non-blank input line gets one output line:
the ruling's JSON, exactly as `rulings ask --format json` prints it, or
`{"line": N, "error": "..."}` for a line that cannot be answered. A bad line
never stops the batch; the exit code at the end is 2 when any line was bad
(70 when one met a bug in Rulings), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from typing import IO, Any

from kb.errors import RulingsError, Span
from kb.limits import excerpt, max_file_bytes
from kb.model import Pack

INTERNAL_ERROR = 70


def run_batch(args: argparse.Namespace, pack: Pack) -> int:
    """Answer every line of `args.batch`; returns the exit code."""
    if args.situation or args.given or args.base is not None or args.roll is not None:
        raise RulingsError("--batch takes each situation from its input lines",
                           hint="put given, base and roll in each JSON line instead of --situation, --given, "
                                "--base or --roll")
    started = time.monotonic()
    worst = 0
    out = sys.stdout
    with _open(args.batch) as source:
        for number, line in _lines(source):
            try:
                doc = answer_line(pack, line, args.quantity, args.batch, number)
            except RulingsError as e:
                timeout = getattr(args, "timeout", None)
                if timeout and time.monotonic() - started >= timeout:
                    raise  # the whole batch ran out of time, not this line
                doc, worst = {"line": number, "error": _located(str(e), args.batch, number)}, max(worst, 2)
            except RecursionError:
                doc, worst = {"line": number, "error": "the input is nested too deeply to read"}, max(worst, 2)
            except Exception as e:  # a bug in Rulings: say so for this line, answer the rest
                doc = {"line": number, "error": f"internal error (a bug in Rulings): {type(e).__name__}: "
                       f"{str(e)[:200]}", "internal": True}
                worst = INTERNAL_ERROR
            out.write(json.dumps(doc, ensure_ascii=False) + "\n")
    return worst


def answer_line(pack: Pack, line: bytes | None, quantity: str | None, file: str, number: int) -> dict[str, Any]:
    """The ruling JSON for one input line, or a `RulingsError` that names the line.

    Examples:
        >>> from kb.cache import load
        >>> doc = answer_line(load("fantasy"), b'{"quantity": "to_hit", "given": {"shooter.bs": 3}}', None, "-", 1)
        >>> doc["display"]
        '4+'
        >>> answer_line(load("fantasy"), b'{"given": {}}', None, "-", 7)
        Traceback (most recent call last):
        ...
        kb.errors.RulingsError: <stdin>:7:1: no quantity: give "quantity" in the line or QUANTITY on the command line
    """
    from rulings.api import answer
    from solver.situation import situation_from_data

    where = Span("<stdin>" if file == "-" else file, number, 1)
    if line is None:
        raise RulingsError(f"{where}: the line is longer than {max_file_bytes():,} bytes")
    try:
        data = json.loads(line)
    except (UnicodeDecodeError, ValueError) as e:
        raise RulingsError(f"{where}: not a JSON object: {excerpt(str(e))}",
                           hint='each line is one JSON object, e.g. {"quantity": "to_hit", "given": {...}}') from None
    if not isinstance(data, dict):
        raise RulingsError(f"{where}: a line must be a JSON object, not {type(data).__name__}")
    asked = data.pop("quantity", quantity)
    if not isinstance(asked, str):
        raise RulingsError(f"{where}: no quantity: give \"quantity\" in the line or QUANTITY on the command line")
    return answer(pack, asked, situation_from_data(data, pack, where))


def _located(message: str, file: str, number: int) -> str:
    """The message, starting with the input line it is about."""
    where = f"{'<stdin>' if file == '-' else file}:{number}:"
    return message if message.startswith(where) else f"{where} {message}"


def _open(file: str) -> Any:
    """Standard input for "-", else a regular file (a device or folder would never end or never start)."""
    if file == "-":
        return _Borrowed(sys.stdin.buffer)
    try:
        info = os.stat(file)
        if not stat.S_ISREG(info.st_mode):
            raise RulingsError(f"{excerpt(file)}: a batch must be a regular file or - (standard input)")
        return open(file, "rb")
    except OSError as e:
        raise RulingsError(f"{excerpt(file)}: cannot read the batch: {e.strerror}") from None


class _Borrowed:
    """Standard input in a `with`, left open at the end."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


def _lines(source: IO[bytes]) -> Iterator[tuple[int, bytes | None]]:
    """(line number, text) of each non-blank line; None for a line longer than the file limit (it fails alone)."""
    limit = max_file_bytes()
    number = 0
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the overlong line
                line = source.readline(limit + 1)
            yield number, None
            continue
        if line.strip():
            yield number, line
