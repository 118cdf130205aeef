"""`rulings serve` started on a free loopback port, for the tests that talk to it over HTTP, and the
distribution's Chromium driven by Playwright for those that open its pages."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RULINGS_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def need_graphviz() -> None:
    """The graph pages are laid out by Graphviz's `dot` program: fail, saying how to get it, where it is missing."""
    if shutil.which("dot") is None:
        pytest.fail("no Graphviz dot program on PATH: install the distribution's package (apt-get install graphviz), "
                    "as .ci/run does")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        pytest.fail(f"no Chromium at {CHROMIUM}: install the distribution's package (apt-get install chromium), "
                    "as .ci/run does, or point RULINGS_CHROMIUM at one")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object, server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.shots = tmp_path_factory.mktemp("screenshots")
    yield page
    context.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(*options: str) -> Iterator[str]:
    """`rulings serve` on a free port with `options` while the block runs: its address. The test fails with the
    server's output if it stops before the block ends or prints a traceback."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:  # a file, not a pipe: nothing has to read it while the tests run
        process = subprocess.Popen([sys.executable, "-m", "rulings.cli", "serve", "--port", str(port), *options],
                                   cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)

        def said() -> str:
            log.seek(0)
            return log.read().decode(errors="replace")

        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{url}/api/packs", timeout=2).close()
                    break
                except OSError:
                    if process.poll() is not None:
                        pytest.fail(f"rulings serve stopped: {said()}")
                    time.sleep(0.1)
            else:
                pytest.fail("rulings serve did not answer within 30 seconds")
            yield url
            assert process.poll() is None, f"rulings serve stopped: {said()}"
        finally:
            process.terminate()
            process.wait(timeout=10)
        assert "Traceback" not in said()


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    with serving() as url:
        yield url


@pytest.fixture
def serve() -> Any:
    """`serving`, for a test that starts a server of its own (with other options)."""
    return serving
