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
