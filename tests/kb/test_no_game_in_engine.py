"""The engine holds no game: no sentence of a rule text is written into Rulings' own code.

Every sentence a ruling prints comes from its pack (a note, a fact's text, a
citation) or is the engine's own neutral wording. So no string literal of the
engine's Python code (`kb/`, `solver/`, `explain/`, `rulings/`), and no text
of the schema it ships, may hold a run of six or more consecutive words of a
sentence of any rule text Rulings knows: the seeds (`seeds/*.txt` beside
SPEC.md, where that folder is at hand) and the `sources` every pack in the
repository quotes (the built-in packs' and the documentation's example
games'). Docstrings are documentation for engineers and may quote the rules
they implement; what a player reads may not. A pack that declares no notes of
its own gets none of another game's.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
ENGINE = ("kb", "solver", "explain", "rulings")
RUN = 6
"""How many consecutive words of a rule sentence make a quotation."""
SEEDS = Path(os.environ.get("RULINGS_SEEDS", ROOT.parent / "shared" / "seeds"))
"""The seed rule texts (SPEC.md's `seeds/`, beside the checkout as the CI script finds the shared conformance
cases), when they are at hand; the packs' sources quote them in any case."""


def words(text: str) -> list[str]:
    """A text's words as a quotation is matched: lowercase, typographic quotes and dashes plain, punctuation gone.

    >>> words("Roll a D6 \u2013 it\u2019s a hit!")
    ['roll', 'a', 'd6', "it's", 'a', 'hit']
    """
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", " "), ("–", " ")):
        text = text.replace(a, b)
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)*", text.lower())


def sentences(text: str) -> Iterator[str]:
    """A rule text's sentences (and list items, and headings), each on its own."""
    for line in text.splitlines():
        yield from (s for s in re.split(r"(?<=[.!?:;])\s+", line) if s.strip())


def _source_texts() -> Iterator[tuple[str, str]]:
    """Every rule text: the seeds, and each pack's source paragraphs, with where it comes from."""
    if SEEDS.is_dir():
        for seed in sorted(SEEDS.glob("*.txt")):
            yield f"seeds/{seed.name}", seed.read_text(encoding="utf-8")
    for pack in sorted([*(ROOT / "kb" / "packs").rglob("*.yaml"), *(ROOT / "docs").rglob("*.yaml")]):
        try:
            data = yaml.safe_load(pack.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue  # not for this test to judge
        sources = data.get("sources") if isinstance(data, dict) else None
        for name, source in (sources or {}).items():
            paragraphs = source.get("paragraphs") if isinstance(source, dict) else None
            for key, paragraph in (paragraphs or {}).items():
                yield f"{pack.relative_to(ROOT)} {name} ¶{key}", str(paragraph)


def quotations() -> dict[tuple[str, ...], tuple[str, str]]:
    """Every run of `RUN` words of every rule sentence, with the sentence and where it is written."""
    runs: dict[tuple[str, ...], tuple[str, str]] = {}
    for where, text in _source_texts():
        for sentence in sentences(text):
            said = words(sentence)
            for i in range(len(said) - RUN + 1):
                runs.setdefault(tuple(said[i:i + RUN]), (sentence.strip(), where))
    return runs


def engine_strings() -> Iterator[tuple[str, str]]:
    """Every string literal of the engine's Python code but docstrings, and every text of its schema, with where."""
    for package in ENGINE:
        for file in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(file.read_text(encoding="utf-8"))
            documentation = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and \
                        node.body and isinstance(node.body[0], ast.Expr) and \
                        isinstance(node.body[0].value, ast.Constant):
                    documentation.add(id(node.body[0].value))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
                    yield f"{file.relative_to(ROOT)}:{node.lineno}", node.value
    schema = ROOT / "kb" / "schema.json"

    def texts(value: object, path: str) -> Iterator[tuple[str, str]]:
        if isinstance(value, str):
            yield f"{schema.relative_to(ROOT)} {path}", value
        elif isinstance(value, dict):
            for key, inner in value.items():
                yield from texts(inner, f"{path}/{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                yield from texts(inner, f"{path}/{i}")

    yield from texts(json.loads(schema.read_text(encoding="utf-8")), "")


def quoted_in(text: str, runs: dict[tuple[str, ...], tuple[str, str]]) -> tuple[str, tuple[str, str]] | None:
    """The first run of rule words `text` holds, with the sentence it quotes, or None."""
    said = words(text)
    for i in range(len(said) - RUN + 1):
        run = tuple(said[i:i + RUN])
        if run in runs:
            return " ".join(run), runs[run]
    return None


def test_the_rule_texts_are_found() -> None:
    """The scan reads the rule texts it guards: the built-in packs quote their seeds, so it can never pass by
    reading nothing."""
    runs = quotations()
    assert tuple(words("Hit rolls and wound rolls can never")[:RUN]) in runs  # wh40k's pack quotes its seed
    assert tuple(words("soft and hard cover never stack")[:RUN - 1]) in {run[:RUN - 1] for run in runs}  # fantasy's
    assert quoted_in("the rules say: Hit rolls and wound rolls can never be modified by much", runs) is not None
    assert quoted_in("a roll can be modified above its highest result", runs) is None


def test_the_engine_quotes_no_rule_text() -> None:
    """No string the engine prints holds six consecutive words of a rule sentence: a game's words are its pack's
    (a `random` note, a fact's text, a citation), never the engine's."""
    runs = quotations()
    found = []
    for where, text in engine_strings():
        hit = quoted_in(text, runs)
        if hit is not None:
            run, (sentence, source) = hit
            found.append(f"{where}: {run!r} quotes {source}: {sentence!r}")
    assert not found, "the engine holds rule text:\n" + "\n".join(found)


def test_the_engine_names_no_packs_assumption() -> None:
    """The engine relies on a decision a pack declares (`for: set_ends`), never on the id a game gave it: no string
    the engine holds is an assumption id of a pack in the repository."""
    ids = set()
    for pack in [*(ROOT / "kb" / "packs").glob("*.yaml"), *(ROOT / "docs" / "examples").rglob("*.yaml")]:
        data = yaml.safe_load(pack.read_text(encoding="utf-8"))
        ids |= set((data.get("assumptions") or {}) if isinstance(data, dict) else ())
    assert {"set_to_zero_is_final", "fractions_of_x_plus", "reroll_choice", "timing"} <= ids
    found = [f"{where}: {text!r}" for where, text in engine_strings() if text in ids]
    assert not found, "the engine names a pack's assumption:\n" + "\n".join(found)


PLAIN = """\
pack: plain
facts:
  f.a: {type: bool, text: the unit moved}
quantities:
  D: {kind: characteristic, characteristic: number, text: the damage, weapons: true, effects: true}
  A: {kind: characteristic, characteristic: number, text: the attacks, effects: true}
  roll: {kind: roll, dice: D6, text: a roll, effects: true}
modifiers:
  moved: {quantity: [D, roll], change: -1, when: f.a}
policies:
  cap: {kind: cap, quantity: roll, of: worsenings, min: -1}
"""


@pytest.mark.parametrize(("quantity", "situation"), [
    ("D", {"base": "D6+1", "effects": ["x2", "+1"]}),
    ("D", {"base": "2D6", "weapons": 2, "given": {"f.a": True}}),
    ("A", {"base": "D3", "effects": ["=0", "+1"]}),
    ("roll", {"roll": 6, "effects": ["+2", "-3"], "reroll": "ones", "target": 4, "given": {"f.a": True}}),
    ("roll", {"effects": ["-1"], "reroll": ["ones", "failed"], "target": 3}),
])
def test_a_pack_that_declares_nothing_gets_only_neutral_words(tmp_path: Path, quantity: str,
                                                              situation: dict[str, object]) -> None:
    """A pack without `random` notes or `arithmetic` hears nothing of another game: no sentence of any rule text
    in its rulings (the issue's "Other Random Characteristics: ..." printed for a pack that never wrote it)."""
    from explain.json import ruling_json
    from explain.text import render_text
    from kb.loader import load_pack
    from solver.ask import ask
    from solver.situation import read_situation

    path = tmp_path / "plain.yaml"
    path.write_text(PLAIN, encoding="utf-8")
    pack = load_pack(str(path))
    ruling = ask(pack, quantity, read_situation(yaml.safe_dump(situation), "s.yaml", pack))
    runs = quotations()
    said = json.dumps(ruling_json(ruling)) + "\n" + render_text(ruling, pack=pack)
    assert quoted_in(said, runs) is None, quoted_in(said, runs)
