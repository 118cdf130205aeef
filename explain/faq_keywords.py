"""FAQ questions about keyword phrases: does a rule written for this phrase apply to this unit?

The phrases are the pack's own: those its rules test (`matches('MONSTER/VEHICLE', ...)`) and those its
source text quotes as examples ('an Aeldari Guardians unit', non-Vehicle units). For each, the unit asked
about is the one that makes the phrase's kind a question: keywords split across two models (a unit has
every keyword of its models), a keyword written in the other number (Deathmark for Deathmarks), a
negated keyword carried by one model only. The answer is `match`'s (`kb.keywords`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.keywords import KeywordPhrase, PhraseError, irregular_words, parse_phrase
from kb.model import Pack

OTHER_KEYWORDS = ("INFANTRY", "CHARACTER", "MOUNTED")
"""Keywords for the model that does not carry the phrase's keywords (the first one the phrase does not name)."""


@dataclass(frozen=True, slots=True)
class KeywordEntry:
    """One keyword question: the phrase, the unit's models, and what `match` says."""

    phrase: str
    models: tuple[tuple[str, ...], ...]
    meaning: str
    unit: bool
    each: tuple[bool, ...]
    scope: str
    forms: tuple[tuple[str, str], ...] = ()
    readings: tuple[tuple[str, bool, bool], ...] = ()
    """(option, unit, default) for each reading of `non-` reach, when they differ."""

    @property
    def question(self) -> str:
        shown = " and ".join(f"one model has {', '.join(m)}" for m in self.models)
        return f"Does a rule for \u201c{self.phrase}\u201d apply to a unit where {shown}?"

    @property
    def situation(self) -> dict[str, object]:
        return {"unit": {"models": [{"keywords": list(m)} for m in self.models]}}


def keyword_questions(pack: Pack) -> list[KeywordEntry]:
    """A question for each keyword phrase of the pack, answered by `match`.

    Examples:
        >>> from kb.loader import load_pack
        >>> [(e.phrase, e.unit) for e in keyword_questions(load_pack("wh40k"))][:1]
        [('MONSTER/VEHICLE', True)]
    """
    irregular = irregular_words(pack.plurals)
    out = []
    texts = phrases(pack)
    for i, text in enumerate(texts):  # the first phrase's keyword said of a model: only the models that have it
        try:
            first = parse_phrase(text, irregular) if "/" not in text else None
        except PhraseError:  # a phrase that names no keyword ('a unit'): the next one
            continue
        keyword = text.split("/")[0] if first is None else dict(first.written).get(*first.alternatives[0][0][:1])
        texts.insert(i + 1, f"a {keyword} model")
        break
    for text in texts:
        try:
            phrase = parse_phrase(text, irregular)
        except PhraseError:
            continue
        models = _unit_for(phrase)
        unit, each = phrase.match(models)
        readings: tuple[tuple[str, bool, bool], ...] = ()
        reading = next((r for r in pack.readings.values() if r.decides == "non_reach"), None)
        if reading is not None and phrase.whole_list() != phrase:
            read = {"adjacent": phrase, "whole_list": phrase.whole_list()}
            got = tuple((o, read[o].match(models)[0], o == reading.default) for o, _ in reading.options)
            readings = got if len({u for _, u, _ in got}) > 1 else ()
        keywords = [k for m in models for k in m]
        out.append(KeywordEntry(text, models, phrase.describe(), unit, each, phrase.scope,
                                phrase.forms(keywords), readings))
    return out


def phrases(pack: Pack) -> list[str]:
    """The keyword phrases a pack's rules test, then those its keyword text quotes, each once."""
    found = []
    for m in pack.modifiers.values():
        found += re.findall(r"matches\(\s*'([^']+)'", m.when.text)
    for name, source in pack.sources.items():
        if "keyword" not in (str(source.get("title", "")) + name).lower():
            continue
        for text in (source.get("paragraphs") or {}).values():
            found += [p for p in re.findall(r"'([^']+)'", str(text))
                      if not re.search(r"Keyword|^\W+$|^[a-z]+$", p)]
            found += re.findall(r"\b(non-[A-Z][\w-]* (?:units|models))", str(text))
    return list(dict.fromkeys(p.strip() for p in found))


def _unit_for(phrase: KeywordPhrase) -> tuple[tuple[str, ...], ...]:
    """Two models that make the phrase a question: its first alternative's keywords spread over them."""
    named = {k for alternative in phrase.alternatives for k, _ in alternative}
    other = next(k for k in OTHER_KEYWORDS if k not in named)
    written = dict(phrase.written)
    first = phrase.alternatives[0]
    wanted = [_other_number(written.get(k, k)) if len(phrase.alternatives) > 1 else written.get(k, k)
              for k, negated in first if not negated]
    refused = [written.get(k, k).title() for k, negated in first if negated]
    if refused:  # one model carries the keyword the phrase refuses
        return (tuple(refused), (other,))
    if len(wanted) > 1:  # adjacent keywords: does the unit need them on one model?
        return tuple((k,) for k in wanted)
    return ((*wanted,), (other,))


def _other_number(keyword: str) -> str:
    """The keyword written in the other number (a plural written singular), where that is plain."""
    if keyword.endswith("S") and not keyword.endswith("SS") and len(keyword) > 3:
        return keyword[:-1]
    return keyword
