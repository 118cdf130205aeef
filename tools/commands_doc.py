"""Write docs/commands.md, the command reference, from the command line's own arguments and help texts.

Usage::

    python tools/commands_doc.py          # rewrite docs/commands.md
    python tools/commands_doc.py --check  # exit 1 when docs/commands.md is not current

`tests/rulings/test_conveniences.py` fails when the page is not current, so a
new option or a changed help text reaches the page in the same commit. The
page is built from the parser's arguments (not argparse's formatted help,
whose layout changes between Python versions), so it is the same everywhere.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "commands.md"

INTRO = """\
# Command reference

Generated from the command line's own help by `python tools/commands_doc.py`;
a test fails when this page is not current, so do not edit it by hand.
`rulings COMMAND --help` prints the same.

`rulings` alone prints the list of commands (exit 0); `rulings --version`
prints the installed version. Every command takes `--timeout SECONDS`.
Every command that loads a pack takes `--with FILE` (a house-rule or errata
file merged over the pack; repeatable) and `--reading ID=OPTION` (read the
pack's ambiguous rule `ID` as `OPTION`; repeatable). On `ask`, `why-not`,
`find` and `match`, `--reading` goes into the situation, over a situation
file's `reading: {ID: OPTION}` as `--given` goes over its `given:`. On `test`,
`faq`, `check`, `diff`, `graph` and `ask --batch`, which go through many
situations, the option is the pack's default reading for the run: an example
or a situation that picks its own reading keeps it. On `diff`, `--with` and
`--reading` apply to both packs. Replay lines (`replay: rulings ask ...`) name
the pack as you did, with the same `--with` and `--reading`, so they work
pasted into the same shell.

To start a pack, write a commented starter whose example passes, or copy a
built-in pack:

```
rulings new archery                    # writes archery.yaml
rulings test archery.yaml
rulings check archery.yaml --strict
rulings packs --show fantasy           # a built-in pack's YAML text
cp "$(rulings packs --path fantasy)" my-fantasy.yaml
```

Exit codes: 0 success; 1 a check found problems (or a pack's examples
failed); 2 bad input, with one message naming the file, line and column where
there is one, and a hint; 70 an internal error (a bug in Rulings).
"""


def commands_markdown() -> str:
    """The command reference as Markdown."""
    from rulings.cli import _parser

    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help or "" for c in sub._choices_actions}
    lines = [INTRO, "## Commands", ""]
    lines += [f"- [`{name}`](#rulings-{name}): {helps.get(name, '')}" for name in sub.choices]
    lines += ["", "## `rulings`", "", _usage("rulings", parser, "COMMAND ..."), "", *_table(parser)]
    for name, command in sub.choices.items():
        lines += ["", f"## `rulings {name}`", "", _sentence(helps.get(name, "")), "",
                  _usage(f"rulings {name}", command), "", *_table(command)]
    return "\n".join(lines) + "\n"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("." if text and not text.endswith(".") else "")


def _usage(prog: str, parser: argparse.ArgumentParser, rest: str = "") -> str:
    words = [prog]
    for a in parser._actions:
        if a.option_strings or isinstance(a, argparse._SubParsersAction):
            continue
        name = a.metavar or a.dest.upper()
        words.append(f"[{name}]" if a.nargs == "?" else f"{name} ..." if a.nargs in ("*", "+") else name)
    if rest:
        words.append(rest)
    if any(a.option_strings for a in parser._actions):
        words.append("[options]")
    return "```\n" + " ".join(words) + "\n```"


def _table(parser: argparse.ArgumentParser) -> list[str]:
    rows = ["| argument | meaning |", "| --- | --- |"]
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction | argparse._HelpAction):
            continue
        rows.append(f"| {_cell(_name(a))} | {_cell(_meaning(a))} |")
    return rows


def _name(a: argparse.Action) -> str:
    if not a.option_strings:
        return f"`{a.metavar or a.dest.upper()}`"
    takes = a.nargs != 0 and not isinstance(a, argparse._StoreTrueAction | argparse._StoreFalseAction)
    value = ""
    if takes:
        value = " " + (a.metavar if isinstance(a.metavar, str) else
                       "|".join(map(str, a.choices)) if a.choices else a.dest.upper())
    return ", ".join(f"`{o}{value}`" for o in a.option_strings)


def _meaning(a: argparse.Action) -> str:
    text = (a.help or "").replace("%(default)s", str(a.default))
    extra = []
    if a.choices and a.option_strings and a.metavar:
        extra.append("one of " + ", ".join(f"`{c}`" for c in a.choices))
    if a.option_strings and a.default not in (None, False, [], argparse.SUPPRESS, ""):
        extra.append(f"default `{a.default}`")
    if isinstance(a, argparse._AppendAction):
        extra.append("repeatable")
    shown = [text] if text else []
    return "; ".join(shown + [e for e in extra if e not in text]) or " "


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    """Rewrite the page, or with --check say whether it is current."""
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    text = commands_markdown()
    if check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print(f"{PAGE.relative_to(ROOT)} is not current: run python tools/commands_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
