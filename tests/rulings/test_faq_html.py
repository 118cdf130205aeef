"""`rulings faq --format html`: one self-contained, printable page, every text from the pack escaped."""

from __future__ import annotations

import json
import re
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from kb import builtin_packs
from rulings.cli import main

PACKS = [p for p in ("fantasy", "skirmish", "wh40k") if p in builtin_packs()]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
HOSTILE = '<script>alert("&")</script>'


class Page(HTMLParser):
    """The page's tags checked for balance, and the text of each FAQ entry, code block and style sheet."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.entries: list[dict[str, Any]] = []  # {"id", "text", "code": [...], "quotes": [...]}
        self.style = ""
        self._entry_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in VOID:
            return
        self.open.append(tag)
        if tag == "section" and dict(attrs).get("class") == "faq-entry":
            self._entry_depth = len(self.open)
            self.entries.append({"id": dict(attrs).get("id"), "text": "", "code": [], "quotes": []})
        elif tag == "code" and self._in_entry():
            self.entries[-1]["code"].append("")
        elif tag == "blockquote" and self._in_entry():
            self.entries[-1]["quotes"].append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'} at {self.getpos()}")
            return
        if self._entry_depth == len(self.open) and tag == "section":
            self._entry_depth = None
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] == "style":
            self.style += data
        if not self._in_entry():
            return
        entry = self.entries[-1]
        entry["text"] += data
        if "code" in self.open[self._entry_depth or 0:]:
            entry["code"][-1] += data
        if "blockquote" in self.open[self._entry_depth or 0:]:
            entry["quotes"][-1] += data

    def _in_entry(self) -> bool:
        return self._entry_depth is not None and len(self.open) >= self._entry_depth


def cli_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@cache
def _both(pack: str, tmp: str) -> tuple[str, dict[str, Any]]:
    html_file, json_file = Path(tmp) / f"{pack}.html", Path(tmp) / f"{pack}.json"
    assert main(["faq", pack, "--format", "html", "--out", str(html_file)]) == 0
    assert main(["faq", pack, "--format", "json", "--out", str(json_file)]) == 0
    return html_file.read_text(encoding="utf-8"), json.loads(json_file.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def outdir(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("faq-html"))


def parsed(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    return page


@pytest.mark.parametrize("pack", PACKS)
def test_the_page_is_balanced_html5_and_fetches_nothing(pack: str, outdir: str) -> None:
    text, doc = _both(pack, outdir)
    page = parsed(text)
    assert text.startswith("<!doctype html>")
    assert page.problems == [] and page.open == []
    assert [t for t, _ in page.tags if t in ("script", "link", "img", "iframe", "object")] == []
    external = [a for _, attrs in page.tags for k, a in attrs.items() if k in ("href", "src") and a
                and not a.startswith("#")]
    assert external == []
    assert ("title", {}) in page.tags and f"{doc['title']}: frequently asked questions" in text


@pytest.mark.parametrize("pack", PACKS)
def test_one_entry_per_question_of_the_json_faq_each_with_its_answer_citations_and_replay(pack: str,
                                                                                          outdir: str) -> None:
    text, doc = _both(pack, outdir)
    page = parsed(text)
    questions = [*doc["entries"], *doc["keywords"]]
    assert len(page.entries) == len(questions) > 0
    assert [e["id"] for e in page.entries] == [f"q{i}" for i in range(1, len(questions) + 1)]
    for shown, asked in zip(page.entries, questions, strict=True):
        assert asked["question"] in shown["text"] and asked["answer"] in shown["text"]
        assert asked["command"] in shown["code"] or asked.get("table")
        for cite in asked.get("citations", []):
            if cite.startswith("Assumption: "):
                assert cite in shown["text"], cite
                continue
            quoted = re.fullmatch(r"(?:(.*?): )?\u201c(.*)\u201d", cite, re.DOTALL)
            where, quote = quoted.groups() if quoted else (cite, "")
            assert any(quote in q and (where or "") in q for q in shown["quotes"]), cite
    # each question is also in the contents, linked to its entry
    assert all(("a", {"href": f"#q{i}"}) in page.tags for i in range(1, len(questions) + 1))


@pytest.mark.parametrize("pack", PACKS)
def test_every_readings_answer_is_on_the_page(pack: str, outdir: str) -> None:
    """Each reading is on the page by what it means (never its id), with its answer."""
    from explain.faq_words import value_words
    from kb import load_pack
    from solver import ask, situation_from_data

    loaded = load_pack(pack)
    text, doc = _both(pack, outdir)
    page = parsed(text)
    split = 0
    for shown, asked in zip(page.entries, doc["entries"], strict=False):
        ruling = asked["ruling"]
        for sub in ruling.get("groups") or [ruling]:
            for reading in sub.get("readings") or []:
                split += 1
                meaning = dict(loaded.readings[reading["of"]].options)[reading["reading"]].removesuffix(".")
                assert meaning[1:] in shown["text"], reading
                if not sub.get("name") and not asked["situation"].get("groups"):
                    data = {**asked["situation"], "reading": {reading["of"]: reading["reading"]}}
                    r = ask(loaded, asked["quantity"], situation_from_data(data, loaded, loaded.examples[0].where))
                    assert value_words(r, loaded.quantities[asked["quantity"]]) in shown["text"], reading
    assert split > 0 or pack != "skirmish"


@pytest.mark.parametrize("pack", PACKS)
def test_the_page_prints_without_navigation_and_breaks_between_quantities(pack: str, outdir: str) -> None:
    page = parsed(_both(pack, outdir)[0])
    assert "@media print" in page.style
    printed = page.style.split("@media print", 1)[1]
    assert "display: none" in printed and "break-before: page" in printed and "break-inside: avoid" in printed


def test_the_web_faq_page_is_the_same_page_with_its_navigation(outdir: str) -> None:
    from explain.faq import faq, faq_json
    from explain.faq_html import faq_html
    from kb.loader import load_pack
    from rulings.web.pages import faq_page

    pack = load_pack("skirmish")
    doc = faq_json(pack, faq(pack))
    web = faq_page(pack, doc)
    assert faq_html(pack, doc) == _both("skirmish", outdir)[0]
    assert '<nav class="chrome">' in web and '<nav class="chrome">' not in faq_html(pack, doc)
    assert parsed(web).problems == []


def _hostile_pack(tmp_path: Path) -> Path:
    """skirmish with every mention of the Cover status (a fact's text, rule quotes, a declared question) and its
    title carrying markup, quotes and ampersands."""
    from kb.locate import BUILTIN

    def spoil(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: spoil(v) for k, v in node.items()}
        if isinstance(node, list):
            return [spoil(v) for v in node]
        if isinstance(node, str):
            return node.replace("Cover status", f"Cover {HOSTILE} status")
        return node

    data = spoil(yaml.safe_load((BUILTIN / "skirmish.yaml").read_text(encoding="utf-8")))
    data["title"] = f'{HOSTILE} "Skirmish" & friends'
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_text_from_a_pack_is_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _hostile_pack(tmp_path)
    text = cli_text(capsys, "faq", str(path), "--format", "html")
    doc = json.loads(cli_text(capsys, "faq", str(path), "--format", "json"))
    assert "<script" not in text.lower()
    assert '"&' not in text.replace('"&quot;', "")  # an attribute's quote may precede an entity, never a raw "&
    assert "&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt;" in text
    page = parsed(text)
    assert page.problems == [] and not any(t == "script" for t, _ in page.tags)
    hostile = [e for e in page.entries if HOSTILE in e["text"]]
    assert hostile and any(HOSTILE in q for e in page.entries for q in e["quotes"])
    assert any(HOSTILE in e["question"] for e in doc["entries"])
    title = text.split("<title>", 1)[1].split("</title>", 1)[0]
    assert unescape(title) == f'{HOSTILE} "Skirmish" & friends: frequently asked questions'


def test_the_format_follows_the_out_files_suffix(outdir: str, tmp_path: Path) -> None:
    for name in ("faq.html", "faq.json", "faq.md"):
        assert main(["faq", "skirmish", "--out", str(tmp_path / name)]) == 0
    assert (tmp_path / "faq.html").read_text(encoding="utf-8") == _both("skirmish", outdir)[0]
    assert json.loads((tmp_path / "faq.json").read_text(encoding="utf-8")) == _both("skirmish", outdir)[1]
    assert (tmp_path / "faq.md").read_text(encoding="utf-8").startswith("# Skirmish")


def test_a_faq_names_the_command_that_generates_it_again_as_the_pack_was_named(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack given by path: the header's command names the path, so it runs again from the same folder."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    for fmt in ("markdown", "html", "json"):
        assert main(["faq", "docs/examples/platoon.yaml", "--format", fmt]) in (0, None)
        out = capsys.readouterr().out
        assert "rulings faq docs/examples/platoon.yaml" in out
        assert "rulings faq platoon" not in out
