"""Solver benchmarks: prints figures, asserts nothing (no timed tests anywhere).

    python bench/bench_solver.py rate                      # states per second, a few variants
    python bench/bench_solver.py freecell 1 1000 [SECS]     # MS deals: won, median and max time
    python bench/bench_solver.py deal freecell 11982        # one deal: verdict, time, states
    python bench/bench_solver.py exhaustive black_hole 1 100   # verdicts with no time limit
    python bench/bench_solver.py share bakers_game 1 1000 [SECS]   # the winnable share
    python bench/bench_solver.py summary FILE.jsonl [A B]   # figures of a stats --out file
    python bench/bench_solver.py positions freecell 1 300 100000 [draw=1]  # by positions, not time
    python bench/bench_solver.py cpu klondike 1 100 3 OUT.jsonl draw=3   # CPU-second limits
    python bench/bench_solver.py fcsolve 1 100 [SECS] [cpu] # MS deals, ours beside fc-solve, same run
                                                            # (cpu: our limit in CPU seconds)
    python bench/bench_solver.py lines 1 100 [SECS]         # line lengths: ours raw, optimized, fc-solve's
    python bench/bench_solver.py versus OTHER_TREE 1 300 [SECS]  # MS deals, this tree and another,
                                                            # deal by deal in turns (CPU limits)
    python bench/bench_solver.py fcversus OTHER_TREE 1 300 [SECS]  # the same, fc-solve beside
    python bench/bench_solver.py breakdown 1 300 [SECS] [gc=0]  # where a deal's CPU goes: set-up,
                                                            # search, line, the garbage collector

The same runs are available as `rulesdsl stats VARIANT --deals A-B --out FILE.jsonl`.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

from rulesdsl.formats import fcs
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve
from rulesdsl.stats import runner as stats

RATE_DEALS = [
    ("freecell", 1),
    ("freecell", 11982),
    ("bakers_game", 1),
    ("black_hole", 3),
    ("golf", 4),
    ("klondike", 1),
    ("klondike", 2),
]


def rate():
    """States per second, wall clock and CPU (on a shared machine the CPU figure is the one
    to compare); every search stops at 50,000 positions or its verdict."""
    for name, deal in RATE_DEALS:
        v, an = compiled_variant(name, {})
        cpu = time.process_time()
        r = solve(v, deal_state(v, deal), max_states=50_000, time_limit=60, analysis=an)
        cpu = time.process_time() - cpu
        print(
            f"{name:12} deal {deal:5}: {r.verdict:10} {r.states:7} states {r.seconds:6.2f} s "
            f"{r.states / max(r.seconds, 1e-9):7.0f} states/s, {r.states / max(cpu, 1e-9):7.0f} per CPU second"
        )


def many(name, a, b, secs=None, options=None):
    recs = stats.run(name, options or {}, range(a, b + 1), time_limit=secs, progress=sys.stderr.isatty())
    times = [r["seconds"] for r in recs]
    s = stats.summary(recs)
    print(stats.render_summary(s))
    print(f"time per deal: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def summarise(path, a=None, b=None):
    """The figures of a `rulesdsl stats --out` file (deals A-B only, when given)."""
    recs = stats.read_records(path)
    if a is not None:
        recs = [r for r in recs if a <= r["deal"] <= b]
    times = [r["seconds"] for r in recs]
    print(f"{path}: {len(recs)} deal(s)")
    print(stats.render_summary(stats.summary(recs)))
    if times:
        print(f"time per deal: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def positions(name, a, b, max_states, options):
    """Deals A-B each searched up to MAX_STATES positions (no time limit, so a loaded
    machine gives the same figures): won, unwinnable, unknown and the positions spent."""
    v, an = compiled_variant(name, options)
    counts = {"won": 0, "unwinnable": 0, "unknown": 0}
    total = moves = 0
    for d in range(a, b + 1):
        r = solve(v, deal_state(v, d), max_states=max_states, analysis=an)
        counts[r.verdict] += 1
        total += r.states
        moves += len(r.moves)
    print(
        f"{name} {a}-{b}, {max_states} positions each: {counts['won']} won, {counts['unwinnable']} unwinnable, "
        f"{counts['unknown']} unknown; {total} positions; {moves / max(counts['won'], 1):.0f} moves a won line"
    )


def cpu_limited(name, a, b, secs, out, options):
    """Deals A-B, each stopped after SECS seconds of this process's CPU (not the wall clock:
    a shared machine's load does not count), one JSON line per deal; then the counts."""
    import json

    time.monotonic = time.process_time  # the solver's deadline reads this clock
    v, an = compiled_variant(name, options)
    counts: dict = {}
    states = spent = 0.0
    with open(out, "w") as f:
        for d in range(a, b + 1):
            t = time.process_time()
            r = solve(v, deal_state(v, d), time_limit=secs, analysis=an)
            t = time.process_time() - t
            f.write(json.dumps({"deal": d, "verdict": r.verdict, "states": r.states, "cpu": round(t, 3)}) + "\n")
            counts[r.verdict] = counts.get(r.verdict, 0) + 1
            states += r.states
            spent += t
    print(
        f"{name} {options} deals {a}-{b}, {secs} CPU s each: {counts}; {states / max(spent, 1e-9):.0f} states per CPU second"
    )


# fc-solve's wall-clock limit a deal: its default preset spends minutes on a rare deal, and
# more on a loaded machine; past this it is stopped and counted as not won.
FCS_WALL = 600


def beside_fcsolve(a, b, secs=10.0, cpu_limit=False):
    """Microsoft FreeCell deals A-B solved by ours and by fc-solve (its default preset), one
    deal after the other in the same run, so the machine's load falls on both alike. Both
    are timed on the wall clock and in CPU seconds (fc-solve's from the children's times);
    ``cpu_limit``: our limit counts this process's CPU seconds, not the wall clock."""
    if cpu_limit:
        time.monotonic = time.process_time  # the solver's deadline reads this clock
    exe = shutil.which("fc-solve")
    if exe is None:
        print("fc-solve is not installed (apt-get install freecell-solver-bin): nothing to compare")
        return
    v, an = compiled_variant("freecell", {})
    ours, theirs, our_len, their_len, won, cpu, their_cpu = [], [], [], [], [0, 0], [], []
    missed = []  # ours not won: (deal, verdict, positions, CPU seconds)
    their_stopped: list = []  # deals fc-solve did not finish within FCS_WALL
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    for d in range(a, b + 1):
        st = v.numbered_game(d).state
        board = fcs.to_text(v, st)
        t, c = time.perf_counter(), time.process_time()
        r = solve(v, st, time_limit=secs, analysis=an)
        ours.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        if r.verdict == "won":
            won[0] += 1
            our_len.append(len(r.moves))
        else:
            missed.append((d, r.verdict, r.states, round(cpu[-1], 2)))
        t, c = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            out = subprocess.run(
                [exe, "-g", v.numbering.fc_solve, "-m", "-snx", "-"],
                input=board,
                capture_output=True,
                text=True,
                env=env,
                timeout=FCS_WALL,
            ).stdout
        except subprocess.TimeoutExpired:  # killed and reaped: its CPU counts below
            out = ""
            their_stopped.append(d)
        theirs.append(time.perf_counter() - t)
        done = resource.getrusage(resource.RUSAGE_CHILDREN)
        their_cpu.append(done.ru_utime + done.ru_stime - c.ru_utime - c.ru_stime)
        line = fcs.read_solution(out) if fcs.looks_like_solution(out) else []
        if line:
            won[1] += 1
            their_len.append(len(line))
    m_ours, m_theirs = statistics.median(ours), statistics.median(theirs)
    print(f"freecell MS {a}-{b}, {secs:g} s a deal for ours; fc-solve default preset, same run")
    print(f"  won: ours {won[0]}, fc-solve {won[1]} of {b - a + 1}")
    if missed:
        print(f"  not won by ours (deal, verdict, positions, CPU s): {missed}")
    if their_stopped:
        print(f"  fc-solve stopped at the {FCS_WALL} s wall limit (counted at that time, not won): {their_stopped}")
    print(
        f"  time a deal: ours median {m_ours:.3f} s, max {max(ours):.3f} s; fc-solve median {m_theirs:.3f} s, max {max(theirs):.3f} s"
    )
    print(f"  median time ratio ours / fc-solve: {m_ours / max(m_theirs, 1e-9):.1f}x")
    print(f"  ours in CPU seconds (this process's): median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s")
    m_cpu, m_their_cpu = statistics.median(cpu), statistics.median(their_cpu)
    print(f"  fc-solve in CPU seconds (its process's): median {m_their_cpu:.3f} s, max {max(their_cpu):.3f} s")
    print(f"  median CPU ratio ours / fc-solve: {m_cpu / max(m_their_cpu, 1e-9):.1f}x")
    if our_len and their_len:
        print(
            f"  line length median: ours {statistics.median(our_len):.0f}, fc-solve {statistics.median(their_len):.0f} moves"
        )


def lines(a, b, secs=10.0):
    """Winning line lengths on Microsoft deals A-B: the search's own line, the same line after
    optimize.py (what `rulesdsl solve` prints), and fc-solve's default preset's (when it is
    installed), with the optimizer's time per line."""
    from rulesdsl.solve.optimize import optimize_line

    exe = shutil.which("fc-solve")
    v, an = compiled_variant("freecell", {})
    raw, short, theirs, spent = [], [], [], []
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    for d in range(a, b + 1):
        st = v.numbered_game(d).state
        r = solve(v, st, time_limit=secs, analysis=an)
        if r.verdict == "won":
            t = time.perf_counter()
            out = optimize_line(v, st, r.moves)
            spent.append(time.perf_counter() - t)
            raw.append(len(r.moves))
            short.append(len(out))
        if exe is not None:
            try:
                text = subprocess.run(
                    [exe, "-g", v.numbering.fc_solve, "-m", "-snx", "-"],
                    input=fcs.to_text(v, st),
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=60,
                ).stdout
            except subprocess.TimeoutExpired:
                text = ""
            line = fcs.read_solution(text) if fcs.looks_like_solution(text) else []
            if line:
                theirs.append(len(line))
        if sys.stderr.isatty():
            print(f"deal {d}: ours {raw[-1:]} -> {short[-1:]}, fc-solve {theirs[-1:]}", file=sys.stderr)
    print(f"freecell MS {a}-{b}: won {len(raw)}; line length median: raw {statistics.median(raw):.0f}, ", end="")
    print(f"optimized {statistics.median(short):.0f} (optimizer median {statistics.median(spent):.2f} s)", end="")
    if theirs:
        ratio = statistics.median(short) / statistics.median(theirs)
        print(f"; fc-solve {statistics.median(theirs):.0f} ({len(theirs)} won): optimized / fc-solve {ratio:.2f}x")
    else:
        print("; fc-solve is not installed")


def worker(secs):
    """One tree's side of ``versus``: Microsoft deal numbers on stdin, one a line; for each,
    solve() under a SECS CPU-second limit and one line out: verdict, positions, CPU seconds,
    moves and a hash of the line."""
    import hashlib

    import rulesdsl

    time.monotonic = time.process_time  # the solver's deadline reads this clock
    v, an = compiled_variant("freecell", {})
    print(os.path.dirname(os.path.dirname(os.path.abspath(rulesdsl.__file__))), flush=True)
    for text in sys.stdin:
        st = v.numbered_game(int(text)).state
        c = time.process_time()
        r = solve(v, st, time_limit=secs, analysis=an)
        c = time.process_time() - c
        line = hashlib.sha1(" ".join(r.moves).encode()).hexdigest()[:10]
        print(r.verdict, r.states, f"{c:.6f}", len(r.moves), line, flush=True)


def _fcsolve_cpu(v, d):
    """fc-solve's default preset on MS deal d: (CPU seconds of its process, line length or
    None); as beside_fcsolve runs it."""
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(
            [shutil.which("fc-solve"), "-g", v.numbering.fc_solve, "-m", "-snx", "-"],
            input=fcs.to_text(v, v.numbered_game(d).state),
            capture_output=True,
            text=True,
            env=env,
            timeout=FCS_WALL,
        ).stdout
    except subprocess.TimeoutExpired:
        out = ""
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = fcs.read_solution(out) if fcs.looks_like_solution(out) else []
    return done.ru_utime + done.ru_stime - c.ru_utime - c.ru_stime, (len(line) if line else None)


def versus(other, a, b, secs=2.0, fcsolve=False):
    """Microsoft deals A-B solved by this tree and by OTHER (a checkout of another commit),
    each in a child process that imports rulesdsl from its own tree, the deals given to the
    two in turns (who goes first alternates), so a loaded machine falls on both alike: the
    median CPU seconds a deal of each and their ratio, and whether the records (verdict,
    positions, line) are the same. ``fcsolve`` (where it is installed): fc-solve's default
    preset on each deal too, after the two (``fcversus``), and each tree's median against its
    median, with the line lengths."""
    if fcsolve and shutil.which("fc-solve") is None:
        print("fc-solve is not installed (apt-get install freecell-solver-bin): nothing to compare")
        return
    theirs: list = []
    v = compiled_variant("freecell", {})[0] if fcsolve else None
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here, "other": os.path.abspath(other)}
    procs = {}
    for who, tree in trees.items():
        env = dict(os.environ, PYTHONPATH=tree)
        cmd = [sys.executable, os.path.join(here, "bench", "bench_solver.py"), "worker", str(secs)]
        procs[who] = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        got = procs[who].stdout.readline().strip()
        if os.path.realpath(got) != os.path.realpath(tree):
            raise SystemExit(f"{who}: rulesdsl imported from {got}, not {tree}")
    cpu: dict = {"this": [], "other": []}
    records: dict = {"this": [], "other": []}
    for d in range(a, b + 1):
        for who in ("this", "other") if d % 2 else ("other", "this"):
            procs[who].stdin.write(f"{d}\n")
            procs[who].stdin.flush()
            verdict, states, c, moves, line = procs[who].stdout.readline().split()
            cpu[who].append(float(c))
            records[who].append((d, verdict, int(states), int(moves), line))
        if fcsolve:
            theirs.append(_fcsolve_cpu(v, d))
    for p in procs.values():
        p.stdin.close()
        p.wait()
    m = {who: statistics.median(x) for who, x in cpu.items()}
    same = sum(x == y for x, y in zip(records["this"], records["other"]))
    won = {who: sum(r[1] == "won" for r in x) for who, x in records.items()}
    print(f"freecell MS {a}-{b}, {secs:g} CPU s a deal, the two trees in turns deal by deal")
    for who in trees:
        print(f"  {who:5} {trees[who]}: won {won[who]}, median {m[who]:.4f} CPU s, total {sum(cpu[who]):.2f}")
    print(f"  median this / other: {m['this'] / max(m['other'], 1e-9):.3f}; same records: {same} of {b - a + 1}")
    if theirs:
        m_fcs = statistics.median(t[0] for t in theirs)
        their_len = [t[1] for t in theirs if t[1] is not None] or [0]
        print(
            f"  fc-solve: won {len(theirs) - sum(t[1] is None for t in theirs)}, median {m_fcs:.4f} CPU s, "
            f"line length median {statistics.median(their_len):.0f}"
        )
        for who in trees:
            lens = [r[3] for r in records[who] if r[1] == "won"] or [0]
            ratio = m[who] / max(m_fcs, 1e-9)
            print(f"  {who:5} / fc-solve: median CPU {ratio:.1f}x; line length median {statistics.median(lens):.0f}")
    for x, y in zip(records["this"], records["other"]):
        if x != y:  # (a deal stopped by the CPU limit differs in its positions from run to run)
            print(f"  deal {x[0]}: this {x[1:4]}, other {y[1:4]}")


def breakdown(a, b, secs=2.0, collector=True):
    """Where a Microsoft deal's CPU seconds go (one process, deals A-B, a SECS CPU-second
    limit each): building the searches (Search.__init__), the line written after a win
    (Search.done), the cyclic garbage collector, and the search proper (the rest); medians
    over the deals, and over the median deals (the middle tenth). ``collector`` False:
    solver.PAUSE_COLLECTOR off (the collector runs during the search, as before)."""
    import gc

    from rulesdsl.solve import search as search_module
    from rulesdsl.solve import solver as solver_module

    time.monotonic = time.process_time
    solver_module.PAUSE_COLLECTOR = collector
    spent = {"set-up": 0.0, "line": 0.0, "collector": 0.0}
    cls, started = search_module.Search, [0.0]

    def timed(name, fn):
        def run(*args, **kw):
            c = time.process_time()
            try:
                return fn(*args, **kw)
            finally:
                spent[name] += time.process_time() - c

        return run

    cls.__init__, cls.done = timed("set-up", cls.__init__), timed("line", cls.done)  # type: ignore[method-assign]

    def watch(phase, info):
        if phase == "start":
            started[0] = time.process_time()
        else:
            spent["collector"] += time.process_time() - started[0]

    gc.callbacks.append(watch)
    v, an = compiled_variant("freecell", {})
    solve(v, v.numbered_game(a).state, max_states=2, analysis=an)  # the per-variant derivations
    rows = []
    for d in range(a, b + 1):
        st = v.numbered_game(d).state
        for k in spent:
            spent[k] = 0.0
        c = time.process_time()
        solve(v, st, time_limit=secs, analysis=an)
        total = time.process_time() - c
        rows.append((total, dict(spent, search=total - sum(spent.values()))))
    rows.sort(key=lambda r: r[0])
    middle = rows[len(rows) * 9 // 20 : len(rows) * 11 // 20 + 1]
    print(f"freecell MS {a}-{b}, {secs:g} CPU s a deal, collector paused: {collector}; CPU ms a deal")
    for label, part in (("all deals, median", rows), (f"the {len(middle)} median deals, mean", middle)):
        if label.startswith("all"):
            cells = {k: statistics.median(r[1][k] for r in part) for k in rows[0][1]}
            total = statistics.median(r[0] for r in part)
        else:
            cells = {k: statistics.mean(r[1][k] for r in part) for k in rows[0][1]}
            total = statistics.mean(r[0] for r in part)
        shown = ", ".join(f"{k} {x * 1000:.2f}" for k, x in cells.items())
        print(f"  {label}: total {total * 1000:.2f} = {shown}")


def main(argv):
    if not argv or argv[0] == "rate":
        return rate()
    cmd = argv[0]
    if cmd == "summary":
        rng = (int(argv[2]), int(argv[3])) if len(argv) > 3 else (None, None)
        return summarise(argv[1], *rng)
    if cmd == "deal":
        v, an = compiled_variant(argv[1], {})
        r = solve(v, deal_state(v, int(argv[2])), analysis=an, max_states=50_000_000)
        print(f"{argv[1]} {argv[2]}: {r.verdict} in {r.seconds:.2f} s, {r.states} states")
    elif cmd == "positions":
        opts = {k: int(v) if v.isdigit() else v for k, v in (x.split("=", 1) for x in argv[5:])}
        positions(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), opts)
    elif cmd in ("freecell", "share", "exhaustive"):
        name = "freecell" if cmd == "freecell" else argv[1]
        rest = argv[1:] if cmd == "freecell" else argv[2:]
        secs = float(rest[2]) if len(rest) > 2 and cmd != "exhaustive" else None
        many(name, int(rest[0]), int(rest[1]), secs)
    elif cmd == "fcsolve":
        secs = float(argv[3]) if len(argv) > 3 else 10.0
        beside_fcsolve(int(argv[1]), int(argv[2]), secs, cpu_limit="cpu" in argv[4:])
    elif cmd == "lines":
        lines(int(argv[1]), int(argv[2]), float(argv[3]) if len(argv) > 3 else 10.0)
    elif cmd == "worker":
        worker(float(argv[1]))
    elif cmd in ("versus", "fcversus"):
        secs = float(argv[4]) if len(argv) > 4 else 2.0
        versus(argv[1], int(argv[2]), int(argv[3]), secs, fcsolve=cmd == "fcversus")
    elif cmd == "breakdown":
        secs = float(argv[3]) if len(argv) > 3 and "=" not in argv[3] else 2.0
        breakdown(int(argv[1]), int(argv[2]), secs, collector="gc=0" not in argv)
    elif cmd == "cpu":
        options = dict(x.split("=", 1) for x in argv[6:])
        cpu_limited(argv[1], int(argv[2]), int(argv[3]), float(argv[4]), argv[5], options)


if __name__ == "__main__":
    main(sys.argv[1:])
