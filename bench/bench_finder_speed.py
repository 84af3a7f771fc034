"""The win finder's speed: each lane alone down a fixed number of levels (not seconds), on
fixed deals, so two trees compare the same work; a digest of the cards up level by level and
of the line (a win's moves) says whether the search stayed the same. Prints, asserts nothing.

    nice -n 19 python bench/bench_finder_speed.py LEVELS FILE:DEAL ...
    nice -n 19 python bench/bench_finder_speed.py versus OTHER_TREE ROUNDS LEVELS FILE:DEAL ...

``versus`` runs this tree and OTHER_TREE in child processes, interleaved round by round, and
prints both trees' CPU seconds and digests per deal and lane.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.lanes import LANES, due, widening
from rulesdsl.variant.loader import load_path


def lane_run(v, state, lane: int, levels: int) -> tuple[float, str]:
    """Lane ``lane`` of the portfolio alone (its weight, its closure, its random draw) down
    ``levels`` levels at most: CPU seconds and the digest."""
    weight, closes = LANES[lane]
    pick = beam.safe_pick(v) if closes else None
    rng, stats = random.Random(lane), {}
    terms = dict(runs=True, gaps=True, dealt=True, steps=True, blocked=weight)
    clock, far = time.process_time, due(time.process_time() + 1e9)
    run = lambda w: beam._levels(v, state, w, rng, clock, far, stats, terms, False, False, pick)  # noqa: E731
    levels_left, ups, moves = widening(run, beam.WIDTHS, clock, far), [], None
    t = clock()
    try:
        for _ in range(levels):
            next(levels_left)
            ups.append(stats.get("up", 0))
    except StopIteration as stop:
        moves = stop.value
    spent = clock() - t
    return spent, hashlib.md5(repr((ups, moves)).encode()).hexdigest()[:10]


def measure(levels: int, targets: list) -> list:
    out = []
    for target in targets:
        path, deal = target.rsplit(":", 1)
        v = load_path(path)
        state = deal_state(v, int(deal))
        for lane in range(len(LANES)):
            spent, digest = lane_run(v, state, lane, levels)
            out.append((target, lane, round(spent, 2), digest))
    return out


def versus(other: str, rounds: int, levels: int, targets: list) -> None:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    totals: dict = {}
    for _ in range(rounds):
        for tree in (other, here):
            env = dict(os.environ, PYTHONPATH=tree)
            cmd = [sys.executable, os.path.join(here, "bench", "bench_finder_speed.py"), "json", str(levels), *targets]
            rows = json.loads(subprocess.run(cmd, env=env, cwd=here, capture_output=True, text=True, check=True).stdout)
            for target, lane, spent, digest in rows:
                got = totals.setdefault((target, lane), {}).setdefault(tree, [0.0, set()])
                got[0] += spent
                got[1].add(digest)
    print(f"{'deal':40} lane  {'other CPU s':>11} {'this CPU s':>10}  same")
    for (target, lane), by in totals.items():
        a, b = by[other], by[here]
        print(f"{target:40} {lane:4}  {a[0]:11.2f} {b[0]:10.2f}  {'yes' if a[1] == b[1] and len(a[1]) == 1 else 'NO'}")


def main(argv: list) -> None:
    if argv and argv[0] == "versus":
        versus(argv[1], int(argv[2]), int(argv[3]), argv[4:])
    elif argv and argv[0] == "json":
        print(json.dumps(measure(int(argv[1]), argv[2:])))
    elif argv:
        for row in measure(int(argv[0]), argv[1:]):
            print(*row)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
