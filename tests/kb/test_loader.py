"""The strict pack loader: one broken file per error kind, each message with file:line:column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb import PackError, RuleCycle, RulingsError, load_pack
from kb.document import read_yaml
from kb.loader import build_pack
from rulings.examples import run_examples

HERE = Path(__file__).parent
BROKEN = HERE / "broken"


def line_col(file: Path, line: int, needle: str, nth: int = 0) -> str:
    """`line:column` of the `nth` occurrence of `needle` on a 1-based line of a broken file."""
    text = file.read_text(encoding="utf-8").splitlines()[line - 1]
    starts = [m.start() for m in re.finditer(re.escape(needle), text)]
    return f"{line}:{starts[nth] + 1}"


# (file, [(message fragments, line, needle on that line the column points at, which occurrence)])
CASES = [
    (
        "duplicate_key",
        [
            (
                ["duplicate key 'shooter.moved'", "first given at", "duplicate_key.yaml:3:3"],
                4,
                "shooter.moved",
                0,
            )
        ],
    ),
    (
        "unknown_key",
        [
            (
                [
                    "unknown key 'defualt'",
                    "did you mean 'default'",
                    "allowed: cite, default, derive, range, text, type, typical, values",
                ],
                3,
                "defualt",
                0,
            )
        ],
    ),
    ("wrong_type", [(["facts.shooter.bs.range", "expected array", "'one to ten'"], 3, "one to ten", 0)]),
    ("default_out_of_range", [(["fact 'shooter.bs'", "default 12", "[1, 10]"], 3, "12", 0)]),
    (
        "undefined_fact",
        [(["unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"], 7, "shooter.movd", 0)],
    ),
    (
        "undefined_rule_in_policy",
        [(["unknown rule 'sof_cover'", "did you mean 'soft_cover'"], 11, "sof_cover", 0)],
    ),
    (
        "expr_syntax",
        [(["modifiers.moved.when", "invalid syntax", "shooter.moved and and shooter.moved"], 7, "and", 1)],
    ),
    (
        "expr_type",
        [(["quantities.to_hit.base", "needs int", "'shooter.moved' is bool"], 6, "shooter.moved", 0)],
    ),
    (
        "derived_cycle",
        [(["cycle:", "target.in_cover -> target.hidden -> target.in_cover"], 3, "target.in_cover", 0)],
    ),
    ("override_cycle", [(["cycle: a -> b -> a"], 8, "a", 0)]),
    ("malformed", [(["malformed YAML", "expected ',' or '}'"], 4, ":", 0)]),
    (
        "several_errors",
        [
            (["fact 'shooter.bs'", "default 0", "[1, 10]"], 4, "0", 1),
            (["unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"], 8, "shooter.movd", 0),
            (["unknown quantity 'to_hti'", "did you mean 'to_hit'"], 9, "to_hti", 0),
        ],
    ),
    (  # an unknown key does not hide the errors of meaning elsewhere in the file
        "unknown_key_and_meaning",
        [
            (["unknown key 'txt'", "did you mean 'text'"], 3, "txt", 0),
            (["unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"], 7, "shooter.movd", 0),
        ],
    ),
    (  # YAML keeps 1.0 a float: the strict schema refuses it where it is, and the loader does not crash
        "range_float",
        [
            (["facts.shooter.bs.range.0", "expected integer, got 1.0", "write 1, without the decimal point"], 3,
             "1.0", 0),
            (["facts.shooter.bs.range.1", "expected integer, got 10.0", "write 10"], 3, "10.0", 0),
        ],
    ),
    (  # keys that depend on kind: the schema's if/then, worded for the kind, with the keys it takes
        "kind_keys",
        [
            (["quantities.to_hit: a score quantity takes no 'dice'", "keys of a score quantity: ", "chart"], 5,
             "dice", 0),
            (["policies.one_only: an exclusive policy needs 'rules'", "keys of an exclusive policy: "], 9,
             "one_only", 0),
            (["policies.natural_one: a clamp policy takes no 'rules'", "min, quantity"], 10, "rules", 0),
        ],
    ),
    (  # examples' situation and expect keys are checked when the pack loads, not when its tests run
        "example_keys",
        [
            (["unknown key 'givn'", "did you mean 'given'"], 9, "givn", 0),
            (["unknown key 'valu'", "did you mean 'value'", "clamped_only", "readings_default"], 10, "valu", 0),
            (["unknown key 'dispaly'", "allowed: value, when", "a case compares by when and value only"], 13,
             "dispaly", 0),
        ],
    ),
    (  # what the schema says and the loader once said only itself: worded and located by the schema's rules
        "schema_rules",
        [
            (["facts.s.bs: an int fact needs 'range'", "keys of an int fact: "], 3, "s.bs", 0),
            (["facts.s.moved: a bool fact takes no 'range'", "keys of a bool fact: cite, default, derive, text"], 4,
             "range", 0),
            (["quantities.to_hit: chart keys are scores (integers), not 'seven'", "chart: {7: 4"], 6, "seven", 0),
            (["modifiers.moved: a change starts with one of + - x / =, not 'one less'", 'write e.g. "-1"'], 9,
             "one less", 0),
            (["policies.cover: rule 'moved' is listed twice"], 12, "moved", 1),
            (["policies.floor: a clamp policy needs 'min' or 'max'", "min: 2"], 13, "floor", 0),
            (["policies.oc_floor: symbols need a number as the clamp's min", "not 'base - 1'", "min: 0 with"], 14,
             "base - 1", 0),
            (["readings.reach: a reading that decides non_reach has the options adjacent and whole_list",
              "options: {adjacent"], 16, "options", 0),
        ],
    ),
    (  # lookup tables: rows are values of their fact, do not overlap, cover it or have a default; typed values
        "table_rows",
        [
            (["row 'elite' is not a value of s.exp", "one of: green, regular, veteran"], 6, "elite", 0),
            (["row '10..24' overlaps another row of w.range"], 8, "10..24", 0),
            (["modifiers.far.per: no row for 13..24 of w.range", "default:"], 9, "rows", 0),
            (["modifiers.moved.when: 'rows' is required"], 10, "{table", 0),
            (["unknown key 'rws'", "did you mean 'rows'", "allowed: cites, default, rows, table"], 10, "rws", 0),
            (["unknown fact 's.expp'", "did you mean 's.exp'"], 11, "s.expp", 0),
            (["modifiers.aim.per.default: expression is bool, but int is expected"], 11, "true", 1),
        ],
    ),
    (  # one pass: a misshapen entry is left out and the rest is still checked, sorted by position
        "shape_and_meaning",
        [
            (["facts.shooter.bs.range.1", "expected integer, got 'ten'"], 3, "ten", 0),
            (["modifiers.moved.when", "unknown fact 'shooter.movd'", "did you mean 'shooter.moved'"], 8,
             "shooter.movd", 0),
            (["unknown quantity 'to_hti'", "did you mean 'to_hit'"], 10, "to_hti", 0),
        ],
    ),
]


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_broken_pack_reports_every_error_where_it_is(
    name: str, expected: list[tuple[list[str], int, str, int]]
) -> None:
    file = BROKEN / f"{name}.yaml"
    with pytest.raises(PackError) as err:
        load_pack(str(file))
    problems = err.value.problems
    assert len(problems) == len(expected), [str(p) for p in problems]
    for problem, (fragments, line, needle, nth) in zip(problems, expected, strict=True):
        text = str(problem)
        for fragment in fragments:
            assert fragment in text, (fragment, text)
        assert problem.where is not None and Path(problem.where.path).name == file.name
        assert f"{problem.where.line}:{problem.where.column}" == line_col(file, line, needle, nth), text
        assert text.startswith(f"{problem.where}: ")
    if len(expected) > 1:
        assert str(err.value).endswith(f"{len(expected)} errors")


def test_every_error_kind_has_a_broken_file() -> None:
    assert sorted(p.stem for p in BROKEN.glob("*.yaml")) == sorted(name for name, _ in CASES)


def test_cycles_are_rule_cycles_with_their_path() -> None:
    for name in ("derived_cycle", "override_cycle"):
        with pytest.raises(PackError) as err:
            load_pack(str(BROKEN / f"{name}.yaml"))
        (problem,) = err.value.problems
        assert isinstance(problem, RuleCycle) and problem.cycle[0] in problem.message


def test_a_pack_given_as_a_folder_merges_its_files() -> None:
    pack = load_pack(str(HERE / "folder_pack"))
    assert (pack.name, pack.title) == ("folder_pack", "A pack split over files")
    assert list(pack.facts) == ["shooter.bs", "shooter.moved"]
    assert list(pack.modifiers) == ["moved"] and pack.modifiers["moved"].when.names == {"shooter.moved"}
    assert [e.name for e in pack.examples] == ["moved"]
    assert [r.problems for r in run_examples(pack)] == [[]]


def test_a_folder_with_an_entry_given_twice_names_both_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("facts:\n  f.x: {type: bool}\nquantities:\n  q: {kind: pool, base: 1}\n")
    (tmp_path / "b.yaml").write_text("facts:\n  f.x: {type: bool}\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    (problem,) = err.value.problems
    assert "facts entry 'f.x' given twice" in str(problem)
    assert problem.where is not None and problem.where.path.endswith("b.yaml") and problem.where.line == 2
    assert "a.yaml:2:3" in problem.hint


def test_an_unknown_pack_name_has_a_did_you_mean() -> None:
    with pytest.raises(RulingsError, match="unknown pack 'fantsy'") as err:
        load_pack("fantsy")
    assert "did you mean 'fantasy'" in err.value.hint


def test_a_missing_pack_file_is_an_error() -> None:
    with pytest.raises(RulingsError, match="no such pack"):
        load_pack(str(HERE / "no_such_pack.yaml"))


def test_expressions_are_type_checked_in_conditions_too() -> None:
    text = (
        "facts: {shooter.bs: {type: int, range: [1, 10]}}\nquantities: {to_hit: {kind: score, base: 4}}\n"
        "modifiers: {good_shot: {quantity: to_hit, change: +1, when: shooter.bs}}\n"
    )
    with pytest.raises(PackError) as err:
        build_pack([read_yaml(text, "p.yaml")], "p")
    (problem,) = err.value.problems
    column = text.splitlines()[2].index("shooter.bs") + 1
    assert problem.where is not None and (problem.where.line, problem.where.column) == (3, column)
    assert "bool" in problem.message


def test_the_builtin_fantasy_pack_loads_with_its_vocabulary() -> None:
    pack = load_pack("fantasy")
    assert set(pack.modifiers) == {
        "moved",
        "within_4in",
        "stand_and_shoot",
        "lone_model",
        "soft_cover",
        "hard_cover",
        "multiple_shots",
        "quick_to_fire",
        "sniper",
        "volley_fire",
    }
    assert pack.order == ("target.in_soft_cover", "target.in_hard_cover")
    assert {"natural_one_misses", "follow_up_chart"} <= set(pack.assumptions)


@pytest.mark.parametrize(("second", "said"), [("fails", "both passes and fails"), ("passes", "is given twice")])
def test_an_unmodified_result_said_twice_is_refused_where_it_is_said_again(tmp_path: Path, second: str,
                                                                            said: str) -> None:
    path = tmp_path / "always.yaml"
    path.write_text("quantities:\n  hit_roll:\n    kind: roll\n    passes: 4\n    always:\n"
                    f"      - {{unmodified: 6, result: passes}}\n      - {{unmodified: 6, result: {second}}}\n")
    with pytest.raises(PackError) as err:
        load_pack(str(path))
    (problem,) = err.value.problems
    assert f"an unmodified 6 {said}" in str(problem)
    assert problem.where is not None and (problem.where.line, problem.where.column) == (7, 22)


def test_a_key_written_on_or_yes_is_that_word_and_true_false_keys_stay_booleans(tmp_path: Path) -> None:
    """docs/pack-format.md writes an example's unmodified trigger as `{on, probability}`: YAML 1.1 would read
    the key `on` as a boolean, and the example would compare a 'True' key. A table keyed by true/false keeps
    those keys (its rows are a bool fact's values)."""
    doc = read_yaml("a: {on: [6], off: 1, yes: 2, no: 3}\nb: {true: 1, false: 0}\n", str(tmp_path / "keys.yaml"))
    assert doc.data == {"a": {"on": [6], "off": 1, "yes": 2, "no": 3}, "b": {"True": 1, "False": 0}}


QUOTED = """
pack: q
sources:
  s:
    title: Rules
    paragraphs:
      1: "Roll a D6 for each shot. Veterans hit on a 3+."
      2: "A unit that moved this turn takes a -1 to hit."
facts:
  moved: {type: bool, text: moved}
quantities:
  to_hit: {kind: score, base: 4, text: the score needed, cite: CITE}
modifiers:
  moved: {quantity: to_hit, change: +1, when: moved, cite: {source: s, paragraph: 2, quote: "moved this turn"}}
examples:
  - {name: e, quote: EXAMPLE, quantity: to_hit, expect: {value: 4}}
"""


@pytest.mark.parametrize(("cite", "example", "message"), [
    ('{source: s, paragraph: 9, quote: "Roll a D6"}', "Roll a D6", "cite: s has no paragraph 9"),
    ('{source: s, paragraph: 1, quote: "Roll a D8"}', "Roll a D6", "the quote 'Roll a D8' is not in s ¶1"),
    ('{source: s, paragraph: 2, quote: "Roll a D6"}', "Roll a D6", "the quote 'Roll a D6' is not in s ¶2"),
    ('{source: s, paragraph: 1, quote: "Roll a D6"}', "Roll a D12", "the quote 'Roll a D12' is in no source"),
    ('{source: s, quote: "moved ... hit on a 3+"}', "Roll a D6", "'moved ... hit on a 3+' is not in s"),  # order
])
def test_a_quote_the_rule_text_does_not_say_is_a_load_error_where_it_is(cite: str, example: str,
                                                                         message: str) -> None:
    """The product's promise: each step quotes the rule it rests on, so a quote must be the paragraph's words."""
    text = QUOTED.replace("CITE", cite).replace("EXAMPLE", example)
    with pytest.raises(PackError) as caught:
        build_pack([read_yaml(text, "q.yaml")], "q")
    assert message in str(caught.value) and "q.yaml:" in str(caught.value)


@pytest.mark.parametrize("cite", [
    '{source: s, paragraph: 1, quote: "roll a d6 ... Veterans  hit on a 3+."}',
    '{source: s, quote: "Veterans hit on a 3+. ... A unit that moved"}',
    "{source: s, paragraph: 1}",
])
def test_a_quote_in_the_paragraphs_words_loads_whatever_its_case_spaces_and_ellipses(cite: str) -> None:
    text = QUOTED.replace("CITE", cite).replace("EXAMPLE", "Veterans hit on a 3+ ... moved this turn")
    assert build_pack([read_yaml(text, "q.yaml")], "q").name == "q"
