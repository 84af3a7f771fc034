"""The win finder (beam.py) where the stock matters, measured as solve() runs it: each deal
is searched with ``(1 - SHARE) * SECS`` CPU s (``beam=False``), and on a deal that search
leaves unknown (its time ran out) the finder runs with what is left of SECS, once per
setting of its switches, one after the other on the same deal (so the load falls on all
alike). Prints, per setting, the deals the finder won and its CPU seconds; asserts nothing.

    nice -n 19 python bench/bench_stock_finder.py klondike 1 60 10 draw=3
    nice -n 19 python bench/bench_stock_finder.py klondike 1 60 10 draw=1 --share 0.5

``--alone``: the finder alone on each deal, SECS each (no search first; ``--deals 8,12,...``
picks the deals). ``--settings before,macros,after,w2/3,...``: which settings, in order; ``wT/R``
is ``after`` with the talon's weights W_TALON = T, W_REACH = R (beam.TalonScore):

    nice -n 19 python bench/bench_stock_finder.py klondike 1 60 2.5 draw=3 --alone --settings macros,w0/3,w2/3

The settings: ``before`` (stock=False, stock_score=False: every draw its own child, the score
blind to the stock, as before issue 25's finder work), ``macros`` (the stock macro moves,
stock=True) and ``after`` (the macros and the stock's score term).
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve import beam, solver
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.search import UNKNOWN

SETTINGS = {
    "before": dict(stock=False, stock_score=False),
    "macros": dict(stock=True, stock_score=False),
    "after": dict(stock=True, stock_score=True),
}


def setting(n) -> dict:
    """The finder's keywords of a setting, its weights set on the module (``wT/R``)."""
    if n.startswith("w"):
        t, r = n[1:].split("/")
        beam.W_TALON, beam.W_REACH = int(t), int(r)
        return SETTINGS["after"]
    beam.W_TALON, beam.W_REACH = WEIGHTS
    return SETTINGS[n]


WEIGHTS = (beam.W_TALON, beam.W_REACH)


def compare(name, a, b, secs, options, share, names, alone=False, deals=None) -> None:
    v, an = compiled_variant(name, options)
    won = {n: [] for n in names}
    cpu = {n: 0.0 for n in names}
    verdicts: dict = {}
    search_cpu = 0.0
    for d in deals or range(a, b + 1):
        st = deal_state(v, d)
        rest = secs
        if not alone:
            t = time.process_time()
            r = solver.solve(v, st, time_limit=secs * (1 - share), analysis=an, clock=time.process_time, beam=False)
            spent = time.process_time() - t
            search_cpu += spent
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
            if r.verdict != UNKNOWN or r.limit != "time":
                continue
            rest = max(0.0, secs - spent)
        row = []
        for n in names:
            kw = setting(n)
            t = time.process_time()
            line = beam.find_win(v, st, time_limit=rest, **kw)
            cpu[n] += time.process_time() - t
            if line is not None:
                won[n].append(d)
            row.append(f"{n} {'won ' + str(len(line)) if line else '-'}")
        print(f"deal {d}: " + ", ".join(row), flush=True)
    print(f"{name} {options} deals {a}-{b}, {secs} CPU s, finder share {share}")
    if not alone:
        print(f"  the search alone ({secs * (1 - share):g} s): {verdicts}; {search_cpu:.0f} CPU s")
    for n in names:
        print(f"  finder {n}: won {len(won[n])} of the unknown {won[n]}; {cpu[n]:.0f} CPU s")


def main(argv) -> None:
    share = solver.BEAM_SHARE
    names = list(SETTINGS)
    alone, deals = False, None
    args = []
    i = 0
    while i < len(argv):
        if argv[i] == "--share":
            share = float(argv[i + 1])
            i += 2
        elif argv[i] == "--alone":
            alone = True
            i += 1
        elif argv[i] == "--deals":
            deals = [int(x) for x in argv[i + 1].split(",")]
            i += 2
        elif argv[i] == "--settings":
            names = argv[i + 1].split(",")
            i += 2
        else:
            args.append(argv[i])
            i += 1
    name, a, b, secs = args[0], int(args[1]), int(args[2]), float(args[3])
    options = {}
    for kv in args[4:]:
        k, _, val = kv.partition("=")
        options[k] = int(val) if val.isdigit() else val
    compare(name, a, b, secs, options, share, names, alone, deals)


if __name__ == "__main__":
    main(sys.argv[1:])
