"""The win finder's settings side by side on the deals ``check --solve 5`` leaves to it: prints
figures, asserts nothing.

    nice -n 19 python bench/bench_finder_settings.py CACHE SECONDS 'NAME:k=v,...;NAME:...' FILE ...

The check runs the solver first (2 CPU s, ``beam=False``, CHECK_SOLVE) and gives the finder
the rest on a deal the solver leaves undecided by time. The solver's part does not depend on
beam.py, so it runs once per file and deal and its verdicts are kept in CACHE (JSON lines,
read again on the next run). Then, on each undecided deal, the finder alone with SECONDS CPU s
under each setting, interleaved deal by deal: a setting is a name and keywords, lower case a
switch of ``beam.find_win`` (1 on, 0 off), upper case a weight of beam.py set by hand (e.g.
``base:safe=0;both:safe=1,W_BLOCKED=8``; no keyword: the default, the lanes of lanes.py side
by side; ``safe=0``: the one lane as before them). One line per file: the solver's wins and proofs, and
per setting the deals won, the most cards up, the CPU seconds and the check's verdict.
"""

from __future__ import annotations

import json
import os
import sys
import time

from rulesdsl.solve import beam
from rulesdsl.solve.deals import deal_state
from rulesdsl.solve.solver import UNWINNABLE, WON, solve
from rulesdsl.validation.solvable import CHECK_SOLVE
from rulesdsl.variant.loader import load


def solver_stage(cache: str, path: str, v) -> list:
    """The solver's verdicts on deals 1-5 (cached): [(deal, verdict, limit)]."""
    known = {}
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                r = json.loads(line)
                known[(r["file"], r["deal"])] = r
    out = []
    for deal in range(1, 6):
        r = known.get((path, deal))
        if r is None:
            got = solve(v, deal_state(v, deal), time_limit=2.0, beam=False, **CHECK_SOLVE)
            r = dict(file=path, deal=deal, verdict=got.verdict, limit=got.limit)
            with open(cache, "a") as f:
                f.write(json.dumps(r) + "\n")
        out.append((deal, r["verdict"], r["limit"]))
    return out


def settings(spec: str) -> list:
    """[(name, switches, weights)] from 'NAME:k=v,...;...'."""
    out = []
    for part in spec.split(";"):
        name, _, items = part.partition(":")
        switches, weights = {}, {}
        for item in filter(None, items.split(",")):
            k, x = item.split("=")
            if k.isupper():
                weights[k] = int(x)
            else:
                switches[k] = x == "1"
        out.append((name, switches, weights))
    return out


def main(argv: list) -> None:
    cache, seconds, chosen, paths = argv[0], float(argv[1]), settings(argv[2]), argv[3:]
    default = {k: getattr(beam, k) for _, _, w in chosen for k in w}
    for path in paths:
        v = load(path, {})
        stage = solver_stage(cache, path, v)
        won = [d for d, verdict, _ in stage if verdict == WON]
        lost = [d for d, verdict, _ in stage if verdict == UNWINNABLE]
        todo = [d for d, verdict, limit in stage if verdict not in (WON, UNWINNABLE) and limit == "time"]
        got = {name: ([], [], 0.0) for name, _, _ in chosen}
        for deal in todo:
            for name, switches, weights in chosen:
                for k, x in default.items():
                    setattr(beam, k, weights.get(k, x))
                stats: dict = {}
                t = time.process_time()
                line = beam.find_win(v, deal_state(v, deal), time_limit=seconds, stats=stats, **switches)
                wins, ups, cpu = got[name]
                got[name] = (
                    wins + [deal] * (line is not None),
                    ups + [stats.get("up", 0)],
                    cpu + time.process_time() - t,
                )
        for k, x in default.items():
            setattr(beam, k, x)
        parts = []
        for name, (wins, ups, cpu) in got.items():
            verdict = "clean" if won or wins else "V901" if len(lost) == 5 else "V902"
            parts.append(f"{name}: won {wins} up {ups} {cpu:.0f} s {verdict}")
        print(f"{path}: solver won {won} lost {lost} undecided {todo} | " + " | ".join(parts), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
