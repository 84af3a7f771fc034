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
import itertools
import json
import math
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

IN_FLIGHT = 4  # deals submitted per worker process ahead of the results


def solve_deal(name: str, options: dict, deal: int, time_limit=None, max_states=None, by_seed: bool = False) -> dict:
    """Deal ``deal`` of a variant, solved: one JSON-ready record (runs in a worker).
    ``by_seed`` deals a numbered variant by rulesdsl's seeded shuffle, not its numbering."""
    v, analysis = compiled_variant(name, options)
    state = seeded(v, deal) if by_seed else deal_state(v, deal)
    r = solve(v, state, time_limit=time_limit, max_states=max_states, analysis=analysis)
    out = {"deal": deal, "verdict": r.verdict, "states": r.states, "seconds": round(r.seconds, 4)}
    if r.verdict == "won":
        out["moves"] = len(r.moves)
        out["difficulty"] = r.difficulty
        out["line"] = " ".join(r.moves)  # replayable: rulesdsl stats --verify (stats/verify.py)
    if r.limit:
        out["limit"] = r.limit
    return out


# -- the summary ------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple:
    """The Wilson score interval of k successes in n trials (0, 1 when n is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(records) -> dict:
    won = sum(1 for r in records if r["verdict"] == "won")
    lost = sum(1 for r in records if r["verdict"] == "unwinnable")
    unknown = sum(1 for r in records if r["verdict"] == "unknown")
    deals = won + lost + unknown
    decided = won + lost
    lo, hi = wilson(won, decided)
    return {
        "deals": deals,
        "won": won,
        "unwinnable": lost,
        "unknown": unknown,
        "winnable": {
            "estimate": won / decided if decided else None,
            "wilson95": [lo, hi],
            "bounds": [won / deals if deals else 0.0, (won + unknown) / deals if deals else 1.0],
        },
    }


def render_summary(s: dict) -> str:
    w = s["winnable"]
    pct = lambda x: f"{100 * x:.2f}%"
    est = pct(w["estimate"]) if w["estimate"] is not None else "n/a"
    return (
        f"{s['deals']} deal(s): {s['won']} won, {s['unwinnable']} unwinnable, {s['unknown']} unknown\n"
        f"winnable: {est} (95% Wilson {pct(w['wilson95'][0])} to {pct(w['wilson95'][1])}; "
        f"counting unknowns as lost / won: {pct(w['bounds'][0])} to {pct(w['bounds'][1])})"
    )


# -- the output file ----------------------------------------------------------------------


def read_records(path) -> list:
    """The complete records of a JSONL file (a line cut by an interruption is skipped)."""
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if (
                    isinstance(rec, dict)
                    and isinstance(rec.get("deal"), int)
                    and rec.get("verdict") in ("won", "unwinnable", "unknown")
                ):
                    out.append(rec)
    except FileNotFoundError:
        pass
    return out


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
) -> list:
    """Solve every deal in ``deals``; return every record (those resumed included)."""
    deals = list(deals)
    records = []
    if resume and out_path:
        wanted = set(deals)
        done = {
            r["deal"]: r
            for r in read_records(out_path)
            if r["deal"] in wanted and all(r.get(k) == v for k, v in (tag or {}).items())
        }
        records = list(done.values())
        deals = [d for d in deals if d not in done]
    if progress is None:
        progress = sys.stderr.isatty()
    bar = _progress(len(deals), progress)
    sink = open(out_path, "a+", encoding="utf-8") if out_path else None
    if sink and sink.tell():
        sink.seek(sink.tell() - 1)
        if sink.read(1) != "\n":
            sink.write("\n")  # end a line cut by an interruption before appending
    cache = DealCache(name, options)
    total = len(records) + len(deals)
    try:
        for rec in _results(name, options, deals, jobs, time_limit, max_states, cluster):
            if tag:
                rec = {**tag, **rec}
            records.append(rec)
            cache.add(rec, time_limit, max_states)
            if sink:
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        raise Interrupted(len(records), total) from None
    finally:
        if sink:
            sink.close()
        if bar is not None:
            bar.close()
        cache.save()
    records.sort(key=lambda r: r["deal"])
    return records


def _results(name, options, deals, jobs, time_limit, max_states, cluster):
    if not deals:
        return
    if cluster:
        yield from _dask_results(name, options, deals, time_limit, max_states, cluster)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(deals) == 1:
        for d in deals:
            yield solve_deal(name, options, d, time_limit, max_states)
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # A few deals per process in flight, not the whole range: submitting a million deals
    # would take long and hold them all in memory, and Ctrl-C must not wait for them.
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(deals)))
    todo = iter(deals)
    pending: set = set()
    try:
        while True:
            for d in itertools.islice(todo, IN_FLIGHT * jobs - len(pending)):
                pending.add(pool.submit(solve_deal, name, options, d, time_limit, max_states))
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # the deals being solved end within their limits


def _dask_results(name, options, deals, time_limit, max_states, address):
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise RuntimeError("--cluster needs Dask: pip install 'rulesdsl[cluster]'") from None
    cluster = None
    if address.startswith("local:"):
        n = int(address[6:])
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(address, timeout=30)
    try:
        futures = client.map(
            solve_deal,
            [name] * len(deals),
            [options] * len(deals),
            deals,
            [time_limit] * len(deals),
            [max_states] * len(deals),
            pure=False,
        )
        for f in as_completed(futures):
            yield f.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


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

    def known(self, deal: int, time_limit=None, max_states=None) -> dict | None:
        """The cached record of ``deal`` when searching it again under these limits would
        tell nothing new: a verdict, or an unknown found under limits at least as large."""
        rec = self.records.get(deal)
        if rec is None or rec["verdict"] != "unknown":
            return rec
        return rec if _covers(rec, time_limit, max_states) else None

    def add(self, rec: dict, time_limit=None, max_states=None) -> None:
        old = self.records.get(rec["deal"])
        if rec.get("verdict") == "unknown":
            if old is not None and (old["verdict"] != "unknown" or _covers(old, time_limit, max_states)):
                return
            rec = {**rec, "time_limit": time_limit, "max_states": _states(max_states)}
        elif old is not None and old["verdict"] != "unknown":
            return
        self.records[rec["deal"]] = rec
        self.new.append(rec)

    def save(self) -> None:
        if not self.new:
            return
        keys = ("deal", "verdict", "states", "difficulty", "time_limit", "max_states")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as f:
                for rec in self.new:
                    f.write(json.dumps({k: rec[k] for k in keys if k in rec}) + "\n")
        except OSError:
            pass  # a cache that cannot be written is only slower
        self.new = []


def _states(max_states) -> int:
    return DEFAULT_MAX_STATES if max_states is None else max_states


def _covers(rec: dict, time_limit, max_states) -> bool:
    """Was this unknown record searched under limits at least as large as these?
    (A time limit of None is none at all.)"""
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
