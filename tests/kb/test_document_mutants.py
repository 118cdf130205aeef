"""Strict YAML reading's edges, each pinned where mutation testing found nothing watching (`python tools/mutate.py
kb/document.py`): where a value's span is found, how a long path is shortened, which files are read and which
refused with what message, how text that is not UTF-8 is placed, how malformed YAML, refused tags, keys and
numbers are reported, how `<<` merge keys expand, and how a command-line value is read.

Expected values come from the module's docstring ("regular files only, a size limit checked before reading and
again while reading, UTF-8 with a decoding error placed at its line and column", "duplicate keys are errors",
"integers are bounded"), kb/limits.py (the limits and their numbers), and columns counted by hand in each text
(1-based, as messages show them). Each test reads files it writes in its own temporary folder.
"""

from __future__ import annotations

import contextlib
import io
import os
import socket
import stat
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

import kb.document
from kb.document import (
    Document,
    _kind,
    _yaml_hint,
    decode,
    read_bytes,
    read_document,
    read_scalar,
    read_yaml,
    shorten,
)
from kb.errors import PackError, RulingsError, Span
from kb.limits import MAX_VALUES

UTF8 = "save the file as UTF-8, the encoding of packs and situations"
BIGGER = "set RULINGS_MAX_FILE_BYTES to a larger limit if it really is this large"
PLAIN = "Rulings reads plain YAML values only: text, numbers, true/false, lists and mappings (and << merge keys)"
KEYS = "a key is a name or a whole number: not a list, a mapping, an empty value or a decimal"
BOUNDS = "integers must lie between -10^18 and 10^18"


@pytest.fixture
def limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """The limit on values, made small so a test of it reads a short text (the module reads it when it counts)."""
    monkeypatch.setattr(kb.document, "MAX_VALUES", 1000)
    return 1000


def refused(text: str) -> list[tuple[str, str, str]]:
    """Every problem read_yaml finds in `text`, as (place, message, hint)."""
    with pytest.raises(PackError) as caught:
        read_yaml(text, "x.yaml")
    return [(str(p.where), p.message, p.hint) for p in caught.value.problems]


def unreadable(file: str, display: str = "f.yaml", what: str = "file") -> RulingsError:
    with pytest.raises(RulingsError) as caught:
        read_bytes(file, display, what=what)
    return caught.value


# -- where a value is -----------------------------------------------------------------------------------------

DOC = "a:\n  b: 1\n  c: [x, y]\n"


def test_a_values_span_and_its_keys() -> None:
    doc = read_yaml(DOC, "x.yaml")
    assert doc.span(("a", "b")) == Span("x.yaml", 2, 6)
    assert doc.span(("a", "b"), key=True) == Span("x.yaml", 2, 3)
    assert doc.span(("a", "c", 1)) == Span("x.yaml", 3, 10)
    assert doc.span(("a", "c"), key=True) == Span("x.yaml", 3, 3)


def test_a_missing_path_gets_the_nearest_enclosing_value() -> None:
    doc = read_yaml(DOC, "x.yaml")
    assert doc.span(("a", "z")) == Span("x.yaml", 2, 3)  # the mapping under `a` starts at b
    assert doc.span(("a", "c", 1, "deeper")) == Span("x.yaml", 3, 10)
    # a key that is not there: the value enclosing it (the mapping under `a`), not the key `a` above it (1:1)
    assert doc.span(("a", "z"), key=True) == Span("x.yaml", 2, 3)
    assert doc.span(("a", "c", 1), key=True) == Span("x.yaml", 3, 6)  # a list item has no key: its list
    assert doc.span(("nothing", "here")) == Span("x.yaml", 1, 1)
    assert doc.span(("nothing",), key=True) == Span("x.yaml", 1, 1)


def test_a_path_in_nothing_gets_the_whole_documents_span() -> None:
    doc = read_yaml("# a comment first\n\na: 1\n", "x.yaml")
    assert doc.span(("zz",)) == Span("x.yaml", 3, 1)  # where the document's mapping starts
    assert doc.span(("zz",), key=True) == Span("x.yaml", 3, 1)


def test_a_document_with_no_spans_points_at_its_start() -> None:
    assert Document("p.yaml", None).span(("a", "b")) == Span("p.yaml", 1, 1)
    assert Document("p.yaml", None).span(()) == Span("p.yaml", 1, 1)
    assert read_yaml("", "e.yaml").span(("a",)) == Span("e.yaml", 1, 1)


def test_a_quoted_value_is_placed_at_its_text_not_its_quote() -> None:
    doc = read_yaml("a: x\nb: 'x'\nc: \"x\"\n", "x.yaml")
    assert [doc.span((k,)) for k in "abc"] == [Span("x.yaml", 1, 4), Span("x.yaml", 2, 5), Span("x.yaml", 3, 5)]
    assert doc.data == {"a": "x", "b": "x", "c": "x"}


# -- shortening a path ----------------------------------------------------------------------------------------

DIGITS = "".join(str(i % 10) for i in range(300))


def test_a_path_up_to_the_limit_is_shown_whole() -> None:
    assert shorten(DIGITS[:120]) == DIGITS[:120]
    assert shorten(DIGITS[:20], 20) == DIGITS[:20]


def test_a_longer_path_shows_its_start_and_end_and_its_length() -> None:
    assert shorten(DIGITS[:121]) == f"{DIGITS[:59]}...{DIGITS[121 - 58:121]} (121 characters)"
    assert shorten(DIGITS, 20) == f"{DIGITS[:9]}...{DIGITS[-8:]} (300 characters)"


# -- which files are read -------------------------------------------------------------------------------------


def test_a_file_is_read_into_a_document_named_as_shown(tmp_path: Path) -> None:
    file = tmp_path / "s.yaml"
    file.write_text("given: {a: 1}\n", encoding="utf-8")
    doc = read_document(file)
    assert doc.path == str(file) and doc.data == {"given": {"a": 1}}
    assert read_document(str(file), "shown.yaml").span(("given", "a")) == Span("shown.yaml", 1, 12)


def test_a_file_that_cannot_be_read_is_named_as_shown_and_said_to_be_a_file(tmp_path: Path) -> None:
    name = str(tmp_path / "none.yaml")
    with pytest.raises(RulingsError) as caught:
        read_document(name)
    assert caught.value.message == f"{name}: cannot read the file: No such file or directory"
    with pytest.raises(RulingsError) as caught:
        read_document(name, "shown.yaml", what="situation")
    assert caught.value.message == "shown.yaml: cannot read the situation: No such file or directory"


def test_text_that_is_not_utf8_is_placed_in_the_file_as_shown(tmp_path: Path) -> None:
    file = tmp_path / "s.yaml"
    file.write_bytes(b"a: caf\xe9\n")
    with pytest.raises(PackError) as caught:
        read_document(file, "shown.yaml")
    assert caught.value.where == Span("shown.yaml", 1, 7)


def test_a_long_path_is_shown_shortened(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 100) / ("e" * 100)
    deep.mkdir(parents=True)
    (deep / "s.yaml").write_text("a: [\n", encoding="utf-8")
    name = str(deep / "s.yaml")
    with pytest.raises(PackError) as caught:
        read_document(name)
    assert caught.value.where == Span(shorten(name), 2, 1)
    assert "characters)" in str(caught.value.where)


def test_standard_input_is_read_as_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a: [\n")))
    with pytest.raises(PackError) as caught:
        read_document("-")
    assert caught.value.where == Span("<stdin>", 2, 1)


def test_standard_input_without_bytes_underneath_is_read_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("a: é\n"))
    assert read_document("-").data == {"a": "é"}


def test_standard_input_is_held_to_the_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1500")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"#" * 1500)))
    assert read_bytes("-", "<stdin>") == b"#" * 1500
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"#" * 1501)))
    err = unreadable("-", "<stdin>", "situation")
    assert (err.message, err.hint) == ("<stdin>: the situation is larger than 1,500 bytes", BIGGER)
    monkeypatch.setattr(sys, "stdin", io.StringIO("#" * 1501))
    assert unreadable("-", "<stdin>").message == "<stdin>: the file is larger than 1,500 bytes"


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1500")
    file = tmp_path / "f.yaml"
    file.write_bytes(b"#" * 1500)
    assert read_bytes(str(file), "f.yaml") == b"#" * 1500
    file.write_bytes(b"#" * 1501)
    err = unreadable(str(file), what="pack file")
    assert (err.message, err.hint) == ("f.yaml: the pack file is larger than 1,500 bytes", BIGGER)


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="needs /proc")
def test_a_file_that_says_it_is_empty_is_still_held_to_the_limit_while_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A /proc file is a regular file of size 0 with text in it: the limit is checked again while reading."""
    assert os.stat("/proc/self/status").st_size == 0
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "10")
    err = unreadable("/proc/self/status", "status")
    assert (err.message, err.hint) == ("status: the file is larger than 10 bytes", BIGGER)


@pytest.mark.skipif(not Path("/proc/self/mem").is_file(), reason="needs /proc")
def test_a_file_that_fails_while_read_says_why() -> None:
    err = unreadable("/proc/self/mem", "mem", "situation")
    assert err.message == "mem: cannot read the situation: Input/output error"


def test_a_file_is_a_file_unless_said_otherwise(tmp_path: Path) -> None:
    with pytest.raises(RulingsError) as caught:
        read_bytes(str(tmp_path / "none.yaml"), "none.yaml")
    assert caught.value.message == "none.yaml: cannot read the file: No such file or directory"


def test_standard_input_is_read_as_bytes_so_its_encoding_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a: caf\xe9\n")))
    with pytest.raises(PackError) as caught:
        read_document("-")
    assert (caught.value.message, caught.value.where) == ("not UTF-8 text: byte 0xe9 cannot be read",
                                                          Span("<stdin>", 1, 7))


class Endless(io.RawIOBase):
    """Standard input that never ends (`yes |`): a read of everything would never return."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if size is None or size < 0:
            raise AssertionError("asked to read to the end of an endless stream")
        return b"#" * size


class EndlessText(io.TextIOBase):
    def read(self, size: int | None = -1) -> str:
        if size is None or size < 0:
            raise AssertionError("asked to read to the end of an endless stream")
        return "#" * size


def test_endless_standard_input_is_read_only_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1500")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(Endless()))
    assert unreadable("-", "<stdin>").message == "<stdin>: the file is larger than 1,500 bytes"
    monkeypatch.setattr(sys, "stdin", EndlessText())
    assert unreadable("-", "<stdin>").message == "<stdin>: the file is larger than 1,500 bytes"


@pytest.mark.skipif(not hasattr(os, "openpty") or not hasattr(os, "fork"), reason="needs a terminal and fork")
def test_a_terminal_is_refused_and_never_becomes_the_controlling_terminal() -> None:
    """A situation named by a terminal's path is a device: refused, and opening it to see that (O_NOCTTY) must not
    make it the controlling terminal of a process that has none."""
    leader, follower = os.openpty()
    name = os.ttyname(follower)
    assert unreadable(name, "tty", "situation").message == "tty: a situation must be a regular file, not a device"
    pid = os.fork()
    if pid == 0:  # the child: no controlling terminal (a new session), then read the terminal's path
        code = 1
        try:
            os.setsid()
            try:
                read_bytes(name, "tty", what="situation")
            except RulingsError as e:
                if e.message == "tty: a situation must be a regular file, not a device":
                    try:
                        os.close(os.open("/dev/tty", os.O_RDONLY))
                        code = 3  # the terminal became the controlling terminal
                    except OSError:
                        code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    os.close(leader)
    os.close(follower)
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_missing_file_says_why(tmp_path: Path) -> None:
    err = unreadable(str(tmp_path / "none.yaml"), "none.yaml", "situation")
    assert err.message == "none.yaml: cannot read the situation: No such file or directory"


def test_a_folder_or_device_is_not_a_regular_file(tmp_path: Path) -> None:
    folder = "dir: a pack file must be a regular file, not a folder"
    assert unreadable(str(tmp_path), "dir", "pack file").message == folder
    assert unreadable("/dev/null", "null").message == "null: a file must be a regular file, not a device"


def test_the_kind_of_a_file_that_is_not_regular() -> None:
    assert _kind(stat.S_IFDIR | 0o755) == "a folder"
    assert _kind(stat.S_IFIFO | 0o644) == "a pipe"
    assert _kind(stat.S_IFSOCK | 0o755) == "a socket"
    assert _kind(stat.S_IFCHR | 0o666) == "a device"
    assert _kind(stat.S_IFBLK | 0o660) == "a device"


def test_a_socket_cannot_be_opened(tmp_path: Path) -> None:
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert unreadable(str(path), "s.sock").message.startswith("s.sock: cannot read the file: ")
    finally:
        server.close()


def test_a_pipe_with_no_writer_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kb.document, "PIPE_SECONDS", 0.2)  # nothing comes: waited for this long
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    err = unreadable(str(fifo), "fifo", "situation")
    assert err.message == "fifo: a situation must be a regular file, not a pipe with nothing written to it"


def written_to(fifo: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(fifo, "wb") as f:
            f.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    return writer


def test_a_pipe_a_writer_fills_is_read_to_its_end(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    data = b"".join(b"k%05d: 1\n" % i for i in range(20_000))  # 200 KB: more than one chunk and one pipe buffer
    writer = written_to(fifo, data)
    try:
        assert read_bytes(str(fifo), "fifo") == data
    finally:
        writer.join(timeout=10)


def test_a_pipe_is_held_to_the_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1000")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = written_to(fifo, b"#" * 1000)
    try:
        assert read_bytes(str(fifo), "fifo") == b"#" * 1000
    finally:
        writer.join(timeout=10)
    writer = threading.Thread(target=lambda: _write_ignoring_a_closed_reader(fifo, b"#" * 5000))
    writer.start()
    try:
        err = unreadable(str(fifo), "fifo")
    finally:
        writer.join(timeout=10)
    assert (err.message, err.hint) == ("fifo: the file is larger than 1,000 bytes", BIGGER)


def test_a_pipe_that_pauses_longer_than_the_wait_has_sent_all_there_is(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """PIPE_SECONDS: "How long a pipe may keep its reader waiting for more, before what it sent is all there is"."""
    monkeypatch.setattr(kb.document, "PIPE_SECONDS", 0.2)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write() -> None:
        with contextlib.suppress(BrokenPipeError), open(fifo, "wb", buffering=0) as f:
            f.write(b"a: 1\n")
            time.sleep(1.0)
            f.write(b"b: 2\n")  # the reader is gone: it took what came before the pause

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert read_bytes(str(fifo), "fifo") == b"a: 1\n"
    finally:
        writer.join(timeout=10)


def test_a_pipe_that_sends_the_limit_then_more_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1000")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write() -> None:
        with contextlib.suppress(BrokenPipeError), open(fifo, "wb", buffering=0) as f:
            f.write(b"#" * 1000)
            time.sleep(0.3)  # read as one chunk of exactly the limit first
            f.write(b"#")

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert unreadable(str(fifo), "fifo").message == "fifo: the file is larger than 1,000 bytes"
    finally:
        writer.join(timeout=10)


def test_a_pipe_that_never_ends_is_read_only_to_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer that would go on for ever (`yes`) is cut off after the limit: the reader closes its end."""
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "100000")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    written = [0]

    def write() -> None:
        try:
            with open(fifo, "wb") as f:
                while written[0] < 20_000_000:
                    f.write(b"#" * 4096)
                    written[0] += 4096
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert unreadable(str(fifo), "fifo").message == "fifo: the file is larger than 100,000 bytes"
    finally:
        writer.join(timeout=30)
    assert written[0] < 1_000_000  # the limit and a pipe's buffer, not the 20 MB it had to send


def test_a_pipe_that_wakes_its_reader_with_nothing_is_read_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """select() may say a pipe is ready when a read would still block: the reader waits on."""
    real = os.read
    spurious = [True]

    def read(fd: int, n: int) -> bytes:
        if spurious[0]:
            spurious[0] = False
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return real(fd, n)

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = written_to(fifo, b"a: 1\n")
    monkeypatch.setattr(os, "read", read)
    try:
        assert read_bytes(str(fifo), "fifo") == b"a: 1\n"
    finally:
        writer.join(timeout=10)


def _write_ignoring_a_closed_reader(fifo: Path, data: bytes) -> None:
    try:
        with open(fifo, "wb") as f:
            f.write(data)
    except BrokenPipeError:
        pass


def test_a_path_no_file_system_can_hold_is_refused_before_asking(tmp_path: Path) -> None:
    assert unreadable("a\0b", "shown").message == "'a\\x00b': a path cannot hold a NUL character"
    long = "/" + "x" * 4096
    assert unreadable(long, "long").message == "long: the path is longer than 4096 characters"
    at_limit = "/" + "x" * 4095  # long, but not too long to ask: the file system answers
    assert "longer than" not in unreadable(at_limit, "limit").message


# -- text that is not UTF-8 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("start", "name"), [
    (b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"),
])
def test_a_byte_order_mark_of_another_encoding_names_it(start: bytes, name: str) -> None:
    with pytest.raises(PackError) as caught:
        decode(start + "a: 1\n".encode("utf-16-le"), "x.yaml")
    err = caught.value
    assert (err.message, err.where, err.hint) == (f"the file is {name} text, not UTF-8", Span("x.yaml", 1, 1), UTF8)


def test_a_utf8_byte_order_mark_is_dropped() -> None:
    assert decode(b"\xef\xbb\xbfa: 1\n", "x.yaml") == "a: 1\n"


@pytest.mark.parametrize(("data", "where", "byte"), [
    (b"a: 1\nb: caf\xe9\n", (2, 7), 0xE9),
    (b"a: \xc3\xa9\xe9\n", (1, 5), 0xE9),  # an é before it is one column
    (b"\xef\xbb\xbfa: 1\nb: caf\xe9\n", (2, 7), 0xE9),  # after a UTF-8 byte order mark, the same place
    (b"\xef\xbb\xbfa: \xff\n", (1, 4), 0xFF),  # the mark is no column, as YAML's own messages count
    (b"\xef\xbb\xbf\xff\n", (1, 1), 0xFF),
    (b"a: 1\nb: 2\nc: caf\xe9\n", (3, 7), 0xE9),  # counted from the line's own start
    (b"\n\xe9\n", (2, 1), 0xE9),  # a first line that is empty
])
def test_an_undecodable_byte_is_placed_at_its_line_and_column(data: bytes, where: tuple[int, int], byte: int) -> None:
    with pytest.raises(PackError) as caught:
        decode(data, "x.yaml")
    err = caught.value
    assert (err.message, err.where, err.hint) == (f"not UTF-8 text: byte 0x{byte:02x} cannot be read",
                                                  Span("x.yaml", *where), UTF8)


# -- malformed YAML -------------------------------------------------------------------------------------------


def test_malformed_yaml_is_placed_where_the_parser_stopped_with_a_hint() -> None:
    assert refused("a: [1, 2\n") == [("x.yaml:2:1", "malformed YAML: expected ',' or ']', but got '<stream end>'",
                                      "a [...] list separates its items with commas and ends with ']'")]


def test_a_hint_may_come_from_the_parsers_context() -> None:
    """PyYAML says "found unexpected end of stream" "while scanning a quoted scalar": the context names the cause."""
    [(_, message, hint)] = refused('a: "not closed\n')
    assert message.startswith("malformed YAML: found unexpected end of stream")
    assert hint == "a quoted value is not closed: end it with the quote it starts with"


def test_a_text_libyaml_reads_is_not_read_again_by_the_slow_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_compose_fast`: libyaml composes the same nodes "several times faster"; PyYAML's own reader only words
    a problem libyaml finds."""
    def slow() -> None:
        raise AssertionError("the pure-Python reader was asked")

    monkeypatch.setattr(kb.document, "_loader", slow)
    assert read_yaml(DOC, "x.yaml").data == {"a": {"b": 1, "c": ["x", "y"]}}


def test_a_control_character_is_placed_at_its_column() -> None:
    hint = "control characters and NUL bytes mean a binary file or another encoding than UTF-8"
    assert refused("\nk: \x01\n") == [("x.yaml:2:4", "character U+0001 is not allowed in YAML text", hint)]
    assert refused("a: 1\nb: 2\nk: \x01\n") == [("x.yaml:3:4", "character U+0001 is not allowed in YAML text", hint)]
    assert refused("k: \x01\n") == [("x.yaml:1:4", "character U+0001 is not allowed in YAML text", hint)]
    assert refused("a: 1\nbc: x\x07\n") == [("x.yaml:2:6", "character U+0007 is not allowed in YAML text", hint)]


def test_a_problem_without_a_hint_has_none() -> None:
    assert _yaml_hint("something new", "while doing something") == ""
    assert _yaml_hint("", "while scanning a quoted scalar") == (
        "a quoted value is not closed: end it with the quote it starts with")


def test_nesting_deeper_than_python_can_compose_is_refused() -> None:
    assert refused("[" * 1500 + "]" * 1500) == [("x.yaml", "nested too deeply", "")]


def test_nesting_that_aliases_make_deeper_than_python_can_build_is_refused() -> None:
    """Each alias adds one level to compose but the whole marked value's depth to build."""
    depth = 150
    lines = [f"a0: &a0 {'[' * depth}1{']' * depth}"]
    for i in range(1, 8):
        lines.append(f"a{i}: &a{i} {'[' * depth}*a{i - 1}{']' * depth}")
    assert refused("\n".join(lines) + "\n") == [("x.yaml", "nested too deeply", "")]


def test_more_values_than_the_limit_are_refused_while_composed(limit: int) -> None:
    text = "[" + "1," * limit + "1]\n"
    [(where, message, hint)] = refused(text)
    assert message == f"more than {limit} values"
    assert hint == "a pack or situation this large is not one Rulings reads"
    assert where.startswith("x.yaml:1:")


def test_aliases_expanding_past_the_limit_are_refused_while_built() -> None:
    """The real limit: five levels of ten aliases each expand to 10^5 values and more."""
    lines = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for prev, name in zip("abcd", "bcde", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    [(where, message, hint)] = refused("\n".join(lines) + "\n")
    assert message == f"more than {MAX_VALUES} values (do YAML aliases expand it?)"
    assert hint == "each *name repeats the whole value marked &name, so aliases of aliases multiply"
    assert where.startswith("x.yaml:")


def test_values_up_to_the_limit_are_read(limit: int) -> None:
    items = limit - 1  # the list and its items: `limit` values
    doc = read_yaml("[" + "1, " * (items - 1) + "1]\n", "x.yaml")
    assert len(doc.data) == items and len(doc.spans) == limit
    [(_, message, _)] = refused("[" + "1, " * items + "1]\n")
    assert message == f"more than {limit} values"


def test_values_aliases_expand_to_up_to_the_limit_are_read(limit: int) -> None:
    """27 aliases of a list of 36 items, in a list: 1 + 27 * (1 + 36) = 1000 values, from a short text."""
    text = "- &a [" + ", ".join(["1"] * 36) + "]\n" + "- *a\n" * 26
    doc = read_yaml(text, "x.yaml")
    assert len(doc.data) == 27 and len(doc.spans) == limit
    [(_, message, _)] = refused(text + "- 1\n")
    assert message == f"more than {limit} values (do YAML aliases expand it?)"


def test_without_libyaml_the_pure_python_reader_reads_and_places_alike(monkeypatch: pytest.MonkeyPatch,
                                                                         limit: int) -> None:
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    kb.document._fast_loader.cache_clear()
    try:
        assert kb.document._fast_loader() is None
        assert read_yaml(DOC, "x.yaml").data == {"a": {"b": 1, "c": ["x", "y"]}}
        assert refused("a: [1, 2\n")[0][:2] == ("x.yaml:2:1",
                                                "malformed YAML: expected ',' or ']', but got '<stream end>'")
        [(_, message, _)] = refused("[" + "1," * 1000 + "1]\n")
        assert message == "more than 1000 values"
        assert read_yaml("[" + "1," * 998 + "1]\n", "x.yaml").data == [1] * 999
    finally:
        kb.document._fast_loader.cache_clear()


def test_an_empty_document_is_none() -> None:
    assert read_yaml("", "x.yaml").data is None
    assert read_yaml("# only a comment\n", "x.yaml").data is None


# -- keys, tags and numbers -----------------------------------------------------------------------------------


def test_a_duplicate_key_says_where_it_was_first_given() -> None:
    assert refused("a: 1\nb: 2\na: 3\n") == [("x.yaml:3:1", "duplicate key 'a'", "first given at x.yaml:1:1")]
    # 1 and '1' are the same key once read
    assert refused("1: a\n'1': b\n") == [("x.yaml:2:2", "duplicate key '1'", "first given at x.yaml:1:1")]


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    assert [p[:2] for p in refused("a: 1\na: 2\nb: !foo x\n? [k]\n: 1\n")] == [
        ("x.yaml:2:1", "duplicate key 'a'"),
        ("x.yaml:3:4", "the YAML tag !foo is not allowed"),
        ("x.yaml:4:3", "keys must be plain names"),
    ]


@pytest.mark.parametrize(("text", "where"), [("? [a]\n: 1\n", "x.yaml:1:3"), ("? {a: 1}\n: 1\n", "x.yaml:1:3"),
                                             ("~: 1\n", "x.yaml:1:1"), ("1.5: x\n", "x.yaml:1:1"),
                                             ("? !!set {a}\n: 1\n", "x.yaml:1:3")])
def test_a_key_that_is_not_a_name_or_a_whole_number_is_refused(text: str, where: str) -> None:
    assert (where, "keys must be plain names", KEYS) in refused(text)


def test_a_key_with_a_refused_tag_or_value_is_placed_in_the_file() -> None:
    assert refused("!foo k: 1\n") == [("x.yaml:1:1", "the YAML tag !foo is not allowed", PLAIN),
                                       ("x.yaml:1:1", "keys must be plain names", KEYS)]
    assert refused("a: {1000000000000000001: x}\n") == [
        ("x.yaml:1:5", "the integer '1000000000000000001' is out of bounds", BOUNDS)]


def test_keys_are_text_and_on_off_yes_no_stay_words() -> None:
    assert read_yaml("on: 1\nOff: 2\nyes: 3\nno: 4\ntrue: 5\nFALSE: 6\n7: 7\n", "x.yaml").data == {
        "on": 1, "Off": 2, "yes": 3, "no": 4, "True": 5, "False": 6, "7": 7}


def test_the_rest_of_a_mapping_is_read_after_a_refused_key() -> None:
    with pytest.raises(PackError) as caught:
        read_yaml("? [a]\n: 1\nb: 1\nb: 2\n", "x.yaml")
    assert [p.message for p in caught.value.problems] == ["keys must be plain names", "duplicate key 'b'"]


@pytest.mark.parametrize(("text", "tag"), [
    ("a: !foo {x: 1}\n", "!foo"), ("a: !bar [1]\n", "!bar"), ("a: !!binary aGk=\n", "!!binary"),
    ("a: !!omap [x: 1]\n", "!!omap"), ("a: !!set {x}\n", "!!set"), ("a: !" + "t" * 50 + " 1\n", "!" + "t" * 36 + "..."),
    ("a: !" + "t" * 39 + " 1\n", "!" + "t" * 39), ("a: !" + "t" * 40 + " 1\n", "!" + "t" * 36 + "..."),
])
def test_a_tag_other_than_plain_values_is_refused(text: str, tag: str) -> None:
    assert refused(text) == [("x.yaml:1:4", f"the YAML tag {tag} is not allowed", PLAIN)]


def test_a_refused_collection_is_left_empty_and_the_rest_is_read() -> None:
    with pytest.raises(PackError) as caught:
        read_yaml("a: !foo {x: !bar 1}\nb: !baz [!qux 1]\nc: !!python/none x\n", "x.yaml")
    assert [str(p.where) for p in caught.value.problems] == ["x.yaml:1:4", "x.yaml:2:4", "x.yaml:3:4"]


def test_dates_stay_the_text_they_were_written_as() -> None:
    assert read_yaml("a: 2024-01-31\nb: 2001-12-14t21:59:43.10-05:00\n", "x.yaml").data == {
        "a": "2024-01-31", "b": "2001-12-14t21:59:43.10-05:00"}


def test_plain_scalars_are_read_as_yaml_reads_them() -> None:
    assert read_yaml("a: 0x1F\nb: 1_000\nc: -3\nd: 1.5\ne: ~\nf: yes\ng: !!str 3\nh: !!null x\n", "x.yaml").data == {
        "a": 31, "b": 1000, "c": -3, "d": 1.5, "e": None, "f": True, "g": "3", "h": None}


@pytest.mark.parametrize(("text", "message", "hint"), [
    ("!!int abc", "'abc' is not an int", "an int is a whole number, such as 3 or -2"),
    ("!!float abc", "'abc' is not a float", "a float is a number such as 1.5 or -0.25"),
    ("!!bool maybe", "'maybe' is not a bool", "a bool is true or false"),
])
def test_a_value_tagged_as_a_kind_it_is_not_is_refused(text: str, message: str, hint: str) -> None:
    assert refused(f"a: {text}\n") == [("x.yaml:1:4", message, hint)]


def test_integers_are_bounded_at_ten_to_the_eighteenth() -> None:
    assert read_yaml("a: 1000000000000000000\nb: -1000000000000000000\n", "x.yaml").data == {
        "a": 10**18, "b": -(10**18)}
    assert refused("a: 1000000000000000001\nb: -1000000000000000001\n") == [
        ("x.yaml:1:4", "the integer '1000000000000000001' is out of bounds", BOUNDS),
        ("x.yaml:2:4", "the integer '-1000000000000000001' is out of bounds", BOUNDS),
    ]


def test_an_integer_of_more_than_thirty_digits_is_refused_before_it_is_computed() -> None:
    thirty = "1" + "0" * 29
    assert refused(f"a: {thirty}\n") == [("x.yaml:1:4", f"the integer '{thirty}' is out of bounds", BOUNDS)]
    long = "9" * 31
    assert refused(f"a: {long}\n") == [
        ("x.yaml:1:4", "the integer '9999999999999999999999...' (31 characters) is out of bounds", BOUNDS)]
    # counted in digits as written: thirty zeros are 0, thirty-one are too many; a sign or '_' is no digit
    assert read_yaml(f"a: {'0' * 30}\nb: -{'0' * 30}\nc: +{'0' * 15}_{'0' * 15}\n", "x.yaml").data == {
        "a": 0, "b": 0, "c": 0}
    assert [p[0] for p in refused(f"a: {'0' * 31}\nb: -{'0' * 31}\n")] == ["x.yaml:1:4", "x.yaml:2:4"]


def test_an_integer_too_long_for_python_to_read_is_out_of_bounds_not_malformed() -> None:
    """Python refuses to turn more than 4300 digits into an int: such a number is still just out of bounds."""
    [(where, message, hint)] = refused(f"a: {'9' * 5000}\n")
    assert (where, message, hint) == ("x.yaml:1:4", "the integer '9999999999999999999999...' (5000 characters) is "
                                                    "out of bounds", BOUNDS)


def test_an_out_of_bounds_integer_reads_as_zero_beside_its_problem() -> None:
    problems: list[RulingsError] = []
    node = yaml.compose("1000000000000000001")
    assert kb.document._scalar(node, "x.yaml", problems) == 0 and len(problems) == 1
    problems = []
    assert kb.document._scalar(yaml.compose("9" * 31), "x.yaml", problems) == 0 and len(problems) == 1
    problems = []
    assert kb.document._scalar(yaml.compose("!foo x"), "x.yaml", problems) is None and len(problems) == 1
    problems = []
    assert kb.document._scalar(yaml.compose("!!int abc"), "x.yaml", problems) is None and len(problems) == 1


# -- merge keys -----------------------------------------------------------------------------------------------


def test_a_key_written_beats_a_merged_one_and_the_first_merged_beats_the_later() -> None:
    doc = read_yaml("a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: {<<: [*a, *b], y: 3}\n", "x.yaml")
    assert doc.data["c"] == {"y": 3, "x": 1, "z": 2}
    assert list(doc.data["c"]) == ["y", "x", "z"]  # written first, then merged in order


def test_a_merge_of_a_merge_expands_both() -> None:
    doc = read_yaml("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\nd: {<<: [*b, *a], w: 4}\n", "x.yaml")
    assert doc.data["c"] == {"z": 3, "y": 2, "x": 1}
    assert doc.data["d"] == {"w": 4, "y": 2, "x": 1}


def test_a_merged_value_is_placed_where_it_is_written() -> None:
    doc = read_yaml("a: &a {x: 1}\nb: {<<: *a}\n", "x.yaml")
    assert doc.span(("b", "x")) == Span("x.yaml", 1, 11)


def test_a_merge_of_something_other_than_a_mapping_is_refused() -> None:
    hint = "mark the mapping to merge with &name where it is written (defaults: &defaults {...}), then merge *name"
    message = "<< must merge another mapping, e.g. <<: *defaults or <<: [*a, *b]"
    assert refused("a: {<<: 1}\n") == [("x.yaml:1:9", message, hint)]
    assert refused("a: &a {x: 1}\nb: {<<: [*a, [1]]}\n") == [("x.yaml:2:14", message, hint)]


def test_every_source_of_a_merge_that_is_no_mapping_is_refused() -> None:
    assert [p[0] for p in refused("a: {<<: [1, 2]}\n")] == ["x.yaml:1:10", "x.yaml:1:13"]


def test_a_mapping_merged_many_times_is_expanded_once() -> None:
    """Each level merges the one before twice: expanded again each time, 40 levels would be 2^40 expansions."""
    lines = ["m0: &m0 {k0: 0}"]
    lines += [f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}], k{i}: {i}}}" for i in range(1, 41)]
    doc = read_yaml("\n".join(lines) + "\n", "x.yaml")
    assert doc.data["m40"] == {"k40": 40, **{f"k{i}": i for i in range(39, -1, -1)}}


def test_a_mapping_cannot_merge_itself_or_one_it_is_merged_into() -> None:
    message = "<< must merge another mapping, e.g. <<: *defaults or <<: [*a, *b]"
    hint = "a mapping cannot merge itself, nor a mapping it is merged into"
    assert refused("a: &a {<<: *a}\n") == [("x.yaml:1:4", message, hint)]
    assert refused("a: &a {<<: [{<<: *a}]}\n") == [("x.yaml:1:4", message, hint)]  # merged into a merge of a


def test_a_mapping_merged_twice_is_read_twice_alike() -> None:
    doc = read_yaml("a: &a {x: 1}\nb: {<<: [*a, *a], y: 2}\nc: [*a, *a]\n", "x.yaml")
    assert doc.data["b"] == {"y": 2, "x": 1}
    assert doc.data["c"] == [{"x": 1}, {"x": 1}]


# -- a value from the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("", None), ("[a, b]", ["a", "b"]), ("{a: 1}", {"a": 1}), ("'3'", "3"), ('"x y"', "x y"),
    ("true", True), ("TRUE", True), ("False", False), ("yes", True), ("0", 0), ("3", 3), ("10", 10),
    ("007", 7), ("010", 8), ("1000000000000000000", 10**18), ("X: 1", "X: 1"), ("٣", "٣"), ("3+", "3+"),
    ("-", "-"), ("--3", "--3"),
])
def test_a_command_line_value_reads_as_it_would_in_a_file(text: str, value: object) -> None:
    read = read_scalar(text, "--given a")
    assert (read, type(read)) == (value, type(value))


def test_a_command_line_integer_out_of_bounds_is_refused_at_the_option() -> None:
    for text in ("1000000000000000001", "99999999999999999999"):
        with pytest.raises(PackError) as caught:
            read_scalar(text, "--given a")
        assert caught.value.where == Span("--given a")  # an option has no line or column
        assert caught.value.message == f"the integer '{text}' is out of bounds"


def test_a_command_line_value_of_a_refused_kind_is_refused() -> None:
    with pytest.raises(PackError) as caught:
        read_scalar("[!foo x]", "--given a")
    assert caught.value.message == "the YAML tag !foo is not allowed"


@pytest.mark.parametrize("text", ["*", "&", "!"])
def test_a_yaml_marker_alone_on_the_command_line_is_text(text: str) -> None:
    """read_scalar's docstring: "anything else as one plain scalar (so `3+`, `-` and `*` stay text)"; a
    characteristic of '*' never changes (docs/pack-format.md), and `--base '*'` gives it."""
    assert read_scalar(text, "--base") == text
    assert read_scalar(f"[{text!r}]", "--given a") == [text]


def test_a_star_base_is_asked_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings.cli import main

    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))

    assert main(["ask", "wh40k", "A", "--base", "*"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Attacks: *\n") and "A is '*': it can never be modified" in out


def test_the_common_values_are_read_without_a_yaml_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """read_scalar: "the common cases, read as YAML reads them without loading a YAML parser" (a ruling from a
    cached pack with --given needs none)."""
    def no_parser(*args: object) -> None:
        raise AssertionError("the YAML parser was asked")

    monkeypatch.setattr(kb.document, "_plain_scalar", no_parser)
    monkeypatch.setattr(kb.document, "read_yaml", no_parser)
    for text, value in (("0", 0), ("3", 3), ("10", 10), ("9" * 18, int("9" * 18)), ("true", True), ("False", False)):
        read = read_scalar(text, "--given a")
        assert (read, type(read)) == (value, type(value))


def test_a_malformed_command_line_value_is_placed_at_its_option() -> None:
    with pytest.raises(PackError) as caught:
        read_scalar("[1, 2", "--given a")
    assert caught.value.where is not None and caught.value.where.path == "--given a"


def test_a_command_line_value_of_bytes_that_are_not_utf8_is_refused_where_it_is() -> None:
    """A byte that is not UTF-8 on the command line reaches Python as a lone surrogate, which libyaml cannot even
    be given: the pure-Python reader places it."""
    with pytest.raises(PackError) as caught:
        read_scalar("[\udcff]", "--given a")
    assert (str(caught.value.where), caught.value.message) == ("--given a:1:2",
                                                               "character U+DCFF is not allowed in YAML text")
