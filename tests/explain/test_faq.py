"""The generated FAQ: the questions the issue asks for, answers re-derived, checked-in files up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from explain.faq import Entry, faq, faq_examples, faq_json, faq_markdown
from kb import builtin_packs, load_pack
from kb.errors import Span
from rulings.expect import mismatches
from solver import ask, situation_from_data

DOCS = Path(__file__).resolve().parents[2] / "docs" / "faq"
FANTASY = load_pack("fantasy")
ENTRIES = faq(FANTASY)


def _showing(tag: str) -> Entry:
    matches = [e for e in ENTRIES if tag in e.shows]
    assert matches, f"no FAQ entry shows {tag}"
    return matches[0]


def test_soft_and_hard_cover_together() -> None:
    """Seed: "Soft and hard cover never stack -- if both would apply, use only the -2 for hard cover." """
    e = _showing("policy:cover_never_stacks")
    assert "soft cover" in e.question and "hard cover" in e.question
    assert [a.rule for a in e.ruling.applied] == ["hard_cover"]
    assert [(s.rule, s.by) for s in e.ruling.suppressed] == [("soft_cover", "hard_cover")]


@pytest.mark.parametrize(("score", "then"), [(7, 4), (8, 5), (9, 6)])
def test_the_seven_plus_chart(score: int, then: int) -> None:
    """Seed: "If modifiers push the required score to 7 or higher, a hit is still possible"."""
    e = _showing(f"chart:{score}")
    assert (e.ruling.value, e.ruling.then) == (score, then)


def test_ten_or_more_is_impossible() -> None:
    """Seed: "A required score of 10 or more is simply impossible -- those shots are lost outright." """
    assert _showing("chart:10").ruling.impossible


@pytest.mark.parametrize("kind", ["soft", "hard"])
def test_line_of_sight_cover_both_ways(kind: str) -> None:
    """Seed: "a unit whose majority has Line of Sight value 1 provides cover to a unit behind it with Line of
    Sight value 2, but not to one with Line of Sight value 3 or higher -- and the same logic works in reverse"."""
    fact = f"target.in_{kind}_cover"
    holds, tall_target, tall_shooter = (_showing(f"chain:{fact}:{i}") for i in ("all", 1, 2))
    assert f"{kind}_cover" in [a.rule for a in holds.ruling.applied]
    for e in (tall_target, tall_shooter):
        assert f"{kind}_cover" not in [a.rule for a in e.ruling.applied]
    low = tall_target.situation["given"]
    assert low[f"{kind}_cover.los"] * 2 < low["target.los"]
    high = tall_shooter.situation["given"]
    assert high[f"{kind}_cover.los"] * 2 < high["shooter.los"]
    assert "Line of Sight value" in tall_shooter.question


def test_a_lone_models_unit_strength() -> None:
    """Seed: "any shot at a lone model with Unit Strength 2 or less suffers a -1 shooting modifier." """
    counts, too_strong = _showing("chain:lone_model:all"), _showing("chain:lone_model:1")
    assert "lone_model" in [a.rule for a in counts.ruling.applied]
    assert counts.situation["given"]["target.unit_strength"] == 2  # the boundary from both sides: 2 or less...
    assert too_strong.situation["given"]["target.unit_strength"] == 3  # ...and the first value past it
    assert "lone_model" not in [a.rule for a in too_strong.ruling.applied]
    assert "Unit Strength 3" in too_strong.question


def test_no_question_is_asked_twice() -> None:
    keys = [(e.quantity, e.question) for e in ENTRIES]
    assert len(keys) == len(set(keys))


def test_every_answer_is_the_solvers() -> None:
    for e in ENTRIES:
        again = ask(FANTASY, e.quantity, situation_from_data(e.situation, FANTASY, Span("faq")))
        assert (again.value, again.display, again.probability) == (e.ruling.value, e.ruling.display,
                                                                  e.ruling.probability)


def test_questions_come_from_fact_texts() -> None:
    e = _showing("policy:cover_never_stacks")
    assert e.question.startswith("The shooter has Ballistic Skill 3")
    assert e.question.endswith("Do both hard cover and soft cover count?")
    assert not any(x.question.startswith("What is") or " What is " in x.question for x in ENTRIES)


def test_as_tests_examples_pass() -> None:
    doc = yaml.safe_load(faq_examples(FANTASY, ENTRIES))
    assert len(doc["examples"]) == len(ENTRIES)
    paragraphs = " ".join(str(t) for s in FANTASY.sources.values() for t in (s.get("paragraphs") or {}).values())
    questions = {e.question for e in ENTRIES}
    for example in doc["examples"]:  # a quote is rule text, never the question
        assert example.get("quote", "") not in questions
        assert all(part.strip() in paragraphs for part in example.get("quote", "").split("..."))
    for example in doc["examples"]:
        from explain.json import ruling_json

        got = ruling_json(ask(FANTASY, example["quantity"], situation_from_data(example["situation"], FANTASY,
                                                                               Span("faq"))))
        assert mismatches(example["expect"], got) == [], example["name"]


def test_json_has_every_entry() -> None:
    doc = faq_json(FANTASY, ENTRIES)
    assert [e["question"] for e in doc["entries"]] == [e.question for e in ENTRIES]


@pytest.mark.parametrize("name", [p for p in ("fantasy", "skirmish", "wh40k") if p in builtin_packs()])
def test_checked_in_faq_is_up_to_date(name: str) -> None:
    pack = load_pack(name)
    path = DOCS / f"{name}.md"
    assert path.read_text(encoding="utf-8") == faq_markdown(pack, faq(pack)), (
        f"docs/faq/{name}.md is stale: regenerate it with rulings faq {name} --out docs/faq/{name}.md")


@pytest.mark.parametrize("name", ["fantasy", "skirmish", "wh40k"])
def test_every_contents_link_reaches_the_heading_it_names(name: str) -> None:
    """A heading said again ("Worked examples from the rules" under each section) is reached as Markdown renderers
    name it, -1, -2, ... after the first; a contents link that led every one of them to the first is a defect."""
    import re

    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    anchors, seen = [], {}
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        slug = re.sub(r"[^a-z0-9 _-]", "", heading.lower()).replace(" ", "-")
        anchors.append((heading, slug + (f"-{seen[slug]}" if slug in seen else "")))
        seen[slug] = seen.get(slug, 0) + 1
    links = re.findall(r"^\s*- \[([^\]]+)\]\(#([^)]+)\)", text, flags=re.M)
    assert links and len({target for _, target in links}) == len(links)  # no two links to one heading
    for label, target in links:
        assert (label, target) in anchors, (label, target)
    assert "(1 questions)" not in text


def test_a_pack_asked_a_faq_a_check_and_explained_rulings_goes_when_let_go() -> None:
    """What the FAQ, the check, the search and the explanations keep for a pack lives in the pack's own index: a
    process that works through many packs (a server, a batch of checks) holds none of them once it lets them go."""
    import gc

    from kb.model import Pack
    from solver import Situation
    from solver.space.check import check_pack

    def alive() -> int:
        gc.collect()
        return sum(isinstance(o, Pack) and o.name == "fantasy" for o in gc.get_objects())

    before = alive()
    pack = load_pack("fantasy")
    faq(pack)
    check_pack(pack)
    assert ask(pack, "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True})).explanation.claim
    assert alive() == before + 1
    del pack
    assert alive() == before
