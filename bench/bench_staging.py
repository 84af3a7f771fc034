"""The staged search's parts on Klondike, deal by deal in one run, by positions (no time
limit: a loaded machine gives the same figures): main's staging beside the draws stage left
out (draws_stage=False), other talon weights (guidance.W_TALON) and other streamliner shares.
A deal the streamliner wins within its share (every configuration but ``shareX`` runs the
same streamliner first) is counted once and not searched again. Prints figures, asserts
nothing.

    python bench/bench_staging.py 40000 1-60 draw=3 draw=1 --trees main,nodraws,talon0,talon4

Trees: main (the defaults); nodraws (draws_stage=False), draws (True), dshareX (True with
DRAWS_SHARE = X); talonN (W_TALON = N); notalon (talon_safe=False: no safe card of the
talon up as the only child), noaces (talon_safe.py's closure test alone); unused (unused_returns=
True: no return nothing uses at once searched), nounused (False, the default); shareX (the
streamliner's share X, e.g. share0.1: such a tree runs every deal); joined by + for several
at once (nodraws+talon0). The deals: a range (1-60), a list (8,12,14), or a list per
draw option ("draw=3:8,12;draw=1:6,12").
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve import guidance, solver, talon_safe
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import DRAWS_SHARE, solve

W_TALON = guidance.W_TALON  # the default, put back after each tree


def one(v, an, deal, max_states, tree) -> tuple:
    kw: dict = {}
    for part in tree.split("+"):
        if part == "nodraws":
            kw["draws_stage"] = False
        elif part == "draws":
            kw["draws_stage"] = True
        elif part.startswith("talon"):
            guidance.W_TALON = int(part[5:])
        elif part.startswith("share"):
            kw["share"] = float(part[5:])
        elif part == "notalon":
            kw["talon_safe"] = False
        elif part == "nounused":
            kw["unused_returns"] = False
        elif part == "unused":
            kw["unused_returns"] = True
        elif part == "noaces":
            talon_safe.TalonUp.aces = False
        elif part.startswith("dshare"):
            kw["draws_stage"], solver.DRAWS_SHARE = True, float(part[6:])
    cpu = time.process_time()
    r = solve(v, deal_state(v, deal), max_states=max_states, analysis=an, **kw)
    guidance.W_TALON, solver.DRAWS_SHARE, talon_safe.TalonUp.aces = W_TALON, DRAWS_SHARE, True
    return r.verdict, r.states, time.process_time() - cpu


def streamliner_wins(v, an, deal, max_states) -> tuple | None:
    """The streamliner alone with its share: a win there is every shared tree's result."""
    cpu = time.process_time()
    cap = int(max_states * solver.STOCK_SHARE)
    r = solve(v, deal_state(v, deal), max_states=cap, analysis=an, _greedy=True, beam=False)
    return (r.verdict, r.states, time.process_time() - cpu) if r.verdict == "won" else None


def side(options, deals, max_states, trees) -> None:
    v, an = compiled_variant("klondike", options)
    rows = []
    for d in deals:
        early = streamliner_wins(v, an, d, max_states)
        got = [
            early if early and not any(x.startswith("share") for x in t.split("+")) else one(v, an, d, max_states, t)
            for t in trees
        ]
        rows.append((d, *got))
        text = "  ".join(f"{t} {g[0]:10} {g[1]:6} ({g[2]:4.1f} s)" for t, g in zip(trees, got))
        print(f"{options} deal {d:3}{' early' if early else ''}: {text}", flush=True)
    for i, name in enumerate(trees, 1):
        counts = {k: sum(1 for r in rows if r[i][0] == k) for k in ("won", "unwinnable", "unknown")}
        cpu = sum(r[i][2] for r in rows)
        unknown = [r[0] for r in rows if r[i][0] == "unknown"]
        print(
            f"{options} {name}: {counts['won']} won / {counts['unwinnable']} unwinnable / {counts['unknown']} unknown"
            f" ({cpu:.0f} CPU s; unknown {unknown})"
        )
    for i, name in enumerate(trees[1:], 2):
        gained = [(r[0], r[i][1]) for r in rows if r[1][0] == "unknown" and r[i][0] != "unknown"]
        lost = [(r[0], r[1][1]) for r in rows if r[1][0] != "unknown" and r[i][0] == "unknown"]
        flips = [r[0] for r in rows if {r[1][0], r[i][0]} == {"won", "unwinnable"}]
        print(f"  {name} beside {trees[0]}: decided {gained}; lost {lost}; won against unwinnable {flips}")


def main(argv) -> None:
    trees = ["main", "nodraws"]
    if "--trees" in argv:
        i = argv.index("--trees")
        trees = argv[i + 1].split(",")
        del argv[i : i + 2]
    max_states = int(argv[0])
    for opt in argv[2:]:
        k, val = opt.split("=")
        side({k: int(val)}, _deals(argv[1], opt), max_states, trees)


def _deals(text, opt) -> list:
    """A range "1-60", a list "8,12,14", or per draw option "draw=3:8,12;draw=1:6,12"."""
    if ":" in text:
        text = dict(part.split(":") for part in text.split(";"))[opt]
    if "-" in text:
        a, b = (int(x) for x in text.split("-"))
        return list(range(a, b + 1))
    return [int(x) for x in text.split(",")]


if __name__ == "__main__":
    main(sys.argv[1:])
