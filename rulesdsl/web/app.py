"""The Starlette application: routes, error handlers, the server-side timing, and its state.

Starlette, because it is a small ASGI toolkit with no ORM, templates or session machinery
to configure: routes, a static-files mount that refuses paths outside its folder, a test
client, and nothing more. It runs under uvicorn (``rulesdsl serve``). Endpoints are
``async`` and call the engine directly on the event loop (a move costs a few milliseconds);
only the solver, which may search for seconds, runs elsewhere (hints.py).

Every error answer is JSON ``{"error": message}``: a refused request with its 4xx status,
anything unexpected as 500 with the exception logged, never a traceback to the client.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from . import analysis, api, catalogue, pages, workbench, workbench_page
from .drafts import Drafts
from .hints import Hints
from .live import MAX_LIVE, Live, Variants
from .store import Store

log = logging.getLogger("rulesdsl.web")
STATIC = Path(__file__).resolve().parent / "static"  # what pages.py serves at /static
TIMING_HEADER = b"server-timing"  # "app;dur=MS, total;dur=MS": the request's time in the server


class Timing:
    """ASGI middleware: the Server-Timing header of every answer, in milliseconds:
    ``app`` from the moment the whole request is in (its body read) to the answer's first
    byte, the work the server does for it; ``total`` from the request's arrival, which adds
    the wait for its body and for the event loop. bench/bench_web.py reads both."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        body_in: list[float] = []

        async def received():
            message = await receive()
            if message["type"] == "http.request" and not message.get("more_body") and not body_in:
                body_in.append(time.perf_counter())
            return message

        async def timed(message):
            if message["type"] == "http.response.start":
                now = time.perf_counter()
                app_ms = (now - (body_in[0] if body_in else started)) * 1000
                total_ms = (now - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((TIMING_HEADER, f"app;dur={app_ms:.2f}, total;dur={total_ms:.2f}".encode()))
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, received, timed)


class HostCheck:
    """ASGI middleware: only requests addressed to one of these host names (a loopback
    server's own names) are answered, so that a page of another site, its name rebound to
    127.0.0.1 (DNS rebinding), cannot read or play the games."""

    def __init__(self, app, hosts: frozenset):
        self.app, self.hosts = app, hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin-1")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name.lower() not in self.hosts:
                await JSONResponse({"error": "this server answers only to its own address"}, 400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, api.ApiError)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    words = {404: "not found", 405: "method not allowed"}
    return JSONResponse({"error": words.get(exc.status_code, str(exc.detail))}, status_code=exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse(
        {"error": f"internal error ({type(exc).__name__}): a bug in rulesdsl, not in your request"}, status_code=500
    )


def create_app(
    data_dir: str | Path | None = None,
    *,
    live_cap: int = MAX_LIVE,
    hint_workers: int | None = None,
    hosts: tuple[str, ...] | None = None,
    warm: bool = False,
):
    """The application over the data folder (RULESDSL_DATA / XDG data home when None);
    ``hosts``: the only host names requests may be addressed to (None: any); ``warm``: start
    the solver's workers with the application, not at the first hint, and compile every
    variant for the catalogue in a thread meanwhile."""
    store = Store(Path(data_dir) if data_dir is not None else None)
    drafts = Drafts(store)
    variants = Variants(drafts=drafts)
    live = Live(store, variants, live_cap)
    hints = Hints(hint_workers, text_of=drafts.text_of)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        if warm:  # the solver's workers, and every variant compiled once for the catalogue
            hints.warm()
            asyncio.get_running_loop().run_in_executor(None, catalogue.variants)
        try:
            yield
        finally:
            hints.close()
            store.close()

    app = Starlette(
        # pages.py mounts static/ (StaticFiles)
        routes=[*api.routes(), *analysis.routes(), *workbench.routes(), *workbench_page.routes(), *pages.routes()],
        exception_handlers={api.ApiError: _api_error, HTTPException: _http_error, Exception: _internal_error},
        lifespan=lifespan,
    )
    app.state.store, app.state.variants, app.state.live, app.state.hints = store, variants, live, hints
    app.state.drafts = drafts
    if hosts is not None:
        app.add_middleware(HostCheck, hosts=frozenset(h.lower() for h in hosts))
    app.add_middleware(Timing)
    return app
