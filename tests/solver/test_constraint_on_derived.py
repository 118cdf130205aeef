"""A domain constraint that reads a derived fact whose inputs a question also reads directly (`d <= 5` with
`d: {derive: n + 2 if a else n}` and a rule on `n`): the facts a search must set are then the inputs, and the
derived fact stands for nothing more. The search once went on taking the derived fact in and handing it back for
its inputs, forever."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.loader import load_pack
from solver.space.check import check_pack
from solver.space.diff import diff_packs
from solver.space.search import frontier

PACK = """\
pack: tied
facts:
  a: {type: bool, text: the unit advanced}
  n: {type: int, range: [0, 4], default: 2, text: "the range band is {value}"}
  d: {type: int, range: [0, 9], derive: "n + (2 if a else 0)", text: "the reach is {value}"}
quantities:
  q: {kind: pool, base: '6 - n', text: the dice}
modifiers:
  far: {quantity: q, change: -1, when: "n >= 3", text: far away}
constraints:
  tied: {require: "d <= 5", text: no unit reaches past 5}
"""


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    def out_of_time(*_: object) -> None:
        raise TimeoutError("the search never ended")

    before = signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


@pytest.fixture
def pack_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "tied.yaml").write_text(PACK, encoding="utf-8")
    return tmp_path / "tied.yaml"


def test_the_search_sets_the_inputs_the_constraint_reads_through_the_derived_fact(pack_file: Path) -> None:
    pack = load_pack(str(pack_file))
    assert frontier(pack, [pack.modifiers["far"].when]) == ["a", "n"]


def test_check_ends_and_finds_the_rule_alive(pack_file: Path) -> None:
    # a = true, n = 4 derives a reach of 6, which the constraint forbids: that is all there is to say
    assert [f.key for f in check_pack(load_pack(str(pack_file)))] == ["contradictory_derivation.tied"]


def test_a_refusal_worded_otherwise_is_no_ruling_changed(pack_file: Path) -> None:
    # the same constraint said otherwise: a = true, n = 4 breaks it in both packs, so neither has a ruling there,
    # whatever the refusal says
    after = pack_file.with_name("after.yaml")
    after.write_text(PACK.replace('"d <= 5", text: no unit reaches past 5', '"d < 6", text: reach is at most 5'),
                     encoding="utf-8")
    result = diff_packs(load_pack(str(pack_file)), load_pack(str(after)))
    assert (result.changes, result.exhaustive) == ((), True)
