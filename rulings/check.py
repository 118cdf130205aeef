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
from collections.abc import Mapping, Sequence
from typing import Any

from kb.errors import PackError
from solver.space.check import Finding, check_pack, load_findings
from solver.space.model import Coverage


def run_check(args: argparse.Namespace) -> int:
    """The `check` command."""
    from kb.loader import load_pack

    extra = list(args.with_files)
    try:
        pack = load_pack(args.pack, extra=extra)
    except PackError as e:
        if args.format != "json":
            raise  # a pack that does not load is bad input: its located messages go to stderr, exit 2
        _print(load_findings(e), args, extra, Coverage())
        return 2
    coverage = Coverage()
    findings = check_pack(pack, coverage)
    if extra:
        before = {f.key for f in check_pack(load_pack(args.pack))}
        findings = [_mark_new(f, before) for f in findings]
    _print(findings, args, extra, coverage)
    failing = {"error", "warning"} if args.strict else {"error"}
    return 1 if any(f.severity in failing for f in findings) else 0


def run_diff(args: argparse.Namespace) -> int:
    """The `diff` command: 0 whatever changed (a diff reports, it does not judge)."""
    from kb.loader import load_pack
    from solver.space.diff import diff_packs

    old, new = load_pack(args.old), load_pack(args.new)
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
                            "witness": dict(c.witness),
                            "replay": [
                                replay_command(args.old, c.quantity, c.witness),
                                replay_command(args.new, c.quantity, c.witness),
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
    for c in result.changes:
        print(f"\n{c.quantity}: {c.old}  ->  {c.new}")
        print(f"  in {c.count} situation(s) searched; caused by {', '.join(c.causes)}")
        print(f"  smallest: {_given_text(c.witness)}")
        print(f"  replay: {replay_command(args.new, c.quantity, c.witness)}")
    searched = ", ".join(f"{q}: {n}" for q, n in result.searched.items())
    if result.exhaustive:
        verdict = "no ruling changes" if not result.changes else f"{len(result.changes)} change(s)"
        print(f"\n{verdict}: proven over every situation")
    else:
        print(f"\n{len(result.changes)} change(s) found, but the search was NOT exhaustive:")
        for q, c in result.coverage.items():
            for reason in c.reasons:
                print(f"  {q}: {reason}")
    print(f"(situations compared per quantity: {searched})")
    return 0


BASE = "base"
"""A witness's key for the quantity's base, where the pack does not derive it (a characteristic)."""


def replay_command(pack: str, quantity: str, given: Mapping[str, Any], extra: Sequence[str] = ()) -> str:
    """The `rulings ask` command that replays a witness.

    Examples:
        >>> replay_command("fantasy", "to_hit", {"shooter.bs": 3, "shooter.moved": True})
        'rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true'
    """
    words = ["rulings", "ask", pack, quantity]
    words += [w for f in extra for w in ("--with", f)]
    words += [w for name, value in given.items() if name != BASE for w in ("--given", f"{name}={_value(value)}")]
    words += ["--base", _value(given[BASE])] if BASE in given else []
    return " ".join(shlex.quote(w) for w in words)


def finding_json(f: Finding, pack: str, extra: Sequence[str] = ()) -> dict[str, Any]:
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
    if f.reason:
        out["reason"] = f.reason
    if f.witness is not None:
        out["witness"] = dict(f.witness)
        if f.quantity:
            out["replay"] = replay_command(pack, f.quantity, f.witness, extra)
        out["answer"] = f.answer
    return out


def render_text(findings: Sequence[Finding], pack: str, extra: Sequence[str] = ()) -> str:
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
                lines.append(f"  replay:  {replay_command(pack, f.quantity, f.witness, extra)}")
            if f.answer:
                lines.append(f"  answers: {f.answer}")
        if not f.reason and f.kind not in ("stale_note", "load_error", "cycle"):
            lines.append(f"  (to mark it intended: notes: {{{f.key}: <why>}})")
        lines.append("")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "note")}
    lines.append(", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items()))
    return "\n".join(lines)


def check_json(findings: Sequence[Finding], pack: str, extra: Sequence[str], coverage: Any = None) -> dict[str, Any]:
    """The findings as JSON (`--format json`), with what the search covered."""
    return {
        "pack": pack,
        "with": list(extra),
        **(coverage.as_json() if coverage else {}),
        "findings": [finding_json(f, pack, extra) for f in findings],
    }


def _print(findings: list[Finding], args: argparse.Namespace, extra: Sequence[str], coverage: Coverage) -> None:
    if args.format == "json":
        print(json.dumps(check_json(findings, args.pack, extra, coverage), ensure_ascii=False))
    else:
        print(render_text(findings, args.pack, extra))
        if not coverage.exhaustive:
            print("NOT exhaustive: " + "; ".join(coverage.reasons)
                  + ". What it did not cover is in the unproven notes; no error or warning rests on a guess.")


def _mark_new(f: Finding, before: set[str]) -> Finding:
    from dataclasses import replace

    return replace(f, new=f.key not in before)


def _given_text(given: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} = {_value(v)}" for k, v in given.items()) or "the defaults"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
