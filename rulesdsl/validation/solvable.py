"""The validator's solver check (``rulesdsl check --solve N``): the solver on the first deals,
for a game no deal of which can be won (V901, V902) and a ``solver.safe`` rule that loses
games the solver could win without it (V903).
"""

from __future__ import annotations

import time
from typing import Any

from ..core.errors import Diagnostic, short
from ..solve.deals import deal_state
from ..solve.solver import UNWINNABLE, WON
from ..solve.solver import solve as run_solver

# How check --solve searches: CPU seconds of the process (a loaded machine does not shorten
# the budget, so a file's verdict does not depend on what else runs), and the staged search
# (a streamlined search first, its wins real lines; only the full search says unwinnable).
CHECK_SOLVE: dict[str, Any] = dict(clock=time.process_time, streamline="always")


def solver_check(
    doc, path, v, deals: int, seconds: float, notes: list | None = None, beam: bool = True
) -> list[Diagnostic]:
    """V901, V902, V903: the solver on deals 1..N (the variant's deal numbers when it declares a
    numbering, seeds otherwise), ``seconds`` CPU seconds each (CHECK_SOLVE); a deal it leaves
    undecided gets as much again for the win finder (beam.py inside solve(), which only ever says won;
    ``beam=False``: not). "The solver won k of N deals" goes to ``notes``. An error only when
    no deal is winnable and every search was exhaustive."""
    won = proven = 0
    unsound: list = []
    for deal in range(1, deals + 1):
        try:
            # the search with ``seconds``, the win finder inside solve() with as much again
            # (beam=False: the search alone, with its ``seconds``)
            limit, share = (2 * seconds, 0.5) if beam else (seconds, False)
            r = run_solver(v, deal_state(v, deal), time_limit=limit, beam=share, **CHECK_SOLVE)
        except Exception as exc:  # the playouts report failing rules; say it once here
            return [
                doc.diag(
                    "V809",
                    f"rulesdsl itself failed while solving deal {deal}: {type(exc).__name__}: {short(str(exc))}",
                    ("win",),
                )
            ]
        if r.verdict == UNWINNABLE and v.safe:
            bare = run_solver(
                v, deal_state(v, deal), time_limit=seconds, declared_safe=False, beam=False, **CHECK_SOLVE
            )
            if bare.verdict == WON:
                unsound.append(deal)
                r = bare
        won += r.verdict == WON
        proven += r.verdict == UNWINNABLE
    what = "deal numbers" if v.numbering is not None else "seeds"
    lost = []
    if unsound:
        lost.append(
            doc.diag(
                "V903",
                f"solver.safe is unsound: with its moves played without branching the solver "
                f"proved {what[:-1]} {unsound[0]} unwinnable, and without them it won it",
                ("solver", "safe"),
                hint="a safe move must never turn a winnable position into a lost one: narrow the "
                "condition (or remove it); the solver trusts it without proof",
            )
        )
    if notes is not None:
        notes.append(
            f"{path}: the solver won {won} of {deals} deal(s) ({what} 1-{deals}, "
            f"{seconds:g} CPU s each; {proven} proved unwinnable, {deals - won - proven} undecided)"
        )
    if won:
        return lost
    if proven == deals:
        return lost + [
            doc.diag(
                "V901",
                f"no deal is winnable: the solver explored every reachable position "
                f"of {what} 1-{deals} and none is won",
                ("win",),
                hint="check the win condition and that the accept rules let every card reach the piles the win counts",
            )
        ]
    return lost + [
        doc.diag(
            "V902",
            f"the solver won none of {what} 1-{deals} ({proven} proved unwinnable, "
            f"{deals - proven} undecided within {seconds:g} CPU s each)",
            ("win",),
            hint="give the solver more time (--solve-seconds) or more deals (--solve), or check "
            "that the game can be won",
        )
    ]
