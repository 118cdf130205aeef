"""A pack's FAQ as one self-contained, printable HTML page.

The page is rendered from the FAQ's JSON (`explain.faq.faq_json`), so
`rulings faq --format html` and the web explorer's FAQ page are the same
page: the web adds only its navigation, which printing hides. Everything a
pack says (titles, questions, quotes, names) comes from whoever wrote the
pack, so every piece of it is escaped; the page needs no script and fetches
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from html import escape
from typing import Any

from explain.faq import KEYWORDS, count_questions
from kb.model import Pack

STYLE = """\
:root { --ink: #1d2330; --muted: #5b6475; --line: #d7dbe3; --accent: #2f5d9e; }
body { margin: 0; font: 16px/1.45 system-ui, sans-serif; color: var(--ink); background: #fff; }
nav.chrome { display: flex; gap: 1em; padding: .5em 1em; background: var(--ink); }
nav.chrome a { color: #fff; text-decoration: none; }
main { max-width: 60em; margin: 0 auto; padding: 1em; }
a { color: var(--accent); }
.contents ul { padding-left: 1.2em; }
.contents > ul > li { margin-top: .4em; }
.faq-entry { border-top: 1px solid var(--line); padding: .2em 0 .6em; }
.faq-entry h4 { font-size: 1em; margin: .8em 0 .3em; }
.reasons li.sub { margin-left: 1.2em; }
.said { font-style: italic; color: var(--muted); }
.answer { font-size: 1.1em; }
.reasons { margin: .3em 0; padding-left: 1.2em; }
blockquote { margin: .4em 0 .4em .5em; padding-left: .7em; border-left: 3px solid var(--line); }
blockquote p { margin: 0; }
blockquote footer, .assumption { color: var(--muted); font-size: .9em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid var(--line); padding: .2em .6em; text-align: left; }
pre.replay { margin: .4em 0; padding: .4em .6em; background: #eef1f6; white-space: pre-wrap;
  overflow-wrap: anywhere; font-size: .85em; }
@media print {
  nav.chrome, .chrome { display: none; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  section.quantity { break-before: page; page-break-before: always; }
  h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
  .faq-entry, blockquote, table, pre.replay { break-inside: avoid; page-break-inside: avoid; }
  pre.replay { background: none; border: 1px solid var(--line); }
}
"""
"""The page's whole style, inline: the page is one file that can be mailed, served or printed."""


def faq_html(pack: Pack, doc: dict[str, Any], *, nav: Sequence[tuple[str, str]] = (),
             explore: Callable[[dict[str, Any]], str] | None = None) -> str:
    """The FAQ (`rulings faq --format json`) as one HTML5 page: contents by topic, then each question answered.

    Args:
        pack: the pack the FAQ is of (for its quantities' words).
        doc: the FAQ as `faq_json` gives it.
        nav: (label, address) links shown above the page and never printed (the web's navigation).
        explore: an entry's address in an explorer, shown as a link under it and never printed.

    Examples:
        >>> from kb.loader import load_pack
        >>> from explain.faq import faq, faq_json
        >>> pack = load_pack("skirmish")
        >>> page = faq_html(pack, faq_json(pack, faq(pack)))
        >>> page.startswith("<!doctype html>") and "@media print" in page
        True
    """
    title = f"{doc['title']}: frequently asked questions"
    entries, keywords = doc["entries"], doc.get("keywords") or []
    body = [f"<h1>{escape(title)}</h1>",
            f"<p>Generated from the <code>{escape(pack.name)}</code> pack by <code>"
            f"{escape(doc.get('command') or 'rulings faq ' + pack.name)}</code>. Every answer is re-derived by "
            "the solver when the FAQ is generated, so it always matches the pack.</p>",
            _contents(pack, entries, keywords, doc.get("sequences") or [])]
    number = 0
    ids = _anchors(entries)
    for quantity, group in _by_quantity(entries).items():
        body.append(f'<section class="quantity" id="{ids[quantity, ""]}">'
                    f"<h2>{escape(_cap(_quantity_text(pack, quantity)))}</h2>")
        for topic, in_topic in _by_topic(group).items():
            body.append(f'<section class="topic" id="{ids[quantity, topic]}"><h3>{escape(topic)}</h3>')
            for e in in_topic:
                number += 1
                body.append(_entry(pack, number, e, explore))
            body.append("</section>")
        body.append("</section>")
    if keywords:
        body.append(f'<section class="quantity" id="keywords"><h2>{escape(KEYWORDS)}</h2>')
        for k in keywords:
            number += 1
            body.append(f'<section class="faq-entry" id="q{number}"><h4>Q{number}. {escape(k["question"])}</h4>'
                        f'<p class="answer">{escape(k["answer"])}</p>{_replay(k["command"])}</section>')
        body.append("</section>")
    number = _sequences(body, doc.get("sequences") or [], number)
    chrome = ('<nav class="chrome">' + "".join(f'<a href="{escape(href)}">{escape(label)}</a>'
                                               for label, href in nav) + "</nav>") if nav else ""
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{chrome}"
            "<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n")


def _contents(pack: Pack, entries: list[dict[str, Any]], keywords: list[dict[str, Any]],
              doc_sequences: list[dict[str, Any]] = ()) -> str:  # type: ignore[assignment]
    """The contents: each quantity, its topics, and each topic's questions, linked; the keyword questions; each
    sequence (a whole attack), its topics and questions."""
    out = ['<nav class="contents" aria-label="Contents"><h2>Contents</h2><ul>']
    number = 0
    ids = _anchors(entries)
    for quantity, group in _by_quantity(entries).items():
        listed, number = _listed(ids[quantity, ""], _cap(_quantity_text(pack, quantity)), group,
                                 partial(_topic_id, ids, quantity), number)
        out += listed
    if keywords:
        out.append(f'<li><a href="#keywords">{escape(KEYWORDS)}</a> ({count_questions(len(keywords))})<ul>')
        for k in keywords:
            number += 1
            out.append(f'<li><a href="#q{number}">Q{number}</a>. {escape(k["question"])}</li>')
        out.append("</ul></li>")
    for name, group in _by_sequence(doc_sequences).items():
        listed, number = _listed(_sequence_id(name), group[0]["heading"], group, partial(_sequence_id, name), number)
        out += listed
    return "".join(out) + "</ul></nav>"


def _topic_id(ids: dict[tuple[str, str], str], quantity: str, topic: str) -> str:
    return ids[quantity, topic]


def _listed(href: str, heading: str, group: list[dict[str, Any]], topic_href: Callable[[str], str],
            number: int) -> tuple[list[str], int]:
    """One section of the contents: its heading, each topic, each topic's questions numbered from `number`."""
    out = [f'<li><a href="#{href}">{escape(heading)}</a> ({count_questions(len(group))})<ul>']
    for topic, in_topic in _by_topic(group).items():
        out.append(f'<li><a href="#{topic_href(topic)}">{escape(topic)}</a><ul>')
        for e in in_topic:
            number += 1
            out.append(f'<li><a href="#q{number}">Q{number}</a>. {escape(e["question"])}</li>')
        out.append("</ul></li>")
    out.append("</ul></li>")
    return out, number


def _entry(pack: Pack, number: int, e: dict[str, Any], explore: Callable[[dict[str, Any]], str] | None) -> str:
    """One question: the situation in words where the question does not state it, the short answer, its reasons,
    every reading's answer, the odds table, the quotes it rests on, and the command that replays it."""
    out = [f'<section class="faq-entry" id="q{number}"><h4>Q{number}. {escape(e["question"])}</h4>']
    if e.get("situation_text"):
        out.append(f'<p class="said">{escape(e["situation_text"])}</p>')
    out.append(f'<p class="answer"><strong>{escape(e["answer"])}</strong></p>')
    if e["reasons"]:
        out.append('<ul class="reasons">' + "".join(f"<li>{escape(r)}</li>" for r in e["reasons"]) + "</ul>")
    out += _readings(pack, e["ruling"], " ".join(e["reasons"]))
    if e.get("table"):
        out.append(_table(e["table"]))
    out += [_citation(c) for c in e["citations"]]
    table = e.get("table")
    out.append(_replay("\n".join(cell["command"] for row in table["rows"] for cell in row["cells"])
                       if table else e["command"]))
    if explore is not None:
        out.append(f'<p class="chrome"><a href="{escape(explore(e))}">open in the explorer</a></p>')
    return "".join(out) + "</section>"


def _readings(pack: Pack, ruling: dict[str, Any], reasons: str) -> list[str]:
    """A table of every reading's answer, for a ruling (or each group of one) whose text reads two ways and whose
    reasons do not already give each reading's answer; each reading by what it means, not its id."""
    subs = [(g.get("name", ""), g) for g in ruling["groups"]] if ruling.get("groups") else [("", ruling)]
    out = []
    for name, sub in subs:
        if not sub.get("readings") or "The text can be read" in reasons:
            continue
        caption = "Where the text can be read two ways" + (f" ({name})" if name else "")

        def meaning(r: dict[str, Any]) -> str:
            reading = pack.readings.get(str(r.get("of", "")))
            return dict(reading.options).get(r["reading"], r["reading"]) if reading is not None else str(r["reading"])

        rows = "".join(f"<tr><td>{escape(meaning(r))}{' (the default)' if r.get('default') else ''}</td>"
                       f"<td>{escape(str(r.get('display', r['value'])))}</td></tr>" for r in sub["readings"])
        out.append(f'<table class="readings"><caption>{escape(caption)}</caption>'
                   f"<tr><th>Read as</th><th>Answer</th></tr>{rows}</table>")
    return out


def _table(table: dict[str, Any]) -> str:
    """An odds table: the chance in each cell, as a fraction and in whole percent."""
    head = "".join(f"<th>{escape(c)}</th>" for c in [table["corner"], *table["columns"]])
    rows = "".join(f"<tr><th>{escape(row['label'])}</th>"
                   + "".join(f"<td>{escape(_percent(cell['ruling'].get('probability')))}</td>" for cell in row["cells"])
                   + "</tr>" for row in table["rows"])
    return f'<table class="odds"><tr>{head}</tr>{rows}</table>'


def _citation(cite: str) -> str:
    """A citation: a seed quote as a blockquote naming where it is; an assumption as a note."""
    if cite.startswith("Assumption: "):
        return f'<p class="assumption">Assumption: {escape(cite.removeprefix("Assumption: "))}</p>'
    found = re.fullmatch(r"(?:(.*?): )?\u201c(.*)\u201d", cite, re.DOTALL)
    if found is None:
        return f'<blockquote><footer><cite>{escape(cite)}</cite></footer></blockquote>'
    where, quote = found.groups()
    footer = f"<footer>\u2014 <cite>{escape(where)}</cite></footer>" if where else ""
    return f"<blockquote><p>{escape(quote)}</p>{footer}</blockquote>"


def _replay(command: str) -> str:
    return f'<pre class="replay"><code>{escape(command)}</code></pre>'


def _by_quantity(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        out.setdefault(e["quantity"], []).append(e)
    return out


def _by_topic(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        out.setdefault(e["topic"], []).append(e)
    return out


def _quantity_text(pack: Pack, name: str) -> str:
    q = pack.quantities.get(name)
    return q.text if q is not None else name


def _anchors(entries: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    """The element id of each quantity (topic "") and each of its topics: letters, digits and dashes only, so
    they need no escaping, and never the same twice (nor a question's `qN`)."""
    out: dict[tuple[str, str], str] = {}
    for e in entries:
        for key in ((e["quantity"], ""), (e["quantity"], e["topic"])):
            if key not in out:
                slug = "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("-") or "x" for p in ("about", *key) if p)
                taken = set(out.values())
                out[key] = next(f"{slug}-{i}" if i else slug for i in range(len(taken) + 1)
                                if (f"{slug}-{i}" if i else slug) not in taken)
    return out


def _percent(probability: str | None) -> str:
    if probability is None:
        return "-"
    p = Fraction(probability)
    return f"{probability} ({round(float(p) * 100)}%)"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sequences(body: list[str], sequences: list[dict[str, Any]], number: int) -> int:
    """The questions on whole attacks, one section per sequence: each answer, the attack step by step, the
    quotes it rests on, and the commands that resolve it (and the attack it is told from) again. Their class
    is `faq-entry sequence`: styled and printed as every entry, told apart from the quantities' questions."""
    for name, group in _by_sequence(sequences).items():
        body.append(f'<section class="quantity sequence" id="{_sequence_id(name)}">'
                    f"<h2>{escape(group[0]['heading'])}</h2>")
        for topic, in_topic in _by_topic(group).items():
            body.append(f'<section class="topic" id="{_sequence_id(name, topic)}"><h3>{escape(topic)}</h3>')
            for e in in_topic:
                number += 1
                out = [f'<section class="faq-entry sequence" id="q{number}">'
                       f'<h4>Q{number}. {escape(e["question"])}</h4>',
                       f'<p class="answer"><strong>{escape(e["answer"])}</strong></p>']
                if e["reasons"]:
                    out.append('<ul class="reasons">' + "".join(
                        ('<li class="sub">' if r.startswith("  ") else "<li>") + f"{escape(r.strip())}</li>"
                        for r in e["reasons"]) + "</ul>")
                out += [_citation(c) for c in e["citations"]]
                out.append(_replay("\n".join([e["command"], *(c["command"] for c in e.get("compared") or [])])))
                body.append("".join(out) + "</section>")
            body.append("</section>")
        body.append("</section>")
    return number


def _by_sequence(entries: list[dict[str, Any]] | tuple[()]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        out.setdefault(e["sequence"], []).append(e)
    return out


def _sequence_id(name: str, topic: str = "") -> str:
    """A sequence's (or one of its topics') element id: never a quantity's (those begin `about-`) nor a question's."""
    return "-".join(re.sub(r"[^a-z0-9]+", "-", p.lower()).strip("-") or "x" for p in ("attack", name, topic) if p)
