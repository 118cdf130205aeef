"""The pack cache's edges, each pinned where mutation testing found nothing watching (`python tools/mutate.py
kb/cache.py`): where the cache folder is, what its key holds (every file's own path and stamp, the pack asked for,
every `kb` module), that only a folder and file of the user's own with no group or world write are read (the
module's docstring: "a folder or file that another user owns or could write is never read"), and that the
overlays given with a pack reach the loader on every path.

Each test points the cache at a temporary folder of its own.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import kb.cache
from kb import cache
from kb.model import Pack

ROOT = Path(__file__).resolve().parents[2]
WARDENS = ROOT / "docs" / "examples" / "wardens"
ERRATA = WARDENS / "errata.yaml"
RANGE_TABLE = ROOT / "tests" / "kb" / "packs" / "range_table.yaml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The packs the loader itself loads (a pack served from the cache is not among them)."""
    import kb.loader

    real = kb.loader.load_pack
    done: list[str] = []

    def counting(name_or_path: str, **kwargs: object) -> Pack:
        done.append(name_or_path)
        return real(name_or_path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kb.loader, "load_pack", counting)
    return done


def save_cap(pack: Pack) -> str:
    cap = pack.policies["save_bonuses"].max
    assert cap is not None
    return cap.text


# -- where the cache is -------------------------------------------------------------------------------------


def test_the_cache_folder_is_rulings_cache_else_the_xdg_cache_else_the_home_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_folder() == tmp_path / "mine"
    monkeypatch.setenv("RULINGS_CACHE", "")  # set but empty: not a folder
    assert cache.cache_folder() == tmp_path / "xdg" / "rulings"
    monkeypatch.delenv("RULINGS_CACHE")
    assert cache.cache_folder() == tmp_path / "xdg" / "rulings"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_folder() == tmp_path / "home" / ".cache" / "rulings"


def test_a_missing_cache_folder_is_made_with_its_parents_private(folder: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  loads: list[str]) -> None:
    deep = folder / "a" / "b"
    monkeypatch.setenv("RULINGS_CACHE", str(deep))
    cache.load(str(RANGE_TABLE))
    assert oct(deep.stat().st_mode & 0o777) == "0o700" and len(list(deep.glob("*.pickle"))) == 1
    cache.load(str(RANGE_TABLE))
    assert loads == [str(RANGE_TABLE)]  # the second load came from the cache


def test_a_folder_made_before_it_was_private_is_made_private_and_used(folder: Path, loads: list[str]) -> None:
    folder.mkdir()
    folder.chmod(0o775)  # group-writable: not to be read as it is
    cache.load(str(RANGE_TABLE))
    assert oct(folder.stat().st_mode & 0o777) == "0o700" and len(list(folder.glob("*.pickle"))) == 1
    cache.load(str(RANGE_TABLE))
    assert loads == [str(RANGE_TABLE)]


# -- only the user's own files are read ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o622])
def test_a_cached_file_others_could_write_is_never_read(folder: Path, loads: list[str], mode: int) -> None:
    cache.load(str(RANGE_TABLE))
    (file,) = folder.glob("*.pickle")
    file.chmod(mode)
    assert cache.load(str(RANGE_TABLE)).name == "range_table"
    assert loads == [str(RANGE_TABLE)] * 2  # loaded again, not unpickled


@pytest.mark.parametrize("mode", [0o600, 0o400, 0o601, 0o640, 0o644, 0o700])
def test_a_cached_file_only_its_owner_can_write_is_read(folder: Path, loads: list[str], mode: int) -> None:
    """Only group and world *write* bits (0o022) make a file unsafe: reading or executing it is harmless."""
    cache.load(str(RANGE_TABLE))
    (file,) = folder.glob("*.pickle")
    file.chmod(mode)
    assert cache.load(str(RANGE_TABLE)).name == "range_table"
    assert loads == [str(RANGE_TABLE)]


def test_a_folder_others_could_write_is_never_read(folder: Path, loads: list[str]) -> None:
    cache.load(str(RANGE_TABLE))
    folder.chmod(0o770)
    assert cache.load(str(RANGE_TABLE)).name == "range_table"
    assert loads == [str(RANGE_TABLE)] * 2


# -- what the key holds -------------------------------------------------------------------------------------


def test_each_pack_has_its_own_entry(folder: Path) -> None:
    assert cache.load("fantasy").name == "fantasy"
    assert cache.load("skirmish").name == "skirmish"
    assert cache.load("fantasy").name == "fantasy"
    assert len(list(folder.glob("*.pickle"))) == 2


def test_a_changed_pack_file_is_loaded_again(folder: Path, tmp_path: Path, loads: list[str]) -> None:
    pack = tmp_path / "range.yaml"
    shutil.copy(RANGE_TABLE, pack)
    assert cache.load(str(pack)).name == "range_table"
    pack.write_text(RANGE_TABLE.read_text(encoding="utf-8").replace("pack: range_table", "pack: range_changed"),
                    encoding="utf-8")
    assert cache.load(str(pack)).name == "range_changed"
    assert loads == [str(pack)] * 2


def test_the_same_name_for_another_file_is_another_entry(folder: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two files asked by the same relative name, of the same size and time: only their full paths differ."""
    text = RANGE_TABLE.read_text(encoding="utf-8")
    for name in ("alpha", "omega"):
        (tmp_path / name).mkdir()
        file = tmp_path / name / "pack.yaml"
        file.write_text(text.replace("pack: range_table", f"pack: {name}_table"), encoding="utf-8")
        os.utime(file, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    monkeypatch.chdir(tmp_path / "alpha")
    assert cache.load("pack.yaml").name == "alpha_table"
    monkeypatch.chdir(tmp_path / "omega")
    assert cache.load("pack.yaml").name == "omega_table"


def test_the_code_stamp_covers_every_kb_module_and_the_schema() -> None:
    here = Path(kb.cache.__file__).parent
    expected = sorted([p.name for p in here.iterdir() if p.suffix == ".py"] + ["schema.json"])
    stamp = cache._code_stamp()
    assert [name for name, _, _ in stamp] == expected
    assert {"cache.py", "loader.py", "model.py", "document.py", "expr.py", "schema.json"} <= set(expected)
    schema = here / "schema.json"
    assert dict((n, (s, t)) for n, s, t in stamp)["schema.json"] == (schema.stat().st_size,
                                                                     schema.stat().st_mtime_ns)


# -- overlays reach the loader ------------------------------------------------------------------------------


def test_an_overlay_is_merged_through_the_cache(folder: Path) -> None:
    assert save_cap(cache.load(str(WARDENS))) == "1"
    assert save_cap(cache.load(str(WARDENS), extra=[str(ERRATA)])) == "2"  # errata 1.1: "+2 at most"
    assert save_cap(cache.load(str(WARDENS), extra=[str(ERRATA)])) == "2"  # and again, from the cache
    assert save_cap(cache.load(str(WARDENS))) == "1"


def test_a_file_that_cannot_be_stamped_is_loaded_by_the_loader_with_its_overlays(
        folder: Path, monkeypatch: pytest.MonkeyPatch, loads: list[str]) -> None:
    def unreadable(file: Path) -> tuple[int, int, int]:
        raise PermissionError(13, "Permission denied", str(file))

    monkeypatch.setattr(kb.folders, "fingerprint", unreadable)
    assert save_cap(cache.load(str(WARDENS), extra=[str(ERRATA)])) == "2"
    assert loads == [str(WARDENS)]
    assert not folder.exists()  # nothing cached without a key


def test_a_pack_file_renamed_with_its_text_kept_is_loaded_again(folder: Path, tmp_path: Path,
                                                                 loads: list[str]) -> None:
    """Same texts, in the same order, but one file renamed: each rule says where it is written, now the new name."""
    pack = tmp_path / "mine"
    shutil.copytree(ROOT / "tests" / "kb" / "folder_pack", pack)
    assert cache.load(str(pack)).modifiers["moved"].where.path.endswith("rules.yaml")
    (pack / "rules.yaml").rename(pack / "rules2.yaml")
    assert cache.load(str(pack)).modifiers["moved"].where.path.endswith("rules2.yaml")
    assert loads == [str(pack)] * 2
