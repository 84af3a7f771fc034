"""Winnability statistics: solve every deal of a range on every core, or on a Dask cluster.

One JSON line per deal is appended to the output file as soon as that deal is done, so an
interrupted run loses nothing and ``--resume`` skips what is there. The summary gives the
winnable share among the deals with an exhaustive verdict, its 95% Wilson interval, and the
bounds that count the unknown deals as all lost and as all won (as Blake & Gent report).

Deals solved here are also recorded in the user's cache folder (``cache_dir``), where
``--winnable`` and ``--difficulty`` find them.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from ..core.errors import ArgumentError
from ..core.limits import DEFAULT_MAX_STATES, MAX_DEAL_RANGE, MAX_WINNABLE_TRIES
from ..engine.deal import MAX_SEED
from ..engine.deal import deal as seeded
from ..solve.deals import compiled_variant, deal_state
from ..solve.solver import solve
from ..variant.registry import find_variant
from . import memory as mem
from .chunks import MAX_CHUNK_OPTION, Chunker, Limits, VariantSpec, compiled, spec_of
from .cluster import results as cluster_results
from .pool import results as pool_results
from .records import VERDICTS, Seen, open_sink, read_records, scan
from .tally import summary_of, wilson

# Deals of one run added to the user's cache (which --winnable and --difficulty read from deal 1
# and a thousand from the one asked for): a study of millions of deals stays in its own JSONL,
# and the client holds at most this many (slim) cached records, whatever the range.
MAX_CACHED = 10_000
CACHE_KEYS = ("deal", "verdict", "states", "difficulty", "time_limit", "max_states", "beam")

__all__ = [
    "MAX_CHUNK_OPTION",
    "read_records",
    "run",
    "solve_deal",
    "solve_chunk",
    "summary",
    "wilson",
    "parse_range",
    "find_winnable",
]


def solve_deal(
    name: str,
    options: dict,
    deal: int,
    time_limit=None,
    max_states=None,
    by_seed: bool = False,
    *,
    compiled=None,
    memory_states: int | None = None,
    beam: bool = True,
) -> dict:
    """Deal ``deal`` of a variant, solved: one JSON-ready record (runs in a worker).
    ``by_seed`` deals a numbered variant by rulesdsl's seeded shuffle, not its numbering.
    ``compiled``: the (Variant, Analysis) to use (the task's own, from the text it carried);
    ``memory_states``: the positions the worker's memory allows, below ``max_states`` an
    unknown it stops says ``"limit": "memory"``; ``beam=False``: the search alone (solve()'s
    win finder stage off), said in the record as ``"beam": false``."""
    v, analysis = compiled if compiled is not None else compiled_variant(name, options)
    state = seeded(v, deal) if by_seed else deal_state(v, deal)
    asked = DEFAULT_MAX_STATES if max_states is None else max_states
    capped = memory_states is not None and memory_states < asked
    states = memory_states if capped else max_states
    r = solve(v, state, time_limit=time_limit, max_states=states, analysis=analysis, beam=beam)
    out = {"deal": deal, "verdict": r.verdict, "states": r.states, "seconds": round(r.seconds, 4)}
    if not beam:
        out["beam"] = False
    if r.verdict == "won":
        out["moves"] = len(r.moves)
        out["difficulty"] = r.difficulty
        out["line"] = " ".join(r.moves)  # replayable: rulesdsl stats --verify (stats/verify.py)
    if r.limit:
        out["limit"] = "memory" if capped and r.limit == "states" else r.limit
    return out


def solve_chunk(spec: VariantSpec, deals: tuple, limits: Limits) -> list:
    """The records of a block of deals: the task every worker runs (chunks.py)."""
    v, analysis = compiled(spec)
    budget = limits.memory if limits.memory is not None else mem.worker_budget()
    cap = mem.states_for(v, budget)
    return [
        solve_deal(
            spec.label,
            spec.option_dict,
            d,
            limits.time_limit,
            limits.max_states,
            compiled=(v, analysis),
            memory_states=cap,
            beam=limits.beam,
        )
        for d in deals
    ]


# -- the summary ------------------------------------------------------------------------


def summary(records) -> dict:
    """The summary of a list of records (a streamed run counts the same in a Tally)."""
    counts = {v: 0 for v in VERDICTS}
    for r in records:
        counts[r["verdict"]] += 1
    return summary_of(counts["won"], counts["unwinnable"], counts["unknown"])


def render_summary(s: dict) -> str:
    w = s["winnable"]
    pct = lambda x: f"{100 * x:.2f}%"
    est = pct(w["estimate"]) if w["estimate"] is not None else "n/a"
    return (
        f"{s['deals']} deal(s): {s['won']} won, {s['unwinnable']} unwinnable, {s['unknown']} unknown\n"
        f"winnable: {est} (95% Wilson {pct(w['wilson95'][0])} to {pct(w['wilson95'][1])}; "
        f"counting unknowns as lost / won: {pct(w['bounds'][0])} to {pct(w['bounds'][1])})"
    )


# -- running ----------------------------------------------------------------------------------


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``done`` of ``total`` deals have a record (written, with an output
    file, so that ``--resume`` continues from there)."""

    def __init__(self, done: int, total: int):
        super().__init__(f"interrupted: {done} of {total} deal(s) done")
        self.done, self.total = done, total


def _progress(total: int | None, enabled: bool, desc: str | None = None):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="deal", file=sys.stderr, desc=desc)


def run(
    name: str,
    options: dict,
    deals,
    *,
    jobs: int | None = None,
    time_limit=None,
    max_states=None,
    out_path=None,
    resume: bool = False,
    cluster: str | None = None,
    progress: bool | None = None,
    tag: dict | None = None,
    chunk: int | None = None,
    memory: int | None = None,
    say=None,
    each=None,
    keep: bool = True,
    beam: bool = True,
) -> list:
    """Solve every deal in ``deals`` (any iterable: a range or a Seen is never listed), each
    once; return every record (those resumed included), sorted by deal. Records are appended to
    ``out_path`` a chunk at a time, as chunks finish. ``chunk``: deals per task (None: sized
    from the measured rate, chunks.py); ``memory``: bytes per task (None: the machine's
    memory shared among the jobs, or the Dask worker's limit); ``say``: warnings.
    ``each``: called with every batch of records as it arrives (resumed ones first);
    ``keep=False`` keeps none and returns [], so the client's memory stays flat; ``beam=False``:
    the search alone on every deal (solve()'s win finder stage off)."""
    if not isinstance(deals, (range, Seen)):
        deals = list(dict.fromkeys(deals))  # an iterable handed over: its deals, each once
    seen = Seen(deals)
    out = _Output(name, options, (time_limit, max_states, beam), each, keep)
    if resume and out_path:
        for batch in _resumed(out_path, deals, tag, seen, say):
            out.take(batch, cache=False)
    total = len(deals)
    todo = total - out.done
    if progress is None:
        progress = sys.stderr.isatty()
    bar = _progress(todo, progress)
    spec = spec_of(name, options, travel=bool(cluster))
    jobs = max(1, min(jobs or os.cpu_count() or 1, todo))
    if memory is None and not cluster:
        memory = mem.jobs_budget(jobs)
    limits = Limits(time_limit, max_states, memory, beam)
    chunker = Chunker((d for d in deals if seen.add(d)), chunk)
    sink = open_sink(out_path) if out_path else None
    try:
        for recs in _dispatch(spec, limits, chunker, jobs, cluster) if todo else ():
            chunker.observe(recs)
            if tag:
                recs = [{**tag, **r} for r in recs]
            if sink:
                sink.write(recs)
            out.take(recs)
            if bar is not None:
                bar.update(len(recs))
    except KeyboardInterrupt:
        raise Interrupted(out.done, total) from None
    finally:
        if sink:
            sink.close()
        if bar is not None:
            bar.close()
        out.cache.save()
    out.kept.sort(key=lambda r: r["deal"])
    return out.kept


class _Output:
    """Where a run's records go as they arrive: the caller's ``each``, the user's cache (the
    first MAX_CACHED solved), and the returned list when ``keep``."""

    def __init__(self, name, options, limits, each, keep):
        self.cache = DealCache(name, options)
        self.limits, self.each, self.keep = limits, each, keep
        self.kept: list = []
        self.done = self.cached = 0

    def take(self, recs: list, cache: bool = True) -> None:
        self.done += len(recs)
        if self.keep:
            self.kept.extend(recs)
        if self.each is not None:
            self.each(recs)
        if cache:
            for rec in recs[: max(0, MAX_CACHED - self.cached)]:
                self.cache.add(rec, *self.limits)
            self.cached += len(recs)
            self.cache.save()  # a chunk at a time: a killed run keeps what it cached


def _dispatch(spec, limits, chunker, jobs, cluster):
    """Each finished chunk's records: on a Dask cluster, on a pool of processes, or here."""
    if cluster:
        return cluster_results(solve_chunk, spec, limits, chunker, cluster)
    if jobs > 1:
        return pool_results(solve_chunk, spec, limits, chunker, jobs)
    return _here(spec, limits, chunker)


def _here(spec, limits, chunker):
    """In this process (--jobs 1): a record as each deal finishes, nothing in flight to lose."""
    while (chunk := chunker.next()) is not None:
        for d in chunk:
            yield solve_chunk(spec, (d,), limits)


def _resumed(out_path, deals, tag, seen, say, batch: int = 1000):
    """The records of ``out_path`` a resumed run keeps, in batches read a line at a time: of a
    deal asked for, with the tag's values, the first of each deal (each marked seen, so it is
    not solved again)."""
    wanted = deals if isinstance(deals, (range, Seen)) else set(deals)
    kept = []
    for rec in scan(out_path, say):
        d = rec["deal"]
        if d in wanted and all(rec.get(k) == v for k, v in (tag or {}).items()) and seen.add(d):
            kept.append(rec)
            if len(kept) >= batch:
                yield kept
                kept = []
    if kept:
        yield kept


def parse_range(text: str) -> range:
    a, sep, b = text.partition("-")
    try:
        lo = int(a)
        hi = int(b) if sep else lo
    except ValueError:
        raise ArgumentError(f"--deals takes A-B (two whole numbers), not {text!r}") from None
    if not 0 <= lo <= hi <= MAX_SEED:
        raise ArgumentError(f"--deals A-B needs 0 <= A <= B <= {MAX_SEED}")
    if hi - lo + 1 > MAX_DEAL_RANGE:
        raise ArgumentError(f"--deals covers at most {MAX_DEAL_RANGE} deals in one run")
    return range(lo, hi + 1)


# -- the cache of solved deals (winnable deals and difficulty) ---------------------------------


def cache_dir() -> Path:
    """RULESDSL_CACHE, else $XDG_CACHE_HOME/rulesdsl, else ~/.cache/rulesdsl."""
    env = os.environ.get("RULESDSL_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rulesdsl"


class DealCache:
    """Solved deals of one variant with its options: deal -> record, kept as JSONL.

    An unknown verdict is kept with the limits it was searched under, so that the same
    limits do not search it again while larger ones do. ``by="seed"`` keeps a numbered
    variant's seeded deals apart from its numbered ones."""

    def __init__(self, name: str, options: dict, by: str = "deal"):
        path = find_variant(name)
        ident = Path(name).stem if path is None else path.stem
        # the rules themselves are part of the name: an edited variant starts a new cache
        try:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12] if path else "none"
        except OSError:
            digest = "none"
        opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        tag = hashlib.sha256(opts.encode()).hexdigest()[:8] if opts else "default"
        suffix = "" if by == "deal" else f"-{by}"
        self.path = cache_dir() / f"{ident}-{digest}-{tag}{suffix}.jsonl"
        self.records = {r["deal"]: r for r in read_records(self.path)}
        self.new: list = []

    def known(self, deal: int, time_limit=None, max_states=None, beam: bool = True) -> dict | None:
        """The cached record of ``deal`` when searching it again under these limits would
        tell nothing new: a verdict, or an unknown found under limits at least as large
        (and with the win finder's stage as asked)."""
        rec = self.records.get(deal)
        if rec is None or rec["verdict"] != "unknown":
            return rec
        return rec if _covers(rec, time_limit, max_states, beam) else None

    def add(self, rec: dict, time_limit=None, max_states=None, beam: bool = True) -> None:
        old = self.records.get(rec["deal"])
        if rec.get("verdict") == "unknown":
            if old is not None and (old["verdict"] != "unknown" or _covers(old, time_limit, max_states, beam)):
                return
            rec = {**rec, "time_limit": time_limit, "max_states": _states(max_states)}
            if not beam:
                rec["beam"] = False
        elif old is not None and old["verdict"] != "unknown":
            return
        rec = {k: rec[k] for k in CACHE_KEYS if k in rec}  # no line, no tag: kept small
        self.records[rec["deal"]] = rec
        self.new.append(rec)

    def save(self) -> None:
        if not self.new:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as f:
                for rec in self.new:
                    f.write(json.dumps(rec) + "\n")
        except OSError:
            pass  # a cache that cannot be written is only slower
        self.new = []


def _states(max_states) -> int:
    return DEFAULT_MAX_STATES if max_states is None else max_states


def _covers(rec: dict, time_limit, max_states, beam: bool = True) -> bool:
    """Was this unknown record searched under limits at least as large as these, the win
    finder's stage on or off as asked? (A time limit of None is none at all. Neither mode
    covers the other: the stage takes a quarter of the search's time and may win what the
    search alone does not.)"""
    if rec.get("beam", True) != beam:
        return False
    tl = rec.get("time_limit")
    ms = rec.get("max_states")
    if not isinstance(ms, int) or ms < _states(max_states):
        return False
    if tl is None:
        return "time_limit" in rec
    return isinstance(tl, (int, float)) and time_limit is not None and tl >= time_limit


def bands(won: list) -> dict:
    """Won records split in three by rank of difficulty (ties by deal): easy, medium, hard.
    Easy and hard share no deal as soon as there are two."""
    ranked = sorted(won, key=lambda r: (r["difficulty"], r["deal"]))
    n = len(ranked)
    third = -(-n // 3)
    easy, hard = ranked[:third], ranked[n - third :]
    medium = ranked[third : n - third] or ranked[n // 2 : n // 2 + 1]
    return {"easy": easy, "medium": medium, "hard": hard}


def _in_band(records: list, difficulty: int) -> bool:
    """Does a newly solved deal's difficulty lie within the span of a band's records?"""
    return records[0]["difficulty"] <= difficulty <= records[-1]["difficulty"]


class _Search:
    """Deals solved on demand for find_winnable: the cache first; a progress bar and one
    sentence on standard error (through ``say``) once a deal must really be searched."""

    def __init__(self, name, options, cache, limits, by_seed, progress, say):
        self.name, self.options, self.cache = name, options, cache
        self.time_limit, self.max_states = limits
        self.by_seed, self.progress, self.say = by_seed, progress, say
        self.bar = None
        self.pending: tuple | None = None  # (why, bar total, bar label) of the next search

    def expect(self, why: str, total: int | None, desc: str) -> None:
        self.close()
        self.pending = (why, total, desc)

    def record(self, deal: int) -> tuple:
        """(record, searched now?)"""
        rec = self.cache.known(deal, self.time_limit, self.max_states)
        if rec is not None:
            return rec, False
        if self.pending:
            why, total, desc = self.pending
            self.pending = None
            if self.say:
                each = f"up to {self.time_limit:g} s each" if self.time_limit else "no time limit"
                self.say(f"{why}: solving deals ({each}) once; the verdicts are cached in {self.cache.path}")
            self.bar = _progress(total, self.progress, desc)
        rec = solve_deal(self.name, self.options, deal, self.time_limit, self.max_states, self.by_seed)
        self.cache.add(rec, self.time_limit, self.max_states)
        if self.bar is not None:
            self.bar.update(1)
        return rec, True

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        self.bar = self.pending = None


def find_winnable(
    name: str,
    options: dict,
    start: int,
    *,
    difficulty: str | None = None,
    time_limit: float = 10.0,
    sample: int = 30,
    tries: int | None = None,
    max_states: int | None = None,
    by_seed: bool = False,
    progress: bool | None = None,
    say=None,
) -> tuple:
    """(deal, record): a deal from ``start`` on that the solver wins, within the difficulty
    tertile asked for. The tertiles come from at least ``sample`` won deals, solved on demand
    (deals 1, 2, ...) and cached. Raises LookupError when none is found."""
    tries = tries or MAX_WINNABLE_TRIES
    cache = DealCache(name, options, "seed" if by_seed else "deal")
    if progress is None:
        progress = sys.stderr.isatty()
    search = _Search(name, options, cache, (time_limit, max_states), by_seed, progress, say)
    try:
        band = None
        if difficulty is not None:
            band = bands(_sample(search, sample, tries))[difficulty]
            cached = [r for r in band if r["deal"] >= start]
            if cached:
                rec = min(cached, key=lambda r: r["deal"])
                return rec["deal"], rec
        search.expect(f"no cached verdict from deal {start} on", tries, "deals tried")
        for deal in range(start, start + tries):
            rec, _ = search.record(deal)
            if rec["verdict"] == "won" and (band is None or _in_band(band, rec["difficulty"])):
                return deal, rec
        raise LookupError(f"no {'winnable' if difficulty is None else difficulty} deal among {tries} from {start}")
    finally:
        search.close()
        cache.save()


def _sample(search: _Search, sample: int, tries: int) -> list:
    """At least ``sample`` won records (fewer when ``tries`` deals hold fewer)."""
    won = [r for r in search.cache.records.values() if r["verdict"] == "won" and r.get("difficulty") is not None]
    if len(won) < sample:
        search.expect(
            f"the difficulty tertiles need {sample} won deals and {len(won)} are cached",
            None,
            f"deals solved ({sample - len(won)} more won needed)",
        )
    d = 1
    while len(won) < sample and d <= tries:
        rec, searched = search.record(d)
        if searched and rec["verdict"] == "won" and rec.get("difficulty") is not None:
            won.append(rec)
        d += 1
    search.close()
    if not won:
        raise LookupError(f"no winnable deal among the first {tries}: no difficulty to compare")
    return won
