"""The server-rendered pages, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/web/pages.py`).

A page is the site's frame (title, stylesheet, icon, skip link, the bar linking home) around its body; a FAQ page
links to the pack's Markdown, JSON and graph, and each answer to its situation in the explorer; the graph page lists
a pack's rules to focus on (docs/web.md).
"""

from __future__ import annotations

from typing import Any

import pytest

import explain.faq_html
import rulings.web.graph
from kb.loader import load_pack
from rulings.web.pages import error_page, faq_page, graph_page, named

EXPLORER = ('<html><title>Rulings explorer</title><meta property="og:title" content="Rulings explorer">'
            '<p>Rulings explorer</p></html>')


def frame(title: str, body: str) -> str:
    """The frame every page has, written out."""
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{title}</title><link rel="stylesheet" href="/static/style.css">'
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head>'
            '<body><a class="skip" href="#main">Skip to the content</a>'
            '<header class="bar"><a href="/">Rulings</a></header>'
            f'<main class="page" id="main" tabindex="-1">{body}</main></body></html>')


@pytest.mark.parametrize(("status", "what"), [
    (404, "Not found"), (400, "Not a question Rulings can answer"), (413, "Too large"), (500, "Error"), (421, "Error"),
])
def test_an_error_page_says_what_went_wrong_in_the_sites_frame(status: int, what: str) -> None:
    assert error_page("unknown pack 'x<y>' & more", status) == frame(
        f"{what} — Rulings",
        f"<h1>{what}</h1><p class=\"error\">unknown pack &#x27;x&lt;y&gt;&#x27; &amp; more</p>"
        '<p><a href="/">Open the explorer</a></p>')


def test_a_shared_link_names_its_ruling_in_the_title_and_preview() -> None:
    assert named(EXPLORER, 'The "score" <needed>: 4+') == (
        "<html><title>The &quot;score&quot; &lt;needed&gt;: 4+ — Rulings</title>"
        '<meta property="og:title" content="The &quot;score&quot; &lt;needed&gt;: 4+">'
        "<p>Rulings explorer</p></html>")


def test_only_the_first_title_and_preview_are_named() -> None:
    twice = EXPLORER + EXPLORER
    assert named(twice, "4+") == ('<html><title>4+ — Rulings</title><meta property="og:title" content="4+">'
                                  "<p>Rulings explorer</p></html>" + EXPLORER)


@pytest.mark.parametrize("headline", [None, ""])
def test_without_a_headline_the_explorer_is_unchanged(headline: str | None) -> None:
    assert named(EXPLORER, headline) == EXPLORER


class Faq:
    """A stand-in for faq_html: records what the page asks of it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __call__(self, pack: Any, doc: Any, *, nav: Any = (), explore: Any = None) -> str:
        self.calls.append((pack, doc, nav, explore))
        return "the faq"


def test_the_faq_page_links_the_packs_other_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    faq = Faq()
    monkeypatch.setattr(explain.faq_html, "faq_html", faq)
    pack = load_pack("fantasy")
    doc = {"entries": []}
    assert faq_page(pack, doc) == "the faq"
    (got_pack, got_doc, nav, explore), = faq.calls
    assert got_pack is pack and got_doc is doc
    assert nav == [("Rulings", "/"), ("Markdown", "/api/faq/fantasy.md"), ("JSON", "/api/faq/fantasy"),
                   ("Rule graph", "/graph/fantasy")]
    entry = {"quantity": "to_hit", "situation": {"given": {"shooter.bs": 3, "shooter.moved": True,
                                                           "target.in_cover": False}}}
    assert explore(entry) == ("/?pack=fantasy&quantity=to_hit&given=shooter.bs=3&given=shooter.moved=true"
                              "&given=target.in_cover=false")


def test_an_answers_link_carries_its_base_and_quotes_what_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    faq = Faq()
    monkeypatch.setattr(explain.faq_html, "faq_html", faq)
    pack = load_pack("fantasy")
    faq_page(pack, {})
    explore = faq.calls[0][3]
    assert explore({"quantity": "to hit", "situation": {"base": "3+"}}) == "/?pack=fantasy&quantity=to%20hit&base=3%2B"
    assert explore({"quantity": "q", "situation": {"base": 0}}) == "/?pack=fantasy&quantity=q&base=0"
    assert explore({"quantity": "q", "situation": {"given": {"a.b": "x y&z=1/2"}, "base": None}}) == (
        "/?pack=fantasy&quantity=q&given=a.b=x%20y%26z=1%2F2")
    assert explore({"quantity": "q", "situation": {}}) == "/?pack=fantasy&quantity=q"


def test_a_real_faq_page_links_an_answer_to_the_explorer() -> None:
    from rulings.web.api import faq_answer
    from rulings.web.packs import Packs

    packs = Packs()
    page = faq_page(packs.get("fantasy"), faq_answer(packs, "fantasy"))
    assert '<a href="/api/faq/fantasy.md">Markdown</a>' in page and '<a href="/graph/fantasy">Rule graph</a>' in page
    assert 'href="/?pack=fantasy&amp;quantity=to_hit&amp;given=shooter.bs=3' in page


def drawing(pack: Any, focus: str | None = None) -> str:
    return f"<svg>{pack.name} {focus}</svg>"


def test_the_graph_page_draws_the_pack_and_lists_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings.web.graph, "drawn", drawing)
    pack = load_pack("fantasy")
    page = graph_page(pack, None)
    links = " ".join(f'<a href="?focus={m}">{m}</a>' for m in pack.modifiers)
    assert links.count("<a") == len(pack.modifiers) >= 3
    assert page == frame(f"{pack.title}: rule graph", (
        f"<h1>{pack.title}: rule graph</h1><p>Facts, derived facts, rules, policies and quantities, each pointing at "
        f"what reads it; all rules.</p><p class=\"focus-links\">Focus on: {links}</p>"
        '<div class="graph" tabindex="0" role="region" aria-label="the rule graph"><svg>fantasy None</svg></div>'
        '<p><a href="/faq/fantasy">FAQ</a></p>'))


@pytest.mark.parametrize("focus", ["hard_cover", "<b>"])
def test_a_focused_graph_says_so_with_a_way_back(monkeypatch: pytest.MonkeyPatch, focus: str) -> None:
    monkeypatch.setattr(rulings.web.graph, "drawn", drawing)
    page = graph_page(load_pack("fantasy"), focus)
    shown = "&lt;b&gt;" if focus == "<b>" else focus
    assert f'each pointing at what reads it; focused on <strong>{shown}</strong> (<a href="?">show all</a>).' in page
    assert f"<svg>fantasy {focus}</svg>" in page


def test_an_empty_focus_is_all_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings.web.graph, "drawn", drawing)
    assert "each pointing at what reads it; all rules." in graph_page(load_pack("fantasy"), "")
