"""The command line's fast paths say exactly what the slow ones say.

A batch line that only gives facts is answered and written without the situation file's machinery and without
`json.dumps` of its explanation, checked against the way it replaces; a fresh ruling and a batch import no argparse
(the command lines read without it: `test_cli_mutants.py`), and a fresh ruling not the search.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import solver.ask  # noqa: F401 - the module, for its `_one` (`solver.ask` the name is its function)
from rulings import batch
from rulings.cli import main
from solver.compiled import Compiled

ASK = sys.modules["solver.ask"]


def test_a_batch_imports_no_argparse(tmp_path: Path) -> None:
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"given": {"shooter.bs": 3}}\n', encoding="utf-8")
    code = (f"import sys\nfrom rulings.cli import main\nmain(['ask', 'fantasy', 'to_hit', '--batch', {str(lines)!r}])\n"
            "print('argparse' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"RULINGS_CACHE": str(tmp_path), "PATH": "/usr/bin:/bin"})
    first, imported = done.stdout.strip().splitlines()
    assert json.loads(first)["display"] == "4+" and imported == "False"


def test_a_fresh_ruling_imports_neither_argparse_nor_the_search(tmp_path: Path) -> None:
    code = ("import sys\nfrom rulings.cli import main\nmain(['ask', 'fantasy', 'to_hit', '--given', 'shooter.bs=3', "
            "'--given', 'target.in_hard_cover=true'])\nprint(sorted(m for m in sys.modules if m == 'argparse' or "
            "m.startswith(('solver.space', 'solver.compiled'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"RULINGS_CACHE": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout  # a derived fact given: checked below the search


# -- batch -------------------------------------------------------------------------------------------------------

LINES = [
    {"quantity": "to_hit", "given": {"shooter.bs": 3, "shooter.moved": True}},
    {"quantity": "to_hit", "given": {"shooter.bs": 3, "target.in_hard_cover": True, "target.in_soft_cover": True}},
    {"quantity": "to_hit", "given": {"shooter.bs": 4, "soft_cover.obscures": True, "soft_cover.los": 2}},
    {"quantity": "to_hit", "given": {}},
    {"quantity": "to_hit", "given": {"shooter.bs": 3, "attack.auto_hit": True}},
    {"quantity": "to_hit", "given": {"shooter.bs": 11}},
    {"quantity": "to_hit", "given": {"shooter.bz": 3}},
    {"quantity": "to_hit", "given": {"shooter.bs": 3, "hard_cover.obscures": True, "hard_cover.los": 1,
                                     "target.los": 5, "shooter.los": 5, "target.in_hard_cover": True}},
    {"quantity": "to_hit", "given": {"shooter.bs": 3}, "groups": [{"name": "a", "given": {"shooter.moved": True}},
                                                                   {"name": "b"}]},
    {"given": {"shooter.bs": 2}},
    {"quantity": "nope", "given": {}},
    {"quantity": "to_hit", "given": [1]},
    {"quantity": "to_hit", "given": {"shooter.bs": 3}, "base": 4},
]


def _run_batch(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], pack: str,
               lines: list[str], *argv: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("".join(f"{x}\n" for x in lines).encode())))
    code = main(["ask", pack, *argv, "--batch", "-"])
    return code, capsys.readouterr().out


def test_batch_lines_are_what_the_slow_way_writes(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    lines = [json.dumps(doc) for doc in LINES] * 3  # again: compiled, and from the memo of decisions
    fast = _run_batch(monkeypatch, capsys, "fantasy", lines, "to_hit", "--full")
    brief = _run_batch(monkeypatch, capsys, "fantasy", lines, "to_hit")
    monkeypatch.setattr(batch, "_answer_fast", lambda *args: None)
    monkeypatch.setattr(ASK, "_one", ASK._branch)  # the engine alone
    monkeypatch.setattr(Compiled, "ruling", lambda self, situation: None)  # nor a compiled ruling made before
    assert fast == _run_batch(monkeypatch, capsys, "fantasy", lines, "to_hit", "--full")
    assert brief == _run_batch(monkeypatch, capsys, "fantasy", lines, "to_hit")
    assert fast[1].count('"explanation": {"claim"') >= 8 * 3
    assert brief[1].count('"value"') >= 8 * 3 and '"explanation"' not in brief[1]


def test_an_explanation_is_written_as_json_writes_it() -> None:
    from solver.derivation import Node

    tricky = ["", "é", "\u2028", "\x00\x1f", '"', "\\", "</script>", "\ud7ff", "emoji \U0001f3b2", "tab\there"]
    for claim in tricky:
        node = Node(claim, (Node("a", cite=claim), Node(claim, (Node("deep"),))), cite=None)
        assert batch.explanation_text(node) == json.dumps(node.to_json(), ensure_ascii=False)


def test_a_ruling_kept_written_per_decision_is_the_text_of_its_own_fields() -> None:
    """`ruling_text` keeps each decision's text: on random rulings of every built-in pack (many decisions, each
    asked again and again), each line is exactly `json.dumps` of that ruling's own JSON, with and without its
    explanation."""
    import random

    from explain.json import ruling_json
    from kb.cache import load
    from solver.ask import ask
    from solver.situation import Situation

    rng = random.Random(5)
    seen = 0
    for name in ("fantasy", "skirmish", "wh40k"):
        pack = load(name)
        for quantity, q in pack.quantities.items():
            if q.kind == "characteristic" and q.base is None:
                continue
            for _ in range(20):
                given = {n: rng.random() < 0.5 if f.type.kind == "bool" else rng.randint(*(f.range or (0, 6)))
                         for n, f in pack.facts.items()
                         if f.derive is None and f.type.kind in ("bool", "int") and rng.random() < 0.7}
                try:
                    r = ask(pack, quantity, Situation(given=given))
                except Exception:  # a refused situation (a domain constraint broken, say)
                    continue
                doc = ruling_json(r)
                assert batch.ruling_text(r) == json.dumps(doc, ensure_ascii=False)
                brief = {k: v for k, v in doc.items() if k != "explanation"}
                assert batch.ruling_text(r, False) == json.dumps(brief, ensure_ascii=False)
                seen += 1
    assert seen > 150 and len(batch._WRITTEN) > 50


def test_rulings_that_share_their_tuples_but_not_a_field_get_their_own_text() -> None:
    """The kept text is keyed by every plain field, with its type (1 and True are one key, not one JSON)."""
    from fractions import Fraction

    from explain.json import ruling_json
    from solver.derivation import Node
    from solver.ruling import Applied, new_ruling

    applied = (Applied("moved", "-1", "moved", None),)
    shared = dict(applied=applied, suppressed=(), ignored=(), clamped=(), assumptions=("a",), choice=None, extra=())
    plain = dict(value=4, display="4+", modifier=None, probability=Fraction(1, 2), automatic=False, then=None)
    changes = [("value", True), ("value", 1), ("display", "4+ (x)"), ("modifier", 1), ("modifier", True),
               ("probability", Fraction(1, 3)), ("automatic", None), ("automatic", True), ("then", 4), ("then", 1),
               ("then", True)]
    for field, value in [("value", 4), *changes]:
        fields = {**plain, **shared, field: value}
        r = new_ruling("p", "q", fields["value"], fields["display"], Node("why"), applied, (), (), (),
                       fields["modifier"], fields["probability"], fields["automatic"], fields["then"], None, None,
                       None, shared["assumptions"], None, (), {})
        assert batch.ruling_text(r) == json.dumps(ruling_json(r), ensure_ascii=False), (field, value)


HOSTILE = {
    "pack": "hostile",
    "facts": {
        "values": {"type": "bool", "text": "'); import os; ('"},
        "given": {"type": "int", "range": [-10**18, 10**18], "text": "{value}"},
        "situation.given": {"type": "enum", "values": ["it's", 'say "hi"', "back\\slash", "é"], "text": "x"},
        "K0.t1": {"type": "keywords", "default": [], "text": "kw"},
    },
    "quantities": {"q": {"kind": "pool", "base": "3 + (1 if values else 0)", "text": "__import__('os')"}},
    "modifiers": {
        "exec": {"quantity": "q", "change": "+1", "when": "situation.given == 'it\\'s' or given > 100000000000000000"},
        "eval": {"quantity": "q", "change": "x2", "when": "'VEHICLE' in K0.t1 and not values", "text": "\\n"},
        "print": {"quantity": "q", "change": "-1", "when": "given * given * given < 0"},
    },
}


def test_a_batch_on_a_hostile_pack_says_what_the_engine_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "hostile.yaml"
    pack.write_text(yaml.safe_dump(HOSTILE, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    situations: list[dict[str, Any]] = [
        {"values": True, "given": 10**18}, {"given": -(10**18)}, {"situation.given": "it's", "given": 0},
        {"situation.given": 'say "hi"', "given": 3, "K0.t1": ["vehicle"]}, {"K0.t1": ["VEHICLES"], "given": 1},
        {"given": 10**6}, {}, {"values": "yes"},
    ]
    lines = [json.dumps({"quantity": "q", "given": g}) for g in situations] * 3
    fast = _run_batch(monkeypatch, capsys, str(pack), lines)
    monkeypatch.setattr(batch, "_answer_fast", lambda *args: None)
    monkeypatch.setattr(ASK, "_one", ASK._branch)
    monkeypatch.setattr(Compiled, "ruling", lambda self, situation: None)
    assert fast == _run_batch(monkeypatch, capsys, str(pack), lines)
    assert fast[1].count('"value"') >= 5 * 3
