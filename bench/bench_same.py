"""Does a change keep the same search? A fixed sample of deals of many families, each
searched up to a fixed budget of positions, one record a deal: verdict, positions entered,
length of the line and a hash of it. A change that only makes the search cheaper must give
the very same records; `versus` runs this tree and another checkout (the start of a
session, say) in child processes and compares them record by record. Prints, asserts
nothing.

    python bench/bench_same.py                       # this tree's records
    python bench/bench_same.py versus /tmp/base 20000  # both trees, compared
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

# (variant, options, deals): 65 deals of 24 families
SAMPLE = [
    ("alpha_star", {}, tuple(range(1, 21))),
    ("beleaguered_castle", {}, (7, 8, 26)),
    ("freecell", {}, (1, 617, 11982)),
    ("bakers_game", {}, (1, 2)),
    ("fortress", {}, (1, 2)),
    ("eight_off", {}, (1, 2)),
    ("seahaven_towers", {}, (1, 2)),
    ("klondike", {"draw": 1}, (1, 2)),
    ("black_hole", {}, (3, 5)),
    ("golf", {}, (4, 5)),
    ("spider", {"suits": 1}, (1, 2)),
    ("fan", {}, (1, 2)),
    ("citadel", {}, (1, 2)),
    ("castles_in_spain", {}, (1, 2)),
    ("king_albert", {}, (1, 2)),
    ("bakers_dozen", {}, (1, 2)),
    ("chessboard", {}, (1, 2)),
    ("forecell", {}, (1, 2)),
    ("double_freecell", {}, (1, 2)),
    # the stock games' walk, flips and the stock's key (keys.Keyer.moved_key)
    ("klondike", {"draw": 3}, (1, 8)),
    ("yukon", {}, (1, 2)),
    ("canfield", {}, (1,)),
    ("gypsy", {}, (1,)),
    ("scorpion", {}, (1,)),
]

BUDGET = 20_000


def records(budget: int) -> list:
    out = []
    for name, options, deals in SAMPLE:
        v, an = compiled_variant(name, options)
        for d in deals:
            r = solve(v, deal_state(v, d), max_states=budget, analysis=an)
            line = hashlib.sha1(json.dumps(r.moves).encode()).hexdigest()[:12]
            out.append([name, d, r.verdict, r.states, len(r.moves), line])
    return out


def versus(other: str, budget: int) -> None:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    got = {}
    for who, tree in (("this", here), ("other", os.path.abspath(other))):
        env = dict(os.environ, PYTHONPATH=tree)
        cmd = [sys.executable, os.path.abspath(__file__), str(budget)]
        got[who] = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    differ = [(a, b) for a, b in zip(got["this"], got["other"]) if a != b]
    for a, b in differ:
        print(f"  differs: this {a}  other {b}")
    same = len(got["this"]) - len(differ)
    print(
        f"{same} of {len(got['this'])} deals identical (verdict, positions, line length, line hash), {budget} positions a deal"
    )


def main(argv) -> None:
    if argv and argv[0] == "versus":
        versus(argv[1], int(argv[2]) if len(argv) > 2 else BUDGET)
        return
    print(json.dumps(records(int(argv[0]) if argv else BUDGET)))


if __name__ == "__main__":
    main(sys.argv[1:])
