"""The solver's speed: positions per CPU second, per family, on fixed deals and a fixed
budget of positions, so that two runs (before and after a change, or with a pruning on
and off) compare the same work. Prints figures, asserts nothing.

    python bench/bench_speed.py                     # every family, the default budget
    python bench/bench_speed.py 20000               # another budget of positions a deal
    python bench/bench_speed.py 20000 freecell golf # some families only (by variant name)
    python bench/bench_speed.py 20000 freecell symmetry=0 reversible=0   # solve() keywords off
    python bench/bench_speed.py profile freecell 1 50000    # cProfile of one deal, top 25
    python bench/bench_speed.py versus OTHER_TREE 3 20000 freecell   # this tree against another
                                                    # checkout, 3 interleaved rounds, same budget
    python bench/bench_speed.py reach OTHER_TREE 10 klondike draw=3 8,12  # positions reached in
                                                    # 10 CPU s a deal, the two trees deal by deal

The CPU clock (time.process_time) is this process's own, so a loaded machine gives the same
figures as an idle one, within a few percent. A search that ends (won or unwinnable) before
the budget counts the positions it entered.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

# (label, variant, options, deals): each deal searched up to the budget
FAMILIES = [
    ("Alpha Star", "alpha_star", {}, tuple(range(1, 81))),  # small spaces: many deals
    ("Beleaguered Castle", "beleaguered_castle", {}, (7, 8, 9)),
    ("FreeCell", "freecell", {}, (1, 11982, 617)),
    ("Baker's Game", "bakers_game", {}, (1, 2, 3)),
    ("Fan", "fan", {}, (1, 2, 3)),
    ("Klondike draw 1", "klondike", {"draw": 1}, (1, 2, 3)),
    ("Klondike draw 3", "klondike", {"draw": 3}, (1, 2, 3)),
    ("Yukon", "yukon", {}, (1, 2, 3)),
    ("Canfield", "canfield", {}, (1, 2, 3)),
    ("Black Hole", "black_hole", {}, (3, 5, 24)),
    ("Golf", "golf", {}, (4, 5, 6)),
    ("Spider 1 suit", "spider", {"suits": 1}, (1, 2, 3)),
]

BUDGET = 30_000


def measure(name, options, deals, budget, kw) -> tuple[int, float, list]:
    """(positions, CPU seconds, verdicts) over the deals."""
    v, an = compiled_variant(name, options)
    states, cpu, verdicts = 0, 0.0, []
    for d in deals:
        st = deal_state(v, d)
        t = time.process_time()
        r = solve(v, st, max_states=budget, analysis=an, **kw)
        cpu += time.process_time() - t
        states += r.states
        verdicts.append(r.verdict[0])
    return states, cpu, verdicts


def parse_kw(args) -> tuple[list, dict]:
    names, kw = [], {}
    for a in args:
        if "=" in a:
            k, val = a.split("=", 1)
            kw[k] = val not in ("0", "false", "False", "off")
        else:
            names.append(a)
    return names, kw


def families(args) -> None:
    budget = BUDGET
    if args and args[0].isdigit():
        budget, args = int(args[0]), args[1:]
    names, kw = parse_kw(args)
    print(f"positions per CPU second, {budget} positions a deal at most; solve() keywords {kw or 'default'}")
    for label, name, options, deals in FAMILIES:
        if names and name not in names:
            continue
        states, cpu, verdicts = measure(name, options, deals, budget, kw)
        rate = states / max(cpu, 1e-9)
        shown = ",".join(map(str, deals)) if len(deals) < 5 else f"{deals[0]}-{deals[-1]}"
        won = verdicts.count("w")
        print(f"  {label:20} deals {shown:12} {won:3} won {states:7} positions {cpu:6.2f} CPU s {rate:8.0f}/s")


def profile(name, deal, budget, kw) -> None:
    fam = {f[1]: f for f in FAMILIES}
    options = fam[name][2] if name in fam else {}
    v, an = compiled_variant(name, options)
    st = deal_state(v, deal)
    prof = cProfile.Profile()
    prof.enable()
    r = solve(v, st, max_states=budget, analysis=an, **kw)
    prof.disable()
    print(f"{name} deal {deal}: {r.verdict}, {r.states} positions")
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def versus(other, rounds, budget, names) -> None:
    """Each family measured in turns by this checkout and another one (a copy of an older
    commit, say), ``rounds`` times each, alternating, in child processes that import
    rulesdsl from their own tree; the best rate of each, and their ratio."""
    import os
    import subprocess

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here, "other": os.path.abspath(other)}
    print(f"positions per CPU second, {budget} positions a deal, best of {rounds} interleaved rounds")
    for label, name, _, _ in FAMILIES:
        if names and name not in names:
            continue
        best = {"this": 0.0, "other": 0.0}
        for _ in range(rounds):
            for who, tree in trees.items():
                env = dict(os.environ, PYTHONPATH=tree)
                cmd = [sys.executable, os.path.join(here, "bench", "bench_speed.py"), str(budget), name]
                out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
                rate = float(out.strip().splitlines()[-1].split()[-1].rstrip("/s"))
                best[who] = max(best[who], rate)
        ratio = best["this"] / max(best["other"], 1e-9)
        print(f"  {label:20} this {best['this']:8.0f}/s  other {best['other']:8.0f}/s  {ratio:5.2f}x")


def reach(other, secs, name, options, deals) -> None:
    """Each deal solved with a limit of ``secs`` CPU seconds by this checkout and another,
    deal by deal in turns (child processes, as versus): the positions each reached."""
    import json
    import os
    import subprocess

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here, "other": os.path.abspath(other)}
    code = (
        "import json, sys, time\n"
        "from rulesdsl.solve.deals import compiled_variant, deal_state\n"
        "from rulesdsl.solve.solver import solve\n"
        "name, options, deal, secs = json.loads(sys.argv[1])\n"
        "v, an = compiled_variant(name, options)\n"
        "r = solve(v, deal_state(v, deal), time_limit=secs, clock=time.process_time, analysis=an)\n"
        "print(json.dumps([r.verdict, r.states]))\n"
    )
    total = {"this": 0, "other": 0}
    print(f"{name} {options}: positions reached in {secs} CPU s a deal (verdict), this tree / the other")
    for d in deals:
        got = {}
        for who, tree in trees.items():
            env = dict(os.environ, PYTHONPATH=tree)
            arg = json.dumps([name, options, d, secs])
            out = subprocess.run([sys.executable, "-c", code, arg], env=env, capture_output=True, text=True, check=True)
            got[who] = json.loads(out.stdout.strip().splitlines()[-1])
            total[who] += got[who][1]
        a, b = got["this"], got["other"]
        print(f"  deal {d:4}  {a[1]:8} ({a[0]})  {b[1]:8} ({b[0]})  {a[1] / max(b[1], 1):5.2f}x")
    print(f"  all   {total['this']:8}  {total['other']:8}  {total['this'] / max(total['other'], 1):5.2f}x")


def main(argv) -> None:
    if argv and argv[0] == "reach":
        options = {k: int(v) for k, v in (a.split("=") for a in argv[4:-1])}
        reach(argv[1], float(argv[2]), argv[3], options, [int(x) for x in argv[-1].split(",")])
        return
    if argv and argv[0] == "versus":
        rest = argv[2:]
        rounds = int(rest.pop(0)) if rest and rest[0].isdigit() else 3
        budget = int(rest.pop(0)) if rest and rest[0].isdigit() else BUDGET
        versus(argv[1], rounds, budget, rest)
        return
    if argv and argv[0] == "profile":
        names, kw = parse_kw(argv[1:])
        name = names[0] if names else "freecell"
        deal = int(names[1]) if len(names) > 1 else 1
        budget = int(names[2]) if len(names) > 2 else 50_000
        profile(name, deal, budget, kw)
        return
    families(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
