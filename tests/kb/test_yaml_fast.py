"""libyaml composes the same nodes as PyYAML's pure-Python reader, or leaves the text to it.

`kb.document` composes with libyaml's parser where it is installed (several
times faster) and falls back to the pure-Python reader whenever libyaml
refuses a text, so every error message stays PyYAML's. Here every YAML file of
the repository (packs, overlays, situations, the hostile corpus, docs) is
composed both ways: the trees, their tags, values and every mark must agree,
and a text the pure-Python reader refuses must never be accepted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from kb.document import _SLOW, _compose_fast, _loader

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for p in ROOT.rglob("*.yaml") if ".git" not in p.parts and "node_modules" not in p.parts)


def _tree(node: Any, seen: dict[int, int] | None = None) -> Any:
    """A node as plain data: its kind, tag, value, style and both marks; a node met again (an alias) by the
    order it was first met, so an alias bomb stays as small as its text."""
    seen = {} if seen is None else seen
    if node is None:
        return None
    if id(node) in seen:
        return ("again", seen[id(node)])
    seen[id(node)] = len(seen)
    marks = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    style = getattr(node, "style", None) or None
    if isinstance(node, yaml.ScalarNode):
        return ("scalar", node.tag, node.value, style, marks)
    if isinstance(node, yaml.SequenceNode):
        return ("sequence", node.tag, [_tree(v, seen) for v in node.value], marks)
    return ("mapping", node.tag, [(_tree(k, seen), _tree(v, seen)) for k, v in node.value], marks)


def _slow(text: str) -> Any:
    try:
        loader = _loader()(text)
    except yaml.YAMLError:  # the reader refuses a character at once
        return _SLOW
    try:
        return loader.get_single_node()
    except (yaml.YAMLError, RecursionError):  # refused, as read_yaml refuses it
        return _SLOW
    finally:
        loader.dispose()


def test_libyaml_is_used_here() -> None:
    """The comparison below means something only where libyaml is installed, as it is with PyYAML's wheels."""
    assert yaml.__with_libyaml__
    assert _compose_fast("a: 1\n") is not _SLOW


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_both_readers_compose_the_same_tree(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    slow, fast = _slow(text), _compose_fast(text)
    if slow is _SLOW:
        assert fast is _SLOW, "libyaml accepted a text the pure-Python reader refuses"
    elif fast is not _SLOW:
        assert _tree(fast) == _tree(slow)


@pytest.mark.parametrize("text", ["a: \"é€😀\"\nbé: {x: é, y: [1, 😀😀, z]}\n", "- &a [1, 2]\n- *a\n- {<<: {k: v}}\n",
                                  "a: |\n  two\n  lines\n", "'q': \"x\\ty\"\n", "%YAML 1.1\n---\na: 1\n",
                                  "a: 1\n---\nb: 2\n", "a:\n\t- 1\n", "a: [1, 2\n", "k: \x01\n", "? [a]\n: 1\n"])
def test_awkward_texts_agree(text: str) -> None:
    slow, fast = _slow(text), _compose_fast(text)
    if slow is _SLOW:
        assert fast is _SLOW
    elif fast is not _SLOW:
        assert _tree(fast) == _tree(slow)
