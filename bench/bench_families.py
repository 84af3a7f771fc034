"""The solver's strength on a family of variants: won / unwinnable / unknown per deal range,
with each derivation switched off beside it (before and after in one run, deal by deal, so
the machine's load falls on every configuration alike). Prints figures, asserts nothing.

    python bench/bench_families.py klondike:draw=3 klondike:draw=1 fan --deals 1-100 --seconds 10
    python bench/bench_families.py klondike:draw=1 --deals 90 --off stock_symmetry
    python bench/bench_families.py fan --deals 1-50 --off safe_foundations --off all
    python bench/bench_families.py freecell canfield --deals 1-20 --with streamline=always

A variant is NAME[:OPTION=VALUE,...]. ``--off A,B`` adds a configuration with the solve()
keywords A and B set to False (``all``: every derivation of issue 25 at once); give it
several times for several configurations. ``--with K=V`` adds one with solve() keywords set to
those values (``streamline=always``: the staged search in every variant). The time limit is CPU seconds of this process by
default (``--wall`` for the wall clock): on a shared machine another process's load does
not count. A deal two configurations decide differently (won against unwinnable) is
printed as a CONTRADICTION: that would be a soundness bug.

When a ``solvitaire`` binary is on PATH, or named by the SOLVITAIRE environment variable
(never a dependency), it runs beside ours on the same deals, written as its JSON deal
files, for the variants whose rules equal one of its games (solvitaire_side.GAMES:
Klondike, Fan, FreeCell, Baker's Game, Baker's Dozen, Beleaguered Castle, Streets and
Alleys, Alpha Star, Black Hole, Golf with kings=open, Canfield with tableau_moves=whole
and corner=base). It gets the same CPU seconds a deal (a CPU limit on its process; with
``--wall`` its own wall-clock timeout instead); its row counts its unique states, and a
positions-per-CPU-second column is printed for every row (over the runs that report a
count: Solvitaire stopped by the limit reports none). ``--no-solvitaire`` leaves it out.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import solvitaire_side

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

# The derivations this bench switches off with ``--off all`` (the solve() keywords).
DERIVATIONS = ("stock_symmetry", "safe_foundations", "partial", "stuck", "returns", "face_foundations", "departures")


def parse_variant(text: str) -> tuple:
    """NAME[:K=V,...] -> (name, options), values of digits as ints."""
    name, _, rest = text.partition(":")
    opts: dict = {}
    for part in filter(None, rest.split(",")):
        k, _, v = part.partition("=")
        opts[k] = int(v) if v.isdigit() else v
    return name, opts


def keyword_value(x):
    """A --with value: True/False and decimals read as such (ints and words as parse_variant)."""
    if x in ("True", "False"):
        return x == "True"
    try:
        return float(x) if isinstance(x, str) and "." in x else x
    except ValueError:
        return x


def parse_deals(text: str) -> range:
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def configurations(offs: list, withs: tuple = ()) -> list:
    """(label, solve() keywords) for 'on', each --off and each --with."""
    out = [("on", {})]
    for off in offs:
        names = DERIVATIONS if off == "all" else tuple(x for x in off.split(",") if x)
        out.append(("off " + off, {n: False for n in names}))
    for w in withs:  # --with KW=VALUE[,KW=VALUE]: digits as ints, 0.5 as a float, True/False
        out.append(("with " + w, {k: keyword_value(x) for k, x in parse_variant(":" + w)[1].items()}))
    return out


def run_one(v, an, deal, seconds, kw) -> dict:
    r = solve(v, deal_state(v, deal), time_limit=seconds, analysis=an, **kw)
    return {"verdict": r.verdict, "states": r.states, "seconds": r.seconds}


# -- the run ---------------------------------------------------------------------------


def bench(spec, deals, seconds, offs, verbose=False, withs=(), beside=True, wall=False) -> None:
    name, opts = parse_variant(spec)
    v, an = compiled_variant(name, opts)
    configs = configurations(offs, withs)
    exe = solvitaire_side.binary() if beside else None
    kind = solvitaire_side.game_for(name, v) if exe else None
    labels = [c[0] for c in configs] + (["solvitaire"] if kind else [])
    recs: dict = {label: [] for label in labels}
    contradictions = []
    for d in deals:
        got = {}
        for label, kw in configs:
            got[label] = run_one(v, an, d, seconds, kw)
        if kind:
            got["solvitaire"] = solvitaire_side.run(exe, kind, v, deal_state(v, d), seconds, wall)
        verdicts = {r["verdict"] for r in got.values()} - {"unknown"}
        if len(verdicts) > 1:
            contradictions.append((d, {k: r["verdict"] for k, r in got.items()}))
        for label, r in got.items():
            recs[label].append(r)
        if verbose:
            row = "  ".join(
                f"{k}: {r['verdict'][:3]} {r['states']} ({r.get('said', '') + ' ' if 'said' in r else ''}{r['seconds']:.1f} s)"
                for k, r in got.items()
            )
            print(f"  deal {d}: {row}", file=sys.stderr, flush=True)
    clock = "wall" if time.monotonic is not time.process_time else "CPU"
    print(f"{spec}, deals {deals.start}-{deals.stop - 1}, {seconds:g} {clock} s a deal")
    for label in labels:
        rs = recs[label]
        n = {k: sum(r["verdict"] == k for r in rs) for k in ("won", "unwinnable", "unknown")}
        med = statistics.median(r["states"] for r in rs) if rs else 0
        decided = [r["states"] for r in rs if r["verdict"] != "unknown"]
        dmed = statistics.median(decided) if decided else 0
        share = 100 * n["unknown"] / max(len(rs), 1)
        counted = [r for r in rs if r["states"]]  # Solvitaire stopped by the CPU limit counts none
        rate = sum(r["states"] for r in counted) / max(sum(r["seconds"] for r in counted), 1e-9)
        print(
            f"  {label:28} won {n['won']:4}  unwinnable {n['unwinnable']:4}  unknown {n['unknown']:4}"
            f" ({share:4.1f}%)  median states {med:9.0f} (decided {dmed:.0f})  {rate:8.0f} a CPU s"
        )
    for d, vs in contradictions:
        print(f"  CONTRADICTION deal {d}: {vs}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="+", help="NAME[:OPTION=VALUE,...]")
    ap.add_argument("--deals", default="1-100", help="A-B (or one deal)")
    ap.add_argument("--seconds", type=float, default=10.0, help="time limit a deal")
    ap.add_argument("--off", action="append", default=[], help="solve() keywords set False (comma-separated)")
    ap.add_argument(
        "--with", dest="withs", action="append", default=[], help="solve() keywords KW=VALUE (comma-separated)"
    )
    ap.add_argument("--wall", action="store_true", help="limit by the wall clock, not CPU seconds")
    ap.add_argument("--no-solvitaire", action="store_true", help="leave Solvitaire out even when installed")
    ap.add_argument("-v", "--verbose", action="store_true", help="each deal's verdicts on stderr")
    args = ap.parse_args(argv)
    if not args.wall:
        time.monotonic = time.process_time  # the solver's deadline reads this clock
    for spec in args.variants:
        bench(
            spec,
            parse_deals(args.deals),
            args.seconds,
            args.off,
            args.verbose,
            args.withs,
            not args.no_solvitaire,
            args.wall,
        )


if __name__ == "__main__":
    main()
