"""What keeps a served explorer safe to leave open: the Host allowlist, the upload content types, the headers.

A page on another site can make a browser send requests to the explorer; it
must not be able to read the answers or drive the API. Three things stop it:

- The `Host` header must name the server as its user does (loopback names,
  the address it listens on, and `--allow-host` names): a DNS-rebinding page
  sends its own name and gets 421.
- A POST must carry a content type a cross-site form or a simple `fetch`
  cannot send (`application/yaml`, `application/json`, ...), so the browser
  asks first and gets no permission; `text/plain` and form types get 415.
- Every answer says how it may be used: a content security policy that
  allows only the server's own scripts, no framing by other sites, no type
  sniffing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a browser on the same machine uses for the server."""

UPLOAD_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/json")
"""The content types an overlay may be posted with: none of them can be sent across sites without asking."""

HEADERS = (
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                 b"img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                 b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Sent with every answer. Styles may be inline: the FAQ page and the graph carry their own stylesheet."""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def is_loopback(host: str) -> bool:
    """Whether an address to listen on is reachable from this machine only.

    Examples:
        >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
        (True, True, True, False)
    """
    import ipaddress

    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The name in a `Host` header, without its port, lower case (`[::1]:8000` is `::1`).

    Examples:
        >>> host_name("LocalHost:8000"), host_name("[::1]:8000"), host_name("127.0.0.1")
        ('localhost', '::1', '127.0.0.1')
    """
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def allowed_hosts(listen: str = "127.0.0.1", extra: Iterable[str] = ()) -> frozenset[str]:
    """The `Host` names a server listening on `listen` answers: loopback names, `listen` itself unless it is
    a wildcard address, and `extra` (`--allow-host`).

    Examples:
        >>> sorted(allowed_hosts("0.0.0.0", ["Table.local"]))
        ['127.0.0.1', '::1', 'localhost', 'table.local']
    """
    names = {*LOOPBACK_NAMES, *(host_name(h) for h in extra if h.strip())}
    if listen not in ("0.0.0.0", "::", ""):
        names.add(host_name(listen if ":" not in listen or listen.startswith("[") else f"[{listen}]"))
    return frozenset(names)


class Guard:
    """ASGI middleware: refuses requests for other host names and cross-site uploads, adds the safety headers."""

    def __init__(self, app: App, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())}
        refusal = self.refusal(scope["method"], headers)
        if refusal is not None:
            status, message = refusal
            await _plain(send, status, message)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def refusal(self, method: str, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why a request is refused (status, message), or None."""
        name = host_name(headers.get("host", ""))
        if name not in self.hosts:
            return 421, (f"this server does not answer to the host name {name[:60]!r}; "
                         "hint: start it with --allow-host NAME to serve it under that name")
        if method == "POST":
            kind = headers.get("content-type", "").partition(";")[0].strip().lower()
            if kind not in UPLOAD_TYPES:
                return 415, (f"an upload must be sent as application/yaml, not {kind[:60] or 'without a type'!r}; "
                             "hint: curl --data-binary @overlay.yaml -H 'Content-Type: application/yaml' ...")
        return None


async def _plain(send: Send, status: int, message: str) -> None:
    import json

    body = json.dumps({"error": message}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *HEADERS]})
    await send({"type": "http.response.body", "body": body})
