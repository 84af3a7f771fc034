"""Statistics at scale: the same deals through `rulesdsl stats --jobs 2` and `--cluster local:2`,
side by side in one run, and what one position of the solver's table costs.

For each way of running (the real command, in a process of its own):
- deals/s: deals over the wall-clock time of the whole command (start-up included);
- overhead per deal: the wall-clock time times the workers, less the seconds the solver itself
  spent (the records' "seconds"), per deal: what handing deals out and collecting the records
  costs (the scheduler, the pickling, the writing); the cluster's against --jobs' is the figure
  the issue asks about (target: the cluster within 10% of --jobs in deals/s);
- start-up: the seconds to the first records (a local cluster starts its processes), and the
  deals/s from the first records to the last;
- the client's peak memory (its VmHWM, read from /proc while it runs: the workers apart);
- the JSONL's size, in all and per deal.

A small --max-states keeps each deal quick: the bench measures the distribution, not the solver.
Only ratios measured in one run mean anything on a loaded machine.

--flat runs the same command over --flat-deals ranges (20,000 and 100,000 by default) at a tiny
--max-states and prints the client's peak memory for each: the client keeps a tally, not the
records, so the figures should be about the same whatever the range (stats/tally.py).

--memory measures the bytes a position costs instead (the peak resident size of a process over
the positions of a search that ran into its state limit), for the figures in stats/memory.py.

Run: python bench/bench_stats.py [--deals 100000] [--max-states 10] [--variant black_hole]
     python bench/bench_stats.py --memory [--states 200000]
     python bench/bench_stats.py --flat [--flat-deals 20000,100000] [--max-states 1]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

MODES = {"jobs 2": ["--jobs", "2"], "cluster local:2": ["--cluster", "local:2"]}
WORKERS = 2
MEMORY_VARIANTS = ("golf", "black_hole", "klondike", "spider")


def peak_kib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def one_run(variant: str, deals: int, max_states: int, mode: list, out: str) -> dict:
    cmd = [sys.executable, "-m", "rulesdsl", "stats", variant, "--deals", f"1-{deals}"]
    cmd += ["--max-states", str(max_states), "--out", out, "--json", *mode]
    started = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak, first, last, size = 0, None, None, 0
    while proc.poll() is None:
        peak = max(peak, peak_kib(proc.pid) or 0)
        now = os.path.getsize(out) if os.path.exists(out) else 0
        if now > size:
            first = first or time.monotonic()
            last, size = time.monotonic(), now
        time.sleep(0.2)
    wall = time.monotonic() - started
    stdout, stderr = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{stderr.decode()[-2000:]}")
    solved = 0.0
    n = 0
    with open(out, encoding="utf-8") as f:
        for line in f:
            solved += json.loads(line)["seconds"]
            n += 1
    size = os.path.getsize(out)
    return {
        "deals": n,
        "summary": json.loads(stdout),
        "wall": wall,
        "rate": n / wall,
        "start": (first or started) - started,  # up to the first records: start-up
        "steady": n / max(1e-9, (last or started + wall) - (first or started)),
        "overhead_ms": 1000 * (wall * WORKERS - solved) / n,
        "peak_mib": peak / 1024,
        "jsonl_mib": size / 2**20,
        "bytes_per_deal": size / n,
    }


def distribution(args) -> None:
    print(f"{args.deals:,} {args.variant} deals, --max-states {args.max_states}, {WORKERS} workers")
    got = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, mode in MODES.items():
            got[name] = r = one_run(args.variant, args.deals, args.max_states, mode, os.path.join(tmp, "o.jsonl"))
            os.unlink(os.path.join(tmp, "o.jsonl"))
            print(
                f"{name:>16}: {r['rate']:8.1f} deals/s  {r['wall']:8.1f} s (start-up {r['start']:4.1f} s, then "
                f"{r['steady']:.1f} deals/s)  overhead {r['overhead_ms']:6.2f} ms/deal  "
                f"client peak {r['peak_mib']:6.1f} MiB  JSONL {r['jsonl_mib']:.2f} MiB ({r['bytes_per_deal']:.0f} B/deal)"
            )
    a, b = got["cluster local:2"], got["jobs 2"]
    if a["summary"]["won"] != b["summary"]["won"] or a["deals"] != b["deals"]:
        raise SystemExit(f"the two runs disagree: {a['summary']} vs {b['summary']}")
    print(f"cluster / jobs deals/s: {a['rate'] / b['rate']:.3f} (target: at least 0.9)")
    print(f"cluster / jobs deals/s after start-up: {a['steady'] / b['steady']:.3f}")
    print(f"cluster - jobs overhead: {a['overhead_ms'] - b['overhead_ms']:+.2f} ms/deal")


def flat(args) -> None:
    sizes = [int(x) for x in args.flat_deals.split(",")]
    print(f"the client's peak memory (VmHWM) of stats --jobs 2 --json, {args.variant}, --max-states {args.max_states}")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RULESDSL_CACHE"] = os.path.join(tmp, "cache")  # the user's cache left alone
        for n in sizes:
            out = os.path.join(tmp, f"{n}.jsonl")
            r = one_run(args.variant, n, args.max_states, MODES["jobs 2"], out)
            print(
                f"{n:>10,} deals: client peak {r['peak_mib']:6.1f} MiB  ({r['wall']:.0f} s, "
                f"JSONL {r['jsonl_mib']:.1f} MiB, {r['summary']['deals']:,} in the summary)"
            )
            os.unlink(out)


MEASURE = """
import resource, sys
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve
name, n = sys.argv[1], int(sys.argv[2])
v, a = compiled_variant(name, {})
for d in range(1, 60):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    r = solve(v, deal_state(v, d), max_states=n, analysis=a)
    if r.states >= 0.9 * n:
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(d, r.states, (after - before) * 1024, v.deck.size)
        break
"""


def state_cost(args) -> None:
    from rulesdsl.solve.deals import compiled_variant
    from rulesdsl.stats import memory

    print(f"bytes per position: the peak resident size over {args.states:,} positions of one search")
    for name in MEMORY_VARIANTS:
        cmd = [sys.executable, "-c", MEASURE, name, str(args.states)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
        if not out:
            print(f"{name:>12}: no deal among the first 59 ran into {args.states:,} positions")
            continue
        deal, states, grown, cards = map(int, out)
        budget = memory.state_bytes(compiled_variant(name, {})[0])
        print(f"{name:>12}: deal {deal}, {cards} cards: {grown / states:6.0f} B/position (budgeted {budget})")
    print(f"this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB peak")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=100_000)
    p.add_argument("--max-states", type=int, default=10)
    p.add_argument("--variant", default="black_hole")
    p.add_argument("--memory", action="store_true", help="measure what a position costs instead")
    p.add_argument("--states", type=int, default=200_000)
    p.add_argument("--flat", action="store_true", help="the client's peak memory over two ranges instead")
    p.add_argument("--flat-deals", default="20000,100000")
    args = p.parse_args()
    if args.flat:
        flat(args)
    elif args.memory:
        state_cost(args)
    else:
        distribution(args)


if __name__ == "__main__":
    main()
