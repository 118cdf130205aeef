"""Packs and situations from strangers: refused quickly with exit 2, never a traceback or a hang."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import kb.document
from rulings.cli import main

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_a_huge_range_does_not_exhaust_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "huge.yaml"
    pack.write_text("facts: {a: {type: int, range: [0, 1000000000]}}\nquantities: {q: {kind: pool, base: a}}\n")
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "give some of them" in err
    assert run(capsys, "ask", str(pack), "q", "--given", "a=7")[0] == 0


# -- one failure mode each: every read bounded, every message located (issue 11) ------------------------------------

Q = "quantities: {q: {kind: pool, base: 5}}\n"
LOCATED = re.compile(r"\.yaml:\d+:\d+: ")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line; it must exit 2 with one short message and no traceback."""
    code, err = run(capsys, *argv)
    assert code == 2, err
    assert "internal error" not in err and len(err) < 2000, err
    return err


def situation_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes, *command: str) -> str:
    """Write a situation file and run `command --situation` on it; it must be refused where the file is wrong."""
    file = tmp_path / "s.yaml"
    file.write_bytes(text if isinstance(text, bytes) else text.encode())
    err = refused(capsys, *command, "--situation", str(file))
    assert LOCATED.search(err), err
    return err


HOSTILE_SITUATIONS = [  # the rest are files in tests/corpus/hostile (test_corpus.py); too large to keep as files
        (b"given: {'" + b"x" * 100_000 + b"': 3}\n", "malformed YAML"),
]


@pytest.mark.parametrize(("situation", "needle"), HOSTILE_SITUATIONS, ids=[n for _, n in HOSTILE_SITUATIONS])
def test_a_hostile_situation_file_is_refused_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: bytes, needle: str
) -> None:
    err = situation_refused(tmp_path, capsys, situation, "ask", "fantasy", "to_hit")
    assert needle in err, err


HOSTILE_PACKS = [  # the rest are files in tests/corpus/hostile (test_corpus.py); too large to keep as files
        ((Q + "title: '" + "x" * 100_000 + "'\nfacts: {a: {type: int, range: [1, 2], text: [1]}}\n").encode(),
         "facts.a.text: expected string"),
        ((Q + "facts: {a: {type: bool, text: " + "[" * 3 + "x" * 100_000 + "]" * 3 + "}}\n").encode(),
         "facts.a.text: expected string, got a list"),
]


@pytest.mark.parametrize(("pack_text", "needle"), HOSTILE_PACKS, ids=[n for _, n in HOSTILE_PACKS])
def test_a_hostile_pack_file_is_refused_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack_text: bytes, needle: str
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_bytes(pack_text)
    err = refused(capsys, "ask", str(pack), "q")
    assert needle in err and LOCATED.search(err), err


def test_yaml_merge_keys_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "merge.yaml"
    pack.write_text("x-roll: &roll {kind: pool}\nquantities:\n  q: {<<: *roll, base: 5}\n  r: {<<: [*roll], base: 6}\n"
                    "examples: [{name: e, quantity: r, expect: {value: 6}}]\n"
                    "facts: {a: {type: int, range: [1, 2]}}\n".replace("x-roll", "notes: {}\nx_roll"))
    code, err = run(capsys, "test", str(pack))
    assert code == 2 and "unknown key 'x_roll'" in err  # an anchor must live in a section; the merge itself is fine
    pack.write_text("quantities:\n  q: &roll {kind: pool, base: 5}\n  r: {<<: *roll, base: 6}\n"
                    "examples: [{name: e, quantity: r, expect: {value: 6}}]\n")
    assert run(capsys, "test", str(pack)) == (0, "")


HOSTILE_GIVEN = [  # the rest are files in tests/corpus/hostile (test_corpus.py); too large to keep as files
        ("shooter.bs=" + "9" * 5000, "--given 'shooter.bs': the integer"),
        ("shooter.bs=[" + "[" * 5000, "nested too deeply"),
        ("shooter.bs=" + "x" * 100_000, "(100000 characters)"),
        ("x" * 100_000 + "=3", "unknown fact 'xxx"),
]


@pytest.mark.parametrize(("given", "needle"), HOSTILE_GIVEN, ids=[n for _, n in HOSTILE_GIVEN])
def test_a_hostile_command_line_value_is_refused(capsys: pytest.CaptureFixture[str], given: str, needle: str) -> None:
    err = refused(capsys, "ask", "fantasy", "to_hit", "--given", given)
    assert needle in err, err


class Unbounded(BaseException):
    """Reading went far past a limit: not an `Exception`, so the command line's own handler lets it through."""


def test_an_alias_bomb_as_base_is_refused_quickly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine lists of nine aliases expand to 9**9 values; reading stops at the limit on values, whatever the machine's
    speed: the values built are counted, not the seconds."""
    import kb.document
    from kb.limits import MAX_VALUES

    build = kb.document._build
    built: dict[str, int] = {}  # values built, per file read (the pack's own files, then the option)

    def counted(node: object, path: object, doc: kb.document.Document, problems: object) -> object:
        built[str(doc.path)] = built.get(str(doc.path), 0) + 1
        if built[str(doc.path)] > 2 * MAX_VALUES:  # no limit: fail now rather than build 9**9 values
            raise Unbounded(f"{doc.path}: more than {2 * MAX_VALUES} values built")
        return build(node, path, doc, problems)  # type: ignore[arg-type]

    monkeypatch.setattr(kb.document, "_build", counted)
    err = refused(capsys, "ask", "wh40k", "S", "--base", BOMB.replace("\n", ", ").join("{}"))
    assert f"more than {MAX_VALUES} values (do YAML aliases expand it?)" in err, err
    most = max(built.values())
    assert MAX_VALUES < most <= MAX_VALUES + 1 < 9**9, built  # stopped at the limit, far below the expansion


@contextmanager
def calls_at_most(bound: int) -> Iterator[list[int]]:
    """Count the Python function calls made inside the block, and stop it (`Unbounded`) past `bound`: work
    measured in calls, not seconds, so the check means the same on a fast machine and a busy one."""
    calls = [0]

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            calls[0] += 1
            if calls[0] > bound:
                raise Unbounded(f"more than {bound} calls")

    previous = sys.getprofile()
    sys.setprofile(count)
    try:
        yield calls
    finally:
        sys.setprofile(previous)


def bytes_read() -> int | None:
    """How many bytes this process has read so far (Linux's /proc/self/io), or None where that is not known."""
    try:
        with open("/proc/self/io", encoding="ascii") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("rchar:"))
    except (OSError, StopIteration, ValueError):
        return None


def test_a_device_or_pipe_or_folder_is_never_read_as_a_situation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kb.document, "PIPE_SECONDS", 0.2)  # a pipe nobody writes to: how long it is waited for
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for path, kind in (("/dev/zero", "a device"), (str(fifo), "a pipe"), (str(tmp_path), "a folder")):
        err = refused(capsys, "ask", "fantasy", "to_hit", "--situation", path)
        assert f"a situation must be a regular file, not {kind}" in err  # a pipe: with nothing written to it
    err = refused(capsys, "ask", str(fifo), "q")
    assert "a pack file must be a regular file, not a pipe" in err


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(50_000_000)  # sparse: 50 MB that cost nothing to write, and must cost nothing to refuse
    before = bytes_read()
    assert "larger than 1,000,000 bytes" in refused(capsys, "ask", str(big), "q")
    assert "larger than 1,000,000 bytes" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", str(big))
    after = bytes_read()
    if before is not None and after is not None:  # refused from its size: not even the limit's worth was read
        assert after - before < 1_000_000, after - before
    small = tmp_path / "small.yaml"
    small.write_text("given: {shooter.bs: 3}\n")
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "10")
    assert "larger than 10 bytes" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", str(small))


def test_standard_input_is_read_with_the_same_limits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\x00\xff\xfe garbage")))
    assert "<stdin>:1:2: not UTF-8 text" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", "-")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"# " + b"x" * 50_000)))
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "40000")  # above the pack file's own size: it is read too
    assert "<stdin>: the situation is larger than 40,000 bytes" in refused(
        capsys, "ask", "fantasy", "to_hit", "--situation", "-")


def test_pack_paths_that_cannot_be_a_pack_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loop = tmp_path / "loop"
    loop.mkdir()
    (loop / "rules.yaml").write_text(Q)
    (loop / "again").symlink_to(loop)
    assert "reached twice (a symlink loop?)" in refused(capsys, "ask", str(loop), "q")
    (tmp_path / "self.yaml").symlink_to(tmp_path / "self.yaml")
    assert "Too many levels of symbolic links" in refused(capsys, "ask", str(tmp_path / "self.yaml"), "q")
    assert "the pack name is empty" in refused(capsys, "ask", "", "q")
    assert "the pack name is empty" in refused(capsys, "ask", "  ", "q")
    err = refused(capsys, "ask", "a" * 5000, "q")
    assert "longer than 4096 characters" in err and len(err) < 400
    err = refused(capsys, "ask", "/".join(["a" * 300] * 3) + ".yaml", "q")
    assert "File name too long" in err
    assert "cannot hold a NUL" in refused(capsys, "ask", "fantasy\0.yaml", "q")
    err = refused(capsys, "ask", "fantasy", "to_hit", "--situation", "s" * 5000)
    assert "(5000 characters)" in err and len(err) < 400


@pytest.mark.parametrize("section", ["facts", "policies"])
def test_fourteen_names_that_all_depend_on_each_other_are_one_cycle_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], section: str
) -> None:
    n = 14

    def others(prefix: str, i: int, sep: str) -> str:
        return sep.join(f"{prefix}{j}" for j in range(n) if j != i)

    if section == "facts":
        text = "facts:\n" + "".join(f"  f{i}: {{type: bool, derive: '{others('f', i, ' or ')}'}}\n" for i in range(n))
    else:
        text = "modifiers:\n" + "".join(f"  m{i}: {{quantity: q, change: '+1'}}\n" for i in range(n))
        text += "policies:\n" + "".join(
            f"  p{i}: {{kind: override, rule: m{i}, over: [{others('m', i, ', ')}]}}\n" for i in range(n))
    pack = tmp_path / "knot.yaml"
    pack.write_text(Q + text)
    with calls_at_most(2_000_000) as calls:  # listing every cycle of 14 names would take billions
        err = refused(capsys, "ask", str(pack), "q")
    assert calls[0] > 0  # the count saw the work
    assert err.count(" -> ") == 2 and ("f0 -> f1 -> f0" in err or "m0 -> m1 -> m0" in err), err
    assert "knot.yaml:" in err.partition("hint:")[2]  # each step of the cycle says where it is written
    assert main(["check", "fantasy", "--with", str(pack)]) == 2
    assert "cycle" in "".join(capsys.readouterr())


def test_an_internal_error_is_exit_70_with_a_short_report_request(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("x" * 10_000)

    monkeypatch.setattr("kb.cache.load", broken)
    assert main(["ask", "fantasy", "to_hit"]) == 70
    err = capsys.readouterr().err
    assert "internal error" in err and "report" in err and "Traceback" not in err and len(err) < 500
    assert main(["--debug", "ask", "fantasy", "to_hit"]) == 70
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize(("option", "value"), [("--roll", "9" * 5000), ("--base", "9" * 5000)],
                         ids=["roll9x5000", "base9x5000"])
def test_numbers_on_the_command_line_are_bounded(capsys: pytest.CaptureFixture[str], option: str, value: str) -> None:
    argv = ["ask", "wh40k", "hit_roll" if option == "--roll" else "S", option, value]
    if option == "--roll":  # argparse refuses it, with its usage line
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        code = exit_.value.code
    else:
        code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err) < 1000, err


def test_a_pipe_a_writer_fills_is_read_as_a_situation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--situation <(...)`, a shell's habit: a pipe with a writer is read (within the size limit)."""
    import threading

    fifo = tmp_path / "situation.yaml"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as f:
            f.write("given: {shooter.bs: 3, shooter.moved: true}\n")

    writer = threading.Thread(target=write)
    writer.start()
    try:
        code = main(["ask", "fantasy", "to_hit", "--situation", str(fifo), "--format", "json"])
    finally:
        writer.join(timeout=5)
    assert code == 0
    assert '"display": "5+"' in capsys.readouterr().out  # BS 3 hits on 4+; moving makes it 5+


def test_a_roll_of_twenty_digits_is_too_large_not_a_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:  # argparse refuses it, with exit 2
        main(["ask", "wh40k", "hit_roll", "--roll", "99999999999999999999", "--target", "3"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "far beyond any roll" in err and "not a whole number" not in err


def test_twenty_thousand_given_flags_are_read_past_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse matches options in time quadratic in their number; past a hundred --given flags they are read
    before it (the last value of a fact wins, as ever), and a command that takes no --given still refuses them."""
    from rulings.cli import MANY_GIVEN, _lift_given

    flags = [w for i in range(20_000) for w in ("--given", f"shooter.bs={4 if i % 2 else 3}")]
    rest, lifted = _lift_given(["ask", "fantasy", "to_hit", *flags, "--format", "json"])
    assert rest == ["ask", "fantasy", "to_hit", "--format", "json"] and len(lifted) == 20_000
    assert _lift_given(["ask", "fantasy", "to_hit", *flags[: 2 * MANY_GIVEN]])[1] == []
    assert main(["ask", "fantasy", "to_hit", *flags]) == 0
    assert capsys.readouterr().out.startswith("The score needed to hit on a D6: 3+")  # BS 4, the last given
    with pytest.raises(SystemExit, match=r"^2$"):  # argparse's exit for a usage error
        main(["schema", *flags[:300]])
    assert "unrecognized arguments: --given" in capsys.readouterr().err


def test_a_contradiction_in_a_situation_file_is_placed_at_the_fact_that_says_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A situation file whose facts break the pack's constraints is refused at the file, line and column of a fact
    that conflicts (a one-wound model cannot have lost a wound and still be on the table)."""
    file = tmp_path / "healing.yaml"
    file.write_text("given:\n  unit.model_w: 1\n  model.lost_wounds: 1\n  heal.wounds: 1\n", encoding="utf-8")
    err = refused(capsys, "ask", "wh40k", "wounds_regained", "--situation", str(file))
    assert re.search(r"healing\.yaml:[23]:3: this situation breaks the constraint", err), err
    err = refused(capsys, "ask", "wh40k", "wounds_regained", "--given", "unit.model_w=1", "--given",
                  "model.lost_wounds=1", "--given", "heal.wounds=1")
    assert err.startswith("rulings: this situation breaks the constraint")  # the command line: no file to name
