"""docs/tutorial.md, typed literally: the page is followed top to bottom as a reader follows it.

In a folder of its own, each ```yaml block (a whole file, named on its first line: `# longbow.yaml: ...`)
is written, each ```diff block (a unified diff) is applied to the file it names, exactly where its
`@@` lines say, and each `$ rulings ...` command is run there; what it prints must be what the page shows
(a shown line `...` stands for any number of lines) and it must end in 0, or 1 for a `check --strict`
whose shown summary counts a warning or an error. Nothing is read from checked-in step files: the one
pack beside the page, docs/tutorial/longbow.yaml (other tests use it as a pack), must be what the page
builds.

test_docs.py runs every other page's commands from the repository's root; it leaves this page to this
test, since the reader's file is only in the reader's folder.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from kb.loader import load_pack
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tutorial.md"
FINISHED = ROOT / "docs" / "tutorial" / "longbow.yaml"
"""The finished pack, checked in for the tests that read every pack in the repository."""

WHOLE_FILE = re.compile(r"# ([\w./-]+\.yaml)(?::.*)?")
HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@.*")


@dataclass
class Block:
    """A fenced block of the page: its language, the page line of its first line, its lines."""

    language: str
    line: int
    lines: list[str] = field(default_factory=list)


@dataclass
class Command:
    """A `$ rulings ...` command the page shows, with the output it shows."""

    line: int
    argv: list[str]
    shown: list[str]


def blocks(text: str) -> list[Block]:
    """The page's fenced blocks, in order."""
    out: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if current is None:
                current = Block(line[3:].strip(), number + 1)
                out.append(current)
            else:
                current = None
        elif current is not None:
            current.lines.append(line)
    assert current is None, f"tutorial.md:{out[-1].line - 1}: a block is never closed"
    return out


def commands(block: Block) -> list[Command]:
    """The `$ ...` commands of a command block; each must be a `rulings` command, which the test types."""
    out: list[Command] = []
    lines, i = block.lines, 0
    while i < len(lines):
        assert out or lines[i].startswith("$ "), f"tutorial.md:{block.line + i}: output before any command"
        where, command = block.line + i, lines[i][2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        argv = shlex.split(command)
        assert argv[0] == "rulings", f"tutorial.md:{where}: the page shows a command the test cannot type: {command}"
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        out.append(Command(where, argv[1:], shown))
    return out


def shows_commands(block: Block) -> bool:
    """A block of commands, each with the output it prints."""
    return block.language == "" and any(line.startswith("$ ") for line in block.lines)


def require(condition: object, message: str) -> None:
    """Fail with `message` as written (an `assert` would have pytest indent and annotate it)."""
    if not condition:
        raise AssertionError(message)


def apply_diff(files: dict[str, str], block: Block) -> str:
    """Apply a ```diff block to `files` (name: text) as `patch` would with no fuzz and no offset: each hunk's
    context and removed lines must be the file's lines exactly where its `@@` line says. Returns the name."""
    lines, at = block.lines, block.line
    first = re.fullmatch(r"--- (\S+)(?:\t.*)?", lines[0]) if lines else None
    second = re.fullmatch(r"\+\+\+ (\S+)(?:\t.*)?", lines[1]) if len(lines) > 1 else None
    if not (first and second and len(lines) > 2):
        raise AssertionError(f"tutorial.md:{at}: a diff starts with `--- FILE` and `+++ FILE`, then its hunks")
    name = second[1]
    require(first[1] == name, f"tutorial.md:{at}: a diff changes one file: {first[1]} or {name}?")
    require(name in files, f"tutorial.md:{at}: the diff changes {name}, which the page has not written yet")
    old = files[name].splitlines()
    new: list[str] = []
    done, shift, i = 0, 0, 2  # lines of `old` copied or consumed; net lines added so far; the diff line read
    while i < len(lines):
        hunk = HUNK.fullmatch(lines[i])
        if not hunk:
            raise AssertionError(f"tutorial.md:{at + i}: expected a `@@ -LINE,COUNT +LINE,COUNT @@` line, "
                                 f"not {lines[i]!r}")
        start, count, new_start, new_count = (int(g) if g is not None else 1 for g in hunk.groups())
        begin = start if count == 0 else start - 1  # `-5,0`: the lines go after line 5
        require(begin >= done, f"tutorial.md:{at + i}: the hunk starts before the end of the one above it")
        require(new_start - (0 if new_count == 0 else 1) == begin + shift,
                f"tutorial.md:{at + i}: the new file's line {new_start} does not follow from the hunks above it")
        new += old[done:begin]
        i += 1
        taken, added = 0, 0
        while i < len(lines) and not lines[i].startswith("@@"):
            line = lines[i]
            kind, text = (line[0], line[1:]) if line else (" ", "")  # an editor may strip a blank context line
            require(kind in " -+", f"tutorial.md:{at + i}: a diff line starts with ' ', '-' or '+'")
            if kind in " -":
                here = begin + taken
                has = old[here] if here < len(old) else "(the end of the file)"
                require(here < len(old) and old[here] == text,
                        f"tutorial.md:{at + i}: the diff expects line {here + 1} of {name} to be\n{text}\n"
                        f"but it is\n{has}")
                taken += 1
            if kind in " +":
                new.append(text)
                added += 1
            i += 1
        require((taken, added) == (count, new_count),
                f"tutorial.md:{at + i - 1}: the hunk's `@@` line counts {count} old and {new_count} new lines, "
                f"its lines {taken} and {added}")
        done, shift = begin + taken, shift + added - taken
    files[name] = "\n".join([*new, *old[done:]]) + "\n"
    return name


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a shown `...` standing for any lines."""
    pattern = "\n".join(".*?" if line.strip() == "..." else re.escape(line) for line in shown)
    return re.fullmatch(pattern.replace("\n.*?\n", "(?:\n.*?)?\n"), "\n".join(got), re.DOTALL) is not None


def expected_exit(command: Command) -> int:
    """0, or 1 for a `check` whose shown summary counts a warning or an error (`--strict`)."""
    summary = [line for line in command.shown if re.fullmatch(r"\d+ errors?, \d+ warnings?, \d+ notes?", line)]
    return 1 if command.argv[0] == "check" and summary and not summary[-1].startswith("0 errors, 0 warnings") else 0


@dataclass
class Ran:
    """A command as the reader typed it: what it printed and its exit code, and the files at the time."""

    command: Command
    code: int
    out: str
    err: str
    files: dict[str, str]


@dataclass
class Reading:
    """The page followed in `folder`: the commands run, the files written and changed, the blocks applied."""

    folder: Path
    ran: list[Ran] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    diffs: list[Block] = field(default_factory=list)
    whole: list[Block] = field(default_factory=list)


def follow(page: str, folder: Path) -> Reading:
    """Follow the page in `folder`: write the whole files, apply the diffs and run the commands, in order."""
    reading = Reading(folder)
    for block in blocks(page):
        if block.language == "yaml":
            named = WHOLE_FILE.fullmatch(block.lines[0]) if block.lines else None
            assert named, f"tutorial.md:{block.line}: a YAML block is a whole file, named on its first line"
            reading.files[named[1]] = "\n".join(block.lines) + "\n"
            reading.whole.append(block)
            (folder / named[1]).write_text(reading.files[named[1]], encoding="utf-8")
        elif block.language == "diff":
            name = apply_diff(reading.files, block)
            reading.diffs.append(block)
            (folder / name).write_text(reading.files[name], encoding="utf-8")
        elif shows_commands(block):
            for command in commands(block):
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    try:
                        code = main(command.argv)
                    except SystemExit as e:  # a usage error: argparse exits
                        code = e.code if isinstance(e.code, int) else 2
                reading.ran.append(Ran(command, code or 0, out.getvalue(), err.getvalue(), dict(reading.files)))
                for name in list(reading.files) + [p.name for p in folder.glob("*.yaml")]:
                    reading.files[name] = (folder / name).read_text(encoding="utf-8")  # what `rulings new` wrote
    return reading


@pytest.fixture(scope="module")
def reading(tmp_path_factory: pytest.TempPathFactory) -> Reading:
    folder = tmp_path_factory.mktemp("reader")
    cwd = os.getcwd()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULINGS_CACHE", str(folder / ".cache"))
        os.chdir(folder)
        try:
            return follow(PAGE.read_text(encoding="utf-8"), folder)
        finally:
            os.chdir(cwd)


BLOCKS = blocks(PAGE.read_text(encoding="utf-8"))
COMMANDS = [c for b in BLOCKS if shows_commands(b) for c in commands(b)]


def test_the_page_starts_from_rulings_new_then_shows_the_whole_file_then_diffs(reading: Reading) -> None:
    assert all(b.language in ("yaml", "diff") or shows_commands(b) for b in BLOCKS), (
        "every block of the page is a whole file, a diff or commands with their output: the test follows them all")
    assert COMMANDS[0].argv == ["new", "longbow"]
    assert [b.line for b in reading.whole] == [reading.whole[0].line] and reading.whole[0].lines[0].startswith(
        "# longbow.yaml")
    assert all(d.line > reading.whole[0].line for d in reading.diffs) and len(reading.diffs) >= 8
    assert set(reading.files) == {"longbow.yaml"}


@pytest.mark.parametrize("command", COMMANDS, ids=[f"tutorial.md:{c.line}" for c in COMMANDS])
def test_each_command_prints_what_the_page_shows(command: Command, reading: Reading) -> None:
    ran = next(r for r in reading.ran if r.command.line == command.line)
    got = ran.out.rstrip("\n").splitlines()
    assert matches(command.shown, got), (
        f"tutorial.md:{command.line}: the page shows\n" + "\n".join(command.shown) + "\nbut it prints\n" +
        "\n".join(got) + ran.err)
    assert ran.code == expected_exit(command), f"tutorial.md:{command.line}: exit {ran.code}\n{ran.err}"


def test_each_example_count_is_the_examples_the_page_has_shown_so_far(reading: Reading) -> None:
    tests = [r for r in reading.ran if r.command.argv[0] == "test"]
    assert len(tests) >= 5, "the page runs the examples after each step"
    for ran in tests:
        examples = yaml.safe_load(ran.files[ran.command.argv[1]])["examples"]
        assert ran.command.shown == [f"{len(examples)} passed, 0 failed"], f"tutorial.md:{ran.command.line}"


def test_the_faq_is_written_where_the_page_says(reading: Reading) -> None:
    outs = [r.command.argv[r.command.argv.index("--out") + 1] for r in reading.ran if "--out" in r.command.argv]
    assert outs == ["longbow-faq.md"]
    faq = (reading.folder / "longbow-faq.md").read_text(encoding="utf-8")
    assert faq.startswith("# Longbow -- the roll to hit with a bow: frequently asked questions\n")
    assert "can be read two ways: \u201cA wounded or shaken archer takes -1 to hit.\u201d" in faq


def test_the_checked_in_finished_pack_is_what_the_page_builds(reading: Reading) -> None:
    assert FINISHED.read_text(encoding="utf-8") == reading.files["longbow.yaml"], (
        "docs/tutorial/longbow.yaml is not the pack docs/tutorial.md builds: copy the built file over it")
    assert sorted(p.name for p in FINISHED.parent.iterdir()) == ["longbow.yaml"]


@pytest.mark.skipif(shutil.which("patch") is None, reason="no `patch` program")
def test_patch_applies_each_diff_as_the_test_does(reading: Reading, tmp_path: Path) -> None:
    """A reader who saves each diff and runs `patch longbow.yaml change.diff` gets the same file."""
    target = tmp_path / "longbow.yaml"
    target.write_text("\n".join(reading.whole[0].lines) + "\n", encoding="utf-8")
    for block in reading.diffs:
        (tmp_path / "change.diff").write_text("\n".join(block.lines) + "\n", encoding="utf-8")
        done = subprocess.run(["patch", "--fuzz=0", "--no-backup-if-mismatch", "longbow.yaml", "change.diff"],
                              cwd=tmp_path, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"tutorial.md:{block.line}: patch fails:\n{done.stdout}{done.stderr}"
        assert "offset" not in done.stdout, f"tutorial.md:{block.line}: patch applies it elsewhere:\n{done.stdout}"
    assert target.read_text(encoding="utf-8") == reading.files["longbow.yaml"]


def test_the_quoted_rule_text_is_the_packs_source(reading: Reading) -> None:
    """The rule text the page quotes is, paragraph by paragraph, the text the finished pack cites."""
    quote = re.search(r"> \*\*Archery\.\*\*\n((?:>.*\n)+)", PAGE.read_text(encoding="utf-8"))
    assert quote
    text = " ".join(line.lstrip(">").strip() for line in quote.group(1).splitlines())
    numbered = re.split(r"(?:^| )(\d+)\. ", text)[1:]
    shown = {int(n): p for n, p in zip(numbered[::2], numbered[1::2], strict=True)}
    assert shown == yaml.safe_load(reading.files["longbow.yaml"])["sources"]["archery"]["paragraphs"]


def test_the_finished_pack_uses_a_table_a_conditional_step_citations_and_a_reading(reading: Reading) -> None:
    data = yaml.safe_load(reading.files["longbow.yaml"])
    to_hit = data["quantities"]["to_hit"]
    assert set(to_hit["base"]) == {"table", "rows"}
    assert any(" if " in str(m["change"]) and " else " in str(m["change"]) for m in data["modifiers"].values())
    assert set(to_hit["cites"]) == {"base", "impossible_from"}
    assert all("text" in f for f in data["facts"].values())
    pack = load_pack(str(FINISHED))
    assert all(m.cite is not None for m in pack.modifiers.values())
    assert all(p.cite is not None for p in pack.policies.values())
    assert list(pack.readings) == ["wounded_or_shaken"]
    assert any("readings" in e.expect for e in pack.examples)


def test_the_readme_and_the_pack_format_link_the_tutorial() -> None:
    assert "(docs/tutorial.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(tutorial.md)" in (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")


# -- the diff applier itself ------------------------------------------------------------------

def _diff(*lines: str) -> Block:
    return Block("diff", 10, ["--- f.yaml", "+++ f.yaml", *lines])


def test_a_diff_adds_and_removes_lines_where_its_hunks_say() -> None:
    files = {"f.yaml": "a\nb\nc\nd\ne\n"}
    apply_diff(files, _diff("@@ -1,2 +1,3 @@", " a", "+x", " b", "@@ -4,2 +5,1 @@", "-d", " e"))
    assert files["f.yaml"] == "a\nx\nb\nc\ne\n"
    apply_diff(files, _diff("@@ -5,0 +6,1 @@", "+z"))
    assert files["f.yaml"] == "a\nx\nb\nc\ne\nz\n"


@pytest.mark.parametrize(("lines", "says"), [
    (["@@ -2,2 +2,3 @@", " a", "+x", " b"], "tutorial.md:13: the diff expects line 2 of f.yaml to be\na\nbut it is\nb"),
    (["@@ -1,2 +1,4 @@", " a", "+x", " b"], "counts 2 old and 4 new lines, its lines 2 and 3"),
    (["@@ -1,1 +1,2 @@", " a", "+x", "@@ -2,1 +2,2 @@", " b", "+y"], "does not follow from the hunks above it"),
    (["+x"], "tutorial.md:12: expected a `@@ -LINE,COUNT +LINE,COUNT @@` line"),
])
def test_a_diff_that_does_not_apply_fails_with_the_page_line(lines: list[str], says: str) -> None:
    with pytest.raises(AssertionError, match=re.escape(says)):
        apply_diff({"f.yaml": "a\nb\nc\n"}, _diff(*lines))


def test_a_shown_dotted_line_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"]) and matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "d"], ["a", "b", "d"])
