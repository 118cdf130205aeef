"""What a client of the web app relies on from its routes: each answer's exact content type and body (the JSON
answers, the FAQ's Markdown, the rule graph's SVG, an uploaded overlay's check), a query asked again answered with
the same bytes, a query of the quick length limit still answered on the event loop, the explorer's headline and
caching, and errors answered as JSON wherever the API or a file is asked for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from rulings.web import api, create_app
from rulings.web import app as web_app
from rulings.web.wording import for_the_page
from solver.ask import COMPILE_AFTER

ROOT = Path(__file__).resolve().parents[2]
JSON = "application/json"
YAML = {"content-type": "application/yaml"}
QUICK = "pack=fantasy&quantity=to_hit&given=shooter.bs%3D3"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost", raise_server_exceptions=False)


def _no_worker_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, anything sent to a worker thread fails (a 500): what answers, answered on the event loop."""

    async def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sent to a worker thread")

    monkeypatch.setattr(web_app, "run_in_threadpool", refused)


def _warm(client: TestClient) -> bytes:
    """Ask QUICK until its quantity's rulings are quick (`COMPILE_AFTER` made in a worker): the answer's bytes."""
    bodies = set()
    for _ in range(COMPILE_AFTER):
        r = client.get(f"/api/ask?{QUICK}")
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == JSON
        bodies.add(r.content)
    assert len(bodies) == 1
    return bodies.pop()


def test_a_quick_answer_and_its_kept_answer_are_json_with_the_same_bytes(client: TestClient,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    slow = _warm(client)
    _no_worker_threads(monkeypatch)
    quick = client.get(f"/api/ask?{QUICK}")  # made on the event loop, and kept
    kept = client.get(f"/api/ask?{QUICK}")  # the kept answer
    for r in (quick, kept):
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == JSON
    assert json.loads(quick.content) == json.loads(slow)
    assert kept.content == quick.content
    assert json.loads(kept.content)["quantity"] == "to_hit"


def test_a_query_exactly_of_the_quick_limit_is_answered_on_the_event_loop(client: TestClient,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    slow = _warm(client)
    query = QUICK + "&" * (api.QUICK_QUERY_BYTES - len(QUICK))
    assert len(query.encode()) == api.QUICK_QUERY_BYTES
    _no_worker_threads(monkeypatch)
    for _ in range(2):  # quick, then kept
        r = client.get(f"/api/ask?{query}")
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == JSON
        assert json.loads(r.content) == json.loads(slow)
    r = client.get(f"/api/ask?{query}&")  # one byte longer: read in a worker
    assert r.status_code == 500
    assert "sent to a worker thread" in r.json()["error"]


def test_an_uploaded_overlay_is_checked_as_the_command_line_checks_it(client: TestClient) -> None:
    overlay = (ROOT / "docs" / "examples" / "camouflage.yaml").read_bytes()
    r = client.post("/api/check/fantasy", content=overlay, headers=YAML)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == JSON
    answer = r.json()
    assert answer["pack"] == "fantasy" and answer["with"] == ["overlay.yaml"] and answer["exhaustive"] is True
    [finding] = answer["findings"]
    assert (finding["severity"], finding["kind"], finding["new"]) == ("warning", "subsumed_rule", True)
    assert finding["key"] == "subsumed_rule.soft_cover+camouflage"
    assert finding["message"].startswith("soft_cover and camouflage have the same effect")
    assert finding["replay"] == ("rulings ask fantasy to_hit --with overlay.yaml --given shooter.bs=3 "
                                 "--given target.in_soft_cover=true")
    assert [rule["name"] for rule in finding["rules"]] == ["soft_cover", "camouflage", "cover_never_stacks"]


def test_the_faq_markdown_is_the_command_lines_as_markdown(client: TestClient,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from rulings.cli import main

    r = client.get("/api/faq/skirmish.md")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/markdown; charset=utf-8"
    try:
        main(["faq", "skirmish"])
    except SystemExit as e:
        assert not e.code
    printed = capsys.readouterr().out
    assert r.text.strip() and r.text.rstrip("\n") == printed.rstrip("\n")
    assert client.get("/api/faq/nosuchpack.md").status_code == 404


def test_the_explorer_is_never_cached_stale_and_names_the_ruling_a_link_asks(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-cache"
    assert "<title>Rulings explorer</title>" in r.text
    brief = client.get("/api/brief?pack=fantasy&quantity=to_hit").json()["text"].split("\n", 1)[0]
    r = client.get("/?pack=fantasy&quantity=to_hit")  # a link asking only a pack and a quantity
    assert r.headers["cache-control"] == "no-cache"
    [title] = re.findall("<title>(.*?)</title>", r.text)
    assert title.endswith(" — Rulings") and title.startswith("The score needed to hit")
    assert brief.startswith("The score needed to hit")


def test_the_rule_graph_page_and_its_svg(client: TestClient) -> None:
    r = client.get("/graph/fantasy")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert "rule graph</h1>" in r.text and "<svg" in r.text and "soft_cover" in r.text
    r = client.get("/graph/fantasy.svg")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "image/svg+xml"
    assert "<svg" in r.text


@pytest.mark.parametrize("path", ["/openapi.yaml", "/static/nothing-here.css", "/graph/nosuchpack.svg",
                                  "/api/nothing-here"])
def test_an_error_under_the_api_openapi_static_or_an_svg_is_json(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"] == JSON
    answer = r.json()
    assert set(answer) == {"error", "page"}
    assert answer["page"] == for_the_page(answer["error"])


def test_a_path_nothing_serves_says_so_and_a_method_a_route_does_not_take_says_which(client: TestClient) -> None:
    r = client.get("/api/nothing-here")
    assert (r.status_code, r.json()["error"]) == (404, "nothing is served here")
    r = client.get("/api/check/fantasy")  # a route that only takes POST: Starlette's own word for it, its status
    assert (r.status_code, r.json()["error"]) == (405, "Method Not Allowed")


def test_the_rule_graph_focused_on_a_rule_is_drawn_around_it(client: TestClient) -> None:
    whole, focused = client.get("/graph/fantasy").text, client.get("/graph/fantasy?focus=soft_cover").text
    assert focused != whole and "soft_cover" in focused
    whole_svg = client.get("/graph/fantasy.svg").text
    focused_svg = client.get("/graph/fantasy.svg?focus=soft_cover").text
    assert focused_svg != whole_svg and focused_svg.count("<g id=\"node") < whole_svg.count("<g id=\"node")


def test_every_route_answers_through_the_app_what_its_function_answers(client: TestClient) -> None:
    """Each route as a client reaches it: the same JSON the api module builds, the static files as they are."""
    from rulings.web.app import OPENAPI, STATIC

    assert client.get("/openapi.json").json() == OPENAPI
    assert client.get("/api/packs/fantasy").json() == api.vocabulary_json(api.Packs(), "fantasy")
    why = client.get("/api/why-not?pack=fantasy&quantity=to_hit&rule=soft_cover").json()
    assert (why["rule"], why["status"]) == ("soft_cover", "failed")
    assert client.get("/api/why-not?pack=fantasy&quantity=to_hit").json()["error"].startswith("the query needs rule=")
    found = client.get("/api/find?pack=fantasy&quantity=to_hit&where=value%3E%3D6").json()
    assert (found["quantity"], found["where"]) == ("to_hit", "value>=6")
    assert client.get("/api/find?pack=fantasy&quantity=to_hit").json()["error"].startswith("the query needs where=")
    css = client.get("/static/style.css")
    assert (css.status_code, css.content) == (200, (STATIC / "style.css").read_bytes())
    icon = client.get("/favicon.ico")
    assert (icon.headers["content-type"], icon.content) == ("image/svg+xml", (STATIC / "favicon.svg").read_bytes())


def test_the_host_names_given_are_the_ones_answered() -> None:
    app = create_app(hosts=["rules.example"])
    assert TestClient(app, base_url="http://rules.example").get("/api/packs").status_code == 200
    assert TestClient(app, base_url="http://localhost").get("/api/packs").status_code == 421


def test_an_error_on_a_page_is_a_page_saying_what_went_wrong(client: TestClient) -> None:
    r = client.get("/graph/nosuchpack")
    assert r.status_code == 404
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert "<h1>Not found</h1>" in r.text
    r = client.get("/?pack=fantasy&quantity=to_hit&roll=x")
    assert r.status_code == 200  # a link that asks badly opens the explorer, its title unnamed
    assert "<title>Rulings explorer</title>" in r.text


SERVE_IN_C_LOCALE = """
from starlette.testclient import TestClient
from rulings.web import create_app
from rulings.web.app import STATIC
r = TestClient(create_app(), base_url="http://localhost", raise_server_exceptions=False).get("/")
print(r.status_code, r.content == (STATIC / "explorer.html").read_bytes())
"""


def test_the_explorer_page_is_served_whole_by_a_server_run_in_the_c_locale(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    assert any(b > 127 for b in (web_app.STATIC / "explorer.html").read_bytes())  # text beyond ASCII: "—"
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0",
           "RULINGS_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", SERVE_IN_C_LOCALE], cwd=ROOT, env=env, capture_output=True,
                          timeout=60, check=False)
    assert done.stdout.split() == [b"200", b"True"], done.stderr.decode("utf-8", "replace")[-2000:]
