"""The JSON API: the same answers, in the same JSON, as the command line's `--format json`.

A situation travels in the query string the way it does on the command line:
`?pack=fantasy&quantity=to_hit&given=shooter.bs=3&given=shooter.moved=true`,
so the explorer page's own URL is a valid API query. Bad input raises
`RulingsError`, which `rulings.web.app` turns into a 400 with the command
line's message.
"""

from __future__ import annotations

import argparse
from typing import Any

from starlette.requests import Request

from kb.errors import RulingsError
from rulings.web.packs import Packs

MAX_FIND_FACTS = 5
"""The most facts `find` may set beyond those given, from the web (the command line's default)."""

SEARCH_SECONDS = 20.0
"""How long one request's search (find, check) may run; past it the answer says it is not exhaustive."""


def arguments(request: Request, *, need: tuple[str, ...] = ("pack", "quantity")) -> argparse.Namespace:
    """The query string as the command line's parsed arguments (no situation file: nothing is read from disk)."""
    q = request.query_params
    for name in need:
        if not q.get(name):
            raise RulingsError(f"the query needs {name}=...", hint="e.g. ?pack=fantasy&quantity=to_hit")
    roll = q.get("roll")
    if roll is not None and roll.strip():
        from rulings.cli import _roll

        try:
            roll = _roll(roll.strip())
        except argparse.ArgumentTypeError as e:
            raise RulingsError(f"roll: {e}") from None
    return argparse.Namespace(pack=q.get("pack", ""), quantity=q.get("quantity", ""), rule=q.get("rule", ""),
                              where=q.get("where", ""), given=[g for g in q.getlist("given") if g.strip()],
                              base=q.get("base") or None, roll=roll if isinstance(roll, int) else None,
                              situation=None, max_facts=_max_facts(q.get("max_facts")), with_files=[])


def _max_facts(text: str | None) -> int:
    if not text:
        return MAX_FIND_FACTS
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_FIND_FACTS:
        raise RulingsError(f"max_facts: {text[:20]!r} is not a whole number from 0 to {MAX_FIND_FACTS}")
    return int(text)


def ask_json(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings ask --format json`."""
    from explain.json import ruling_json
    from rulings.cli import _read_situation
    from solver.ask import ask

    pack = packs.get(args.pack)
    return ruling_json(ask(pack, args.quantity, _read_situation(args, pack)))


def brief_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """What the explorer shows: the ruling's JSON and the short ruling `rulings ask` prints, line by line."""
    from explain.brief import MARKS, brief_lines, brief_text
    from explain.json import ruling_json
    from rulings.cli import _read_situation
    from solver.ask import ask

    pack = packs.get(args.pack)
    ruling = ask(pack, args.quantity, _read_situation(args, pack))
    lines = brief_lines(ruling, pack)
    return {"ruling": ruling_json(ruling), "text": brief_text(ruling, pack),
            "lines": [{"depth": line.depth, "tag": line.tag, "mark": MARKS.get(line.tag, ""), "text": line.text,
                       "cite": line.cite} for line in lines]}


def why_not_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings why-not --format json`."""
    from rulings.cli import _read_situation
    from rulings.faq import _command, why_not_json
    from solver.space.whynot import why_not

    pack = packs.get(args.pack)
    result = why_not(pack, args.quantity, args.rule, _read_situation(args, pack))
    return why_not_json(result, [_command(args, c.as_given()) for c in result.changes])


def find_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings find --format json`."""
    from rulings.cli import _read_situation
    from rulings.faq import find_json
    from solver.space.find import find

    pack = packs.get(args.pack)
    coverage = _coverage()
    found = find(pack, args.quantity, args.where, _read_situation(args, pack), max_facts=args.max_facts,
                 coverage=coverage)
    return find_json(pack, args, found, coverage)


def _coverage() -> Any:
    """A search's record, with this request's deadline."""
    import time

    from solver.space.model import Coverage

    return Coverage(deadline=time.monotonic() + SEARCH_SECONDS)


def faq_answer(packs: Packs, name: str) -> dict[str, Any]:
    """`rulings faq --format json` (made once per pack version)."""
    from explain.faq import faq, faq_json

    pack = packs.get(name)
    return packs.memo(name, "faq", None, lambda: faq_json(pack, faq(pack)))  # type: ignore[no-any-return]


def faq_markdown_text(packs: Packs, name: str) -> str:
    """`rulings faq` (Markdown)."""
    from explain.faq import faq, faq_markdown

    pack = packs.get(name)
    return packs.memo(name, "faq.md", None, lambda: faq_markdown(pack, faq(pack)))  # type: ignore[no-any-return]


OVERLAY = "overlay.yaml"
"""The name an uploaded overlay's messages use for it."""


def check_answer(packs: Packs, name: str, body: bytes) -> dict[str, Any]:
    """`rulings check PACK --with FILE --format json`, the overlay uploaded instead of read from disk.

    The overlay goes through the same strict reader and loader as a file; a
    load error is raised (a 400 naming `overlay.yaml`, line and column).
    Without an overlay, the pack's own findings.
    """
    from kb.document import decode, read_document, read_yaml
    from kb.loader import build_pack
    from kb.locate import pack_files
    from rulings.check import _mark_new, check_json
    from rulings.check import findings_of as check_pack

    base = packs.get(name)
    own_coverage = _coverage()
    own, own_coverage = packs.memo(name, "check", None, lambda: (check_pack(base, own_coverage), own_coverage))
    if not body.strip():
        return check_json(own, name, [], own_coverage)
    overlay = read_yaml(decode(body, OVERLAY), OVERLAY)
    documents = [read_document(f, f.name, what="pack file") for f in pack_files(packs.source(name))]
    pack = build_pack([*documents, overlay], base.name, overlay=len(documents))
    before = {f.key for f in own}
    coverage = _coverage()
    return check_json([_mark_new(f, before, [OVERLAY]) for f in check_pack(pack, coverage)], name, [OVERLAY], coverage)


def packs_json(packs: Packs) -> list[dict[str, Any]]:
    """`rulings packs --format json`, for the served packs."""
    out = []
    for name in packs.names():
        p = packs.get(name)
        out.append({"name": name, "title": p.title, "quantities": list(p.quantities)})
    return out


def vocabulary_json(packs: Packs, name: str) -> dict[str, Any]:
    """What the explorer builds its controls from: facts, quantities, rules and readings, with their texts."""
    from explain.english import say

    pack = packs.get(name)
    facts = []
    for f in pack.facts.values():
        default = sorted(f.default) if isinstance(f.default, frozenset | set) else f.default
        fact: dict[str, Any] = {"name": f.name, "kind": f.type.kind, "text": f.text, "default": default,
                                "group": f.name.split(".", 1)[0] if "." in f.name else ""}
        if f.range:
            fact["range"] = list(f.range)
        if f.type.values:
            fact["values"] = list(f.type.values)
        if f.typical is not None:
            fact["typical"] = f.typical
        if f.derive is not None:
            fact["derive"] = f.derive.text
            fact["from"] = sorted(f.derive.names)
        if f.cite is not None:
            fact["cite"] = str(f.cite)
        facts.append(fact)
    return {
        "name": name, "title": pack.title, "source": packs.source(name), "facts": facts,
        "quantities": [{"name": q.name, "kind": q.kind, "text": q.text, "characteristic": q.characteristic,
                        "effects": q.effects, "rules": [m.name for m in pack.modifiers_of(q.name)]}
                       for q in pack.quantities.values()],
        "rules": [{"name": m.name, "text": m.text or say(pack, m.when), "quantities": list(m.quantities),
                   "cite": str(m.cite) if m.cite else None} for m in pack.modifiers.values()],
        "policies": [{"name": p.name, "kind": p.kind, "text": p.text or p.label,
                      "cite": str(p.cite) if p.cite else None} for p in pack.policies.values()],
        "readings": [{"name": r.name, "sentence": r.sentence, "options": [o for o, _ in r.options],
                      "default": r.default} for r in pack.readings.values()],
    }
