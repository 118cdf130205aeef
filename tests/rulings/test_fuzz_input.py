"""Fuzzing the command line with broken packs, situations and values: exit 0, 1 or 2, never an internal error.

Each example mutates a working file with bytes and YAML fragments chosen for
the trouble they cause (tags, aliases, merge keys, control characters, huge
numbers, unbalanced brackets) and runs the real entry point on it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.locate import BUILTIN
from rulings.cli import main

TROUBLE = [b"!!python/name:os.system ", b"<<: *a\n", b"&a ", b"*a", b"\x00", b"\xff", b"\x07", b"9" * 30, b"-",
           b"[", b"]", b"{", b"}", b": ", b"!!int ", b"!!binary ", b"!custom ", b"~", b"'", b'"', b"\n  ", b"1.5",
           b"yes", b"[1.0, 2.0]", b"#", b"not not ", b" // 0", b"x2", b"\t", b"\xe2\x80", b"\xc2\xb3", b"? "]

SITUATION = (b"given: {shooter.bs: 3, shooter.moved: true}\n"
             b"groups: [{name: a, given: {hard_cover.obscures: true}}]\nignore: [moved]\n")

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
                database=None)


@st.composite
def mutated(draw: st.DrawFn, text: bytes) -> bytes:
    data = bytearray(text)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["cut", "insert", "byte"]))
        if kind == "cut":
            del data[at:at + draw(st.integers(1, 20))]
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(TROUBLE))
        elif data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
    return bytes(data)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def survives(capsys: pytest.CaptureFixture[str], *argv: str) -> None:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert code in (0, 1, 2), err
    assert "internal error" not in err and "Traceback" not in err and len(err) < 20_000, err[:2000]


@FUZZ
@given(text=mutated(SITUATION))
def test_a_broken_situation_never_breaks_rulings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes
) -> None:
    (tmp_path / "s.yaml").write_bytes(text)
    survives(capsys, "ask", "fantasy", "to_hit", "--situation", str(tmp_path / "s.yaml"))


@FUZZ
@given(text=mutated((BUILTIN / "fantasy.yaml").read_bytes()), command=st.sampled_from(["ask", "test"]))
def test_a_broken_pack_never_breaks_rulings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes, command: str
) -> None:
    (tmp_path / "p.yaml").write_bytes(text)
    extra = ["to_hit", "--given", "shooter.bs=3"] if command == "ask" else []
    survives(capsys, command, str(tmp_path / "p.yaml"), *extra)


@FUZZ
@given(value=st.one_of(st.text(max_size=40), st.builds(bytes.decode, mutated(b"[3, {a: 1}]"), st.just("latin-1"))))
def test_a_broken_command_line_value_never_breaks_rulings(capsys: pytest.CaptureFixture[str], value: str) -> None:
    value = value.replace("\0", "")  # the operating system cannot pass a NUL in an argument
    survives(capsys, "ask", "fantasy", "to_hit", "--given", f"shooter.bs={value}", "--given", "shooter.moved=true")
