"""The `rulings` command's own code, asked in the process: the option types, the plain-ask reader, the time limit,
the exits of each kind of failure, and what `packs`, `test`, `schema`, `serve` and `match` print."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings import cli
from rulings.cli import main

U1 = "unit: {models: [{keywords: [VEHICLE, MOUNTED]}, {keywords: [INFANTRY]}]}\n"
U2 = "unit: {name: Intercessor Squad, models: [{keywords: [INFANTRY, ADEPTUS ASTARTES]}]}\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The error argparse prints for a command line it refuses (exit 2)."""
    with pytest.raises(SystemExit, match=r"^2$"):
        main(list(argv))
    return capsys.readouterr().err.splitlines()[-1]


@pytest.fixture
def situation(tmp_path: Path) -> Any:
    def write(text: str) -> str:
        path = tmp_path / "s.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


# -- the option types --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("6", 6), ("-3", -3), ("9" * 18, int("9" * 18)),
                                             ("-" + "9" * 18, -int("9" * 18))])
def test_a_roll_is_a_whole_number_of_at_most_18_digits(text: str, value: int) -> None:
    assert cli._roll(text) == value


@pytest.mark.parametrize(("text", "message"), [
    ("3x", "'3x' is not a whole number"),
    ("", "'' is not a whole number"),
    ("--3", "'--3' is not a whole number"),
    ("٣", "'٣' is not a whole number"),  # a digit, but not one a roll is written in
    ("1" * 19, "'1111111111111111111' is far beyond any roll (at most 18 digits)"),
    ("1" * 20, "'11111111111111111111' is far beyond any roll (at most 18 digits)"),
    ("1" * 21, "'11111111111111111111'... is far beyond any roll (at most 18 digits)"),
    ("x" * 21, "'xxxxxxxxxxxxxxxxxxxx'... is not a whole number"),
])
def test_a_roll_that_is_not_one_is_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as e:
        cli._roll(text)
    assert str(e.value) == message


@pytest.mark.parametrize(("text", "value"), [("0.5", 0.5), ("30", 30.0), ("9999999.5", 9999999.5)])
def test_seconds_are_above_0_and_below_ten_million(text: str, value: float) -> None:
    assert cli._seconds(text) == value


@pytest.mark.parametrize("text", ["0", "-1", "10000000", "1e9", "nan", "inf", "soon"])
def test_seconds_that_are_not_a_time_limit_are_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as e:
        cli._seconds(text)
    assert str(e.value) == f"{text!r} is not a number of seconds above 0"


def test_a_count_is_0_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    assert (cli._count("0"), cli._count("7")) == (0, 7)
    with pytest.raises(argparse.ArgumentTypeError) as e:
        cli._count("-1")
    assert str(e.value) == "-1 is below 0"
    assert refused(capsys, "find", "fantasy", "to_hit", "--where", "impossible", "--max-facts", "-2") == (
        "rulings find: error: argument --max-facts: -2 is below 0")
    assert refused(capsys, "serve", "--port", "x") == "rulings serve: error: argument --port: invalid _count value: 'x'"


def test_every_command_takes_a_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "packs", "--timeout", "0") == (
        "rulings packs: error: argument --timeout: '0' is not a number of seconds above 0")
    assert refused(capsys, "ask", "fantasy", "to_hit", "--roll", "3x") == (
        "rulings ask: error: argument --roll: '3x' is not a whole number")
    assert refused(capsys, "match", "wh40k", "INFANTRY", "--roll", "3").endswith("unrecognized arguments: --roll 3")
    assert refused(capsys, "find", "fantasy", "to_hit") == (
        "rulings find: error: the following arguments are required: --where")


# -- the plain ask, read without argparse ------------------------------------------------------------------------


PLAIN = [
    ["ask", "fantasy", "to_hit"],
    ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3"],
    ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--given", "shooter.moved=true", "--format", "json"],
    ["ask", "fantasy", "to_hit", "--format", "markdown", "--given", "shooter.bs=3", "--format", "text"],
    ["ask", "fantasy", "--batch", "-"], ["ask", "fantasy", "to_hit", "--batch", "lines.jsonl", "--full"],
    ["ask", "fantasy", "--full", "--batch", "a", "--batch", "-", "--full"], ["ask", "fantasy", "--full"],
    ["ask", "fantasy", "to_hit", "--full"], ["ask", "fantasy"], ["ask", "wh40k", "S", "--format", "json"],
    ["ask", "some/pack.yaml", "q", "--given", "a=b=c"], ["ask", "fantasy", "", "--given", "a=1"],
]


@pytest.mark.parametrize("words", PLAIN)
def test_a_plain_ask_is_read_as_argparse_reads_it(words: list[str]) -> None:
    plain = vars(cli._plain_ask(words))
    parsed = vars(cli._parser().parse_args(words))
    kept = words if "--batch" not in words and "--full" not in words else None  # only a plain ask is kept
    assert plain.pop("words") == kept and parsed.pop("words") is None
    assert plain.pop("run") is parsed.pop("run") is cli._ask
    assert plain == parsed


@pytest.mark.parametrize("words", [
    [], ["ask"], ["ask", "fantasy", "to_hit", "--given"],  # too few words, or one left over
    ["packs", "fantasy", "to_hit"],  # another command
    ["ask", "", "to_hit"], ["ask", "-x", "to_hit"], ["ask", "fantasy", "--batch"],
    ["ask", "fantasy", "--batch", "-x"], ["ask", "fantasy", "--batch", ""], ["ask", "fantasy", "-", "--batch", "-"],
    ["ask", "fantasy", "to_hit", "--given", ""], ["ask", "fantasy", "to_hit", "--given", "-1"],
    ["ask", "fantasy", "to_hit", "--format", "yaml"], ["ask", "fantasy", "to_hit", "--full", "x"],
    ["ask", "fantasy", "to_hit", "--colour", "always"], ["ask", "-h"], ["ask", "fantasy", "--given", "a=1", "to_hit"],
    ["ask", "fantasy", "to_hit", "--giv", "a=1"], ["ask", "fantasy", "to_hit", "--given=a=1"], ["check", "fantasy"],
])
def test_anything_else_is_left_to_argparse(words: list[str]) -> None:
    assert cli._plain_ask(words) is None


READ = st.one_of(st.just(["--full"]), st.tuples(st.just("--given"), st.sampled_from(["a=1", "b=x y"])),
                 st.tuples(st.just("--format"), st.sampled_from(cli.FORMATS)),
                 st.tuples(st.just("--batch"), st.sampled_from(["-", "lines.jsonl"])))
"""The options read without argparse, each with a value it takes."""
LEFT = st.tuples(st.sampled_from(["--given", "--batch", "--format", "--colour", "--", "x", "--full"]),
                 st.sampled_from(["a=1", "json", "yaml", "-", "-1", "", "never", "--full", "-x"]))
"""Options and values that may be anything to argparse."""


def _line(pack: list[str], quantity: list[str], options: list[Any]) -> list[str]:
    return ["ask", *pack, *quantity, *[word for option in options for word in option]]


def _as_argparse_reads_it(words: list[str]) -> None:
    import contextlib
    import io

    plain = vars(cli._plain_ask(words))
    with contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            parsed = vars(cli._parser().parse_args(words))
        except SystemExit:
            pytest.fail(f"read without argparse, which refuses it: {err.getvalue()}")
    assert plain.pop("words") == (words if plain["batch"] is None and not plain["full"] else None)
    assert parsed.pop("words") is None
    assert plain == parsed


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([["fantasy"], ["p.yaml"]]), st.sampled_from([[], ["to_hit"]]), st.lists(READ, max_size=5))
def test_every_line_of_the_options_it_knows_is_read_without_argparse_as_argparse_reads_it(
        pack: list[str], quantity: list[str], options: list[Any]) -> None:
    words = _line(pack, quantity, options)
    assert cli._plain_ask(words) is not None
    _as_argparse_reads_it(words)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([["fantasy"], [""], ["-"], ["-x"]]), st.sampled_from([[], ["to_hit"], [""], ["-"]]),
       st.lists(st.one_of(READ, LEFT), max_size=4))
def test_a_line_read_without_argparse_is_read_as_argparse_reads_it(pack: list[str], quantity: list[str],
                                                                   options: list[Any]) -> None:
    """Any `ask` line at all: where it is read without argparse, argparse reads it too, to the very same arguments
    (but the plain ask's words, kept to answer it again); anything else is argparse's to read."""
    words = _line(pack, quantity, options)
    if cli._plain_ask(words) is not None:
        _as_argparse_reads_it(words)


def test_a_plain_ask_is_kept_to_be_answered_again(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    kept: list[tuple[list[str], str]] = []
    monkeypatch.setattr("rulings.answers.keep", lambda words, output: kept.append((words, output)))
    words = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3"]
    code, out, _ = run(capsys, *words)
    assert code == 0 and kept == [(words, out)]
    run(capsys, *words, "--full")  # not a plain ask: argparse reads it, and nothing is kept
    assert len(kept) == 1


# -- many --given flags ------------------------------------------------------------------------------------------


def test_more_than_a_hundred_given_flags_are_read_before_argparse() -> None:
    argv = ["ask", "p", "q", *["--given", "a=1"] * 98, "--given=b=2", "--format", "json", "--given"]
    assert cli._lift_given(argv) == (argv, [])  # 100 (the last without its value): argparse reads them
    argv = ["ask", "p", "q", *["--given", "a=1"] * 99, "--given=b=2", "--format", "json", "--given"]
    assert cli._lift_given(argv) == (["ask", "p", "q", "--format", "json", "--given"], ["a=1"] * 99 + ["b=2"])
    argv = ["ask", "p", *["--given", "a=1"] * 101, "--", "--given", "c=3"]
    assert cli._lift_given(argv) == (["ask", "p", "--", "--given", "c=3"], ["a=1"] * 101)
    argv = ["ask", "p", *["--given", "a=1"] * 101, "--given", "z=9"]  # the last word a flag's value
    assert cli._lift_given(argv) == (["ask", "p"], ["a=1"] * 101 + ["z=9"])


def test_many_given_flags_give_the_same_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    few = ["ask", "fantasy", "to_hit", "--full", "--given", "shooter.moved=true", "--given", "shooter.bs=3"]
    many = [*few[:4], *["--given", "shooter.bs=5"] * 100, *few[4:]]
    assert run(capsys, *many) == run(capsys, *few)
    # the last value of a fact given twice counts
    assert run(capsys, *few)[1].startswith("the score needed to hit on a D6 (to_hit): 5+, chance 1/3\n")


def test_many_given_flags_to_a_command_that_takes_none_are_refused_as_argparse_would(
        capsys: pytest.CaptureFixture[str]) -> None:
    flags = [word for i in range(101) for word in ("--given", f"a={i}")]  # argparse names the first it meets
    assert refused(capsys, "schema", *flags) == "rulings: error: unrecognized arguments: --given a=0"


# -- what each failure exits with --------------------------------------------------------------------------------


def _schema_raising(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    def fail(args: argparse.Namespace) -> int:
        raise error

    monkeypatch.setattr(cli, "_schema", fail)


@pytest.mark.parametrize(("error", "code", "message"), [
    (RecursionError(), 2, "rulings: the input is nested too deeply to read\n"),
    (KeyboardInterrupt(), 130, ""),
    (BrokenPipeError(), 0, ""),
])
def test_each_kind_of_stop_has_its_exit_code(error: BaseException, code: int, message: str,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _schema_raising(monkeypatch, error)
    assert run(capsys, "schema") == (code, "", message)


def test_a_bug_exits_70_with_its_first_200_characters_and_a_hint(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _schema_raising(monkeypatch, ValueError("x" * 199 + "yz"))
    code, out, err = run(capsys, "schema")
    assert (code, out) == (70, "")
    assert err == ("rulings: internal error (a bug in Rulings): ValueError: " + "x" * 199 + "y\n  hint: please report "
                   "it with the command you ran; rulings --debug ... prints the traceback\n")
    code, _, err = run(capsys, "--debug", "schema")
    assert code == 70 and err.startswith("Traceback (most recent call last):") and "ValueError: xxx" in err


def test_a_bare_rulings_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out == cli._parser().format_help()
    lines = out.splitlines()
    assert lines[:6] == ["usage: rulings [-h] [--version] [--debug] COMMAND ...", "",
                         "Rulings: ask a ruling and see exactly why.", "", "positional arguments:", "  COMMAND"]
    assert lines[-1] == "rulings COMMAND --help describes each command."


def test_new_names_what_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["new", "--help"])
    assert capsys.readouterr().out.splitlines()[0] == "usage: rulings new [-h] [--timeout SECONDS] NAME"


def test_the_version_is_the_installed_one(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import PackageNotFoundError, version

    with pytest.raises(SystemExit, match=r"^0$"):
        main(["--version"])
    assert capsys.readouterr().out == f"rulings {version('rulings')}\n"

    def missing(name: str) -> str:
        raise PackageNotFoundError(name)

    monkeypatch.setattr("importlib.metadata.version", missing)
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["--version"])
    assert capsys.readouterr().out == "rulings unknown\n"


# -- --timeout ---------------------------------------------------------------------------------------------------


def test_the_time_limit_sets_the_searches_deadline_and_puts_everything_back(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from solver import consistent

    seen: list[tuple[float | None, float]] = []

    def look(args: argparse.Namespace) -> int:
        seen.append((consistent.DEADLINE, time.monotonic()))
        seen.append((signal.getitimer(signal.ITIMER_REAL)[0], 0.0))
        return 0

    monkeypatch.setattr(cli, "_schema", look)
    before = signal.getsignal(signal.SIGALRM)
    assert run(capsys, "schema", "--timeout", "30") == (0, "", "")
    (deadline, now), (alarm, _) = seen
    assert deadline is not None and 29 < deadline - now <= 30
    assert alarm is not None and 30 < alarm <= 31  # anything still running a second after the deadline is stopped
    assert consistent.DEADLINE is None and signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    seen.clear()
    assert run(capsys, "schema") == (0, "", "")
    assert seen == [(None, seen[0][1]), (0.0, 0.0)]  # no limit asked: none set


def test_what_runs_past_the_time_limit_is_stopped_and_says_so(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def forever(args: argparse.Namespace) -> int:
        time.sleep(5)
        return 0

    monkeypatch.setattr(cli, "_schema", forever)
    start = time.monotonic()
    code, out, err = run(capsys, "schema", "--timeout", "0.25")
    assert 1.2 <= time.monotonic() - start < 4
    assert (code, out) == (2, "")
    assert err == "rulings: stopped after --timeout 0.25 seconds\n  hint: give a longer --timeout\n"


# -- packs, schema, serve ----------------------------------------------------------------------------------------


def test_packs_lists_each_pack_and_its_quantities(capsys: pytest.CaptureFixture[str]) -> None:
    from kb.cache import load

    code, out, _ = run(capsys, "packs")
    packs = [load(name) for name in ("fantasy", "skirmish", "wh40k")]
    assert code == 0
    assert out == "".join(f"{p.name:10} {p.title}\n{'':10} quantities: {', '.join(p.quantities)}\n" for p in packs)
    assert out.startswith("fantasy    Fantasy battles -- shooting, roll to hit\n           quantities: to_hit\n")
    code, out, _ = run(capsys, "packs", "--format", "json")
    assert code == 0
    assert json.loads(out) == [{"name": p.name, "title": p.title, "quantities": list(p.quantities)} for p in packs]


def test_packs_as_markdown_escapes_a_bar_in_a_title(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kb.locate.builtin_packs", lambda: ["mine"])
    monkeypatch.setattr("kb.cache.load", lambda name: SimpleNamespace(name=name, title="A | B", quantities=["x", "y"]))
    code, out, _ = run(capsys, "packs", "--format", "markdown")
    assert (code, out) == (0, "| pack | title | quantities |\n| --- | --- | --- |\n| `mine` | A \\| B | `x`, `y` |\n")


def test_packs_show_of_a_pack_in_several_files_heads_each(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    (folder / "b.yaml").write_text("b: 2\n", encoding="utf-8")
    monkeypatch.setattr("kb.locate.BUILTIN", tmp_path)
    monkeypatch.setattr("kb.locate.builtin_packs", lambda: ["big"])
    monkeypatch.setattr("kb.locate.pack_files", lambda name: [folder / "a.yaml", folder / "b.yaml"])
    assert run(capsys, "packs", "--show", "big") == (0, "# --- big/a.yaml ---\na: 1\n# --- big/b.yaml ---\nb: 2\n", "")
    assert run(capsys, "packs", "--path", "big") == (0, f"{folder}\n", "")


def test_packs_show_of_a_pack_in_one_file_is_that_file(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from kb.locate import BUILTIN

    text = (BUILTIN / "wh40k.yaml").read_text("utf-8")
    assert "\u2013" in text  # an en dash, in UTF-8
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: encoding or "latin-1")  # such a locale
    assert run(capsys, "packs", "--show", "wh40k") == (0, text, "")  # read as the UTF-8 it is, in any locale
    assert run(capsys, "packs", "--path", "wh40k") == (0, f"{BUILTIN / 'wh40k.yaml'}\n", "")


def test_schema_prints_the_pack_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from kb.loader import schema

    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out) == schema()
    assert out.startswith('{\n "')  # indented, for editors and people


def test_serve_without_the_web_extra_says_how_to_get_it(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("starlette", "uvicorn"):
        with monkeypatch.context() as m:
            m.setitem(sys.modules, name, None)  # import fails as if not installed
            assert run(capsys, "serve") == (2, "", 'rulings: serve needs the web extra\n'
                                                   '  hint: pip install "rulings[web]"\n')


def test_serve_hands_its_arguments_to_the_server(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[argparse.Namespace] = []

    def serve(args: argparse.Namespace) -> int:
        got.append(args)
        return 0

    monkeypatch.setattr("rulings.web.run_serve", serve)
    assert run(capsys, "serve", "fantasy", "--port", "0", "--allow-host", "example.org") == (0, "", "")
    assert (got[0].packs, got[0].port, got[0].host, got[0].allow_host) == (["fantasy"], 0, "127.0.0.1", ["example.org"])
    assert run(capsys, "serve") == (0, "", "")
    assert (got[1].packs, got[1].port, got[1].allow_host) == ([], 8000, [])  # no more hosts than the loopback names


# -- ask ---------------------------------------------------------------------------------------------------------


def test_ask_without_a_quantity_names_those_it_knows(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "ask", "fantasy", "--given", "shooter.bs=3") == (
        2, "", "rulings: ask needs a QUANTITY of fantasy (or --batch FILE)\n  hint: known: to_hit, shooting\n")


def test_ask_shows_colour_only_when_asked_or_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    shot = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--given", "shooter.moved=true"]
    plain = run(capsys, *shot)[1]
    assert "\x1b[" not in plain and run(capsys, *shot, "--colour", "never")[1] == plain
    coloured = run(capsys, *shot, "--colour", "always")[1]
    assert "\x1b[" in coloured
    for full in ([], ["--full"]):
        monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
        on_terminal = {c: run(capsys, *shot, *full, "--colour", c)[1] for c in ("auto", "never", "always")}
        monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
        assert on_terminal["auto"] == on_terminal["always"] == run(capsys, *shot, *full, "--colour", "always")[1]
        assert on_terminal["never"] == run(capsys, *shot, *full, "--colour", "auto")[1]
        assert "\x1b[" in on_terminal["auto"] and "\x1b[" not in on_terminal["never"]


def test_ask_prints_each_form_once_and_the_full_one_only_with_full(capsys: pytest.CaptureFixture[str]) -> None:
    from explain.brief import brief_markdown, brief_text
    from explain.json import ruling_json
    from explain.text import render_markdown, render_text
    from kb.cache import load
    from solver.ask import ask
    from solver.situation import Situation

    shot = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--given", "shooter.moved=true"]
    pack = load("fantasy")
    r = ask(pack, "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}))
    assert run(capsys, *shot) == (0, brief_text(r, pack, colour=False) + "\n", "")
    assert run(capsys, *shot, "--full") == (0, render_text(r, colour=False, pack=pack) + "\n", "")
    assert run(capsys, *shot, "--format", "markdown") == (0, brief_markdown(r, pack), "")
    assert run(capsys, *shot, "--format", "markdown", "--full") == (0, render_markdown(r, pack), "")
    code, out, _ = run(capsys, *shot, "--format", "json")
    assert code == 0 and out == json.dumps(ruling_json(r), ensure_ascii=False) + "\n"
    assert "¶" in out  # written as it is, not escaped


def test_ask_of_a_sequence_answers_the_whole_attack(capsys: pytest.CaptureFixture[str]) -> None:
    from explain.sequence import sequence_json, sequence_text
    from kb.cache import load
    from rulings.options import parse_steps
    from solver.sequence import resolve
    from solver.situation import Situation

    pack = load("wh40k")
    steps = ["--step", "attacks=10", "--step", "hit.target=3", "--step", "wound.target=4", "--step", "save.target=5",
             "--given", "weapon.heavy=true", "--given", "attacker.remained_stationary=true"]  # a rule that cites
    given = {"weapon.heavy": True, "attacker.remained_stationary": True}
    result = resolve(pack, "attack", Situation(given=given, sequence=parse_steps(steps[1:8:2], {})))
    assert run(capsys, "ask", "wh40k", "attack", *steps) == (0, sequence_text(result, pack, full=False) + "\n", "")
    assert run(capsys, "ask", "wh40k", "attack", *steps, "--full") == (
        0, sequence_text(result, pack, full=True) + "\n", "")
    code, out, err = run(capsys, "ask", "wh40k", "attack", *steps, "--format", "json")
    assert (code, out, err) == (0, json.dumps(sequence_json(result), ensure_ascii=False) + "\n", "")
    assert "¶" in out  # written as it is, not escaped


# -- test --------------------------------------------------------------------------------------------------------


WRONG = """\
facts: {f.x: {type: bool}}
quantities: {q: {kind: pool, base: 3}}
modifiers: {x: {quantity: q, change: +1, when: f.x}}
examples:
- {name: wrong one, quantity: q, situation: {given: {f.x: true}}, expect: {value: 3}}
- {name: right one, quantity: q, situation: {given: {f.x: true}}, expect: {value: 4}}
"""


def test_test_prints_each_failure_where_it_is_and_a_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(WRONG, encoding="utf-8")
    code, out, _ = run(capsys, "test", str(pack))
    assert (code, out) == (1, f"FAIL {pack}:5:3: wrong one: value 4 != 3\n1 passed, 1 failed\n")
    assert run(capsys, "test", str(pack), "-k", "right") == (0, "1 passed, 0 failed\n", "")
    assert run(capsys, "test", str(pack), "-k", "nothing") == (0, "0 passed, 0 failed\n", "")
    code, out, _ = run(capsys, "test", str(pack), "--format", "json")
    assert code == 1 and json.loads(out) == [
        {"name": "wrong one", "where": f"{pack}:5:3", "ok": False, "problems": ["value 4 != 3"]},
        {"name": "right one", "where": f"{pack}:6:3", "ok": True, "problems": []}]
    code, out, _ = run(capsys, "test", str(pack), "--format", "json", "-k", "right")
    assert code == 0 and [r["name"] for r in json.loads(out)] == ["right one"]


# -- match -------------------------------------------------------------------------------------------------------


def test_match_shows_each_reading_when_they_differ(capsys: pytest.CaptureFixture[str], situation: Any) -> None:
    path = situation(U1)
    phrase = "non-VEHICLE INFANTRY or MOUNTED unit"
    code, out, err = run(capsys, "match", "wh40k", phrase, "--situation", path)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "'non-VEHICLE INFANTRY or MOUNTED unit' means a unit that has INFANTRY and not VEHICLE, or has MOUNTED",
        "the unit: yes",
        "  model 1 [VEHICLE, MOUNTED]: yes",
        "  model 2 [INFANTRY]: yes",
        "the text can be read more than one way: \"If a rule specifies that it applies to 'non-Keyword' "
        "models/units, it only applies to models/units that do not have that keyword.\"",
        "  reading 'adjacent' (default): yes (a unit that has INFANTRY and not VEHICLE, or has MOUNTED) (used)",
        "    non-VEHICLE is one of the adjacent keywords of its alternative, so the phrase is \"non-VEHICLE "
        "INFANTRY\" or \"MOUNTED\" (adjacent keywords mean all of them, and an 'or' separates alternatives); a "
        "MOUNTED VEHICLE unit matches.",
        "  reading 'whole_list': no (a unit that has INFANTRY and not VEHICLE, or has MOUNTED and not VEHICLE)",
        "    non-VEHICLE qualifies the whole list, so the phrase is a non-VEHICLE unit that is INFANTRY or MOUNTED; "
        "a MOUNTED VEHICLE unit does not match."]
    other = run(capsys, "match", "wh40k", phrase, "--situation", path, "--reading", "non_reach=whole_list")[1]
    assert other.splitlines()[:2] == [
        "'non-VEHICLE INFANTRY or MOUNTED unit' means a unit that has INFANTRY and not VEHICLE, or has MOUNTED and "
        "not VEHICLE", "the unit: no"]
    assert "(default): yes (a unit that has INFANTRY and not VEHICLE, or has MOUNTED)\n" in other
    assert "MOUNTED and not VEHICLE) (used)\n" in other
    code, out, _ = run(capsys, "match", "wh40k", phrase, "--situation", path, "--format", "json")
    assert json.loads(out) == {
        "unit": True, "models": [True, True], "phrase": "a unit that has INFANTRY and not VEHICLE, or has MOUNTED",
        "readings": [{"reading": "adjacent", "value": True, "models": [True, True], "default": True},
                     {"reading": "whole_list", "value": False, "models": [False, False], "default": False}]}


def test_match_shows_no_readings_where_they_agree(capsys: pytest.CaptureFixture[str], situation: Any) -> None:
    path = situation("unit: {models: [{keywords: [INFANTRY]}]}\n")
    phrase = "non-VEHICLE INFANTRY or MOUNTED unit"
    code, out, _ = run(capsys, "match", "wh40k", phrase, "--situation", path)
    assert (code, out) == (0, f"{phrase!r} means a unit that has INFANTRY and not VEHICLE, or has MOUNTED\n"
                              "the unit: yes\n  model 1 [INFANTRY]: yes\n")
    code, out, _ = run(capsys, "match", "wh40k", phrase, "--situation", path, "--format", "json")
    assert json.loads(out) == {"unit": True, "models": [True],
                               "phrase": "a unit that has INFANTRY and not VEHICLE, or has MOUNTED"}


def test_match_of_a_rule_about_models_counts_them(capsys: pytest.CaptureFixture[str], situation: Any) -> None:
    path = situation(U1)
    assert run(capsys, "match", "wh40k", "INFANTRY models", "--situation", path) == (0, (
        "'INFANTRY models' means a model that has INFANTRY\nthe models it refers to: 1 of 2\n"
        "  model 1 [VEHICLE, MOUNTED]: no\n  model 2 [INFANTRY]: yes\n"), "")


def test_match_names_the_datasheet_and_the_plural_forms_it_read(capsys: pytest.CaptureFixture[str],
                                                               situation: Any) -> None:
    path = situation(U2)
    assert run(capsys, "match", "wh40k", "Intercessor Squads unit", "--situation", path) == (0, (
        "'Intercessor Squads unit' means a unit that has INTERCESSOR SQUADS (one keyword or several, each whole)\n"
        "  the datasheet name 'Intercessor Squad' is a keyword of the unit and of each of its models\n"
        "  INTERCESSOR SQUADS matched INTERCESSOR SQUAD: a keyword's singular and plural are the same keyword\n"
        "the unit: yes\n  model 1 [INFANTRY, ADEPTUS ASTARTES]: yes\n"), "")
    code, out, _ = run(capsys, "match", "wh40k", "Intercessor Squads unit", "--situation", path, "--format", "json")
    assert code == 0 and json.loads(out) == {
        "unit": True, "models": [True], "datasheet": "Intercessor Squad",
        "phrase": "a unit that has INTERCESSOR SQUADS (one keyword or several, each whole)",
        "forms": [{"phrase": "INTERCESSOR SQUADS", "unit": "INTERCESSOR SQUAD"}]}


def test_match_reads_the_irregular_plurals_the_pack_declares(capsys: pytest.CaptureFixture[str],
                                                             situation: Any) -> None:
    path = situation("unit: {models: [{keywords: [INFANTRY, SPACE WOLF]}]}\n")
    code, out, _ = run(capsys, "match", "wh40k", "Space Wolves unit", "--situation", path, "--format", "json")
    assert code == 0 and json.loads(out) == {
        "unit": True, "models": [True], "phrase": "a unit that has SPACE WOLVES (one keyword or several, each whole)",
        "forms": [{"phrase": "SPACE WOLVES", "unit": "SPACE WOLF"}]}


def test_match_in_a_pack_without_the_reading_reads_non_as_adjacent(capsys: pytest.CaptureFixture[str],
                                                                   situation: Any, tmp_path: Path) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text("pack: p\nfacts: {f.x: {type: bool}}\nquantities: {q: {kind: pool, base: 3}}\n", encoding="utf-8")
    path = situation(U1)
    code, out, _ = run(capsys, "match", str(pack), "non-VEHICLE INFANTRY or MOUNTED unit", "--situation", path,
                       "--format", "json")
    assert code == 0 and json.loads(out) == {
        "unit": True, "models": [True, True], "phrase": "a unit that has INFANTRY and not VEHICLE, or has MOUNTED"}
    code, out, _ = run(capsys, "match", str(pack), "non-VEHICLE INFANTRY or MOUNTED unit", "--situation", path)
    assert code == 0 and "read more than one way" not in out


def test_match_refuses_a_situation_without_a_unit_and_a_phrase_it_cannot_read(capsys: pytest.CaptureFixture[str],
                                                                              situation: Any) -> None:
    assert run(capsys, "match", "wh40k", "INFANTRY") == (
        2, "", "rulings: match needs a unit: give unit: {models: [{keywords: [...]}]} in the situation\n")
    assert run(capsys, "match", "wh40k", "INFANTRY ((", "--situation", situation(U2)) == (
        2, "", "rulings: phrase 'INFANTRY ((': not a keyword: '((' (at column 10)\n")


def test_each_reading_of_match_counts_the_datasheet_name(capsys: pytest.CaptureFixture[str], situation: Any) -> None:
    """A VEHICLE whose datasheet is an Intercessor Squad: "non-VEHICLE INFANTRY or Intercessor Squad" holds when
    non- reaches its neighbour only (the second alternative is the datasheet's name), not across the list."""
    path = situation("unit: {name: Intercessor Squad, models: [{keywords: [VEHICLE]}]}\n")
    code, out, _ = run(capsys, "match", "wh40k", "non-VEHICLE INFANTRY or Intercessor Squad unit", "--situation", path,
                       "--format", "json")
    assert code == 0 and json.loads(out)["readings"] == [
        {"reading": "adjacent", "value": True, "models": [True], "default": True},
        {"reading": "whole_list", "value": False, "models": [False], "default": False}]


def test_diff_merges_every_new_with_file_over_the_pack_after(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """Two errata each add a modifier: `--new-with A --new-with B` diffs the pack against both, so the change the
    two make together (+2 with both facts) is found beside each one's own, and each replay after names both files
    in the order given."""
    files = {"p.yaml": "pack: p\nquantities: {q: {kind: pool, base: 3}}\n",
             "a.yaml": "facts: {x.a: {type: bool}}\nmodifiers: {a: {quantity: q, change: '+1', when: x.a}}\n",
             "b.yaml": "facts: {x.b: {type: bool}}\nmodifiers: {b: {quantity: q, change: '+1', when: x.b}}\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    a, b = str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")
    code, out, _ = run(capsys, "diff", str(tmp_path / "p.yaml"), "--new-with", a, "--new-with", b, "--format", "json")
    changes = json.loads(out)["changes"]
    assert code == 0 and {json.dumps(c["witness"], sort_keys=True) for c in changes} == {
        '{"x.a": true}', '{"x.b": true}', '{"x.a": true, "x.b": true}'}
    assert all(f"--with {a} --with {b} " in c["replay"][1] for c in changes)


def test_without_words_it_reads_the_command_line_after_the_programs_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m rulings.cli ask ...` calls `main()` with no words: they are the process's, less its name."""
    monkeypatch.setattr(sys, "argv", ["rulings", "ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--format",
                                      "json"])
    assert main() == 0
    assert json.loads(capsys.readouterr().out)["display"] == "4+"


def test_match_reads_a_plural_no_english_rule_forms_from_the_packs_plurals(capsys: pytest.CaptureFixture[str],
                                                                          situation: Any, tmp_path: Path) -> None:
    """docs/pack-format.md, `plurals`: "declare the exceptions no English rule forms" (ORK BOY: ORK BOYZ)."""
    pack = tmp_path / "orks.yaml"
    pack.write_text("pack: orks\nplurals:\n  ORK BOY: ORK BOYZ\nquantities: {q: {kind: pool, base: 3}}\n",
                    encoding="utf-8")
    path = situation("unit: {models: [{keywords: [ORK BOY]}]}\n")
    code, out, _ = run(capsys, "match", str(pack), "Ork Boyz unit", "--situation", path, "--format", "json")
    assert code == 0 and json.loads(out)["unit"] is True
    assert json.loads(out)["forms"] == [{"phrase": "ORK BOYZ", "unit": "ORK BOY"}]
