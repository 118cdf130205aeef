"""`rulings ask --batch`, line by line: checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/batch.py`).

What a user can check by hand: each line's error names the line, a batch that ran out of time stops rather than
blaming one line, a bug is exit 70, and the output is exactly what `--format json` prints.
"""

from __future__ import annotations

import argparse
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import explain.json
import rulings.batch
from explain.json import ruling_json
from kb.cache import load
from kb.errors import RulingsError
from rulings.batch import _lines, _located, _open, answer_line, explanation_text, ruling_text, run_batch
from solver import Situation, ask
from solver.derivation import Node

FANTASY = load("fantasy")


def args(**more: Any) -> argparse.Namespace:
    base: dict[str, Any] = {"situation": None, "given": [], "base": None, "roll": None, "batch": "-",
                            "quantity": "to_hit", "timeout": None}
    return argparse.Namespace(**{**base, **more})


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: list[str],
        **more: Any) -> tuple[int, list[dict[str, Any]]]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("".join(f"{x}\n" for x in lines).encode())))
    code = run_batch(args(**more), FANTASY)
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("more", [{"situation": "s.yaml"}, {"given": ["shooter.bs=3"]}, {"base": "4"},
                                  {"roll": "3"}])
def test_a_batch_takes_its_situations_from_its_lines_only(more: dict[str, Any]) -> None:
    with pytest.raises(RulingsError) as caught:
        run_batch(args(**more), FANTASY)
    assert caught.value.message == "--batch takes each situation from its input lines"
    assert caught.value.hint == ("put given, base and roll in each JSON line instead of --situation, --given, "
                                 "--base or --roll")


def test_lines_are_answered_in_order_with_their_line_numbers(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, docs = run(monkeypatch, capsys, ['{"given": {"shooter.bs": 3}}', "", "[1]", '{"given": {"shooter.bs": 4}}'])
    assert code == 2
    assert [d.get("display") for d in docs] == ["4+", None, "3+"]  # BS 3 hits on 4+, BS 4 on 3+
    assert docs[1] == {"line": 3, "error": "<stdin>:3:1: a line must be a JSON object, not list"}


def _clock(monkeypatch: pytest.MonkeyPatch, *times: float) -> None:
    ticks = iter(times)
    monkeypatch.setattr(rulings.batch.time, "monotonic", lambda: next(ticks))


@pytest.mark.parametrize("elapsed", [5.0, 9.0])
def test_a_batch_out_of_time_stops_instead_of_blaming_the_line(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str],
                                                               elapsed: float) -> None:
    _clock(monkeypatch, 0.0, elapsed)
    with pytest.raises(RulingsError, match="a line must be a JSON object"):
        run(monkeypatch, capsys, ["[1]"], timeout=5.0)


def test_a_bad_line_within_the_time_is_that_lines_error(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    _clock(monkeypatch, 100.0, 104.9)  # the clock's own start is not 0: only the time since the batch began counts
    assert run(monkeypatch, capsys, ["[1]"], timeout=5.0) == (2, [{"line": 1, "error": "<stdin>:1:1: a line must "
                                                                             "be a JSON object, not list"}])


def _failing(error: BaseException) -> Any:
    def answer(pack: Any, line: bytes | None, *rest: Any) -> Any:
        if line and b"boom" in line:
            raise error
        return answer_line(pack, line, *rest)
    return answer


def test_a_line_nested_too_deeply_is_that_lines_error(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(rulings.batch, "answer_line", _failing(RecursionError()))
    code, docs = run(monkeypatch, capsys, ['{"boom": 1}', '{"given": {"shooter.bs": 3}}'])
    assert code == 2
    assert docs[0] == {"line": 1, "error": "the input is nested too deeply to read"}
    assert docs[1]["display"] == "4+"


def test_a_bug_is_exit_70_whatever_fails_after_it(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(rulings.batch, "answer_line", _failing(KeyError("k" * 300)))
    code, docs = run(monkeypatch, capsys, ['{"boom": 1}', "[1]"])
    assert code == 70
    assert docs[0] == {"line": 1, "error": "internal error (a bug in Rulings): KeyError: '" + "k" * 199,
                       "internal": True}
    assert docs[1]["line"] == 2


def test_a_message_is_placed_at_its_line_once() -> None:
    assert _located("bad", "-", 3) == "<stdin>:3: bad"
    assert _located("bad", "b.jsonl", 3) == "b.jsonl:3: bad"
    assert _located("b.jsonl:3:1: bad", "b.jsonl", 3) == "b.jsonl:3:1: bad"


def test_a_batch_is_a_regular_file_or_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    with pytest.raises(RulingsError, match=r"^'folder': a batch must be a regular file or - \(standard input\)$"):
        _open("folder")
    with pytest.raises(RulingsError, match=r"^'nope\.jsonl': cannot read the batch: No such file or directory$"):
        _open("nope.jsonl")
    (tmp_path / "b.jsonl").write_bytes(b"{}\n")
    with _open("b.jsonl") as f:
        assert f.read() == b"{}\n"


def test_standard_input_is_left_open(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.BytesIO(b"{}\n")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(stream))
    with _open("-") as f:
        assert f.read() == b"{}\n"
    assert not stream.closed


def test_blank_lines_count_and_an_overlong_line_is_skipped_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "10")
    source = io.BytesIO(b"short\n\n" + b"x" * 30 + b"\n0123456789\n  \nlast")
    assert list(_lines(source)) == [(1, b"short\n"), (3, None), (4, b"0123456789\n"), (6, b"last")]
    assert list(_lines(io.BytesIO(b"x" * 11))) == [(1, None)]  # past the limit with no end of line
    assert list(_lines(io.BytesIO(b"x" * 11 + b"\nok\n"))) == [(1, None), (2, b"ok\n")]  # one byte too many
    assert list(_lines(io.BytesIO(b"0123456789"))) == [(1, b"0123456789")]  # the limit exactly, at the end


class Counted(io.BytesIO):
    """A stream that remembers how much each read asked for."""

    asked: list[int | None]

    def readline(self, size: int | None = -1, /) -> bytes:
        self.asked.append(size)
        return super().readline(size)


def test_a_line_is_never_read_past_the_limit_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """An overlong line is skipped a piece at a time: a line of a gigabyte never has to fit in memory."""
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "10")
    source = Counted(b"x" * 45 + b"\nok\n")
    source.asked = []
    assert list(_lines(source)) == [(1, None), (2, b"ok\n")]
    assert set(source.asked) == {11}


@pytest.mark.parametrize(("line", "message", "hint"), [
    (None, "<stdin>:4:1: the line is longer than 1,000,000 bytes", ""),
    (b"[1", "<stdin>:4:1: not a JSON object: \"Expecting ',' delimiter: line 1 column 3 (char 2)\"",
     'each line is one JSON object, e.g. {"quantity": "to_hit", "given": {...}}'),
    (b'"text"', "<stdin>:4:1: a line must be a JSON object, not str", ""),
    (b'{"quantity": 3}', '<stdin>:4:1: no quantity: give "quantity" in the line or QUANTITY on the command line', ""),
])
def test_a_line_that_cannot_be_answered_says_why(line: bytes | None, message: str, hint: str) -> None:
    with pytest.raises(RulingsError) as caught:
        answer_line(FANTASY, line, None, "-", 4)
    assert (caught.value.message, caught.value.hint) == (message, hint)


def test_the_output_keeps_the_rule_texts_characters(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A citation's pilcrow and a fact name's accent are written as they are, as `--format json` writes them."""
    slow = b'{"quantity": "to_hit", "given": {"shooter.bs": 3, "shooter.moved": true}, "reading": {}}'
    text = answer_line(FANTASY, slow, None, "-", 1, True)
    assert "roll_to_hit \u00b64" in text and "\\u00b6" not in text
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO('{"given": {"shooter.b\u00e9": 3}}\n'.encode())))
    assert run_batch(args(), FANTASY) == 2
    assert "unknown fact 'shooter.b\u00e9'" in capsys.readouterr().out


def test_a_batch_file_names_itself_in_its_errors() -> None:
    with pytest.raises(RulingsError, match=r"^shots\.jsonl:2:1: a line must be a JSON object, not int$"):
        answer_line(FANTASY, b"3", None, "shots.jsonl", 2)


@pytest.mark.parametrize("line", [b'{"quantity": "to_hit", "given": {"shooter.bs": 3, "shooter.moved": true}}',
                                  b'{"given": {"shooter.bs": 2}}', b'{"quantity": "to_hit"}'])
def test_each_output_line_is_the_json_ask_prints(line: bytes) -> None:
    data = json.loads(line)
    ruling = ask(FANTASY, data.pop("quantity", "to_hit"), Situation(given=data.get("given", {})))
    text = answer_line(FANTASY, line, "to_hit", "-", 1, True)
    assert text == json.dumps(ruling_json(ruling), ensure_ascii=False) == ruling_text(ruling)


@pytest.mark.parametrize("line", [b'{"quantity": "nope"}', b'{"given": "x"}', b'{"quantity": 3}', b"[]", b"{",
                                  b'{"given": {"shooter.bz": 1}}'])
def test_a_line_the_fast_way_cannot_answer_goes_the_slow_way(line: bytes) -> None:
    assert rulings.batch._answer_fast(FANTASY, line, "to_hit") is None
    assert rulings.batch._answer_fast(FANTASY, None, "to_hit") is None


def test_split_fire_is_written_the_plain_way() -> None:
    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3}, groups=(
        ("clear", Situation()), ("behind the wall", Situation(given={"target.in_hard_cover": True})))))
    assert ruling.groups is not None
    assert ruling_text(ruling) == json.dumps(ruling_json(ruling), ensure_ascii=False)


def test_a_derivations_text_is_its_json(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = Node('a "quoted" claim \u00e9', cite="p. 3")
    tree = Node("root", (shared, Node("other", (shared,)), Node("\u2014 no cite")), cite=None)
    assert explanation_text(tree) == json.dumps(tree.to_json(), ensure_ascii=False)
    assert explanation_text(tree) == explanation_text(tree)  # a shared node's text, kept, is the same text
    monkeypatch.setattr(rulings.batch, "_TEXTS_SIZE", 1)
    rulings.batch._TEXTS.clear()
    two = Node("root", (Node("x"), Node("y")))
    assert explanation_text(two) == json.dumps(two.to_json(), ensure_ascii=False)
    assert len(rulings.batch._TEXTS) == 1  # cleared when full, so it never grows past its size


@pytest.mark.parametrize(("pack", "line"), [
    ("wh40k", b'{"quantity": "S", "base": 4, "effects": ["+1", "x2"]}'),
    ("fantasy", b'{"quantity": "to_hit", "given": {"shooter.bs": 3}, "reading": {}}'),
])
def test_a_line_with_more_than_facts_is_answered_in_full(pack: str, line: bytes) -> None:
    """The quick way is only for lines that give facts alone: a base, an effect or a reading is never dropped."""
    text = answer_line(load(pack), line, None, "-", 1, True)
    assert text == json.dumps(answer_line(load(pack), line, None, "-", 1), ensure_ascii=False)
    if pack == "wh40k":
        assert json.loads(text)["value"] == 9  # S 4, x2 then +1 (multiply before adding)


def test_a_line_of_facts_alone_takes_the_quick_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch of thousands of plain lines is answered without the slow steps (reading the line as a situation
    file, the full JSON of the explanation): with those steps broken, such a line is still answered."""
    import rulings.api
    import solver.situation

    expected = answer_line(FANTASY, b'{"quantity": "to_hit", "given": {"shooter.bs": 3}}', None, "-", 1, True)

    def slow(*args: object, **kwargs: object) -> None:
        raise AssertionError("the slow way")

    monkeypatch.setattr(solver.situation, "situation_from_data", slow)
    monkeypatch.setattr(rulings.api, "answer", slow)
    monkeypatch.setattr(Node, "to_json", slow)
    for line, quantity in ((b'{"quantity": "to_hit", "given": {"shooter.bs": 3}}', None),
                           (b'{"given": {"shooter.bs": 3}}', "to_hit")):
        assert answer_line(FANTASY, line, quantity, "-", 1, True) == expected


def test_a_shared_node_is_written_once(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = Node("shared", cite="p. 3")
    tree = Node("root", (shared, Node("other", (shared,)), Node("last")))
    rulings.batch._TEXTS.clear()
    written: list[str] = []
    real = rulings.batch._string

    def counted(text: str) -> str:
        written.append(text)
        return real(text)

    monkeypatch.setattr(rulings.batch, "_string", counted)
    assert explanation_text(tree) == json.dumps(tree.to_json(), ensure_ascii=False)
    assert sorted(written) == ["last", "other", "p. 3", "root", "shared"]  # the second "shared" is the kept text


def test_the_batch_itself_takes_the_quick_way(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import rulings.api

    def slow(*args: object, **kwargs: object) -> None:
        raise AssertionError("the slow way")

    monkeypatch.setattr(rulings.api, "answer", slow)
    assert run(monkeypatch, capsys, ['{"given": {"shooter.bs": 3}}'])[0] == 0


MOVED = Situation(given={"shooter.bs": 3, "shooter.moved": True})  # its cite has a pilcrow: "roll_to_hit \u00b64"


def _plain(ruling: Any, explained: bool = True) -> str:
    """What `--format json` prints for the ruling, without its explanation (nor its groups') unless `explained`."""
    return json.dumps(_doc(ruling_json(ruling), explained), ensure_ascii=False)


def _doc(doc: dict[str, Any], explained: bool) -> dict[str, Any]:
    if explained:
        return doc
    out = {k: v for k, v in doc.items() if k != "explanation"}
    if "groups" in out:
        out["groups"] = [_doc(g, False) for g in out["groups"]]
    return out


def _null_explanation(ruling: Any) -> str:
    """The ruling's JSON text with its explanation null, in its own place."""
    return json.dumps({**ruling_json(ruling), "explanation": None}, ensure_ascii=False)


def test_a_batch_line_leaves_the_explanation_out_unless_full(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`--batch` alone prints each ruling without its explanation; `--full` adds it. Arguments made without a
    `full` (nor a `timeout`) are the plain batch: no explanation, and a bad line is still only that line's error."""
    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3}))
    namespace = args()
    del namespace.timeout
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b'{"given": {"shooter.bs": 3}}\n[1]\n')))
    assert run_batch(namespace, FANTASY) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines == [_plain(ruling, False),
                     '{"line": 2, "error": "<stdin>:2:1: a line must be a JSON object, not list"}']
    code, docs = run(monkeypatch, capsys, ['{"given": {"shooter.bs": 3}}'], full=True)
    assert (code, docs) == (0, [ruling_json(ruling)])
    assert "explanation" in docs[0]


def test_the_quick_way_writes_the_explanation_unless_told_not_to() -> None:
    line = b'{"given": {"shooter.bs": 3, "shooter.moved": true}}'
    ruling = ask(FANTASY, "to_hit", MOVED)
    assert rulings.batch._answer_fast(FANTASY, line, "to_hit") == _plain(ruling)
    assert rulings.batch._answer_fast(FANTASY, line, "to_hit", False) == _plain(ruling, False)


@pytest.mark.parametrize("given", [b"[]", b"0", b"false", b'""', b'"x"'])
def test_facts_that_are_no_mapping_are_that_lines_error(given: bytes) -> None:
    """Even empty ones: `"given": []` is not "no facts"."""
    line = b'{"quantity": "to_hit", "given": ' + given + b"}"
    assert rulings.batch._answer_fast(FANTASY, line, None) is None
    with pytest.raises(RulingsError, match=r"^<stdin>:5:1: given: must map fact names to values"):
        answer_line(FANTASY, line, None, "-", 5, True)


def _split_fire() -> Any:
    return ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3, "shooter.moved": True}, groups=(
        ("clear", Situation()), ("behind the wall", Situation(given={"target.in_hard_cover": True})))))


@pytest.mark.parametrize("explained", [True, False])
def test_split_fire_leaves_out_every_groups_explanation_unless_explained(explained: bool) -> None:
    ruling = _split_fire()
    text = ruling_text(ruling, explained)
    assert text == _plain(ruling, explained)
    assert ('"explanation"' in text) is explained


@pytest.mark.parametrize(("pack", "quantity", "given", "field"), [
    ("skirmish", "cc_dice", {"attacker.bases": 3, "attacker.dice_per_base": 4, "attacker.shaken": True,
                             "attacker.flanked": True}, "readings"),
    ("fantasy", "to_hit", {"shooter.bs": 3, "target.lone_model": True}, "cases"),
])
def test_a_ruling_with_cases_or_readings_is_written_whole(pack: str, quantity: str, given: dict[str, Any],
                                                          field: str) -> None:
    ruling = ask(load(pack), quantity, Situation(given=given))
    assert getattr(ruling, field) is not None
    assert rulings.batch._text_unexplained(ruling) == _null_explanation(ruling)
    assert "\u00b6" in _null_explanation(ruling)  # written as it is, not as \u00b6
    for explained in (True, False):
        assert ruling_text(ruling, explained) == _plain(ruling, explained)


def test_a_value_that_cannot_be_a_key_is_still_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling is kept by its plain fields: one whose value is a list cannot be, and is written afresh."""
    import dataclasses

    monkeypatch.setattr(rulings.batch, "_WRITTEN", {})
    ruling = dataclasses.replace(ask(FANTASY, "to_hit", MOVED), value=[4, 5])
    assert rulings.batch._text_unexplained(ruling) == _null_explanation(ruling)
    assert "\u00b6" in _null_explanation(ruling)
    assert ruling_text(ruling) == _plain(ruling)
    assert rulings.batch._WRITTEN == {}


@pytest.mark.parametrize("explained", [True, False])
def test_an_explanation_not_written_last_is_written_the_plain_way(monkeypatch: pytest.MonkeyPatch,
                                                                  explained: bool) -> None:
    """The quick text relies on explain.json writing the explanation last; were it written elsewhere, the ruling
    is written the plain way, still exactly `--format json`."""
    import explain.json

    real = explain.json.ruling_json

    def first(ruling: Any, *, explained: bool = True) -> dict[str, Any]:
        doc = real(ruling, explained=explained)
        return {"explanation": doc.pop("explanation"), **doc}

    monkeypatch.setattr(explain.json, "ruling_json", first)
    monkeypatch.setattr(rulings.batch, "_WRITTEN", {})
    ruling = ask(FANTASY, "to_hit", MOVED)
    expected = first(ruling) if explained else _doc(first(ruling), False)
    assert ruling_text(ruling, explained) == json.dumps(expected, ensure_ascii=False)
    assert "\u00b6" in ruling_text(ruling, explained)


def test_a_node_of_other_values_is_written_as_its_json() -> None:
    """A node made elsewhere than the solver (a claim or cite that is not text) is written as json writes it."""
    for node in (Node(3, cite="p. 3 \u00b6"), Node("claim", cite=3),  # type: ignore[arg-type]
                 Node(None, (Node("why \u00e9"),))):  # type: ignore[arg-type]
        assert explanation_text(node) == json.dumps(node.to_json(), ensure_ascii=False)


def test_the_kept_texts_never_grow_past_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings.batch, "_TEXTS", {})
    monkeypatch.setattr(rulings.batch, "_TEXTS_SIZE", 1)
    for claim in ("x", "y"):
        assert explanation_text(Node(claim)) == json.dumps(Node(claim).to_json())
        assert len(rulings.batch._TEXTS) == 1
    monkeypatch.setattr(rulings.batch, "_WRITTEN", {})
    monkeypatch.setattr(rulings.batch, "_WRITTEN_SIZE", 1)
    for bs in (3, 4):
        ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": bs}))
        assert ruling_text(ruling, False) == _plain(ruling, False)
        assert len(rulings.batch._WRITTEN) == 1


def test_rulings_of_cases_are_each_their_own_text() -> None:
    """Rulings with cases can share their (empty) decisions and plain fields but not their cases: none is written
    with another's text."""
    import dataclasses

    asked = [ask(FANTASY, "to_hit", Situation(given={"shooter.bs": bs, "target.lone_model": True})) for bs in (3, 4)]
    assert {r.display for r in asked} == {"depends on target.unit_strength"}
    for cases in (asked[0].cases, asked[1].cases, asked[0].cases):
        ruling = dataclasses.replace(asked[0], cases=cases)
        assert ruling_text(ruling, False) == _plain(ruling, False)


def test_a_ruling_without_a_probability_is_written() -> None:
    ruling = ask(load("skirmish"), "cc_dice", Situation(given={"attacker.bases": 3, "attacker.dice_per_base": 4}))
    assert ruling.probability is None
    assert ruling_text(ruling) == _plain(ruling)


@pytest.mark.parametrize(("field", "values"), [("value", (1, True)), ("modifier", (1, True)), ("then", (1, True)),
                                               ("probability", (Fraction(1, 2), Fraction(1, 3)))])
def test_rulings_of_one_decision_differing_in_a_plain_field_are_each_their_own_text(field: str,
                                                                                   values: tuple[Any, Any]) -> None:
    """A ruling's text is kept by its decision's tuples and its plain fields, with their types: 1 and True are one
    key but not one JSON, and a probability counts too."""
    import dataclasses

    ruling = ask(FANTASY, "to_hit", Situation(given={"shooter.bs": 3}))
    for value in (*values, *values):
        changed = dataclasses.replace(ruling, **{field: value})
        assert ruling_text(changed, False) == _plain(changed, False)


CC = (b'{"quantity": "cc_dice", "given": {"attacker.bases": 3, "attacker.dice_per_base": 4, "attacker.shaken": true, '
      b'"attacker.flanked": true}}')


@pytest.mark.parametrize("line", [CC, b'{"quantity": "to_hit", "given": {"shooter.bs": 3, "shooter.moved": true}}',
                                  b'{"quantity": "to_hit", "given": {"attack.auto_hit": true}}'])
def test_a_line_asked_again_is_the_json_ask_prints(line: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked again, a line's quantity is compiled and its decision's text kept: the same text, whatever it holds
    (the readings of a quantity that has other readings, a rule's cite, an automatic hit), never the slow way, and
    no derivation made to be left out. (A pack of its own: each decision is worded in this test.)"""
    import solver.compiled
    from kb.loader import load_pack

    pack = load_pack("skirmish" if line is CC else "fantasy")
    doc = json.loads(line)
    expected = _plain(ask(load(pack.name), doc["quantity"], Situation(given=doc["given"])), explained=False)
    _no_slow_way(monkeypatch)
    monkeypatch.setattr(solver.compiled, "explain_made", _no_derivation)
    for _ in range(4):  # compiled on a later asking: each time the same
        assert answer_line(pack, line, None, "-", 1, True, False) == expected
    assert ("readings" in json.loads(expected)) is (line is CC)


def test_a_line_of_a_decision_met_before_is_its_kept_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each decision's text is written once: a line of a decision met before takes it without making the ruling.
    (A pack of its own: each decision is worded in this test.)"""
    from kb.loader import load_pack

    pack = load_pack("fantasy")
    lines = [b'{"quantity": "to_hit", "given": {"shooter.bs": %d, "shooter.moved": true}}' % bs for bs in (2, 3, 2)]
    for _ in range(3):  # compiled, and each decision's text kept
        texts = [answer_line(pack, line, None, "-", 1, True, False) for line in lines]
    _no_slow_way(monkeypatch)
    written: list[Any] = []
    real, plain = explain.json.ruling_json, rulings.batch.ruling_text
    monkeypatch.setattr(explain.json, "ruling_json", lambda r, **kw: written.append(r) or real(r, **kw))
    monkeypatch.setattr(rulings.batch, "ruling_text", lambda r, full=True: written.append(r) or plain(r, full))
    assert [answer_line(pack, line, None, "-", 1, True, False) for line in lines] == texts
    assert written == []  # each already kept (no ruling's JSON made again, nor a ruling made to be written)
    assert texts[0] == texts[2] != texts[1]


def _no_derivation(*args: object) -> None:
    raise AssertionError("a derivation made")


def _no_slow_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line answered the slow way (read as a situation file, answered by the API) fails the test."""
    import rulings.api
    import solver.situation

    def slow(*args: object, **kwargs: object) -> None:
        raise AssertionError("the slow way")

    monkeypatch.setattr(solver.situation, "situation_from_data", slow)
    monkeypatch.setattr(rulings.api, "answer", slow)
