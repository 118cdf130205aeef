"""`rulings check` and `rulings diff`: run the solver's checks and print the findings.

Exit codes: 1 when a finding is an error (with `--strict`, a warning too),
2 when the pack cannot be loaded (its located messages on stderr; with
`--format json`, as findings),
0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from kb.errors import PackError, RulingsError
from kb.expr import json_value, show_value
from kb.loader import gc_paused
from kb.model import Pack
from solver.space.check import BASE, READINGS, TARGET, Finding, check_pack, load_findings
from solver.space.model import Coverage
from solver.space.sequence_diff import SEQUENCE


def findings_of(pack: Pack, coverage: Coverage | None = None) -> list[Finding]:
    """`check_pack` with its messages' conditions in plain English (`explain.english`)."""
    from explain.english import say

    return check_pack(pack, coverage, words=say)


@gc_paused()  # a check runs once and ends: its pack and findings live to the end, so nothing is worth collecting
def run_check(args: argparse.Namespace) -> int:
    """The `check` command (packs load through the cache, as for `ask`)."""
    from kb.cache import load
    from rulings.options import readings_pack

    extra = list(args.with_files)
    try:
        pack = readings_pack(args, load(args.pack, extra=extra))
    except PackError as e:
        findings = [_mark_new(f, None, extra) for f in load_findings(e)]
        if args.format != "json":
            if not any(f.kind == "cycle" and len(f.rules) > 1 for f in findings):
                raise  # a pack that does not load is bad input: its located messages go to stderr, exit 2
            print(render_load_errors(findings, extra), file=sys.stderr)
            return 2
        _print(findings, args, extra, None)  # nothing was searched: no claim of coverage at all
        return 2
    coverage = Coverage()
    findings = findings_of(pack, coverage)
    if extra:
        before = {f.key for f in findings_of(readings_pack(args, load(args.pack)))}
        findings = [_mark_new(f, before, extra) for f in findings]
    _print(findings, args, extra, coverage)
    failing = {"error", "warning"} if args.strict else {"error"}
    return 1 if any(f.severity in failing for f in findings) else 0


def run_diff(args: argparse.Namespace) -> int:
    """The `diff` command: 0 whatever changed (a diff reports, it does not judge)."""
    from kb.cache import load as load_pack
    from rulings.options import readings_pack
    from solver.space.diff import diff_packs

    # --with and --reading apply to both sides: the same house rules and readings, before and after
    if args.new is None and not args.new_with:
        raise RulingsError("diff needs the pack after, or --new-with FILE (what FILE changes in the pack)",
                           hint="e.g. rulings diff fantasy my_fantasy.yaml, "
                                "or rulings diff fantasy --new-with errata.yaml")
    args.new = args.new or args.old
    old = readings_pack(args, load_pack(args.old, extra=args.with_files))
    new = readings_pack(args, load_pack(args.new, extra=[*args.with_files, *args.new_with]))
    extra, readings = list(args.with_files), list(args.readings)
    new_extra = [*extra, *args.new_with]
    result = diff_packs(old, new, args.quantity)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "changed_rules": list(result.changed_rules),
                    "exhaustive": result.exhaustive,
                    "searched": result.searched,
                    "coverage": {q: c.as_json() for q, c in result.coverage.items()},
                    "changes": [
                        {
                            "quantity": c.quantity,
                            "from": c.old,
                            "to": c.new,
                            "situations": c.count,
                            "causes": list(c.causes),
                            "witness": {n: json_value(v) for n, v in c.witness.items()},
                            "replay": [
                                replay_command(args.old, c.quantity, _known(old, c.witness), extra, readings),
                                replay_command(args.new, c.quantity, _known(new, c.witness), new_extra, readings),
                            ],
                        }
                        for c in result.changes
                    ],
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"changed rules: {', '.join(result.changed_rules) or 'none'}")
    by_cause: dict[tuple[str, tuple[str, ...]], list[Any]] = {}
    for c in result.changes:  # one paragraph per quantity and cause, with its smallest situation
        by_cause.setdefault((c.quantity, c.causes), []).append(c)
    for (quantity, causes), group in by_cause.items():
        shown = group if args.all else group[:1]
        for c in shown:
            situations = sum(g.count for g in group) if not args.all else c.count
            print(f"\n{quantity} changes in {_count(situations, 'situation')} searched "
                  f"(caused by {', '.join(causes)})")
            print(f"  smallest: {_given_text(c.witness)}")
            print(_answer_lines("before: ", c.old))
            print(_answer_lines("after:  ", c.new))
            before = replay_command(args.old, c.quantity, _known(old, c.witness), extra, readings)
            after = replay_command(args.new, c.quantity, _known(new, c.witness), new_extra, readings)
            print(f"  replay before: {before}\n  replay after:  {after}")
        if len(group) > len(shown):
            print(f"  ... and {_count(len(group) - 1, 'other change')} of answer from the same cause "
                  "(--all shows each; --format json lists them all)")
    searched = ", ".join(f"{q}: {n}" for q, n in result.searched.items())
    if result.exhaustive:
        verdict = "no ruling changes" if not result.changes else _count(len(result.changes), "change")
        print(f"\n{verdict}: proven over every situation")
    else:
        print(f"\n{_count(len(result.changes), 'change')} found, but the search was NOT exhaustive:")
        for q, covered in result.coverage.items():
            for reason in covered.reasons:
                print(f"  {q}: {reason}")
    print(f"(situations compared per quantity: {searched})")
    return 0




def _known(pack: Pack, witness: Mapping[str, Any]) -> dict[str, Any]:
    """The witness as the pack can be asked it: a fact only the other version has is no fact of this one (it
    cannot be given, and nothing of this version reads it)."""
    return {n: v for n, v in witness.items() if n in pack.facts or n in (BASE, TARGET, SEQUENCE)}


def replay_command(pack: str, quantity: str, given: Mapping[str, Any], extra: Sequence[str] = (),
                   readings: Sequence[str] = ()) -> str:
    """The `rulings ask` command that replays a witness, with the same --with files and --reading choices.

    Examples:
        >>> replay_command("fantasy", "to_hit", {"shooter.bs": 3, "shooter.moved": True})
        'rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true'
        >>> replay_command("skirmish", "cc_dice", {}, readings=["cc_penalties=once"])
        'rulings ask skirmish cc_dice --reading cc_penalties=once'
        >>> replay_command("skirmish", "attack", {"target.save": 5, SEQUENCE: {"attacks": 2, "hit": {"target": 4}}})
        'rulings ask skirmish attack --given target.save=5 --step attacks=2 --step hit.target=4'
    """
    words = ["rulings", "ask", pack, quantity]
    words += [w for f in extra for w in ("--with", f)] + [w for r in readings for w in ("--reading", r)]
    words += [w for name, value in given.items() if name not in (BASE, TARGET, SEQUENCE)
              for w in ("--given", f"{name}={show_value(value)}")]
    words += ["--base", show_value(given[BASE])] if BASE in given else []
    words += ["--target", show_value(given[TARGET])] if TARGET in given else []
    words += [w for k, v in _step_pairs(given.get(SEQUENCE, {})) for w in ("--step", f"{k}={show_value(v)}")]
    return " ".join(shlex.quote(w) for w in words)


def _step_pairs(inputs: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A sequence's inputs as `--step` pairs: `attacks=2`, `hit.target=4`."""
    pairs = []
    for key, value in inputs.items():
        pairs += [(f"{key}.{sub}", v) for sub, v in value.items()] if isinstance(value, dict) else [(key, value)]
    return pairs


def finding_json(f: Finding, pack: str, extra: Sequence[str] = (), readings: Sequence[str] = ()) -> dict[str, Any]:
    """One finding as JSON."""
    out: dict[str, Any] = {
        "severity": f.severity,
        "kind": f.kind,
        "key": f.key,
        "message": f.message,
        "rules": [{"name": name, "where": str(where)} for name, where in f.rules],
        "quantity": f.quantity,
        "new": f.new,
    }
    if f.cause:
        out["cause"] = f.cause
    if f.reason:
        out["reason"] = f.reason
    if f.witness is not None:
        out["witness"] = {n: json_value(v) for n, v in f.witness.items()}
        if f.quantity:
            out["replay"] = replay_command(pack, f.quantity, f.witness, extra, readings)
        out["answer"] = f.answer
    return out


def render_text(findings: Sequence[Finding], pack: str, extra: Sequence[str] = (), readings: Sequence[str] = ()) -> str:
    """The findings as a report for a rules writer."""
    lines = []
    for f in findings:
        mark = " [new]" if f.new else ""
        lines.append(f"{f.severity} {f.kind}{mark}: {f.message}")
        for name, where in f.rules:
            lines.append(f"  {where}: {name}")
        if f.reason:
            lines.append(f"  intended ({f.key}): {f.reason}")
        if f.witness is not None:
            lines.append(f"  witness: {_given_text(f.witness)}")
            if f.quantity:
                lines.append(f"  replay:  {replay_command(pack, f.quantity, f.witness, extra, readings)}")
            if f.answer:
                lines.append(_answer_lines("answers: ", f.answer))
        if not f.reason and f.kind != "stale_note":  # a stale note is removed, not explained
            lines.append(f"  (to mark it intended: notes: {{{f.key}: <why>}})")
        lines.append("")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "note")}
    lines.append(", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items()))
    return "\n".join(lines)


def check_json(findings: Sequence[Finding], pack: str, extra: Sequence[str], coverage: Any = None,
               readings: Sequence[str] = ()) -> dict[str, Any]:
    """The findings as JSON (`--format json`), with what the search covered."""
    return {
        "pack": pack,
        "with": list(extra),
        "readings": dict(r.split("=", 1) for r in readings),  # the --reading choices the pack was checked under
        **(coverage.as_json() if coverage else {}),
        "findings": [finding_json(f, pack, extra, readings) for f in findings],
    }


def _print(findings: list[Finding], args: argparse.Namespace, extra: Sequence[str], coverage: Coverage | None) -> None:
    if args.format == "json":
        print(json.dumps(check_json(findings, args.pack, extra, coverage, args.readings), ensure_ascii=False))
    else:
        print(render_text(findings, args.pack, extra, args.readings))
        if coverage is not None and not coverage.exhaustive:
            print("NOT exhaustive: " + "; ".join(coverage.reasons)
                  + ". What it did not cover is in the unproven notes; no error or warning rests on a guess.")


def render_load_errors(findings: Sequence[Finding], extra: Sequence[str] = ()) -> str:
    """A pack that does not load, for stderr: each problem where it is, a cycle with every name and policy in it.

    A problem an overlay is part of is placed in the overlay, and marked `[new]`.
    """
    files = _files(tuple(extra))
    lines = []
    for f in findings:
        first = f.rules[0][1] if f.rules else None
        where = next((w for _, w in f.rules if w.path and _resolved(w.path) in files), first)
        mark = " [new]" if f.new else ""
        lines.append(f"rulings: {where}: {f.kind}{mark}: {f.message}" if where else f"rulings: {f.message}")
        if f.kind == "cycle":
            lines += [f"  {w}: {name}" for name, w in f.rules]
    if len(findings) > 1:
        lines.append(f"{len(findings)} errors")
    return "\n".join(lines)


def _mark_new(f: Finding, before: set[str] | None, extra: Sequence[str] = ()) -> Finding:
    """`[new]`: a finding the pack alone does not have, or one that involves a rule or fact of an overlay."""
    from dataclasses import replace

    files = _files(tuple(extra))
    involved = any(_resolved(where.path) in files for _, where in f.rules if where.path)
    return replace(f, new=(before is not None and f.key not in before) or involved)


def _files(extra: tuple[str, ...]) -> frozenset[str]:
    from kb.locate import pack_files

    out = set()
    for name in extra:
        try:
            out |= {_resolved(str(p)) for p in pack_files(name)}
        except (RulingsError, OSError):  # an overlay that is no file (uploaded): its name is its place
            out.add(_resolved(name))
    return frozenset(out)


def _resolved(path: str) -> str:
    from pathlib import Path

    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):
        return path


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _answer_lines(label: str, answer: str) -> str:
    """An answer after its label; each reading's answer on its own line, under the first."""
    first, *rest = answer.split(READINGS)
    pad = " " * (2 + len(label))
    return "\n".join([f"  {label}{first}", *(f"{pad}{r}" for r in rest)])


def _given_text(given: Mapping[str, Any]) -> str:
    facts = [f"{k} = {show_value(v)}" for k, v in given.items() if k != SEQUENCE]
    return ", ".join([*facts, *(f"{k} = {show_value(v)}" for k, v in _step_pairs(given.get(SEQUENCE, {})))]) \
        or "the defaults"

