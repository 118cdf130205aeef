"""`rulings new NAME`, checked where mutation testing found nothing watching (`python tools/mutate.py
rulings/starter.py`).

docs/commands.md: `rulings new NAME` writes NAME.yaml (a name ending .yaml or .yml is the file's name), never over
an existing file; a pack name starts with a letter and holds letters, digits, _ and -.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from kb.errors import RulingsError
from kb.loader import load_pack
from rulings.examples import run_examples
from rulings.starter import NAME, run_new, starter_pack


def new(name: str) -> int:
    return run_new(argparse.Namespace(name=name))


def refusal(name: str) -> RulingsError:
    with pytest.raises(RulingsError) as caught:
        new(name)
    return caught.value


def test_the_text_names_the_pack_and_the_path_to_test_it_by() -> None:
    lines = starter_pack("archery", "'my dir/archery.yaml'").splitlines()
    assert lines[0] == "# The `archery` rule pack, started by `rulings new archery`."
    assert "#   rulings test 'my dir/archery.yaml'            (the examples at the end still give what they expect)" \
        in lines
    assert "#   rulings check 'my dir/archery.yaml' --strict  (no dead, clashing or redundant rules)" in lines
    assert lines[5:7] == ["pack: archery", "title: archery -- shooting, roll to hit"]


@pytest.mark.parametrize(("given", "file", "name"), [
    ("archery", "archery.yaml", "archery"), ("archery.yaml", "archery.yaml", "archery"),
    ("bows.yml", "bows.yml", "bows"), ("Long-bow_2", "Long-bow_2.yaml", "Long-bow_2"),
])
def test_new_writes_name_yaml_or_the_file_named(given: str, file: str, name: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert new(given) == 0
    assert [p.name for p in tmp_path.iterdir()] == [file]
    assert (tmp_path / file).read_text(encoding="utf-8") == starter_pack(name, file)
    assert capsys.readouterr().out == (f"wrote {file}: a starter pack with one example\n"
                                       f"next: rulings test {file}   then   rulings check {file} --strict\n")
    pack = load_pack(file)
    assert pack.name == name and [r.problems for r in run_examples(pack)] == [[]]


def test_a_path_with_a_space_is_quoted_for_the_shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my dir").mkdir()
    assert new("my dir/archery") == 0
    assert (tmp_path / "my dir" / "archery.yaml").read_text(encoding="utf-8") == starter_pack(
        "archery", "'my dir/archery.yaml'")
    assert capsys.readouterr().out == ("wrote my dir/archery.yaml: a starter pack with one example\n"
                                       "next: rulings test 'my dir/archery.yaml'   then   "
                                       "rulings check 'my dir/archery.yaml' --strict\n")


@pytest.mark.parametrize(("given", "name"), [
    ("2nd", "2nd"), ("bad!", "bad!"), ("my.pack.yaml", "my.pack"), ("_x", "_x"), ("a b", "a b"), ("x.txt", "x"),
])
def test_a_name_that_cannot_name_a_pack_is_refused(given: str, name: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    if given == "x.txt":  # not a pack file's name: x.txt.yaml, whose pack would be x.txt
        name = "x.txt"
    e = refusal(given)
    assert e.message == f"{name!r} cannot name a pack"
    assert e.hint == "a pack name starts with a letter and holds letters, digits, _ and - (e.g. archery)"
    assert list(tmp_path.iterdir()) == []


def test_the_pack_name_pattern() -> None:
    assert NAME.fullmatch("a-b_9") and not NAME.fullmatch("9a") and not NAME.fullmatch("a.b")


def test_an_existing_file_is_never_written_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "archery.yaml").write_text("mine\n", encoding="utf-8")
    e = refusal("archery")
    assert e.message == "archery.yaml already exists; rulings new never writes over a file"
    assert e.hint == "give another NAME, or move the file away first"
    assert (tmp_path / "archery.yaml").read_text(encoding="utf-8") == "mine\n"
    assert capsys.readouterr().out == ""


def test_a_file_that_cannot_be_written_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    e = refusal("nowhere/archery")
    assert e.message == "cannot write nowhere/archery.yaml: No such file or directory"
    assert e.hint == "is the folder there, and can you write to it?"
    assert capsys.readouterr().out == ""


def test_the_pack_is_written_in_utf_8_whatever_the_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A pack is read as UTF-8: a starter pack in a folder named in other letters is written so under a Latin-1
    locale too (the locale's encoding is what `open` takes when told none)."""
    import io

    real = io.text_encoding
    monkeypatch.setattr(io, "text_encoding", lambda encoding, *rest: real(encoding or "latin-1", *rest))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "règles").mkdir()
    assert new("règles/archery") == 0
    text = (tmp_path / "règles" / "archery.yaml").read_bytes().decode("utf-8")
    assert text == starter_pack("archery", "'règles/archery.yaml'")  # shlex quotes other letters
    assert load_pack("règles/archery.yaml").name == "archery"
