"""`rulings serve`, checked where mutation testing found nothing watching (`python tools/mutate.py
rulings/web/serve.py`).

uvicorn and the app are stood in for: the test sees what the command starts them with. docs/web.md: it listens on
loopback unless `--host` says otherwise, answers the loopback names, the address it listens on (not a wildcard)
and each `--allow-host NAME`, warns when it listens beyond loopback, and `--timeout` limits each request's search,
not the server.
"""

from __future__ import annotations

import argparse
import io
import signal
import sys
from typing import Any

import pytest
import uvicorn

import rulings.web.app
from rulings.web.serve import run_serve
from solver.space import model

LOOPBACK = {"localhost", "127.0.0.1", "::1"}


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What run_serve passed to create_app and uvicorn.run."""
    seen: dict[str, Any] = {}

    def create_app(named: Any, **options: Any) -> str:
        seen["packs"], seen["options"] = named, options
        return "the app"

    def run(app: Any, **options: Any) -> None:
        seen["app"], seen["run"] = app, options
        seen["itimer"], seen["deadline"] = signal.getitimer(signal.ITIMER_REAL), model.DEADLINE

    monkeypatch.setattr(rulings.web.app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(model, "DEADLINE", 12345.0)
    return seen


def test_a_loopback_server_starts_quietly(started: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(packs=["mine.yaml"], host="127.0.0.1", port=8000, allow_host=None, timeout=5.0)
    assert run_serve(args) == 0
    assert started["packs"] == ["mine.yaml"]
    assert started["options"] == {"hosts": frozenset(LOOPBACK), "search_seconds": 5.0}
    assert started["app"] == "the app"
    assert started["run"] == {"host": "127.0.0.1", "port": 8000, "log_level": "warning", "limit_concurrency": 256,
                              "h11_max_incomplete_event_size": 65536}
    out, err = capsys.readouterr()
    assert (out, err) == ("Rulings on http://127.0.0.1:8000/ (Ctrl+C stops it)\n", "")


def test_without_timeout_or_allowed_hosts_options(started: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_serve(argparse.Namespace(packs=[], host="localhost", port=1)) == 0
    assert started["options"] == {"hosts": frozenset(LOOPBACK), "search_seconds": None}
    assert capsys.readouterr().out == "Rulings on http://localhost:1/ (Ctrl+C stops it)\n"


def test_the_whole_run_limit_is_lifted(started: dict[str, Any]) -> None:
    signal.setitimer(signal.ITIMER_REAL, 100)  # what the command line's --timeout set
    try:
        assert run_serve(argparse.Namespace(packs=[], host="127.0.0.1", port=1, timeout=3)) == 0
    finally:
        left = signal.setitimer(signal.ITIMER_REAL, 0)
    assert started["itimer"] == (0.0, 0.0) and left == (0.0, 0.0)
    assert started["deadline"] is None and model.DEADLINE is None


@pytest.mark.parametrize(("host", "shown"), [("::1", "[::1]"), ("[::1]", "[::1]")])
def test_an_ipv6_address_is_shown_in_brackets(host: str, shown: str, started: dict[str, Any],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert run_serve(argparse.Namespace(packs=[], host=host, port=8000)) == 0
    out, err = capsys.readouterr()
    assert (out, err) == (f"Rulings on http://{shown}:8000/ (Ctrl+C stops it)\n", "")
    assert started["run"]["host"] == host


def test_serving_beyond_loopback_warns_naming_the_hosts_answered(started: dict[str, Any],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(packs=[], host="0.0.0.0", port=8080, allow_host=["Rulings.lan", "192.168.1.20"])
    assert run_serve(args) == 0
    assert started["options"]["hosts"] == frozenset({*LOOPBACK, "rulings.lan", "192.168.1.20"})
    out, err = capsys.readouterr()
    assert out == "Rulings on http://0.0.0.0:8080/ (Ctrl+C stops it)\n"
    assert err == ("rulings: warning: listening on 0.0.0.0, beyond this machine: anyone who can reach it can use the "
                   "explorer and its API, unencrypted.\n  hint: it answers only the host names 127.0.0.1, "
                   "192.168.1.20, ::1, localhost, rulings.lan; add the name others will type with --allow-host NAME\n")


def test_an_address_it_listens_on_is_answered(started: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_serve(argparse.Namespace(packs=[], host="fe80::2", port=9)) == 0
    assert started["options"]["hosts"] == frozenset({*LOOPBACK, "fe80::2"})
    out, err = capsys.readouterr()
    assert out == "Rulings on http://[fe80::2]:9/ (Ctrl+C stops it)\n"
    assert "it answers only the host names 127.0.0.1, ::1, fe80::2, localhost;" in err


class Stream(io.StringIO):
    """An output that remembers what had been flushed."""

    flushed = ""

    def flush(self) -> None:
        self.flushed = self.getvalue()


def test_what_it_says_is_out_before_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn.run serves until stopped: the address and the warning must be flushed before it starts, or a pipe
    reading them (a log, a supervisor) waits for ever."""
    out, err = Stream(), Stream()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(rulings.web.app, "create_app", lambda named, **options: "the app")
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.append((out.flushed, err.flushed)))
    assert run_serve(argparse.Namespace(packs=[], host="0.0.0.0", port=8080)) == 0
    assert seen == [("Rulings on http://0.0.0.0:8080/ (Ctrl+C stops it)\n", err.getvalue())]
    assert err.getvalue().startswith("rulings: warning: listening on 0.0.0.0")
