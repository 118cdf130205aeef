"""The FAQ of a pack that is not built in reads like a published FAQ: docs/examples/hullbreach.

Hullbreach (an invented boarding-action game, its rule text in the pack's folder) has caps, a pair of
bonuses that do not stack, two declared readings, random Damage, enum facts and a sequence. Its generated
FAQ, in Markdown, HTML and JSON, is checked for each defect a rules writer found in the FAQ of such a pack:
a "What is X?" question, a machine name (an id of the pack) in the text, a dice expression answering a
yes/no question, a distribution in an answer that is not about odds, a contents link that reaches the wrong
heading or an anchor given twice, a wrong count, "worked examples" that are not the rules' own, and a
sentence of another game's rules. Each check is a function that is also run on the defects as the writer
found them, so a check that cannot fail fails here.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from explain.faq import faq, faq_json, faq_markdown, sequence_faq
from explain.faq_html import faq_html
from explain.faq_words import is_distribution, is_odds_question
from kb import builtin_packs, load_pack
from kb.model import Pack

ROOT = Path(__file__).absolute().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "hullbreach"
YES_NO = re.compile(r"(?:^|[.?!]\s+)(?:Do|Does|Is|Are|Can|May|Should|Will|Has|Have)\b[^.?!]*\?$")
DICE = re.compile(r"(?<![\w])\d*D\d+(?:\s?[+-]\d+)*(?![\w])")


@cache
def pack() -> Pack:
    return load_pack(str(EXAMPLE))


@cache
def generated() -> tuple[str, str, dict[str, Any]]:
    """The pack's FAQ as Markdown, as one HTML page, and as JSON (each as `rulings faq` writes it)."""
    p = pack()
    entries = faq(p)
    sequences = sequence_faq(p, entries)
    doc = faq_json(p, entries, (str(EXAMPLE),), sequences)
    return faq_markdown(p, entries, (str(EXAMPLE),), sequences), faq_html(p, doc), doc


def _prose(markdown: str) -> str:
    """The Markdown's text outside code: no fenced blocks, no `inline code`, no replay sections."""
    text = re.sub(r"<details>.*?</details>", "", markdown, flags=re.S)
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


def _page_prose(page: str) -> str:
    """An HTML page's text outside code: no style, no <pre>, no <code>, no tags."""
    text = re.sub(r"<style>.*?</style>|<pre\b.*?</pre>|<code>.*?</code>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _questions_and_answers(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(question, answer, reasons) of every entry: the quantities', the keywords', the whole attacks'."""
    out = [(e["question"], e["answer"], " ".join(e["reasons"])) for e in doc["entries"]]
    out += [(k["question"], k["answer"], "") for k in doc.get("keywords") or []]
    out += [(s["question"], s["answer"], " ".join(s["reasons"])) for s in doc.get("sequences") or []]
    return out


# -- the checks, each a function of the FAQ's text ----------------------------------------------------


def what_is_questions(questions: list[str]) -> list[str]:
    """Questions asked as "What is X?": the question a machine asks, not a player."""
    return [q for q in questions if re.search(r"(?:^|[.?!]\s+)What is\b", q)]


def machine_names(p: Pack, prose: str) -> list[str]:
    """Ids of the pack's facts, rules, policies, quantities, readings and their options (those that are not
    plain words) appearing as words in the text outside code."""
    ids = {*p.facts, *p.modifiers, *p.policies, *p.quantities, *p.readings, *p.assumptions,
           *(o for r in p.readings.values() for o, _ in r.options)}
    found = []
    for name in sorted(i for i in ids if "_" in i or "." in i):
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w])", prose):
            found.append(name)
    return found


def dice_answering_yes_no(pairs: list[tuple[str, str]]) -> list[str]:
    """Answers to a yes/no question that do not lead with yes or no, or that give a dice expression."""
    return [f"{q} -> {a}" for q, a in pairs if YES_NO.search(q) and (not re.match(r"(?:Yes|No)\b", a)
                                                                     or DICE.search(a))]


def distributions_not_asked_for(triples: list[tuple[str, str, str]]) -> list[str]:
    """Answers (with their reasons) listing a distribution for a question that is not about odds."""
    return [q for q, a, why in triples if not is_odds_question(q) and (is_distribution(a) or is_distribution(why))]


def markdown_anchor_problems(markdown: str) -> list[str]:
    """Contents links that do not reach the heading they name (as Markdown renderers name a heading said again:
    -1, -2, ...), or two links to one heading."""
    anchors, seen = [], {}
    for heading in re.findall(r"^#+ (.+)$", markdown, flags=re.M):
        slug = re.sub(r"[^a-z0-9 _-]", "", heading.lower()).replace(" ", "-")
        anchors.append((heading, slug + (f"-{seen[slug]}" if slug in seen else "")))
        seen[slug] = seen.get(slug, 0) + 1
    links = re.findall(r"^\s*- \[([^\]]+)\]\(#([^)]+)\)", markdown, flags=re.M)
    problems = [f"{label} -> #{target}" for label, target in links if (label, target) not in anchors]
    targets = [t for _, t in links]
    problems += [f"#{t} linked {targets.count(t)} times" for t in sorted(set(targets)) if targets.count(t) > 1]
    return problems


def html_anchor_problems(page: str) -> list[str]:
    """Element ids given twice, and links to an id the page does not have."""
    ids = re.findall(r'\bid="([^"]+)"', page)
    problems = [f"id {i} given {ids.count(i)} times" for i in sorted(set(ids)) if ids.count(i) > 1]
    problems += [f"link to #{h}" for h in re.findall(r'href="#([^"]+)"', page) if h not in ids]
    return problems


def count_problems(markdown: str) -> list[str]:
    """Contents counts that are not the number of questions in their section, or say "(1 questions)"."""
    problems = ["(1 questions)"] if "(1 questions)" in markdown else []
    sections = re.split(r"^## ", markdown, flags=re.M)
    asked = {s.split("\n", 1)[0]: len(re.findall(r"^\*\*Q\d+\.", s, flags=re.M)) for s in sections[1:]}
    for label, n, word in re.findall(r"^- \[([^\]]+)\]\(#[^)]*\) \((\d+) (questions?)\)", markdown, flags=re.M):
        if asked.get(label) != int(n) or (word == "question") != (n == "1"):
            problems.append(f"{label}: ({n} {word}), {asked.get(label)} asked")
    return problems


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [x for v in data.values() for x in _strings(v)]
    if isinstance(data, list):
        return [x for v in data for x in _strings(v)]
    return []


def _sentences(texts: list[str]) -> set[str]:
    return {s.strip().rstrip(".:") for t in texts for s in re.split(r"(?<=[.!?])\s+", t) if len(s.strip()) >= 30}


def other_packs_sentences(prose: str, mine: Pack) -> list[str]:
    """Sentences of another built-in pack (its rule text, or any text it words a rule with) that are not this
    pack's own, found in the text: a game's words come from its pack, never from another's."""
    import yaml

    from kb.locate import pack_files

    own = _sentences(_strings({n: s for n, s in mine.sources.items()}) + [
        str(x.text) for x in (*mine.facts.values(), *mine.modifiers.values(), *mine.policies.values(),
                              *mine.quantities.values(), *mine.assumptions.values()) if getattr(x, "text", "")])
    from explain.faq_questions import SEQUENCE_TOPICS, TOPICS

    own |= {*TOPICS.values(), *SEQUENCE_TOPICS.values()}  # the FAQ's own headings, which a pack may name too
    found = []
    for name in builtin_packs():
        texts = [t for f in pack_files(name) for t in _strings(yaml.safe_load(Path(f).read_text(encoding="utf-8")))]
        found += [f"{name}: {x}" for x in sorted(_sentences(texts) - own) if x in prose]
    return found


def quotes_not_from(p: Pack, prose: str) -> list[str]:
    """Quoted rule text (a citation under an answer) that is not this pack's own words."""
    own = " ".join(str(t) for s in p.sources.values() for t in (s.get("paragraphs") or {}).values())
    quotes = re.findall(r"\u201c([^\u201d]+)\u201d", "\n".join(x for x in prose.splitlines() if x.startswith("> ")))
    return [q for q in quotes if q.replace("...", "") not in own]


def not_worked_examples(p: Pack, markdown: str) -> list[str]:
    """Entries under "Worked examples from the rules" whose quote the rules do not give as an example."""
    own = [str(t) for s in p.sources.values() for t in (s.get("paragraphs") or {}).values()]
    out = []
    for section in re.split(r"^### ", markdown, flags=re.M)[1:]:
        if not section.startswith("Worked examples from the rules"):
            continue
        for block in re.split(r"^\*\*Q\d+\. ", section, flags=re.M)[1:]:
            quote = re.search(r"^> [^\u201c]*\u201c([^\u201d]+)\u201d", block, flags=re.M)
            said = quote.group(1) if quote else ""
            sentence = next((re.split(r"(?<=[.!?])\s+", t[:t.find(said)])[-1] for t in own if said and said in t), "")
            if not re.search(r"\b(for example|e\.g\.|example)\b", sentence + said, flags=re.I):
                out.append(block.split("\n", 1)[0])
    return out


# -- the pack itself ---------------------------------------------------------------------------


def _rulings(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, check=False)


def test_the_pack_passes_its_examples_and_a_strict_check() -> None:
    tested = _rulings("test", str(EXAMPLE))
    assert tested.returncode == 0 and " 0 failed" in tested.stdout, tested.stdout + tested.stderr
    checked = _rulings("check", str(EXAMPLE), "--strict")
    assert checked.returncode == 0 and "0 errors, 0 warnings" in checked.stdout, checked.stdout + checked.stderr


def test_the_pack_has_what_the_writer_needed() -> None:
    """Caps, a non-stacking pair, two readings, random Damage, enum facts, a few quantities and a sequence, its
    rule text cited from the pack's own folder."""
    p = pack()
    kinds = [x.kind for x in p.policies.values()]
    assert kinds.count("cap") >= 2 and "exclusive" in kinds and "clamp" in kinds
    assert len(p.readings) == 2 and len(p.quantities) >= 4 and p.sequences
    assert sum(f.type.kind == "enum" for f in p.facts.values()) >= 2
    assert any(e.situation.get("base") == "D3" for e in p.examples)  # random Damage
    assert p.name not in builtin_packs() and (EXAMPLE / "rules.yaml").is_file()


# -- the checks on its FAQ --------------------------------------------------------------------


def test_no_question_asks_what_something_is() -> None:
    markdown, _, doc = generated()
    questions = [q for q, _, _ in _questions_and_answers(doc)]
    assert len(questions) >= 20
    assert what_is_questions(questions) == []
    assert what_is_questions(re.findall(r"^\*\*Q\d+\. (.+)\*\*$", markdown, flags=re.M)) == []


def test_no_machine_name_in_the_text() -> None:
    markdown, page, _ = generated()
    assert machine_names(pack(), _prose(markdown)) == []
    assert machine_names(pack(), _page_prose(page)) == []


def test_a_yes_no_question_is_answered_yes_or_no_without_a_dice_expression() -> None:
    _, _, doc = generated()
    pairs = [(q, a) for q, a, _ in _questions_and_answers(doc)]
    assert sum(bool(YES_NO.search(q)) for q, _ in pairs) >= 5
    assert dice_answering_yes_no(pairs) == []


def test_a_roll_is_answered_with_its_chance_never_a_dice_expression() -> None:
    _, _, doc = generated()
    rolls = [e for e in doc["entries"] if pack().quantities[e["quantity"]].kind == "roll"]
    assert rolls
    for e in rolls:
        assert re.match(r"(?:Yes|No|Chance)\b", e["answer"]), e["answer"]
        assert not DICE.search(e["answer"] + " " + " ".join(e["reasons"])), e["answer"]


def test_no_distribution_unless_the_question_is_about_odds() -> None:
    _, _, doc = generated()
    assert distributions_not_asked_for(_questions_and_answers(doc)) == []


def test_every_contents_link_reaches_its_heading_and_no_anchor_is_repeated() -> None:
    markdown, page, _ = generated()
    assert markdown_anchor_problems(markdown) == []
    assert html_anchor_problems(page) == []


def test_every_count_is_the_number_of_questions() -> None:
    markdown, page, _ = generated()
    assert count_problems(markdown) == []
    assert "(1 questions)" not in page
    shown = re.findall(r'href="#(about-[^"]+|attack-[^"]+|keywords)">[^<]*</a> \((\d+) (questions?)\)', page)
    sections = re.split(r'<section class="quantity[^"]*" id="', page)[1:]
    asked = {s.split('"', 1)[0]: s.count('class="faq-entry') for s in sections}
    assert shown and all(asked[a] == int(n) and (w == "question") == (n == "1") for a, n, w in shown), shown


def test_no_sentence_of_another_game() -> None:
    markdown, page, _ = generated()
    assert "Other Random Characteristics" not in markdown and "Other Random Characteristics" not in page
    assert other_packs_sentences(_prose(markdown), pack()) == []
    assert other_packs_sentences(_page_prose(page), pack()) == []
    assert quotes_not_from(pack(), _prose(markdown)) == []


def test_worked_examples_are_the_rules_own() -> None:
    markdown, _, _ = generated()
    assert "### Worked examples from the rules" in markdown
    assert not_worked_examples(pack(), markdown) == []


def test_topics_are_what_the_rules_are_about() -> None:
    """Headings name the rules ("Breach", "A bulkhead and bracing"), not the engine's categories."""
    markdown, _, _ = generated()
    topics = re.findall(r"^### (.+)$", markdown, flags=re.M)
    assert {"Breach", "A bulkhead and bracing", "Spotter markers", "Scatter", "Searing"} <= set(topics)
    assert not {"What each modifier does", "When rules meet", "Events, modifiers and caps"} & set(topics)


def test_answers_compare_with_the_roll_without_the_rule() -> None:
    _, _, doc = generated()
    breach = next(e for e in doc["entries"] if e["situation"].get("given") == {"weapon.breach": 1})
    assert breach["question"] == "A brace roll needs 4+ and the weapon has Breach 1. How does that change the chance?"
    assert breach["answer"] == "Chance 1/3 instead of 1/2 (5+ on the die, -1 to the roll)"
    both = next(e for e in doc["entries"] if "both" in e["question"])
    assert both["answer"].startswith("No: only a bulkhead counts")


def test_the_checked_in_faq_is_up_to_date() -> None:
    p = pack()
    entries = faq(p)
    named = ("docs/examples/hullbreach",)
    want = faq_markdown(p, entries, named, sequence_faq(p, entries))
    assert (ROOT / "docs" / "faq" / "hullbreach.md").read_text(encoding="utf-8") == want, (
        "docs/faq/hullbreach.md is stale: regenerate it with "
        "rulings faq docs/examples/hullbreach --out docs/faq/hullbreach.md")


def test_the_json_and_html_faqs_are_those_the_command_writes(tmp_path: Path) -> None:
    out = tmp_path / "faq.json"
    ran = _rulings("faq", str(EXAMPLE), "--out", str(out))
    assert ran.returncode == 0, ran.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["entries"] == json.loads(
        json.dumps(generated()[2]["entries"], default=str))


# -- each check fails on the defect as the writer found it -----------------------------------------


DEFECTS = """# Sigmar-style combat: frequently asked questions

## Contents

- [A save roll](#a-save-roll) (1 questions)
  - [What each modifier does](#what-each-modifier-does)
- [A wound roll](#a-wound-roll) (2 questions)
  - [What each modifier does](#what-each-modifier-does)

## A save roll

### What each modifier does

**Q1. What is a save roll?**

**A:** D6-1. -1 rend: the weapon has Rend 1.

## A wound roll

### What each modifier does

**Q2. The weapon is Whetted and the unit charged. Do both count?**

**A:** D6-2 (chance 0). Whetted does not count, sundering_charge counts instead. Start: hits_scored 1.
Modifiers are applied after any re-rolls of that dice roll.
The unmodified roll: 1 (1/6), 2 (1/6), 3 (1/6), 4 (1/6), 5 (1/6), 6 (1/6).
Other Random Characteristics: rolled on an individual, per-model or per-weapon basis each time it is required.
"""


def test_each_check_fails_on_the_defects_the_writer_found() -> None:
    from dataclasses import replace

    p = replace(pack(), modifiers={**pack().modifiers, "sundering_charge": pack().modifiers["breach_penalty"]},
                quantities={**pack().quantities, "hits_scored": pack().quantities["hit_roll"]})
    assert what_is_questions(["What is a save roll?", "The weapon has Rend 1. What is a save roll?"]) == [
        "What is a save roll?", "The weapon has Rend 1. What is a save roll?"]
    assert machine_names(p, DEFECTS) == ["hits_scored", "sundering_charge"]
    assert dice_answering_yes_no([("The weapon is Whetted and the unit charged. Do both count?", "D6-2 (chance 0)"),
                                  ("Does Breach apply?", "Yes: D6-1")]) != []
    assert len(dice_answering_yes_no([("Does Breach apply?", "Yes: D6-1")])) == 1
    assert distributions_not_asked_for([("Do both count?", "D6-2", "The unmodified roll: 1 (1/6), 2 (1/6).")])
    assert markdown_anchor_problems(DEFECTS) != []  # the second link leads to the first section
    assert html_anchor_problems('<h2 id="a"></h2><h3 id="a"></h3><a href="#b">') == [
        "id a given 2 times", "link to #b"]
    assert count_problems(DEFECTS) == ["(1 questions)", "A save roll: (1 questions), 1 asked",
                                       "A wound roll: (2 questions), 1 asked"]
    if "wh40k" in builtin_packs():
        assert "wh40k: Modifiers are applied after any re-rolls of that dice roll" in other_packs_sentences(
            DEFECTS, pack())
    assert quotes_not_from(pack(), "> Roll to Hit ¶4: \u201ca -1 shooting modifier\u201d") == ["a -1 shooting modifier"]
    fake = ("### Worked examples from the rules\n\n**Q1. Breach 1?**\n\n"
            "> Armour ¶4: \u201cBreach X: the target takes -X to its brace rolls against the weapon.\u201d\n")
    assert not_worked_examples(pack(), fake) == ["Breach 1?**"]


@pytest.mark.parametrize("name", [n for n in ("fantasy", "skirmish", "wh40k") if n in builtin_packs()])
def test_the_built_in_faqs_pass_the_same_checks(name: str) -> None:
    """Every pack benefits: the built-in FAQs ask no "What is", answer yes/no questions with yes or no, link and
    count their contents right, and print a distribution only for a question about odds."""
    from explain.faq import answer_text, reasons

    p = load_pack(name)
    entries = faq(p)
    markdown = faq_markdown(p, entries, (), [])
    generated_ = [(e.question, answer_text(e, p), " ".join(reasons(e, p))) for e in entries if e.form]
    assert len(generated_) >= 10
    assert what_is_questions([q for q, _, _ in generated_]) == []
    assert dice_answering_yes_no([(q, a) for q, a, _ in generated_]) == []
    assert distributions_not_asked_for(generated_) == []
    assert markdown_anchor_problems(markdown) == [] and count_problems(markdown) == []
