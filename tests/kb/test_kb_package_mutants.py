"""The `kb` package's lazy name: `kb.load_pack` is the loader, brought in only when asked for
(`python tools/mutate.py kb/__init__.py`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import kb
import kb.loader


def test_load_pack_is_the_loader() -> None:
    assert kb.load_pack is kb.loader.load_pack


def test_another_missing_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match=r"^no_such_name$"):
        kb.no_such_name  # noqa: B018


def test_importing_kb_leaves_the_loader_unloaded() -> None:
    """A cached ruling never needs the YAML parser or JSON Schema: the loader comes in on first use."""
    code = "import sys, kb; print('kb.loader' in sys.modules); kb.load_pack; print('kb.loader' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]
