"""The stock's talon scored as at pointer 0 (solve(..., talon_order=True)) beside the board's
pointer (talon_order=False), both with the talon's weight 2 as measured then, and beside the talon not
counted at all (guidance.W_TALON = 0, the default since),
deal by deal in one run, by positions (no time limit: a loaded
machine gives the same figures); CPU seconds only as a side note. Prints figures, asserts
nothing.

    python bench/bench_talon_order.py 40000 1-60 draw=3 draw=1 [--zero]

(--zero: the third tree too.)
"""

from __future__ import annotations

import statistics
import sys
import time

from rulesdsl.solve import guidance
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

TREES = ["old", "new"]  # talon_order False, True (and "zero": True with W_TALON = 0)


def one(v, an, deal, max_states, tree) -> tuple:
    default, guidance.W_TALON = guidance.W_TALON, 0 if tree == "zero" else 2
    cpu = time.process_time()
    r = solve(v, deal_state(v, deal), max_states=max_states, analysis=an, talon_order=tree != "old")
    guidance.W_TALON = default
    return r.verdict, r.states, time.process_time() - cpu


def side(options, deals, max_states) -> None:
    v, an = compiled_variant("klondike", options)
    rows = []
    for d in deals:
        got = [one(v, an, d, max_states, t) for t in TREES]
        rows.append((d, *got))
        text = "  ".join(f"{t} {g[0]:10} {g[1]:6} ({g[2]:4.1f} s)" for t, g in zip(TREES, got))
        print(f"{options} deal {d:3}: {text}", flush=True)
    for i, name in enumerate(TREES, 1):
        counts = {k: sum(1 for r in rows if r[i][0] == k) for k in ("won", "unwinnable", "unknown")}
        cpu = sum(r[i][2] for r in rows)
        print(
            f"{options} {name}: {counts['won']} won / {counts['unwinnable']} unwinnable / {counts['unknown']} unknown, {cpu:.0f} CPU s"
        )
    for i, name in enumerate(TREES[1:], 2):
        compare(rows, i, name)


def compare(rows, i, name) -> None:
    """The tree in column i beside the old one (column 1)."""
    both = [(r[1][1], r[i][1]) for r in rows if r[1][0] == r[i][0] == "won"]
    if both:
        print(
            f"  {name}, won by both ({len(both)}): positions median {statistics.median(a for a, _ in both):.0f} -> "
            f"{statistics.median(b for _, b in both):.0f}, sum {sum(a for a, _ in both)} -> {sum(b for _, b in both)}"
        )
    for label, a, b in (("won, unknown in old", "unknown", "won"), ("unknown, won in old", "won", "unknown")):
        got = [(r[0], r[i][1] if b == "won" else r[1][1]) for r in rows if r[1][0] == a and r[i][0] == b]
        print(f"  {name} {label}: {got}")
    flips = [r[0] for r in rows if {r[1][0], r[i][0]} == {"won", "unwinnable"}]
    print(f"  {name} won against unwinnable (a bug if any): {flips}")


def main(argv) -> None:
    if "--zero" in argv:
        argv.remove("--zero")
        TREES.append("zero")
    max_states = int(argv[0])
    a, b = (int(x) for x in argv[1].split("-"))
    for opt in argv[2:]:
        k, val = opt.split("=")
        side({k: int(val)}, range(a, b + 1), max_states)


if __name__ == "__main__":
    main(sys.argv[1:])
