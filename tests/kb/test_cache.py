"""The pack cache: a second load skips the loader; a file is served only for its own key."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from kb import cache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_second_load_comes_from_the_cache(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = cache.load("fantasy")
    (file,) = folder.glob("*.pickle")
    assert oct(folder.stat().st_mode & 0o777) == "0o700" and oct(file.stat().st_mode & 0o777) == "0o600"

    def no_loader(*args: object, **kwargs: object) -> None:
        raise AssertionError("the loader ran although the pack was cached")

    monkeypatch.setattr("kb.loader.load_pack", no_loader)
    again = cache.load("fantasy")
    assert again.name == first.name and list(again.modifiers) == list(first.modifiers)


def test_a_file_with_another_key_or_broken_is_never_served(folder: Path) -> None:
    cache.load("skirmish")
    (file,) = folder.glob("*.pickle")
    key, pack = pickle.loads(file.read_bytes())
    file.write_bytes(pickle.dumps((key + "x", cache.load("fantasy"))))  # as if two keys shared a file name
    assert cache.load("skirmish").name == "skirmish"
    assert pickle.loads(file.read_bytes())[0] == key  # rewritten for its own key
    for junk in (b"", b"not a pickle", pickle.dumps(pack)):  # the last: a file of an older cache version
        file.write_bytes(junk)
        assert cache.load("skirmish").name == "skirmish"


def test_a_pack_file_rewritten_with_its_size_and_time_kept_is_loaded_afresh(folder: Path, tmp_path: Path) -> None:
    """A file saved twice within the clock's tick (or copied with its time kept) has the same size and time."""
    import os

    from kb.locate import pack_files

    pack = tmp_path / "mine.yaml"
    text = pack_files("fantasy")[0].read_text(encoding="utf-8")
    pack.write_text(text, encoding="utf-8")
    assert cache.load(str(pack)).quantities["to_hit"].base.text == "7 - shooter.bs"
    info = pack.stat()
    pack.write_text(text.replace("base: 7 - shooter.bs", "base: 8 - shooter.bs"), encoding="utf-8")
    os.utime(pack, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert pack.stat().st_size == info.st_size
    assert cache.load(str(pack)).quantities["to_hit"].base.text == "8 - shooter.bs"


def test_a_cached_pack_is_held_to_the_file_size_limit_as_a_fresh_load_is(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kb.errors import RulingsError

    cache.load("fantasy")
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "1000")
    with pytest.raises(RulingsError, match=r"fantasy.yaml: the pack file is larger than 1,000 bytes"):
        cache.load("fantasy")


def test_a_fingerprint_is_of_a_regular_file_within_the_limit_alone(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from kb.folders import fingerprint

    pack = tmp_path / "p.yaml"
    pack.write_bytes(b"pack: p\n")
    first = fingerprint(pack)
    assert first is not None and first[0] == 8
    pack.write_bytes(b"pack: q\n")
    assert fingerprint(pack) not in (None, first)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert fingerprint(fifo) is None  # never opened: a pipe with no writer would block
    assert fingerprint(tmp_path) is None
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "7")
    assert fingerprint(pack) is None
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", "8")  # a file of exactly the limit is read whole
    import zlib

    assert fingerprint(pack) == (8, zlib.crc32(b"pack: q\n"), zlib.adler32(b"pack: q\n"))
