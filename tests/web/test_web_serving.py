"""Serving safely and once: the Host allowlist, upload types, safety headers, the warning beyond loopback,
`--timeout` per request, a FAQ built once for concurrent first requests, a served pack that would take a
built-in's name, error pages, and the words the page shows (no command-line hints, no "null")."""

from __future__ import annotations

import re
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from kb.errors import RulingsError
from rulings.web import create_app

ROOT = Path(__file__).resolve().parents[2]
YAML = {"content-type": "application/yaml"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost")


def brief_lines(client: TestClient, query: str) -> list[str]:
    r = client.get(f"/api/brief?{query}")
    assert r.status_code == 200, r.text
    return [line["text"] for line in r.json()["lines"]]


@pytest.mark.parametrize("query", [
    "pack=fantasy&quantity=to_hit&given=shooter.bs=3",  # "not shown: N rules" (--full on the command line)
    "pack=skirmish&quantity=to_hit",  # cases: "give the facts (--given ...)"
    "pack=wh40k&quantity=T&base=4&effects=-1&given=unit.ignores_modifiers%3Dtrue&ignore=",  # "N more weighed"
    "pack=wh40k&quantity=T&base=4",  # no chance: no "null" line
    "pack=skirmish&quantity=attack&given=attacker.to_hit=4&given=target.save=5&step=attacks%3D6",
])
def test_the_pages_lines_have_no_command_line_hint_and_no_null(client: TestClient, query: str) -> None:
    lines = brief_lines(client, query)
    assert lines
    for text in lines:
        assert "--" not in text and text.strip() not in ("null", "None", "") and "null" not in text.split(), text


def test_the_hidden_rules_line_points_at_the_list_the_page_shows(client: TestClient) -> None:
    lines = brief_lines(client, "pack=fantasy&quantity=to_hit&given=shooter.bs=3")
    assert "not shown: 10 rules that did not apply (listed under “Rules that did not count”)" in lines
    doc = client.get("/api/brief?pack=fantasy&quantity=to_hit&given=shooter.bs=3").json()
    assert "(--full lists them)" in doc["text"]  # the command line's own text keeps its hint


@pytest.mark.parametrize("path", ["/faq/nope", "/graph/nope", "/nowhere"])
def test_a_page_a_person_opens_answers_an_error_as_a_page(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert "<h1>Not found</h1>" in r.text and '{"error"' not in r.text
    assert client.get("/api/faq/nope").json()["error"].startswith("unknown pack 'nope'")


def test_a_host_the_server_does_not_answer_to_is_refused(client: TestClient) -> None:
    assert client.get("/api/packs", headers={"host": "evil.example"}).status_code == 421
    assert client.get("/api/packs", headers={"host": "localhost:8000"}).status_code == 200
    allowed = TestClient(create_app(hosts=["rulings.lan"]), base_url="http://rulings.lan")
    assert allowed.get("/api/packs").status_code == 200


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""])
def test_an_upload_a_cross_site_form_could_send_is_refused(client: TestClient, kind: str) -> None:
    r = client.post("/api/check/fantasy", content=b"modifiers: {}", headers={"content-type": kind})
    assert r.status_code == 415
    assert client.post("/api/check/fantasy", content=b"", headers=YAML).status_code == 200


@pytest.mark.parametrize("path", ["/", "/api/packs", "/faq/nope", "/static/explorer.js"])
def test_every_answer_carries_the_safety_headers(client: TestClient, path: str) -> None:
    h = client.get(path).headers
    assert "frame-ancestors 'none'" in h["content-security-policy"]
    assert "script-src 'self'" in h["content-security-policy"]
    assert h["x-content-type-options"] == "nosniff"
    assert h["x-frame-options"] == "DENY"


def test_a_faq_is_built_once_for_three_concurrent_first_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    import explain.faq
    from rulings.web import api
    from rulings.web.packs import Packs

    built = []
    real = explain.faq.faq

    def slow_faq(pack: Any, *args: Any, **kwargs: Any) -> Any:
        built.append(pack.name)
        time.sleep(0.5)  # long enough that all three requests arrive while it is being built
        return real(pack, *args, **kwargs)

    monkeypatch.setattr(explain.faq, "faq", slow_faq)
    packs = Packs()
    answers: list[Any] = []
    threads = [threading.Thread(target=lambda: answers.append(api.faq_answer(packs, "fantasy"))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert built == ["fantasy"]
    assert len(answers) == 3 and answers[0] is answers[1] is answers[2]
    api.faq_answer(packs, "fantasy")
    api.faq_answer(packs, "skirmish")  # another pack is its own FAQ
    assert built == ["fantasy", "skirmish"]


def clashing_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "clash"
    folder.mkdir()
    for file in (ROOT / "tests" / "kb" / "folder_pack").iterdir():
        text = file.read_text(encoding="utf-8").replace("pack: folder_pack", "pack: fantasy")
        (folder / file.name).write_text(text, encoding="utf-8")
    return folder


def test_a_served_pack_named_like_a_built_in_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulings.cli import main

    folder = clashing_pack(tmp_path)
    with pytest.raises(RulingsError, match="named 'fantasy', as a built-in pack is"):
        create_app([str(folder)])
    assert main(["serve", str(folder), "--port", "0"]) == 2  # before anything listens
    err = capsys.readouterr().err
    assert "a name serves one pack" in err and "pack: my-fantasy" in err


def test_serving_beyond_loopback_warns(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import uvicorn

    from rulings.cli import main

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw))
    assert main(["serve", "--host", "0.0.0.0", "--port", "0", "--allow-host", "rulings.lan"]) == 0
    err = capsys.readouterr().err
    assert ran and ran[0]["host"] == "0.0.0.0"
    assert "warning: listening on 0.0.0.0" in err and "rulings.lan" in err and "--allow-host" in err
    assert main(["serve", "--port", "0"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_timeout_limits_each_search_not_the_server(serve: Any) -> None:
    with serve("--timeout", "1") as url:
        time.sleep(1.5)  # past the command line's whole-run limit: the server must still answer
        with urllib.request.urlopen(f"{url}/api/ask?pack=fantasy&quantity=to_hit&given=shooter.bs=3",
                                    timeout=30) as r:
            assert b'"display": "4+"' in r.read()


def test_the_graph_has_arrowheads_a_legend_and_whole_labels(client: TestClient) -> None:
    """Graphviz lays the graph out: each edge ends in an arrowhead, a legend names each kind's shape, no label is
    cut."""
    from tests.web.conftest import need_graphviz

    need_graphviz()
    svg = client.get("/graph/wh40k.svg").text
    edges = re.findall(r'<g id="edge\d+" class="edge">.*?</g>', svg, re.DOTALL)
    assert len(edges) > 50 and all("<polygon" in e for e in edges)  # Graphviz draws an arrowhead as a polygon
    assert "<title>cluster_legend</title>" in svg
    assert all(f">{words}</text>" in svg for words in ("fact", "derived fact", "rule (a modifier)", "policy",
                                                        "quantity", "points at what reads it"))
    assert "…" not in svg
    assert ">attacker.closest_target_ability</text>" in svg  # the pack's longest names whole
