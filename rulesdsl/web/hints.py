"""Solver work off the server's event loop: a small process pool with limits per request and
in total.

Each job replays the game in a worker process (the variant compiled once per process) and
runs the solver under a time limit and a state limit; at most ``MAX_PENDING`` jobs wait or
run at once, past that a request is told the server is busy. A second hint for the same
game waits for the first, and the answer for a position is kept: a hint asked again after
playing along the solver's line is the rest of that line, at once, and one asked after any
moves from a position proved unwinnable is unwinnable at once (every position below a lost one
is lost). A search tries a small budget first (solve/hinting.py's staged_solve). Finding a winnable deal
(``winnable``) runs in the same pool, with a total time budget.

The pool is one single-process executor per worker, and a game's hints always go to the same
one (by its id), so that the worker keeps what that game's searches proved between its hints
(a hinting.HintMemo per game, ``MEMO_GAMES`` games per worker, each capped at
``MEMO_KEYS`` positions): positions proved lost, and the winning lines a later search can
join again after a move off them.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .drafts import load_draft
from .engine_api import UNKNOWN, UNWINNABLE, WON, HintMemo, load, solve
from .live import deal_game
from .store import Record

DEFAULT_SECONDS = 4.0  # a hint's search when the request names no time
MAX_SECONDS = 15.0  # the most a request may ask for
MAX_STATES = 500_000  # positions one search may keep (about 150 bytes each)
MAX_PENDING = 8  # jobs waiting or running in the pool at once, over every game
WINNABLE_SECONDS = 15.0  # the whole search for a winnable deal
WINNABLE_TRY_SECONDS = 5.0  # one deal's search inside it
MAX_KEPT = 1024  # answers kept (one per game)
SLACK = 30.0  # seconds a job may take beyond its search (start-up, load, replay) before it is abandoned
MEMO_GAMES = 4  # games whose searches' proofs a worker keeps (the most recently hinted)
MEMO_KEYS = 100_000  # positions kept per game (about 150 bytes each)


log = logging.getLogger("rulesdsl.web")


class Busy(Exception):
    """The solver cannot take this job: MAX_PENDING jobs already, or its worker failed."""


_VARIANTS: dict = {}  # per worker process: (name, options) -> Variant


def worker_variant(name: str, options: dict, text: str | None = None):
    """In a worker of the pool (hints, winnable deals, the analyse page): the variant by its
    registered name, or (``text`` given) the workbench's text, whose name ``draft:KEY`` is
    derived from it; compiled once per process."""
    key = (name, tuple(sorted((k, str(v)) for k, v in options.items())))
    v = _VARIANTS.get(key)
    if v is None:
        if len(_VARIANTS) > 16:
            _VARIANTS.clear()
        v = _VARIANTS[key] = load(name, options) if text is None else load_draft(text, options)
    return v


_MEMOS: OrderedDict = OrderedDict()  # per worker process: the game -> its HintMemo


def _memo(game_id: str, name: str, options: dict, seed, deal, start) -> HintMemo:
    """The worker's HintMemo of this game (a new one for a game it has not kept)."""
    key = (game_id, name, tuple(sorted((k, str(v)) for k, v in options.items())), seed, deal, start)
    memo = _MEMOS.pop(key, None) or HintMemo(cap=MEMO_KEYS)
    _MEMOS[key] = memo
    while len(_MEMOS) > MEMO_GAMES:
        _MEMOS.popitem(last=False)
    return memo


def solve_job(
    game_id: str, name: str, options: dict, seed, deal, start, moves: list, seconds: float, text: str | None = None
) -> dict:
    """In a worker: the game replayed from its deal, then the solver from there, with what
    the game's earlier searches in this worker proved (a small search first)."""
    g = deal_game(worker_variant(name, options, text), seed, deal, start)
    for move in moves:
        g.play(move)
    started = time.monotonic()
    memo = _memo(game_id, name, options, seed, deal, start)
    verdict, line, _source = memo.answer(g, seconds, max_states=MAX_STATES)
    states = memo.result.states if memo.result is not None else 0
    return {"verdict": verdict, "line": list(line), "states": states, "seconds": round(time.monotonic() - started, 3)}


def winnable_job(name: str, options: dict, start: int, budget: float, text: str | None = None) -> dict:
    """In a worker: the first deal from ``start`` on (a seed, or the variant's deal number)
    that the solver wins, searching at most ``budget`` seconds in all."""
    v = worker_variant(name, options, text)
    deadline = time.monotonic() + budget
    n, tried = start, 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return {"found": None, "tried": tried}
        numbered = v.numbering is not None
        st = deal_game(v, None if numbered else n, str(n) if numbered else None).state
        r = solve(v, st, time_limit=min(WINNABLE_TRY_SECONDS, left), max_states=MAX_STATES)
        tried += 1
        if r.verdict == WON:
            return {"found": n, "tried": tried, "moves": len(r.moves)}
        n += 1


def ready() -> bool:
    """In a worker: nothing; submitted at start-up so that the workers are running (and have
    imported rulesdsl) before the first hint."""
    return True


class Hints:
    """The pool (started on first use) and the answers per game."""

    def __init__(self, workers: int | None = None, text_of=None):
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self.text_of = text_of or (lambda name: None)  # a workbench variant's text, by its name
        self._pools: list[ProcessPoolExecutor | None] = [None] * self.workers  # one process each
        self._turn = 0  # the worker the next job without a game goes to
        self._pending = 0
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}  # game id -> (lock, requests using it)
        self._kept: OrderedDict[str, tuple] = OrderedDict()  # game id -> (moves played, answer, seconds)
        self._lost: OrderedDict[str, list] = OrderedDict()  # game id -> the moves played to a lost position

    def _executor(self, slot: int) -> ProcessPoolExecutor:
        pool = self._pools[slot]
        if pool is None:
            # spawn, not fork: the server has threads (a forked copy could hold their locks)
            pool = self._pools[slot] = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return pool

    def slot(self, game_id: str) -> int:
        """The worker a game's hints go to (the same one every time: it keeps the game's proofs)."""
        return zlib.crc32(game_id.encode()) % self.workers

    def warm(self) -> None:
        """Start the workers now, in the background (rulesdsl serve does; tests need not)."""
        for slot in range(self.workers):
            self._executor(slot).submit(ready)

    def close(self) -> None:
        for i, pool in enumerate(self._pools):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[i] = None

    async def _run(self, fn, *args, timeout: float, slot: int | None = None):
        if self._pending >= MAX_PENDING:
            raise Busy(f"the solver is busy ({MAX_PENDING} searches running or waiting): try again in a moment")
        self._pending += 1
        if slot is None:
            slot, self._turn = self._turn, (self._turn + 1) % self.workers
        try:
            fut = asyncio.get_running_loop().run_in_executor(self._executor(slot), fn, *args)
            return await asyncio.wait_for(fut, timeout)
        except (BrokenProcessPool, asyncio.TimeoutError):
            log.exception("the solver's worker failed or overran; a new pool starts with the next job")
            self.close()
            raise Busy("the solver's worker failed: try again") from None
        finally:
            self._pending -= 1

    def known(self, game_id: str, played: list, seconds: float = 0.0) -> dict | None:
        """The answer kept for this game, if it still holds: the same position (an
        ``unknown`` only when no longer search is asked for), or one reached by playing
        along its winning line (then the rest of the line)."""
        lost = self._lost.get(game_id)
        if lost is not None and played[: len(lost)] == lost:
            return {"verdict": UNWINNABLE, "line": [], "states": 0, "seconds": 0.0}
        hit = self._kept.get(game_id)
        if hit is None:
            return None
        before, answer, searched = hit
        if played == before:
            return answer if answer["verdict"] != UNKNOWN or seconds <= searched else None
        k = len(played) - len(before)
        line = answer["line"]
        if answer["verdict"] == WON and 0 < k <= len(line) and played[: len(before)] == before:
            if played[len(before) :] == line[:k]:
                return dict(answer, line=line[k:])
        return None

    async def solve(self, rec: Record, played: list, seconds: float) -> dict:
        """The solver's answer from this game's position (kept, or searched in the pool)."""
        game_id = rec.id
        lock, users = self._locks.get(game_id, (asyncio.Lock(), 0))
        self._locks[game_id] = (lock, users + 1)
        try:
            async with lock:  # a second hint for the same game waits for the first
                answer = self.known(game_id, played, seconds)
                if answer is None:
                    text = self.text_of(rec.variant)
                    args = (game_id, rec.variant, rec.options, rec.seed, rec.deal, rec.start, played, seconds, text)
                    answer = await self._run(solve_job, *args, timeout=seconds + SLACK, slot=self.slot(game_id))
                    self._kept[game_id] = (list(played), answer, seconds)
                    self._kept.move_to_end(game_id)
                    while len(self._kept) > MAX_KEPT:
                        self._kept.popitem(last=False)
                    if answer["verdict"] == UNWINNABLE:
                        self._lost[game_id] = list(played)
                        while len(self._lost) > MAX_KEPT:
                            self._lost.popitem(last=False)
                return answer
        finally:
            lock, users = self._locks[game_id]
            if users > 1:
                self._locks[game_id] = (lock, users - 1)
            else:  # nobody else waits: forget the lock
                del self._locks[game_id]

    async def winnable(self, name: str, options: dict, start: int) -> dict:
        args = (name, options, start, WINNABLE_SECONDS, self.text_of(name))
        return await self._run(winnable_job, *args, timeout=WINNABLE_SECONDS + SLACK)

    async def job(self, fn, *args, timeout: float):
        """Any other bounded work in the pool (the workbench's playouts), under the same limits."""
        return await self._run(fn, *args, timeout=timeout)
