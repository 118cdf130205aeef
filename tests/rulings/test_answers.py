"""A plain `rulings ask` asked before is answered from the answers kept, with nothing of the engine imported, and
never where anything its answer depends on has changed (rulings/answers.py, rulings/start.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.errors import RulingsError
from kb.locate import pack_files
from rulings import answers
from rulings.cli import main

ROOT = Path(__file__).resolve().parents[2]
ASK = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=3", "--given", "shooter.moved=true"]
PROBE = """
import sys
sys.argv = ["rulings", *sys.argv[1:]]
from rulings.start import main
code = main()
engine = sorted(m for m in sys.modules if m.split(".")[0] in ("solver", "explain") or m in ("kb.model", "kb.loader"))
print("ENGINE:", ",".join(engine), file=sys.stderr)
sys.exit(code)
"""


def start(words: list[str], cache: Path, cwd: Path = ROOT, **env: str) -> tuple[int, str, list[str]]:
    """`rulings WORDS` in a fresh process (the command's own entry, `rulings.start`): exit code, output, and the
    engine's modules it imported."""
    environment = {**os.environ, "RULINGS_CACHE": str(cache), "PYTHONPATH": str(ROOT), **env}
    if environment.get(answers.MUTANT) == "stats":  # mutation testing's first pass: a child cannot report to it,
        environment["MUTMUT_DEPENDENCY_DEPTH"] = "0"  # so it runs the code as written without reporting
    done = subprocess.run([sys.executable, "-c", PROBE, *words], capture_output=True, text=True, check=False,
                          cwd=cwd, env=environment)
    engine = [line for line in done.stderr.splitlines() if line.startswith("ENGINE:")]
    assert len(engine) == 1, done.stderr
    return done.returncode, done.stdout, [m for m in engine[0].removeprefix("ENGINE:").strip().split(",") if m]


def test_a_question_asked_again_is_answered_the_same_without_the_engine(tmp_path: Path) -> None:
    first = start(ASK, tmp_path)
    again = start(ASK, tmp_path)
    assert first[0] == again[0] == 0
    assert "solver.ask" in first[2] and "kb.model" in first[2]
    assert again[2] == []
    assert again[1] == first[1]
    assert first[1].startswith("The score needed to hit on a D6: 5+ (chance 1/3)\n  + -1 moved:")


@pytest.mark.parametrize("shown", ["text", "json", "markdown"])
def test_the_kept_answer_is_what_the_engine_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch, shown: str) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    words = [*ASK, "--format", shown]
    assert answers.recall(words) is None
    assert main(words) == 0
    printed = capsys.readouterr().out
    assert answers.recall(words) == printed
    assert start(words, tmp_path)[1:] == (printed, [])


def test_a_question_that_fails_is_never_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    words = ["ask", "fantasy", "to_hit", "--given", "shooter.bs=99"]
    assert main(words) == 2
    assert answers.recall(words) is None
    assert not (tmp_path / "answers").exists()


def test_only_a_plain_ask_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--full` is read by argparse, not the plain reader: its answer is not kept (nor asked for)."""
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    assert main([*ASK, "--full"]) == 0
    assert not (tmp_path / "answers").exists()


def copy_pack(folder: Path) -> Path:
    pack = folder / "mine.yaml"
    shutil.copy(pack_files("fantasy")[0], pack)
    return pack


def test_a_changed_pack_file_is_asked_afresh_even_with_its_size_and_time_kept(tmp_path: Path) -> None:
    pack = copy_pack(tmp_path)
    words = ["ask", str(pack), "to_hit", "--given", "shooter.bs=3"]
    code, before, _ = start(words, tmp_path / "cache")
    assert code == 0 and before.startswith("The score needed to hit on a D6: 4+")
    info = pack.stat()
    text = pack.read_text(encoding="utf-8")
    assert "base: 7 - shooter.bs" in text
    pack.write_text(text.replace("base: 7 - shooter.bs", "base: 8 - shooter.bs"), encoding="utf-8")
    os.utime(pack, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert pack.stat().st_size == info.st_size
    code, after, engine = start(words, tmp_path / "cache")
    assert code == 0 and after.startswith("The score needed to hit on a D6: 5+")
    assert "solver.ask" in engine


def test_the_same_words_in_another_folder_are_asked_afresh(tmp_path: Path) -> None:
    """A relative pack path names another file in another folder."""
    for name, base in (("a", "7"), ("b", "8")):
        (tmp_path / name).mkdir()
        pack = copy_pack(tmp_path / name)
        pack.write_text(pack.read_text(encoding="utf-8").replace("base: 7 - shooter.bs", f"base: {base} - shooter.bs"),
                        encoding="utf-8")
    words = ["ask", "mine.yaml", "to_hit", "--given", "shooter.bs=3"]
    assert start(words, tmp_path / "cache", cwd=tmp_path / "a")[1].startswith("The score needed to hit on a D6: 4+")
    assert start(words, tmp_path / "cache", cwd=tmp_path / "b")[1].startswith("The score needed to hit on a D6: 5+")


def test_a_file_that_shadows_a_built_in_name_is_the_pack_read(tmp_path: Path) -> None:
    shutil.copy(pack_files("skirmish")[0], tmp_path / "fantasy")
    assert answers._pack_file("fantasy") == str(pack_files("fantasy")[0])
    os.chdir(tmp_path)
    try:
        assert answers._pack_file("fantasy") == "fantasy"
    finally:
        os.chdir(ROOT)


@pytest.mark.parametrize("name", ["fantasy", "wh40k", "nonesuch", "", " ", "a\0b", "x" * 5000, "tests/kb/folder_pack",
                                  "tests/kb/folder_pack/", "kb/packs/skirmish.yaml", "kb/packs/none.yaml", "kb/packs",
                                  "/dev/null", "README.md", "fantasy.yaml", "./fantasy"])
def test_the_pack_file_is_the_one_file_the_loader_reads_or_none(name: str) -> None:
    """Where the loader reads one regular file, that file; where it reads a folder or refuses the name, None (the
    engine words the refusal)."""
    os.chdir(ROOT)
    try:
        files = pack_files(name)
    except RulingsError:
        files = None
    found = answers._pack_file(name)
    if files is not None and len(files) == 1 and not Path(name).is_dir() and files[0].is_file():
        assert found is not None and Path(found).resolve() == files[0].resolve()
    else:
        assert found is None


def test_what_the_answer_depends_on_is_in_its_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(answers.MUTANT, raising=False)
    key = answers._key(ASK)
    assert key is not None
    assert answers._key(ASK) == key
    assert answers._key([*ASK, "--format", "json"]) != key
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "5000000")  # above the pack's size: the pack is read either way
    assert answers._key(ASK) not in (None, key)
    monkeypatch.delenv("RULINGS_MAX_FILE_BYTES")
    monkeypatch.setenv("RULINGS_ANYTHING_NEW", "1")  # any of Rulings' own variables
    assert answers._key(ASK) not in (None, key)
    monkeypatch.delenv("RULINGS_ANYTHING_NEW")
    monkeypatch.setenv("NOT_RULINGS_AT_ALL", "1")  # another program's: the same answer
    assert answers._key(ASK) == key
    monkeypatch.delenv("NOT_RULINGS_AT_ALL")
    monkeypatch.setattr(answers, "_code_stamp", lambda: [("kb/expr.py", 1, 2)])
    assert answers._key(ASK) not in (None, key)
    monkeypatch.undo()
    monkeypatch.delenv(answers.MUTANT, raising=False)
    monkeypatch.chdir(tmp_path)
    assert answers._key(ASK) not in (None, key)
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv(answers.MUTANT, "solver.ask.x_ask__mutmut_1")
    assert answers._key(ASK) != key
    monkeypatch.delenv(answers.MUTANT)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert answers._key(ASK) != key
    monkeypatch.undo()
    monkeypatch.delenv(answers.MUTANT, raising=False)
    assert answers._key(ASK) == key
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    assert answers._key(ASK) != key
    monkeypatch.undo()
    monkeypatch.setattr(sys, "executable", sys.executable + "-other")
    assert answers._key(ASK) != key


def test_changed_code_is_asked_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for package in answers.PACKAGES:
        (tmp_path / package).mkdir(parents=True)
        (tmp_path / package / "a.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "kb" / "notes.txt").write_text("not code\n", encoding="utf-8")
    monkeypatch.setattr(answers, "ROOT", str(tmp_path))
    stamp = answers._code_stamp()
    assert len(stamp) == len(answers.PACKAGES)
    (tmp_path / "kb" / "notes.txt").write_text("still not code\n", encoding="utf-8")
    assert answers._code_stamp() == stamp
    (tmp_path / "solver" / "space" / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert answers._code_stamp() != stamp
    stamp = answers._code_stamp()
    (tmp_path / "kb" / "schema.json").write_text("{}", encoding="utf-8")
    assert answers._code_stamp() != stamp


def test_an_answer_another_user_could_have_written_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    answers.keep(ASK, "kept\n")
    assert answers.recall(ASK) == "kept\n"
    (kept,) = (tmp_path / "answers").iterdir()
    kept.chmod(0o622)
    assert answers.recall(ASK) is None
    kept.chmod(0o600)
    (tmp_path / "answers").chmod(0o777)
    assert answers.recall(ASK) is None
    answers.keep(ASK, "other\n")
    (tmp_path / "answers").chmod(0o700)
    assert answers.recall(ASK) == "kept\n"


def test_a_broken_or_foreign_answer_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    answers.keep(ASK, "kept\n")
    (kept,) = (tmp_path / "answers").iterdir()
    kept.write_bytes(b"\x00garbage")
    assert answers.recall(ASK) is None
    import marshal

    kept.write_bytes(marshal.dumps(("another key", "kept\n")))
    assert answers.recall(ASK) is None
    kept.write_bytes(marshal.dumps((answers._key(ASK), 3)))
    assert answers.recall(ASK) is None
    kept.write_bytes(marshal.dumps((answers._key(ASK), "right\n")))
    assert answers.recall(ASK) == "right\n"


def test_a_full_folder_is_emptied_before_one_more_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    monkeypatch.setattr(answers, "MOST", 3)
    for bs in range(1, 4):
        answers.keep(["ask", "fantasy", "to_hit", "--given", f"shooter.bs={bs}"], f"{bs}\n")
    assert len(list((tmp_path / "answers").iterdir())) == 3
    answers.keep(ASK, "fourth\n")
    assert len(list((tmp_path / "answers").iterdir())) == 1
    assert answers.recall(ASK) == "fourth\n"


def test_no_answer_is_kept_where_the_cache_cannot_be_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", os.devnull + "/nowhere")
    answers.keep(ASK, "kept\n")
    assert answers.recall(ASK) is None


def test_a_question_about_a_pack_folder_is_not_kept(tmp_path: Path) -> None:
    assert answers._key(["ask", "tests/kb/folder_pack", "q"]) is None
    assert answers._key(["ask", "fantasy"]) is None
    assert answers._key(["why-not", "fantasy", "to_hit"]) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(), max_size=30), min_size=3, max_size=6))
def test_any_words_are_kept_and_recalled_as_they_are_or_passed_over(words: list[str]) -> None:
    """Hostile words (NUL, lone surrogates, paths that are folders or devices) never make the first step fail."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        before = os.environ.get("RULINGS_CACHE")
        os.environ["RULINGS_CACHE"] = folder
        try:
            asked = ["ask", *words]
            answers.keep(asked, "kept\n")
            assert answers.recall(asked) == ("kept\n" if answers._key(asked) is not None else None)
        finally:
            if before is None:
                del os.environ["RULINGS_CACHE"]
            else:
                os.environ["RULINGS_CACHE"] = before


def test_the_first_step_answers_a_plain_ask_asked_before_and_hands_on_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import rulings.cli
    from rulings import start

    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    handed: list[list[str]] = []
    real = rulings.cli.main

    def cli(words: list[str]) -> int:
        handed.append(words)
        return real(words)

    monkeypatch.setattr(rulings.cli, "main", cli)
    monkeypatch.setattr(sys, "argv", ["rulings", *ASK])
    assert start.main() == 0
    first = capsys.readouterr().out
    assert handed == [ASK]  # not asked before: the engine answers
    assert start.main() == 0
    assert capsys.readouterr().out == first and handed == [ASK]  # asked before: answered here
    monkeypatch.setattr(sys, "argv", ["rulings", "packs"])
    assert start.main() == 0
    assert handed == [ASK, ["packs"]] and "fantasy" in capsys.readouterr().out


def test_a_kept_answer_to_a_closed_pipe_ends_quietly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings import start

    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    answers.keep(ASK, "kept\n")

    class Closed:
        def write(self, text: str) -> int:
            raise BrokenPipeError

        def flush(self) -> None:
            raise BrokenPipeError

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdout", Closed())
    monkeypatch.setattr(sys, "argv", ["rulings", *ASK])
    assert start.main() == 0


def test_a_plain_ask_of_no_facts_is_kept_too(tmp_path: Path) -> None:
    words = ["ask", "fantasy", "to_hit"]
    first = start(words, tmp_path)
    assert first[0] == 0 and "solver.ask" in first[2]
    assert start(words, tmp_path) == (first[0], first[1], [])


def test_a_pack_file_anyone_may_run_is_kept_like_any_regular_file(tmp_path: Path) -> None:
    pack = copy_pack(tmp_path)
    pack.chmod(0o755)
    assert answers._key(["ask", str(pack), "to_hit"]) is not None


def test_words_the_terminal_could_not_decode_are_kept_and_recalled(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Python gives undecodable bytes of the command line as lone surrogates ('\\udcff')."""
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    words = [*ASK, "--given", "shooter.name=\udcff"]
    answers.keep(words, "kept\n")
    assert answers.recall(words) == "kept\n"
    assert answers.recall([*ASK, "--given", "shooter.name=\udcfe"]) is None


def test_the_answers_folder_and_files_are_the_users_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    answers.keep(ASK, "kept\n")
    assert oct((tmp_path / "answers").stat().st_mode & 0o777) == "0o700"
    (kept,) = (tmp_path / "answers").iterdir()
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
