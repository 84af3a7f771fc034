"""The solver: section: the conditions that make a card move safe for the solver, compiled
like a pile's accept.
"""

from __future__ import annotations

from .base import Context


def build_solver_safe(cx: Context) -> tuple:
    """solver.safe: conditions over a card move, compiled like a pile's accept."""
    spec = cx.data.get("solver")
    safe = spec.get("safe") if isinstance(spec, dict) else None
    if not isinstance(safe, list):
        return ()
    out = []
    for i in range(len(safe)):
        fn = cx.expr(("solver", "safe", i), "move", "bool")
        if fn is not None:
            out.append(fn)
    return tuple(out)
