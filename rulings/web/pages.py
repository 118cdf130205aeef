"""The server-rendered pages: a pack's FAQ and its rule graph; the explorer is a static page, named for the ruling
a shared link opens."""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from kb.model import Pack


def _page(title: str, body: str) -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/style.css">'
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head>'
            '<body><a class="skip" href="#main">Skip to the content</a>'
            '<header class="bar"><a href="/">Rulings</a></header>'
            f'<main class="page" id="main" tabindex="-1">{body}</main></body></html>')


def named(explorer: str, headline: str | None) -> str:
    """The explorer page with the ruling a shared link opens in its title and link preview, so a link pasted in a
    chat says what it rules before anyone opens it (the page's script keeps the title current afterwards).

    Examples:
        >>> page = '<title>Rulings explorer</title><meta property="og:title" content="Rulings explorer">'
        >>> print(named(page, 'The score <needed>: 4+').replace("><", ">\\n<"))
        <title>The score &lt;needed&gt;: 4+ — Rulings</title>
        <meta property="og:title" content="The score &lt;needed&gt;: 4+">
        >>> named(page, None) == page
        True
    """
    if not headline:
        return explorer
    return (explorer.replace("<title>Rulings explorer</title>", f"<title>{escape(headline)} — Rulings</title>", 1)
            .replace('<meta property="og:title" content="Rulings explorer">',
                     f'<meta property="og:title" content="{escape(headline)}">', 1))


def error_page(message: str, status: int) -> str:
    """An error on a page a person opened (the API answers the same message as JSON)."""
    what = {404: "Not found", 400: "Not a question Rulings can answer", 413: "Too large"}.get(status, "Error")
    return _page(f"{what} — Rulings", f'<h1>{escape(what)}</h1><p class="error">{escape(message)}</p>'
                                       '<p><a href="/">Open the explorer</a></p>')


def faq_page(pack: Pack, doc: dict[str, Any]) -> str:
    """The FAQ page: `rulings faq --format html`, with the site's links and each answer's link to the explorer."""
    from explain.faq_html import faq_html

    name = quote(pack.name)
    nav = [("Rulings", "/"), ("Markdown", f"/api/faq/{name}.md"), ("JSON", f"/api/faq/{name}"),
           ("Rule graph", f"/graph/{name}")]
    return faq_html(pack, doc, nav=nav, explore=lambda e: _explore(pack, e))


def _explore(pack: Pack, e: dict[str, Any]) -> str:
    """An entry's situation in the explorer (its given facts and base)."""
    given = "".join(f"&given={_given(k, v)}" for k, v in e["situation"].get("given", {}).items())
    base = e["situation"].get("base")
    given += f"&base={quote(str(base))}" if base is not None else ""
    return f"/?pack={quote(pack.name)}&quantity={quote(e['quantity'])}{given}"


def graph_page(pack: Pack, focus: str | None) -> str:
    """The rule graph page: the SVG inline, with a list of rules to focus on."""
    from rulings.web.graph import drawn

    links = " ".join(f'<a href="?focus={escape(m)}">{escape(m)}</a>' for m in pack.modifiers)
    shown = f"focused on <strong>{escape(focus)}</strong> (<a href=\"?\">show all</a>)" if focus else "all rules"
    body = (f"<h1>{escape(pack.title)}: rule graph</h1><p>Facts, derived facts, rules, policies and quantities, "
            f"each pointing at what reads it; {shown}.</p><p class=\"focus-links\">Focus on: {links}</p>"
            f'<div class="graph" tabindex="0" role="region" aria-label="the rule graph">{drawn(pack, focus)}</div>'
            f'<p><a href="/faq/{escape(pack.name)}">FAQ</a></p>')
    return _page(f"{pack.title}: rule graph", body)


def _given(name: str, value: Any) -> str:
    shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return quote(f"{name}={shown}", safe="=.")
