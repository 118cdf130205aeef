"""Packs and situations from strangers: refused quickly with exit 2, never a traceback or a hang."""

from __future__ import annotations

import io
import os
import re
import time
from pathlib import Path

import pytest

from rulings.cli import main

BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def test_a_yaml_alias_bomb_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "bomb.yaml"
    pack.write_text(BOMB)
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "aliases" in err


def test_a_situation_alias_bomb_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    situation = tmp_path / "shot.yaml"
    situation.write_text(BOMB + "given: {shooter.bs: 3}\n")
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--situation", str(situation))
    assert code == 2 and "aliases" in err


def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "deep.yaml"
    pack.write_text("x: " + "[" * 5000 + "]" * 5000 + "\n")
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "nested too deeply" in err


def test_a_huge_range_does_not_exhaust_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "huge.yaml"
    pack.write_text("facts: {a: {type: int, range: [0, 1000000000]}}\nquantities: {q: {kind: pool, base: a}}\n")
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "give some of them" in err
    assert run(capsys, "ask", str(pack), "q", "--given", "a=7")[0] == 0


@pytest.mark.parametrize(
    ("pack_text", "situation", "needle"),
    [
        ("quantities: {q: {kind: pool, base: '5 // 0'}}\n", "{}", "division by zero"),
        ("quantities: {q: {kind: pool, base: 5}}\nmodifiers: {m: {quantity: q, change: /0}}\n", "{}", "divides by 0"),
    ],
)
def test_division_by_zero_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack_text: str, situation: str, needle: str
) -> None:
    pack = tmp_path / "divide.yaml"
    pack.write_text(pack_text)
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and needle in err


def test_an_ad_hoc_division_by_zero_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    situation = tmp_path / "s.yaml"
    situation.write_text('base: 5\neffects: ["/0"]\n')
    code, err = run(capsys, "ask", "wh40k", "S", "--situation", str(situation))
    assert code == 2 and "divides by 0" in err


@pytest.mark.parametrize(
    ("pack", "quantity", "situation", "needle"),
    [
        ("fantasy", "to_hit", 'given: {shooter.bs: 3}\neffects: ["+1"]\n', "takes no ad-hoc effects"),
        ("fantasy", "to_hit", "given: {shooter.bs: 3}\nbase: 5\n", "takes no base"),
        ("fantasy", "to_hit", "given: {shooter.bs: 3}\nroll: 5\n", "is not a roll"),
        ("wh40k", "hit_roll", "roll: 7\n", "cannot be rolled on D6"),
        ("wh40k", "charge_roll", "roll: 13\n", "cannot be rolled on 2D6"),
        ("skirmish", "command_roll", "roll: 1\n", "cannot be rolled on 2D6"),
        ("fantasy", "to_hit", "given: []\n", "given: must map"),
    ],
)
def test_situation_parts_a_quantity_would_ignore_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack: str, quantity: str, situation: str, needle: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", pack, quantity, "--situation", str(file))
    assert code == 2 and needle in err


def test_two_set_modifiers_to_different_values_are_refused_on_any_quantity(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        'modifiers:\n  fixed: {quantity: to_hit, change: "=3"}\n  other: {quantity: to_hit, change: "=5"}\n'
    )
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--with", str(house), "--given", "shooter.bs=3")
    assert code == 2 and "fixed (=3) and other (=5)" in err


@pytest.mark.parametrize(
    ("situation", "needle"),
    [
        ('roll: 4\neffects: [{name: heavy, op: "-1"}]\n', "already a rule of the pack"),
        ('roll: 4\neffects: "+1"\n', "effects: must be a list"),
        ('roll: 4\neffects: [{name: [x], op: "+1"}]\n', "must be a one-line name"),
    ],
)
def test_effects_that_would_be_misread_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: str, needle: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", "wh40k", "hit_roll", "--situation", str(file))
    assert code == 2 and needle in err and "s.yaml:" in err


def test_a_clamp_no_value_fits_is_a_load_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "clamp.yaml"
    pack.write_text(
        "quantities: {q: {kind: pool, base: 5}}\npolicies: {c: {kind: clamp, quantity: q, min: 10, max: 2}}\n"
    )
    code, err = run(capsys, "ask", str(pack), "q")
    assert code == 2 and "min 10 is above max 2" in err


@pytest.mark.parametrize(
    ("pack_text", "needle"),
    [
        ("facts: {a: {type: enum, values: [x, x]}}\n", "has non-unique elements"),
        ("quantities: {q: {kind: pool, base: 1}}\nexamples:\n- {name: e, quantity: q, expect: {value: 1}}\n"
         "- {name: e, quantity: q, expect: {value: 1}}\n", "example name 'e' given twice"),
    ],
)
def test_names_given_twice_in_a_pack_are_load_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pack_text: str, needle: str
) -> None:
    pack = tmp_path / "twice.yaml"
    pack.write_text(pack_text)
    code, err = run(capsys, "test", str(pack))
    assert code == 2 and needle in err


def test_group_names_given_twice_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "s.yaml"
    file.write_text("given: {shooter.bs: 3}\ngroups: [{name: a}, {name: a}]\n")
    code, err = run(capsys, "ask", "fantasy", "to_hit", "--situation", str(file))
    assert code == 2 and "group name 'a' given twice" in err


@pytest.mark.parametrize(
    ("situation", "where"),
    [('base: "D3+D6"\n', "s.yaml:1:8"), ('base: 3\neffects: ["x1.5"]\n', "s.yaml:2:12"),
     ('base: 5\neffects: ["+1", "/0"]\n', "s.yaml:2:18")],
)
def test_a_bad_base_or_effect_points_at_the_situation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: str, where: str
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(situation)
    code, err = run(capsys, "ask", "wh40k", "A", "--situation", str(file))
    assert code == 2 and where in err


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


HOSTILE_SITUATIONS = [
        ("given: {shooter.bs: 3}\n# caf\xe9\n".encode("latin-1"), "s.yaml:2:6: not UTF-8 text: byte 0xe9"),
        ("given: {shooter.bs: 3}\n".encode("utf-16"), "UTF-16 text, not UTF-8"),
        (b"given: {shooter.bs: 3}\n\x07\n", "s.yaml:2:1: character U+0007 is not allowed"),
        (b"given: {shooter.bs: 3, x: \x00}\n", "character U+0000 is not allowed"),
        (b"given: {shooter.bs: !!python/name:os.system 3}\n", "the YAML tag !!python/name:os.system is not allowed"),
        (b"given: {shooter.bs: !!python/object/apply:os.system [ls]}\n", "!!python/object/apply:os.system"),
        (b'given: {shooter.bs: !!int "abc"}\n', "'abc' is not an int"),
        (b'given: {shooter.bs: !!float "abc"}\n', "'abc' is not a float"),
        (b'given: {shooter.bs: !!bool "abc"}\n', "'abc' is not a bool"),
        (b'given: {shooter.bs: !!binary "a"}\n', "the YAML tag !!binary is not allowed"),
        (b"given: !!set {a, b}\n", "the YAML tag !!set is not allowed"),
        (b"given: {shooter.bs: !custom 3}\n", "the YAML tag !custom is not allowed"),
        (b"given: !!omap [{shooter.bs: 3}]\n", "the YAML tag !!omap is not allowed"),
        (b"given: {shooter.bs: " + b"9" * 5000 + b"}\n", "s.yaml:1:21: the integer '999"),
        (b"given: {shooter.bs: 10000000000000000000}\n", "is out of bounds"),
        (b"given: {shooter.bs: 0x" + b"f" * 40 + b"}\n", "is out of bounds"),
        (b"given: {shooter.bs: yes}\n", "shooter.bs must be an integer, not true"),
        (b"given: {shooter.bs: 3}\ngroups: 5\n", "s.yaml:2:9: groups: must be a list"),
        (b"given: {shooter.bs: 3}\nignore: 5\n", "s.yaml:2:9: ignore: must be a list of rule names"),
        (b"given: {shooter.bs: 3}\nignore: {moved: 1}\n", "ignore: must be a list of rule names"),
        (b"given: {shooter.bs: 3}\ngroups: [{name: [a]}]\n", "a group name must be text, not ['a']"),
        (b"given: {shooter.bs: 3}\ngroups: [{name: {a: 1}}]\n", "a group name must be text"),
        (b"given: {shooter.bs: 3}\ngroups: [5]\n", "each group needs a name"),
        (b"given: {shooter.bs: 3}\n<<: 5\n", "<< must merge another mapping"),
        (b"a: &a {<<: *a}\n", "<< must merge another mapping"),
        (b"given: {shooter.bs: 3}\ngiven: {shooter.bs: 4}\n", "duplicate key 'given'"),
        (b"given: {shooter.bs: [1, 2]\n", "malformed YAML"),
        (b"given: {'" + b"x" * 100_000 + b"': 3}\n", "malformed YAML"),
        (b"given: {'" + b"x" * 1000 + b"': 3}\n", "unknown fact 'xxx"),
]


@pytest.mark.parametrize(("situation", "needle"), HOSTILE_SITUATIONS, ids=[n for _, n in HOSTILE_SITUATIONS])
def test_a_hostile_situation_file_is_refused_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: bytes, needle: str
) -> None:
    err = situation_refused(tmp_path, capsys, situation, "ask", "fantasy", "to_hit")
    assert needle in err, err


HOSTILE_PACKS = [
        ((Q + "# caf\xe9\n").encode("latin-1"), "p.yaml:2:6: not UTF-8 text"),
        ((Q + "title: \x00\n").encode(), "p.yaml:2:8: character U+0000 is not allowed"),
        ((Q + "title: !!python/object/apply:os.system [ls]\n").encode(), "!!python/object/apply:os.system"),
        (b"quantities: {q: {kind: pool, base: " + b"9" * 5000 + b"}}\n", "is out of bounds"),
        (b"quantities: {q: {kind: pool, base: '" + b"9" * 5000 + b"'}}\n", "integers must lie between"),
        (b"facts: {a: {type: int, range: [-10000000000000000000, 10000000000000000000]}}\n"
         b"quantities: {q: {kind: pool, base: a}}\n", "is out of bounds"),
        (b"facts: {a: {type: int, range: [1.0, 10.0]}}\nquantities: {q: {kind: pool, base: a}}\n",
         "facts.a.range.0: expected integer, got 1.0"),
        (b"", "p.yaml:1:1: the pack has no quantities"),
        (b"# nothing but a comment\n", "the pack has no quantities"),
        ((Q + "modifiers: {a: {quantity: q, change: '+1'}}\n"
          "policies: {p: {kind: exclusive, rules: [a, a]}}\n").encode(), "rule 'a' is listed twice"),
        (b"quantities: {q: {kind: pool, base: 5, automatic: '" + b"not " * 990 + b"true'}}\n",
         "p.yaml:1:51: quantities.q.automatic: nested too deeply"),
        ((Q + "examples: [{name: e, quantity: q, expect: {applied: 5}}]\n").encode(), "expect.applied: expected array"),
        ((Q + "examples: [{name: e, quantity: q, expect: {suppressed: [a]}}]\n").encode(),
         "expect.suppressed: expected object"),
        ((Q + "examples: [{name: e, quantity: q, expect: {probability: '1/0'}}]\n").encode(), "expect.probability"),
        ((Q + "examples: [{name: e, quantity: q, expect: {groups: [1]}}]\n").encode(), "expect.groups"),
        ((Q + "examples: [{name: e, quantity: q, expect: {cases: 5}}]\n").encode(), "expect.cases"),
        ((Q + "examples: [{name: e, quantity: q, expect: {exit: abc}}]\n").encode(), "expect.exit"),
        ((Q + "examples: [{name: e, quantity: q, expect: {groups: {a: {applied: x}}}}]\n").encode(),
         "expect.groups.a.applied"),
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


HOSTILE_GIVEN = [
        ("shooter.bs=--3", "shooter.bs must be an integer, not '--3'"),
        ("shooter.bs=³", "shooter.bs must be an integer, not '³'"),
        ("shooter.bs=", "--given 'shooter.bs': no value after '='"),
        ("shooter.bs=yes", "not true"),
        ("shooter.bs=" + "9" * 5000, "--given 'shooter.bs': the integer"),
        ("shooter.bs=10000000000000000000", "is out of bounds"),
        ("shooter.bs=!!python/name:os.system", "must be an integer"),
        ("shooter.bs=" + BOMB.replace("\n", ", ").join("{}"), "aliases"),
        ("shooter.bs=[" + "[" * 5000, "nested too deeply"),
        ("shooter.bs=" + "x" * 100_000, "(100000 characters)"),
        ("x" * 100_000 + "=3", "unknown fact 'xxx"),
        ("=3", "expected FACT=VALUE"),
]


@pytest.mark.parametrize(("given", "needle"), HOSTILE_GIVEN, ids=[n for _, n in HOSTILE_GIVEN])
def test_a_hostile_command_line_value_is_refused(capsys: pytest.CaptureFixture[str], given: str, needle: str) -> None:
    err = refused(capsys, "ask", "fantasy", "to_hit", "--given", given)
    assert needle in err, err


def test_an_alias_bomb_as_base_is_refused_quickly(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    err = refused(capsys, "ask", "wh40k", "S", "--base", BOMB.replace("\n", ", ").join("{}"))
    assert "aliases" in err and time.monotonic() - start < 30


@pytest.mark.parametrize("command", [("ask", "{}", "q"), ("diff", "fantasy", "{}"), ("check", "{}"), ("test", "{}")])
def test_a_device_is_never_read_as_a_pack(capsys: pytest.CaptureFixture[str], command: tuple[str, ...]) -> None:
    err = refused(capsys, *(a.replace("{}", "/dev/zero") for a in command))
    assert "/dev/zero: a pack file must be a regular file, not a device" in err


def test_a_device_or_pipe_or_folder_is_never_read_as_a_situation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for path, kind in (("/dev/zero", "a device"), (str(fifo), "a pipe"), (str(tmp_path), "a folder")):
        err = refused(capsys, "ask", "fantasy", "to_hit", "--situation", path)
        assert f"a situation must be a regular file, not {kind}" in err
    err = refused(capsys, "ask", str(fifo), "q")
    assert "a pack file must be a regular file, not a pipe" in err


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(50_000_000)  # sparse: 50 MB that cost nothing to write, and must cost nothing to refuse
    start = time.monotonic()
    assert "larger than 1,000,000 bytes" in refused(capsys, "ask", str(big), "q")
    assert "larger than 1,000,000 bytes" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", str(big))
    assert time.monotonic() - start < 30
    small = tmp_path / "small.yaml"
    small.write_text("given: {shooter.bs: 3}\n")
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "10")
    assert "larger than 10 bytes" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", str(small))


def test_standard_input_is_read_with_the_same_limits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\x00\xff\xfe garbage")))
    assert "<stdin>:1:2: not UTF-8 text" in refused(capsys, "ask", "fantasy", "to_hit", "--situation", "-")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"# " + b"x" * 5000)))
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1000")
    assert "<stdin>: the situation is larger than 1,000 bytes" in refused(
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
    start = time.monotonic()
    err = refused(capsys, "ask", str(pack), "q")
    assert time.monotonic() - start < 30
    assert err.count(" -> ") == 2 and ("f0 -> f1 -> f0" in err or "m0 -> m1 -> m0" in err), err
    assert "knot.yaml:" in err.partition("hint:")[2]  # each step of the cycle says where it is written
    assert main(["check", "fantasy", "--with", str(pack)]) == 2
    assert "cycle" in "".join(capsys.readouterr())


@pytest.mark.parametrize(
    ("situation", "needle"),
    [
        ("unit: {models: [{keywords: [INFANTRY]}], foo: 1}\n", "unknown key of unit: 'foo'"),
        ("unit: {models: [{keywords: [INFANTRY], keyword: [X]}]}\n", "did you mean 'keywords'?"),
        ("unit: {models: [{keywords: [[INFANTRY]]}]}\n", "a keyword must be a word, not ['INFANTRY']"),
        ("unit: {models: [{keywords: [{a: 1}]}]}\n", "a keyword must be a word"),
        ("unit: {models: 5}\n", "unit: needs models"),
        ("unit: {models: [5]}\n", "unit: needs models"),
    ],
)
def test_a_unit_says_only_what_a_unit_can_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: str, needle: str
) -> None:
    err = situation_refused(tmp_path, capsys, situation, "match", "wh40k", "INFANTRY")
    assert needle in err, err


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


def test_an_expression_that_grows_without_bound_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text("quantities: {q: {kind: pool, base: '" + " * ".join(["999999999999999999"] * 300) + "'}}\n")
    err = refused(capsys, "ask", str(pack), "q")
    assert "product grows beyond 10^36 in '999999999999999999 * 99" in err and len(err) < 300


@pytest.mark.parametrize(
    ("quantity", "situation", "needle"),
    [
        ("hit_roll", 'roll: 4\neffects: ["+³"]\n', "s.yaml:2:12: '+³' holds a digit other than 0-9"),
        ("hit_roll", 'roll: 4\neffects: ["x' + "9" * 5000 + '"]\n', "holds a number out of bounds"),
        ("hit_roll", 'roll: 4\neffects: [{name: big, op: "+' + "9" * 25 + '"}]\n', "holds a number out of bounds"),
        ("S", 'base: "' + "9" * 5000 + '"\n', "s.yaml:1:8: '999"),
        ("S", 'base: "³"\n', "holds a digit other than 0-9"),
    ],
)
def test_numbers_written_as_text_are_bounded_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quantity: str, situation: str, needle: str
) -> None:
    err = situation_refused(tmp_path, capsys, situation, "ask", "wh40k", quantity)
    assert needle in err and len(err) < 400, err


@pytest.mark.parametrize(("option", "value"), [("--roll", "³"), ("--roll", "9" * 5000), ("--base", "+³"),
                                               ("--base", "9" * 5000)], ids=["roll³", "roll9x5000", "base³", "base9x5000"])
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
