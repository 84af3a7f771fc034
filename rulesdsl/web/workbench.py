"""The workbench's JSON endpoints: a variant given as text checked, previewed, kept to play.

``POST /api/check`` gives the diagnostics ``rulesdsl check`` gives for a file (the validator's
``check_file`` over the text, every option combination); without ``play`` it runs the static
checks only (``rulesdsl check --play 0``), fast enough to answer every pause in typing, in a
worker thread; with ``play`` the seeded playouts run too, in the solver's process pool, under
its limits. ``POST /api/preview`` builds the variant for one option set and answers what the
page shows beside the editor: the deal's picture (``rulesdsl svg``'s), the rules in English
(``rulesdsl rules``'), the legal moves. ``POST /api/drafts`` keeps a text that loads
(drafts.py) so that it can be played as ``draft:KEY`` in the game API and pages.

Every text is checked before the loader sees it: a string of valid UTF-8 under
``MAX_DRAFT_BYTES``; the loader then applies its own limits (expression length and depth,
``extends`` to shipped names only). No endpoint reads a file but a registered variant's.
"""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from . import catalogue
from .api import ApiError, only, options_of, read_json, whole
from .drafts import LABEL, MAX_DRAFT_BYTES, PREFIX, key_of, load_draft
from .engine_api import (
    MAX_VARIANT_BYTES,
    RulesdslError,
    RulesError,
    board_svg,
    card_words,
    check_file,
    find_variant,
    pile_words,
    read_file,
    sections,
    summary,
)
from .hints import Busy

MAX_BODY = 2 * MAX_DRAFT_BYTES + 4096  # a text's JSON (escapes double it at most) and the other fields
MAX_PLAY = 3  # playouts per option combination a check may ask for (rulesdsl check's default)
CHECK_SECONDS = 90.0  # a check with playouts, in the pool, before it is abandoned
MAX_CHECKS = 2  # static checks running at once (threads); more wait
MAX_WAITING = 8  # checks and previews waiting past that: then 503
MAX_PREVIEW_MOVES = 200  # legal moves a preview lists
MAX_SEED = (1 << 63) - 1


class Gate:
    """At most ``running`` jobs at once and ``waiting`` in line; past that, Busy (503)."""

    def __init__(self, running: int = MAX_CHECKS, waiting: int = MAX_WAITING):
        self._sem = asyncio.Semaphore(running)
        self._in, self.cap = 0, running + waiting

    async def run(self, fn, *args):
        if self._in >= self.cap:
            raise ApiError(503, "the workbench is busy checking other texts: try again in a moment")
        self._in += 1
        try:
            async with self._sem:
                return await run_in_threadpool(fn, *args)
        finally:
            self._in -= 1


def _gate(request: Request) -> Gate:
    state = request.app.state
    if getattr(state, "workbench_gate", None) is None:
        state.workbench_gate = Gate()
    return state.workbench_gate


def variant_text(data: dict) -> str:
    """The request's ``text``: a string of valid UTF-8, at most MAX_DRAFT_BYTES."""
    value = data.get("text")
    if not isinstance(value, str):
        raise ApiError(400, "'text' must be the variant's YAML, as a string")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:
        raise ApiError(400, "'text' holds a lone surrogate (\\ud800-\\udfff): it is not valid Unicode") from None
    if size > MAX_DRAFT_BYTES:
        raise ApiError(413, f"'text' is {size:,} bytes: the workbench takes at most {MAX_DRAFT_BYTES:,}")
    return value


def diagnostic_json(d) -> dict:
    return {
        "line": d.line,
        "column": d.column,
        "code": d.code,
        "severity": d.severity,
        "message": d.message,
        "hint": d.hint,
    }


def check_job(text: str, options: dict | None, play: int) -> list[dict]:
    """The validator over a text (in a worker thread or process): its diagnostics as JSON."""
    return [diagnostic_json(d) for d in check_file(LABEL, text=text, options=options or None, play=play)]


async def check(request: Request) -> JSONResponse:
    data = await read_json(request, limit=MAX_BODY)
    only(data, {"text", "options", "play"})
    text = variant_text(data)
    opts = options_of(data)
    play = whole(data, "play", 0, MAX_PLAY) or 0
    if play:
        try:
            diags = await request.app.state.hints.job(check_job, text, opts, play, timeout=CHECK_SECONDS)
        except Busy as exc:
            raise ApiError(503, str(exc)) from None
    else:
        diags = await _gate(request).run(check_job, text, opts, 0)
    errors = sum(1 for d in diags if d["severity"] == "error")
    return JSONResponse(
        {
            "diagnostics": diags,
            "summary": summary(1, errors, len(diags) - errors),
            "errors": errors,
            "warnings": len(diags) - errors,
            "key": key_of(text),
        }
    )


def _refused(exc: RulesError) -> ApiError:
    d = exc.first
    where = f"line {d.line}, column {d.column}: " if d.line else ""
    return ApiError(422, f"{where}{d.message}" + (f" ({d.hint})" if d.hint else ""))


def preview_job(text: str, options: dict, seed: int) -> dict:
    """What the workbench shows beside the editor, for one option set and one deal."""
    try:
        v = load_draft(text, options)
    except RulesError as exc:
        raise _refused(exc) from None
    try:
        game = v.new_game(seed)
    except RulesdslError as exc:
        raise ApiError(422, f"the deal fails: {str(exc)[:300]}") from None
    try:
        rules = [{"title": t, "text": body} for t, body in sections(v)]
    except RulesdslError as exc:
        rules = [{"title": "Rules", "text": f"the rules cannot be written out: {str(exc)[:300]}"}]
    moves = game.legal_moves()
    return {
        "title": v.name,
        "description": v.description,
        "seed": seed,
        "options": [catalogue.option_json(o) for o in v.option_decls],
        "values": dict(v.options),
        "svg": board_svg(game),
        "rules": rules,
        "moves": [_move_words(game, m) for m in moves[:MAX_PREVIEW_MOVES]],
        "move_count": len(moves),
    }


def _move_words(game, m) -> dict:
    """A legal move of the preview: its text and the same move in words."""
    v = game.variant
    if m.kind == "action":
        words = f"{m.name} ({pile_words(v, m.sources[0])})" if m.sources else str(m.name)
    elif m.kind == "remove":
        words = "remove " + " and ".join(card_words(v, c) for c in m.cards)
    else:
        run = f" and the {len(m.cards) - 1} on it" if len(m.cards) > 1 else ""
        words = f"{card_words(v, m.cards[0])}{run} from {pile_words(v, m.sources[0])} to {pile_words(v, m.dest)}"
    return {"text": game.move_text(m), "words": words}


async def preview(request: Request) -> JSONResponse:
    data = await read_json(request, limit=MAX_BODY)
    only(data, {"text", "options", "seed"})
    text = variant_text(data)
    opts = options_of(data)
    seed = whole(data, "seed", 0, MAX_SEED)
    return JSONResponse(await _gate(request).run(preview_job, text, opts, 1 if seed is None else seed))


def _keep(request: Request, text: str) -> str:
    """Keep a text that loads with its default options (in a worker thread); its key."""
    try:
        load_draft(text)
    except RulesError as exc:
        raise _refused(exc) from None
    return request.app.state.drafts.put(text)


async def put_draft(request: Request) -> JSONResponse:
    data = await read_json(request, limit=MAX_BODY)
    only(data, {"text"})
    text = variant_text(data)
    key = await _gate(request).run(_keep, request, text)
    return JSONResponse(
        {"key": key, "variant": PREFIX + key, "play": f"/workbench/play/{key}", "edit": f"/workbench?draft={key}"},
        status_code=201,
    )


async def get_draft(request: Request) -> JSONResponse:
    key = request.path_params["key"]
    text = request.app.state.drafts.text(key)
    if text is None:
        raise ApiError(404, "no workbench variant with this key (the server keeps the most recent ones only)")
    return JSONResponse({"key": key, "variant": PREFIX + key, "text": text})


async def variant_source(request: Request) -> JSONResponse:
    """A registered variant's file, to fork: by its registered name only, read under the cap."""
    name = request.path_params["name"]
    if not catalogue.known(name):
        raise ApiError(404, "no variant of that name (GET /api/variants lists them; a path is never accepted)")
    path = find_variant(name)
    try:
        text = await run_in_threadpool(read_file, path, MAX_VARIANT_BYTES, "variant file")
    except RulesdslError as exc:
        raise ApiError(422, str(exc)[:300]) from None
    return JSONResponse({"name": name, "text": text})


def routes() -> list:
    return [
        Route("/api/check", check, methods=["POST"]),
        Route("/api/preview", preview, methods=["POST"]),
        Route("/api/drafts", put_draft, methods=["POST"]),
        Route("/api/drafts/{key}", get_draft, methods=["GET"]),
        Route("/api/variants/{name}/source", variant_source, methods=["GET"]),
    ]
