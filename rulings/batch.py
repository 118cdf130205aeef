"""`rulings ask PACK --batch FILE|-`: many rulings in one process, JSON lines in and out.

Each input line is one JSON object: a situation as in a situation file
(`given`, `base`, `effects`, `roll`, ...) plus `quantity` (which may instead
come from the command line). Each non-blank input line gets one output line:
the ruling's JSON as `rulings ask --format json` prints it, without its
`explanation` unless `--full` asks for it, or `{"line": N, "error": "..."}`
for a line that cannot be answered. A bad line
never stops the batch; the exit code at the end is 2 when any line was bad
(70 when one met a bug in Rulings), else 0.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from kb.errors import RulingsError, Span
from kb.limits import excerpt, max_file_bytes
from kb.model import Pack

if TYPE_CHECKING:
    import argparse

INTERNAL_ERROR = 70

_dumps = json.JSONEncoder(ensure_ascii=False).encode
"""`json.dumps(doc, ensure_ascii=False)`, without making its encoder again for each line."""


def run_batch(args: argparse.Namespace, pack: Pack) -> int:
    """Answer every line of `args.batch`; returns the exit code."""
    if args.situation or args.given or args.base is not None or args.roll is not None:
        raise RulingsError("--batch takes each situation from its input lines",
                           hint="put given, base and roll in each JSON line instead of --situation, --given, "
                                "--base or --roll")
    started = time.monotonic()
    worst = 0
    out = sys.stdout
    explained = bool(getattr(args, "full", False))
    with _open(args.batch) as source:
        for number, line in _lines(source):
            try:
                doc = answer_line(pack, line, args.quantity, args.batch, number, True, explained)
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
            out.write((doc if isinstance(doc, str) else _dumps(doc)) + "\n")
    return worst


def answer_line(pack: Pack, line: bytes | None, quantity: str | None, file: str, number: int,
                text: bool = False, explained: bool = True) -> Any:
    """The ruling JSON for one input line (without its `explanation` unless `explained`), or a `RulingsError`
    that names the line; with `text`, that JSON as the text of its output line (`json.dumps` of it, written the
    fast way where the line only gives facts).

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
    if text:
        fast = _answer_fast(pack, line, quantity, explained)
        if fast is not None:
            return fast
        return _dumps(answer_line(pack, line, quantity, file, number, False, explained))
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
    doc = answer(pack, asked, situation_from_data(data, pack, where))
    return doc if explained else _unexplained(doc)


def _unexplained(doc: dict[str, Any]) -> dict[str, Any]:
    """A ruling's JSON without its explanation, nor its groups' rulings'."""
    out = {k: v for k, v in doc.items() if k != "explanation"}
    if "groups" in out:
        out["groups"] = [_unexplained(g) for g in out["groups"]]
    return out


def _answer_fast(pack: Pack, line: bytes | None, quantity: str | None, explained: bool = True) -> str | None:
    """The output line of a line that only gives facts, written without the slow steps, or None.

    It is the very text `answer_line` and `json.dumps` give: the same situation (checked by the same
    `check_given`, without the file positions that only an error needs), the same ruling, the same JSON with the
    explanation written from its nodes, each shared node's text written once (`explanation_text`). Anything else,
    and any line that fails, goes the slow way, which says exactly what is wrong and where.
    """
    if line is None:
        return None
    try:
        data = json.loads(line)
        if type(data) is not dict or not data.keys() <= {"quantity", "given"}:
            return None
        asked = data.get("quantity", quantity)
        given = data.get("given")
        if type(asked) is not str or asked not in pack.quantities or not (given is None or type(given) is dict):
            return None
        from solver.ask import ask
        from solver.situation import NOTHING_SAID, check_given

        situation = NOTHING_SAID.given_as(check_given(given or {}, pack))
        text = None if explained else _text_of_decision(pack, asked, situation)
        return text if text is not None else ruling_text(ask(pack, asked, situation), explained)
    except Exception:  # the slow way says what it is
        return None


def _text_of_decision(pack: Pack, quantity: str, situation: Any) -> str | None:
    """The output line of a ruling without its explanation, straight from the compiled ruling `ask` would make (the
    text kept per decision: `Compiled.worded`), or None where `ask` must be asked."""
    plain = pack.index.get(("plain", quantity))
    if plain is None or plain[1]:  # not yet compiled, or other readings to list: `ask` says
        return None
    answer = pack.index.get(("batch text", plain[0]))
    if answer is None:
        answer = pack.index["batch text", plain[0]] = plain[0].worded(_decision_text)
    out = answer(situation)
    return out if out is None or type(out) is str else ruling_text(out, explained=False)


def _decision_text(ruling: Any) -> str:
    """`ruling_text(ruling, explained=False)` of a compiled ruling's decision, which `Compiled.worded` keeps: written
    straight away, without looking for it among the texts `_text_unexplained` keeps (it is never asked for twice)."""
    from explain.json import ruling_json

    return _dumps(_unexplained(ruling_json(ruling, explained=False)))


def ruling_text(ruling: Any, explained: bool = True) -> str:
    """`json.dumps(ruling_json(ruling), ensure_ascii=False)`, the explanation written by `explanation_text` (left out
    unless `explained`)."""
    from explain.json import ruling_json

    # each group's own explanation inside, or a text whose last key is not the explanation: the plain way
    text = "" if ruling.groups is not None else _text_unexplained(ruling)
    if not text.endswith(_NO_EXPLANATION):
        doc = ruling_json(ruling)
        return _dumps(doc if explained else _unexplained(doc))
    if not explained:
        return text[:-len(_NO_EXPLANATION)] + "}"
    return text[:-len(_NO_EXPLANATION)] + ', "explanation": ' + explanation_text(ruling.explanation) + "}"


_WRITTEN: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}
_WRITTEN_SIZE = 20_000


def _text_unexplained(ruling: Any) -> str:
    """The ruling's JSON text with a null explanation, kept per decision: a compiled ruling shares its decision's
    tuples (applied, suppressed, ...) with every ruling of that decision, so their identities and the ruling's
    plain fields (with their types: 1 and True are one key but not one JSON) say which text it is. The kept
    entry holds those tuples, so no other object takes their identities while it lives."""
    from explain.json import ruling_json

    r = ruling
    parts = (r.applied, r.suppressed, r.ignored, r.clamped, r.assumptions, r.choice, r.extra)
    if r.cases is not None or r.readings is not None:  # made afresh for each ruling: not worth keeping
        return _dumps(ruling_json(r, explained=False))
    p = r.probability  # by its numbers: a Fraction's own hash is slow to work out
    key = (r.pack, r.quantity, type(r.value), r.value, r.display, type(r.modifier), r.modifier,
           p if p is None else (p.numerator, p.denominator), r.automatic, type(r.then), r.then, *map(id, parts))
    try:
        kept = _WRITTEN.get(key)
    except TypeError:  # a value that cannot be a key
        return _dumps(ruling_json(r, explained=False))
    if kept is None:
        if len(_WRITTEN) >= _WRITTEN_SIZE:
            _WRITTEN.clear()
        kept = _WRITTEN[key] = (parts, _dumps(ruling_json(r, explained=False)))
    return kept[1]


_NO_EXPLANATION = ', "explanation": null}'


_TEXTS: dict[int, tuple[Any, str]] = {}
_TEXTS_SIZE = 200_000


def explanation_text(node: Any) -> str:
    """`json.dumps(node.to_json(), ensure_ascii=False)`: a derivation shares its nodes between rulings (they are
    immutable; a compiled ruling's whole derivation is shared by every ruling of its facts), so each node's text is
    written once and kept while it lives (held here, so its id stays its own).

    Examples:
        >>> from solver.derivation import Node
        >>> n = Node('a "claim" é', (Node("why", cite="p. 3"),))
        >>> explanation_text(n) == json.dumps(n.to_json(), ensure_ascii=False)
        True
    """
    kept = _TEXTS.get(id(node))
    if kept is not None and kept[0] is node:
        return kept[1]
    claim, cite = node.claim, node.cite
    if not isinstance(claim, str) or not (cite is None or isinstance(cite, str)):
        text = _dumps(node.to_json())
    else:
        because = ", ".join([explanation_text(n) for n in node.because])
        text = (f'{{"claim": {_string(claim)}, "because": [{because}], "cite": '
                f'{"null" if cite is None else _string(cite)}}}')
    if len(_TEXTS) >= _TEXTS_SIZE:
        _TEXTS.clear()
    _TEXTS[id(node)] = (node, text)
    return text


def _string(text: str) -> str:
    return _encode(text)  # type: ignore[no-any-return]


from json.encoder import encode_basestring as _encode  # noqa: E402 - json's own: what json.dumps writes


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
