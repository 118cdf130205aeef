"""The web app: the explorer page, FAQ and rule-graph pages, and the JSON API they use.

Bad input is a 400 carrying the command line's message (`{"error": ...}`),
an unknown pack a 404, an oversized upload a 413; the pages (explorer, FAQ,
graph) answer the same errors as an HTML page. Nothing answers with a
traceback. `rulings.web.guard` wraps the app: the Host allowlist, upload
content types and safety headers. Handlers are plain functions, which Starlette runs in a thread
pool, so a slow search does not hold up other requests; `/api/ask` answers on the event loop itself where the
ruling is quick (`api.quick_ask`: a loaded pack, a ruling that needs no cases), since a thread-pool hop would cost
more than the ruling, and in the thread pool otherwise; a query answered quickly before is answered again from
the answers kept for its pack's version (`Packs.kept_answer`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kb.errors import RulingsError, UnknownName
from rulings.web import api, pages
from rulings.web.guard import Guard, allowed_hosts
from rulings.web.openapi import OPENAPI
from rulings.web.packs import Packs
from rulings.web.wording import for_the_page

STATIC = Path(__file__).parent / "static"


class TooLarge(RulingsError):
    """A request body over the file size limit."""


class Answer(JSONResponse):
    """JSON written as the command line writes it (`default=str`: a Fraction or a set of keywords as text)."""

    def render(self, content: Any) -> bytes:
        return _ENCODE(content).encode("utf-8")


_ENCODE = json.JSONEncoder(ensure_ascii=False, default=str).encode
"""`json.dumps(content, ensure_ascii=False, default=str)`, its encoder made once rather than per answer."""


def create_app(named: Sequence[str] = (), *, hosts: Iterable[str] | None = None,
               search_seconds: float | None = None) -> Any:
    """The app serving the built-in packs and the packs (names or paths) in `named`.

    `hosts`: the `Host` names it answers (default: loopback names only, see `rulings.web.guard`);
    `search_seconds`: how long one request's search may run (default `api.SEARCH_SECONDS`).
    """
    packs = Packs(named)
    if search_seconds is not None:
        api.SEARCH_SECONDS = search_seconds

    def answer(compute: Callable[[Request], Any]) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            return Answer(compute(request))

        return endpoint

    async def ask(request: Request) -> Response:
        """`/api/ask`: on the event loop where the ruling is quick (`api.quick_ask`), else in a worker thread."""
        if len(request.scope["query_string"]) > api.QUICK_QUERY_BYTES:  # reading it is work: all of it in a thread
            return Answer(await run_in_threadpool(lambda: api.ask_json(packs, api.arguments(request))))
        query = request.scope["query_string"]
        kept = packs.kept_answer(query)
        if kept is not None:
            return Response(kept, media_type=Answer.media_type)
        args = api.arguments(request)
        quick = api.quick_ask(packs, args)
        if quick is not None:
            body = quick.encode("utf-8")
            packs.keep_answer(query, args.pack, body)
            return Response(body, media_type=Answer.media_type)
        return Answer(await run_in_threadpool(api.ask_json, packs, args))

    async def check(request: Request) -> Response:
        body = await _body(request)
        return Answer(await run_in_threadpool(api.check_answer, packs, request.path_params["pack"], body))

    def faq_md(request: Request) -> Response:
        return PlainTextResponse(api.faq_markdown_text(packs, request.path_params["pack"]),
                                 media_type="text/markdown; charset=utf-8")

    def explorer(request: Request) -> Response:
        page = (STATIC / "explorer.html").read_text(encoding="utf-8")
        return HTMLResponse(pages.named(page, _headline(request)), headers={"Cache-Control": "no-cache"})

    def _headline(request: Request) -> str | None:
        """The ruling a shared link opens, for its title and link preview (none when the link asks nothing)."""
        if not {"pack", "quantity"} <= request.query_params.keys():
            return None
        try:
            return str(api.brief_answer(packs, api.arguments(request))["text"]).split("\n", 1)[0]
        except (RulingsError, RecursionError):
            return None

    def faq_page(request: Request) -> Response:
        name = request.path_params["pack"]
        return HTMLResponse(pages.faq_page(packs.get(name), api.faq_answer(packs, name)))

    def graph_page(request: Request) -> Response:
        return HTMLResponse(pages.graph_page(packs.get(request.path_params["pack"]), request.query_params.get("focus")))

    def graph_svg(request: Request) -> Response:
        from rulings.web.graph import drawn as draw

        svg = draw(packs.get(request.path_params["pack"]), request.query_params.get("focus"))
        return Response(svg, media_type="image/svg+xml")

    routes = [
        Route("/api/ask", ask),  # first: the most asked, and every route before it is tried in turn
        Route("/", explorer),
        Route("/favicon.ico", lambda request: FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")),
        Route("/faq/{pack}", faq_page),
        Route("/graph/{pack}.svg", graph_svg),
        Route("/graph/{pack}", graph_page),
        Route("/openapi.json", lambda request: JSONResponse(OPENAPI)),
        Route("/api/packs", answer(lambda request: api.packs_json(packs))),
        Route("/api/packs/{pack}", answer(lambda request: api.vocabulary_json(packs, request.path_params["pack"]))),
        Route("/api/brief", answer(lambda request: api.brief_answer(packs, api.arguments(request)))),
        Route("/api/why-not", answer(lambda request: api.why_not_answer(
            packs, api.arguments(request, need=("pack", "quantity", "rule"))))),
        Route("/api/find", answer(lambda request: api.find_answer(
            packs, api.arguments(request, need=("pack", "quantity", "where"))))),
        Route("/api/faq/{pack}.md", faq_md),
        Route("/api/faq/{pack}", answer(lambda request: api.faq_answer(packs, request.path_params["pack"]))),
        Route("/api/check/{pack}", check, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        RulingsError: _bad_input, RecursionError: _bad_input, HTTPException: _not_found, Exception: _bug}
    app = Starlette(routes=routes, exception_handlers=handlers)
    return Guard(app, frozenset(hosts) if hosts is not None else allowed_hosts())


async def _body(request: Request) -> bytes:
    """The request body, refused past the file size limit before and while it is read."""
    from kb.limits import max_file_bytes

    limit = max_file_bytes()
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"the upload is {int(declared)} bytes, over the limit of {limit}",
                       hint="an overlay is a small YAML file")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"the upload is over the limit of {limit} bytes", hint="an overlay is a small YAML file")
        chunks.append(chunk)
    return b"".join(chunks)


async def _bad_input(request: Request, exc: Exception) -> Response:
    if isinstance(exc, RecursionError):
        return _error(request, "the input is nested too deeply to read", 400)
    status = 413 if isinstance(exc, TooLarge) else 404 if isinstance(exc, UnknownName) and _is_pack(exc) else 400
    return _error(request, str(exc), status)


async def _not_found(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 404)
    return _error(request, "nothing is served here" if status == 404 else str(getattr(exc, "detail", "")), status)


def _error(request: Request, message: str, status: int) -> Response:
    """The error as JSON for the API (`page`: as the explorer says it), as a page for the pages a person opens."""
    if request.url.path.startswith(("/api/", "/openapi", "/static/")) or request.url.path.endswith(".svg"):
        return JSONResponse({"error": message, "page": for_the_page(message)}, status_code=status)
    return HTMLResponse(pages.error_page(for_the_page(message), status), status_code=status)


def _is_pack(exc: RulingsError) -> bool:
    """Whether an unknown name is a pack's (a 404: nothing is served under that name)."""
    return str(exc).startswith("unknown pack")


async def _bug(request: Request, exc: Exception) -> Response:
    return _error(request, f"internal error (a bug in Rulings): {type(exc).__name__}: {str(exc)[:200]}", 500)
