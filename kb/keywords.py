"""Keyword phrases of Warhammer 40,000 (10th edition) and what they apply to.

A rule names the models or units it affects with a keyword phrase such as
``"non-Vehicle units"`` or ``"an Immortals, Deathmarks or Lychguard unit"``.
:func:`parse_phrase` turns such a phrase into a :class:`KeywordPhrase`, which
decides whether the rule applies to a unit and to each of its models:

* a unit has every keyword of its models; a model only has its own;
* ``X unit`` applies when any model has X, ``X model`` only to models with X;
* ``non-X`` excludes X (for a unit: no model may have X);
* a comma, ``/`` or ``or`` list means any one; adjacent keywords mean all;
* singular and plural are the same keyword (regular plurals, and the
  irregular ones a pack declares, such as SPACE WOLF / SPACE WOLVES), and
  case never matters;
* a datasheet name is an additional keyword of its unit (and so of each of
  its models).

Whether a leading ``non-X`` reaches across an ``or`` list ("non-VEHICLE
INFANTRY or MOUNTED unit") is not settled by the rules: :meth:`KeywordPhrase.match`
reads it as written next to its keywords (``adjacent``) and
:meth:`KeywordPhrase.whole_list` gives the other reading, so a caller can
show both.

Grammar: separators (``,``, ``/``, ``or``; ``, or`` counts once) split the
phrase into alternatives; within an alternative every word is a keyword that
is required, or excluded when written ``non-X``. Articles (a, an, the) are
ignored and a trailing ``unit(s)``/``model(s)`` gives the scope (default:
unit). A multi-word keyword cannot in general be told apart from adjacent
keywords, so each word counts as a keyword; write ``ADEPTUS-ASTARTES`` or
``ADEPTUS_ASTARTES`` to name one keyword. To match either reading, a unit's
multi-word keyword also provides each of its words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["KeywordPhrase", "PhraseError", "canonical", "irregular_words", "parse_phrase", "same_keyword",
           "with_plural_forms"]

_ARTICLES = frozenset({"a", "an", "the"})
_SCOPES = {"unit": "unit", "units": "unit", "model": "model", "models": "model"}
_NOT_PLURAL = frozenset({"CHAOS"})  # singular words that merely end in S
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


def _singular(word: str) -> str:
    if len(word) <= 3 or word in _NOT_PLURAL or not word.endswith("S"):
        return word
    if word.endswith(("SSES", "CHES", "SHES", "XES")):
        return word[:-2]
    if word.endswith("IES") and len(word) > 4:
        return word[:-3] + "Y"
    if word.endswith(("SS", "US")):
        return word
    return word[:-1]


def _words(keyword: str) -> list[str]:
    return [part for part in _SPLIT.split(keyword.replace("’", "'").strip().upper()) if part]


def irregular_words(pairs: Iterable[tuple[str, str]]) -> Irregular:
    """The word-by-word irregular plurals of declared ``(singular, plural)`` keyword pairs.

    A pair names whole keywords; each word that differs between its singular
    and plural becomes an irregular word, and each singular word maps to
    itself, so no regular ending is taken off it.

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


def canonical(keyword: str, irregular: Irregular = ()) -> str:
    """Return the canonical form of a keyword: upper case and singular.

    Hyphens, underscores and runs of spaces become one space; a plural
    ending is removed from each word conservatively (words ending in SS or US,
    and CHAOS, are kept), and a word listed in ``irregular`` (see
    :func:`irregular_words`) becomes its declared singular. Blank input gives ``""``.

    Examples:
        >>> canonical("Vehicles"), canonical("GUARDIANS"), canonical("Infantry")
        ('VEHICLE', 'GUARDIAN', 'INFANTRY')
        >>> canonical("Chaos"), canonical("adeptus-astartes")
        ('CHAOS', 'ADEPTUS ASTARTE')
        >>> canonical("Space Wolves"), canonical("Space Wolves", (("WOLVES", "WOLF"),))
        ('SPACE WOLVE', 'SPACE WOLF')
    """
    declared = dict(irregular)
    return " ".join(declared.get(part) or _singular(part) for part in _words(keyword))


@lru_cache(maxsize=4096)
def same_keyword(one: str, other: str) -> bool:
    """Whether two keywords are the same keyword: case, and singular or plural form, never matter.

    Examples:
        >>> same_keyword("Vehicles", "VEHICLE"), same_keyword("SPACE MARINES", "Space Marine")
        (True, True)
        >>> same_keyword("MARINE", "SPACE MARINE")
        False
    """
    return canonical(one) == canonical(other)


def with_plural_forms(keywords: Iterable[str], plurals: Iterable[tuple[str, str]]) -> frozenset[str]:
    """A unit's keywords with the other form of each irregular plural a pack declares.

    A phrase in a pack's expression (``matches('Space Wolf unit', ...)``) is
    compared with regular plurals only; giving each declared keyword in both
    of its forms makes "singular and plural instances of the same keyword
    function in the same way" for irregular ones too.

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


def _keyword_set(keywords: Iterable[str], irregular: Irregular = ()) -> set[str]:
    if isinstance(keywords, str):
        raise TypeError("expected an iterable of keywords, not a single string")
    have: set[str] = set()
    for keyword in keywords:
        form = canonical(keyword, irregular)
        if form:
            have.add(form)
            have.update(form.split(" "))
    return have


@dataclass(frozen=True, slots=True)
class KeywordPhrase:
    """A parsed keyword phrase.

    Attributes:
        text: The phrase as written.
        scope: ``"unit"`` or ``"model"``.
        alternatives: Any-of alternatives; each is an all-of tuple of
            ``(canonical keyword, negated)`` pairs.
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

        Examples:
            >>> parse_phrase("non-VEHICLE INFANTRY or MOUNTED").matches_keywords(
            ...     ["Infantry", "Character"])
            True
            >>> parse_phrase("Aeldari Guardians").matches_keywords(["GUARDIANS"])
            False
        """
        have = _keyword_set(keywords, self.irregular)
        return any(
            all((keyword in have) != negated for keyword, negated in alternative)
            for alternative in self.alternatives
        )

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
        unit has it; keywords that differ only in case are not listed.

        Examples:
            >>> parse_phrase("Space Wolf unit", (("WOLVES", "WOLF"),)).forms(["Space Wolves", "INFANTRY"])
            (('WOLF', 'SPACE WOLVES'),)
        """
        shown = dict(self.written)
        pairs = []
        for keyword in dict.fromkeys(k for alternative in self.alternatives for k, _ in alternative):
            written = shown.get(keyword, keyword)
            for have in keywords:
                form = canonical(have, self.irregular)
                words = _words(have)
                if keyword in (form, *form.split(" ")) and written not in (" ".join(words), *words):
                    pairs.append((written, " ".join(words)))
        return tuple(dict.fromkeys(pairs))

    def describe(self) -> str:
        """Describe the phrase in plain English.

        Examples:
            >>> parse_phrase("non-VEHICLE INFANTRY or MOUNTED unit").describe()
            'a unit that has INFANTRY and not VEHICLE, or has MOUNTED'
            >>> parse_phrase("non-Vehicle models").describe()
            'a model that lacks VEHICLE'
        """
        clauses = []
        shown = dict(self.written)
        for alternative in self.alternatives:
            has = [shown.get(k, k) for k, negated in alternative if not negated]
            lacks = [shown.get(k, k) for k, negated in alternative if negated]
            if has:
                clauses.append("has " + " and ".join(has + [f"not {k}" for k in lacks]))
            else:
                clauses.append("lacks " + " and ".join(lacks))
        return f"a {self.scope} that " + ", or ".join(clauses)


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
        if entry not in current:
            current.append(entry)
    if separator is not None:
        raise PhraseError(f"{separator[0]!r} must be followed by a keyword", separator[1])
    if not current:
        raise PhraseError("phrase has no keywords", len(text))
    alternatives.append(tuple(current))
    return KeywordPhrase(text=text, scope=scope or "unit", alternatives=tuple(alternatives),
                         written=tuple(written.items()), irregular=tuple(irregular))
