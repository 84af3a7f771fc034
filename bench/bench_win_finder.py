"""The win finder's figures for ``check --solve``: prints figures, asserts nothing.

    nice -n 19 python bench/bench_win_finder.py [SECONDS] FILE ...

For each file and deals 1-5 (as ``check --solve 5`` deals them), the solver as the check runs
it (CHECK_SOLVE, SECONDS CPU s, default 2), then, on a deal it leaves undecided, the win finder
(beam.py) with as much again: one line per file with the deals each won, the most cards the
finder's beam had up, and the CPU seconds of each stage, so before (the solver alone) and after
(the solver, then the finder) come from the same run.

    nice -n 19 python bench/bench_win_finder.py --runs [SECONDS] FILE ...

The finder alone (no solver) on deals 1-5, SECONDS CPU s each, with the score's run terms off
(``find_win(runs=False)``, before issue 22) and on, interleaved deal by deal.

    nice -n 19 python bench/bench_win_finder.py --dealt [SECONDS] FILE ...

The same with a stock's order scored as a column's (``find_win(dealt=False)``) and not.
"""

from __future__ import annotations

import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.solver import UNKNOWN, WON, solve
from rulesdsl.validation.solvable import CHECK_SOLVE
from rulesdsl.variant.loader import load


def runs_ab(seconds: float, paths: list, term: str = "runs") -> None:
    """Before/after of ``find_win(runs=...)`` (or another of its switches, ``term``) on deals
    1-5, interleaved."""
    for path in paths:
        v = load(path, {})
        won = {False: [], True: []}
        cpu = {False: 0.0, True: 0.0}
        for deal in range(1, 6):
            for runs in (False, True):
                t = time.process_time()
                line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, **{term: runs})
                cpu[runs] += time.process_time() - t
                if line is not None:
                    won[runs].append(deal)
        print(
            f"{path}: {term} off won {won[False]} ({cpu[False]:.1f} CPU s), on won {won[True]} ({cpu[True]:.1f} CPU s)",
            flush=True,
        )


def main(argv: list) -> None:
    if argv and argv[0] in ("--runs", "--dealt"):
        term, argv = argv[0][2:], argv[1:]
        seconds = float(argv[0]) if argv and argv[0].replace(".", "", 1).isdigit() else 2.0
        return runs_ab(seconds, argv[1:] if argv and argv[0].replace(".", "", 1).isdigit() else argv, term)
    seconds = 2.0
    if argv and argv[0].replace(".", "", 1).isdigit():
        seconds, argv = float(argv[0]), argv[1:]
    before = after = 0
    for path in argv:
        v = load(path, {})
        solver_won = finder_won = 0
        solver_cpu = finder_cpu = 0.0
        ups = []
        for deal in range(1, 6):
            t = time.process_time()
            r = solve(v, deal_state(v, deal), time_limit=seconds, **CHECK_SOLVE)
            solver_cpu += time.process_time() - t
            solver_won += r.verdict == WON
            if r.verdict != UNKNOWN:
                continue
            stats: dict = {}
            t = time.process_time()
            line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, stats=stats)
            finder_cpu += time.process_time() - t
            finder_won += line is not None
            ups.append(stats.get("up", 0))
        before += solver_won > 0
        after += solver_won + finder_won > 0
        print(
            f"{path}: solver {solver_won}/5 ({solver_cpu:.1f} CPU s), then finder "
            f"{finder_won} more ({finder_cpu:.1f} CPU s, most up {max(ups, default=0)})",
            flush=True,
        )
    print(f"files with a win: {before} before, {after} after, of {len(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
