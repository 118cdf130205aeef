"""Conditions and amounts in plain English, built from the expression tree and the facts' texts.

A pack's expressions (``2 * soft_cover.los >= target.los``) are for the
solver; a player reads "twice the soft cover's Line of Sight value is at
least the target's Line of Sight value". Everything here works for any pack:
bool facts read as their `text`, negated by turning the sentence's verb
("is" -> "is not", "moved" -> "did not move"); int facts read as a noun
taken from their text template ("the shooter has Ballistic Skill {value}" ->
"the shooter's Ballistic Skill"); comparisons and arithmetic read in words.
Nothing here decides anything: values, when given, are only shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from kb.expr import UNKNOWN, Expr, _build
from kb.model import Fact, Pack, split_change

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NOT = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==", "in": "not in", "not in": "in"}
_CMP_WORDS = {"<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least", "==": "is",
              "!=": "is not"}
_RANGE = {"<": "less than {c}", "<=": "{c} or less", ">": "more than {c}", ">=": "{c} or more", "==": "{c}",
          "!=": "other than {c}"}
_X_PLUS = {"<": "better than {c}+", "<=": "{c}+ or better", ">": "worse than {c}+", ">=": "{c}+ or worse",
           "==": "{c}+", "!=": "other than {c}+"}
_AUX = {"is": "is not", "are": "are not", "was": "was not", "were": "were not", "can": "cannot",
        "cannot": "can", "will": "will not", "must": "need not", "may": "may not", "should": "should not",
        "could": "could not", "has": "does not have", "have": "do not have", "had": "did not have",
        "does": "does not", "do": "do not", "did": "did not"}
_IRREGULAR = {"made": "make", "took": "take", "ran": "run", "went": "go", "gave": "give", "got": "get",
              "saw": "see", "shot": "shoot", "fought": "fight", "fled": "flee", "held": "hold", "left": "leave",
              "lost": "lose", "won": "win", "drew": "draw", "chose": "choose", "hid": "hide", "sank": "sink",
              "struck": "strike", "threw": "throw", "flew": "fly", "rode": "ride", "stood": "stand", "fell": "fall",
              "began": "begin", "kept": "keep", "sent": "send", "brought": "bring", "caught": "catch",
              "found": "find", "felt": "feel", "led": "lead", "knew": "know", "broke": "break", "spent": "spend",
              "used": "use"}
"""Past tenses and their bases: the irregular ones, and "used" (too short to tell from "need" or "shed" by rule)."""
_NOT_VERBS = {"this", "thus", "plus", "less", "unless", "across", "always", "its", "bonus", "status", "towards",
              "whereas", "perhaps", "besides", "sometimes", "yes", "axis", "lens", "dice", "means"}
_DETERMINERS = {"the", "a", "an", "its", "their", "his", "her", "this", "that", "every", "each", "any", "no"}
_BE = ("is", "are", "was", "were")
_HAVE = ("has", "have", "had")
_PARTICIPLES = {"done", "gone", "seen", "taken", "given", "fallen", "chosen", "broken", "beaten", "hidden",
                "shaken", "stolen", "drawn", "shown", "known", "thrown", "flown", "begun", "run", "won", "lost", "made",
                "held", "left", "fought", "kept", "sent", "brought", "caught", "found", "felt", "led", "spent", "shot",
                "stood", "struck"}
"""Past participles that do not end in -ed: "has lost a wound" is the perfect tense, not a possession."""
_AFTER_PERFECT = _DETERMINERS | {"at", "in", "into", "on", "onto", "over", "to", "from", "with", "within", "by", "for",
                                 "since", "out", "up", "down", "off", "back", "away", "again", "already", "once",
                                 "twice", "more", "than"}
"""Words that follow a verb, not an adjective: "has moved this turn" (perfect) but "has ranged weapons" (a noun's)."""
_NOUN_ENDS = {"of", "in", "on", "at", "to", "from", "with", "within", "by", "for", "that", "which", "who", "this",
              "than", "when", "while", "since"}
"""Where the noun phrase after "no" ends ("no banner of its own": the noun is "banner")."""
_COMPARATIVES = {"more", "fewer", "less"}

# Regular past tenses whose base the spelling rules below cannot tell ("focused": focus; "agreed": agree).
_SPELLED = {"agreed": "agree", "disagreed": "disagree", "freed": "free", "decreed": "decree",
            "guaranteed": "guarantee", "refereed": "referee", "focused": "focus", "biased": "bias",
            "panicked": "panic", "mimicked": "mimic", "trafficked": "traffic", "smoothed": "smooth",
            "welcomed": "welcome", "eloped": "elope", "devoted": "devote", "condoned": "condone", "atoned": "atone",
            "intoned": "intone", "interfered": "interfere", "adhered": "adhere", "cohered": "cohere",
            "persevered": "persevere", "revered": "revere", "canoed": "canoe", "tiptoed": "tiptoe"}
_VOWELS = frozenset("aeiouy")
_VOWEL_LETTERS = frozenset("AEIOU")
_E_ALWAYS = frozenset("cvzs")
"""Last letters of a stem that lost its e: no English verb ends in one of these alone (forced, moved, gazed)."""
_E_NEVER = _VOWELS | frozenset("wx")
_LIQUID = frozenset("rw")
"""Letters before an l that make no syllable of it: curled, howled (but fizzled, handled)."""
_KEPT_DOUBLE = ("ss", "ff", "zz")
"""Consonants a base itself doubles: passed, stuffed, buzzed."""
_E_AFTER_NG = ("chang", "rang", "eng", "ung", "hing", "sing", "ting", "bing", "cring", "fring", "twing", "mping",
               "spong")
"""-ng stems whose base ends in -nge: changed, ranged, avenged, plunged, hinged; not banged, ringed, longed."""
_E_AFTER_PAIR = ("iat", "uat", "uad", "creat")
"""Two vowels that are two syllables before the last consonant: initiated, evaluated, persuaded, created."""
_UNSTRESSED = ("er", "en", "on", "el", "et", "it", "om", "op", "ip", "or", "al", "ot")
"""Unstressed last syllables: a longer verb ending so keeps its spelling (opened, targeted, travelled in US)."""
_STRESSED = ("ven", "pon", "phon", "thron", "plet", "let", "ompet", "cret", "nit", "cit", "vit", "not", "mot", "gnor",
             "plor", "stor", "dor", "cor", "nhal", "xhal", "pal", "gal")
"""Endings among those that are stressed, with a silent e: convened, postponed, completed, ignited, ignored."""


def say(pack: Pack, expr: Expr, values: Mapping[str, Any] | None = None, *, holds: bool = True) -> str:
    """The condition `expr` as a statement (or, with `holds=False`, its negation).

    With `values`, the facts' values are shown beside the words.

    Examples:
        >>> from kb.loader import load_pack
        >>> from kb.expr import parse_expr
        >>> p = load_pack("fantasy")
        >>> say(p, parse_expr("target.lone_model and target.unit_strength <= 2"))
        'the target is a lone model and the target has Unit Strength 2 or less'
        >>> say(p, parse_expr("shooter.moved"), holds=False)
        'the shooter did not move this turn'
        >>> say(p, parse_expr("2 * soft_cover.los >= target.los"), {"soft_cover.los": 1, "target.los": 3},
        ...     holds=False)
        "twice the soft cover's Line of Sight value (1) is less than the target's Line of Sight value (3)"
    """
    return _say(pack, expr._tree, values or {}, holds)


def sentence(fact: Fact, value: Any = True) -> str:
    """A fact's value as a sentence: a bool fact's text, or its negation; other facts with their value.

    Examples:
        >>> from kb.loader import load_pack
        >>> p = load_pack("fantasy")
        >>> sentence(p.facts["target.in_hard_cover"], False), sentence(p.facts["shooter.bs"], 3)
        ('the target is not in hard cover', 'the shooter has Ballistic Skill 3')
    """
    if fact.type.kind == "bool":
        return affirm(fact.text) if value else negate(fact.text)
    if isinstance(value, str) and fact.type.kind == "int":
        value = value.replace("..", " to ")  # a range of values, "2..4"
    if isinstance(value, frozenset | list | tuple):
        value = ", ".join(sorted(value)) or "none"
        if "{value}" not in fact.text:  # "the attacking unit's keywords are VEHICLE"
            return re.sub(r"\s*\([^)]*\)", "", _plain(fact.text)) + f" are {value}"
    value = fact.shown(value)  # an enum value as the pack words it ("two hits", not two_hits)
    text = _plain(fact.text)
    return text.replace("{value}", str(value)) if "{value}" in text else f"{text} is {value}"


def affirm(text: str) -> str:
    """A bool fact's text as a statement: a note on what false means is dropped.

    Examples:
        >>> affirm("the attack is a ranged attack (false: a melee attack)")
        'the attack is a ranged attack'
    """
    return re.sub(r"\s*\((?:false|no|otherwise)\b[^)]*\)", "", text).strip()


def negate(text: str) -> str:
    """A statement turned into its negation, by its verb; "not: ..." when no verb is found.

    Examples:
        >>> negate("the shooter moved this turn")
        'the shooter did not move this turn'
        >>> negate("at least one model of the target unit was visible to the attacking unit")
        'no model of the target unit was visible to the attacking unit'
        >>> negate("every model in the target unit has the Stealth ability")
        'not every model in the target unit has the Stealth ability'
        >>> negate("the attack is a ranged attack (false: a melee attack)")
        'the attack is a melee attack'
        >>> negate("the shooter uses Volley Fire")
        'the shooter does not use Volley Fire'
        >>> negate("the model has no banner"), negate("the unit has not moved")
        ('the model has a banner', 'the unit has moved')
    """
    if m := re.search(r"\s*\(false:\s*([^)]*)\)", text):  # the pack says what false means
        positive = affirm(text)
        words = positive.split()
        for i, w in enumerate(words):
            if w.lower() in _BE:
                return " ".join([*words[: i + 1], m.group(1).strip()])
        return m.group(1).strip()
    text = affirm(text)
    lower = text.lower()
    if lower.startswith("at least one "):
        return "no " + text[len("at least one "):]
    if lower.startswith(("every ", "all ", "each ")):
        return "not " + text
    words = text.split()
    for i, word in enumerate(words):
        w = word.lower()
        if w in _AUX:
            after = [a.lower() for a in words[i + 1:i + 2]]
            if after == ["not"]:  # "is not engaged" -> "is engaged"; "must not move" -> "may move"
                return " ".join([*words[:i], "may" if w == "must" else word, *words[i + 2:]])
            if after == ["no"] and w in _BE + _HAVE:  # "has no banner" -> "has a banner"
                return " ".join([*words[:i + 1], *_some(words[i + 2:])])
            if w in _HAVE and _perfect(words, i + 1):  # "has moved" -> "has not moved"
                return " ".join([*words[:i + 1], "not", *words[i + 1:]])
            return " ".join([*words[:i], _AUX[w], *words[i + 1:]])
    if (at := _past_at(words)) is not None:
        base = _IRREGULAR.get(words[at].lower()) or _past_to_base(words[at])
        return " ".join([*words[:at], "did not", base, *words[at + 1:]])
    if (at := _present_at(words)) is not None:
        return " ".join([*words[:at], "does not", _third_to_base(words[at]), *words[at + 1:]])
    return f"not: {text}"


def noun(fact: Fact) -> str:
    """What an int (or enum) fact measures, as a noun phrase from its text template.

    Examples:
        >>> from kb.loader import load_pack
        >>> p = load_pack("fantasy")
        >>> noun(p.facts["shooter.bs"]), noun(p.facts["soft_cover.los"])
        ("the shooter's Ballistic Skill", "the soft cover's Line of Sight value")
    """
    text = _plain(fact.text)
    if "{value}" not in text:
        return re.sub(r"\s*\([^)]*\)$", "", text)
    note = re.search(r"\(([^)]*)\)\s*$", text)
    text = re.sub(r"\s*\([^)]*\)\s*$", "", text)
    words = text.split()
    i = _verb_index(words)
    if i is None or any("{value}" in w for w in words[:i + 1]):
        return _the_value_in(text)
    subject, verb = " ".join(words[:i]), words[i].lower()
    before, _, after = " ".join(words[i + 1:]).partition("{value}")
    before, after = before.strip(), after.removeprefix("+").strip()
    if verb in ("has", "have"):
        if _perfect(words, i + 1):  # "a rule has modified the W by {value}": no possession to name
            return _the_value_in(text)
        return f"{_possessive(subject)} {_bare(before or after)}".strip()
    if verb in ("is", "are") and not before:
        return subject
    if note and not note.group(1).lower().startswith(("before", "after", "e.g", "i.e")):  # (false: ...) is gone
        return f"{_possessive(subject)} {note.group(1)}"
    if after:
        return f"the {after} {subject} {words[i]}"
    return f"what {subject} {words[i]} {before}".strip()


def _the_value_in(text: str) -> str:
    """A fact's text read as a whole, for want of a noun in it: "the value in “N wounds were lost”"."""
    return "the value in \u201c" + text.replace("{value}", "N") + "\u201d"


def _verb_index(words: list[str]) -> int | None:
    """Where the verb of a fact's sentence is: an auxiliary, else a past tense, else a present "-s"."""
    aux = next((i for i in range(1, len(words)) if words[i].lower() in _AUX), None)
    if aux is not None:
        return aux
    past = _past_at(words)
    return past if past is not None else _present_at(words)


def _past_at(words: list[str]) -> int | None:
    """Where a verb in the past tense is: an irregular one or a regular -ed, not after a determiner ("the wounded")
    nor first."""
    for i in range(1, len(words)):
        w = words[i].lower()
        if words[i - 1].lower() not in _DETERMINERS and (
                w in _IRREGULAR or (len(w) > 4 and w.endswith("ed") and w.isalpha())):
            return i
    return None


def _present_at(words: list[str]) -> int | None:
    """Where a verb in the present tense with its -s is ("the crew counts"): not after a determiner or a possessive
    ("the unit's focus"), nor first."""
    for i in range(1, len(words)):
        word, prev = words[i], words[i - 1].lower()
        w = word.lower()
        if (prev not in _DETERMINERS and not prev.endswith("'s") and w.endswith("s") and len(w) > 3
                and not w.endswith("ss") and word.isalpha() and word.islower() and w not in _NOT_VERBS):
            return i
    return None


def why_not(pack: Pack, expr: Expr, values: Mapping[str, Any], depth: int = 0) -> str:
    """The parts of a condition that failed, in words; a failed derived fact says which of its parts failed.

    Examples:
        >>> from kb.loader import load_pack
        >>> from kb.expr import parse_expr
        >>> p = load_pack("fantasy")
        >>> why_not(p, parse_expr("target.lone_model and target.unit_strength <= 2"),
        ...         {"target.lone_model": True, "target.unit_strength": 4})
        'the target has Unit Strength 4 (more than 2)'
    """
    from kb.expr import atoms, evaluate

    parts = []
    for atom in atoms(expr):
        if evaluate(atom, values) is not False:
            continue
        said = say(pack, atom, values, holds=False)
        fact = pack.facts.get(atom.text.strip())
        if fact is not None and fact.derive is not None and depth < 2:
            inner = why_not(pack, fact.derive, values, depth + 1)
            said += f" ({inner})" if inner != say(pack, fact.derive, values, holds=False) or depth else ""
        parts.append(said)
    return "; ".join(parts) or say(pack, expr, values, holds=False)


def per_unit(fact: Fact) -> str:
    """One of what a count fact counts: "the attacking unit has {value} physical bases" -> "physical base"."""
    text = _plain(fact.text)
    if m := re.match(r"^.*?\s+(?:has|have)\s+\{value\}\s+(.*)$", text):
        words = m.group(1).split()
        cut = next((i for i, w in enumerate(words) if w in ("per", "in", "of", "for", "on")), len(words))
        return " ".join([_singular(w) for w in words[:cut]] + words[cut:])
    return noun(fact)


def amount(pack: Pack, expr: Expr, values: Mapping[str, Any] | None = None, *, settled: bool = False,
           within: int | None = None) -> str:
    """A numeric expression in words ("7 - shooter.bs" -> "7 minus the shooter's Ballistic Skill").

    With `settled`, a conditional whose condition the values decide is said as the value it picks and why:
    "4 (as the shooter's experience is regular)", not every branch. With `within`, arithmetic longer than that
    many characters is said as the facts it reads and their values ("worked out from ...").
    """
    n = expr._tree
    reasons: list[str] = []  # each condition on the way down to the value, as it held or failed
    while settled and n[0] == "if" and isinstance(held := _build(n[2])(values or {}), bool):
        reasons.append(_say(pack, n[2], values or {}, held))
        n = n[3] if held else n[4]
    said = _amount(pack, n, values or {})
    if within is not None and len(said) > within:  # arithmetic too long to say across a table: what it reads
        read = [pack.facts[name] for name in dict.fromkeys(_names(n)) if name in pack.facts]
        said = "worked out from " + _join([  # each value as the arithmetic shows it: "yes", "A, B", "open order"
            f"{noun(f)} ({_value(f.shown(values[f.name]) if f.value_text else values[f.name])})"
            if values and f.name in values else noun(f) for f in read], "and")
    return said + (f" (as {_join(reasons, 'and')})" if reasons else "")


def _names(n: Any) -> Iterator[str]:
    """The names an expression's tree reads, in the order it reads them."""
    if isinstance(n, tuple) and n and n[0] == "n":
        yield n[2]
    elif isinstance(n, tuple):
        for part in n:
            yield from _names(part)


def effect_words(change: str) -> str:
    """What an ad-hoc effect does, in words.

    Examples:
        >>> effect_words("-1"), effect_words("x2"), effect_words("=0")
        ('gives -1', 'multiplies it by 2', 'sets it to 0')
    """
    op, number = split_change(change)
    return {"x": f"multiplies it by {number}", "/": f"divides it by {number}",
            "=": f"sets it to {number}"}.get(op, f"gives {change}")


def _say(pack: Pack, n: tuple[Any, ...], values: Mapping[str, Any], holds: bool) -> str:
    tag = n[0]
    if tag == "not":
        return _say(pack, n[2], values, not holds)
    if tag in ("and", "or"):
        joins_and = (tag == "and") == holds  # De Morgan: a negated "and" reads as "or" of negations
        parts = [f"({said})" if _joined(pack, part, holds) else said
                 for part, said in ((p, _say(pack, p, values, holds)) for p in n[2])]
        return _join(parts, "and" if joins_and else "or")
    if tag == "c":
        return "always" if bool(n[2]) == holds else "never"
    if tag == "n":
        fact = pack.facts.get(n[2])
        if fact is None:
            return f"{n[2]} is {'true' if holds else 'false'}"
        return sentence(fact, "nonzero" if holds else 0)  # a bool fact's sentence reads it for its truth
    if tag == "call" and n[2] == "matches":
        return _matches(pack, n[3], values, holds)
    if tag == "if":  # a conditional's negation negates both values, never the condition
        return (f"{_say(pack, n[3], values, holds)} if {_say(pack, n[2], values, True)}, "
                f"otherwise {_say(pack, n[4], values, holds)}")
    if tag == "cmp" and holds and (run := _run(pack, n)) is not None:  # a table's row: "0 to 12 inches"
        fact, low, high = run
        return sentence(fact, f"{low}..{high}") + (f" (it is {values[fact.name]})" if fact.name in values else "")
    if tag == "cmp":
        first = n[2]
        parts = []
        for op, right in n[3]:
            parts.append(_compare(pack, first, op if holds else _NOT[op], right, values))
            first = right
        return _join(parts, "and" if holds else "or")
    return f"{_amount(pack, n, values)} is {'not ' if holds else ''}zero"  # a number holds when it is not 0


def _joined(pack: Pack, n: tuple[Any, ...], holds: bool) -> bool:
    """Whether a condition is said as parts joined by "and" or "or", so that among others it needs parentheses: an
    "and" or "or" (negated or not), or a chain of comparisons that is no row of a table ("1 <= x < 4")."""
    while n[0] == "not":
        n, holds = n[2], not holds
    return n[0] in ("and", "or") or (n[0] == "cmp" and len(n[3]) > 1 and not (holds and _run(pack, n)))


def _run(pack: Pack, n: tuple[Any, ...]) -> tuple[Fact, int, int] | None:
    """`LOW <= fact <= HIGH` for an int fact with a `{value}` text, else None."""
    if len(n[3]) != 2:
        return None
    (op1, mid), (op2, high) = n[3]
    fact = pack.facts.get(mid[2]) if op1 == op2 == "<=" and mid[0] == "n" else None
    if fact is None or fact.type.kind != "int" or "{value}" not in fact.text or n[2][0] != "c" or high[0] != "c":
        return None
    return fact, n[2][2], high[2]


def _compare(pack: Pack, left: tuple[Any, ...], op: str, right: tuple[Any, ...],
             values: Mapping[str, Any]) -> str:
    if op in ("in", "not in"):
        owner = _owner(pack, right)
        shown = _keywords_shown(right, values)
        verb = "has" if op == "in" else "does not have"
        if left[0] == "c":
            return f"{owner} {verb} the {left[2]} keyword{shown}"
        return f"{owner} {verb} {_amount(pack, left, values)} among its keywords{shown}"  # an enum fact's value
    if right[0] == "n" and left[0] == "c":
        left, right, op = right, left, _FLIP[op]
    fact = _fact(pack, left)
    if fact is not None and right[0] == "c" and fact.type.kind == "bool":  # "unit.moved == false"
        return sentence(fact, right[2] == (op == "=="))
    if fact is not None and right[0] == "c" and fact.type.kind in ("int", "enum"):
        text = _plain(fact.text)
        c = right[2]
        if not isinstance(c, int):  # an enum's value (the loader compares an enum only with its values' strings)
            said = sentence(fact, c)
            actual = values.get(left[2], c)
            return (said if op == "==" else negate(said)) + (f" (it is {fact.shown(actual)})" if actual != c else "")
        if "{value}" in text and op in ("==", "!=") and left[2] in values:  # as an enum's: the value, then the fact's
            said = sentence(fact, c)
            actual = values[left[2]]
            return (said if op == "==" else negate(said)) + (f" (it is {actual})" if actual != c else "")
        if "{value}" in text:
            template = _X_PLUS if "{value}+" in text else _RANGE
            phrase = template[op].format(c=c)
            if left[2] in values:
                return f"{sentence(fact, values[left[2]])} ({phrase})"
            return text.replace("{value}+" if template is _X_PLUS else "{value}", phrase)
    return f"{_amount(pack, left, values)} {_CMP_WORDS[op]} {_amount(pack, right, values)}"


def _amount(pack: Pack, n: tuple[Any, ...], values: Mapping[str, Any]) -> str:
    tag = n[0]
    if tag == "c":
        return f"'{n[2]}'" if isinstance(n[2], str) else str(n[2]).lower()  # a number, or true or false
    if tag == "n":
        fact = pack.facts.get(n[2])
        if fact is None:
            return "the unmodified value" if n[2] == "base" else n[2]
        value = values.get(n[2], UNKNOWN)
        return noun(fact) + (f" ({_value(fact.shown(value) if fact.value_text else value)})"
                             if value is not UNKNOWN else "")
    if tag == "neg":
        return f"minus {_amount(pack, n[2], values)}"
    if tag == "bin":
        op, a, b = n[2], n[3], n[4]
        if op == "*" and a[0] == "c" and b[0] != "c":
            a, b = b, a
        if op == "*" and b[0] == "c" and isinstance(b[2], int):
            count = {2: "twice", 3: "three times"}.get(b[2], f"{b[2]} times")
            return f"{count} {_amount(pack, a, values)}"
        word = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}[op]
        shown = f"{_amount(pack, a, values)} {word} {_amount(pack, b, values)}"
        return shown + (" (rounded down)" if op == "//" else "")
    if tag == "call":
        args = [_amount(pack, a, values) for a in n[3]]
        if n[2] == "abs":
            return f"the size of {args[0]}"
        return f"the {'smaller' if n[2] == 'min' else 'larger'} of {_join(args, 'and')}"
    if tag == "if":
        return (f"{_amount(pack, n[3], values)} if {_say(pack, n[2], values, True)}, "
                f"otherwise {_amount(pack, n[4], values)}")
    return _say(pack, n, values, True)


def _matches(pack: Pack, args: tuple[Any, ...], values: Mapping[str, Any], holds: bool) -> str:
    from kb.expr import _phrase

    phrase = _phrase(args[0][2])
    written = dict(phrase.written)
    kinds = []
    for alternative in phrase.alternatives:
        words = [("non-" if negated else "") + written[k] for k, negated in alternative]  # every keyword is written
        words.sort(key=lambda w: not w.startswith("non-"))
        kinds.append(" ".join(words))
    named = _join(kinds, "or")
    article = "an" if named[:1].upper() in _VOWEL_LETTERS else "a"
    return f"{_owner(pack, args[1])} is {'' if holds else 'not '}{article} {named}{_keywords_shown(args[1], values)}"


def _owner(pack: Pack, n: tuple[Any, ...]) -> str:
    fact = _fact(pack, n)
    if fact is None:
        return "the unit"
    text = _plain(fact.text)
    if m := re.match(r"^(.*?)(?:'s|')\s+(?:[\w-]+\s+)*?keywords\b", text):
        return m.group(1)
    return f"the unit with {text}"


def _fact(pack: Pack, n: tuple[Any, ...]) -> Fact | None:
    """The fact a node names, if it is a name ("n") of the pack's (a string constant that spells one is not)."""
    return pack.facts.get(n[2]) if n[0] == "n" else None


def _keywords_shown(n: tuple[Any, ...], values: Mapping[str, Any]) -> str:
    if n[0] != "n" or n[2] not in values:
        return ""
    keywords = values[n[2]]
    return f" (its keywords: {', '.join(sorted(keywords))})" if keywords else " (it has no keywords)"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, frozenset | list | tuple):
        return ", ".join(sorted(value)) or "none"
    return str(value)


def _join(parts: list[str], word: str) -> str:
    if len(parts) <= 1:
        return parts[0] if parts else ""
    if len(parts) == 2:
        return f"{parts[0]} {word} {parts[1]}"
    return ", ".join(parts[:-1]) + f", {word} {parts[-1]}"


_plain = affirm
"""A fact's text without a note on what false means (nouns and sentences are made from it)."""


def _possessive(subject: str) -> str:
    return subject + ("'" if subject.endswith("s") and not subject.endswith("ss") else "'s")


def _singular(word: str) -> str:
    if word.lower() == "dice":
        return "die"
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _past_to_base(word: str) -> str:
    """A regular past tense's base form (of four letters or more), spelt as a dictionary spells it.

    A silent e comes back (hoped, fizzled, charged), a doubled consonant goes
    (stopped, travelled) unless the base has it (added, passed, called), and
    "-ied" is "-y" (carried) or, in a word of four letters, "-ie" (tied).
    """
    lower = word.lower()
    if lower in _SPELLED:
        base = _SPELLED[lower]
        return word[:len(base)]
    if lower.endswith("eed"):  # a present tense (exceed, succeed): the past ones (agreed, freed) are spelled above
        return word
    if lower.endswith("ied"):
        return word[:-1] if len(word) == 4 else word[:-3] + "y"
    stem = word[:-2]
    if lower.endswith("ued"):
        return stem + "e"  # issued, argued
    s = re.sub(r"(?<=[qg])u(?=[aeiouy])", "", stem.lower())  # the u of "qu", "gu" is no vowel: quoted, guided
    if s[-1] == s[-2] not in _VOWELS:
        return stem[:-1] if _one_consonant(s) else stem
    return stem + "e" if _silent_e(s) else stem


def _one_consonant(s: str) -> bool:
    """Whether a stem `s` (lower case) that ends in a doubled consonant doubled it for -ed: its base has one."""
    if s.endswith("ll"):  # travelled, controlled, fuelled: an -el or -ol of a longer word; called, spelled: the base's
        return bool(re.search(r"(?:[aeiou]|(?<=[^aeiou])y).*[eo]ll$", s))
    return not s.endswith(_KEPT_DOUBLE) and bool(re.search(r"[^aeiouy][aeiou](.)\1$", s))  # stopped; not added


def _silent_e(s: str) -> bool:
    """Whether a regular past tense's stem `s` (lower case, one consonant at its end) lost an e: hoped, fizzled."""
    last, before = s[-1], s[-2:-1]
    if last in _E_ALWAYS:
        return True  # forced, moved, gazed, caused: no English verb ends in one of these alone
    if last in _E_NEVER:
        return False  # played, echoed, bowed, boxed
    if last == "h":
        return before == "t" and s[-3:-2] in _VOWELS  # bathed, breathed, soothed; not bashed, reached, unearthed
    if last == "g":
        return before != "n" or s.endswith(_E_AFTER_NG)  # charged, judged, raged, changed; not banged, ringed
    if before not in _VOWELS:
        return last == "l" and before not in _LIQUID  # fizzled, handled; not curled, howled, landed, marked
    if s[-3:-2] in _VOWELS:
        return s.endswith(_E_AFTER_PAIR)  # failed, aimed, retreated, raided; but created, initiated
    if _syllables(s) == 1:
        return True  # hoped, faded, named: a base with a short vowel would have doubled it (hopped)
    return s.endswith(_STRESSED) or not s.endswith(_UNSTRESSED)  # completed, declared; but opened, targeted


def _syllables(s: str) -> int:
    """How many vowel sounds a lower-case word has (a y after a consonant is one: styled)."""
    return len(re.findall(r"[aeiou]+|(?<=[^aeiou])y", s))


def _perfect(words: list[str], i: int) -> bool:
    """Whether `words[i]` is a past participle after have ("has moved this turn", "has been shaken"), not an
    adjective of what it has ("has ranged weapons"): "been", or a participle that ends the sentence or that a word
    which is no noun (a determiner, a preposition, a number) follows."""
    if i >= len(words):
        return False
    w = words[i].lower()
    if w == "been":
        return True
    if w not in _PARTICIPLES and not (w.endswith("ed") and w.isalpha()):
        return False
    return i + 1 == len(words) or words[i + 1].lower() in _AFTER_PERFECT or words[i + 1][:1].isdigit()


def _some(words: list[str]) -> list[str]:
    """What "no ..." denies, said as being there: "no banner" -> "a banner", "no banners" -> "banners",
    "no more than 3" -> "more than 3", "no longer" -> "still"."""
    if not words or words[0].lower() in _COMPARATIVES:
        return words
    if words[0].lower() == "longer":
        return ["still", *words[1:]]
    head = []
    for w in words:
        if w.lower() in _NOUN_ENDS:
            break
        head.append(w)
    from kb.keywords import _inflect

    engine = _inflect()
    if any(w.isalpha() and engine.singular_noun(w) for w in head):
        return words  # a plural: "banners"
    return [engine.a(words[0]).split()[0], *words]  # "a banner", "an Indirect Fire weapon"


def _bare(phrase: str) -> str:
    """A noun phrase without its article and a trailing "of": "a save of" -> "save"."""
    return re.sub(r"^(?:an?|the)\s+|\s+of$", "", phrase)


def _third_to_base(word: str) -> str:
    if word.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1]
