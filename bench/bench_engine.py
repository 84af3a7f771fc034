"""Engine throughput: legal-move generations per second and random playouts per second.

Workload (the issue's): deal from seeds 1..N, then uniformly random legal moves until the
game is over or 500 moves were played; one generation is counted per position reached.
Run: python bench/bench_engine.py [--seeds N] [--variant NAME ...]
Also reports the size of a live game with a 1,000-move history.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc

import rulesdsl

CASES = [
    ("klondike", {"draw": 1, "passes": "unlimited"}),
    ("klondike", {"draw": 3, "passes": "unlimited"}),
    ("sakhmet", {"level": "draw1"}),
    ("sakhmet", {"level": "draw3"}),
    ("sultan", {}),
    ("scorpion", {}),
    ("pyramid", {"wastes": 1}),
    ("pyramid", {"wastes": 3}),
    ("sarlacc", {}),
    ("maze", {}),
]


def playouts(variant, seeds, max_moves=500):
    rng = random.Random(12345)
    gens = 0
    t0 = time.perf_counter()
    for seed in range(1, seeds + 1):
        g = variant.new_game(seed)
        for _ in range(max_moves):
            moves = g.legal_moves()
            gens += 1
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))
        else:
            g.legal_moves()
            gens += 1
    dt = time.perf_counter() - t0
    return gens / dt, seeds / dt


def generations(variant, seeds):
    """Generation alone: positions gathered first, then generated from repeatedly."""
    rng = random.Random(7)
    games = []
    for seed in range(1, seeds + 1):
        g = variant.new_game(seed)
        for _ in range(rng.randrange(0, 60)):
            moves = g.legal_moves()
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))
        games.append(g)
    from rulesdsl.moves import generate
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        for g in games:
            generate(g.variant, g.state, g._env)
            n += 1
    return n / (time.perf_counter() - t0)


def history_size(variant):
    rng = random.Random(3)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    g = variant.new_game(1)
    played = 0
    while played < 1000:
        moves = g.legal_moves()
        if not moves:
            g.undo()
            continue
        g.apply_unchecked(rng.choice(moves))
        played += 1
    g._legal = None
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return g.ply, size


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--variant", action="append")
    args = ap.parse_args(argv)
    print(f"{'variant':10} {'options':32} {'gen/s (playout)':>16} {'playouts/s':>11} {'gen/s (pure)':>13}")
    for name, opts in CASES:
        if args.variant and name not in args.variant:
            continue
        try:
            v = rulesdsl.load(name, opts)
        except rulesdsl.RulesError as exc:
            print(f"{name:10} not loaded: {exc.first.message}")
            continue
        gps, pps = playouts(v, args.seeds)
        pure = generations(v, min(args.seeds, 20))
        print(f"{name:10} {str(opts):32} {gps:16,.0f} {pps:11.1f} {pure:13,.0f}")
    v = rulesdsl.load("klondike", {"draw": 3})
    n, size = history_size(v)
    print(f"klondike game with {n}-move history: {size / 1024:.1f} KiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
