"""The server-rendered pages: a pack's FAQ and its rule graph (the explorer is a static page)."""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from kb.model import Pack


def _page(title: str, body: str) -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><header class="bar"><a href="/">Rulings</a></header><main class="page">{body}</main>'
            "</body></html>")


def faq_page(pack: Pack, doc: dict[str, Any]) -> str:
    """The FAQ (`rulings faq --format json`) as HTML: one section per quantity, each answer with its reasons."""
    parts = [f"<h1>{escape(doc['title'])}: frequently asked questions</h1>",
             f'<p>Generated from the <code>{escape(pack.name)}</code> pack; every answer is re-derived by the '
             f'solver. Also as <a href="/api/faq/{escape(pack.name)}.md">Markdown</a> and '
             f'<a href="/api/faq/{escape(pack.name)}">JSON</a>; '
             f'<a href="/graph/{escape(pack.name)}">the rule graph</a>.</p>']
    quantity = None
    for i, e in enumerate(doc["entries"], 1):
        if e["quantity"] != quantity:
            quantity = e["quantity"]
            q = pack.quantities.get(quantity)
            parts.append(f'<h2 id="{escape(quantity)}">{escape(q.text if q else quantity)}</h2>')
        given = "".join(f"&given={_given(k, v)}" for k, v in e["situation"].get("given", {}).items())
        base = e["situation"].get("base")
        given += f"&base={quote(str(base))}" if base is not None else ""
        link = escape(f"/?pack={quote(pack.name)}&quantity={quote(quantity)}{given}")
        parts.append(f'<section class="faq-entry" id="q{i}"><h3>Q{i}. {escape(e["question"])}</h3>'
                     f'<p class="answer"><strong>{escape(e["answer"])}</strong></p><ul>'
                     + "".join(f"<li>{escape(r)}</li>" for r in e["reasons"])
                     + "</ul>" + "".join(f'<blockquote>{escape(c)}</blockquote>' for c in e["citations"])
                     + f'<p><a href="{link}">open in the explorer</a> · <code>{escape(e["command"])}</code></p>'
                     "</section>")
    return _page(f"{doc['title']}: FAQ", "".join(parts))


def graph_page(pack: Pack, focus: str | None) -> str:
    """The rule graph page: the SVG inline, with a list of rules to focus on."""
    from rulings.web.graph import graph_svg

    links = " ".join(f'<a href="?focus={escape(m)}">{escape(m)}</a>' for m in pack.modifiers)
    shown = f"focused on <strong>{escape(focus)}</strong> (<a href=\"?\">show all</a>)" if focus else "all rules"
    body = (f"<h1>{escape(pack.title)}: rule graph</h1><p>Facts, derived facts, rules, policies and quantities, "
            f"each pointing at what reads it; {shown}.</p><p class=\"focus-links\">Focus on: {links}</p>"
            f'<div class="graph">{graph_svg(pack, focus)}</div>'
            f'<p><a href="/faq/{escape(pack.name)}">FAQ</a></p>')
    return _page(f"{pack.title}: rule graph", body)


def _given(name: str, value: Any) -> str:
    shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return quote(f"{name}={shown}", safe="=.")
