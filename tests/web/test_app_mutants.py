"""The app's own parts the other web tests pass by: the search time it is given, an upload's size limit (declared
and streamed), and a bug's answer (a 500 that says it is one, never a traceback)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rulings.web import api, create_app

YAML = {"content-type": "application/yaml"}
LIMIT = (Path(__file__).resolve().parents[2] / "kb" / "packs" / "fantasy.yaml").stat().st_size + 1000
"""An upload limit the fantasy pack's own file is under (every file read is held to it)."""


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "cache"))


def test_the_search_time_given_is_what_each_search_may_take(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "SEARCH_SECONDS", 30.0)
    create_app()
    assert api.SEARCH_SECONDS == 30.0  # none given: the default stands
    create_app(search_seconds=2.5)
    assert api.SEARCH_SECONDS == 2.5


def test_a_declared_size_over_the_limit_is_refused_before_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", str(LIMIT))
    client = TestClient(create_app(), base_url="http://localhost")
    r = client.post("/api/check/fantasy", content=b"#" * (LIMIT + 1), headers=YAML)
    assert r.status_code == 413
    assert r.json()["error"] == (f"the upload is {LIMIT + 1} bytes, over the limit of {LIMIT}\n"
                                 "  hint: an overlay is a small YAML file")


def test_an_upload_of_the_limit_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", str(LIMIT))
    client = TestClient(create_app(), base_url="http://localhost")
    r = client.post("/api/check/fantasy", content=b"#" * LIMIT, headers=YAML)  # a comment: an empty overlay
    assert r.status_code == 200, r.text


def _post(app: object, chunks: list[bytes]) -> tuple[int, dict[str, str]]:
    """POST `chunks` to /api/check/fantasy as a client streaming them with no length declared: the status and JSON."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/api/check/fantasy", "raw_path": b"/api/check/fantasy", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"localhost"), (b"content-type", b"application/yaml")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    parts = [*chunks]
    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        body = parts.pop(0) if parts else b""
        return {"type": "http.request", "body": body, "more_body": bool(parts)}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # type: ignore[operator]
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")  # type: ignore[misc]
    return int(sent[0]["status"]), json.loads(body)  # type: ignore[call-overload]


def test_a_streamed_upload_is_refused_once_it_passes_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_FILE_BYTES", str(LIMIT))
    app = create_app()
    status, answer = _post(app, [b"#" * (LIMIT // 2 + 1), b"#" * (LIMIT // 2 + 1)])
    assert status == 413
    assert answer["error"] == f"the upload is over the limit of {LIMIT} bytes\n  hint: an overlay is a small YAML file"
    status, answer = _post(app, [b"#" * (LIMIT // 2), b"#" * (LIMIT - LIMIT // 2)])  # the limit exactly
    assert status == 200, answer


def test_input_nested_too_deeply_is_a_400(monkeypatch: pytest.MonkeyPatch) -> None:
    def deep(packs: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(api, "packs_json", deep)
    r = TestClient(create_app(), base_url="http://localhost").get("/api/packs")
    assert (r.status_code, r.json()["error"]) == (400, "the input is nested too deeply to read")


def test_a_bug_is_a_500_that_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(packs: object) -> object:
        raise ValueError("x" * 300)

    monkeypatch.setattr(api, "packs_json", broken)
    monkeypatch.setattr(api, "faq_answer", lambda packs, name: broken(packs))
    client = TestClient(create_app(), base_url="http://localhost", raise_server_exceptions=False)
    r = client.get("/api/packs")
    assert r.status_code == 500
    assert r.json()["error"] == "internal error (a bug in Rulings): ValueError: " + "x" * 200  # cut at 200
    page = client.get("/faq/fantasy")  # a page a person opens says it as a page
    assert (page.status_code, page.headers["content-type"]) == (500, "text/html; charset=utf-8")
    assert "internal error (a bug in Rulings): ValueError: " in page.text and "Traceback" not in page.text


def test_the_favicon_is_the_static_svg() -> None:
    static = Path(__file__).resolve().parents[2] / "rulings" / "web" / "static" / "favicon.svg"
    r = TestClient(create_app(), base_url="http://localhost").get("/favicon.ico")
    assert (r.status_code, r.headers["content-type"]) == (200, "image/svg+xml")
    assert r.content == static.read_bytes()


def test_the_explorer_page_is_read_as_the_utf_8_it_is_in_any_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    page = (Path(__file__).resolve().parents[2] / "rulings" / "web" / "static" / "explorer.html").read_text("utf-8")
    assert "\u2026" in page  # an ellipsis, in UTF-8
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: encoding or "latin-1")  # such a locale
    r = TestClient(create_app(), base_url="http://localhost").get("/")
    assert r.status_code == 200 and "\u2026" in r.text and "\u00e2\u0080\u00a6" not in r.text
