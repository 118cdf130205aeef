"""Rulings from Python: the command line's answers as plain, JSON-ready dicts.

Each function takes a pack (a `Pack`, or a built-in name or path, loaded
through the pack cache) and returns what the matching command prints with
`--format json`. Bad input raises `kb.RulingsError` (its message is the one
the command line prints). A situation is a mapping shaped like a situation
file (`given`, `base`, `effects`, `roll`, ...); `given` is a shortcut for
its facts.

`ask`, `find`, `load_pack` and `why_not` are also importable from `rulings`.

Examples:
    >>> from rulings import ask, load_pack
    >>> fantasy = load_pack("fantasy")
    >>> r = ask(fantasy, "to_hit", {"shooter.bs": 3, "shooter.moved": True})
    >>> r["display"], [a["rule"] for a in r["applied"]], r["probability"]
    ('5+', ['moved'], '1/3')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the loader and solver load on first use: `import rulings` stays cheap
    from kb.model import Pack
    from solver.situation import Situation

__all__ = ["ask", "check", "faq", "find", "load_pack", "why_not"]


def load_pack(name_or_path: str, *, extra: Sequence[str] = ()) -> Pack:
    """A built-in pack by name, or a pack file or folder, with house-rule files merged over it.

    Loaded packs are cached (see `kb.cache`), so a second load of an unchanged pack is fast.

    Examples:
        >>> load_pack("skirmish").name
        'skirmish'
        >>> load_pack("no_such_pack")
        Traceback (most recent call last):
        ...
        kb.errors.UnknownName: unknown pack 'no_such_pack'
          hint: known: fantasy, skirmish, wh40k
    """
    from kb.cache import load

    return load(name_or_path, extra=extra)


def ask(pack: Pack | str, quantity: str, given: Mapping[str, Any] | None = None, *,
        situation: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A ruling, as `rulings ask --format json` prints it; for a sequence of the pack (a whole attack), its
    resolution, as `rulings ask PACK SEQUENCE --format json` prints it.

    Examples:
        >>> r = ask("wh40k", "S", situation={"base": 4, "effects": ["+1", "x2"]})
        >>> r["value"], [a["change"] for a in r["applied"]]
        (9, ['+1', 'x2'])
        >>> ask("fantasy", "to_hit", {"shooter.bz": 3})
        Traceback (most recent call last):
        ...
        kb.errors.UnknownName: situation: unknown fact 'shooter.bz'
          hint: did you mean 'shooter.bs' or 'shooter.los' or 'shooter.moved'?
        >>> attack = ask("skirmish", "attack", {"attacker.to_hit": 4, "target.save": 5},
        ...              situation={"sequence": {"attacks": 6}})
        >>> attack["steps"][0]["chance"], attack["steps"][1]["out"]["mean"]
        ('1/2', '2')
    """
    loaded = _pack(pack)
    return answer(loaded, quantity, _situation(loaded, given, situation))


def answer(pack: Pack, name: str, situation: Situation) -> dict[str, Any]:
    """The JSON answer to `name` in `situation`: a quantity's ruling, or a sequence's resolution where the pack
    has a sequence of that name and no quantity of it (as `rulings ask` chooses)."""
    if name in pack.sequences and name not in pack.quantities:
        from explain.sequence import sequence_json
        from solver.sequence import resolve

        return sequence_json(resolve(pack, name, situation))
    from explain.json import ruling_json
    from solver.ask import ask as solve

    return ruling_json(solve(pack, name, situation))


def why_not(pack: Pack | str, quantity: str, rule: str, given: Mapping[str, Any] | None = None, *,
            situation: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Why `rule` did not count, and the smallest changes that make it count (`rulings why-not --format json`).

    Examples:
        >>> w = why_not("fantasy", "to_hit", "lone_model", {"shooter.bs": 3, "target.unit_strength": 5})
        >>> w["status"], w["counts"]
        ('failed', False)
        >>> [c["display"] for c in w["changes"]][:1]
        ['5+']
    """
    from rulings.faq import why_not_json
    from solver.space.whynot import replay_command
    from solver.space.whynot import why_not as explain

    loaded = _pack(pack)
    chosen = _situation(loaded, given, situation)
    result = explain(loaded, quantity, rule, chosen)
    commands = [replay_command(loaded.name, quantity, c, given=chosen.given) for c in result.changes]
    return why_not_json(result, commands)


def find(pack: Pack | str, quantity: str, where: str, given: Mapping[str, Any] | None = None, *,
         situation: Mapping[str, Any] | None = None, max_facts: int = 5) -> dict[str, Any]:
    """The minimal situations whose ruling satisfies `where` (`rulings find --format json`); for a sequence, whose
    whole attack does (`where` over mean, chance, most, destroyed).

    Examples:
        >>> found = find("fantasy", "to_hit", "impossible", {"shooter.bs": 1}, max_facts=3)
        >>> found["situations"][0]["display"]
        '10+: impossible'
        >>> attack = find("skirmish", "attack", "mean >= 2", {"target.save": 5}, max_facts=1,
        ...               situation={"sequence": {"attacks": 6}})
        >>> attack["situations"][0]["given"], attack["situations"][0]["display"]
        ({'target.save': 5, 'attacker.to_hit': [1, 4]}, 'mean 2 to 4 unsaved hits')
    """
    import json
    from argparse import Namespace

    from rulings.faq import find_json
    from solver.space.find import find as search
    from solver.space.model import Coverage
    from solver.space.sequence_find import find_sequence

    loaded = _pack(pack)
    chosen = _situation(loaded, given, situation)
    coverage = Coverage()
    if quantity in loaded.sequences and quantity not in loaded.quantities:  # a whole attack, as `rulings find`
        found = find_sequence(loaded, quantity, where, chosen, max_facts=max_facts, coverage=coverage)
    else:
        found = search(loaded, quantity, where, chosen, max_facts=max_facts, coverage=coverage)
    args = Namespace(quantity=quantity, where=where, max_facts=max_facts)
    return json.loads(json.dumps(find_json(loaded, args, found, coverage), default=str))


def check(pack: Pack | str) -> dict[str, Any]:
    """Every clash in a pack, each with a replayable witness (`rulings check --format json`).

    Examples:
        >>> report = check("fantasy")
        >>> report["exhaustive"], [f["kind"] for f in report["findings"] if f["severity"] == "error"]
        (True, [])
    """
    from rulings.check import check_json, findings_of
    from solver.space.model import Coverage

    loaded = _pack(pack)
    coverage = Coverage()
    return check_json(findings_of(loaded, coverage), loaded.name, [], coverage)


def faq(pack: Pack | str) -> dict[str, Any]:
    """The pack's generated FAQ, every answer re-derived by the solver (`rulings faq --format json`).

    Examples:
        >>> entries = faq("wh40k")["entries"]
        >>> all(e["ruling"]["display"] for e in entries) and len(entries) > 0
        True
    """
    from explain.faq import faq as generate
    from explain.faq import faq_json

    loaded = _pack(pack)
    return faq_json(loaded, generate(loaded))


def _pack(pack: Pack | str) -> Pack:
    return load_pack(pack) if isinstance(pack, str) else pack


def _situation(pack: Pack, given: Mapping[str, Any] | None, situation: Mapping[str, Any] | None) -> Situation:
    """A situation from its file shape, checked like a situation file; `given` merged over its facts."""
    from kb.errors import RulingsError, Span
    from solver.situation import situation_from_data

    data = dict(situation or {})
    if given:
        facts = data.get("given")
        facts = {} if facts is None else facts  # an empty `given:` is no facts, as a situation file reads it
        if not isinstance(facts, Mapping):
            raise RulingsError("situation: given must be a mapping of facts to values")
        data["given"] = {**facts, **given}
    return situation_from_data(data, pack, Span("situation"))
