"""`explain.faq_html`, checked where mutation testing found nothing watching
(`python tools/mutate.py explain/faq_html.py`).

The FAQ document is written here by hand (the shape `faq_json` gives), so that each field decides one piece of the
page; the page expected is written from the module's description: contents, each quantity's topics and questions
numbered in order, the keyword questions, then the attacks; every text escaped.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from explain.faq_html import STYLE, _anchors, _citation, _percent, _sequence_id, faq_html
from tests.explain.fact_packs import yaml_pack

PACK = yaml_pack("tiny", """\
facts:
  a.steady: {type: bool}
quantities:
  to_hit: {kind: score, base: 4, text: "the score <to> hit"}
modifiers:
  steady: {quantity: to_hit, change: -1, when: a.steady, under: {aim: generous}}
readings:
  aim:
    sentence: a steady archer aims better
    options: {strict: "no bonus", generous: "a <bonus> of 1"}
    default: strict
""")

E1: dict[str, Any] = {
    "quantity": "to_hit", "topic": "Cover & <stuff>", "question": 'Is "a" < b?', "situation_text": "in <cover>",
    "answer": "4+ & more", "reasons": ["r<1>", "r2"],
    "ruling": {"readings": [{"of": "aim", "reading": "strict", "value": 4, "default": True},
                            {"of": "aim", "reading": "generous", "value": 3, "display": "3+"}]},
    "citations": ["Rules, p1: \u201cthe <quote>\u201d", "Assumption: a <guess>", "no quote here",
                  "\u201cbare\u201d"],
    "command": "rulings ask tiny to_hit --given 'a=<1>'",
}
E2: dict[str, Any] = {
    "quantity": "to_hit", "topic": "!!!", "question": "Q2", "answer": "A2", "reasons": [],
    "ruling": {"groups": [{"readings": []},
                          {"name": "g<1>", "readings": [{"of": "unknown", "reading": "x<y>", "value": 1}]},
                          {"readings": [{"of": "aim", "reading": "generous", "value": 3}]}]},
    "table": {"corner": "c<orner>", "columns": ["one", "t<wo>"],
              "rows": [{"label": "row<1>", "cells": [{"ruling": {"probability": "1/3"}, "command": "cmd <1>"},
                                                      {"ruling": {}, "command": "cmd 2"}]},
                       {"label": "row2", "cells": [{"ruling": {"probability": "1"}, "command": "cmd 3"},
                                                   {"ruling": {"probability": "0"}, "command": "cmd 4"}]}]},
    "citations": [], "command": "never shown",
}
E3: dict[str, Any] = {
    "quantity": "to-hit", "topic": "Cover & <stuff>", "question": "Q3", "answer": "A3",
    "reasons": ["The text can be read two ways"], "situation_text": "",
    "ruling": {"readings": [{"of": "aim", "reading": "strict", "value": 4}]},
    "citations": [], "command": "cmd3",
}
KEYWORD = {"question": "K<1>?", "answer": "Yes & no", "command": "rulings kw <x>"}
SEQUENCE = {"sequence": "attack", "heading": "An <attack>", "topic": "D&ice", "question": "S?", "answer": "2 <hits>",
            "reasons": ["top <1>", "  under <2>"], "citations": ["Assumption: s"], "command": "seq <1>",
            "compared": [{"command": "seq <2>"}]}
DOC = {"title": "Tiny <Game>", "entries": [E1, E2, E3], "keywords": [KEYWORD], "sequences": [SEQUENCE]}

CONTENTS = (
    '<nav class="contents" aria-label="Contents"><h2>Contents</h2><ul>'
    '<li><a href="#about-to-hit">The score &lt;to&gt; hit</a> (2 questions)<ul>'
    '<li><a href="#about-to-hit-cover-stuff">Cover &amp; &lt;stuff&gt;</a><ul>'
    '<li><a href="#q1">Q1</a>. Is &quot;a&quot; &lt; b?</li></ul></li>'
    '<li><a href="#about-to-hit-x">!!!</a><ul><li><a href="#q2">Q2</a>. Q2</li></ul></li>'
    "</ul></li>"
    '<li><a href="#about-to-hit-1">To-hit</a> (1 question)<ul>'
    '<li><a href="#about-to-hit-cover-stuff-1">Cover &amp; &lt;stuff&gt;</a><ul>'
    '<li><a href="#q3">Q3</a>. Q3</li></ul></li>'
    "</ul></li>"
    '<li><a href="#keywords">Keywords: does a rule apply to this unit?</a> (1 question)<ul>'
    '<li><a href="#q4">Q4</a>. K&lt;1&gt;?</li></ul></li>'
    '<li><a href="#attack-attack">An &lt;attack&gt;</a> (1 question)<ul>'
    '<li><a href="#attack-attack-d-ice">D&amp;ice</a><ul><li><a href="#q5">Q5</a>. S?</li></ul></li>'
    "</ul></li>"
    "</ul></nav>"
)

Q1 = (
    '<section class="faq-entry" id="q1"><h4>Q1. Is &quot;a&quot; &lt; b?</h4>'
    '<p class="said">in &lt;cover&gt;</p>'
    '<p class="answer"><strong>4+ &amp; more</strong></p>'
    '<ul class="reasons"><li>r&lt;1&gt;</li><li>r2</li></ul>'
    '<table class="readings"><caption>Where the text can be read two ways</caption>'
    "<tr><th>Read as</th><th>Answer</th></tr>"
    "<tr><td>no bonus (the default)</td><td>4</td></tr>"
    "<tr><td>a &lt;bonus&gt; of 1</td><td>3+</td></tr></table>"
    "<blockquote><p>the &lt;quote&gt;</p><footer>\u2014 <cite>Rules, p1</cite></footer></blockquote>"
    '<p class="assumption">Assumption: a &lt;guess&gt;</p>'
    "<blockquote><footer><cite>no quote here</cite></footer></blockquote>"
    "<blockquote><p>bare</p></blockquote>"
    '<pre class="replay"><code>rulings ask tiny to_hit --given &#x27;a=&lt;1&gt;&#x27;</code></pre>'
    '<p class="chrome"><a href="/explore?q=Is &quot;a&quot; &lt; b?&amp;x">open in the explorer</a></p>'
    "</section>"
)
Q2 = (
    '<section class="faq-entry" id="q2"><h4>Q2. Q2</h4>'
    '<p class="answer"><strong>A2</strong></p>'
    '<table class="readings"><caption>Where the text can be read two ways (g&lt;1&gt;)</caption>'
    "<tr><th>Read as</th><th>Answer</th></tr><tr><td>x&lt;y&gt;</td><td>1</td></tr></table>"
    '<table class="readings"><caption>Where the text can be read two ways</caption>'
    "<tr><th>Read as</th><th>Answer</th></tr><tr><td>a &lt;bonus&gt; of 1</td><td>3</td></tr></table>"
    '<table class="odds"><tr><th>c&lt;orner&gt;</th><th>one</th><th>t&lt;wo&gt;</th></tr>'
    "<tr><th>row&lt;1&gt;</th><td>1/3 (33%)</td><td>-</td></tr>"
    "<tr><th>row2</th><td>1 (100%)</td><td>0 (0%)</td></tr></table>"
    '<pre class="replay"><code>cmd &lt;1&gt;\ncmd 2\ncmd 3\ncmd 4</code></pre>'
    '<p class="chrome"><a href="/explore?q=Q2&amp;x">open in the explorer</a></p>'
    "</section>"
)
Q3 = (
    '<section class="faq-entry" id="q3"><h4>Q3. Q3</h4>'
    '<p class="answer"><strong>A3</strong></p>'
    '<ul class="reasons"><li>The text can be read two ways</li></ul>'
    '<pre class="replay"><code>cmd3</code></pre>'
    '<p class="chrome"><a href="/explore?q=Q3&amp;x">open in the explorer</a></p>'
    "</section>"
)
BODY = [
    "<h1>Tiny &lt;Game&gt;: frequently asked questions</h1>",
    "<p>Generated from the <code>tiny</code> pack by <code>rulings faq tiny</code>. Every answer is re-derived by "
    "the solver when the FAQ is generated, so it always matches the pack.</p>",
    CONTENTS,
    '<section class="quantity" id="about-to-hit"><h2>The score &lt;to&gt; hit</h2>',
    '<section class="topic" id="about-to-hit-cover-stuff"><h3>Cover &amp; &lt;stuff&gt;</h3>',
    Q1,
    "</section>",
    '<section class="topic" id="about-to-hit-x"><h3>!!!</h3>',
    Q2,
    "</section>",
    "</section>",
    '<section class="quantity" id="about-to-hit-1"><h2>To-hit</h2>',
    '<section class="topic" id="about-to-hit-cover-stuff-1"><h3>Cover &amp; &lt;stuff&gt;</h3>',
    Q3,
    "</section>",
    "</section>",
    '<section class="quantity" id="keywords"><h2>Keywords: does a rule apply to this unit?</h2>',
    '<section class="faq-entry" id="q4"><h4>Q4. K&lt;1&gt;?</h4><p class="answer">Yes &amp; no</p>'
    '<pre class="replay"><code>rulings kw &lt;x&gt;</code></pre></section>',
    "</section>",
    '<section class="quantity sequence" id="attack-attack"><h2>An &lt;attack&gt;</h2>',
    '<section class="topic" id="attack-attack-d-ice"><h3>D&amp;ice</h3>',
    '<section class="faq-entry sequence" id="q5"><h4>Q5. S?</h4><p class="answer"><strong>2 &lt;hits&gt;</strong></p>'
    '<ul class="reasons"><li>top &lt;1&gt;</li><li class="sub">under &lt;2&gt;</li></ul>'
    '<p class="assumption">Assumption: s</p>'
    '<pre class="replay"><code>seq &lt;1&gt;\nseq &lt;2&gt;</code></pre></section>',
    "</section>",
    "</section>",
]


def page(chrome: str, body: list[str], title: str = "Tiny &lt;Game&gt;: frequently asked questions") -> str:
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{chrome}"
            "<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n")


def test_the_whole_page() -> None:
    got = faq_html(PACK, DOC, nav=[("Home", "/"), ("F&Q", "/faq?a=1&b=<2>")],
                   explore=lambda e: f"/explore?q={e['question']}&x")
    chrome = '<nav class="chrome"><a href="/">Home</a><a href="/faq?a=1&amp;b=&lt;2&gt;">F&amp;Q</a></nav>'
    assert got == page(chrome, BODY)


def test_without_navigation_nor_explorer() -> None:
    got = faq_html(PACK, DOC)
    assert got == page("", [re.sub(r'<p class="chrome">.*?</p>', "", part) for part in BODY])
    assert "chrome" not in got.split("</style>", 1)[1]


def test_the_command_given_and_no_keywords_nor_sequences() -> None:
    got = faq_html(PACK, {"title": "T", "entries": [E3], "command": "rulings faq tiny --x", "keywords": None})
    assert "<p>Generated from the <code>tiny</code> pack by <code>rulings faq tiny --x</code>." in got
    assert 'id="keywords"' not in got and "sequence" not in got and 'href="#keywords"' not in got
    assert '<section class="quantity" id="about-to-hit"><h2>To-hit</h2>' in got
    assert '<li><a href="#about-to-hit">To-hit</a> (1 question)<ul>' in got


@pytest.mark.parametrize(("cite", "html"), [
    ("Assumption: x", '<p class="assumption">Assumption: x</p>'),
    ("Book: \u201cline one\nline two\u201d", "<blockquote><p>line one\nline two</p><footer>\u2014 <cite>Book</cite>"
                                              "</footer></blockquote>"),
    ("\u201cq\u201d trailing", "<blockquote><footer><cite>\u201cq\u201d trailing</cite></footer></blockquote>"),
    ("A: B: \u201cq\u201d", "<blockquote><p>q</p><footer>\u2014 <cite>A: B</cite></footer></blockquote>"),
])
def test_a_citation(cite: str, html: str) -> None:
    assert _citation(cite) == html


@pytest.mark.parametrize(("probability", "said"), [(None, "-"), ("1/3", "1/3 (33%)"), ("2/3", "2/3 (67%)"),
                                                  ("1", "1 (100%)"), ("0", "0 (0%)")])
def test_a_chance_in_the_odds_table(probability: str | None, said: str) -> None:
    assert _percent(probability) == said


def test_anchors_never_repeat() -> None:
    entries = [{"quantity": q, "topic": t} for q, t in [("a b", "T"), ("a-b", "T"), ("a_b", "T"), ("a b", "T")]]
    assert _anchors(entries) == {("a b", ""): "about-a-b", ("a b", "T"): "about-a-b-t",
                                 ("a-b", ""): "about-a-b-1", ("a-b", "T"): "about-a-b-t-1",
                                 ("a_b", ""): "about-a-b-2", ("a_b", "T"): "about-a-b-t-2"}


def test_a_sequence_id() -> None:
    assert _sequence_id("Big Attack!") == "attack-big-attack"
    assert _sequence_id("a", "T 1") == "attack-a-t-1"
    assert _sequence_id("a", "!!") == "attack-a-x"


def test_reasons_that_give_each_reading_are_read_as_one_text() -> None:
    """The reasons say "The text can be read ..." across two of them: no readings table besides."""
    e = {**E3, "reasons": ["The text can", "be read two ways"]}
    got = faq_html(PACK, {"title": "T", "entries": [e]})
    assert '<table class="readings">' not in got
    assert '<ul class="reasons"><li>The text can</li><li>be read two ways</li></ul>' in got
