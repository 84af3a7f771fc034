"""``POST /api/analyse``: a variant's figures (``rulesdsl analyse``) for the browser, computed in
the solver's process pool (hints.py), never on the event loop.

The request ``{"variant": NAME, "options": {...}, "deals": N}`` is checked like every other
(api.py's readers: a registered name only, capped options); the deals are capped and so are
the solver's positions per deal, so one request costs at most a few seconds per deal. The
answer ``{"result": {...}, "rows": [...], "plots": {name: svg}}`` carries the JSON figures,
the same rows of words the command prints (analyse_text.py) and the SVG panels
(analyse_plots.py; none without the plot extra, with ``plots_error`` saying why). The figures
are seeded and the solver limited by positions, so an answer is kept and given again for
the same request.
"""

from __future__ import annotations

from collections import OrderedDict

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .api import ApiError, only, options_of, read_json, variant_name, whole
from .drafts import PREFIX
from .engine_api import InputError, RulesError, analyse_rows, analyse_variant, report_svgs
from .hints import SLACK, Busy, worker_variant

DEFAULT_DEALS = 30  # deals when the request names none
MAX_DEALS = 60  # the most one request may ask for
WEB_STATES = 5_000  # positions the solver may keep per deal
SECONDS_PER_DEAL = 4.0  # the pool's timeout grows with the deals asked for
MAX_KEPT = 64  # answers kept, least recently asked dropped


def measure(variant, deals: int) -> dict:
    """The web's answer for a compiled variant (in a worker): figures, rows of words, panels."""
    result = analyse_variant(variant, deals=deals, max_states=WEB_STATES)
    out: dict = {"result": result, "rows": analyse_rows(result)}
    try:
        out["plots"] = report_svgs(result)
    except InputError as exc:  # no matplotlib: the figures without their pictures
        out["plots"], out["plots_error"] = {}, str(exc)
    return out


def analyse_job(name: str, options: dict, deals: int, text: str | None = None) -> dict:
    """In a worker: the variant ``name`` (a registered one, or the workbench's text) with
    ``options``, measured over ``deals``."""
    try:
        v = worker_variant(name, options, text)
    except RulesError as exc:
        return {"error": exc.first.message + (f" ({exc.first.hint})" if exc.first.hint else "")}
    return measure(v, deals)


class Kept:
    """Answers by request (variant, options, deals), the least recently asked dropped past MAX_KEPT."""

    def __init__(self, cap: int = MAX_KEPT):
        self.cap = cap
        self._answers: OrderedDict = OrderedDict()

    def get(self, key):
        found = self._answers.get(key)
        if found is not None:
            self._answers.move_to_end(key)
        return found

    def put(self, key, answer: dict) -> None:
        self._answers[key] = answer
        self._answers.move_to_end(key)
        while len(self._answers) > self.cap:
            self._answers.popitem(last=False)


_KEPT = Kept()


def _request_key(name: str, options: dict, deals: int) -> tuple:
    return (name, tuple(sorted((k, str(v)) for k, v in options.items())), deals)


async def analyse_route(request: Request) -> JSONResponse:
    data = await read_json(request)
    only(data, {"variant", "key", "options", "deals"})
    if data.get("key") is not None:  # the workbench's text: {"key": KEY} is {"variant": "draft:KEY"}
        if "variant" in data or not isinstance(data["key"], str):
            raise ApiError(400, "give 'variant' or 'key' (a workbench text's key), not both")
        data["variant"] = PREFIX + data["key"]
    name = variant_name(data.get("variant"), request.app.state.drafts)
    options = options_of(data)
    deals = whole(data, "deals", 1, MAX_DEALS) or DEFAULT_DEALS
    try:  # a bad option is told at once, without the pool
        await run_in_threadpool(request.app.state.variants.get, name, options)
    except RulesError as exc:
        raise ApiError(422, exc.first.message + (f" ({exc.first.hint})" if exc.first.hint else "")) from None
    key = _request_key(name, options, deals)
    answer = _KEPT.get(key)
    if answer is None:
        timeout = SECONDS_PER_DEAL * deals + SLACK
        try:
            hints = request.app.state.hints
            answer = await hints.job(analyse_job, name, options, deals, hints.text_of(name), timeout=timeout)
        except Busy as exc:
            raise ApiError(503, str(exc)) from None
        if "error" in answer:
            raise ApiError(422, answer["error"][:300])
        _KEPT.put(key, answer)
    return JSONResponse(answer)


def routes() -> list:
    return [Route("/api/analyse", analyse_route, methods=["POST"])]
