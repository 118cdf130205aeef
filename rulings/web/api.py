"""The JSON API: the same answers, in the same JSON, as the command line's `--format json`.

A situation travels in the query string the way it does on the command line:
`?pack=fantasy&quantity=to_hit&given=shooter.bs=3&given=shooter.moved=true`,
so the explorer page's own URL is a valid API query. A sequence of the pack (a
whole attack) is asked by its name as `quantity`, its inputs as `--step`:
`?pack=skirmish&quantity=attack&given=attacker.to_hit=4&step=attacks=6`. Bad input raises
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


QUERY_KEYS = ("pack", "quantity", "given", "base", "roll", "target", "reroll", "unmodified", "effects", "reading",
              "ignore", "weapons", "step", "rule", "where", "max_facts")
"""The query string's keys: the command line's options and the situation file's keys, by the same names."""

MANY = ("given", "reroll", "unmodified", "effects", "reading", "ignore", "step")
"""The keys that may repeat (`effects=+1&effects=-1`)."""


def arguments(request: Request, *, need: tuple[str, ...] = ("pack", "quantity")) -> argparse.Namespace:
    """The query string as the command line's parsed arguments (no situation file: nothing is read from disk).

    Beyond the command line's `given`, `base` and `roll`, the query takes the situation file's keys
    (SPEC 3.1): `effects` (`+1`, `x2`, `=3+`, or `NAME=OP` for a named one), `target`, `reroll`,
    `unmodified`, `reading` (`ID=OPTION`, as `--reading`), `ignore` (a rule name; `ignore=` alone: ignore
    nothing), `weapons`; and for a sequence, `step` (`KEY=VALUE`, as `--step`: `attacks=6`, `hit.target=3`,
    `hit.reroll=ones`). An unknown key is refused, never dropped.
    """
    from kb.errors import did_you_mean

    q: dict[str, list[str]] = {}  # each key's values in order, read in one pass (a key's last value is its value)
    for key, value in request.query_params.multi_items():
        if key in q:
            q[key].append(value)
        else:
            q[key] = [value]
    for key in q:
        if key not in QUERY_KEYS:
            raise RulingsError(f"unknown query key {key[:40]!r}",
                               hint=did_you_mean(key, QUERY_KEYS) or "known: " + ", ".join(QUERY_KEYS))
    for key, values in q.items():
        if key not in MANY and len(values) > 1:
            raise RulingsError(f"{key}= is given {len(values)} times; it takes one value",
                               hint=f"repeatable: {', '.join(MANY)}")
    for name in need:
        if not _one(q, name):
            raise RulingsError(f"the query needs {name}=...", hint="e.g. ?pack=fantasy&quantity=to_hit")
    rolled = _one(q, "roll")
    roll = _whole("roll", rolled.strip()) if rolled is not None and rolled.strip() else None
    return argparse.Namespace(pack=_one(q, "pack") or "", quantity=_one(q, "quantity") or "",
                              rule=_one(q, "rule") or "", where=_one(q, "where") or "",
                              given=[g for g in q.get("given", ()) if g.strip()],
                              base=_one(q, "base") or None, roll=roll,
                              situation=None, max_facts=_max_facts(_one(q, "max_facts")), with_files=[],
                              readings=[r for r in q.get("reading", ()) if r.strip()], more=_more(q),
                              step=[s for s in q.get("step", ()) if s.strip()])


def _one(q: dict[str, list[str]], key: str) -> str | None:
    """A key's value in the query (its last, as Starlette's `query_params[key]`), or None."""
    values = q.get(key)
    return values[-1] if values else None


def _whole(key: str, text: str) -> int:
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
        raise RulingsError(f"{key}: {text[:20]!r} is not a whole number")
    return int(text)


def _more(q: dict[str, list[str]]) -> dict[str, Any]:
    """The situation file's keys the query gives, as a situation file would hold them."""
    from kb.document import read_scalar

    more: dict[str, Any] = {}
    effects = [e.strip() for e in q.get("effects", ()) if e.strip()]
    if effects:
        more["effects"] = [{"name": e.partition("=")[0].strip(), "op": e.partition("=")[2].strip()}
                           if "=" in e[1:] and not e.startswith("=") else e for e in effects]
    for key in ("target", "weapons"):
        text = (_one(q, key) or "").strip()
        if text:
            more[key] = read_scalar(text, key)
    for key in ("reroll", "unmodified"):
        listed = [read_scalar(v.strip(), key) for v in q.get(key, ()) if v.strip()]
        if listed:
            more[key] = listed if len(listed) > 1 or key == "reroll" else listed[0]
    if "ignore" in q:
        more["ignore"] = [v.strip() for v in q["ignore"] if v.strip()]
    return more


def read_situation(args: argparse.Namespace, pack: Any) -> Any:
    """The situation the query states, checked against the pack as `rulings ask` checks its options."""
    from kb.errors import Span
    from rulings.options import with_options
    from solver.situation import Situation, situation_from_data

    more = getattr(args, "more", {})
    return with_options(args, pack, situation_from_data(more, pack, Span("the query")) if more else Situation())


def _max_facts(text: str | None) -> int:
    if not text:
        return MAX_FIND_FACTS
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_FIND_FACTS:
        raise RulingsError(f"max_facts: {text[:20]!r} is not a whole number from 0 to {MAX_FIND_FACTS}")
    return int(text)


def ask_json(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings ask --format json`: a quantity's ruling, or a sequence's resolution (a whole attack)."""
    from rulings.api import answer

    pack = packs.get(args.pack)
    situation = read_situation(args, pack)
    if args.quantity in pack.quantities:
        packs.note_asked(args.pack, pack, args.quantity)  # (see `quick_ask`)
    return answer(pack, args.quantity, situation)


QUICK_QUERY_BYTES = 2048
"""The longest query `/api/ask` may answer on the event loop (`quick_ask`): reading a longer one is work in itself."""


def quick_ask(packs: Packs, args: argparse.Namespace) -> str | None:
    """`ask_json`'s answer, as JSON text, where it is quick to make (tens of microseconds: no reason to leave the
    event loop for a worker thread), else None, and `ask_json` makes it in a worker thread. The text is written
    from the ruling's parts as `rulings.batch.ruling_text` writes them, each shared part once.

    Quick is what the request asks of a pack already loaded and unchanged: a quantity (not a sequence: a whole
    attack) whose first rulings were made in a worker thread (`solver.ask.COMPILE_AFTER` of them: by then the
    quantity's ruling is compiled, `solver.compiled`, and the indexes its rulings read are built: one-off work of
    milliseconds on a large pack), in a situation without groups that needs no cases (every fact the ruling reads
    is given or has a default). A situation that needs cases (up to `solver.ask.MAX_CASES` rulings) is refused by
    `ask(..., cases=False)` at the first unknown fact the ruling reads, before any branch is made, and goes to
    `ask_json`; so does any error that `ask(..., cases=False)` raises, for `ask_json` to word it as it would have
    (an error of reading the query is the same either way, and is raised here).
    """
    from rulings.batch import ruling_text
    from solver.ask import COMPILE_AFTER, ask

    pack = packs.loaded(args.pack)
    if pack is None or args.quantity not in pack.quantities:
        return None
    if packs.asked(args.pack, pack, args.quantity) < COMPILE_AFTER:
        return None
    situation = read_situation(args, pack)
    if situation.groups:
        return None
    try:
        ruling = ask(pack, args.quantity, situation, cases=False)
    except RulingsError:
        return None
    return ruling_text(ruling)


def is_sequence(pack: Any, name: str) -> bool:
    """Whether `name` asks a sequence of the pack: a sequence of that name and no quantity of it (as `rulings ask`)."""
    return name in pack.sequences and name not in pack.quantities


def brief_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """What the explorer shows: the ruling's JSON and the short ruling `rulings ask` prints, line by line.

    For a sequence: `{"sequence": ..., "text": ..., "lines": ...}`, the sequence's JSON (as `/api/ask`)
    and the short answer `rulings ask PACK SEQUENCE` prints, each line tagged (`sequence_lines`).
    """
    from explain.brief import MARKS, brief_lines, brief_text
    from explain.json import ruling_json
    from solver.ask import ask

    pack = packs.get(args.pack)
    if is_sequence(pack, args.quantity):
        from explain.sequence import sequence_json, sequence_text
        from solver.sequence import resolve

        resolved = resolve(pack, args.quantity, read_situation(args, pack))
        text = sequence_text(resolved, pack)
        lines = [{**line, "text": on_the_page(line["text"])} for line in sequence_lines(resolved, text)]
        return {"sequence": sequence_json(resolved), "text": text, "lines": lines}
    ruling = ask(pack, args.quantity, read_situation(args, pack))
    return {"ruling": ruling_json(ruling), "text": brief_text(ruling, pack),
            "lines": [{"depth": line.depth, "tag": line.tag, "mark": MARKS.get(line.tag, ""),
                       "text": on_the_page(line.text), "cite": line.cite} for line in brief_lines(ruling, pack)]}


PAGE_WORDS = (
    (" (--full lists them)", " (listed under “Rules that did not count”)", "not shown: "),
    (" more weighed (--full lists them)", " more weighed", ""),
    ("give the facts (--given FACT=VALUE) for one ruling", "give those facts above for one ruling", ""),
)
"""The short answer's command-line hints, as the explorer says them: (hint, words, only in a line starting so)."""


def on_the_page(text: str) -> str:
    """A line of the short answer with its command-line hints (`--full`, `--given`) said as the page does it
    (`text`, the command line's whole answer, keeps them).

    Examples:
        >>> on_the_page("not shown: 3 rules that did not apply (--full lists them)")
        'not shown: 3 rules that did not apply (listed under “Rules that did not count”)'
        >>> on_the_page("instead: ignoring nothing gives 4+; 2 more weighed (--full lists them)")
        'instead: ignoring nothing gives 4+; 2 more weighed'
        >>> on_the_page("give the facts (--given FACT=VALUE) for one ruling with its reasons")
        'give those facts above for one ruling with its reasons'
    """
    for hint, words, start in PAGE_WORDS:
        if hint in text and text.startswith(start):
            text = text.replace(hint, words)
    return text


def sequence_lines(resolved: Any, text: str) -> list[dict[str, Any]]:
    """The short answer's lines, each with its depth and what it says: `headline`, `chances` (the key "at
    least" chances), `reading` (the outcome under another reading of an ambiguous sentence), `attacks`, `step`
    (with its `step` name: dice in, chance per die, dice out), `damage`, `assumption`, and under a step the
    `reason`s for its chance (a rule that counted, its sentence).

    Examples:
        >>> from kb.loader import load_pack
        >>> from explain.sequence import sequence_text
        >>> from solver.sequence import resolve
        >>> from solver.situation import Situation
        >>> p = load_pack("skirmish")
        >>> r = resolve(p, "attack", Situation(given={"attacker.to_hit": 4, "target.save": 5}, sequence={"attacks": 6}))
        >>> [(x["tag"], x.get("step")) for x in sequence_lines(r, sequence_text(r, p))][:5]
        [('headline', None), ('chances', None), ('attacks', None), ('step', 'hit'), ('step', 'save')]
    """
    rolls = [*resolved.steps, *([resolved.point] if resolved.point is not None else [])]
    starts = {f"{s.step.name} ({s.step.roll}): ": s.step.name for s in rolls}
    attacks = 2 + len(resolved.readings)  # after the headline, the chances and a line for each other reading
    out: list[dict[str, Any]] = []
    for i, raw in enumerate(text.splitlines()):
        body = raw.lstrip(" ")
        depth = (len(raw) - len(body)) // 2
        line: dict[str, Any] = {"depth": depth, "text": body}
        step = next((name for start, name in starts.items() if body.startswith(start)), None) if depth == 1 else None
        if i == 0:
            line["tag"] = "headline"
        elif i == 1:
            line["tag"] = "chances"
        elif i < attacks:
            line["tag"] = "reading"
        elif i == attacks:
            line["tag"] = "attacks"
        elif step is not None:
            line.update(tag="step", step=step)
        elif depth == 1 and body.startswith("damage: "):
            line["tag"] = "damage"
        elif depth == 1 and body.startswith("? assumes: "):
            line.update(tag="assumption", text=body.removeprefix("? assumes: "))
        else:
            line["tag"] = "reason"
        out.append(line)
    return out


def why_not_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings why-not --format json`."""
    from rulings.faq import _command, why_not_json
    from solver.space.whynot import why_not

    pack = packs.get(args.pack)
    result = why_not(pack, args.quantity, args.rule, read_situation(args, pack))
    return why_not_json(result, [_command(args, c.as_given()) for c in result.changes])


def find_answer(packs: Packs, args: argparse.Namespace) -> dict[str, Any]:
    """`rulings find --format json`."""
    from rulings.faq import find_json
    from solver.space.find import find

    pack = packs.get(args.pack)
    coverage = _coverage()
    found = find(pack, args.quantity, args.where, read_situation(args, pack), max_facts=args.max_facts,
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
    from kb.document import decode, read_yaml
    from kb.loader import build_pack, pack_documents
    from rulings.check import _mark_new, check_json
    from rulings.check import findings_of as check_pack

    base = packs.get(name)
    own_coverage = _coverage()
    own, own_coverage = packs.memo(name, "check", None, lambda: (check_pack(base, own_coverage), own_coverage))
    if not body.strip():
        return check_json(own, name, [], own_coverage)
    overlay = read_yaml(decode(body, OVERLAY), OVERLAY)
    documents = pack_documents(packs.source(name))  # the pack's own files: an overlay beside it is left out
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
    reads = facts_read(pack)
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
                        "effects": q.effects, "rules": [m.name for m in pack.modifiers_of(q.name)],
                        "takes": takes(pack, q), "reads": reads[q.name], "dice": q.dice,
                        "readings": readings_of(pack, q.name)}
                       for q in pack.quantities.values()],
        "sequences": [sequence_vocabulary(pack, s, reads) for s in pack.sequences.values()
                      if s.name not in pack.quantities],
        "rules": [{"name": m.name, "text": m.text or say(pack, m.when), "quantities": list(m.quantities),
                   "cite": str(m.cite) if m.cite else None} for m in pack.modifiers.values()],
        "policies": [{"name": p.name, "kind": p.kind, "text": p.text or p.label,
                      "cite": str(p.cite) if p.cite else None, "reads": sorted(p.when.names) if p.when else []}
                     for p in pack.policies.values()],
        "readings": [{"name": r.name, "sentence": r.sentence, "options": [o for o, _ in r.options],
                      "texts": [t for _, t in r.options], "default": r.default, "decides": _names(r.decides)}
                     for r in pack.readings.values()],
    }


def sequence_vocabulary(pack: Any, seq: Any, reads: dict[str, list[str]]) -> dict[str, Any]:
    """A sequence (a whole attack) as the explorer offers it: its inputs, and for each step (the roll for each
    point of damage last) what the situation may give it (`takes`: `target` where the pack gives none and the
    roll is not a score, `reroll` where the roll may be modified), with the facts its rolls read.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("wh40k")
        >>> s = sequence_vocabulary(pack, pack.sequences["attack"], facts_read(pack))
        >>> s["takes"], s["attacks"], [(x["name"], x["takes"]) for x in s["steps"]][:1]
        (['attacks', 'weapons', 'damage', 'models', 'wounds'], 'A', [('hit', ['target', 'reroll'])])
    """
    used = [s.roll for s in seq.rolls] + [q for q in (seq.attacks, seq.damage) if q is not None]
    names: set[str] = {f for q in used for f in reads.get(q, [])}
    exprs = [seq.models, seq.wounds, *(s.target for s in seq.rolls),
             *(x for s in seq.rolls for e in s.events for x in (e.when, e.extra, e.damage))]
    names |= {n for x in exprs if x is not None for n in x.names}
    own = seq.attacks is not None and pack.quantities[seq.attacks].base is not None
    steps = []
    for s in seq.rolls:
        score = pack.quantities[s.roll].kind == "score"
        steps.append({"name": s.name, "roll": s.roll, "passes": s.passes, "keep": s.keep, "modified": s.modified,
                      "each_point": s is seq.each_point, "target": s.target.text if s.target is not None else None,
                      "takes": [*(["target"] if s.target is None and not score else []),
                                *(["reroll"] if s.modified and not score else [])]})
    readings: list[str] = []
    for q in dict.fromkeys(used):
        readings += [r for r in readings_of(pack, q) if r not in readings]
    return {"name": seq.name, "text": seq.text, "attacks": seq.attacks, "damage": seq.damage,
            "models": seq.models.text if seq.models is not None else None,
            "wounds": seq.wounds.text if seq.wounds is not None else None, "carry_over": seq.carry_over,
            "takes": [k for k in ("attacks", "weapons", "damage", "models", "wounds") if k != "attacks" or not own],
            "steps": steps, "reads": sorted(n for n in names if n in pack.facts), "readings": readings}


def takes(pack: Any, q: Any) -> list[str]:
    """The situation keys a quantity takes beyond its facts: what the explorer offers controls for.

    Examples:
        >>> from kb.loader import load_pack
        >>> pack = load_pack("wh40k")
        >>> takes(pack, pack.quantities["Sv"]), takes(pack, pack.quantities["hit_roll"])
        (['base', 'effects', 'ignore'], ['roll', 'target', 'reroll', 'unmodified', 'effects', 'ignore'])
        >>> takes(load_pack("fantasy"), load_pack("fantasy").quantities["to_hit"])
        []
    """
    rolled = q.kind in ("total", "roll")
    out = [*(["base"] if q.base is None and not rolled else []),
           *(["roll", "target", "reroll", "unmodified"] if rolled else []), *(["effects"] if q.effects else [])]
    if any(p.kind == "choice" for p in pack.policies.values()):
        out.append("ignore")
    return out


def facts_read(pack: Any) -> dict[str, list[str]]:
    """For each quantity, the facts its rules, base and policies read (through derived facts), sorted."""
    import networkx as nx

    from kb.graph import dependency_graph

    graph = dependency_graph(pack)
    out = {}
    for name in pack.quantities:
        node = ("quantity", name)
        ancestors = nx.ancestors(graph, node) if node in graph else set()
        out[name] = sorted(n[1] for n in ancestors if n[0] == "fact")
    return out


def _names(decides: Any) -> list[str]:
    if not decides:
        return []
    if isinstance(decides, str):
        return [decides]
    return [str(getattr(d, "name", d)) for d in decides]


def readings_of(pack: Any, quantity: str) -> list[str]:
    """The declared readings that can change a quantity, as a ruling of it lists them: those its rules or policies
    are under, or its expressions read (`solver.ask.readings_of`).

    Examples:
        >>> from kb.loader import load_pack
        >>> readings_of(load_pack("skirmish"), "cc_dice"), readings_of(load_pack("skirmish"), "save")
        (['cc_penalties'], [])
        >>> readings_of(load_pack("wh40k"), "wounds_regained")
        ['starting_wounds']
    """
    from solver.ask import readings_of as tied

    return [r.name for r in tied(pack, pack.quantities[quantity])]
