"""The `rulings` command: ask rulings, list packs, run a pack's examples, match keywords.

Every user mistake ends as one message on stderr and exit 2; nothing prints a
traceback. Heavy imports happen inside the commands that need them, so a
ruling starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rulings.options import add_pack_options, load_named, read_situation

if TYPE_CHECKING:  # argparse is imported when a command line needs it: a plain `ask` is read without it
    import argparse

FORMATS = ("text", "json", "markdown")
PACK_HELP = "a built-in pack name (rulings packs lists them), or a pack file or folder"
INTERNAL_ERROR = 70
"""The exit code of a bug in Rulings (EX_SOFTWARE); bad input is 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    args: Any = _plain_ask(words)
    if args is None:
        parser = _parser()
        words, lifted = _lift_given(words)
        args = parser.parse_args(words)
        if lifted:
            if not hasattr(args, "given"):  # a command that takes no --given: argparse says so, as it would have
                parser.parse_args([*words, "--given", lifted[0]])
            args.given = [*lifted, *args.given]
        if args.command is None:  # a bare `rulings`: what it can do, as --help says it
            parser.print_help()
            return 0
    from kb.errors import RulingsError

    try:
        with _time_limit(args.timeout):
            return int(args.run(args))
    except RulingsError as e:
        print(f"rulings: {e}", file=sys.stderr)
        return 2
    except RecursionError:
        print("rulings: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:
        if args.debug:
            import traceback

            traceback.print_exc()
        print(f"rulings: internal error (a bug in Rulings): {type(e).__name__}: {str(e)[:200]}\n  hint: please "
              "report it with the command you ran; rulings --debug ... prints the traceback", file=sys.stderr)
        return INTERNAL_ERROR


def _plain_ask(words: list[str]) -> Any:
    """The arguments of `rulings ask PACK QUANTITY [--given FACT=VALUE]... [--format FORMAT]` or of
    `rulings ask PACK [QUANTITY] --batch FILE [--full]`, read without argparse (whose import and parser cost a fresh
    ruling more than the ruling itself), or None for any other command line: argparse reads it, and says what is
    wrong with it.

    They are the very arguments argparse would give: each word is taken only where argparse could read it no
    other way (no word that starts with '-' where a value is expected but a lone '-', no option but these four).

    Examples:
        >>> args = _plain_ask(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--format", "json"])
        >>> args.pack, args.quantity, args.given, args.format, args.colour, args.full
        ('fantasy', 'to_hit', ['shooter.bs=3'], 'json', 'auto', False)
        >>> args = _plain_ask(["ask", "fantasy", "--batch", "-", "--full"])
        >>> args.pack, args.quantity, args.batch, args.full
        ('fantasy', None, '-', True)
        >>> _plain_ask(["ask", "fantasy", "to_hit", "--colour", "never"]) is None
        True
    """
    if len(words) < 2 or words[0] != "ask" or not words[1] or words[1].startswith("-"):
        return None
    pack, rest = words[1], iter(words[2:])
    quantity = next(rest) if words[2:] and not words[2].startswith("-") else None
    given: list[str] = []
    shown, batch, full = "text", None, False
    for option in rest:
        if option == "--full":
            full = True
            continue
        value = next(rest, "")
        if not value or (value.startswith("-") and value != "-"):  # a lone '-' is a value to argparse
            return None
        if option == "--given":
            given.append(value)
        elif option == "--batch":
            batch = value
        elif option == "--format" and value in FORMATS:
            shown = value
        else:
            return None
    from types import SimpleNamespace

    plain = batch is None and not full  # a plain ask's answer is kept, to be answered again (`_ask`)
    return SimpleNamespace(command="ask", pack=pack, quantity=quantity, batch=batch, situation=None, given=given,
                           base=None, roll=None, target=None, step=[], format=shown, colour="auto", full=full,
                           with_files=[], readings=[], timeout=None, debug=False, run=_ask,
                           words=words if plain else None)


MANY_GIVEN = 100
"""Past this many --given flags they are read before argparse, whose matching of options takes time quadratic in
their number (20,000 flags: half a minute)."""


def _lift_given(argv: list[str]) -> tuple[list[str], list[str]]:
    """`argv` without its `--given FACT=VALUE` flags, and their values, when there are more than `MANY_GIVEN`.

    Examples:
        >>> _lift_given(["ask", "fantasy", "to_hit", "--given", "shooter.bs=3"])
        (['ask', 'fantasy', 'to_hit', '--given', 'shooter.bs=3'], [])
    """
    if sum(a == "--given" or a.startswith("--given=") for a in argv) <= MANY_GIVEN:
        return argv, []
    rest: list[str] = []
    given: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            rest += argv[i:]
            break
        if word == "--given" and i + 1 < len(argv):
            given.append(argv[i + 1])
            i += 2
            continue
        if word.startswith("--given="):
            given.append(word.removeprefix("--given="))
        else:
            rest.append(word)
        i += 1
    return rest, given


@contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Searches stop at the deadline and say so; anything still running a second later is stopped."""
    if not seconds:
        yield
        return
    import signal
    import time

    from kb.errors import RulingsError
    from solver import consistent

    def stop(signum: int, frame: Any) -> None:
        raise RulingsError(f"stopped after --timeout {seconds:g} seconds", hint="give a longer --timeout")

    consistent.DEADLINE = time.monotonic() + seconds
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds + 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        consistent.DEADLINE = None


def _seconds(text: str) -> float:
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan  # no number: within no bounds
    if not 0 < value < 10**7:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(prog="rulings", description="Rulings: ask a ruling and see exactly why.",
                                     epilog="rulings COMMAND --help describes each command.")
    parser.add_argument("--version", action=_version_action(), help="print the version and exit")
    parser.add_argument("--debug", action="store_true", help="print the traceback of an internal error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("packs", help="list the built-in packs, or show one's YAML text or where it lives")
    p.add_argument("--format", choices=FORMATS, default="text")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--show", metavar="NAME", help="print the built-in pack's YAML text")
    shown.add_argument("--path", metavar="NAME", help="print where the built-in pack's file lives, to copy it")
    p.set_defaults(run=_packs)

    p = sub.add_parser("ask", help="ask a ruling: the value of a quantity in a situation, and why")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("quantity", nargs="?", help="the quantity asked (with --batch: unless each line names it)")
    p.add_argument("--batch", metavar="FILE",
                   help="JSON lines (a situation and its quantity per line) from FILE or - (standard input): "
                        "one ruling JSON per line, without its explanation unless --full")
    _situation_args(p)
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto")
    p.add_argument("--full", action="store_true",
                   help="the full derivation: every rule, including those that did not apply, and why (with --batch: "
                        "each line's explanation)")
    add_pack_options(p)
    p.set_defaults(run=_ask, words=None)

    p = sub.add_parser("test", help="run the examples stored in a pack")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("-k", default="", help="only examples whose name contains this")
    p.add_argument("--format", choices=("text", "json"), default="text")
    add_pack_options(p)
    p.set_defaults(run=_test)

    p = sub.add_parser("new", help="write a small commented starter pack whose example passes rulings test")
    p.add_argument("name", metavar="NAME", help="the pack's name: writes NAME.yaml (NAME may include a folder)")
    p.set_defaults(run=_later("rulings.starter", "run_new"))

    p = sub.add_parser("graph", help="the dependency graph of a pack's facts, rules, policies and quantities")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("quantity", nargs="?", help="only what bears on this quantity")
    p.add_argument("--focus", metavar="NAME", help="only what this rule, fact, policy or quantity reads or feeds")
    p.add_argument("--format", choices=("mermaid", "dot", "svg"), default="mermaid",
                   help="mermaid (renders on GitHub), dot (Graphviz), or svg (needs Graphviz's dot program)")
    add_pack_options(p)
    p.set_defaults(run=_later("rulings.graph", "run_graph"))

    _lawyer_commands(sub)
    p = sub.add_parser("serve", help="serve the explorer page, FAQs, rule graphs and a JSON API over HTTP")
    p.add_argument("packs", nargs="*", metavar="PACK", help="more packs to serve, by name or path")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback only)")
    p.add_argument("--port", type=_count, default=8000)
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="also answer requests for this host name (repeatable; default: loopback names only)")
    p.set_defaults(run=_serve)
    for command in sub.choices.values():
        command.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                             help="stop after this many seconds: a search then says what it covered")
    return parser


def _lawyer_commands(sub: Any) -> None:
    """The commands that search the situation space: why-not, find, faq, check, diff."""
    p = sub.add_parser("schema", help="print the pack JSON Schema, for editors")
    p.set_defaults(run=_schema)

    p = sub.add_parser("match", help="does a unit or its models match a keyword phrase")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("phrase", help="the keyword phrase as the rule writes it, quoted: 'non-VEHICLE INFANTRY unit'")
    _situation_args(p, values=False)  # a keyword phrase has no base or roll
    add_pack_options(p)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=_match)

    p = sub.add_parser("why-not", help="why a rule did not count, and the smallest changes that make it count")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("quantity")
    p.add_argument("rule")
    _situation_args(p)
    add_pack_options(p)
    p.add_argument("--format", choices=FORMATS, default="text")
    p.set_defaults(run=_later("rulings.faq", "run_why_not"))

    p = sub.add_parser("find", help="the minimal situations whose ruling satisfies an expression")
    p.add_argument("pack", help=PACK_HELP)
    p.add_argument("quantity")
    p.add_argument("--where", required=True, metavar="EXPR", help="e.g. \"impossible\", \"value >= 7\"")
    p.add_argument("--max-facts", type=_count, default=5, metavar="N", help="facts set beyond those given (default 5)")
    _situation_args(p)
    add_pack_options(p)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=_later("rulings.faq", "run_find"))

    p = sub.add_parser("faq", help="the pack's FAQ, generated and answered by the solver")
    p.add_argument("pack", help=PACK_HELP)
    add_pack_options(p)
    p.add_argument("--format", choices=("markdown", "json", "html"),
                   help="html: one self-contained page, ready to print or publish (default: from --out's suffix, "
                        ".html or .json, else markdown)")
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--as-tests", action="store_true", help="write the entries as pack examples: YAML")
    p.set_defaults(run=_later("rulings.faq", "run_faq"))

    p = sub.add_parser("check", help="check a pack for dead, conflicting, redundant and shadowed rules")
    p.add_argument("pack", help=PACK_HELP)
    add_pack_options(p, with_help="a house rule or errata file merged over the pack (repeatable): its findings are "
                                  "marked [new]")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=_later("rulings.check", "run_check"))

    p = sub.add_parser("diff", help="which rulings change between two versions of a pack, and where")
    p.add_argument("old", help="the pack before: a built-in pack name, or a pack file or folder")
    p.add_argument("new", nargs="?", help="the pack after (default: the pack before, with --new-with)")
    p.add_argument("--new-with", action="append", default=[], metavar="FILE", dest="new_with",
                   help="an erratum or house rule merged over the pack after only (repeatable): "
                        "rulings diff PACK --new-with FILE is what FILE changes")
    p.add_argument("--quantity", help="only this quantity")
    add_pack_options(p, with_help="a house rule or errata file merged over both packs (repeatable)")
    p.add_argument("--all", action="store_true",
                   help="every change of answer, not one paragraph per cause with its smallest situation")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=_later("rulings.check", "run_diff"))


def _later(module: str, function: str) -> Callable[[argparse.Namespace], int]:
    """A command whose code is imported only when it runs: start-up time matters for every ruling."""

    def run(args: argparse.Namespace) -> int:
        from importlib import import_module

        return int(getattr(import_module(module), function)(args))

    return run


def _serve(args: argparse.Namespace) -> int:
    from kb.errors import RulingsError

    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise RulingsError("serve needs the web extra", hint='pip install "rulings[web]"') from None
    from rulings.web import run_serve

    return run_serve(args)


def _count(text: str) -> int:
    import argparse

    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is below 0")
    return value


def _roll(text: str) -> int:
    import argparse

    digits = text.removeprefix("-")
    shown = f"{text[:20]!r}{'...' if len(text) > 20 else ''}"
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{shown} is not a whole number")
    if len(digits) > 18:
        raise argparse.ArgumentTypeError(f"{shown} is far beyond any roll (at most 18 digits)")
    return int(text)


def _situation_args(p: argparse.ArgumentParser, *, values: bool = True) -> None:
    p.add_argument("--situation", metavar="FILE", help="a situation YAML file, or - for standard input")
    p.add_argument("--given", action="append", default=[], metavar="FACT=VALUE", help="a fact value (repeatable)")
    if not values:  # (`options.read_situation` reads each of those it is not given as None)
        return
    p.add_argument("--base", metavar="VALUE", help='the quantity\'s base, where the pack does not derive it ("3+", 6)')
    p.add_argument("--roll", type=_roll, metavar="N", help="the unmodified roll, for roll quantities")
    p.add_argument("--target", metavar="N", help='what a roll must reach, for its chance ("3+", 9)')
    p.add_argument("--step", action="append", default=[], metavar="KEY=VALUE",
                   help="for a sequence: attacks=10, damage=D3, models=5, wounds=2, or a step's STEP.target=3 "
                        "or STEP.reroll=ones (repeatable)")


def _version_action() -> type[argparse.Action]:
    import argparse

    class _Version(argparse.Action):
        """`--version`: the installed package's version, looked up only when asked (start-up time matters)."""

        def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
            super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

        def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                     option_string: str | None = None) -> None:
            from importlib.metadata import PackageNotFoundError, version

            try:
                number = version("rulings")
            except PackageNotFoundError:  # run from a source tree that was never installed
                number = "unknown"
            print(f"rulings {number}")
            parser.exit()

    return _Version


def _packs(args: argparse.Namespace) -> int:
    import json

    from kb.cache import load
    from kb.locate import builtin_packs

    if args.show or args.path:
        return _builtin_pack(args.show or args.path, text=bool(args.show))
    packs = [load(name) for name in builtin_packs()]
    if args.format == "json":
        print(json.dumps([{"name": p.name, "title": p.title, "quantities": list(p.quantities)} for p in packs]))
        return 0
    if args.format == "markdown":
        print("| pack | title | quantities |\n| --- | --- | --- |")
        for p in packs:
            quantities = ", ".join(f"`{q}`" for q in p.quantities)
            print(f"| `{p.name}` | {p.title.replace('|', chr(92) + '|')} | {quantities} |")
        return 0
    for p in packs:
        print(f"{p.name:10} {p.title}")
        print(f"{'':10} quantities: {', '.join(p.quantities)}")
    return 0


def _builtin_pack(name: str, *, text: bool) -> int:
    """`packs --show NAME` prints the pack's YAML text; `packs --path NAME` where it lives."""
    from kb.errors import UnknownName
    from kb.locate import BUILTIN, builtin_packs, pack_files

    if name not in builtin_packs():
        raise UnknownName("built-in pack", name, builtin_packs())
    files = pack_files(name)
    if not text:
        print(BUILTIN / name if (BUILTIN / name).is_dir() else files[0])
        return 0
    for file in files:
        if len(files) > 1:
            print(f"# --- {file.relative_to(BUILTIN)} ---")
        print(file.read_text(encoding="utf-8"), end="")
    return 0


def _ask(args: argparse.Namespace) -> int:
    from solver.ask import ask

    pack = load_named(args)
    if args.batch is not None:
        from rulings.batch import run_batch
        from rulings.options import readings_pack

        return run_batch(args, readings_pack(args, pack))
    if args.quantity is None:
        from kb.errors import RulingsError

        raise RulingsError(f"ask needs a QUANTITY of {pack.name} (or --batch FILE)",
                           hint="known: " + ", ".join([*pack.quantities, *pack.sequences]))
    if args.quantity in pack.sequences and args.quantity not in pack.quantities:
        return _sequence(args, pack)
    ruling = ask(pack, args.quantity, read_situation(args, pack))
    if args.format == "json":
        import json

        from explain.json import ruling_json

        output = json.dumps(ruling_json(ruling), ensure_ascii=False) + "\n"
    elif args.format == "markdown":
        from explain.brief import brief_markdown
        from explain.text import render_markdown

        output = render_markdown(ruling, pack) if args.full else brief_markdown(ruling, pack)
    else:
        from explain.brief import brief_text
        from explain.text import render_text

        colour = args.colour == "always" or (args.colour == "auto" and sys.stdout.isatty())
        output = (render_text(ruling, colour=colour, pack=pack) if args.full
                  else brief_text(ruling, pack, colour=colour)) + "\n"
    print(output, end="")
    if args.words:  # a plain ask: kept, to be answered again without the engine (rulings.start)
        from rulings.answers import keep

        keep(args.words, output)
    return 0


def _sequence(args: argparse.Namespace, pack: Any) -> int:
    import json

    from explain.sequence import sequence_json, sequence_text
    from solver.sequence import resolve

    result = resolve(pack, args.quantity, read_situation(args, pack))
    if args.format == "json":
        print(json.dumps(sequence_json(result), ensure_ascii=False))
    else:
        print(sequence_text(result, pack, full=args.full))
    return 0


def _test(args: argparse.Namespace) -> int:
    import json

    from rulings.examples import run_examples
    from rulings.options import readings_pack

    pack = readings_pack(args, load_named(args))
    results = [r for r in run_examples(pack) if args.k in r.name]
    failed = [r for r in results if r.problems]
    if args.format == "json":
        print(json.dumps([{"name": r.name, "where": r.where, "ok": not r.problems, "problems": r.problems}
                          for r in results]))
    else:
        for r in failed:
            for problem in r.problems:
                print(f"FAIL {r.where}: {r.name}: {problem}")
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def _schema(args: argparse.Namespace) -> int:
    import json

    from kb.loader import schema

    print(json.dumps(schema(), indent=1))
    return 0


def _match(args: argparse.Namespace) -> int:
    import json

    from kb.errors import RulingsError
    from kb.keywords import PhraseError, irregular_words, parse_phrase
    from kb.limits import excerpt

    pack = load_named(args)
    situation = read_situation(args, pack)
    if situation.models is None:
        raise RulingsError("match needs a unit: give unit: {models: [{keywords: [...]}]} in the situation")
    try:
        written = parse_phrase(args.phrase, irregular_words(pack.plurals))
    except PhraseError as e:
        raise RulingsError(f"phrase {excerpt(args.phrase)}: {e.message} (at column {e.offset + 1})") from None
    # "non-VEHICLE INFANTRY or MOUNTED": how far non- reaches is a declared reading, never a silent choice
    reading = next((r for r in pack.readings.values() if r.decides == "non_reach"), None)
    readings = {"adjacent": written, "whole_list": written.whole_list()}
    option = situation.reading.get(reading.name, reading.default) if reading else "adjacent"
    phrase = readings[option]
    unit, models = phrase.match(situation.models, situation.datasheet)
    every = {o: readings[o].match(situation.models, situation.datasheet) for o, _ in reading.options} if reading \
        else {}
    differ = len(set(every.values())) > 1
    keywords = [*(k for m in situation.models for k in m), *([situation.datasheet] if situation.datasheet else [])]
    forms = phrase.forms(keywords)
    if args.format == "json":
        doc: dict[str, Any] = {"unit": unit, "models": list(models), "phrase": phrase.describe()}
        if situation.datasheet:
            doc["datasheet"] = situation.datasheet
        if forms:
            doc["forms"] = [{"phrase": a, "unit": b} for a, b in forms]
        if reading and differ:
            doc["readings"] = [{"reading": o, "value": every[o][0], "models": list(every[o][1]),
                                "default": o == reading.default} for o, _ in reading.options]
        print(json.dumps(doc))
        return 0
    print(f"{args.phrase!r} means {phrase.describe()}")
    if situation.datasheet:
        print(f"  the datasheet name {situation.datasheet!r} is a keyword of the unit and of each of its models")
    for a, b in forms:
        print(f"  {a} matched {b}: a keyword's singular and plural are the same keyword")
    if phrase.scope == "model":  # a rule about models: which of them it refers to, not a verdict on the unit
        print(f"the models it refers to: {sum(models)} of {len(models)}")
    else:
        print(f"the unit: {'yes' if unit else 'no'}")
    for i, (own, ok) in enumerate(zip(situation.models, models, strict=True), 1):
        print(f"  model {i} [{', '.join(own)}]: {'yes' if ok else 'no'}")
    if reading and differ:
        print(f"the text can be read more than one way: {reading.sentence!r}")
        for o, text in reading.options:
            shown = f"{'yes' if every[o][0] else 'no'} ({readings[o].describe()})"
            mark = " (default)" if o == reading.default else ""
            used = " (used)" if o == option else ""
            print(f"  reading {o!r}{mark}: {shown}{used}\n    {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
