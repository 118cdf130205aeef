"""Keyword phrases of Warhammer 40,000 (10th edition) and what they apply to.

A rule names the models or units it affects with a keyword phrase such as
``"non-Vehicle units"`` or ``"an Immortals, Deathmarks or Lychguard unit"``.
:func:`parse_phrase` turns such a phrase into a :class:`KeywordPhrase`, which
decides whether the rule applies to a unit and to each of its models:

* a unit has every keyword of its models; a model only has its own;
* ``X unit`` applies when any model has X, ``X model`` only to models with X;
* ``non-X`` excludes X (for a unit: no model may have X);
* a comma, ``/`` or ``or`` list means any one; adjacent keywords mean all;
* a keyword is whole: CHAOS SPACE MARINES is one keyword, so a unit that has
  it has neither SPACE MARINES nor KNIGHTS nor any other word of it;
* singular and plural are the same keyword (English plurals, from the
  ``inflect`` library, and the exceptions a pack declares, such as
  SPACE WOLF / SPACE WOLVES), and case never matters;
* a datasheet name is an additional keyword of its unit (and so of each of
  its models).

Whether a leading ``non-X`` reaches across an ``or`` list ("non-VEHICLE
INFANTRY or MOUNTED unit") is not settled by the rules: :meth:`KeywordPhrase.match`
reads it as written next to its keywords (``adjacent``) and
:meth:`KeywordPhrase.whole_list` gives the other reading, so a caller can
show both.

Grammar: separators (``,``, ``/``, ``or``; ``, or`` counts once) split the
phrase into alternatives; within an alternative the words are keywords that
are required, or excluded when written ``non-X``. Articles (a, an, the) are
ignored and a trailing ``unit(s)``/``model(s)`` gives the scope (default:
unit). A phrase does not say where one multi-word keyword ends and the next
begins ("Adeptus Astartes Infantry" is ADEPTUS ASTARTES and INFANTRY), so a
run of adjacent required words matches when it splits into whole keywords
the unit (or model) has, each one. ``non-X`` excludes the one keyword X;
write ``non-ADEPTUS-ASTARTES`` (or ``ADEPTUS_ASTARTES``) to name a
multi-word keyword as one word.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = ["KeywordPhrase", "PhraseError", "canonical", "irregular_words", "parse_phrase", "same_keyword",
           "with_plural_forms"]

_ARTICLES = frozenset({"a", "an", "the"})
_SCOPES = {"unit": "unit", "units": "unit", "model": "model", "models": "model"}
_NOT_PLURAL = frozenset({"CHAOS"})  # singular words that merely end in S
_SINGULAR_ENDINGS = ("SS", "US", "SIS")  # GRASS, ADEPTUS, CRISIS: singular (AELDARIS is AELDARI plural)
_TOKEN = re.compile(r"\s+|(?P<sep>[,/])|(?P<word>[^\s,/]+)")
_WORD = re.compile(r"[A-Za-z0-9]+(?:['’_-][A-Za-z0-9]+)*")
_SPLIT = re.compile(r"[\s_-]+")

Alternative = tuple[tuple[str, bool], ...]
Irregular = tuple[tuple[str, str], ...]
"""Irregular plural words and their singular (``("WOLVES", "WOLF")``), upper case."""


class PhraseError(Exception):
    """A keyword phrase that cannot be parsed.

    Attributes:
        message: What is wrong.
        offset: Character offset into the phrase where the problem is.
    """

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"{message} (at offset {offset})")
        self.message = message
        self.offset = offset


@lru_cache(maxsize=1)
def _inflect() -> Any:
    """The `inflect` engine, imported on first use.

    inflect 7 wraps its methods in typeguard's ``@typechecked``, which
    instruments them when the module is imported (seconds; jaraco/inflect
    issue 212). Only plain strings are passed to it here, so it is imported
    with a ``typechecked`` that leaves each function as it is; a typeguard
    already imported is put back afterwards, and should that fail inflect is
    imported as it comes.
    """
    if "inflect" not in sys.modules:
        stub = types.ModuleType("typeguard")
        stub.typechecked = lambda target=None, **_: target if target is not None else (lambda f: f)  # type: ignore[attr-defined]
        saved = sys.modules.get("typeguard")
        sys.modules["typeguard"] = stub
        try:
            import inflect
        except Exception:  # an inflect this does not fit: import it the ordinary way below
            sys.modules.pop("inflect", None)
        finally:
            if saved is None:
                sys.modules.pop("typeguard", None)
            else:
                sys.modules["typeguard"] = saved
    import inflect

    return inflect.engine()


@lru_cache(maxsize=8192)
def _singular(word: str) -> str:
    """The singular of one upper-case word, from `inflect` (WOLVES -> WOLF, MARINES -> MARINE); a word that is
    not a plural, a short word ending in S (GAS), CHAOS, and words ending in SS, US or SIS stay as they are."""
    if word in _NOT_PLURAL or (len(word) <= 3 and word.endswith("S")) or word.endswith(_SINGULAR_ENDINGS):
        return word
    found = _inflect().singular_noun(word)
    return found.upper() if isinstance(found, str) and found else word


def _words(keyword: str) -> list[str]:
    return [part for part in _SPLIT.split(keyword.replace("’", "'").strip().upper()) if part]


def irregular_words(pairs: Iterable[tuple[str, str]]) -> Irregular:
    """The word-by-word irregular plurals of declared ``(singular, plural)`` keyword pairs.

    A pair names whole keywords; each word that differs between its singular
    and plural becomes an irregular word, and each singular word maps to
    itself, so no plural rule changes it.

    Raises:
        ValueError: For a pair whose two forms have different numbers of words.

    Examples:
        >>> irregular_words([("Space Wolf", "SPACE WOLVES")])
        (('SPACE', 'SPACE'), ('WOLF', 'WOLF'), ('WOLVES', 'WOLF'))
    """
    found: dict[str, str] = {}
    for singular, plural in pairs:
        one, many = _words(singular), _words(plural)
        if len(one) != len(many) or not one:
            raise ValueError(f"{plural!r} and {singular!r} must have the same number of words")
        for a, b in zip(one, many, strict=True):
            found[a] = a
            found[b] = a
    return tuple(sorted(found.items()))


@lru_cache(maxsize=8192)
def canonical(keyword: str, irregular: Irregular = ()) -> str:
    """Return the canonical form of a keyword: upper case and singular.

    Hyphens, underscores and runs of spaces become one space; each word
    becomes its English singular (from `inflect`; words ending in SS, US or
    SIS, and CHAOS, are kept), and a word listed in ``irregular`` (see
    :func:`irregular_words`) becomes its declared singular instead. Blank
    input gives ``""``.

    Examples:
        >>> canonical("Vehicles"), canonical("GUARDIANS"), canonical("Infantry")
        ('VEHICLE', 'GUARDIAN', 'INFANTRY')
        >>> canonical("Chaos"), canonical("adeptus-astartes")
        ('CHAOS', 'ADEPTUS ASTARTE')
        >>> canonical("Space Wolves"), canonical("Thunderwolves"), canonical("Space Wolves", (("WOLVES", "WOLF"),))
        ('SPACE WOLF', 'THUNDERWOLF', 'SPACE WOLF')
    """
    declared = dict(irregular)
    return " ".join(declared.get(part) or _singular(part) for part in _words(keyword))


@lru_cache(maxsize=4096)
def same_keyword(one: str, other: str) -> bool:
    """Whether two keywords are the same keyword: case, and singular or plural form, never matter.

    Examples:
        >>> same_keyword("Vehicles", "VEHICLE"), same_keyword("SPACE MARINES", "Space Marine")
        (True, True)
        >>> same_keyword("MARINE", "SPACE MARINE"), same_keyword("SPACE MARINES", "CHAOS SPACE MARINES")
        (False, False)
    """
    return canonical(one) == canonical(other)


def with_plural_forms(keywords: Iterable[str], plurals: Iterable[tuple[str, str]]) -> frozenset[str]:
    """A unit's keywords with the other form of each irregular plural a pack declares.

    A phrase in a pack's expression (``matches('Space Wolf unit', ...)``) is
    compared with English plurals only; giving each declared keyword in both
    of its forms makes "singular and plural instances of the same keyword
    function in the same way" for a pack's exceptions too.

    Examples:
        >>> sorted(with_plural_forms(["Space Wolves", "INFANTRY"], [("SPACE WOLF", "SPACE WOLVES")]))
        ['INFANTRY', 'SPACE WOLF', 'SPACE WOLVES']
        >>> parse_phrase("Space Wolf unit").matches_keywords(
        ...     with_plural_forms(["SPACE WOLVES"], [("SPACE WOLF", "SPACE WOLVES")]))
        True
    """
    pairs = tuple(plurals)
    irregular = irregular_words(pairs)
    forms = {canonical(one, irregular): (one.upper(), many.upper()) for one, many in pairs}
    out = {k.upper() for k in keywords}
    for keyword in list(out):
        out.update(forms.get(canonical(keyword, irregular), ()))
    return frozenset(out)


def _keyword_set(keywords: Iterable[str], irregular: Irregular = ()) -> frozenset[str]:
    """The canonical form of each keyword, whole: a multi-word keyword does not give its words."""
    if isinstance(keywords, str):
        raise TypeError("expected an iterable of keywords, not a single string")
    if isinstance(keywords, frozenset):
        return _frozen_keyword_set(keywords, irregular)
    return frozenset(form for keyword in keywords if (form := canonical(keyword, irregular)))


@lru_cache(maxsize=4096)
def _frozen_keyword_set(keywords: frozenset[str], irregular: Irregular) -> frozenset[str]:
    return frozenset(form for keyword in keywords if (form := canonical(keyword, irregular)))


@lru_cache(maxsize=4096)
def _plan(alternative: Alternative) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """An alternative as its runs of adjacent required keywords and its excluded keywords."""
    runs: list[list[str]] = []
    excluded: list[str] = []
    previous_required = False
    for keyword, negated in alternative:
        if negated:
            excluded.append(keyword)
        elif previous_required:
            runs[-1].append(keyword)
        else:
            runs.append([keyword])
        previous_required = not negated
    return tuple(map(tuple, runs)), tuple(excluded)


def _split(run: tuple[str, ...], have: frozenset[str]) -> tuple[tuple[int, int], ...] | None:
    """The run split into whole keywords in `have` as ``(start, end)`` spans, longest keywords first, or None.

    Examples:
        >>> _split(("ADEPTUS", "ASTARTE", "INFANTRY"), frozenset({"ADEPTUS ASTARTE", "INFANTRY"}))
        ((0, 2), (2, 3))
        >>> _split(("SPACE", "MARINE"), frozenset({"CHAOS SPACE MARINE"})) is None
        True
    """
    # best[i]: a split of run[i:], or None; filled from the end so each start is tried once
    best: list[tuple[tuple[int, int], ...] | None] = [None] * len(run) + [()]
    for start in range(len(run) - 1, -1, -1):
        for end in range(len(run), start, -1):
            rest = best[end]
            if rest is not None and " ".join(run[start:end]) in have:
                best[start] = ((start, end), *rest)
                break
    return best[0]


@dataclass(frozen=True, slots=True)
class KeywordPhrase:
    """A parsed keyword phrase.

    Attributes:
        text: The phrase as written.
        scope: ``"unit"`` or ``"model"``.
        alternatives: Any-of alternatives; each is an all-of tuple of
            ``(canonical keyword, negated)`` pairs, in the phrase's order:
            adjacent required keywords may be words of one keyword.
    """

    text: str
    scope: str
    alternatives: tuple[Alternative, ...]
    written: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """Each canonical keyword as the phrase wrote it (upper case), for describing the phrase."""
    irregular: Irregular = ()
    """Irregular plurals (from the pack) used to compare keywords."""

    def matches_keywords(self, keywords: Iterable[str]) -> bool:
        """Whether a set of keywords satisfies the phrase (ignoring scope).

        Each run of adjacent required words must split into whole keywords of
        the set; each excluded keyword must be missing from it.

        Examples:
            >>> parse_phrase("non-VEHICLE INFANTRY or MOUNTED").matches_keywords(
            ...     ["Infantry", "Character"])
            True
            >>> parse_phrase("Aeldari Guardians").matches_keywords(["GUARDIANS"])
            False
            >>> parse_phrase("Space Marines").matches_keywords(["CHAOS SPACE MARINES"])
            False
            >>> parse_phrase("Adeptus Astartes Infantry").matches_keywords(["ADEPTUS ASTARTES", "INFANTRY"])
            True
        """
        have = _keyword_set(keywords, self.irregular)
        for alternative in self.alternatives:
            runs, excluded = _plan(alternative)
            if not any(k in have for k in excluded) and all(_split(run, have) is not None for run in runs):
                return True
        return False

    def match(self, models: Sequence[Iterable[str]], datasheet: str = "") -> tuple[bool, tuple[bool, ...]]:
        """Whether the rule applies to the unit and to each of its models.

        ``models`` gives each model's own keywords; the unit has them all.
        ``datasheet``, the unit's datasheet name, is one more keyword of the
        unit and of each of its models. A unit phrase applies to every model
        of a matching unit and to none otherwise; a model phrase applies to
        each model that matches on its own, and to the unit when any model does.

        Examples:
            >>> unit = [["INFANTRY", "CHARACTER"], ["INFANTRY"]]
            >>> parse_phrase("a CHARACTER model").match(unit)
            (True, (True, False))
            >>> parse_phrase("CHARACTER unit").match(unit)
            (True, (True, True))
            >>> parse_phrase("non-Character units").match(unit)
            (False, (False, False))
            >>> parse_phrase("Intercessor Squad unit").match([["INFANTRY"]], "Intercessor Squad")
            (True, (True,))
        """
        own = [[*model, *([datasheet] if datasheet.strip() else [])] for model in models]
        if self.scope == "model":
            each = tuple(self.matches_keywords(keywords) for keywords in own)
            return any(each), each
        unit = self.matches_keywords([k for keywords in own for k in keywords])
        return unit, (unit,) * len(own)

    def whole_list(self) -> KeywordPhrase:
        """The phrase read with every ``non-X`` reaching the whole ``or`` list.

        "non-VEHICLE INFANTRY or MOUNTED" then means not VEHICLE, and INFANTRY
        or MOUNTED. A phrase for which this changes nothing reads one way only.

        Examples:
            >>> p = parse_phrase("non-VEHICLE INFANTRY or MOUNTED unit")
            >>> p.whole_list().describe()
            'a unit that has INFANTRY and not VEHICLE, or has MOUNTED and not VEHICLE'
            >>> p.whole_list() == p, parse_phrase("non-VEHICLE units").whole_list() == parse_phrase("non-VEHICLE units")
            (False, True)
        """
        negated = tuple(dict.fromkeys(e for alternative in self.alternatives for e in alternative if e[1]))
        widened = tuple(
            (*alternative, *(e for e in negated if e not in alternative)) for alternative in self.alternatives)
        return KeywordPhrase(self.text, self.scope, widened, self.written, self.irregular)

    def forms(self, keywords: Iterable[str]) -> tuple[tuple[str, str], ...]:
        """Keywords of the phrase that matched a keyword written in another form (singular or plural).

        Each pair is the keyword as the phrase wrote it and the keyword as the
        unit has it; keywords that differ only in case are not listed. A
        required keyword is one of the whole keywords its run of words splits
        into for these keywords.

        Examples:
            >>> parse_phrase("Space Wolf unit", (("WOLVES", "WOLF"),)).forms(["Space Wolves", "INFANTRY"])
            (('SPACE WOLF', 'SPACE WOLVES'),)
        """
        shown = dict(self.written)
        by_form: dict[str, list[str]] = {}
        for have in keywords:
            by_form.setdefault(canonical(have, self.irregular), []).append(" ".join(_words(have)))
        have_set = frozenset(by_form)
        found: list[tuple[str, ...]] = []  # keywords of the phrase, each as its canonical words
        for alternative in self.alternatives:
            runs, excluded = _plan(alternative)
            found += [(k,) for k in excluded]
            for run in runs:
                found += [run[i:j] for i, j in _split(run, have_set) or ()]
        pairs = []
        for keyword in dict.fromkeys(found):
            written = " ".join(shown.get(k, k) for k in keyword)
            for have in by_form.get(" ".join(keyword), ()):
                if written != have:
                    pairs.append((written, have))
        return tuple(dict.fromkeys(pairs))

    def pieces(self) -> tuple[tuple[str, str], ...]:
        """Every keyword the phrase can ask a unit for, canonical and as written: each excluded keyword, and
        each run of adjacent required words read as one keyword (SPACE, MARINE and SPACE MARINE for "Space
        Marines").

        Whether the phrase matches a set of keywords depends on which of these the set has, and on nothing
        else (in either reading of ``non-``: :meth:`whole_list` moves excluded keywords, it adds none).

        Examples:
            >>> parse_phrase("non-VEHICLE Space Marines unit").pieces()
            (('VEHICLE', 'VEHICLE'), ('SPACE', 'SPACE'), ('SPACE MARINE', 'SPACE MARINES'), ('MARINE', 'MARINES'))
        """
        shown = dict(self.written)
        found: dict[str, str] = {}
        for alternative in self.alternatives:
            runs, excluded = _plan(alternative)
            for keyword in excluded:
                found.setdefault(keyword, shown.get(keyword, keyword))
            for run in runs:
                for i in range(len(run)):
                    for j in range(i + 1, len(run) + 1):
                        found.setdefault(" ".join(run[i:j]), " ".join(shown.get(k, k) for k in run[i:j]))
        return tuple(found.items())

    def describe(self) -> str:
        """Describe the phrase in plain English.

        Adjacent required words are shown together: they are whole keywords,
        one or several ("SPACE MARINES" is not SPACE and MARINES found in
        other keywords).

        Examples:
            >>> parse_phrase("non-VEHICLE INFANTRY or MOUNTED unit").describe()
            'a unit that has INFANTRY and not VEHICLE, or has MOUNTED'
            >>> parse_phrase("non-Vehicle models").describe()
            'a model that lacks VEHICLE'
            >>> parse_phrase("an Aeldari Guardians unit").describe()
            'a unit that has AELDARI GUARDIANS (one keyword or several, each whole)'
        """
        clauses = []
        shown = dict(self.written)
        for alternative in self.alternatives:
            runs, excluded = _plan(alternative)
            has = [" ".join(shown.get(k, k) for k in run) + (_WHOLE if len(run) > 1 else "") for run in runs]
            lacks = [shown.get(k, k) for k in excluded]
            if has:
                clauses.append("has " + " and ".join(has + [f"not {k}" for k in lacks]))
            else:
                clauses.append("lacks " + " and ".join(lacks))
        return f"a {self.scope} that " + ", or ".join(clauses)


_WHOLE = " (one keyword or several, each whole)"


def _entry(token: str, offset: int, written: dict[str, str], irregular: Irregular) -> tuple[str, bool]:
    """A keyword of the phrase, canonical, and whether it is negated (`non-X`); remembers how it was written."""
    negated = token.lower().startswith("non-")
    word = token[4:] if negated else token
    if negated and word.lower().startswith("non-"):
        raise PhraseError("double negation", offset)
    keyword = _keyword(word, offset + 4 if negated else offset, irregular)
    written.setdefault(keyword, word.upper())
    return keyword, negated


def _keyword(word: str, offset: int, irregular: Irregular) -> str:
    if not _WORD.fullmatch(word):
        raise PhraseError(f"not a keyword: {word!r}", offset)
    return canonical(word, irregular)


def parse_phrase(text: str, irregular: Irregular = ()) -> KeywordPhrase:
    """Parse a keyword phrase; ``irregular`` (see :func:`irregular_words`) are a pack's irregular plurals.

    Raises:
        PhraseError: For an empty phrase, a phrase without keywords, a
            dangling or doubled separator, ``non-`` without a keyword, a
            scope word that does not end its alternative, mixed scopes,
            ``and`` (ambiguous) or a malformed word.

    Examples:
        >>> p = parse_phrase("an Immortals, Deathmarks or Lychguard unit")
        >>> p.scope, p.alternatives
        ('unit', ((('IMMORTAL', False),), (('DEATHMARK', False),), (('LYCHGUARD', False),)))
        >>> parse_phrase("non-VEHICLE INFANTRY models").alternatives
        ((('VEHICLE', True), ('INFANTRY', False)),)
        >>> try:
        ...     parse_phrase("VEHICLE or")
        ... except PhraseError as error:
        ...     print(error.message, error.offset)
        'or' must be followed by a keyword 8
    """
    alternatives: list[Alternative] = []
    written: dict[str, str] = {}
    current: list[tuple[str, bool]] = []
    scope: str | None = None
    scoped = False  # a scope word has closed the current alternative
    separator: tuple[str, int] | None = None  # the last separator, if pending
    for m in _TOKEN.finditer(text):
        token, offset = m.group(), m.start()
        sep = m.group("sep") or (token if token.lower() == "or" else None)
        if sep is not None:
            if separator is not None and separator[0] == "," and sep.lower() == "or":
                separator = (sep, offset)
                continue
            if not current:
                raise PhraseError(f"{sep!r} must follow a keyword", offset)
            alternatives.append(tuple(current))
            current, scoped, separator = [], False, (sep, offset)
            continue
        if m.group("word") is None:
            continue  # whitespace
        separator = None
        lower = token.lower()
        if scoped:
            raise PhraseError(f"unexpected {token!r} after unit/model", offset)
        if lower in _ARTICLES:
            continue
        if lower in _SCOPES:
            if not current:
                raise PhraseError(f"{token!r} needs a keyword before it", offset)
            if scope is not None and scope != _SCOPES[lower]:
                raise PhraseError("a phrase cannot mix units and models", offset)
            scope, scoped = _SCOPES[lower], True
            continue
        if lower == "and":
            raise PhraseError("'and' is ambiguous; use adjacent keywords", offset)
        if lower in ("non", "non-"):
            raise PhraseError("'non-' must be followed by a keyword", offset)
        entry = _entry(token, offset, written, irregular)
        if not entry[1] or entry not in current:  # required words keep their places: they may form one keyword
            current.append(entry)
    if separator is not None:
        raise PhraseError(f"{separator[0]!r} must be followed by a keyword", separator[1])
    if not current:
        raise PhraseError("phrase has no keywords", len(text))
    alternatives.append(tuple(current))
    return KeywordPhrase(text=text, scope=scope or "unit", alternatives=tuple(alternatives),
                         written=tuple(written.items()), irregular=tuple(irregular))
