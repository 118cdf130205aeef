"""The classes of keyword sets a pack's expressions can tell apart, so a keywords fact can be searched.

A keywords fact can hold any set of keywords, but a pack only ever asks a few
questions of it: `'VEHICLE' in target.keywords` and the keywords a
`matches('MONSTER/VEHICLE', ...)` phrase names. Every question is about whole
keywords in their singular form (``VEHICLES`` is ``VEHICLE``; ``CHAOS SPACE
MARINES`` is neither ``SPACE MARINE`` nor ``MARINE``, see `kb.keywords`):

- an `in` question asks for one keyword, and
- a phrase asks for each keyword it excludes and, since adjacent words may be
  one keyword or several, for each run of its adjacent required words read
  as one keyword (``Space Marines`` asks for ``SPACE``, ``MARINE`` and
  ``SPACE MARINE``; see `kb.keywords.KeywordPhrase.pieces`).

So what a set answers depends only on which of those keywords it has: every
set answers like a set drawn from that pool, and a keyword outside it answers
nothing. The mixes of the pool that answer every question alike are one class,
the smallest its representative; a search that tries one of each has tried
every set of keywords.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from kb.keywords import PhraseError, canonical, parse_phrase, same_keyword, with_plural_forms
from kb.model import Pack

LIMIT = 10
"""Most keywords in a pool for a search to try each of its subsets (2**10 sets)."""

def keyword_classes(pack: Pack, name: str) -> tuple[frozenset[str], ...] | None:
    """One set of keywords per class the pack's expressions tell apart, smallest first.

    Every mix of the pool's keywords is asked each question the pack asks of
    the fact; mixes that answer alike are one class, its smallest mix its
    representative. None when the pack reads the fact in a way the classes
    cannot follow (the left side of an `in` that is neither a string nor an
    enum fact) or names more than `LIMIT` keywords of it: a search then says
    it could not split it.

    Examples:
        >>> from kb.loader import load_pack
        >>> [sorted(c) for c in keyword_classes(load_pack("wh40k"), "attacker.keywords")]
        [[], ['MONSTER']]
    """
    key = ("keyword classes", name)
    if key not in pack.index:
        pack.index[key] = (_classes([pack], name, keyword_pool(pack, name)),)
    return pack.index[key][0]  # type: ignore[no-any-return]


def joint_keyword_classes(old: Pack, new: Pack, name: str) -> tuple[frozenset[str], ...] | None:
    """The classes neither of two versions of a pack tells apart: both pools, and both forms of each plural
    only one of them declares (`WOLF: WOLVES` makes a unit with WOLVES a WOLF in one version only)."""
    packs = [p for p in (old, new) if name in p.facts]
    pools = [keyword_pool(p, name) for p in packs]
    if any(pool is None for pool in pools):
        return None
    merged = {canonical(k): k for pool in pools for k in pool or ()}
    for pair in set(old.plurals) ^ set(new.plurals):
        for form in pair:
            merged.setdefault(canonical(form), form.upper())
    return _classes(packs, name, tuple(merged.values()))


def _classes(packs: list[Pack], name: str, pool: tuple[str, ...] | None) -> tuple[frozenset[str], ...] | None:
    """The mixes of `pool` that answer the packs' questions differently, the smallest of each kind."""
    if pool is None or len(pool) > LIMIT:
        return None
    tests = [(p, test) for p in packs for test in _tests(p, name)]
    found: dict[tuple[bool, ...], frozenset[str]] = {}
    for size in range(len(pool) + 1):
        for mix in combinations(pool, size):
            seen = {id(p): with_plural_forms(mix, p.plurals) if p.plurals else frozenset(mix) for p in packs}
            answers = tuple(test(seen[id(p)]) for p, test in tests)  # a unit's keywords as each pack sees them
            found.setdefault(answers, frozenset(mix))
    return tuple(found.values())


def _tests(pack: Pack, name: str) -> list[Any]:
    """Each question the pack asks of the fact, as a test of a keyword set (both readings of a phrase)."""
    questions = _asked(pack, name)
    if questions is None:
        return []
    tests: list[Any] = [lambda k, w=w: any(same_keyword(w, x) for x in k) for w in questions.words]
    for text in questions.phrases:
        phrase = parse_phrase(text)
        tests += [phrase.matches_keywords, phrase.whole_list().matches_keywords]
    return tests


def keyword_pool(pack: Pack, name: str) -> tuple[str, ...] | None:
    """The keywords whose mixes answer every question the pack asks of the fact (None: not followed)."""
    questions = _asked(pack, name)
    if questions is None:
        return None
    return tuple({**questions.phrased, **questions.asked}.values())


@dataclass(frozen=True, slots=True)
class _Questions:
    """What a pack asks of a keywords fact: keywords asked with `in` and named in phrases (singular form ->
    as written first), every word asked with `in`, every phrase."""

    asked: dict[str, str] = field(default_factory=dict)
    phrased: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)


def _asked(pack: Pack, name: str) -> _Questions | None:
    """What the pack asks of the fact; None when a question cannot be followed."""
    key = ("keyword questions", name)
    if key in pack.index:
        return pack.index[key][0]  # type: ignore[no-any-return]
    from solver.consistent import expressions, inputs

    readers = {name} | {n for n, f in pack.facts.items()
                        if f.type.kind == "keywords" and f.derive is not None and name in inputs(pack, n)}
    out: _Questions | None = _Questions()
    for expr in expressions(pack):
        if readers & expr.names and not _questions(expr._tree, readers, pack, out):  # type: ignore[arg-type]
            out = None
            break
    pack.index[key] = (out,)
    return out  # type: ignore[no-any-return]


def _questions(node: Any, readers: set[str], pack: Pack, out: _Questions) -> bool:
    """Gather the keywords `node` asks of `readers`; False when a question cannot be followed."""
    from kb.expr import children

    tag = node[0]
    if tag == "cmp":
        operands = [node[2], *(right for _, right in node[3])]
        for i, (op, right) in enumerate(node[3]):
            if op in ("in", "not in") and right[0] == "n" and right[2] in readers:
                found = _strings(operands[i], pack)
                if found is None:
                    return False
                for word in found:
                    out.asked.setdefault(canonical(word), word.upper())
                    out.words.append(word)
    if tag == "call" and node[2] == "matches" and node[3][1][0] == "n" and node[3][1][2] in readers:
        try:
            phrase = parse_phrase(node[3][0][2])
        except PhraseError:
            return False
        out.phrases.append(node[3][0][2])
        for keyword, written in phrase.pieces():
            out.phrased.setdefault(keyword, written)
    return all(_questions(child, readers, pack, out) for child in children(node))


def _strings(node: Any, pack: Pack) -> list[str] | None:
    """Every string the left side of an `in` can be (None: not a string, an enum fact or a choice of them)."""
    if node[0] == "c" and isinstance(node[2], str):
        return [node[2]]
    if node[0] == "n" and node[2] in pack.facts and pack.facts[node[2]].type.kind == "enum":
        return [str(v) for v in pack.facts[node[2]].type.values]
    if node[0] == "if":
        then, otherwise = _strings(node[3], pack), _strings(node[4], pack)
        return None if then is None or otherwise is None else then + otherwise
    return None
