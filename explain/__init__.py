"""Explain rulings: render the derivation the solver recorded as text, Markdown or JSON."""

from explain.json import ruling_json
from explain.text import render_markdown, render_text

__all__ = ["render_markdown", "render_text", "ruling_json"]
