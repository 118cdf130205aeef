"""A ruling as JSON, checked where mutation testing found nothing watching (`python tools/mutate.py
explain/json.py`).

The rulings here are made by hand, so each key the JSON document holds can be read off the ruling it came from:
the nine keys every document has, the others only where the ruling has something to say (docs/json.md lists
them), chances written as fractions ("1/2", "1" for a certainty, "0" for none).
"""

from __future__ import annotations

from fractions import Fraction

from explain.json import ruling_json
from kb.errors import Span
from kb.model import Policy
from solver.choice import Alternative, Choice
from solver.derivation import Node
from solver.ruling import Applied, Case, Clamped, ReadingOutcome, Ruling
from solver.settle import Suppression

WHY = Node("to_hit: 4+", (Node("shooter.bs is 3", tag="value"),), cite="core ¶1", tag="value")


def ruling(value: object = 4, display: str = "4+", **more: object) -> Ruling:
    return Ruling("fantasy", "to_hit", value, display, WHY, **more)  # type: ignore[arg-type]


def test_a_plain_ruling_holds_the_nine_keys_and_nothing_else() -> None:
    assert ruling_json(ruling()) == {
        "pack": "fantasy",
        "quantity": "to_hit",
        "value": 4,
        "display": "4+",
        "applied": [],
        "suppressed": [],
        "ignored": [],
        "clamped": [],
        "assumptions": [],
        "explanation": {
            "claim": "to_hit: 4+",
            "cite": "core ¶1",
            "because": [{"claim": "shooter.bs is 3", "because": [], "cite": None}],
        },
    }


def test_the_rules_that_counted_were_suppressed_ignored_or_clamped_are_listed_each_with_its_words() -> None:
    doc = ruling_json(
        ruling(
            applied=(Applied("moved", "+1", "the shooter moved", "core ¶2"), Applied("cover", "+1")),
            suppressed=(Suppression("cover_b", "cover", "one_cover"),),
            ignored=("sniper",),
            clamped=(Clamped("floor", 1, 2),),
            assumptions=("cover_once",),
        )
    )
    assert doc["applied"] == [
        {"rule": "moved", "change": "+1", "text": "the shooter moved", "cite": "core ¶2"},
        {"rule": "cover", "change": "+1", "text": "", "cite": None},
    ]
    assert doc["suppressed"] == [{"rule": "cover_b", "by": "cover", "policy": "one_cover"}]
    assert doc["ignored"] == [{"rule": "sniper"}]
    assert doc["clamped"] == [{"rule": "floor", "from": 1, "to": 2}]
    assert doc["assumptions"] == ["cover_once"]


def test_a_chance_comes_with_whether_it_is_impossible_or_automatic() -> None:
    doc = ruling_json(ruling(probability=Fraction(1, 2), modifier=-1, then=5))
    assert (doc["probability"], doc["impossible"], doc["automatic"], doc["modifier"], doc["then"]) == (
        "1/2",
        False,
        False,
        -1,
        5,
    )
    never = ruling_json(ruling(probability=Fraction(0), automatic=None))
    assert (never["probability"], never["impossible"], never["automatic"]) == ("0", True, False)
    sure = ruling_json(ruling(probability=Fraction(1), automatic=True))
    assert (sure["probability"], sure["impossible"], sure["automatic"]) == ("1", False, True)


def test_a_modifier_of_0_and_a_follow_up_of_0_are_still_said() -> None:
    doc = ruling_json(ruling(modifier=0, then=0))
    assert (doc["modifier"], doc["then"]) == (0, 0)


def test_without_a_chance_there_is_no_word_of_impossible_or_automatic() -> None:
    doc = ruling_json(ruling(automatic=True))
    assert not {
        "probability",
        "impossible",
        "automatic",
        "modifier",
        "then",
        "cases",
        "readings",
        "groups",
        "alternatives",
    } & set(doc)


def test_the_rulings_extra_keys_are_added_as_they_are() -> None:
    doc = ruling_json(ruling(extra=(("passed", True), ("distribution", {"4": "1/2"}))))
    assert (doc["passed"], doc["distribution"]) == (True, {"4": "1/2"})


def test_each_case_says_when_it_holds_and_its_ruling_in_brief() -> None:
    inner = ruling(
        probability=Fraction(1, 3),
        modifier=1,
        then=4,
        applied=(Applied("moved", "+1"),),
        assumptions=("x",),
        ignored=("y",),
        clamped=(Clamped("floor", 1, 2),),
        extra=(("passed", False),),
    )
    deeper = ruling(cases=(Case((("a", 1),), ruling(value=5, display="5+")),))
    doc = ruling_json(ruling(cases=(Case((("shooter.moved", True), ("range", "long")), inner), Case((), deeper))))
    assert doc["cases"] == [
        {
            "when": {"shooter.moved": True, "range": "long"},
            "value": 4,
            "display": "4+",
            "probability": "1/3",
            "impossible": False,
            "automatic": False,
            "then": 4,
            "modifier": 1,
            "applied": [{"rule": "moved", "change": "+1", "text": "", "cite": None}],
        },
        {
            "when": {},
            "value": 4,
            "display": "4+",
            "applied": [],
            "cases": [{"when": {"a": 1}, "value": 5, "display": "5+", "applied": []}],
        },
    ]


def test_each_reading_says_its_option_its_value_and_whether_it_is_the_default() -> None:
    doc = ruling_json(
        ruling(
            readings=(
                ReadingOutcome("zero_set", "final", True, ruling(value=0, display="0")),
                ReadingOutcome("zero_set", "limit_applies", False, ruling(value=1, display="1")),
            )
        )
    )
    assert doc["readings"] == [
        {"reading": "final", "of": "zero_set", "value": 0, "display": "0", "default": True},
        {"reading": "limit_applies", "of": "zero_set", "value": 1, "display": "1", "default": False},
    ]


def test_each_group_holds_its_name_and_its_whole_ruling() -> None:
    doc = ruling_json(ruling(groups=(("bolters", ruling(value=3, display="3+", probability=Fraction(2, 3))),)))
    (group,) = doc["groups"]
    assert group["name"] == "bolters"
    assert (group["value"], group["display"], group["probability"], group["explanation"]["claim"]) == (
        3,
        "3+",
        "2/3",
        "to_hit: 4+",
    )


def test_a_choice_lists_each_alternative_weighed() -> None:
    policy = Policy("free", "choice", Span("p.yaml"))
    choice = Choice(
        policy,
        ("cover",),
        Alternative(("cover",), "3+", 1),
        (Alternative(("cover",), "3+", 1), Alternative((), "4+", 0)),
        explicit=False,
    )
    assert ruling_json(ruling(choice=choice))["alternatives"] == [
        {"ignore": ["cover"], "display": "3+"},
        {"ignore": [], "display": "4+"},
    ]


def test_empty_cases_readings_and_groups_are_said_empty() -> None:
    doc = ruling_json(ruling(cases=(), readings=(), groups=()))
    assert (doc["cases"], doc["readings"], doc["groups"]) == ([], [], [])


def test_the_explanation_comes_last() -> None:
    doc = ruling_json(ruling(probability=Fraction(1, 2), extra=(("passed", True),), cases=()))
    assert list(doc)[-2:] == ["assumptions", "explanation"]
