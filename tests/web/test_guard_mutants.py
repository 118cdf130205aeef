"""The explorer's guard, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/web/guard.py`).

The expected values are what docs/web.md promises: loopback names, the listening address unless a wildcard, and
each `--allow-host` name are answered; any other `Host` gets 421; a POST needs a YAML or JSON content type (else
415); every answer carries the safety headers.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import MutableMapping
from typing import Any

import pytest

from rulings.web.guard import HEADERS, LOOPBACK_NAMES, UPLOAD_TYPES, Guard, allowed_hosts, host_name, is_loopback


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.5.6.7", True), ("localhost", True), ("LOCALHOST", True), ("[localhost]", True),
    ("::1", True), ("[::1]", True), ("0.0.0.0", False), ("::", False), ("192.168.1.20", False),
    ("rulings.local", False), ("localhost.example", False), ("", False), ("Xlocalhost", False),
    ("X127.0.0.1", False), ("[127.0.0.1]X", False),
])
def test_only_addresses_of_this_machine_are_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(("header", "name"), [
    ("LocalHost:8000", "localhost"), ("  localhost  ", "localhost"), ("127.0.0.1:80", "127.0.0.1"),
    ("[::1]:8000", "::1"), ("[::1]", "::1"), ("[FE80::1]:9", "fe80::1"), ("::1", "::1"),
    ("rulings.lan", "rulings.lan"), ("a:b:c", "a:b:c"), ("", ""),
    ("[::1]]:80", "::1"),  # the name is what the first brackets hold
])
def test_a_host_headers_name_is_without_its_port_in_lower_case(header: str, name: str) -> None:
    assert host_name(header) == name


def test_by_default_only_loopback_names_are_answered() -> None:
    assert LOOPBACK_NAMES == ("localhost", "127.0.0.1", "::1")
    assert allowed_hosts() == frozenset({"localhost", "127.0.0.1", "::1"})


@pytest.mark.parametrize("wildcard", ["0.0.0.0", "::", ""])
def test_a_wildcard_address_is_no_name(wildcard: str) -> None:
    assert allowed_hosts(wildcard) == frozenset(LOOPBACK_NAMES)


@pytest.mark.parametrize(("listen", "added"), [
    ("192.168.1.20", "192.168.1.20"), ("fe80::2", "fe80::2"), ("[fe80::3]", "fe80::3"), ("Table.Local", "table.local"),
])
def test_the_listening_address_is_answered(listen: str, added: str) -> None:
    assert allowed_hosts(listen) == frozenset({*LOOPBACK_NAMES, added})


def test_the_listening_address_is_taken_whole_it_has_no_port() -> None:
    """Unlike a Host header, the address to listen on carries no port: no colon in it is cut at."""
    assert allowed_hosts("table:1") == frozenset({*LOOPBACK_NAMES, "table:1"})


def test_allowed_host_names_are_added_in_lower_case_blank_ones_left_out() -> None:
    assert allowed_hosts("127.0.0.1", ["Rulings.LAN", "  ", "", "[::2]:80"]) == frozenset(
        {*LOOPBACK_NAMES, "rulings.lan", "::2"})


class Recorder:
    """A stand-in for the app behind the guard: records what reached it and answers 200 with one header."""

    def __init__(self) -> None:
        self.scopes: list[MutableMapping[str, Any]] = []
        self.received: list[MutableMapping[str, Any]] = []

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        self.scopes.append(scope)
        self.received.append(await receive())
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": [(b"x-app", b"yes")]})
            await send({"type": "http.response.body", "body": b"ok"})
        else:
            await send({"type": "lifespan.startup.complete"})


def call(guard: Guard, scope: dict[str, Any]) -> list[MutableMapping[str, Any]]:
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> MutableMapping[str, Any]:
        return {"type": "http.request", "body": b"upload"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    failed: list[BaseException] = []

    def run() -> None:  # a loop of its own, in a thread of its own: the browser tests' driver may hold one here
        try:
            asyncio.run(guard(scope, receive, send))
        except BaseException as e:
            failed.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    if failed:
        raise failed[0]
    return sent


def http(method: str = "GET", **headers: str) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": "/api/packs",
            "headers": [(k.replace("_", "-").encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]}


def test_an_answered_request_reaches_the_app_and_gets_the_safety_headers_too() -> None:
    app = Recorder()
    sent = call(Guard(app, allowed_hosts()), http(host="localhost:8000"))
    assert len(app.scopes) == 1
    assert sent[0]["status"] == 200
    assert sent[0]["headers"] == [(b"x-app", b"yes"), *HEADERS]
    assert sent[1] == {"type": "http.response.body", "body": b"ok"}  # the body is passed on untouched
    assert app.received == [{"type": "http.request", "body": b"upload"}]  # so is the request
    headers = dict(sent[0]["headers"])
    assert b"frame-ancestors 'none'" in headers[b"content-security-policy"]
    assert headers[b"x-content-type-options"] == b"nosniff" and headers[b"x-frame-options"] == b"DENY"


def test_an_answer_without_headers_of_its_own_gets_the_safety_headers() -> None:
    async def bare(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204})
        await send({"type": "http.response.body", "body": b""})

    sent = call(Guard(bare, allowed_hosts()), http(host="127.0.0.1"))
    assert sent[0]["headers"] == list(HEADERS)
    assert "headers" not in sent[1]


def test_a_scope_that_is_not_http_is_passed_on_unchecked() -> None:
    app = Recorder()
    sent = call(Guard(app, frozenset()), {"type": "lifespan"})
    assert app.scopes == [{"type": "lifespan"}] and sent == [{"type": "lifespan.startup.complete"}]
    assert app.received == [{"type": "http.request", "body": b"upload"}]


def refused(sent: list[MutableMapping[str, Any]]) -> tuple[int, str]:
    start, body = sent
    assert start["type"] == "http.response.start" and body["type"] == "http.response.body"
    assert start["headers"] == [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body["body"])).encode()), *HEADERS]
    return start["status"], json.loads(body["body"].decode("utf-8"))["error"]


@pytest.mark.parametrize(("host", "named"), [("evil.example", "evil.example"), ("EVIL.example:80", "evil.example"),
                                             ("x" * 100, "x" * 60)])
def test_another_host_name_gets_421_naming_it(host: str, named: str) -> None:
    app = Recorder()
    status, message = refused(call(Guard(app, allowed_hosts()), http(host=host)))
    assert app.scopes == []
    assert status == 421
    assert message == (f"this server does not answer to the host name {named!r}; "
                       "hint: start it with --allow-host NAME to serve it under that name")


def test_a_request_without_a_host_header_gets_421() -> None:
    for scope in (http(), {"type": "http", "method": "GET", "path": "/"}):
        status, message = refused(call(Guard(Recorder(), allowed_hosts()), scope))
        assert status == 421
        assert message.startswith("this server does not answer to the host name ''; ")


def test_an_allowed_name_is_answered() -> None:
    sent = call(Guard(Recorder(), allowed_hosts("0.0.0.0", ["rulings.lan"])), http(host="Rulings.LAN:8000"))
    assert sent[0]["status"] == 200


@pytest.mark.parametrize("kind", [*UPLOAD_TYPES, "Application/YAML; charset=utf-8", " application/json ;x=1"])
def test_an_upload_with_a_yaml_or_json_type_is_let_through(kind: str) -> None:
    assert UPLOAD_TYPES == ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/json")
    app = Recorder()
    sent = call(Guard(app, allowed_hosts()), http("POST", host="localhost", content_type=kind))
    assert sent[0]["status"] == 200 and len(app.scopes) == 1


@pytest.mark.parametrize(("kind", "said"), [
    ("text/plain", "text/plain"), ("application/x-www-form-urlencoded", "application/x-www-form-urlencoded"),
    ("Multipart/Form-Data; boundary=x", "multipart/form-data"), ("", "without a type"),
    ("a/" + "b" * 100, "a/" + "b" * 58),
])
def test_an_upload_a_cross_site_form_could_send_gets_415(kind: str, said: str) -> None:
    app = Recorder()
    status, message = refused(call(Guard(app, allowed_hosts()), http("POST", host="localhost", content_type=kind)))
    assert app.scopes == []
    assert status == 415
    assert message == (f"an upload must be sent as application/yaml, not {said!r}; "
                       "hint: curl --data-binary @overlay.yaml -H 'Content-Type: application/yaml' ...")


def test_an_upload_without_a_content_type_gets_415() -> None:
    status, message = refused(call(Guard(Recorder(), allowed_hosts()), http("POST", host="localhost")))
    assert status == 415 and "not 'without a type'" in message


def test_only_a_post_needs_an_upload_type() -> None:
    for method in ("GET", "HEAD", "post"):
        sent = call(Guard(Recorder(), allowed_hosts()), http(method, host="localhost", content_type="text/plain"))
        assert sent[0]["status"] == 200


def test_a_header_in_latin_1_is_read() -> None:
    scope = {"type": "http", "method": "GET", "path": "/", "headers": [(b"host", "caf\xe9.lan".encode("latin-1"))]}
    assert call(Guard(Recorder(), frozenset({"caf\xe9.lan"})), scope)[0]["status"] == 200


def test_the_refusal_method_says_why_or_none() -> None:
    guard = Guard(Recorder(), allowed_hosts())
    assert guard.refusal("GET", {"host": "localhost"}) is None
    assert guard.refusal("POST", {"host": "localhost", "content-type": "application/yaml"}) is None
    assert guard.refusal("GET", {"host": "elsewhere"})[0] == 421  # type: ignore[index]
    assert guard.refusal("POST", {"host": "elsewhere", "content-type": "text/plain"})[0] == 421  # type: ignore[index]
    assert guard.refusal("POST", {"host": "localhost", "content-type": "text/plain"})[0] == 415  # type: ignore[index]
