"""Where a request is answered: a quick ruling on the event loop itself (a thread-pool hop would cost more than the
ruling), and what may take long in a worker thread (a pack to load, a ruling with cases, a whole attack, a search),
so that it never holds up the other requests. Either way the answer is the same."""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import pytest

from rulings.web import api, create_app
from rulings.web.packs import Packs
from solver.ask import COMPILE_AFTER

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
QUICK = [
    "pack=fantasy&quantity=to_hit&given=shooter.bs%3D3",
    "pack=fantasy&quantity=to_hit&given=shooter.bs%3D3&given=shooter.moved%3Dtrue",
    "pack=fantasy&quantity=to_hit&given=shooter.bs%3D3&given=target.in_hard_cover%3Dtrue",
    "pack=wh40k&quantity=hit_roll&roll=3&target=3%2B",
]
CASES = "pack=skirmish&quantity=to_hit"  # no facts given: a case for each value of the facts it reads
SEQUENCE = "pack=skirmish&quantity=attack&given=attacker.to_hit=4&given=target.save=5&step=attacks%3D6"


async def get(app: Any, target: str) -> tuple[int, bytes]:
    """GET `target` from the ASGI app, in this thread's event loop: (status, body)."""
    path, _, query = target.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 1), "server": ("localhost", 80)}
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def on_a_loop(make: Callable[[], Coroutine[Any, Any, T]]) -> tuple[T, int]:
    """`make()` run to its end by an event loop of its own, in a thread of its own (the browser tests' driver may
    hold one in this thread): its result, and that loop's thread."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append((asyncio.run(make()), threading.get_ident()))
        except BaseException as e:
            out.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=300)
    assert out, "the event loop did not finish"
    if isinstance(out[0], BaseException):
        raise out[0]
    return out[0]  # type: ignore[no-any-return]


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, bool]]]:
    """Every ruling made, as (the thread it was made in, whether it was made without raising)."""
    import importlib

    module = importlib.import_module("solver.ask")  # the module (`solver.ask` the attribute is its function)
    real = module.ask
    calls: list[tuple[int, bool]] = []

    def recorded(*args: Any, **kwargs: Any) -> Any:
        try:
            ruling = real(*args, **kwargs)
        except Exception:
            calls.append((threading.get_ident(), False))
            raise
        calls.append((threading.get_ident(), True))
        return ruling

    monkeypatch.setattr(module, "ask", recorded)
    yield calls


def test_a_quick_ruling_is_made_on_the_event_loop_not_in_a_worker_thread(made: list[tuple[int, bool]]) -> None:
    app = create_app()

    async def run() -> list[int]:
        assert (await get(app, f"/api/ask?{QUICK[0]}"))[0] == 200
        assert made and threading.get_ident() not in {thread for thread, _ in made}  # the pack loaded in a worker
        for _ in range(COMPILE_AFTER):  # a quantity's first rulings are made in a worker, and compile it
            for target in QUICK:
                assert (await get(app, f"/api/ask?{target}"))[0] == 200
        made.clear()
        statuses = []
        for bs in (4, 5, 6):  # queries not asked before: a kept answer (`Packs.kept_answer`) would make no ruling
            for target in QUICK:
                statuses.append((await get(app, f"/api/ask?{target.replace('bs%3D3', f'bs%3D{bs}')}" + "&" * bs))[0])
        return statuses

    statuses, loop_thread = on_a_loop(run)
    assert statuses == [200] * 3 * len(QUICK)
    assert len(made) == 3 * len(QUICK)
    assert {thread for thread, _ in made} == {loop_thread}, "a quick ruling was made in a worker thread"


def test_what_may_take_long_is_answered_in_a_worker_thread(made: list[tuple[int, bool]],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app()

    async def run() -> None:
        loop_thread = threading.get_ident()
        for _ in range(COMPILE_AFTER):
            assert (await get(app, "/api/ask?pack=skirmish&quantity=to_hit&given=attacker.to_hit%3D4"))[0] == 200
        made.clear()
        status, body = await get(app, f"/api/ask?{CASES}")
        assert status == 200 and json.loads(body)["cases"]
        # asked without cases on the loop, refused at the first unknown fact; the cases are made in a worker
        assert made[0] == (loop_thread, False)
        assert made[1:] and all(thread != loop_thread for thread, _ in made[1:]) and made[-1][1]
        for _ in range(COMPILE_AFTER + 1):
            assert (await get(app, f"/api/ask?{SEQUENCE}"))[0] == 200  # a whole attack
        assert len(resolved) == COMPILE_AFTER + 1 and loop_thread not in resolved
        for _ in range(COMPILE_AFTER):
            assert (await get(app, f"/api/ask?{QUICK[0]}"))[0] == 200
        made.clear()
        assert (await get(app, f"/api/ask?{QUICK[0]}"))[0] == 200
        assert made == [(loop_thread, True)]  # quick, but not when its query is long:
        made.clear()
        long = f"/api/ask?{QUICK[0]}&" + urlencode([("given", " ")] * (api.QUICK_QUERY_BYTES // 8))
        assert (await get(app, long))[0] == 200  # a long query is read in a worker
        assert made and all(thread != loop_thread for thread, _ in made)

    import solver.sequence

    real = solver.sequence.resolve
    resolved: list[int] = []

    def recorded(*args: Any, **kwargs: Any) -> Any:
        resolved.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(solver.sequence, "resolve", recorded)
    on_a_loop(run)


def test_a_search_runs_off_the_event_loop_while_quick_rulings_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.space.find

    real = solver.space.find.find
    searched: list[int] = []

    def slow_find(*args: Any, **kwargs: Any) -> Any:
        searched.append(threading.get_ident())
        time.sleep(0.5)  # a long search: the loop must answer other requests meanwhile
        return real(*args, **kwargs)

    monkeypatch.setattr(solver.space.find, "find", slow_find)
    app = create_app()
    done: list[str] = []

    async def one(name: str, target: str) -> None:
        assert (await get(app, target))[0] == 200
        done.append(name)

    async def run() -> None:
        for _ in range(COMPILE_AFTER):  # the pack loaded, the ruling compiled: the ask below is quick
            await get(app, f"/api/ask?{QUICK[0]}")
        await asyncio.gather(one("find", "/api/find?pack=fantasy&quantity=to_hit&where=impossible&max_facts=1"),
                             one("ask", f"/api/ask?{QUICK[0]}"))

    _, loop_thread = on_a_loop(run)
    assert searched and loop_thread not in searched
    assert done == ["ask", "find"]


@pytest.mark.parametrize("target", [*QUICK, CASES, SEQUENCE, "pack=fantasy&quantity=to_hit&given=shooter.bz%3D3",
                                    "pack=skirmish&quantity=to_hit&given=attacker.to_hit%3D9",
                                    "pack=fantasy&quantity=to_hti", "pack=nope&quantity=to_hit"])
def test_the_answer_on_the_loop_is_the_answer_from_a_worker(target: str) -> None:
    first, later = create_app(), create_app()

    async def run() -> tuple[list[tuple[int, bytes]], list[tuple[int, bytes]]]:
        once = [await get(first, f"/api/ask?{target}")]  # a pack not loaded yet: the worker's answer
        return once, [await get(later, f"/api/ask?{target}") for _ in range(COMPILE_AFTER + 3)]  # then the loop's

    (once, again), _ = on_a_loop(run)
    assert again == once * (COMPILE_AFTER + 3)


def test_an_edited_pack_is_read_again_before_a_quick_ruling_or_a_kept_answer(tmp_path: Path) -> None:
    pack = tmp_path / "mine.yaml"
    text = (ROOT / "kb" / "packs" / "fantasy.yaml").read_text(encoding="utf-8").replace("pack: fantasy", "pack: mine")
    pack.write_text(text, encoding="utf-8")
    app = create_app([str(pack)])
    target = "/api/ask?pack=mine&quantity=to_hit&given=shooter.bs%3D3"

    async def value() -> int:
        status, body = await get(app, target)
        assert status == 200, body
        return int(json.loads(body)["value"])

    asked = COMPILE_AFTER + 3  # in a worker, then quickly on the loop, then from the answers kept
    assert [on_a_loop(value)[0] for _ in range(asked)] == [4] * asked
    pack.write_text(text.replace("base: 7 - shooter.bs", "base: 8 - shooter.bs"), encoding="utf-8")
    assert [on_a_loop(value)[0] for _ in range(asked)] == [5] * asked  # no answer kept for the old text


def test_a_pack_not_loaded_or_changed_is_not_quick(tmp_path: Path) -> None:
    pack = tmp_path / "mine.yaml"
    pack.write_text((ROOT / "kb" / "packs" / "skirmish.yaml").read_text(encoding="utf-8")
                    .replace("pack: skirmish", "pack: mine"), encoding="utf-8")
    packs = Packs([str(pack)])
    assert packs.loaded("mine") is None and packs.loaded("nope") is None
    loaded = packs.get("mine")
    assert packs.loaded("mine") is loaded
    assert packs.asked("mine", loaded, "to_hit") == 0
    for _ in range(COMPILE_AFTER):
        api.ask_json(packs, argparse.Namespace(pack="mine", quantity="to_hit", given=["attacker.to_hit=4"], base=None,
                                               roll=None, situation=None, readings=[], more={}, step=[]))
    assert packs.asked("mine", loaded, "to_hit") == COMPILE_AFTER and packs.asked("mine", loaded, "save") == 0
    pack.write_text(pack.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert packs.loaded("mine") is None
    assert packs.asked("mine", packs.get("mine"), "to_hit") == 0  # a new version is asked afresh
    pack.unlink()
    assert packs.loaded("mine") is None


def test_a_pack_of_many_files_is_checked_in_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulings.web.packs

    packs = Packs()
    packs.get("fantasy")
    assert packs.loaded("fantasy") is not None
    monkeypatch.setattr(rulings.web.packs, "QUICK_FILES", 0)  # the built-in pack's one file is now too many to check
    assert packs.loaded("fantasy") is None


def test_a_loaded_builtin_pack_is_quick_without_looking_at_its_file(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """A built-in pack is part of the installed program: its file is not looked at for each quick ruling. A pack
    named on the command line is (a rules writer may be editing it)."""
    import rulings.web.packs

    pack = tmp_path / "mine.yaml"
    pack.write_text((ROOT / "kb" / "packs" / "skirmish.yaml").read_text(encoding="utf-8")
                    .replace("pack: skirmish", "pack: mine"), encoding="utf-8")
    packs = Packs([str(pack)])
    fantasy, mine = packs.get("fantasy"), packs.get("mine")

    def looked(source: str) -> Any:
        raise AssertionError(f"looked at the files of {source}")

    monkeypatch.setattr(rulings.web.packs, "_stamp", looked)
    assert packs.loaded("fantasy") is fantasy
    with pytest.raises(AssertionError, match=r"looked at the files of .*mine\.yaml"):
        packs.loaded("mine")
    assert mine.name == "mine"


def test_a_query_answered_quickly_is_answered_again_without_a_ruling(made: list[tuple[int, bool]]) -> None:
    app = create_app()

    async def run() -> tuple[list[bytes], list[bytes]]:
        for _ in range(COMPILE_AFTER + 1):  # the first rulings in a worker, then one made quickly, and kept
            for target in QUICK:
                assert (await get(app, f"/api/ask?{target}"))[0] == 200
        first = [(await get(app, f"/api/ask?{target}"))[1] for target in QUICK]
        made.clear()
        return first, [(await get(app, f"/api/ask?{target}"))[1] for target in QUICK]

    (first, again), _ = on_a_loop(run)
    assert made == []
    assert again == first and json.loads(first[1])["display"] == "5+"


def test_kept_answers_are_forgotten_all_at_once_past_their_number(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulings.web.packs

    monkeypatch.setattr(rulings.web.packs, "KEPT_ANSWERS", 2)
    packs = Packs()
    packs.get("fantasy")
    for query in (b"a", b"b"):
        packs.keep_answer(query, "fantasy", query.upper())
    assert [packs.kept_answer(q) for q in (b"a", b"b", b"c")] == [b"A", b"B", None]
    packs.keep_answer(b"c", "fantasy", b"C")
    assert [packs.kept_answer(q) for q in (b"a", b"b", b"c")] == [None, None, b"C"]
    packs.keep_answer(b"d", "skirmish", b"D")  # a pack not loaded: nothing to keep it against
    assert packs.kept_answer(b"d") is None
