"""The API's OpenAPI description, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/web/openapi.py`).

What it must say is what the server does (docs/web.md): a query's repeatable keys are arrays sent as repeated
`key=value` pairs, the pack and quantity are needed, an answer is the command line's JSON, bad input is 400 with
`{"error": ...}`, an unknown pack 404, an upload too large 413, and an upload is YAML (or JSON: a text/plain or form
upload gets 415).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from starlette.testclient import TestClient

ERROR = {"description": "bad input: the command line's message",
         "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
PACK = {"name": "pack", "in": "path", "required": True, "schema": {"type": "string"},
        "description": "a served pack's name (built-in, or named on the command line)"}
ANSWER = {"description": "the answer, as the command line's --format json",
          "content": {"application/json": {"schema": {"type": ["object", "array"]}}}}


OPENAPI: dict[str, Any] = {}


@pytest.fixture(autouse=True)
def built() -> None:
    """The description as the module builds it when imported (built again here, where each test runs: a
    description that cannot be built fails the test, not the collection)."""
    import rulings.web.openapi

    OPENAPI.clear()
    OPENAPI.update(importlib.reload(rulings.web.openapi).OPENAPI)


def client() -> TestClient:
    from rulings.web import create_app

    return TestClient(create_app(), base_url="http://localhost")


def op(path: str, method: str = "get") -> dict[str, Any]:
    return OPENAPI["paths"][path][method]  # type: ignore[no-any-return]


def params(path: str) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in op(path)["parameters"]}


def test_an_answer_is_json_a_bad_question_400_and_an_unknown_pack_404() -> None:
    for path, ops in OPENAPI["paths"].items():
        if path == "/api/faq/{pack}.md":
            continue
        for operation in ops.values():
            responses = operation["responses"]
            assert responses["200"] == ANSWER, path
            assert responses["400"] == ERROR, path
            assert responses["404"] == {**ERROR, "description": "no pack is served under that name"}, path
    assert op("/api/packs")["summary"] == "the served packs (rulings packs --format json)"
    assert op("/api/packs")["parameters"] == []
    assert set(op("/api/packs")) == {"summary", "parameters", "responses"}
    assert set(op("/api/packs")["responses"]) == {"200", "400", "404"}


def test_a_pack_in_the_path_is_needed() -> None:
    for path in ("/api/packs/{pack}", "/api/faq/{pack}", "/api/faq/{pack}.md"):
        assert op(path)["parameters"] == [PACK], path
    assert op("/api/check/{pack}", "post")["parameters"] == [PACK]


def test_a_querys_keys_say_whether_needed_and_if_repeatable() -> None:
    ask = params("/api/ask")
    assert list(ask) == ["pack", "quantity", "given", "base", "roll", "step"]
    assert ask["pack"] == {"name": "pack", "in": "query", "required": True, "description": "a served pack's name",
                           "schema": {"type": "string"}}
    assert ask["quantity"]["required"] is True
    assert ask["given"] == {"name": "given", "in": "query", "required": False,
                            "description": "a fact value, FACT=VALUE (repeatable), as --given",
                            "schema": {"type": "array", "items": {"type": "string"}}, "style": "form",
                            "explode": True}
    assert ask["base"] == {"name": "base", "in": "query", "required": False,
                           "description": "the quantity's base where the pack does not derive it, as --base",
                           "schema": {"type": "string"}}
    assert ask["step"]["schema"] == {"type": "array", "items": {"type": "string"}}
    assert (ask["step"]["style"], ask["step"]["explode"]) == ("form", True)
    for name in ("base", "roll"):
        assert "style" not in ask[name] and "explode" not in ask[name]
        assert ask[name]["required"] is False


def test_why_not_and_find_add_their_keys() -> None:
    assert params("/api/why-not")["rule"]["required"] is True
    find = params("/api/find")
    assert find["where"]["required"] is True and find["max_facts"]["required"] is False
    assert find["max_facts"]["schema"] == {"type": "string"}
    assert list(params("/api/brief")) == list(params("/api/ask"))


def test_a_check_takes_an_optional_overlay_and_may_be_too_large() -> None:
    check = op("/api/check/{pack}", "post")
    assert check["requestBody"]["required"] is False
    assert check["responses"]["413"] == {**ERROR, "description": "the upload is too large"}
    assert check["summary"].startswith("check a pack, or an overlay")


def test_an_upload_is_described_only_with_types_the_server_takes() -> None:
    from rulings.web.guard import UPLOAD_TYPES

    offered = set(op("/api/check/{pack}", "post")["requestBody"]["content"])
    assert "application/yaml" in offered
    assert offered <= set(UPLOAD_TYPES)
    for kind in offered:
        answer = client().post("/api/check/fantasy", content=b"", headers={"content-type": kind})
        assert answer.status_code == 200, (kind, answer.text)


def test_the_description_is_served() -> None:
    assert client().get("/openapi.json").json() == OPENAPI
    assert OPENAPI["openapi"] == "3.1.0"
