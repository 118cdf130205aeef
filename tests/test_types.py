"""mypy, configured in pyproject.toml, finds no error in the four packages: the README's test command runs it."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error(tmp_path: Path) -> None:
    from mypy import api

    here = Path.cwd()
    os.chdir(ROOT)  # the configuration's `packages` are named from the project's root
    try:
        out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path)])
    finally:
        os.chdir(here)
    assert status == 0, out + err
