"""`rulings ask PACK --batch FILE|-`: JSON lines in, one ruling JSON per line out, bad lines never stop it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from rulings.cli import main

SHOT = {"quantity": "to_hit", "given": {"shooter.bs": 3, "shooter.moved": True, "target.in_soft_cover": True,
                                        "target.in_hard_cover": True}}


def batch(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str],
          *argv: str) -> tuple[int, list[dict[str, Any]], str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("".join(f"{x}\n" for x in lines).encode())))
    code = main(["ask", *argv, "--batch", "-"])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_each_line_gets_the_ruling_ask_prints_as_json(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, docs, err = batch(capsys, monkeypatch, [json.dumps(SHOT)] * 3, "fantasy")
    assert (code, err) == (0, "")
    given = [f"--given={name}={str(value).lower()}" for name, value in SHOT["given"].items()]
    assert main(["ask", "fantasy", "to_hit", *given, "--format", "json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert docs == [{k: v for k, v in alone.items() if k != "explanation"}] * 3  # unless --full asks for it
    assert alone["display"] == "6, then 4+" and alone["suppressed"][0]["rule"] == "soft_cover"
    code, docs, err = batch(capsys, monkeypatch, [json.dumps(SHOT)] * 3, "fantasy", "--full")
    assert (code, err, docs) == (0, "", [alone] * 3)
    assert alone["explanation"]["claim"].startswith("the score needed to hit")


def test_a_line_of_groups_leaves_out_each_group_explanation_unless_full(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = json.dumps({"quantity": "to_hit", "given": {"shooter.bs": 3},
                       "groups": [{"name": "a", "given": {"shooter.moved": True}}, {"name": "b"}]})
    _, (brief,), _ = batch(capsys, monkeypatch, [line], "fantasy")
    _, (full,), _ = batch(capsys, monkeypatch, [line], "fantasy", "--full")
    assert [g["display"] for g in brief["groups"]] == ["5+", "4+"]
    assert "explanation" not in brief and all("explanation" not in g for g in brief["groups"])
    assert "explanation" in full and all("explanation" in g for g in full["groups"])
    assert brief == {**{k: v for k, v in full.items() if k != "explanation"},
                     "groups": [{k: v for k, v in g.items() if k != "explanation"} for g in full["groups"]]}


def test_a_bad_line_in_the_middle_is_an_error_line_and_the_batch_goes_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [json.dumps(SHOT), "{not json", "", json.dumps({"quantity": "to_hit", "given": {"shooter.bz": 3}}),
             "[1, 2]", json.dumps({"quantity": "nope"}), json.dumps({"given": {"shooter.bs": 4}}),
             json.dumps({"quantity": "to_hit", "given": {"shooter.bs": 11}}), json.dumps(SHOT)]
    code, docs, err = batch(capsys, monkeypatch, lines, "fantasy")
    assert code == 2 and err == ""
    assert len(docs) == 8  # the blank line 3 gets no answer; every other line gets one, in order
    assert docs[0]["value"] == docs[-1]["value"] == 7
    errors = {doc["line"]: doc["error"] for doc in docs[1:-1]}
    assert list(errors) == [2, 4, 5, 6, 7, 8]
    assert errors[2].startswith("<stdin>:2:1: not a JSON object")
    assert "<stdin>:4" in errors[4] and "unknown fact 'shooter.bz'" in errors[4] and "did you mean" in errors[4]
    assert errors[5].startswith("<stdin>:5:1: a line must be a JSON object")
    assert errors[6].startswith("<stdin>:6: unknown quantity 'nope'")
    assert errors[7].startswith("<stdin>:7:1: no quantity")
    assert "<stdin>:8" in errors[8] and "shooter.bs" in errors[8]
    assert not any("internal" in doc for doc in docs)


def test_the_quantity_may_come_from_the_command_line(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, docs, _ = batch(capsys, monkeypatch, ['{"given": {"shooter.bs": 4}}', '{"base": 7, "effects": ["+1"]}'],
                          "fantasy", "to_hit")
    assert code == 2 and docs[0]["display"] == "3+"
    assert docs[1]["line"] == 2 and "takes no ad-hoc effects" in docs[1]["error"]


def test_a_batch_file_and_other_packs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [{"quantity": "S", "base": 4, "effects": ["+1", "x2"]},
             {"quantity": "hit_roll", "roll": 3, "effects": [{"name": "Stealth", "op": "-1"}]}]
    path = tmp_path / "batch.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert main(["ask", "wh40k", "--batch", str(path)]) == 0
    docs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["value"] for d in docs] == [9, 2]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["ask", "fantasy", "--batch", "-", "--given", "shooter.bs=3"], "--batch takes each situation"),
        (["ask", "fantasy", "--batch", "/dev/null"], "a batch must be a regular file"),
        (["ask", "fantasy", "--batch", "no/such/batch.jsonl"], "cannot read the batch"),
        (["ask", "fantasy"], "ask needs a QUANTITY of fantasy"),
    ],
)
def test_refused_batches_are_one_message(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and needle in err and "Traceback" not in err


def test_an_overlong_line_fails_alone(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "40000")  # the pack's own file is read under the same limit
    long = json.dumps({"quantity": "to_hit", "given": {"shooter.bs": 3}, "effects": ["+1"] * 7000})
    code, docs, _ = batch(capsys, monkeypatch, [long, json.dumps(SHOT)], "fantasy")
    assert code == 2 and "longer than 40,000 bytes" in docs[0]["error"] and docs[1]["value"] == 7


def test_a_bug_on_one_line_is_reported_for_that_line(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import rulings.batch

    real = rulings.batch.answer_line

    def flaky(pack: Any, line: bytes | None, *rest: Any) -> dict[str, Any]:
        if line and b"shooter.bs\": 5" in line:
            raise ZeroDivisionError("boom")
        return real(pack, line, *rest)

    monkeypatch.setattr(rulings.batch, "answer_line", flaky)
    code, docs, _ = batch(capsys, monkeypatch, ['{"given": {"shooter.bs": 5}}', '{"given": {"shooter.bs": 4}}'],
                          "fantasy", "to_hit")
    assert code == 70 and docs[0]["internal"] is True and "ZeroDivisionError" in docs[0]["error"]
    assert docs[1]["display"] == "3+"


def test_a_line_may_ask_a_whole_attack(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """skirmish.txt: dice against the Success Threshold, then a Save Roll for each hit. Hitting on 4+ (1/2) and
    saving on 5+ (a save fails 2/3 of the time), one die is unsaved 1/3 of the time: two dice give 0, 1 or 2
    unsaved hits with chances 4/9, 4/9 and 1/9."""
    line = {"quantity": "attack", "given": {"attacker.to_hit": 4, "target.save": 5}, "sequence": {"attacks": 2}}
    code, docs, err = batch(capsys, monkeypatch, [json.dumps(line), json.dumps(SHOT)], "skirmish")
    assert (code, err) == (2, "")  # the fantasy line is not a skirmish quantity: that line alone is an error
    assert docs[0]["sequence"] == "attack"
    assert docs[0]["steps"][-1]["out"]["distribution"] == {"0": "4/9", "1": "4/9", "2": "1/9"}
    assert "to_hit" in docs[1]["error"]
