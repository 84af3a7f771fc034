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
import math
import os
import sys
from pathlib import Path

from ..core.errors import ArgumentError
from ..core.limits import MAX_DEAL_RANGE, MAX_WINNABLE_TRIES
from ..engine.deal import MAX_SEED
from ..engine.deal import deal as seeded
from ..play.game import Game
from ..variant.loader import load
from ..variant.registry import find_variant
from .solver import analyse, solve

_VARIANTS: dict = {}  # per process: (variant, options) -> (Variant, Analysis)


def _variant(name: str, options: dict):
    key = (name, tuple(sorted(options.items())))
    if key not in _VARIANTS:
        v = load(name, options)
        _VARIANTS[key] = (v, analyse(v))
    return _VARIANTS[key]


def deal_state(v, deal: int):
    """Deal ``deal``: the variant's published numbering when it declares one (Microsoft
    FreeCell, PySol), rulesdsl's own seeded shuffle otherwise."""
    if getattr(v, "numbering", None) is not None:
        return Game.numbered(v, deal).state
    return seeded(v, deal)


def solve_deal(name: str, options: dict, deal: int, time_limit=None, max_states=None) -> dict:
    """Deal ``deal`` of a variant, solved: one JSON-ready record (runs in a worker)."""
    v, analysis = _variant(name, options)
    r = solve(v, deal_state(v, deal), time_limit=time_limit, max_states=max_states, analysis=analysis)
    out = {"deal": deal, "verdict": r.verdict, "states": r.states, "seconds": round(r.seconds, 4)}
    if r.verdict == "won":
        out["moves"] = len(r.moves)
        out["difficulty"] = r.difficulty
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


def _progress(total: int, enabled: bool):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="deal", file=sys.stderr)


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
    try:
        for rec in _results(name, options, deals, jobs, time_limit, max_states, cluster):
            if tag:
                rec = {**tag, **rec}
            records.append(rec)
            cache.add(rec)
            if sink:
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
            if bar:
                bar.update(1)
    finally:
        if sink:
            sink.close()
        if bar:
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
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=min(jobs, len(deals))) as pool:
        futures = [pool.submit(solve_deal, name, options, d, time_limit, max_states) for d in deals]
        try:
            for f in as_completed(futures):
                yield f.result()
        except BaseException:
            for f in futures:
                f.cancel()
            raise


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
    """Solved deals of one variant with its options: deal -> record, kept as JSONL."""

    def __init__(self, name: str, options: dict):
        path = find_variant(name)
        ident = Path(name).stem if path is None else path.stem
        # the rules themselves are part of the name: an edited variant starts a new cache
        try:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12] if path else "none"
        except OSError:
            digest = "none"
        opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        tag = hashlib.sha256(opts.encode()).hexdigest()[:8] if opts else "default"
        self.path = cache_dir() / f"{ident}-{digest}-{tag}.jsonl"
        self.records = {r["deal"]: r for r in read_records(self.path)}
        self.new: list = []

    def add(self, rec: dict) -> None:
        if rec.get("verdict") == "unknown":
            return  # a longer search may decide it later
        if rec["deal"] not in self.records:
            self.records[rec["deal"]] = rec
            self.new.append(rec)

    def save(self) -> None:
        if not self.new:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as f:
                for rec in self.new:
                    keep = {k: rec[k] for k in ("deal", "verdict", "states", "difficulty") if k in rec}
                    f.write(json.dumps(keep) + "\n")
        except OSError:
            pass  # a cache that cannot be written is only slower
        self.new = []


def tertiles(values) -> tuple:
    """The two cut points that split sorted values into three equal parts."""
    s = sorted(values)
    if not s:
        return (0, 0)
    return (s[len(s) // 3], s[(2 * len(s)) // 3])


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
) -> tuple:
    """(deal, record): the first deal from ``start`` on that the solver wins, within the
    difficulty tertile asked for. Tertiles come from at least ``sample`` won deals, solved
    on demand (deals 1, 2, ...) and cached. Raises LookupError when none is found."""
    tries = tries or MAX_WINNABLE_TRIES
    cache = DealCache(name, options)
    try:
        band = None
        if difficulty is not None:
            won = [r["difficulty"] for r in cache.records.values() if r.get("difficulty")]
            d = 1
            while len(won) < sample and d <= tries:
                if d not in cache.records:
                    solved = solve_deal(name, options, d, time_limit, max_states)
                    cache.add(solved)
                    if solved.get("difficulty"):
                        won.append(solved["difficulty"])
                d += 1
            lo, hi = tertiles(won)
            band = {"easy": (-1, lo), "medium": (lo, hi), "hard": (hi, float("inf"))}[difficulty]
        for deal in range(start, start + tries):
            rec: dict | None = cache.records.get(deal)
            if rec is None:
                rec = solve_deal(name, options, deal, time_limit, max_states)
                cache.add(rec)
            if rec["verdict"] != "won":
                continue
            if band is None or band[0] < rec["difficulty"] <= band[1]:
                return deal, rec
        raise LookupError(f"no {'winnable' if difficulty is None else difficulty} deal among {tries} from {start}")
    finally:
        cache.save()
