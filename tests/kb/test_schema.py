"""One schema for the files: every pack and docs example fits it, and what it accepts the loader reads."""

from __future__ import annotations

import copy
import re
import textwrap
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.document import Document, read_document, read_yaml
from kb.errors import PackError, RulingsError
from kb.loader import _strict_validator, build_pack, load_pack, schema
from solver.situation import KEYS as SITUATION_KEYS

ROOT = Path(__file__).resolve().parents[2]
PACK_FILES = sorted(
    [*(ROOT / "kb" / "packs").glob("*.yaml"), *(ROOT / "docs" / "examples").rglob("*.yaml"),
     *(Path(__file__).parent / "packs").glob("*.yaml"), *(Path(__file__).parent / "folder_pack").glob("*.yaml")]
)
"""Pack files only: situations beside them are not packs."""


def _is_pack(file: Path) -> bool:
    """A pack file, not a situation (one whose keys are all a situation's)."""
    data = read_document(file).data
    return isinstance(data, dict) and not set(data) <= set(SITUATION_KEYS)


PACKS = [f for f in PACK_FILES if _is_pack(f)]


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("file", PACKS, ids=[str(f.relative_to(ROOT)) for f in PACKS])
def test_every_pack_and_docs_example_fits_the_schema_an_editor_sees(file: Path) -> None:
    """A plain Draft 2020-12 validator, as an editor's YAML support runs it on `rulings schema`."""
    errors = list(jsonschema.Draft202012Validator(schema()).iter_errors(read_document(file).data))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def test_a_pack_may_declare_its_schema(tmp_path: Path) -> None:
    text = (ROOT / "kb" / "packs" / "fantasy.yaml").read_text(encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("$schema: ./rulings-pack.schema.json\n" + text, encoding="utf-8")
    assert set(load_pack(str(tmp_path / "mine.yaml")).quantities) == {"to_hit"}
    assert schema()["properties"]["$schema"]["type"] == "string"


def test_examples_situation_and_expect_keys_are_all_listed() -> None:
    """The schema's situation keys are the ones a situation file takes (solver/situation.py)."""
    from solver.situation import KEYS

    assert set(schema()["$defs"]["situation"]["properties"]) == set(KEYS)
    assert set(schema()["$defs"]["group"]["properties"]) == set(KEYS) - {"groups"} | {"name"}
    expect = set(schema()["$defs"]["expect"]["properties"])
    spec_keys = {"value", "display", "applied", "suppressed", "ignored", "clamped", "modifier", "probability",
                 "impossible", "automatic", "then", "cases", "readings", "groups", "assumptions"}
    assert spec_keys <= expect and {"clamped_only", "readings_default", "exit", "error_contains"} <= expect


# -- what the schema accepts, the loader reads: mutants of a real pack -----------------

BASE = read_document(ROOT / "kb" / "packs" / "fantasy.yaml").data
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False, allow_infinity=False, width=16)
    | st.sampled_from(["", "x", "7 - shooter.bs", "shooter.moved", "score", "exclusive", "-1", "to_hit", "1..3"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["kind", "when", "x", "source"]),
                                                                inner, max_size=3),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


PATHS = _paths(BASE)


@settings(max_examples=60, deadline=None)
@given(where=st.sampled_from(PATHS), value=json_values)
def test_a_mutant_the_schema_accepts_loads_or_fails_with_located_errors(where: tuple[Any, ...], value: Any) -> None:
    data = copy.deepcopy(BASE)
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    parent[where[-1]] = value
    try:  # any other exception fails the test: the loader never crashes on what it is given
        build_pack([Document("mutant.yaml", data)], "mutant")
    except PackError as e:
        assert e.problems and all(str(p).startswith("mutant.yaml:") for p in e.problems), str(e)


def test_a_decimal_range_is_refused_by_the_loader_as_json_schema_cannot() -> None:
    """JSON Schema reads 1.0 as the integer 1 (Draft 2020-12: a number with a zero fractional part), so an
    editor cannot flag `range: [1.0, 10.0]`; the loader's own check of the same schema keeps YAML's float."""
    data = copy.deepcopy(BASE)
    data["facts"]["shooter.bs"]["range"] = [1.0, 10.0]
    assert not list(jsonschema.Draft202012Validator(schema()).iter_errors(data))
    with pytest.raises(PackError) as err:
        build_pack([Document("mutant.yaml", data)], "mutant")
    assert [p.message for p in err.value.problems] == [
        "facts.shooter.bs.range.0: expected integer, got 1.0", "facts.shooter.bs.range.1: expected integer, got 10.0"]


# -- every pack file in the repository, and every YAML block the docs show ------------

EVERY_YAML = sorted(
    f for tree in ("kb/packs", "docs", "tests") for f in (ROOT / tree).rglob("*.yaml")
    if "corpus" not in f.relative_to(ROOT).parts  # the files broken on purpose (tests/kb/broken) are in
)


def _pack_like(file: Path) -> bool:
    try:
        data = read_document(file).data
    except RulingsError:  # a file that does not read is not a pack this test can judge
        return False
    sections = set(schema()["properties"])
    return isinstance(data, dict) and bool(data) and set(data) <= sections and _is_pack(file)


EVERY_PACK = [f for f in EVERY_YAML if _pack_like(f)]


def test_every_pack_file_is_found() -> None:
    names = {str(f.relative_to(ROOT)) for f in EVERY_PACK}
    assert {"kb/packs/wh40k.yaml", "docs/tutorial/longbow.yaml", "tests/solver/check_packs/clean.yaml",
            "tests/kb/broken/wrong_type.yaml"} <= names  # one the schema refuses, so the loader's refusal is checked
    assert len(EVERY_PACK) >= 35


@pytest.mark.parametrize("file", EVERY_PACK, ids=[str(f.relative_to(ROOT)) for f in EVERY_PACK])
def test_a_pack_file_the_schema_refuses_the_loader_refuses(file: Path) -> None:
    """Every pack, overlay and pack part in the repository: the schema an editor sees never refuses a file
    that loads (the files in tests/ that are broken on purpose are refused by both)."""
    doc = read_document(file)
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in jsonschema.Draft202012Validator(schema()).iter_errors(doc.data)]
    if errors:  # refused where the file is wrong: a message that names the file, line and column
        with pytest.raises(PackError, match=rf"^{re.escape(str(doc.path))}:\d+:\d+: "):
            build_pack([doc], file.stem)


def _doc_blocks() -> list[tuple[str, str]]:
    """(page:line, text) of each top-level entry of each YAML block in README.md and docs/*.md.

    A block may be a fragment (`cite: ...` as a quantity has it, indented as in a pack); a block cut
    from a file it names (`# docs/tutorial/longbow.yaml`) is checked with that file instead.
    """
    out = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        lines = page.read_text(encoding="utf-8").splitlines()
        start = None
        for i, line in enumerate(lines):
            if line == "```yaml":
                start = i + 1
            elif line == "```" and start is not None:
                block, start = textwrap.dedent("\n".join(lines[start:i])).splitlines(), None
                if block[0].startswith("# docs/"):
                    continue
                tops = [j for j, b in enumerate(block) if b[:1] not in ("", " ", "#", "-")] or [0]  # a list: one
                for j, end in zip(tops, [*tops[1:], len(block)], strict=True):
                    out.append((f"{page.name}:{i - len(block) + j + 1}", "\n".join(block[j:end])))
    return out


DOC_BLOCKS = _doc_blocks()


def _fragment_schema(key: str) -> dict[str, Any]:
    """The schema of a top-level key as the docs show it: a pack section, a situation key or a key of an entry."""
    root = schema()
    if key in root["properties"]:
        return root["properties"][key]
    for owner in ("situation", "example", "quantity", "modifier", "policy", "fact", "reading"):
        if key in root["$defs"][owner]["properties"]:
            return root["$defs"][owner]["properties"][key]
    raise AssertionError(f"the docs show a key no part of the schema has: {key!r}")


@pytest.mark.parametrize(("where", "text"), DOC_BLOCKS, ids=[w for w, _ in DOC_BLOCKS])
def test_every_yaml_block_in_the_docs_fits_the_schema(where: str, text: str) -> None:
    data = read_yaml(text, where).data
    if isinstance(data, list):  # an example, as an entry of `examples`
        key, value = "examples", data
    else:
        ((key, value),) = data.items()
    fragment = {**_fragment_schema(key), "$defs": schema()["$defs"]}
    errors = list(_strict_validator()(fragment).iter_errors(value))
    assert not errors, [f"{where}: {key}.{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]


def test_the_docs_yaml_blocks_are_found() -> None:
    assert len(DOC_BLOCKS) >= 30 and any(w.startswith("pack-format.md:") for w, _ in DOC_BLOCKS)


def test_the_expect_reference_lists_every_key_the_schema_takes() -> None:
    """docs/pack-format.md's table of `expect` keys and the schema's list are the same keys."""
    page = (ROOT / "docs" / "pack-format.md").read_text(encoding="utf-8")
    section = page.split("### `examples`", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    documented = {key for row in rows for key in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    documented |= set(re.findall(r"`([a-z_]+)`: ", section))  # keys named inside a row: `clamped_only`: exactly these
    missing = set(schema()["$defs"]["expect"]["properties"]) - documented
    assert not missing, f"document these expect keys in docs/pack-format.md's table: {sorted(missing)}"
    assert documented <= set(schema()["$defs"]["expect"]["properties"]), documented - set(
        schema()["$defs"]["expect"]["properties"])
