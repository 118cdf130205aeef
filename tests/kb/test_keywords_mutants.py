"""Keyword phrases a rules writer gets wrong, each refused with a message that says what is wrong and where:
checked where mutation testing found nothing watching (`python tools/mutate.py kb/keywords.py`)."""

from __future__ import annotations

import pytest

from kb.keywords import PhraseError, parse_phrase

REFUSED = [  # (phrase, what is wrong, the offset it is at)
    ("", "phrase has no keywords", 0),
    ("   ", "phrase has no keywords", 3),
    ("the", "phrase has no keywords", 3),
    ("unit", "'unit' needs a keyword before it", 0),
    ("a unit", "'unit' needs a keyword before it", 2),
    ("VEHICLE or", "'or' must be followed by a keyword", 8),
    ("or VEHICLE", "'or' must follow a keyword", 0),
    ("VEHICLE,,MONSTER", "',' must follow a keyword", 8),
    ("VEHICLE / / MONSTER", "'/' must follow a keyword", 10),
    ("MONSTER/", "'/' must be followed by a keyword", 7),
    ("non-", "'non-' must be followed by a keyword", 0),
    ("non- VEHICLE", "'non-' must be followed by a keyword", 0),
    ("non VEHICLE", "'non-' must be followed by a keyword", 0),
    ("non-non-VEHICLE", "double negation", 0),
    ("INFANTRY unit MONSTER", "unexpected 'MONSTER' after unit/model", 14),
    ("INFANTRY unit or MONSTER models", "a phrase cannot mix units and models", 25),
    ("VEHICLE and MONSTER", "'and' is ambiguous; use adjacent keywords", 8),
    ("VEHICLE (MONSTER)", "not a keyword: '(MONSTER)'", 8),
    ("non-(X)", "not a keyword: '(X)'", 4),
]


@pytest.mark.parametrize(("phrase", "message", "offset"), REFUSED, ids=[p or "empty" for p, _, _ in REFUSED])
def test_a_broken_phrase_says_what_is_wrong_and_where(phrase: str, message: str, offset: int) -> None:
    with pytest.raises(PhraseError) as caught:
        parse_phrase(phrase)
    assert (caught.value.message, caught.value.offset) == (message, offset)
    assert str(caught.value) == f"{message} (at offset {offset})"
