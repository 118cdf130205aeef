"""The options every command that loads a pack shares: `--with FILE` and `--reading ID=OPTION`.

A command that asks about one situation (`ask`, `why-not`, `find`, `match`)
puts `--reading` into that situation, over a situation file's `reading:` the
way `--given` merges over its `given:`. A command that goes through many
situations (`test`, `faq`, `check`, `diff`, `graph`, `ask --batch`) reads the
pack with that option as its default reading for the run, so a situation or
example that picks its own reading still gets it.

Replay lines (`replay: rulings ask ...`) name the pack exactly as the user
did, with the same `--with` and `--reading` options, so pasted into the same
shell they ask the same question.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kb.errors import RulingsError, UnknownName

if TYPE_CHECKING:
    import argparse

    from kb.model import Pack


def add_pack_options(p: argparse.ArgumentParser, *, with_help: str = "") -> None:
    """`--with FILE` and `--reading ID=OPTION`, both repeatable."""
    p.add_argument("--with", dest="with_files", action="append", default=[], metavar="FILE",
                   help=with_help or "a house-rule or errata file merged over the pack (repeatable)")
    p.add_argument("--reading", dest="readings", action="append", default=[], metavar="ID=OPTION",
                   help="read the pack's ambiguous rule ID as OPTION (repeatable; a situation file says "
                        "reading: {ID: OPTION})")


def parse_readings(pairs: Sequence[str], pack: Pack) -> dict[str, str]:
    """`ID=OPTION` pairs from the command line, each checked against the pack's declared readings.

    Examples:
        >>> from kb.loader import load_pack
        >>> parse_readings(["cc_penalties=once"], load_pack("skirmish"))
        {'cc_penalties': 'once'}
        >>> parse_readings(["cc_penalty=once"], load_pack("skirmish"))
        Traceback (most recent call last):
        ...
        kb.errors.UnknownName: unknown reading 'cc_penalty'
          hint: did you mean 'cc_penalties'?
    """
    chosen: dict[str, str] = {}
    for pair in pairs:
        name, sep, option = (part.strip() for part in pair.partition("="))
        if not sep or not name or not option:
            owners = [r.name for r in pack.readings.values() if pair.strip() in dict(r.options)]
            example = f"{owners[0]}={pair.strip()}" if owners else _example(pack)
            raise RulingsError(f"--reading {shlex.quote(pair)}: expected ID=OPTION",
                               hint=f"e.g. --reading {example}" if example else
                               f"the pack {pack.name} declares no readings")
        if not pack.readings:
            raise RulingsError(f"--reading {shlex.quote(pair)}: the pack {pack.name} declares no readings",
                               hint="a pack declares the ways an ambiguous rule can be read under readings:")
        if name not in pack.readings:
            raise UnknownName("reading", name, pack.readings)
        options = dict(pack.readings[name].options)
        if option not in options:
            raise UnknownName(f"option of reading {name!r}:", option, options)
        chosen[name] = option
    return chosen


def with_default_readings(pack: Pack, chosen: Mapping[str, str]) -> Pack:
    """The pack with each chosen option as its reading's default (for commands over many situations)."""
    if not chosen:
        return pack
    readings = {n: replace(r, default=chosen.get(n, r.default)) for n, r in pack.readings.items()}
    return replace(pack, readings=readings, index={})


def pack_words(pack: str, with_files: Sequence[str] = (), readings: Sequence[str] = ()) -> list[str]:
    """The pack as the user named it, with the options that change it, as command-line words.

    Examples:
        >>> pack_words("my packs/platoon.yaml", ["house.yaml"], ["pins=once"])
        ['my packs/platoon.yaml', '--with', 'house.yaml', '--reading', 'pins=once']
    """
    return [pack, *(w for f in with_files for w in ("--with", f)), *(w for r in readings for w in ("--reading", r))]


def replay_words(pack: str, with_files: Sequence[str] = (), readings: Sequence[str] = ()) -> tuple[str, ...]:
    """The pack as the user named it, then its options, each shell-quoted: `rulings ask` takes them as
    `rulings ask PACK QUANTITY OPTIONS...` (options after the quantity, which argparse needs).

    Examples:
        >>> replay_words("my pack.yaml", readings=["pins=once"])
        ("'my pack.yaml'", '--reading', 'pins=once')
    """
    return tuple(shlex.quote(w) for w in pack_words(pack, with_files, readings))


def stating_readings(situation: dict[str, Any], chosen: Mapping[str, str], pack: Pack) -> dict[str, Any]:
    """A situation (as data) that states the chosen readings, its own `reading:` winning.

    Examples:
        >>> from kb.loader import load_pack
        >>> stating_readings({"reading": "once"}, {"hit_bonuses": "one_bonus"}, load_pack("skirmish"))
        {'reading': {'hit_bonuses': 'one_bonus', 'cc_penalties': 'once'}}
    """
    if not chosen:
        return situation
    own = situation.get("reading") or {}
    if not isinstance(own, dict):  # an option named alone: the reading it belongs to
        owners = [r.name for r in pack.readings.values() if str(own) in dict(r.options)]
        own = {owners[0]: str(own)} if len(owners) == 1 else {}
    return {**situation, "reading": {**chosen, **own}}


def _example(pack: Pack) -> str:
    first = next(iter(pack.readings.values()), None)
    return f"{first.name}={first.options[-1][0]}" if first and first.options else ""


def situation_readings(args: argparse.Namespace, pack: Pack) -> dict[str, str]:
    """The `--reading` choices of a one-situation command, checked (empty when none)."""
    return parse_readings(getattr(args, "readings", None) or (), pack)


def readings_pack(args: argparse.Namespace, pack: Pack) -> Pack:
    """The pack a many-situations command reads: `--reading` choices as its defaults."""
    return with_default_readings(pack, parse_readings(getattr(args, "readings", None) or (), pack))


def parse_steps(pairs: Sequence[str], sequence: Mapping[str, Any]) -> dict[str, Any]:
    """`--step KEY=VALUE` over the situation file's `sequence:` (`hit.target=3` goes into its step).

    Examples:
        >>> parse_steps(["attacks=10", "hit.target=3"], {"hit": {"reroll": "ones"}})
        {'hit': {'reroll': 'ones', 'target': 3}, 'attacks': 10}
    """
    from kb.document import read_scalar

    out = {k: dict(v) if isinstance(v, dict) else v for k, v in sequence.items()}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RulingsError(f"--step {pair[:40]!r}: expected KEY=VALUE", hint="e.g. --step attacks=10 "
                                                                               "--step hit.target=3")
        step, dot, sub = key.strip().partition(".")
        read = read_scalar(value.strip(), f"--step {key.strip()}")
        if dot:
            out.setdefault(step, {})
            if not isinstance(out[step], dict):
                raise RulingsError(f"--step {key.strip()}: {step} is not a step", hint="e.g. --step hit.target=3")
            out[step][sub] = read
        else:
            out[step] = read
    return out


def load_named(args: argparse.Namespace) -> Pack:
    """The pack the command names, with its --with overlays; --reading is checked here, applied by the command."""
    from kb.cache import load

    pack = load(args.pack, extra=getattr(args, "with_files", ()))
    parse_readings(getattr(args, "readings", ()), pack)
    return pack


def read_situation(args: argparse.Namespace, pack: Pack) -> Any:
    """The situation a command's options state: --situation, then the other options over it (`with_options`)."""
    from solver.situation import Situation, read_situation_file

    return with_options(args, pack, read_situation_file(args.situation, pack) if args.situation else Situation())


def with_options(args: argparse.Namespace, pack: Pack, situation: Any) -> Any:
    """`situation` with --given, --base, --roll, --target, --step and --reading over it, each checked as
    `rulings ask` checks it (the web's query takes the same keys)."""
    from kb.document import read_scalar
    from solver.rolls import read_target
    from solver.situation import check_given, check_numbers, parse_given

    if args.given:
        situation = situation.with_given(check_given(parse_given(args.given), pack))
    if getattr(args, "base", None) is not None:
        situation = replace(situation, base=check_numbers(read_scalar(args.base.strip(), "--base"), "--base"))
    if getattr(args, "roll", None) is not None:
        situation = replace(situation, roll=args.roll)
    if getattr(args, "target", None) is not None:
        situation = replace(situation, target=read_target(read_scalar(args.target.strip(), "--target"), None))
    if getattr(args, "step", None):
        situation = replace(situation, sequence=parse_steps(args.step, situation.sequence))
    readings = situation_readings(args, pack)
    if readings:  # over the file's reading:, as --given is over its given:
        situation = replace(situation, reading={**situation.reading, **readings})
    return situation
