"""The FAQ's questions on whole attacks (sequences): asked for every pack that has one, each answer the
solver's resolution of its situation, the events questions built from a pack's events, both readings given,
and each replay command resolving the same attack."""

from __future__ import annotations

import shlex
from fractions import Fraction
from typing import Any

import pytest

from explain.faq import faq, faq_json, faq_markdown, sequence_faq
from kb import builtin_packs, load_pack
from kb.errors import Span
from rulings.cli import main
from solver.sequence import at_least, mean, resolve
from solver.situation import situation_from_data

BUILTIN = [p for p in builtin_packs() if load_pack(p).sequences]
CRITICAL = ["tests/solver/sequence_packs/critical.yaml", "docs/examples/critical-game.yaml"]
ENTRIES = {name: sequence_faq(load_pack(name)) for name in [*BUILTIN, *CRITICAL]}


def _resolve(name: str, sequence: str, data: dict[str, Any]) -> Any:
    pack = load_pack(name)
    return resolve(pack, sequence, situation_from_data(data, pack, Span("test")))


def test_the_built_in_packs_with_sequences_are_the_three() -> None:
    assert {"fantasy", "skirmish", "wh40k"} <= set(BUILTIN)


@pytest.mark.parametrize("name", BUILTIN)
def test_each_sequence_of_a_built_in_pack_gets_a_worked_attack(name: str) -> None:
    pack = load_pack(name)
    worked = {e.sequence for e in ENTRIES[name] if "worked" in e.shows}
    assert worked == set(pack.sequences)
    page = faq_markdown(pack, faq(pack))
    for e in ENTRIES[name]:
        assert e.question in page and e.answer in page


@pytest.mark.parametrize("name", [*BUILTIN, *CRITICAL])
def test_each_answer_is_the_resolution_of_its_situation(name: str) -> None:
    for e in ENTRIES[name]:
        again = _resolve(name, e.sequence, e.situation)
        assert again.outcome == e.attack.outcome, e.question
        assert again.destroyed == e.attack.destroyed
        m = mean(again.outcome)
        assert (f"{float(m):.2f}" if m.denominator != 1 else str(m)) in e.answer
        for data, other in e.compared:
            assert _resolve(name, e.sequence, data).outcome == other.outcome


def test_skirmish_worked_attack_by_hand() -> None:
    """Six dice hitting on 4+ (1/2), saved on 4+ (unsaved 1/2): 6 x 1/2 x 1/2 = 3/2 unsaved hits; each die gets
    through with chance 1/4, so at least one of six is 1 - (3/4)^6."""
    e = next(e for e in ENTRIES["skirmish"] if e.sequence == "attack" and "worked" in e.shows)
    given, steps = e.situation["given"], e.situation["sequence"]
    p_hit = Fraction(7 - given["attacker.to_hit"], 6)
    p_unsaved = Fraction(given["target.save"] - 1, 6)
    assert mean(e.attack.outcome) == steps["attacks"] * p_hit * p_unsaved == Fraction(3, 2)
    assert at_least(e.attack.outcome)[1] == 1 - (1 - p_hit * p_unsaved) ** 6
    assert e.answer.startswith("1.50 (3/2) unsaved hits on average; at least 1: 82.2%")


def test_the_issues_example_six_attacks_on_4_against_a_save_of_5() -> None:
    r = _resolve("skirmish", "attack", {"given": {"attacker.to_hit": 4, "target.save": 5}, "sequence": {"attacks": 6}})
    assert mean(r.outcome) == 6 * Fraction(1, 2) * Fraction(2, 3) == 2


def test_a_reading_that_changes_a_step_gives_both_outcomes() -> None:
    """Skirmish: Flanked and a Dash Token read as one Bonus or two; the answer gives each reading's outcome."""
    pack = load_pack("skirmish")
    split = [e for e in ENTRIES["skirmish"] if e.attack.readings]
    assert split
    for e in split:
        assert e.answer.startswith("Yes: read the default way")
        for reading, option, other in e.attack.readings:
            meaning = dict(pack.readings[reading].options)[option].removesuffix(".")[1:]
            shown = f"{float(mean(other.outcome)):.2f}"
            assert f"{meaning}), {shown}" in e.answer or f"{meaning}), {mean(other.outcome)}" in e.answer
            assert option not in e.answer.replace(meaning, "")  # the reading by what it means, never its id
            stated = _resolve("skirmish", e.sequence, {**e.situation, "reading": {reading: option}})
            assert stated.outcome == other.outcome


@pytest.mark.parametrize("name", CRITICAL)
def test_events_questions_come_from_the_packs_events(name: str) -> None:
    pack = load_pack(name)
    kinds = {e.shows[0].split(":")[0] for e in ENTRIES[name]}
    assert {"trigger", "skip", "extra", "extra_skip", "carry_over"} <= kinds
    events = {ev.name for s in pack.sequences["attack"].steps for ev in s.events}
    asked = {e.shows[0].split(":")[1] for e in ENTRIES[name] if ":" in e.shows[0] and "reading" not in e.shows[0]}
    assert events <= asked


def test_a_critical_hit_that_skips_the_wound_roll_does_not_care_about_it() -> None:
    """critical-game, Keen: the critical hits go on without a wound roll whatever the target's Toughness."""
    e = next(e for e in ENTRIES["docs/examples/critical-game.yaml"] if e.shows[0].startswith("skip:keen:"))
    assert e.answer.startswith("No: the 1 hit that keen lets skip it goes on without a roll either way")
    assert "does it matter to that die if the target has Toughness 5?" in e.question


def test_extra_hits_roll_to_wound_and_do_not_skip_it() -> None:
    """critical-game, Burst 1 and Keen at Skill 4: 6 x 1/2 = 3 hits and 6 x 1/6 = 1 more from Burst; only the
    critical hit itself (6 x 1/6 = 1) skips the wound roll."""
    entries = ENTRIES["docs/examples/critical-game.yaml"]
    extra = next(e for e in entries if e.shows == ("extra:burst",))
    assert extra.answer.startswith("Yes: they go on as ordinary hits: 4 hits on average reach the wound roll")
    both = next(e for e in entries if e.shows == ("extra_skip:burst:keen",))
    assert both.answer.startswith("No: only the die that scored them does: 1 hit goes on without a roll (keen)")


def test_a_modifier_does_not_change_how_often_an_unmodified_six_triggers() -> None:
    for e in ENTRIES["tests/solver/sequence_packs/critical.yaml"]:
        if e.shows[0].startswith("trigger:"):
            assert e.answer.startswith("Yes:") and "chance 1/6 per die rolled either way" in e.answer


@pytest.mark.parametrize("name", [*BUILTIN, *CRITICAL])
def test_the_replay_command_reproduces_the_answer(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    pack = load_pack(name)
    doc = faq_json(pack, faq(pack), (name,))
    assert len(doc["sequences"]) == len(ENTRIES[name])
    for shown in doc["sequences"]:
        argv = shlex.split(shown["command"])
        assert argv[:2] == ["rulings", "ask"]
        assert main([*argv[1:], "--format", "json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert got["outcome"] == shown["attack"]["outcome"], shown["question"]


def test_the_cli_states_chosen_readings_in_each_attack(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["faq", "skirmish", "--reading", "hit_bonuses=one_bonus", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    for shown in doc["sequences"]:
        assert shown["situation"]["reading"]["hit_bonuses"] == "one_bonus"
        assert "--reading hit_bonuses=one_bonus" in shown["command"]
        assert not shown["attack"].get("readings")


def test_the_html_page_shows_every_sequence_question(capsys: pytest.CaptureFixture[str]) -> None:
    from explain.faq_html import faq_html

    pack = load_pack("docs/examples/critical-game.yaml")
    doc = faq_json(pack, faq(pack))
    page = faq_html(pack, doc)
    first = len(doc["entries"]) + len(doc["keywords"]) + 1
    for i, e in enumerate(doc["sequences"], first):
        assert f'<section class="faq-entry sequence" id="q{i}">' in page and f'href="#q{i}"' in page
        assert e["command"].replace('"', "&quot;").replace("'", "&#x27;") in page
