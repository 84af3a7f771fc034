"""One of the win finder's switches (a keyword of beam.find_win: gaps, steps, dealt, runs,
stock, stock_score) off and on, deal by deal in one run: prints figures, asserts nothing.

    nice -n 19 python bench/bench_finder_term.py TERM [SECONDS] FILE ...

For each file and deals 1-5 (as ``check --solve 5`` deals them), the win finder alone with
SECONDS CPU s (default 5) with TERM off, then on: one line per file and setting with the
deals won, the most cards the beam had up on each deal and the CPU seconds spent.
"""

from __future__ import annotations

import inspect
import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.variant.loader import load

TERMS = tuple(name for name, p in inspect.signature(beam.find_win).parameters.items() if isinstance(p.default, bool))


def main(argv: list) -> None:
    if not argv or argv[0] not in TERMS:
        sys.exit(f"usage: bench_finder_term.py TERM [SECONDS] FILE ...; TERM is one of {', '.join(TERMS)}")
    term, argv = argv[0], argv[1:]
    seconds = 5.0
    if argv and argv[0].replace(".", "", 1).isdigit():
        seconds, argv = float(argv[0]), argv[1:]
    for path in argv:
        v = load(path, {})
        won: dict = {False: [], True: []}
        spent = {False: 0.0, True: 0.0}
        up: dict = {False: [], True: []}
        for deal in range(1, 6):
            for on in (False, True):
                t = time.process_time()
                stats: dict = {}
                line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, stats=stats, **{term: on})
                up[on].append(stats.get("up", 0))
                spent[on] += time.process_time() - t
                if line is not None:
                    won[on].append(deal)
        for on in (False, True):
            print(
                f"{path} {term}={'on ' if on else 'off'} won {won[on]}, cards up {up[on]}, {spent[on]:.1f} CPU s",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
