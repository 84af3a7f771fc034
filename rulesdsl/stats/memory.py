"""How many positions one solver's table may hold in the memory a worker has, so that a hard
deal ends as ``unknown`` with ``"limit": "memory"`` instead of the worker being killed.

The solver counts positions (``max_states``), not bytes; what a position costs was measured
(bench/bench_stats.py --memory: the peak resident size over the positions of searches that ran
into their state limit): about 80-120 bytes in games of one deck (Golf, Black Hole, Klondike)
and about 600 in Spider's two decks. The estimate below stays above every measured figure.
"""

from __future__ import annotations

import os

STATE_BYTES = 200  # a position's fixed cost: its key's object and the table's slot, a node
STATE_BYTES_PER_CARD = 4  # and what grows with the deck: the key's bytes, the line to it
WORKER_BYTES = 200 << 20  # a worker process without its table: interpreter, Dask, the variant
TABLE_SHARE = 0.7  # of a worker's limit the tables may fill: Dask pauses at 80%, kills at 95%
_CGROUP_FILES = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def state_bytes(variant) -> int:
    """The bytes one position of this variant's search is budgeted at."""
    return STATE_BYTES + STATE_BYTES_PER_CARD * variant.deck.size


def states_for(variant, budget: int | None) -> int | None:
    """The positions a table may hold within ``budget`` bytes for one search (None: no cap)."""
    if budget is None:
        return None
    room = int(budget * TABLE_SHARE) - WORKER_BYTES
    return max(1, room // state_bytes(variant))


def machine_memory() -> int | None:
    """The machine's memory in bytes, or the container's limit when that is lower."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        total = None
    for name in _CGROUP_FILES:
        try:
            with open(name, encoding="ascii") as f:
                text = f.read(64).strip()
        except OSError:
            continue
        if text.isdigit() and (total is None or int(text) < total):
            total = int(text)
    return total


def jobs_budget(jobs: int) -> int | None:
    """Bytes per process for ``--jobs``: the machine's memory shared among the jobs."""
    total = machine_memory()
    return None if total is None else total // max(1, jobs)


def worker_budget() -> int | None:
    """Bytes per task on the Dask worker this runs in: its memory limit shared among its
    threads (the machine's memory when the worker has no limit); None outside a worker."""
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return None
    limit = getattr(getattr(worker, "memory_manager", None), "memory_limit", None)
    if limit is None:
        limit = getattr(worker, "memory_limit", None)
    threads = getattr(getattr(worker, "state", None), "nthreads", None) or getattr(worker, "nthreads", 1) or 1
    if not limit:
        limit = machine_memory()
    return None if not limit else int(limit) // max(1, int(threads))
