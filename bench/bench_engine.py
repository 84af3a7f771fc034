"""Engine figures for every shipped variant, both engines side by side in one process.

For each variant (default options; klondike draw 1 and 3, sakhmet's levels, pyramid with
1 and 3 wastes besides):
- playouts per second: deal from seeds 1..N, then uniformly random legal moves until no
  move is left or 500 moves were played (one generation counted per position reached);
- generations per second: positions gathered first (random play), then generated afresh;
- apply+undo: the cost of applying one legal move with its follow-ups and undoing it,
  over every legal move of the gathered positions, in microseconds (the engine's own
  functions: no notation, no history bookkeeping);
- load: rulesdsl.load plus the generated apply/undo compiled, cold (in a fresh Python
  process, after the import: most of it is building the Lark parser, once per process;
  the best of three, wall clock and the process's CPU time) and warm (again in this process); the budget is 0.5 s;
- size: Game.footprint() of a game with a 1,000-move history (random play, a few moves
  taken back at a dead end; fewer plies when the game never gets that deep); budget 64 KiB.

Engines: "closures" is the reference (moves.py's closures, RULESDSL_ENGINE=closures),
"generated" the default (genapply.py's generated apply/undo, and whatever else the
environment variable selects). Absolute figures do not carry from one machine to another;
the ratios (generated / closures for speeds, closures / generated for costs) do.

Run: python bench/bench_engine.py [--quick] [--seeds N] [--variant NAME ...] [--no-cold]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from array import array

import rulesdsl
from rulesdsl.engine import genapply
from rulesdsl.engine import moves as engine
from rulesdsl.lang.runtime import Env

EXTRA = {
    "klondike": [{"draw": 1}, {"draw": 3}],
    "sakhmet": [{"level": "draw1"}, {"level": "draw3"}],
    "pyramid": [{"wastes": 1}, {"wastes": 3}],
}
ENGINES = ("closures", "generated")
SIZE_LIMIT = 64 * 1024
LOAD_LIMIT = 0.5


def cases(only=None):
    out = []
    for name in rulesdsl.variant_names():
        if only and name not in only:
            continue
        for opts in EXTRA.get(name, [{}]):
            out.append((name, opts))
    return out


def use(engine_name):
    if engine_name == "closures":
        os.environ["RULESDSL_ENGINE"] = "closures"
    else:
        os.environ.pop("RULESDSL_ENGINE", None)


def playouts(v, seeds, seconds, max_moves=500):
    """Playouts per second: seeds 1..seeds, round again, for about `seconds` (one playout at
    least)."""
    rng = random.Random(12345)
    gens = 0
    t0 = time.perf_counter()
    done = 0
    while not done or time.perf_counter() - t0 < seconds:  # seeds 1..seeds, round again while time is left
        seed = done % seeds + 1
        done += 1
        g = v.new_game(seed)
        for _ in range(max_moves):
            moves = g.legal_moves()
            gens += 1
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))
    return done / (time.perf_counter() - t0), gens


def positions(v, count):
    """Games at random depths (0..59 random moves from seeds 1..count) with moves left."""
    rng = random.Random(7)
    out = []
    for seed in range(1, count + 1):
        g = v.new_game(seed)
        for _ in range(rng.randrange(0, 60)):
            moves = g.legal_moves()
            if not moves:
                break
            g.apply_unchecked(rng.choice(moves))
        while not g.legal_moves() and g.ply:
            g.undo()  # a dead end: back to a position with moves
        if g.legal_moves():
            out.append(g)
    return out


def generations(games, seconds):
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for g in games:
            g.generate()
            n += 1
    return n / (time.perf_counter() - t0)


def apply_undo(v, games, engine_name, seconds):
    if engine_name == "closures":
        do = lambda st, m, env, log: engine.apply(v, st, m, env, log)  # noqa: E731
        back = lambda st, log, start: engine.undo(st, log, start, v)  # noqa: E731
    else:
        do, back = genapply.functions(v)
    work = [(g.state.copy(), list(g.legal_moves())) for g in games]
    env, log = Env(), array("q")
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for st, moves in work:
            for m in moves:
                do(st, m, env, log)
                back(st, log, 0)
            n += len(moves)
    return (time.perf_counter() - t0) / max(n, 1) * 1e6


def grow(v, plies=1000, seed=1, budget=20_000, seconds=None):
    """A game with a history of `plies` moves (as tests/test_history_size.py grows one;
    fewer when `budget` steps or `seconds` run out first)."""
    rng = random.Random(seed)
    g = v.new_game(seed)
    t0 = time.perf_counter()
    for _ in range(budget):
        if g.ply >= plies or seconds is not None and time.perf_counter() - t0 > seconds:
            break
        moves = g.legal_moves()
        if moves:
            g.apply_unchecked(rng.choice(moves))
        else:
            for _ in range(rng.randint(1, min(g.ply, 8))):
                g.undo()
    return g


COLD = """
import json, sys, time
import rulesdsl
from rulesdsl.engine import genapply
t0, c0 = time.perf_counter(), time.process_time()
v = rulesdsl.load(sys.argv[1], json.loads(sys.argv[2]))
genapply.functions(v)
print(time.perf_counter() - t0, time.process_time() - c0)
"""


def load_cold(name, opts):
    r = subprocess.run([sys.executable, "-c", COLD, name, json.dumps(opts)], capture_output=True, text=True, check=True)
    wall, cpu = r.stdout.split()
    return float(wall), float(cpu)


def load_warm(name, opts):
    t0 = time.perf_counter()
    v = rulesdsl.load(name, opts)
    genapply._CACHE.pop(v, None)
    genapply.functions(v)
    return time.perf_counter() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a short run: fewer seeds, shorter timings")
    ap.add_argument(
        "--seeds",
        type=int,
        default=None,
        help="at most this many playouts per variant, engine and round, within a time budget (default 20, quick 3)",
    )
    ap.add_argument("--variant", action="append", help="only these variants (repeatable)")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold load (a subprocess per variant)")
    args = ap.parse_args(argv)
    seeds = args.seeds or (3 if args.quick else 20)
    seconds = 0.1 if args.quick else 0.3
    rounds = 1 if args.quick else 2
    npos = 5 if args.quick else 15
    head = (
        f"{'variant':34} {'playouts/s':>17} {'ratio':>5} {'generations/s':>17} {'ratio':>5} "
        f"{'apply+undo us':>13} {'ratio':>5} {'load ms':>17} {'1000-move game':>14}"
    )
    print(head)
    print(
        f"{'':34} {'clos.':>8} {'gen.':>8} {'':>5} {'clos.':>8} {'gen.':>8} {'':>5} {'clos.':>6} {'gen.':>6} {'':>5} {'cold':>6} {'cpu':>5} {'warm':>5}"
    )
    worst_load = worst_size = worst_cpu = 0.0
    over = []
    for name, opts in cases(args.variant):
        label = name + "".join(f" {k}={v}" for k, v in opts.items())
        fig: dict = {}
        loaded = {}
        for e in ENGINES:
            use(e)
            v = rulesdsl.load(name, opts)
            loaded[e] = v, positions(v, npos)
        for _ in range(rounds):  # the engines take turns; the best round of each is kept
            for e in ENGINES:
                use(e)
                v, games = loaded[e]
                fig["play", e] = max(fig.get(("play", e), 0.0), playouts(v, seeds, 3 * seconds)[0])
                fig["gen", e] = max(fig.get(("gen", e), 0.0), generations(games, seconds) if games else 0.0)
                cost = apply_undo(v, games, e, seconds) if games else 0.0
                fig["au", e] = min(fig.get(("au", e), cost), cost)
        use("generated")
        colds = [(0.0, 0.0)] if args.no_cold else [load_cold(name, opts) for _ in range(1 if args.quick else 3)]
        cold, cold_cpu = min(w for w, _ in colds), min(c for _, c in colds)
        warm = min(load_warm(name, opts) for _ in range(3))
        g = grow(rulesdsl.load(name, opts), seconds=5 if args.quick else 20)
        size = g.footprint()
        worst_load, worst_size = max(worst_load, cold, warm), max(worst_size, size)
        worst_cpu = max(worst_cpu, cold_cpu)
        if max(cold, warm) > LOAD_LIMIT or size > SIZE_LIMIT:
            over.append(label)

        def ratio(a, b):
            return f"{a / b:5.2f}" if b else "    -"

        print(
            f"{label:34} {fig['play', 'closures']:8.1f} {fig['play', 'generated']:8.1f} "
            f"{ratio(fig['play', 'generated'], fig['play', 'closures'])} "
            f"{fig['gen', 'closures']:8,.0f} {fig['gen', 'generated']:8,.0f} "
            f"{ratio(fig['gen', 'generated'], fig['gen', 'closures'])} "
            f"{fig['au', 'closures']:6.2f} {fig['au', 'generated']:6.2f} "
            f"{ratio(fig['au', 'closures'], fig['au', 'generated'])} "
            f"{cold * 1000:6.0f} {cold_cpu * 1000:5.0f} {warm * 1000:5.0f} {size / 1024:6.1f} KiB/{g.ply:4}",
            flush=True,
        )
    print(
        f"largest load {worst_load * 1000:.0f} ms (cold, CPU time: {worst_cpu * 1000:.0f} ms; "
        f"budget {LOAD_LIMIT * 1000:.0f} ms); "
        f"largest 1000-move game {worst_size / 1024:.1f} KiB (budget {SIZE_LIMIT // 1024} KiB)"
    )
    if over:
        print("over budget: " + ", ".join(over))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
