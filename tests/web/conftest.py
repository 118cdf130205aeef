"""`rulings serve` started on a free loopback port, for the tests that talk to it over HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:  # a file, not a pipe: nothing has to read it while the tests run
        process = subprocess.Popen([sys.executable, "-m", "rulings.cli", "serve", "--port", str(port)], cwd=ROOT,
                                   stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{url}/api/packs", timeout=2).close()
                    break
                except OSError:
                    if process.poll() is not None:
                        log.seek(0)
                        pytest.fail(f"rulings serve stopped: {log.read().decode(errors='replace')}")
                    time.sleep(0.1)
            else:
                pytest.fail("rulings serve did not answer within 30 seconds")
            yield url
        finally:
            process.terminate()
            process.wait(timeout=10)
