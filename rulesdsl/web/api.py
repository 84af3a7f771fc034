"""The JSON endpoints: games (create, read, move, undo, redo, restart, autoplay, hint, resign,
board), variants and statistics.

Every field of a request is checked here (type, length, range) before anything is built;
every refusal is an ``ApiError`` that app.py turns into ``{"error": message}`` with its
status. Moves are played by the engine and nothing else: ``refusal`` is the one place that
words why a move was refused.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import sqlite3

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import catalogue
from .drafts import Drafts, key_in
from .engine_api import Game, MoveError, RulesdslError, RulesError, board_svg, position_text
from .hints import DEFAULT_SECONDS, MAX_SECONDS, Busy
from .live import Session, can_autoplay, deal_game
from .store import Record

MAX_BODY = 16 * 1024  # bytes of a request body
MAX_OPTIONS = 20  # options in one request
MAX_TEXT = 200  # characters of a move, an option's name or value, a deal number
MAX_POSITION = 12_000  # characters of a compact position (eight decks fit; the body cap is above it)
MAX_SEED = (1 << 63) - 1  # seeds a request may give (the engine takes up to 2**64 - 1)
RANDOM_SEEDS = 1_000_000  # a new deal with no seed takes one below this (short to type again)
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


# -- reading requests -------------------------------------------------------------------


async def read_json(request: Request, required: bool = True, limit: int = MAX_BODY) -> dict:
    """The body as a JSON object, at most ``limit`` bytes; an empty body is {} when not required."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise ApiError(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ApiError(413, f"the request body is larger than {limit} bytes")
    if not body.strip():
        if required:
            raise ApiError(400, "the request needs a JSON object as its body")
        return {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":  # a page of another site can send text/plain without asking
        raise ApiError(415, "send the body as JSON, with Content-Type: application/json")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ApiError(400, f"the body is not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(data).__name__}")
    return data


def only(data: dict, allowed: set) -> None:
    extra = sorted(str(k)[:40] for k in data if k not in allowed)
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})")


def whole(data: dict, key: str, lo: int, hi: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ApiError(400, f"'{key}' must be a whole number from {lo} to {hi}")
    return value


def text(data: dict, key: str, limit: int = MAX_TEXT) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, f"'{key}' must be non-empty text")
    if len(value) > limit:
        raise ApiError(400, f"'{key}' is longer than {limit} characters")
    return value


def flag(data: dict, key: str) -> bool | None:
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise ApiError(400, f"'{key}' must be true or false")
    return value


def options_of(data: dict) -> dict:
    opts = data.get("options", {})
    if opts is None:
        return {}
    if not isinstance(opts, dict):
        raise ApiError(400, "'options' must be an object of option names to values")
    if len(opts) > MAX_OPTIONS:
        raise ApiError(400, f"at most {MAX_OPTIONS} options")
    for k, v in opts.items():
        if len(k) > MAX_TEXT:
            raise ApiError(400, f"an option name is longer than {MAX_TEXT} characters")
        if isinstance(v, bool) or not isinstance(v, (str, int)) or (isinstance(v, str) and len(v) > MAX_TEXT):
            raise ApiError(400, f"option '{k[:40]}' must be text or a whole number")
    return opts


def variant_name(value: object, drafts: Drafts | None = None) -> str:
    """A registered variant's name, or ``draft:KEY`` of a text the workbench keeps (drafts.py)."""
    if not isinstance(value, str) or not value:
        raise ApiError(400, "'variant' must be the name of a variant (GET /api/variants lists them)")
    if drafts is not None and key_in(value) is not None:
        if drafts.text_of(value) is None:
            raise ApiError(404, "no workbench variant with this key: open it in the workbench again and press Play")
        return value
    if not catalogue.known(value):
        shown = value[:60].encode("unicode_escape").decode("ascii")
        raise ApiError(404, f"no variant named '{shown}' (GET /api/variants lists them; a path is never accepted)")
    return value


async def session_of(request: Request) -> Session:
    """The game the path names: from memory, else rebuilt from the store in a worker thread
    (a replay must not hold up other requests); 404 when there is none."""
    game_id = request.path_params["id"]
    if not GAME_ID.match(game_id):
        raise ApiError(404, "no such game")
    live = request.app.state.live
    s = live.cached(game_id)
    if s is None:
        try:
            s = await run_in_threadpool(live.load, game_id)
        except RulesdslError as exc:  # the variant file changed under a stored game
            raise ApiError(409, f"this stored game no longer replays: {str(exc)[:200]}") from None
        if s is None:
            raise ApiError(404, "no such game")
        s = live.keep(s)
    return s


def playing(s: Session) -> Session:
    if s.finished:
        raise ApiError(409, f"this game is over ({s.rec.result}): restart it or deal a new one")
    return s


@contextlib.contextmanager
def saving(request: Request, game_id: str):
    """A change to a game and its commit. When the store fails (a full disk, a locked file),
    the game is dropped from memory, so that it is read back as the store still has it, and
    the client is told (503) that nothing was saved."""
    try:
        yield
    except sqlite3.Error as exc:
        request.app.state.live.forget(game_id)
        raise ApiError(503, f"the game could not be saved ({exc}): try again") from None


def refusal(exc: MoveError) -> str:
    """Why the engine refused a move, in words (the one place this is worded)."""
    return str(exc)


# -- answers ------------------------------------------------------------------------------


def move_json(game, move) -> dict:
    """A move as the page reads it; its cards named with their copy (``7D.1``), as the SVG's data-card."""
    d = game.move_json(move)
    cards = [game.variant.deck.text(c, copy=True) for c in move.cards]
    out = {"text": d["notation"], "kind": d["kind"], "name": d.get("name"), "cards": cards}
    if d["kind"] == "action":  # played from its pile (the stock), dealing to its targets
        dests = [p for p in dict.fromkeys(d["dest"]) if p != d["source"]]
        out.update(source=None, dest=None, sources=[], pile=d["source"], dests=dests)
    elif d["kind"] == "remove":
        out.update(source=d["source"][0], dest=d["dest"], sources=d["source"], dests=[d["dest"]])
    else:
        out.update(source=d["source"], dest=d["dest"], sources=[d["source"]], dests=[d["dest"]])
    return out


OUTCOMES = {"ONGOING": "playing", "WON": "won", "LOST": "lost", "STALLED": "stalled"}


def game_json(s: Session) -> dict:
    g, rec = s.game, s.rec
    outcome = "lost" if rec.result == "resigned" else OUTCOMES[g.outcome.name]
    over = s.finished or outcome in ("won", "lost")
    return {
        "id": rec.id,
        "variant": rec.variant,
        "title": g.variant.name,
        "options": dict(g.variant.options),
        "seed": rec.seed,
        "deal": g.deal,
        "numbered": g.variant.numbering is not None,
        "position": position_text(g.variant, g.state),
        "moves": [] if over else [move_json(g, m) for m in g.legal_moves()],
        "outcome": outcome,
        "result": rec.result,
        "score": g.score,
        "won": outcome == "won",
        "over": over,
        "can_undo": not s.finished and rec.cursor > 0,
        "can_redo": not s.finished and rec.cursor < len(rec.moves),
        "move_count": rec.cursor,
        "autoplay": rec.autoplay,
        "autoplay_available": can_autoplay(g.variant),
        "seconds": round(rec.seconds, 1),
        "last_move": None if s.last is None else move_json(g, s.last),
        "svg": board_svg(g),
    }


def answer(s: Session, status: int = 200) -> JSONResponse:
    return JSONResponse(game_json(s), status_code=status)


# -- endpoints ----------------------------------------------------------------------------


async def create_game(request: Request) -> JSONResponse:
    data = await read_json(request)
    only(data, {"variant", "options", "seed", "deal", "winnable", "position", "autoplay"})
    name = variant_name(data.get("variant"), request.app.state.drafts)
    opts = options_of(data)
    seed = whole(data, "seed", 0, MAX_SEED)
    deal = data.get("deal")
    if deal is not None and (isinstance(deal, bool) or not isinstance(deal, (int, str)) or len(str(deal)) > MAX_TEXT):
        raise ApiError(400, "'deal' must be a deal number (a whole number, or text such as 'ms617')")
    winnable = flag(data, "winnable")
    pos = text(data, "position", MAX_POSITION)
    autoplay = flag(data, "autoplay") or False
    if seed is not None and deal is not None:
        raise ApiError(400, "give 'seed' or 'deal', not both")
    if pos is not None and (seed is not None or deal is not None or winnable):
        raise ApiError(400, "'position' starts from that position: it takes no 'seed', 'deal' or 'winnable'")
    app = request.app.state
    try:
        v = await run_in_threadpool(app.variants.get, name, opts)
    except RulesError as exc:
        raise ApiError(422, exc.first.message + (f" ({exc.first.hint})" if exc.first.hint else "")) from None
    if deal is not None and v.numbering is None:
        raise ApiError(422, f"{v.name} has no deal numbers: give a 'seed'")
    if winnable:
        seed, deal = await _winnable(request, name, dict(v.options), v, seed, deal)
    if pos is not None:
        try:
            g = Game.from_position(v, pos)
        except RulesdslError as exc:
            raise ApiError(422, f"bad position: {str(exc)[:300]}") from None
        if g.seed is None:
            seed = None
    else:
        if seed is None and deal is None:
            seed = secrets.randbelow(RANDOM_SEEDS) + 1
        try:
            g = deal_game(v, seed, None if deal is None else str(deal))
        except RulesdslError as exc:
            raise ApiError(422, str(exc)[:300]) from None
    rec = Record(
        secrets.token_urlsafe(12),
        name,
        dict(v.options),
        g.seed if pos is not None else seed,
        None if g.deal is None else str(g.deal),
        start=pos,
        autoplay=autoplay,
    )
    with saving(request, rec.id):
        s = app.live.add(rec, g)
        if autoplay:
            s.autoplay(True)
    return answer(s, 201)


async def _winnable(request: Request, name: str, options: dict, v, seed, deal) -> tuple:
    """(seed, deal) of the first deal the solver wins from the one asked for (or a random one)."""
    numbered = v.numbering is not None
    start = seed if seed is not None else None
    if deal is not None:
        if not str(deal).isdigit():
            raise ApiError(422, "'winnable' counts the variant's own deal numbers: give a plain number")
        start = int(deal)
    if start is None:
        start = secrets.randbelow(RANDOM_SEEDS) + 1
    try:
        found = await request.app.state.hints.winnable(name, options, start)
    except Busy as exc:
        raise ApiError(503, str(exc)) from None
    if found["found"] is None:
        raise ApiError(422, f"no winnable deal found from {start} within the time allowed ({found['tried']} tried)")
    return (None, str(found["found"])) if numbered else (found["found"], None)


async def get_game(request: Request) -> JSONResponse:
    return answer(await session_of(request))


async def board(request: Request) -> Response:
    return Response(board_svg((await session_of(request)).game), media_type="image/svg+xml")


# Each handler reads its body before it takes the session, and does not wait between taking it
# and changing it: a session pushed out of the LRU meanwhile and loaded again would be another
# object, and a change to the old one would be written over the new one's moves.


async def play_move(request: Request) -> JSONResponse:
    data = await read_json(request)
    only(data, {"move"})
    move = text(data, "move")
    if move is None:
        raise ApiError(400, "'move' is required: a move's text, as the game's 'moves' list gives it")
    s = playing(await session_of(request))
    try:
        with saving(request, s.rec.id):
            s.play(move)
    except MoveError as exc:
        raise ApiError(422, refusal(exc)) from None
    return answer(s)


def _step(name: str, *, finished_too: bool = False):
    """An endpoint that takes one step of the game's history (undo, redo, restart, resign),
    saved before it answers; only restart may be asked of a finished game (it reopens it)."""

    async def endpoint(request: Request) -> JSONResponse:
        await read_json(request, required=False)
        s = await session_of(request)
        if not finished_too:
            s = playing(s)
        with saving(request, s.rec.id):
            getattr(s, name)()
        return answer(s)

    endpoint.__name__ = endpoint.__qualname__ = name
    return endpoint


undo = _step("undo")
redo = _step("redo")
restart = _step("restart", finished_too=True)
resign = _step("resign")


async def autoplay(request: Request) -> JSONResponse:
    data = await read_json(request, required=False)
    only(data, {"enabled"})
    enabled = flag(data, "enabled")
    s = playing(await session_of(request))
    with saving(request, s.rec.id):
        s.autoplay(enabled)
    return answer(s)


async def hint(request: Request) -> JSONResponse:
    data = await read_json(request, required=False)
    only(data, {"seconds"})
    seconds = data.get("seconds", DEFAULT_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise ApiError(400, f"'seconds' must be a number above 0 and at most {MAX_SECONDS:g}")
    s = await session_of(request)
    g = s.game
    if s.finished or g.over:
        verdict = "won" if g.won else "unwinnable"
        return JSONResponse({"move": None, "line": None, "verdict": verdict, "source": "solver"})
    rec = s.rec
    played = [t for t, _auto in rec.moves[: rec.cursor]]
    try:
        found = await request.app.state.hints.solve(rec, played, float(seconds))
    except Busy as exc:
        raise ApiError(503, str(exc)) from None
    now = request.app.state.live.cached(rec.id)
    if now is not s or [t for t, _ in rec.moves[: rec.cursor]] != played:
        raise ApiError(409, "the game changed while the solver was searching: ask again")
    if found["verdict"] == "won" and found["line"]:
        try:
            m = g.parse_move(found["line"][0])
        except MoveError:
            m = None
        if m is not None:
            return JSONResponse(
                {
                    "move": move_json(g, m),
                    "line": found["line"],
                    "verdict": "won",
                    "source": "solver",
                    "states": found["states"],
                }
            )
    return JSONResponse(_heuristic(g, found["verdict"]))


def _heuristic(g, verdict: str) -> dict:
    """A move to suggest when the solver has no winning line: onto a foundation first, then one
    that turns a card up, then one that empties a pile, then any."""
    v, st = g.variant, g.state
    moves = g.legal_moves()

    def rank(m) -> int:
        if m.kind == "remove":
            return 0
        if m.kind != "move":
            return 4
        if v.rules[m.dest].role.value == "foundation":
            return 0
        src = m.sources[0]
        if st.down[src] and len(st.piles[src]) - st.down[src] == len(m.cards):
            return 1
        return 2 if len(st.piles[src]) == len(m.cards) else 3

    best = min(moves, key=rank) if moves else None
    return {
        "move": None if best is None else move_json(g, best),
        "line": None,
        "verdict": verdict,
        "source": "heuristic",
    }


async def list_games(request: Request) -> JSONResponse:
    name = request.query_params.get("variant")
    if name is not None:
        variant_name(name, request.app.state.drafts)
    recs = request.app.state.store.in_progress(name)
    return JSONResponse(
        [
            {
                "id": r.id,
                "variant": r.variant,
                "seed": r.seed,
                "deal": r.deal,
                "move_count": r.cursor,
                "updated": r.updated,
            }
            for r in recs
        ]
    )


async def list_variants(request: Request) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(catalogue.variants))


async def variant_stats(request: Request) -> JSONResponse:
    name = variant_name(request.path_params["name"], request.app.state.drafts)
    return JSONResponse(request.app.state.store.stats(name))


def routes() -> list:
    game = "/api/games/{id}"
    return [
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route(game, get_game, methods=["GET"]),
        Route(game + "/board.svg", board, methods=["GET"]),
        Route(game + "/moves", play_move, methods=["POST"]),
        Route(game + "/undo", undo, methods=["POST"]),
        Route(game + "/redo", redo, methods=["POST"]),
        Route(game + "/restart", restart, methods=["POST"]),
        Route(game + "/resign", resign, methods=["POST"]),
        Route(game + "/autoplay", autoplay, methods=["POST"]),
        Route(game + "/hint", hint, methods=["POST"]),
        Route("/api/variants", list_variants, methods=["GET"]),
        Route("/api/variants/{name}/stats", variant_stats, methods=["GET"]),
    ]
