"""Finding a pack's files, checked where mutation testing found nothing watching (`python tools/mutate.py
kb/locate.py`).

Each test lays out its own files in a temporary folder, and, where it asks about the built-in packs, puts a folder
of its own in their place: which files a pack is made of is then read off the folder the test made.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import kb.locate
from kb.errors import RulingsError, UnknownName
from kb.locate import builtin_packs, pack_files

SHIPPED = Path(kb.locate.__file__).parent / "packs"


def touch(*paths: Path) -> None:
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("pack: x\n", encoding="utf-8")


@pytest.fixture
def builtin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of built-in packs of the test's own, and a working folder with nothing in it."""
    folder = tmp_path / "builtin"
    folder.mkdir()
    monkeypatch.setattr(kb.locate, "BUILTIN", folder)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return folder


def shown(path: object) -> str:
    """A path as a message shows it: whole up to 120 characters, else its first 59 and last 58 and its length."""
    text = str(path)
    return text if len(text) <= 120 else f"{text[:59]}...{text[-58:]} ({len(text)} characters)"


def refused(name: str) -> RulingsError:
    with pytest.raises(RulingsError) as caught:
        pack_files(name)
    return caught.value


def test_the_shipped_packs_are_the_three_of_the_docs() -> None:
    assert builtin_packs() == ["fantasy", "skirmish", "wh40k"]


def test_a_built_in_pack_is_a_yaml_file_or_a_folder_not_hidden_or_private(builtin: Path) -> None:
    touch(
        builtin / "zeta.yaml",
        builtin / "alpha" / "rules.yaml",
        builtin / "_private.yaml",
        builtin / "notes.txt",
        builtin / "other.yml",
        builtin / ".hidden" / "x.yaml",
        builtin / "__cache__" / "x.yaml",
    )
    assert builtin_packs() == ["alpha", "zeta"]


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_pack_name_is_refused_naming_the_built_in_packs(name: str) -> None:
    error = refused(name)
    assert (error.message, error.hint) == (
        "the pack name is empty",
        "give a built-in pack name (fantasy, skirmish, wh40k) or the path of a pack file or folder",
    )


def test_a_built_in_pack_name_is_its_file() -> None:
    assert pack_files("fantasy") == [SHIPPED / "fantasy.yaml"]


def test_a_built_in_pack_name_is_its_file_before_its_folder(builtin: Path) -> None:
    touch(builtin / "both.yaml", builtin / "both" / "b.yaml", builtin / "only" / "b.yaml", builtin / "only" / "a.yml")
    assert pack_files("both") == [builtin / "both.yaml"]
    assert pack_files("only") == [builtin / "only" / "a.yml", builtin / "only" / "b.yaml"]


def test_a_name_like_a_path_is_never_looked_for_among_the_built_in_packs(builtin: Path) -> None:
    touch(builtin / "sub" / "a.yaml", builtin / "b.yaml")
    for name in ("sub/a", "b.yaml", "b.yml"):
        error = refused(name)
        assert (error.message, error.hint) == (
            f"no such pack file or folder: {name}",
            "give a built-in pack name or a path",
        )


def test_an_unknown_pack_name_is_refused_with_the_close_one() -> None:
    with pytest.raises(UnknownName) as caught:
        pack_files("fantasi")
    assert (caught.value.message, caught.value.hint) == ("unknown pack 'fantasi'", "did you mean 'fantasy'?")


def test_a_long_missing_path_is_shown_shortened(tmp_path: Path) -> None:
    name = str(tmp_path / ("x" * 200) / "p.yaml")
    assert refused(name).message == f"no such pack file or folder: {name[:59]}...{name[-58:]} ({len(name)} characters)"


def test_a_pack_file_is_itself(tmp_path: Path) -> None:
    touch(tmp_path / "p.txt")
    assert pack_files(str(tmp_path / "p.txt")) == [tmp_path / "p.txt"]


def test_a_path_through_a_file_cannot_be_read(tmp_path: Path) -> None:
    touch(tmp_path / "p.yaml")
    name = str(tmp_path / "p.yaml" / "q.yaml")
    assert refused(name).message == f"{shown(name)}: cannot read: Not a directory"


def test_a_pack_folder_is_every_yaml_file_under_it_sorted(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    touch(
        folder / "b.yaml",
        folder / "a.yml",
        folder / "deep" / "er" / "c.yaml",
        folder / "notes.txt",
        folder / "README",
        folder / "x.YAML",
        folder / "deep" / "d.md",
    )
    assert pack_files(str(folder)) == [folder / "a.yml", folder / "b.yaml", folder / "deep" / "er" / "c.yaml"]


def test_a_folder_without_yaml_files_is_refused(tmp_path: Path) -> None:
    touch(tmp_path / "pack" / "notes.txt", tmp_path / "pack" / "sub" / "x.md")
    name = str(tmp_path / "pack")
    assert refused(name).message == f"{shown(name)}: the folder holds no .yaml files"


def test_a_symlinked_folder_is_followed_once(tmp_path: Path) -> None:
    touch(tmp_path / "shared" / "s.yaml", tmp_path / "pack" / "p.yaml")
    (tmp_path / "pack" / "link").symlink_to(tmp_path / "shared")
    assert pack_files(str(tmp_path / "pack")) == [tmp_path / "pack" / "link" / "s.yaml", tmp_path / "pack" / "p.yaml"]


def test_a_folder_linking_back_into_itself_is_refused(tmp_path: Path) -> None:
    touch(tmp_path / "pack" / "p.yaml")
    (tmp_path / "pack" / "again").symlink_to(tmp_path / "pack")
    error = refused(str(tmp_path / "pack"))
    assert (error.message, error.hint) == (
        f"{shown(tmp_path / 'pack' / 'again')}: the folder is reached twice (a symlink loop?)",
        "a pack folder must not link back into itself",
    )


def test_a_folder_that_cannot_be_listed_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path / "pack" / "p.yaml")

    def denied(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", denied)
    assert (
        refused(str(tmp_path / "pack")).message
        == f"{shown(tmp_path / 'pack')}: cannot read the folder: Permission denied"
    )


def test_pack_folders_nest_at_most_32_deep(tmp_path: Path) -> None:
    deepest = tmp_path.joinpath("pack", *["d"] * 32)
    touch(deepest / "p.yaml")
    assert pack_files(str(tmp_path / "pack")) == [deepest / "p.yaml"]
    (deepest / "d").mkdir()
    error = refused(str(tmp_path / "pack"))
    assert error.message == f"{shown(deepest / 'd')}: pack folders nest more than 32 deep"


def test_a_pack_folder_holds_at_most_1000_yaml_files(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    for i in range(1000):
        (folder / f"{i:04}.yaml").write_bytes(b"")
    (folder / "notes.txt").write_bytes(b"")
    assert len(pack_files(str(folder))) == 1000
    (folder / "more.yml").write_bytes(b"")
    assert refused(str(folder)).message == f"{shown(folder)}: the pack folder holds more than 1000 .yaml files"


def test_a_path_longer_than_any_file_system_holds_is_refused_shortened() -> None:
    name = "p" * 5000
    assert refused(name).message == f"{shown(name)}: the path is longer than 4096 characters"


def test_a_name_too_long_for_a_built_in_pack_file_cannot_be_read(builtin: Path) -> None:
    name = "p" * 252  # a name the working folder can hold, but not with .yaml after it
    assert refused(name).message == f"{shown(name)}: cannot read: File name too long"


def test_an_entry_whose_kind_cannot_be_read_is_taken_for_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    touch(tmp_path / "pack" / "odd.yaml", tmp_path / "pack" / "p.yaml")
    listing = os.scandir

    class Unreadable:
        """A folder entry whose kind the file system cannot say."""

        def __init__(self, entry: os.DirEntry[str]) -> None:
            self.path = entry.path

        def is_dir(self) -> bool:
            raise PermissionError(13, "Permission denied")

    def scandir(path: str) -> list[object]:
        return [Unreadable(e) if e.name == "odd.yaml" else e for e in listing(path)]

    monkeypatch.setattr(os, "scandir", scandir)
    assert pack_files(str(tmp_path / "pack")) == [tmp_path / "pack" / "odd.yaml", tmp_path / "pack" / "p.yaml"]
