"""Strict YAML reading that remembers where every value came from.

PyYAML's composer gives nodes with marks; we build plain Python values from
them ourselves so that duplicate keys are errors (PyYAML would silently keep
the last) and every value's position is kept in a `Document.spans` table
keyed by its path (`("modifiers", "moved", "when")`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kb.errors import PackError, RulingsError, Span

if TYPE_CHECKING:
    import yaml

Path = tuple[str | int, ...]


@dataclass(slots=True)
class Document:
    """One YAML file's data and the span of every value and key in it."""

    path: str
    data: Any
    spans: dict[Path, Span] = field(default_factory=dict)
    key_spans: dict[Path, Span] = field(default_factory=dict)

    def span(self, path: Path, *, key: bool = False) -> Span:
        """The span of the value at `path`, or of its key, or of the nearest enclosing value."""
        table = self.key_spans if key else self.spans
        while path:
            if path in table:
                return table[path]
            path = path[:-1]
            table = self.spans
        return self.spans.get((), Span(self.path, 1, 1))


def read_yaml(text: str, path: str) -> Document:
    """Parse YAML text strictly into a `Document`.

    Raises:
        PackError: malformed YAML, or every duplicate key in the file.

    Examples:
        >>> doc = read_yaml("a:\\n  b: 1\\n", "x.yaml")
        >>> doc.data, str(doc.span(("a", "b")))
        ({'a': {'b': 1}}, 'x.yaml:2:6')
    """
    import yaml  # here, not at the top: a ruling from a cached pack with --given needs no YAML parser

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path)
        raise PackError([RulingsError(f"malformed YAML: {e.problem or e.context}", where=where)]) from None
    except RecursionError:
        raise PackError([RulingsError("nested too deeply", where=Span(path))]) from None
    doc = Document(path, None)
    problems: list[RulingsError] = []
    try:
        doc.data = _build(node, (), doc, problems) if node is not None else None
    except RecursionError:
        raise PackError([RulingsError("nested too deeply", where=Span(path))]) from None
    if problems:
        raise PackError(problems)
    return doc


MAX_VALUES = 200_000
"""More values than any rule pack needs: YAML aliases can expand a small file into billions."""


def _build(node: yaml.Node, path: Path, doc: Document, problems: list[RulingsError]) -> Any:
    import yaml

    if len(doc.spans) >= MAX_VALUES:
        where = _span(node, doc.path)
        raise PackError([RulingsError(f"more than {MAX_VALUES} values (do YAML aliases expand it?)", where=where)])
    doc.spans[path] = _span(node, doc.path)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            if not isinstance(key, str | int | bool) or isinstance(key_node, yaml.CollectionNode):
                problems.append(RulingsError("keys must be plain names", where=_span(key_node, doc.path)))
                continue
            key = str(key) if not isinstance(key, str) else key
            if key in out:
                first = doc.key_spans.get((*path, key))
                problems.append(
                    RulingsError(
                        f"duplicate key {key!r}",
                        where=_span(key_node, doc.path),
                        hint=f"first given at {first}" if first else "",
                    )
                )
                continue
            doc.key_spans[(*path, key)] = _span(key_node, doc.path)
            out[key] = _build(value_node, (*path, key), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*path, i), doc, problems) for i, item in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    import yaml

    if not isinstance(node, yaml.ScalarNode):
        return None
    constructor = _constructor()
    construct = constructor.yaml_constructors.get(node.tag) or constructor.yaml_constructors[None]
    return construct(constructor, node)


@cache
def _constructor() -> yaml.constructor.SafeConstructor:
    import yaml

    return yaml.constructor.SafeConstructor()


def _span(node: yaml.Node, path: str) -> Span:
    quoted = getattr(node, "style", None) in ('"', "'")  # a quoted scalar: point at the text, not the quote
    return Span(path, node.start_mark.line + 1, node.start_mark.column + 1 + quoted)
