"""The ruling as a tree of text or Markdown, and its claims in English: checked where mutation testing found nothing
watching (`python tools/mutate.py explain/text.py`).

The trees are built by hand, so each expected line follows from `render_text`'s description (one claim a line,
two spaces a level, the mark of its kind first, `cite:` four spaces further in) and `render_markdown`'s (a bold
answer, then a nested list, each citation after a dash in italics). The English is the fantasy pack's own wording of
its facts, as the brief tests show it ("the shooter moved this turn", "7 minus the shooter's Ballistic Skill (3)").
"""

from __future__ import annotations

from explain.text import english_claim, render_markdown, render_text
from kb.loader import load_pack
from solver.derivation import Node
from solver.ruling import Ruling

FANTASY = load_pack("fantasy")
VALUES = {"shooter.bs": 3, "shooter.moved": True, "target.unit_strength": 5}


def ruling(root: Node, assumptions: tuple[str, ...] = ()) -> Ruling:
    return Ruling("fantasy", "to_hit", 5, "5+", root, assumptions=assumptions)


TREE = Node("to_hit: 5+", tag="value", because=(
    Node("moved -1 counts", tag="applied", cite="seed ¶4", because=(Node("shooter.moved holds", tag="fact"),)),
    Node("cover", tag="suppressed"),
    Node("plain", tag="base"),
))


def test_the_tree_reads_one_claim_a_line_with_marks_indents_and_cites() -> None:
    assert render_text(ruling(TREE), max_depth=99).split("\n") == [
        "to_hit: 5+",
        "  + moved -1 counts",
        "      cite: seed ¶4",
        "    shooter.moved holds",
        "  x cover",
        "  = plain",
    ]


def test_the_depth_limit_and_the_assumptions_line() -> None:
    assert render_text(ruling(TREE, ("shooter.bs", "target.los")), max_depth=0) == (
        "to_hit: 5+\nassumptions: shooter.bs, target.los")
    assert render_text(ruling(TREE), max_depth=1).split("\n")[3] == "  x cover"


def test_colour_wraps_coloured_kinds_and_dims_the_cite() -> None:
    lines = render_text(ruling(TREE), colour=True).split("\n")
    assert lines == [
        "\033[1mto_hit: 5+\033[0m",
        "  \033[32m+ moved -1 counts\033[0m",
        "      \033[2mcite: seed ¶4\033[0m",
        "    shooter.moved holds",  # a fact has no colour
        "  \033[33mx cover\033[0m",
        "  = plain",  # nor a base
    ]


def test_the_markdown_is_a_bold_answer_and_a_nested_list() -> None:
    assert render_markdown(ruling(TREE, ("shooter.bs", "x"))) == (
        "**to_hit: 5+**\n"
        "\n"
        "- moved -1 counts — *seed ¶4*\n"
        "  - shooter.moved holds\n"
        "- cover\n"
        "- plain\n"
        "\n"
        "Assumptions: `shooter.bs`, `x`\n"
    )
    assert render_markdown(ruling(Node("to_hit: 5+"))) == "**to_hit: 5+**\n\n"


def test_with_the_pack_the_claims_are_in_english_in_both_renderings() -> None:
    r = Ruling("fantasy", "to_hit", 5, "5+", TREE, values=VALUES)
    assert render_text(r, pack=FANTASY).split("\n")[3] == "    the shooter moved this turn"
    assert "  - the shooter moved this turn" in render_markdown(r, FANTASY).split("\n")


def claim(text: str, tag: str = "", values: dict | None = None) -> str:
    return english_claim(Node(text, tag=tag), FANTASY, VALUES if values is None else values)


def test_a_fact_claim_holds_fails_or_is_unknown() -> None:
    assert claim("shooter.moved holds", "fact") == "the shooter moved this turn"
    assert claim("shooter.moved fails", "fact") == "the shooter did not move this turn"
    assert claim("shooter.moved is unknown", "fact") == "the shooter moved this turn (unknown)"
    assert claim("shooter.moved holds", "applied") == "shooter.moved holds"  # only a fact's claim is read so


def test_a_rule_that_does_not_apply_says_why_in_words() -> None:
    assert claim("r does not apply: shooter.moved fails", "failed") == "r does not apply: the shooter did not move " \
        "this turn"
    assert claim("r does not apply: shooter.moved fails", "fact") == "r does not apply: shooter.moved fails"


def test_an_effect_in_play_is_named_or_called_an_effect() -> None:
    assert claim("sword -1 counts (an effect in play)", "applied") == "sword gives -1 (an effect in play)"
    assert claim("-1 counts (an effect in play)", "applied") == "an effect gives -1 (an effect in play)"
    assert claim("-1#2 -1 counts (an effect in play)", "applied") == "an effect gives -1 (an effect in play)"
    assert claim("-2#2 -1 counts (an effect in play)", "applied") == "-2#2 gives -1 (an effect in play)"


def test_a_modifier_per_fact_names_the_fact() -> None:
    assert claim("a b (+1 per target.unit_strength) counts", "applied") == (
        "a b (+1 per the target's Unit Strength) counts")
    assert claim("a b (x2 per 2 * target.unit_strength) counts for x", "applied") == (
        "a b (x2 per twice the target's Unit Strength) counts for x")
    assert claim("a b (+1 per nope.x) counts", "applied") == "a b (+1 per nope.x) counts"  # an unknown fact: as is
    assert claim("a b (+1 per 1 +) counts", "applied") == "a b (+1 per 1 +) counts"  # not an expression: as is


def test_a_base_is_worded_unless_given_in_the_situation() -> None:
    assert claim("base 4 = 7 - shooter.bs", "base") == "base 4 = 7 minus the shooter's Ballistic Skill (3)"
    given = "base 4 = 7 - shooter.bs (given in the situation)"
    assert claim(given, "base") == given


def test_given_and_in_this_case_drop_the_fact_name() -> None:
    assert claim("given in the situation (shooter.bs)", "fact") == "given in the situation"
    assert claim("in this case (shooter.bs)") == "in this case"
    assert claim("in this case (shooter bs)") == "in this case (shooter bs)"


def test_a_question_that_depends_on_missing_facts_names_them_in_words() -> None:
    text = "to_hit depends on facts the situation does not give: shooter.bs, shooter.moved"
    assert claim(text, "cases") == ("to_hit depends on what the situation does not give: the shooter's Ballistic "
                                    "Skill, whether the shooter moved this turn")
    assert claim(text, "value") == text


def test_a_case_names_its_facts_in_words() -> None:
    assert claim("when shooter.moved = true, shooter.bs = 3: 5+") == (
        "when the shooter moved this turn; the shooter has Ballistic Skill 3: 5+")
    assert claim("when shooter.moved = false: 4+", "cases") == "when the shooter did not move this turn: 4+"
    assert claim("when nope.x = 3: 5+") == "when nope.x = 3: 5+"


def test_the_tree_shows_99_levels_below_the_answer_by_default() -> None:
    deepest = Node("level 101")
    for level in range(100, 0, -1):
        deepest = Node(f"level {level}", because=(deepest,))
    lines = render_text(ruling(deepest)).split("\n")
    assert len(lines) == 100  # the answer (level 1) at depth 0 and 99 levels below it
    assert lines[-1] == "  " * 99 + "level 100"


def test_each_case_is_worded_with_its_own_values() -> None:
    from solver import Situation, ask

    r = ask(FANTASY, "to_hit", Situation(given={"shooter.moved": False}))
    assert r.cases is not None and r.values is None
    text = render_text(r, pack=FANTASY)
    for bs in range(1, 6):  # the base is 7 minus BS, worded with that case's BS
        assert f"= base {7 - bs} = 7 minus the shooter's Ballistic Skill ({bs})" in text
        assert f"- base {7 - bs} = 7 minus the shooter's Ballistic Skill ({bs})" in render_markdown(r, FANTASY)


def test_a_modifier_per_counted_thing_names_one_of_them() -> None:
    skirmish = load_pack("skirmish")  # attacker.bases: "the attacking unit has {value} physical bases"
    node = Node("a b (+1 per attacker.bases) counts", tag="applied")
    assert english_claim(node, skirmish, {}) == "a b (+1 per physical base) counts"


def test_a_case_value_is_read_without_the_spaces_around_it() -> None:
    assert claim("when shooter.moved = true : 5+") == "when the shooter moved this turn: 5+"
    assert claim("when shooter.moved = false : 4+") == "when the shooter did not move this turn: 4+"
    assert claim("when shooter.bs = 3 : 5+") == "when the shooter has Ballistic Skill 3: 5+"


FAILED = "r does not apply: shooter.moved fails"
FAILED_SAID = "r does not apply: the shooter did not move this turn"


def test_a_fact_claim_is_worded_with_the_values() -> None:
    node = Node("target.unit_strength <= 2 fails (target.unit_strength = 5)", tag="fact")
    assert english_claim(node, FANTASY, {"target.unit_strength": 5}) == "the target has Unit Strength 5 (more than 2)"


def test_a_case_without_values_of_its_own_is_worded_with_the_values_around_it() -> None:
    from solver.ruling import Case

    inner = Node("target.unit_strength <= 2 fails", tag="fact")
    sub = Ruling("fantasy", "to_hit", 5, "5+", inner)
    root = Node("to_hit: 5+", because=(Node("when target.unit_strength = 5: 5+", because=(inner,)),))
    r = Ruling("fantasy", "to_hit", 5, "5+", root, cases=(Case((("target.unit_strength", 5),), sub),),
               values={"target.unit_strength": 5})
    assert render_text(r, pack=FANTASY).split("\n")[-1] == "    the target has Unit Strength 5 (more than 2)"


def test_a_ruling_without_values_is_worded_as_knowing_none() -> None:
    r = ruling(Node("to_hit: 5+", because=(Node(FAILED, tag="failed"),)))
    assert render_text(r, pack=FANTASY) == "to_hit: 5+\n  - " + FAILED_SAID
    assert render_markdown(r, FANTASY) == f"**to_hit: 5+**\n\n- {FAILED_SAID}\n"


def test_markdown_words_claims_deeper_than_the_text_shows() -> None:
    deepest = Node(FAILED, tag="failed")
    for level in range(100, 0, -1):
        deepest = Node(f"level {level}", because=(deepest,))
    lines = render_markdown(ruling(deepest), FANTASY).split("\n")
    assert lines[-2] == "  " * 99 + "- " + FAILED_SAID  # level 1 is the answer; the failed claim is 100 levels down


def test_a_case_whose_steps_are_not_in_the_tree_is_left_out() -> None:
    from solver.ruling import Case

    sub = Ruling("fantasy", "to_hit", 5, "5+", Node("target.unit_strength <= 2 fails", tag="fact"))
    r = Ruling("fantasy", "to_hit", 5, "5+", Node("to_hit: 5+"), cases=(Case((("target.unit_strength", 5),), sub),))
    assert render_text(r, pack=FANTASY) == "to_hit: 5+"
