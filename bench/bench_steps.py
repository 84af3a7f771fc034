"""The win finder's wait term (beam.Rating.wait, read from each foundation's own steps by
step_tables.py) on and off, deal by deal in one run:
prints figures, asserts nothing.

    nice -n 19 python bench/bench_steps.py [SECONDS] FILE ...

For each file and deals 1-5 (as ``check --solve 5`` deals them), the win finder alone with
SECONDS CPU s (default 5) with the term off, then on: one line per file and setting with the
deals won, the most cards the beam had up on each deal and the CPU seconds spent.
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.variant.loader import load


def main(argv: list) -> None:
    seconds = 5.0
    if argv and argv[0].replace(".", "", 1).isdigit():
        seconds, argv = float(argv[0]), argv[1:]
    for path in argv:
        v = load(path, {})
        won: dict = {False: [], True: []}
        spent = {False: 0.0, True: 0.0}
        up: dict = {False: [], True: []}
        for deal in range(1, 6):
            for steps in (False, True):
                t = time.process_time()
                stats: dict = {}
                line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, steps=steps, stats=stats)
                up[steps].append(stats.get("up", 0))
                spent[steps] += time.process_time() - t
                if line is not None:
                    won[steps].append(deal)
        for steps in (False, True):
            print(
                f"{path} steps={'on ' if steps else 'off'} won {won[steps]}, cards up {up[steps]}, {spent[steps]:.1f} CPU s",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
