"""A normal (non-editable) install of Rulings in a temporary venv, for measuring a fresh process.

An editable install finds its modules through a path hook and reads the
working tree; users get a normal install, with compiled bytecode, so that is
what a cold start is measured on. The venv has no system site-packages (their
`.pth` files would slow `python3 -c pass` too and flatter the ratio); pip
installs Rulings and its dependencies the ordinary way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("kb", "solver", "explain", "rulings", "pyproject.toml", "README.md")


def environment(cache: Path) -> dict[str, str]:
    """The environment of a timed process: bytecode on, the pack cache in `cache`, no editable paths."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env["RULINGS_CACHE"] = str(cache)
    return env


def build(folder: Path) -> Path | None:
    """Install the working tree into a venv under `folder`; the venv's bin folder, or None (with a message)."""
    source = folder / "source"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           str(source)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print("  cannot build a normal install in a venv (pip says: "
              f"{(done.stderr.strip().splitlines() or ['?'])[-1]}); cold starts are not measured")
        return None
    return venv / "bin"
