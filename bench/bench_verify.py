"""The verifier's rate: prints figures, asserts nothing (no timed tests anywhere).

    python bench/bench_verify.py [VARIANT] [A B] [MAX_STATES] [draw=3 ...]

Solves deals A to B (default: Black Hole 1-200, 2,000 states each) into a stats file with one
process, then replays every won record's line with stats/verify.py (the engine alone) and
prints, side by side from the same run: deals/s solved, won records/s verified, moves/s
replayed, and the file's size per record. Only the ratio of the two rates means much on a
loaded machine: verifying should be far cheaper than solving.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

from rulesdsl.stats import runner, verify


def main(argv: list) -> None:
    name = argv[0] if argv else "black_hole"
    lo, hi = (int(argv[1]), int(argv[2])) if len(argv) >= 3 else (1, 200)
    max_states = int(argv[3]) if len(argv) >= 4 else 2000
    options = dict(a.split("=", 1) for a in argv[4:])
    tag = {"variant": verify.variant_id(name), "digest": verify.variant_digest(name)}
    if options:
        tag["options"] = options
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("RULESDSL_CACHE", os.path.join(tmp, "cache"))
        path = os.path.join(tmp, "run.jsonl")
        t0 = time.perf_counter()
        recs = runner.run(
            name, options, range(lo, hi + 1), jobs=1, max_states=max_states, out_path=path, tag=tag, progress=False
        )
        solve_s = time.perf_counter() - t0
        size = os.path.getsize(path)
        report = verify.verify_file(name, path)
    won = [r for r in recs if r["verdict"] == "won"]
    moves = sum(r["moves"] for r in won)
    n = len(recs)
    print(f"{name} deals {lo}-{hi} ({max_states} states each), options {options or 'default'}")
    print(f"  solved   {n} deal(s) in {solve_s:.2f} s: {n / solve_s:.1f} deals/s ({len(won)} won)")
    if report.seconds > 0 and won:
        print(
            f"  verified {report.verified} of {report.won} won in {report.seconds:.2f} s: "
            f"{report.won / report.seconds:.1f} won records/s, {moves / report.seconds:.0f} moves/s, "
            f"{n / report.seconds:.1f} deals/s read"
        )
        print(f"  verifying costs {100 * report.seconds / solve_s:.1f}% of solving")
    print(f"  failures {len(report.failures)}; file {size} bytes, {size / max(n, 1):.0f} bytes/record")


if __name__ == "__main__":
    main(sys.argv[1:])
