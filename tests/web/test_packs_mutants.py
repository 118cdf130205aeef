"""The packs a server opens, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/web/packs.py`).

docs/web.md: a served file whose pack is named like a built-in pack (or like another served file's) is refused
before anything listens; an edited pack file is read again on the next request; a FAQ or a pack's own check is
worked out once per version of the pack and kept, requests arriving meanwhile waiting for that answer.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

import kb.cache
import rulings.web.packs
from kb.errors import RulingsError
from rulings.web.packs import Packs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def served(folder: Path, name: str = "mine", like: str = "skirmish") -> Path:
    pack = folder / f"{name}.yaml"
    pack.write_text((ROOT / "kb" / "packs" / f"{like}.yaml").read_text(encoding="utf-8")
                    .replace(f"pack: {like}", f"pack: {name}"), encoding="utf-8")
    return pack


def folder_pack(folder: Path, name: str) -> Path:
    """tests/kb/folder_pack (two files) copied, its pack named `name`."""
    folder.mkdir()
    for file in (ROOT / "tests" / "kb" / "folder_pack").iterdir():
        text = file.read_text(encoding="utf-8").replace("pack: folder_pack", f"pack: {name}")
        (folder / file.name).write_text(text, encoding="utf-8")
    return folder


def test_a_served_file_named_like_a_built_in_pack_is_refused(tmp_path: Path) -> None:
    clash = folder_pack(tmp_path / "clash", "fantasy")
    with pytest.raises(RulingsError) as caught:
        Packs([str(clash)])
    assert caught.value.message == (f"{clash}: its pack is named 'fantasy', as a built-in pack is: a name serves "
                                    "one pack")
    assert caught.value.hint == "give it another name (its pack: key), e.g. pack: my-fantasy"


def test_two_served_files_of_one_name_are_refused(tmp_path: Path) -> None:
    first = served(tmp_path)
    second = folder_pack(tmp_path / "again", "mine")
    with pytest.raises(RulingsError) as caught:
        Packs([str(first), str(second)])
    assert caught.value.message == (f"{second}: its pack is named 'mine', as the pack {first} is: a name serves "
                                    "one pack")
    assert caught.value.hint == "give it another name (its pack: key), e.g. pack: my-mine"


def test_a_file_named_twice_is_served_once(tmp_path: Path) -> None:
    pack = served(tmp_path)
    packs = Packs([str(pack), str(pack)])
    assert packs.names() == ["fantasy", "skirmish", "wh40k", "mine"]
    assert packs.source("mine") == str(pack) and packs.source("fantasy") == "fantasy"


def test_an_unknown_pack_name_is_said_as_on_the_command_line() -> None:
    with pytest.raises(RulingsError) as caught:
        Packs().get("fantasi")
    assert (caught.value.message, caught.value.hint) == ("unknown pack 'fantasi'", "did you mean 'fantasy'?")


def test_requests_racing_to_load_a_pack_share_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real, loads = kb.cache.load, []

    def slow(source: str, **kw: Any) -> Any:
        loads.append(source)
        time.sleep(0.3)  # long enough that the other request arrives while this one loads
        return real(source, **kw)

    pack = served(tmp_path)
    packs = Packs([str(pack)])
    loads.clear()
    monkeypatch.setattr(kb.cache, "load", slow)
    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(packs.get("mine"))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert loads == [str(pack)]
    assert len(got) == 2 and got[0] is got[1] and got[0].name == "mine"
    assert packs.get("mine") is got[0]


def test_a_pack_of_as_many_files_as_may_be_checked_is_quick(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pack = served(tmp_path)
    packs = Packs([str(pack)])
    loaded = packs.get("mine")
    monkeypatch.setattr(rulings.web.packs, "QUICK_FILES", 1)  # its one file is as many as may be checked
    assert packs.loaded("mine") is loaded
    packs.get("fantasy")
    assert packs.loaded("fantasy") is not None


def test_a_folder_served_by_its_packs_name_is_still_checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A folder `mine` holding the pack `mine`, served as `rulings serve mine`: not a built-in pack, so a rules
    writer's edit is seen."""
    monkeypatch.chdir(tmp_path)
    folder = folder_pack(tmp_path / "mine", "mine")
    packs = Packs(["mine"])
    loaded = packs.get("mine")
    assert packs.loaded("mine") is loaded
    file = sorted(folder.iterdir())[0]
    file.write_text(file.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert packs.loaded("mine") is None


def test_a_renamed_file_is_a_change(tmp_path: Path) -> None:
    folder = folder_pack(tmp_path / "mine", "mine")
    packs = Packs([str(folder)])
    packs.get("mine")
    file = sorted(folder.iterdir())[-1]
    file.rename(folder / ("z" + file.name))  # the same size and time, under another name
    assert packs.loaded("mine") is None


class Counted:
    def __init__(self, value: str = "answer") -> None:
        self.calls = 0
        self.value = value

    def __call__(self) -> str:
        self.calls += 1
        return f"{self.value} {self.calls}"


def test_a_memo_is_worked_out_once_per_pack_version_and_key(tmp_path: Path) -> None:
    pack = served(tmp_path)
    packs = Packs([str(pack)])
    compute = Counted()
    assert [packs.memo("mine", "faq", None, compute) for _ in range(3)] == ["answer 1"] * 3
    other = Counted("other")
    assert packs.memo("mine", "faq", "strict", other) == "other 1"  # another key is worked out on its own
    assert packs.memo("mine", "check", None, other) == "other 2"
    assert packs.memo("fantasy", "faq", None, other) == "other 3"
    assert packs.memo("mine", "faq", None, compute) == "answer 1"
    pack.write_text(pack.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert packs.memo("mine", "faq", None, compute) == "answer 2"  # a new version is worked out again
    assert packs.memo("mine", "faq", None, compute) == "answer 2"
    assert compute.calls == 2


def test_requests_arriving_while_a_memo_is_worked_out_wait_for_it() -> None:
    packs = Packs()
    release, calls = threading.Event(), []

    def slow() -> str:
        calls.append(1)
        assert release.wait(30)
        return f"worked out {len(calls)}"

    got: list[str] = []
    threads = [threading.Thread(target=lambda: got.append(packs.memo("fantasy", "faq", None, slow)))
               for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # the second request is waiting for the first's answer
    release.set()
    for t in threads:
        t.join(timeout=60)
    assert got == ["worked out 1", "worked out 1"] and calls == [1]


def test_one_slow_memo_does_not_hold_up_another() -> None:
    packs = Packs()
    packs.get("fantasy")
    other_done = threading.Event()
    seen: list[bool] = []

    def slow() -> str:
        seen.append(other_done.wait(5))
        return "slow"

    first = threading.Thread(target=lambda: packs.memo("fantasy", "faq", None, slow))
    first.start()
    time.sleep(0.3)
    assert packs.memo("fantasy", "check", None, lambda: "quick") == "quick"
    other_done.set()
    first.join(timeout=30)
    assert seen == [True]
