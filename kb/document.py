"""Strict, bounded YAML reading that remembers where every value came from.

Every file Rulings opens (a pack, an overlay, a situation, standard input)
goes through `read_document`: regular files only, a size limit checked before
reading and again while reading, UTF-8 with a decoding error placed at its
line and column. PyYAML's composer gives nodes with marks; we build plain
Python values from them ourselves, so that duplicate keys are errors (PyYAML
would silently keep the last), only plain values are accepted (text, numbers,
true/false, null, lists, mappings and `<<` merge keys; any other tag is
refused), integers are bounded, and every value's position is kept in a
`Document.spans` table keyed by its path (`("modifiers", "moved", "when")`).
A value from the command line goes through the same checks (`read_scalar`).
"""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kb.errors import PackError, RulingsError, Span
from kb.limits import MAX_INT, MAX_PATH, MAX_VALUES, excerpt, max_file_bytes

if TYPE_CHECKING:
    import yaml

Path = tuple[str | int, ...]

STDIN = "-"
"""The file name that means standard input."""

PLAIN = "plain YAML values only: text, numbers, true/false, lists and mappings (and << merge keys)"

_CORE = "tag:yaml.org,2002:"
_SCALARS = {f"{_CORE}{t}" for t in ("str", "int", "float", "bool", "null")}
_AS_TEXT = {f"{_CORE}timestamp"}
"""Dates stay the text they were written as: no field of a pack or situation is a date."""
_MERGE = f"{_CORE}merge"


@dataclass(slots=True)
class Document:
    """One YAML file's data and the span of every value and key in it."""

    path: str
    data: Any
    spans: dict[Path, Span] = field(default_factory=dict)
    key_spans: dict[Path, Span] = field(default_factory=dict)

    def span(self, path: Path, *, key: bool = False) -> Span:
        """The span of the value at `path`, or of its key, or of the nearest enclosing value."""
        table = self.key_spans if key else self.spans
        while path:
            if path in table:
                return table[path]
            path = path[:-1]
            table = self.spans
        return self.spans.get((), Span(self.path, 1, 1))


def read_document(file: str | os.PathLike[str], display: str | None = None, *, what: str = "file") -> Document:
    """Read a YAML file (or standard input, for "-") within the limits, into a `Document`.

    Raises:
        RulingsError: the file cannot be read, is not a regular file, or is too large.
        PackError: the text is not UTF-8, not YAML, or holds values Rulings does not read.

    Examples:
        >>> read_document("/dev/null", what="situation")
        Traceback (most recent call last):
        ...
        kb.errors.RulingsError: /dev/null: a situation must be a regular file, not a device
    """
    name = os.fspath(file)
    display = display or ("<stdin>" if name == STDIN else shorten(name))
    return read_yaml(decode(read_bytes(name, display, what=what), display), display)


def shorten(path: str, limit: int = 120) -> str:
    """A path as a message shows it: whole when short, else its start and end.

    Examples:
        >>> shorten("a" * 300, 20)
        'aaaaaaaaa...aaaaaaaa (300 characters)'
    """
    if len(path) <= limit:
        return path
    return f"{path[: limit // 2 - 1]}...{path[-(limit // 2 - 2):]} ({len(path)} characters)"


def read_bytes(file: str, display: str, *, what: str = "file") -> bytes:
    """At most the size limit of bytes from a regular file or standard input; never blocks on a pipe."""
    limit = max_file_bytes()
    too_big = f"{display}: the {what} is larger than {limit:,} bytes"
    hint = "set RULINGS_MAX_FILE_BYTES to a larger limit if it really is this large"
    if file == STDIN:
        stream = getattr(sys.stdin, "buffer", None)  # a text stream (a test's StringIO) has no bytes underneath
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode()
        if len(data) > limit:
            raise RulingsError(too_big, hint=hint)
        return data
    check_path(file, display)
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise RulingsError(f"{display}: cannot read the {what}: {e.strerror}") from None
    mode = os.fstat(fd)
    if stat.S_ISFIFO(mode.st_mode):  # `--situation <(...)`: a pipe with a writer is read, within the limit
        data = _drain(fd, limit)
        if not data:  # no writer: nothing will ever come
            raise RulingsError(f"{display}: a {what} must be a regular file, not a pipe with nothing written to it")
        if len(data) > limit:
            raise RulingsError(too_big, hint=hint)
        return data
    if not stat.S_ISREG(mode.st_mode) or mode.st_size > limit:
        os.close(fd)
        if not stat.S_ISREG(mode.st_mode):
            raise RulingsError(f"{display}: a {what} must be a regular file, not {_kind(mode.st_mode)}")
        raise RulingsError(too_big, hint=hint)
    with os.fdopen(fd, "rb") as f:
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise RulingsError(f"{display}: cannot read the {what}: {e.strerror}") from None
    if len(data) > limit:
        raise RulingsError(too_big, hint=hint)
    return data


PIPE_SECONDS = 10.0
"""How long a pipe may keep its reader waiting for more, before what it sent is all there is."""


def _drain(fd: int, limit: int) -> bytes:
    """What a pipe's writer sends until it closes it (at most `limit` + 1 bytes, waiting at most `PIPE_SECONDS`
    between chunks); nothing from a pipe with no writer."""
    import select

    chunks: list[bytes] = []
    size = 0
    try:
        while size <= limit:
            ready, _, _ = select.select([fd], [], [], PIPE_SECONDS)
            if not ready:
                break
            try:
                chunk = os.read(fd, min(65536, limit + 1 - size))
            except BlockingIOError:
                continue
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def check_path(file: str, display: str) -> None:
    """Refuse a path no file system can hold before asking one about it."""
    if "\0" in file:
        raise RulingsError(f"{excerpt(file)}: a path cannot hold a NUL character")
    if len(file) > MAX_PATH:
        raise RulingsError(f"{display}: the path is longer than {MAX_PATH} characters")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def decode(data: bytes, path: str) -> str:
    """UTF-8 text (a byte-order mark is dropped); an undecodable byte is an error at its line and column.

    Examples:
        >>> decode(b"a: 1\\nb: caf\\xe9\\n", "x.yaml")
        Traceback (most recent call last):
        ...
        kb.errors.PackError: x.yaml:2:7: not UTF-8 text: byte 0xe9 cannot be read
          hint: save the file as UTF-8, the encoding of packs and situations
    """
    hint = "save the file as UTF-8, the encoding of packs and situations"
    for bom, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if data.startswith(bom):
            raise PackError([RulingsError(f"the file is {name} text, not UTF-8", where=Span(path, 1, 1), hint=hint)])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        marked = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        start = e.start + marked
        line_start = max(data.rfind(b"\n", 0, start) + 1, marked)  # the byte order mark is no column
        column = len(data[line_start:start].decode("utf-8", "replace")) + 1
        where = Span(path, data.count(b"\n", 0, start) + 1, column)
        raise PackError([RulingsError(f"not UTF-8 text: byte 0x{data[start]:02x} cannot be read", where=where,
                                      hint=hint)]) from None


def read_yaml(text: str, path: str) -> Document:
    """Parse YAML text strictly into a `Document`.

    Raises:
        PackError: malformed YAML, or every duplicate key, refused tag and out-of-bounds number in the file.

    Examples:
        >>> doc = read_yaml("a:\\n  b: 1\\n", "x.yaml")
        >>> doc.data, str(doc.span(("a", "b")))
        ({'a': {'b': 1}}, 'x.yaml:2:6')
        >>> read_yaml("base: &b {x: 1}\\nmore: {<<: *b, y: 2}\\n", "x.yaml").data["more"]
        {'y': 2, 'x': 1}
    """
    import yaml  # here, not at the top: a ruling from a cached pack with --given needs no YAML parser

    loader = None
    try:
        node = _compose_fast(text)
        if node is _SLOW:  # no libyaml, or it refused the text: PyYAML's own reader says exactly why
            loader = _loader()(text)
            node = loader.get_single_node()
    except _TooMany as e:
        raise PackError([RulingsError(f"more than {MAX_VALUES} values", where=_span(e.node, path),
                                      hint="a pack or situation this large is not one Rulings reads")]) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path)
        raise PackError([RulingsError(f"malformed YAML: {e.problem or e.context}", where=where,
                                      hint=_yaml_hint(e.problem or "", e.context or ""))]) from None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, e.position) + 1
        where = Span(path, line, e.position - text.rfind("\n", 0, e.position))
        raise PackError([RulingsError(
            f"character U+{e.character:04X} is not allowed in YAML text" if isinstance(e.character, int)
            else "unreadable text", where=where,
            hint="control characters and NUL bytes mean a binary file or another encoding than UTF-8")]) from None
    except yaml.YAMLError as e:
        raise PackError([RulingsError(f"malformed YAML: {excerpt(str(e))}", where=Span(path))]) from None
    except RecursionError:
        raise PackError([RulingsError("nested too deeply", where=Span(path))]) from None
    finally:
        if loader is not None:
            loader.dispose()
    doc = Document(path, None)
    problems: list[RulingsError] = []
    try:
        doc.data = _build(node, (), doc, problems) if node is not None else None
    except RecursionError:
        raise PackError([RulingsError("nested too deeply", where=Span(path))]) from None
    if problems:
        raise PackError(problems)
    return doc


_YAML_HINTS = (
    ("found character '\\t'", "YAML indents with spaces, never tabs"),
    ("while scanning a quoted scalar", "a quoted value is not closed: end it with the quote it starts with"),
    ("but found another document", "a file holds one document: remove the '---' line"),
    ("found incompatible YAML document", "remove the %YAML line: Rulings reads YAML 1.1"),
    ("expected ',' or '}'", "a {...} mapping separates its entries with commas and ends with '}'"),
    ("expected ',' or ']'", "a [...] list separates its items with commas and ends with ']'"),
    ("expected the node content, but found '<stream end>'", "the file ends inside a [...] or {...}: close it"),
    ("expected <block end>, but found '<scalar>'",
     "keys of one mapping start in the same column; text after a quoted value belongs inside the quotes"),
    ("expected <block end>", "keys of one mapping, and the '- ' items of one list, start in the same column"),
    ("mapping values are not allowed here",
     "a value holding ': ' needs quotes, and keys of one mapping start in the same column"),
    ("could not find expected ':'", "each line of a mapping is key: value; text on several lines needs quotes"),
    ("found undefined alias", "*name repeats the value marked &name earlier in the file; quote text starting with '*'"),
    ("while scanning an alias", "*name repeats the value marked &name; quote text starting with '*'"),
    ("that cannot start any token", "a value that starts with this character needs quotes"),
)
"""PyYAML's problems (or their context) and what usually causes them, most specific first."""


def _yaml_hint(problem: str, context: str) -> str:
    """What usually causes one of PyYAML's messages, or nothing.

    Examples:
        >>> _yaml_hint("found unexpected end of stream", "while scanning a quoted scalar")
        'a quoted value is not closed: end it with the quote it starts with'
    """
    return next((hint for text, hint in _YAML_HINTS if text in problem or text in context), "")


def read_scalar(text: str, where: str) -> Any:
    """A value written on the command line, read as the same value in a file would be.

    Text that starts like a YAML list, mapping or quoted string is read as
    YAML; anything else as one plain scalar (so `3+`, `-` and `*` stay text).

    Examples:
        >>> read_scalar("3", "--given a"), read_scalar("yes", "--given a"), read_scalar("--3", "--given a")
        (3, True, '--3')
        >>> read_scalar("[a, b]", "--given a"), read_scalar("", "--given a")
        (['a', 'b'], None)
    """
    if not text:
        return None
    if text[0] in "[{'\"":
        return read_yaml(text, where).data
    if text in _PLAIN_BOOLS:  # the common cases, read as YAML reads them without loading a YAML parser
        return _PLAIN_BOOLS[text]
    if text.isdigit() and text.isascii() and (text == "0" or text[0] != "0") and len(text) <= 18:
        return int(text)
    return _plain_scalar(text, where)


_PLAIN_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


def _plain_scalar(text: str, where: str) -> Any:
    """One plain scalar read by PyYAML's resolver and Rulings' own scalar rules."""
    import yaml

    tag = _resolver().resolve(yaml.ScalarNode, text, (True, False))
    tag = f"{_CORE}str" if tag == f"{_CORE}yaml" else tag  # `*`, `&` or `!` alone: YAML's markers, text here
    node = yaml.ScalarNode(tag, text)
    node.start_mark = yaml.Mark(where, 0, -1, -1, None, None)  # type: ignore[arg-type]  # no line or column
    problems: list[RulingsError] = []
    value = _scalar(node, where, problems)
    if problems:
        raise PackError(problems)
    return value


def _build(node: yaml.Node, path: Path, doc: Document, problems: list[RulingsError]) -> Any:
    import yaml

    if len(doc.spans) >= MAX_VALUES:
        where = _span(node, doc.path)
        raise PackError([RulingsError(f"more than {MAX_VALUES} values (do YAML aliases expand it?)", where=where,
                                      hint="each *name repeats the whole value marked &name, so aliases of aliases "
                                           "multiply")])
    doc.spans[path] = _span(node, doc.path)
    if isinstance(node, yaml.MappingNode):
        if node.tag != f"{_CORE}map":
            problems.append(_refused(node, doc.path))
            return {}
        out: dict[Any, Any] = {}
        for key_node, value_node in _pairs(node, doc.path, problems):
            key = _scalar(key_node, doc.path, problems) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str | int | bool) or isinstance(key_node, yaml.CollectionNode):
                problems.append(RulingsError("keys must be plain names", where=_span(key_node, doc.path),
                                             hint="a key is a name or a whole number: not a list, a mapping, "
                                                  "an empty value or a decimal"))
                continue
            if isinstance(key, bool) and key_node.value.lower() not in ("true", "false"):
                key = key_node.value  # a key written on/off/yes/no is that word (`unmodified: {on: 6}`), not a boolean
            key = str(key) if not isinstance(key, str) else key
            if key in out:
                first = doc.key_spans.get((*path, key))
                problems.append(
                    RulingsError(
                        f"duplicate key {excerpt(key)}",
                        where=_span(key_node, doc.path),
                        hint=f"first given at {first}" if first else "",
                    )
                )
                continue
            doc.key_spans[(*path, key)] = _span(key_node, doc.path)
            out[key] = _build(value_node, (*path, key), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        if node.tag != f"{_CORE}seq":
            problems.append(_refused(node, doc.path))
            return []
        return [_build(item, (*path, i), doc, problems) for i, item in enumerate(node.value)]
    assert isinstance(node, yaml.ScalarNode)
    return _scalar(node, doc.path, problems)


def _pairs(node: yaml.MappingNode, path: str, problems: list[RulingsError],
           done: dict[int, list[Any] | None] | None = None) -> list[tuple[yaml.Node, yaml.Node]]:
    """A mapping's key and value nodes, `<<` merge keys expanded; a key written here beats a merged one.

    `done` holds each mapping already expanded, so a mapping merged many times is expanded once.
    """
    import yaml

    done = {} if done is None else done
    done[id(node)] = None  # being expanded: merging it into itself is an error below
    written: list[tuple[yaml.Node, yaml.Node]] = []
    merged: list[tuple[yaml.Node, yaml.Node]] = []
    for key_node, value_node in node.value:
        if key_node.tag != _MERGE:
            written.append((key_node, value_node))
            continue
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            itself = id(source) in done and done[id(source)] is None
            if not isinstance(source, yaml.MappingNode) or itself:
                problems.append(RulingsError("<< must merge another mapping, e.g. <<: *defaults or <<: [*a, *b]",
                                             where=_span(source, path),
                                             hint="a mapping cannot merge itself, nor a mapping it is merged into"
                                             if itself else "mark the mapping to merge with &name where it is "
                                             "written (defaults: &defaults {...}), then merge *name"))
                continue
            merged += done.get(id(source)) or _pairs(source, path, problems, done)
    names = {k.value for k, _ in written if isinstance(k, yaml.ScalarNode)}
    for key_node, value_node in merged:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.value not in names:
            names.add(getattr(key_node, "value", None))
            written.append((key_node, value_node))
    done[id(node)] = written
    return written


def _scalar(node: yaml.ScalarNode, path: str, problems: list[RulingsError]) -> Any:
    """A scalar's value: text, a bounded integer, a float, a boolean or null; any other tag is refused."""
    tag, text = node.tag, node.value
    if tag in _AS_TEXT:
        return text
    if tag not in _SCALARS:
        problems.append(_refused(node, path))
        return None
    kind = tag.removeprefix(_CORE)
    if kind == "int" and len(text.lstrip("+-").replace("_", "")) > 30:
        problems.append(_out_of_bounds(node, path))
        return 0
    constructor = _constructor()
    try:
        value = constructor.yaml_constructors[tag](constructor, node)
    except (ValueError, KeyError, AttributeError, TypeError):
        problems.append(RulingsError(f"{excerpt(text)} is not {'an' if kind == 'int' else 'a'} {kind}",
                                     where=_span(node, path), hint=_KIND_SHAPES.get(kind, "")))
        return None
    if kind == "int" and abs(value) > MAX_INT:
        problems.append(_out_of_bounds(node, path))
        return 0
    return value


_KIND_SHAPES = {"int": "an int is a whole number, such as 3 or -2",
                "float": "a float is a number such as 1.5 or -0.25", "bool": "a bool is true or false"}
"""What a value tagged !!int, !!float or !!bool must look like."""


def _out_of_bounds(node: yaml.ScalarNode, path: str) -> RulingsError:
    return RulingsError(f"the integer {excerpt(node.value, 30)} is out of bounds", where=_span(node, path),
                        hint="integers must lie between -10^18 and 10^18")


def _refused(node: yaml.Node, path: str) -> RulingsError:
    tag = node.tag.replace(_CORE, "!!")
    tag = tag if len(tag) <= 40 else tag[:37] + "..."
    return RulingsError(f"the YAML tag {tag} is not allowed", where=_span(node, path),
                        hint=f"Rulings reads {PLAIN}")


class _TooMany(Exception):
    def __init__(self, node: yaml.Node) -> None:
        super().__init__()
        self.node = node


@cache
def _counting() -> type:
    """PyYAML's composer, counting nodes as it composes them: a dense file stops at the limit, not at its end."""
    import yaml
    from yaml.composer import Composer

    class Counting(Composer):
        composed = 0

        def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
            self.composed += 1
            if self.composed > MAX_VALUES:
                raise _TooMany(yaml.ScalarNode("", "", self.peek_event().start_mark))  # type: ignore[attr-defined]
            return Composer.compose_node(self, parent, index)

    return Counting


@cache
def _loader() -> type[yaml.SafeLoader]:
    """PyYAML's safe loader, all in Python, counting nodes (`_counting`)."""
    import yaml

    class CountingLoader(_counting(), yaml.SafeLoader):  # type: ignore[misc]
        pass

    return CountingLoader


_SLOW = object()


def _compose_fast(text: str) -> Any:
    """The node tree composed from libyaml's events (the same nodes, marks and limit as `_loader`'s, several
    times faster), or `_SLOW` when libyaml is absent or finds a problem, which PyYAML then words."""
    fast = _fast_loader()
    if fast is None:
        return _SLOW
    loader = None
    try:
        loader = fast(text)
        return loader.get_single_node()
    except _TooMany:
        raise
    except Exception:  # any refusal: the pure-Python reader gives the located message
        return _SLOW
    finally:
        if loader is not None:
            loader.dispose()


@cache
def _fast_loader() -> type | None:
    """PyYAML's composer over libyaml's parser, counting nodes like `_loader`; None without libyaml."""
    import yaml

    if not getattr(yaml, "__with_libyaml__", False):
        return None
    from yaml.composer import Composer
    from yaml.cyaml import CParser  # type: ignore[attr-defined]
    from yaml.resolver import Resolver

    class FastLoader(_counting(), CParser, Resolver):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            Resolver.__init__(self)

    return FastLoader


@cache
def _constructor() -> yaml.constructor.SafeConstructor:
    import yaml

    return yaml.constructor.SafeConstructor()


@cache
def _resolver() -> yaml.resolver.Resolver:
    import yaml

    return yaml.resolver.Resolver()


def _span(node: yaml.Node, path: str) -> Span:
    quoted = getattr(node, "style", None) in ('"', "'")  # a quoted scalar: point at the text, not the quote
    return Span(path, node.start_mark.line + 1, node.start_mark.column + 1 + quoted)
