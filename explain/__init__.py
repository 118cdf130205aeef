"""Explain rulings: render the derivation the solver recorded as text, Markdown or JSON."""

from explain.brief import brief_markdown, brief_text
from explain.english import negate, say, sentence
from explain.json import ruling_json
from explain.text import render_markdown, render_text

__all__ = ["brief_markdown", "brief_text", "negate", "render_markdown", "render_text", "ruling_json", "say",
           "sentence"]
