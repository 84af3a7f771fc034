"""Fuzz the loader with mutants of the shipped variants and print the figures.

    python bench/fuzz_variants.py [COUNT] [--seed N] [--seconds S]

Every mutant (tests/mutants.py) goes through loading, `rulesdsl check` (one playout) and,
when it loads, a short random game, under a per-mutant time limit; the process runs with
2 GiB of address space, so a size that is not checked shows up as a MemoryError. Prints:
mutants, loaded, refused with a diagnostic, tracebacks and hangs, each by kind of change,
and every distinct traceback place once. Exit status 1 when there is a traceback or a hang.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.mutants import TEXTS, mutant, run_one  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("count", nargs="?", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=20.0, help="time limit per mutant")
    ap.add_argument("--keep", metavar="DIR", help="copy the mutants that fail into DIR")
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    work = Path(tempfile.mkdtemp(prefix="rulesdsl-mutants-"))
    for name, text in TEXTS.items():  # the originals, for extends
        (work / name).write_text(text, encoding="utf-8")
    rng = random.Random(args.seed)
    tally: Counter = Counter()
    bad_kinds: dict = {"traceback": Counter(), "hang": Counter(), "echo": Counter(), "extends": Counter()}
    places: dict = {}
    start = time.perf_counter()
    slowest = (0.0, "")
    try:
        for i in range(args.count):
            name, text, kinds = mutant(rng)
            path = work / f"m{i}_{name}"
            path.write_text(text, encoding="utf-8")
            t0 = time.perf_counter()
            outcome, detail = run_one(path, seconds=args.seconds)
            dt = time.perf_counter() - t0
            if dt > slowest[0]:
                slowest = (dt, f"mutant {i} ({name}, {'+'.join(kinds)})")
            tally[outcome] += 1
            if outcome in bad_kinds:
                for k in kinds:
                    bad_kinds[outcome][k] += 1
                places.setdefault(f"{outcome}: {detail}", (i, name, kinds))
                if args.keep:
                    Path(args.keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, Path(args.keep) / path.name)
            path.unlink()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - start
    print(f"mutants:                   {args.count:,} (seed {args.seed})")
    print(f"loaded:                    {tally['loaded']:,}")
    print(f"refused with a diagnostic: {tally['refused']:,}")
    print(f"tracebacks:                {tally['traceback']:,}")
    print(f"hangs (over {args.seconds:g} s):         {tally['hang']:,}")
    print(f"messages over 600 chars:   {tally['echo']:,}")
    print(f"tracebacks in extends:     {tally['extends']:,} (following extends is part A's; not counted above)")
    for outcome, kinds in bad_kinds.items():
        if kinds:
            print(f"{outcome} failures by kind of change: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    for place, (i, name, kinds) in sorted(places.items()):
        print(f"  {place}  [first: mutant {i} of {name}, {'+'.join(kinds)}]")
    print(
        f"time: {elapsed:.1f} s ({1000 * elapsed / max(args.count, 1):.1f} ms a mutant); "
        f"slowest {slowest[0]:.2f} s: {slowest[1]}"
    )
    return 1 if tally["traceback"] or tally["hang"] or tally["echo"] else 0


if __name__ == "__main__":
    sys.exit(main())
