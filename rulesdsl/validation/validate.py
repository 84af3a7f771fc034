"""The validator behind ``rulesdsl check``: static checks, then seeded random playouts.

Static checks (every option combination, all collected in one run):

* everything the loader reports (YAML, keys, types, expressions, references, the deal);
* the win condition read with the layout in mind: a win that can never hold (V702), one
  that could only hold if some pile took more cards than its ``capacity`` allows (V701),
  and one that holds whatever the position (V703, a warning);
* piles that take cards when none can be picked up, or the other way round (V704, a warning).

Dynamic checks (``play`` seeded playouts of up to ``MAX_MOVES`` random moves per option
combination): an expression that fails or gives the wrong kind of value at run time
(V801, V802, reported at the rule's place in the file), a listed move that does not do
what it says (V803), cards lost or duplicated (V804), undo or redo that does not restore
the position (V805), a variant in which no playout ever makes progress (V806, warning),
a deal that overfills a pile (V807, warning), a game won as soon as it is dealt (V808,
warning), and a failure of rulesdsl itself (V809).

Every diagnostic that appears only with some option values says which ones.

The checks live in a module each: static.py (the win and the piles, with abstract.py's
reading of the win), reach.py (where cards can go), playouts.py (the games), solvable.py
(the solver). This module runs them over every option combination and merges the answers.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

from ..core.errors import Diagnostic
from ..core.limits import MAX_COMBO_VALUES, MAX_COMBOS, MAX_PLAY_WORK
from ..variant.loader import load_report
from .playouts import playouts
from .reach import reach_checks
from .solvable import solver_check
from .static import move_checks, win_checks

MAX_PLAY_COMBOS = 32  # option combinations played


def check_paths(
    paths,
    *,
    play: int = 3,
    strict: bool = False,
    options: dict | None = None,
    solve: int = 0,
    solve_seconds: float = 2.0,
    notes: list | None = None,
) -> list[Diagnostic]:
    """Every diagnostic (errors and warnings) for every file, in file order, then by line.

    ``play`` is the number of seeded playouts (seeds 1..play) per option combination; 0
    turns the dynamic checks off. ``options`` fixes option values (as ``--option K=V``
    does): then only that combination is checked. ``strict`` changes nothing here; the
    caller decides the exit status (warnings count as failures under --strict).
    """
    out: list[Diagnostic] = []
    for p in paths:
        out.extend(check_file(p, play=play, options=options, solve=solve, solve_seconds=solve_seconds, notes=notes))
    return out


def check_file(
    path,
    *,
    play: int = 3,
    options: dict | None = None,
    solve: int = 0,
    solve_seconds: float = 2.0,
    notes: list | None = None,
    text: str | None = None,
) -> list[Diagnostic]:
    """Every diagnostic of one file; with ``text``, of that text (a variant given as text,
    the workbench's), ``path`` then only the label its diagnostics name."""
    path = Path(path)
    try:
        base = load_report(path, options, text=text)
    except RecursionError:  # pragma: no cover - bounded by MAX_EXTENDS and the YAML reader
        return [Diagnostic("X702", "extends chain too deep", str(path))]
    doc = base.document
    if doc is None:  # the file could not be read
        return base.diagnostics
    report = _Report()
    variant = base.variant
    report.add(base.diagnostics, None)
    if report.has_structural_error():
        return report.sorted()
    combos = [options] if options else option_combinations(variant.option_decls if variant else base.declared)
    built = []
    # every combination builds the whole file again: a big file gets fewer (limits.py)
    for combo in combos[: max(1, min(MAX_COMBOS, MAX_COMBO_VALUES // max(1, len(doc.marks))))]:
        if combo == {} or combo == options:
            r = base
        else:
            r = load_report(path, combo, document=doc)
            report.add(r.diagnostics, combo)
        v = r.variant
        if v is not None:
            built.append((combo, v))
            report.add(win_checks(doc, r.data, v), combo)
            report.add(move_checks(doc, v), combo)
            report.add(reach_checks(doc, r.data, v), combo)
    if play > 0 and not any(d.severity == "error" for d in report.items):
        budget = [MAX_PLAY_WORK]  # listed moves, for all playouts of the file together
        for combo, _v in built[:MAX_PLAY_COMBOS]:
            report.add(playouts(doc, path, combo or {}, play, budget), combo)
    if solve > 0 and built and not any(d.severity == "error" for d in report.items):
        combo, v = built[0]
        report.add(solver_check(doc, path, v, solve, solve_seconds, notes), combo)
    items = report.sorted()
    if any(d.code == "V703" for d in items):  # said already: the win always holds
        items = [d for d in items if d.code != "V808"]
    if any(d.code == "V704" for d in items):  # said already: no card can be played
        items = [d for d in items if d.code != "V806"]
    return items


def summary(files: int, errors: int, warnings: int, strict: bool = False) -> str:
    """The last line of ``rulesdsl check``: how many files, errors and warnings, the verdict."""
    status = "failed" if errors else "failed (--strict: warnings count as errors)" if strict and warnings else "ok"
    return f"{files} file(s) checked: {errors} error(s), {warnings} warning(s): {status}"


def option_combinations(decls) -> list[dict]:
    """Every combination of the options that list their values; others keep their default.

    The defaults come first (as ``{}``), so what is reported for them needs no label.
    """
    listed = [o for o in decls if o.values is not None]
    combos: list[dict] = [{}]
    for values in itertools.product(*(o.values for o in listed)):
        if len(combos) > MAX_COMBOS:  # the product of many options is astronomical: stop
            break
        combo = {o.name: v for o, v in zip(listed, values)}
        if all(combo[o.name] == o.default for o in listed):
            continue
        combos.append(combo)
    return combos


class _Report:
    """Diagnostics of one file, each kept once; those of some option values only say which."""

    def __init__(self):
        self.items: list[Diagnostic] = []
        self.seen: set = set()

    def add(self, diags, combo):
        for d in diags:
            key = (d.code, d.file, d.line, d.column, d.message)
            if key in self.seen:
                continue
            self.seen.add(key)
            if combo:
                label = ", ".join(f"{k}={v}" for k, v in combo.items())
                d = dataclasses.replace(d, message=f"{d.message} [with options {label}]")
            self.items.append(d)

    def has_structural_error(self) -> bool:
        return any(d.severity == "error" and d.code[0] in "YXS" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        order: dict = {}
        for d in self.items:
            order.setdefault(d.file, len(order))
        return sorted(self.items, key=lambda d: (order[d.file], d.line, d.column))
