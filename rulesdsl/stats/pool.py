"""``--jobs``: chunks of deals on the processes of this machine, a bounded window of them in
flight (topped up as each finishes), so memory stays flat for any range.

A process that dies (killed, out of memory) breaks Python's pool; the chunks that were in
flight are handed to a fresh pool, up to MAX_RESTARTS times in a row without one finishing.
Ctrl-C ends the processes at once: only the chunks in flight are lost; a client killed outright
leaves no process behind (each notices its parent is gone).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

WINDOW_PER_JOB = 2  # chunks in flight per process: one solving, one waiting
ORPHAN_POLL = 0.5  # seconds between a process's looks at whether its client is still there
MAX_RESTARTS = 3  # fresh pools in a row, no chunk finishing in between, before giving up


def _quiet() -> None:
    """In each process: Ctrl-C is the client's to handle (it ends the processes), and a
    client that is gone (killed with SIGKILL) takes its processes with it within a second."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_orphaned, args=(os.getppid(),), daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_POLL)
    os._exit(1)


def results(task, spec, limits, chunker, jobs: int):
    """The records of each chunk as it finishes (in any order)."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet)
    pending: dict = {}  # future -> its chunk
    restarts = 0
    try:
        while True:
            while len(pending) < WINDOW_PER_JOB * jobs:
                chunk = chunker.next()
                if chunk is None:
                    break
                pending[pool.submit(task, spec, chunk, limits)] = chunk
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            try:
                finished = [(f, f.result()) for f in done]
            except BrokenProcessPool:
                restarts += 1
                if restarts > MAX_RESTARTS:
                    raise RuntimeError(
                        f"a worker process died {MAX_RESTARTS + 1} times in a row (out of memory?) "
                        f"solving deals among {_span(pending.values())}"
                    ) from None
                _end(pool)
                pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet)
                pending = {pool.submit(task, spec, c, limits): c for c in pending.values()}
                continue
            for f, records in finished:
                del pending[f]
                restarts = 0
                yield records
    finally:
        _end(pool)


def _span(chunks) -> str:
    deals = [d for c in chunks for d in c]
    return f"{min(deals)}-{max(deals)}" if deals else "none"


def _end(pool) -> None:
    """Stop a pool now: nothing queued runs, the processes still solving are ended."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5)
