"""The rules-lawyer commands: `why-not`, `find` and `faq`.

Each takes the parsed arguments, prints its answer, and returns the exit
code; user mistakes raise `RulingsError`, which the command line prints.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kb.expr import json_value, show_value
from solver.space.model import Coverage


def run_why_not(args: argparse.Namespace) -> int:
    """`rulings why-not PACK QUANTITY RULE`: why the rule did not count, and the smallest changes that do."""
    from rulings.options import load_named, read_situation
    from solver.space.whynot import why_not

    pack = load_named(args)
    situation = read_situation(args, pack)
    quantity, within = args.quantity, ""
    if quantity in pack.sequences and quantity not in pack.quantities:  # the step of the attack the rule changes
        from solver.sequence import step_situation

        step, situation = step_situation(pack, quantity, args.rule, situation)
        quantity, within = step.roll, f"In {args.quantity}, the {step.name} step rolls {step.roll}. "
    result = why_not(pack, quantity, args.rule, situation)
    commands = [_command(args, c.as_given()) for c in result.changes]
    if args.format == "json":
        print(json.dumps(why_not_json(result, commands), ensure_ascii=False, default=str))
        return 0
    from explain.whynot import change_text, reason_lines

    md = args.format == "markdown"
    lines = [("## " if md else "") + f"{within}{result.rule} ({result.quantity}): {_STATUS[result.status]}", ""]
    for depth, claim, cite in reason_lines(pack, result):  # conditions in words, not pack syntax
        lines.append("  " * depth + ("- " if md else "") + claim + (f" — {cite}" if cite else ""))
    if result.status != "counts":
        lines += ["", ("### " if md else "") + "Smallest changes that make it count" + ("" if md else ":"), ""]
        if not result.changes:
            lines.append("none found changing up to three facts")
        for change, command in zip(result.changes, commands, strict=True):
            same = change.display == result.ruling.display  # it counts, yet something else holds the answer
            lines.append(("- " if md else "  ") + f"{change_text(pack, change)}: {result.quantity} "
                         + (f"stays {change.display} (it counts, but the answer does not change)" if same
                            else f"becomes {change.display}"))
            lines.append(("  `" if md else "      ") + command + ("`" if md else ""))
    print("\n".join(lines))
    return 0


def why_not_json(result: Any, commands: list[str]) -> dict[str, Any]:
    """A why-not answer as JSON (`--format json`), each smallest change with the command that replays it."""
    from explain.json import ruling_json

    return {"pack": result.pack, "quantity": result.quantity, "rule": result.rule, "status": result.status,
            "counts": result.status == "counts", "reason": result.reason.to_json(),
            "ruling": ruling_json(result.ruling),
            "changes": [{"given": {n: json_value(v) for n, v in c.given},
                         "values": {n: list(v) if isinstance(v, tuple) else json_value(v) for n, v in c.ranges},
                         "display": c.display, "command": cmd}
                        for c, cmd in zip(result.changes, commands, strict=True)]}


def run_find(args: argparse.Namespace) -> int:
    """`rulings find PACK QUANTITY --where EXPR`: the minimal situations whose ruling satisfies EXPR (for a
    sequence, whose outcome does: `--where "mean >= 2"`)."""
    from rulings.options import load_named, read_situation
    from solver.space.find import find
    from solver.space.sequence_find import find_sequence

    pack = load_named(args)
    situation = read_situation(args, pack)
    coverage = Coverage()  # its deadline is --timeout's
    search = find_sequence if args.quantity in pack.sequences and args.quantity not in pack.quantities else find
    found = search(pack, args.quantity, args.where, situation, max_facts=args.max_facts, coverage=coverage)
    if args.format == "json":
        print(json.dumps(find_json(pack, args, found, coverage), ensure_ascii=False, default=str))
        return 0
    total = sum(f.count for f in found)
    print(f"{total:,} minimal situation{'s' if total != 1 else ''} where {args.where}"
          + (f", in {len(found)} line{'s' if len(found) != 1 else ''}" if total != len(found) else "")
          + " (other facts at their defaults):")
    for i, f in enumerate(found, 1):
        print(f"{i:3}. {f.describe()}  ->  {f.display}" + (f"  ({f.count:,} situations)" if f.count > 1 else ""))
    print(_coverage_text(coverage, "every situation was searched: there are no others"))
    return 0


def find_json(pack: Any, args: argparse.Namespace, found: list[Any], coverage: Any = None) -> dict[str, Any]:
    """The situations `find` found as JSON (`--format json`), with what the search covered."""
    return {"pack": pack.name, "quantity": args.quantity, "where": args.where, "max_facts": args.max_facts,
            **(coverage.as_json() if coverage else {}), "situations": [
                {"given": {n: (list(v) if isinstance(v, tuple) else json_value(v)) for n, v in f.given},
                 **({"any_of": [{"count": k, "of": list(m)} for k, m in f.any_of], "situations": f.count}
                    if f.any_of else {}),
                 "display": f.display} for f in found]}


def _coverage_text(coverage: Any, proven: str) -> str:
    """What a search covered, in words: proven, or which limits it met."""
    verdict = proven if coverage.exhaustive else ("NOT exhaustive, so there may be others: "
                                                  + "; ".join(coverage.reasons))
    return f"{verdict}\n({coverage.searched} situations searched)"


def run_faq(args: argparse.Namespace) -> int:
    """`rulings faq PACK`: the pack's generated FAQ as Markdown, JSON, one HTML page or pack examples."""
    from dataclasses import replace

    from explain.faq import faq, faq_examples, faq_json, faq_markdown, sequence_faq
    from rulings.options import load_named, parse_readings, replay_words, stating_readings, with_default_readings
    from solver.ask import readings_of

    pack = load_named(args)
    chosen = parse_readings(args.readings, pack)
    pack = with_default_readings(pack, chosen)
    # each entry states the readings it was asked under, so its replay and its test ask the same question
    entries = [replace(e, situation=stating_readings(e.situation, {r.name: chosen[r.name] for r in readings_of(
        pack, pack.quantities[e.quantity]) if r.name in chosen}, pack)) for e in faq(pack)]
    # the questions on whole attacks state the readings chosen too, so their replays ask the same attack
    sequences = sequence_faq(pack, entries, chosen)
    named = replay_words(args.pack, args.with_files)
    suffix = (args.out or "").lower().rsplit(".", 1)[-1]
    form = args.format or {"html": "html", "htm": "html", "json": "json"}.get(suffix, "markdown")
    if args.as_tests:
        text = faq_examples(pack, entries, sequences)
    elif form == "json":
        text = json.dumps(faq_json(pack, entries, named, sequences), ensure_ascii=False, indent=1, default=str) + "\n"
    elif form == "html":
        from explain.faq_html import faq_html

        text = faq_html(pack, faq_json(pack, entries, named, sequences))
    else:
        text = faq_markdown(pack, entries, named, sequences)
    if args.out:
        from kb.errors import RulingsError

        try:
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise RulingsError(f"cannot write {args.out}: {e.strerror}") from None
    else:
        print(text, end="")
    return 0


_STATUS = {
    "counts": "it counts", "failed": "its condition fails", "suppressed": "a policy suppressed it",
    "ignored": "a permitted choice ignored it", "automatic": "no roll is made",
    "inactive": "not in force under the reading used", "no effect": "it applies, but the value cannot be modified",
    "unknown": "it depends on facts the situation leaves unknown",
}


def _command(args: argparse.Namespace, change: dict[str, Any]) -> str:
    """The replay of a change: the pack named as the user named it, with the same options, pasted into the same
    shell."""
    import shlex

    from rulings.options import replay_words
    from solver.situation import parse_given

    where, *options = replay_words(args.pack, getattr(args, "with_files", ()), getattr(args, "readings", ()))
    parts = [args.quantity]
    if args.situation:
        parts += ["--situation", args.situation]
    for flag in ("base", "roll"):
        if getattr(args, flag, None) is not None:
            parts += [f"--{flag}", str(getattr(args, flag))]
    merged = {**parse_given(args.given), **change}
    parts += [w for n, v in merged.items() for w in ("--given", f"{n}={show_value(v)}")]
    parts += [w for s in getattr(args, "step", None) or () for w in ("--step", s)]
    return " ".join(["rulings", "ask", where, shlex.quote(args.quantity), *options,
                     *(shlex.quote(p) for p in parts[1:])])

