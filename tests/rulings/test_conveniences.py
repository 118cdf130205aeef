"""Command-line conveniences: --version, a bare `rulings`, --reading and --with everywhere, replay lines that
paste back into the same shell, `packs --show/--path`, `rulings new`, and the command reference."""

from __future__ import annotations

import io
import json
import shlex
import shutil
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from kb.locate import BUILTIN
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from commands_doc import PAGE, commands_markdown  # noqa: E402

CC = ["--given", "attacker.bases=2", "--given", "attacker.dice_per_base=3", "--given", "attacker.shaken=true",
      "--given", "attacker.flanked=true"]
OVERLAY = """\
facts:
  attacker.tired: {type: bool, text: "the attacking unit is tired"}
modifiers:
  tired:
    quantity: cc_dice
    change: -1
    per: attacker.bases
    when: attacker.tired
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"rulings {version('rulings')}\n"


def test_a_bare_rulings_prints_the_help_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: rulings")
    for command in ("ask", "why-not", "find", "faq", "check", "diff", "test", "graph", "new", "packs", "match"):
        assert f"    {command} " in out, command


# every command that loads a pack, with the rest of a valid command line
LOADERS = {
    "ask": ["ask", "skirmish", "cc_dice", *CC],
    "ask --batch": ["ask", "skirmish", "--batch", "-"],
    "why-not": ["why-not", "skirmish", "cc_dice", "cc_flanked", *CC],
    "find": ["find", "skirmish", "cc_dice", "--where", "value >= 99"],
    "faq": ["faq", "skirmish"],
    "test": ["test", "skirmish"],
    "check": ["check", "skirmish"],
    "diff": ["diff", "skirmish", "skirmish"],
    "graph": ["graph", "skirmish"],
    "match": ["match", "wh40k", "INFANTRY unit"],
}


@pytest.mark.parametrize("command", LOADERS)
@pytest.mark.parametrize(("reading", "hint"), [("cc_penalty=once", "did you mean 'cc_penalties'?"),
                                               ("cc_penalties=onse", "did you mean 'once'?"),
                                               ("once", "e.g. --reading cc_penalties=once")])
def test_an_unknown_reading_is_bad_input_with_a_hint(command: str, reading: str, hint: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    if command == "match":  # wh40k declares other readings
        reading, hint = {"cc_penalty=once": ("non_reac=adjacent", "did you mean 'non_reach'?"),
                         "cc_penalties=onse": ("non_reach=adjacnt", "did you mean 'adjacent'?"),
                         "once": ("whole_list", "e.g. --reading non_reach=whole_list")}[reading]
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"given": {"attacker.bases": 1}, "quantity": "cc_dice"}\n'))
    code, out, err = run(capsys, *LOADERS[command], "--reading", reading)
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    assert hint in err, err


def test_a_reading_on_a_pack_without_readings_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--reading", "a=b")
    assert code == 2
    assert "the pack fantasy declares no readings" in err


def ruling(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--format", "json")
    assert (code, err) == (0, ""), err
    doc: dict[str, Any] = json.loads(out)
    return doc


def test_reading_on_ask_is_the_situation_files_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    by_flag = ruling(capsys, "ask", "skirmish", "cc_dice", *CC, "--reading", "cc_penalties=once")
    situation = tmp_path / "s.yaml"
    situation.write_text("reading: {cc_penalties: once}\n", encoding="utf-8")
    by_file = ruling(capsys, "ask", "skirmish", "cc_dice", *CC, "--situation", str(situation))
    assert by_flag == by_file
    assert by_flag["value"] == 4
    # the pack's own default stays the default: the flag picks a reading, it does not rewrite the pack
    assert [r["reading"] for r in by_flag["readings"] if r["default"]] == ["cumulative"]
    # and the flag wins over the file, as --given does over given:
    situation.write_text("reading: {cc_penalties: cumulative}\n", encoding="utf-8")
    assert ruling(capsys, "ask", "skirmish", "cc_dice", *CC, "--situation", str(situation),
                  "--reading", "cc_penalties=once")["value"] == 4


def test_reading_on_match_picks_how_far_non_reaches(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    unit = tmp_path / "unit.yaml"
    unit.write_text("unit: {models: [{keywords: [MOUNTED]}]}\n", encoding="utf-8")
    phrase = ["match", "wh40k", "non-VEHICLE INFANTRY or MOUNTED unit", "--situation", str(unit), "--format", "json"]
    read = {option: json.loads(run(capsys, *phrase, "--reading", f"non_reach={option}")[1])["unit"]
            for option in ("adjacent", "whole_list")}
    assert read == {"adjacent": True, "whole_list": True}  # a MOUNTED unit that is no VEHICLE: both readings
    unit.write_text("unit: {models: [{keywords: [VEHICLE, MOUNTED]}]}\n", encoding="utf-8")
    read = {option: json.loads(run(capsys, *phrase, "--reading", f"non_reach={option}")[1])["unit"]
            for option in ("adjacent", "whole_list")}
    assert read == {"adjacent": True, "whole_list": False}


def test_reading_on_a_batch_is_the_default_of_each_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    given = {"attacker.bases": 2, "attacker.dice_per_base": 3, "attacker.shaken": True, "attacker.flanked": True}
    lines = [{"given": given}, {"given": given, "reading": {"cc_penalties": "cumulative"}}]
    batch = tmp_path / "lines.jsonl"
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, out, _ = run(capsys, "ask", "skirmish", "cc_dice", "--batch", str(batch), "--reading", "cc_penalties=once")
    assert code == 0
    assert [json.loads(line)["value"] for line in out.splitlines()] == [4, 2]


def test_reading_on_test_asks_the_examples_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "test", "skirmish")[0] == 0
    code, out, _ = run(capsys, "test", "skirmish", "--reading", "cc_penalties=once")
    assert code == 1
    assert "shaken and flanked under both readings: value 4 != 2" in out


def test_reading_on_graph_leaves_out_what_is_not_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    assert "cc_penalty_once" in run(capsys, "graph", "skirmish", "--reading", "cc_penalties=once")[1]
    assert "cc_penalty_once" not in run(capsys, "graph", "skirmish", "--reading", "cc_penalties=cumulative")[1]


def test_with_on_every_pack_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    overlay = tmp_path / "tired.yaml"
    overlay.write_text(OVERLAY, encoding="utf-8")
    base = ["ask", "skirmish", "cc_dice", *CC, "--given", "attacker.tired=true"]
    assert run(capsys, *base)[0] == 2  # without the overlay the fact is unknown
    # 6 dice, -1 per base each for shaken, flanked and tired, but never below 1 die per base
    assert ruling(capsys, *base, "--with", str(overlay))["value"] == 2
    code, out, _ = run(capsys, "why-not", "skirmish", "cc_dice", "tired", *CC, "--with", str(overlay))
    assert code == 0 and "--with " + shlex.quote(str(overlay)) in out and "--given attacker.tired=true" in out
    code, out, _ = run(capsys, "find", "skirmish", "cc_dice", "--where", "'tired' in applied", "--with",
                       str(overlay), "--format", "json")
    assert code == 0 and json.loads(out)["situations"]
    code, out, _ = run(capsys, "faq", "skirmish", "--with", str(overlay), "--format", "json")
    assert code == 0 and "attacker.tired" in out
    assert run(capsys, "test", "skirmish", "--with", str(overlay))[0] == 0
    assert "tired" in run(capsys, "graph", "skirmish", "--with", str(overlay))[1]
    code, out, _ = run(capsys, "diff", "skirmish", "skirmish", "--with", str(overlay), "--quantity", "cc_dice")
    assert code == 0 and "no ruling changes" in out


def paste(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str) -> dict[str, Any]:
    """Run a printed replay line as a shell would: words, and a here-document on standard input."""
    first, _, body = command.partition("\n")
    words = shlex.split(first.split(" <<", 1)[0])
    assert words[:2] == ["rulings", "ask"], command
    if body:
        monkeypatch.setattr(sys, "stdin", io.StringIO(body.rsplit("\nEOF", 1)[0] + "\n"))
    return ruling(capsys, *words[1:])


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pack in a folder with a space in its name, an overlay beside it, and the shell in their parent."""
    folder = tmp_path / "my packs"
    folder.mkdir()
    shutil.copy(BUILTIN / "skirmish.yaml", folder / "house skirmish.yaml")
    (folder / "tired.yaml").write_text(OVERLAY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return folder


def test_why_not_replays_name_the_pack_as_given(elsewhere: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, "why-not", "my packs/house skirmish.yaml", "cc_dice", "cc_flanked", *CC[:6],
                       "--with", "my packs/tired.yaml", "--reading", "cc_penalties=once", "--format", "json")
    assert code == 0
    changes = json.loads(out)["changes"]
    assert changes
    for change in changes:
        assert change["command"].startswith("rulings ask 'my packs/house skirmish.yaml' cc_dice --with "
                                            "'my packs/tired.yaml' --reading cc_penalties=once")
        assert paste(capsys, monkeypatch, change["command"])["display"] == change["display"]


def test_faq_replays_name_the_pack_as_given_and_state_the_reading(elsewhere: Path,
                                                                  capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, "faq", "my packs/house skirmish.yaml", "--with", "my packs/tired.yaml",
                       "--reading", "cc_penalties=once", "--format", "json")
    assert code == 0
    entries = json.loads(out)["entries"]
    cc = [e for e in entries if e["quantity"] == "cc_dice"]
    assert cc and all(e["situation"]["reading"]["cc_penalties"] == "once" for e in cc)
    assert all("reading" not in e["situation"] for e in entries if e["quantity"] == "to_hit")
    for e in entries[:3] + cc[:4]:
        assert e["command"].startswith(f"rulings ask 'my packs/house skirmish.yaml' {e['quantity']} --with "
                                       "'my packs/tired.yaml'")
        assert paste(capsys, monkeypatch, e["command"])["display"] == e["ruling"]["display"]


def test_check_replays_carry_the_reading_and_the_overlay(elsewhere: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, "check", "my packs/house skirmish.yaml", "--with", "my packs/tired.yaml",
                       "--reading", "cc_penalties=once", "--format", "json")
    assert code in (0, 1)
    replays = [f["replay"] for f in json.loads(out)["findings"] if "replay" in f]
    assert replays
    for command in replays:
        assert command.startswith("rulings ask 'my packs/house skirmish.yaml' ")
        assert "--with 'my packs/tired.yaml'" in command and "--reading cc_penalties=once" in command
        paste(capsys, monkeypatch, command)


def test_match_offers_no_base_or_roll(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$"):  # help is not an error
        main(["match", "--help"])
    shown = capsys.readouterr().out
    assert "--situation" in shown and "--base" not in shown and "--roll" not in shown


def test_packs_as_markdown_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs", "--format", "markdown")
    lines = out.splitlines()
    assert code == 0 and lines[:2] == ["| pack | title | quantities |", "| --- | --- | --- |"]
    assert [line.split(" | ")[0] for line in lines[2:]] == ["| `fantasy`", "| `skirmish`", "| `wh40k`"]
    assert "`to_hit`" in lines[2]


def test_packs_show_prints_the_built_in_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "packs", "--show", "fantasy")
    assert (code, err) == (0, "")
    assert out == (BUILTIN / "fantasy.yaml").read_text(encoding="utf-8")


def test_packs_path_prints_where_it_lives(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs", "--path", "wh40k")
    assert code == 0
    assert Path(out.strip()).read_text(encoding="utf-8") == (BUILTIN / "wh40k.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("flag", ["--show", "--path"])
def test_packs_show_an_unknown_name(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "packs", flag, "skirmsh")
    assert (code, out) == (2, "")
    assert "unknown built-in pack 'skirmsh'" in err and "did you mean 'skirmish'?" in err


def test_new_writes_a_starter_pack_that_passes_test_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "new", "archery")
    assert code == 0 and "archery.yaml" in out
    text = (tmp_path / "archery.yaml").read_text(encoding="utf-8")
    assert "pack: archery" in text and text.count("\n#") >= 5  # commented
    code, out, _ = run(capsys, "test", "archery.yaml")
    assert (code, out) == (0, "1 passed, 0 failed\n")
    code, out, _ = run(capsys, "check", "archery.yaml", "--strict")
    assert (code, out) == (0, "0 errors, 0 warnings, 0 notes\n")
    pack = ruling(capsys, "ask", "archery.yaml", "to_hit", "--given", "shooter.bs=3")
    assert pack["display"] == "4+"
    # facts, a derived fact, a quantity, two modifiers, a policy and citations, as the command promises
    from kb.loader import load_pack

    loaded = load_pack("archery.yaml")
    assert sum(f.derive is not None for f in loaded.facts.values()) == 1
    assert (len(loaded.quantities), len(loaded.modifiers), len(loaded.policies), len(loaded.examples)) == (1, 2, 1, 1)
    assert all(m.cite for m in loaded.modifiers.values())


def test_new_never_writes_over_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "archery.yaml").write_text("mine\n", encoding="utf-8")
    code, out, err = run(capsys, "new", "archery")
    assert (code, out) == (2, "")
    assert "archery.yaml already exists" in err and "hint:" in err
    assert (tmp_path / "archery.yaml").read_text(encoding="utf-8") == "mine\n"


def test_new_refuses_a_name_that_cannot_name_a_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "2nd edition")[0] == 2
    assert list(tmp_path.iterdir()) == []


def test_the_command_reference_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == commands_markdown(), (
        "docs/commands.md is not current: run python tools/commands_doc.py")


def test_the_command_reference_lists_every_command_and_option() -> None:
    from rulings.cli import _parser

    page = commands_markdown()
    sub = next(a for a in _parser()._actions if hasattr(a, "choices") and isinstance(a.choices, dict))
    for name, command in sub.choices.items():
        assert f"## `rulings {name}`" in page
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in page, (name, option)


def test_check_json_records_the_readings_and_overlays_it_checked_under(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "skirmish", "--reading", "cc_penalties=once", "--format", "json")
    doc = json.loads(out)
    assert (code, doc["with"], doc["readings"]) == (0, [], {"cc_penalties": "once"})
    code, out, _ = run(capsys, "check", "skirmish", "--format", "json")
    assert (code, json.loads(out)["readings"]) == (0, {})


def test_a_roll_given_to_a_quantity_that_is_not_one_hints_only_what_it_takes(
        capsys: pytest.CaptureFixture[str]) -> None:
    """to_hit derives its base from the pack, so the hint never offers base:, which it would refuse next."""
    code, _, err = run(capsys, "ask", "fantasy", "to_hit", "--roll", "3")
    assert code == 2 and "is not a roll" in err and "base:" not in err and "given:" in err
    code, _, err = run(capsys, "ask", "wh40k", "BS", "--roll", "3")
    assert code == 2 and "give base: or facts instead" in err
