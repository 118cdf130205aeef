"""Lookup tables: `{table: FACT, rows: {KEY: VALUE}, default: VALUE}` wherever an expression goes."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.document import Document
from kb.expr import UNKNOWN, evaluate
from kb.loader import build_pack
from kb.model import Pack

VALUES = ("green", "regular", "veteran", "elite")


def _pack(derive: dict[str, Any]) -> Pack:
    data = {
        "pack": "tables",
        "facts": {
            "s.exp": {"type": "enum", "values": list(VALUES)},
            "w.range": {"type": "int", "range": [0, 30]},
            "s.moved": {"type": "bool"},
            "t.value": {"type": "int", "range": [-50, 50], "derive": derive},
        },
        "quantities": {"to_hit": {"kind": "score", "base": "t.value"}},
    }
    return build_pack([Document("tables.yaml", data)], "tables")


@st.composite
def enum_tables(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, int]]:
    listed = draw(st.lists(st.sampled_from(VALUES), unique=True, min_size=1))
    rows = {v: draw(st.integers(-9, 9)) for v in listed}
    default = draw(st.integers(-9, 9)) if len(listed) < len(VALUES) or draw(st.booleans()) else None
    table = {"table": "s.exp", "rows": rows, **({"default": default} if default is not None else {})}
    return table, {v: rows.get(v, default) for v in VALUES}  # type: ignore[misc]


@st.composite
def range_tables(draw: st.DrawFn) -> tuple[dict[str, Any], dict[int, int]]:
    cuts = sorted(draw(st.sets(st.integers(1, 30), max_size=5)))
    runs = list(zip([0, *cuts], [c - 1 for c in cuts] + [30], strict=True))
    kept = [r for r in runs if draw(st.booleans())] or runs[:1]
    rows = {(f"{a}" if a == b else f"{a}..{b}"): draw(st.integers(-9, 9)) for a, b in kept}
    covered = kept == runs
    default = None if covered and draw(st.booleans()) else draw(st.integers(-9, 9))
    want = {}
    for v in range(31):
        hit = [value for (a, b), value in zip(kept, rows.values(), strict=True) if a <= v <= b]
        want[v] = hit[0] if hit else default
    return {"table": "w.range", "rows": rows, **({"default": default} if default is not None else {})}, want


@settings(max_examples=40, deadline=None)
@given(case=enum_tables())
def test_an_enum_table_gives_the_row_of_each_value(case: tuple[dict[str, Any], dict[str, int]]) -> None:
    table, want = case
    derive = _pack(table).facts["t.value"].derive
    assert derive is not None
    for value in VALUES:
        assert evaluate(derive, {"s.exp": value}) == want[value]
    assert evaluate(derive, {}) is UNKNOWN or len(set(want.values())) == 1


@settings(max_examples=40, deadline=None)
@given(case=range_tables())
def test_an_int_table_gives_the_row_of_each_value(case: tuple[dict[str, Any], dict[int, int]]) -> None:
    table, want = case
    pack = _pack(table)
    derive = pack.facts["t.value"].derive
    assert derive is not None
    for value in range(31):
        assert evaluate(derive, {"w.range": value}) == want[value], (table, value)
    from solver.space.model import partition  # each row is one class of the search: no value is kept apart

    classes = partition(pack, "w.range").classes
    for runs in classes:
        members = {want[v] for a, b in runs for v in range(a, b + 1)}
        assert len(members) == 1
    uncovered = any(not any(a <= v <= b for a, b in _runs(table)) for v in range(31))
    assert len(classes) == len(table["rows"]) + uncovered  # one class per row, one for the default's values


def _runs(table: dict[str, Any]) -> list[tuple[int, int]]:
    return [(int(k.partition("..")[0]), int(k.partition("..")[2] or k)) for k in table["rows"]]


def test_a_bool_table_and_expressions_as_values() -> None:
    derive = _pack({"table": "s.moved", "rows": {True: "w.range // 2", False: "w.range"}}).facts["t.value"].derive
    assert derive is not None
    assert evaluate(derive, {"s.moved": True, "w.range": 9}) == 4
    assert evaluate(derive, {"s.moved": False, "w.range": 9}) == 9
    assert derive.text == "(w.range // 2) if s.moved else w.range"


def test_an_enum_fact_can_be_derived_by_table_or_conditional() -> None:
    data = {
        "pack": "bands",
        "facts": {
            "w.range": {"type": "int", "range": [0, 48]},
            "w.band": {"type": "enum", "values": ["short", "long"],
                       "derive": {"table": "w.range", "rows": {"0..12": "'short'"}, "default": "'long'"}},
            "w.band2": {"type": "enum", "values": ["short", "long"], "derive": "'short' if w.range <= 12 else 'lng'"},
        },
        "quantities": {"to_hit": {"kind": "score", "base": 4}},
    }
    import pytest

    from kb.errors import PackError

    with pytest.raises(PackError) as err:
        build_pack([Document("bands.yaml", data)], "bands")
    assert [p.message for p in err.value.problems] == [
        "facts.w.band2.derive: 'lng' is not a value of the enum (one of: 'short', 'long')"]
    data["facts"]["w.band2"]["derive"] = "'short' if w.range <= 12 else 'long'"  # type: ignore[index]
    pack = build_pack([Document("bands.yaml", data)], "bands")
    for fact in ("w.band", "w.band2"):
        derive = pack.facts[fact].derive
        assert derive is not None
        assert [evaluate(derive, {"w.range": v}) for v in (0, 12, 13, 48)] == ["short", "short", "long", "long"]


def test_the_table_the_docs_show_loads_and_looks_up() -> None:
    import re
    from pathlib import Path

    import yaml

    page = (Path(__file__).resolve().parents[2] / "docs" / "pack-format.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", page, re.DOTALL) if "table: shooter.experience" in b)
    shown = yaml.safe_load("quantities:\n  to_hit:\n    kind: score\n" + block)
    data = {
        "facts": {"shooter.experience": {"type": "enum", "values": ["green", "regular", "veteran"]},
                  "weapon.range": {"type": "int", "range": [0, 48]}},
        **shown,
    }
    pack = build_pack([Document("shown.yaml", data)], "shown")
    base, per = pack.quantities["to_hit"].base, pack.modifiers["range"].per
    assert base is not None and per is not None
    assert [evaluate(base, {"shooter.experience": v}) for v in ("veteran", "regular", "green")] == [3, 4, 5]
    assert [evaluate(per, {"weapon.range": v}) for v in (0, 12, 13, 24, 25, 48)] == [0, 0, 1, 1, 2, 2]


def test_a_table_reads_as_its_rows_in_a_ruling(capsys: Any) -> None:
    from pathlib import Path

    from rulings.cli import main

    pack = str(Path(__file__).parent / "packs" / "range_table.yaml")
    assert main(["ask", pack, "to_hit", "--given", "weapon.range=30", "--given", "shooter.experience=regular"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The score needed to hit: 6+")
    assert ("  + -2 (-1 per 0 if the range is 0 to 12 inches, otherwise 1 if the range is 13 to 24 inches, "
            "otherwise 2) range: the range is 30 inches (more than 12)\n") in out
    assert main(["ask", pack, "to_hit", "--given", "weapon.range=30", "--given", "shooter.experience=regular",
                 "--full"]) == 0
    full = capsys.readouterr().out
    assert ("  = base 4 = 3 if the shooter's experience is veteran (it is regular), otherwise 4 if the shooter's "
            "experience is regular, otherwise 5\n") in full
    assert "per the range" not in out + full  # the per amount is the table's row, not the range itself


def test_the_profile_the_docs_show_derives_each_characteristic() -> None:
    import re
    from pathlib import Path

    import yaml

    page = (Path(__file__).resolve().parents[2] / "docs" / "pack-format.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", page, re.DOTALL) if "weapon.shots" in b)
    data = {**yaml.safe_load(block), "quantities": {"shots": {"kind": "pool", "base": "weapon.shots"}}}
    pack = build_pack([Document("profile.yaml", data)], "profile")
    ranges, shots = pack.facts["weapon.range"].derive, pack.facts["weapon.shots"].derive
    assert ranges is not None and shots is not None
    got = {w: (evaluate(ranges, {"weapon.name": w}), evaluate(shots, {"weapon.name": w})) for w in ("rifle", "smg",
                                                                                                 "pistol")}
    assert got == {"rifle": (24, 1), "smg": (12, 3), "pistol": (6, 1)}


def test_a_table_on_a_bool_fact_reads_true_and_false_rows_as_written_in_yaml() -> None:
    """ "Rows are keyed by the values of an enum fact, by integers or runs ... or by `true`/`false`" """
    from kb.document import read_yaml

    text = ("pack: rows\nfacts:\n  s.moved: {type: bool}\n"
            "  t.value: {type: int, range: [0, 9], derive: {table: s.moved, rows: {true: 5, false: 3}}}\n"
            "quantities:\n  to_hit: {kind: score, base: t.value}\n")
    pack = build_pack([read_yaml(text, "rows.yaml")], "rows")
    derive = pack.facts["t.value"].derive
    assert derive is not None
    assert [evaluate(derive, {"s.moved": moved}) for moved in (True, False)] == [5, 3]
