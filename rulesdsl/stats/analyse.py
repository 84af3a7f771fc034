"""``rulesdsl analyse``: is a variant any good? Figures from playouts and the solver over deals.

Over the same N deals (deal numbers from ``first``, dealt as ``rulesdsl stats`` deals them:
the variant's numbering when it declares one), three players each play every deal: random
play, greedy play (players.py) and the solver. From them:

- branching: legal moves per position met by random play, overall and by move number;
- forced moves: the share of those positions with exactly one legal move, and with nothing
  but actions (a draw from the stock);
- game length and the win shares of random and greedy play, with Wilson intervals;
- the solver's winnable share (as ``stats`` reports it), its difficulty (states searched to
  the first win) and the length of its winning lines;
- the skill gap: the solver's, greedy play's and random play's wins side by side.

Every figure is seeded: the same variant, options, deals, seed and limits give the same
result (the solver is limited by states, not time, unless a time limit is asked for). The
result is JSON-ready; ``sweep`` runs it for every combination of a variant's options.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable

from ..core.errors import InputError
from ..core.limits import MAX_ANALYSE_DEALS as MAX_DEALS
from ..core.limits import MAX_PLAYOUT_MOVES, MAX_SWEEP
from ..solve.analysis import analyse as rules_analysis
from ..solve.deals import deal_state
from ..solve.solver import solve
from . import players
from .runner import summary, wilson

DEFAULT_DEALS = 200  # deals of one analysis
DEFAULT_STATES = 20_000  # positions the solver may keep per deal (a states limit keeps runs reproducible)
BY_MOVE_MIN_GAMES = 5  # a move number is charted while at least this many random games reach it
SWEEP_RANGE = 12  # a number option is swept over its range when it holds at most this many values

Progress = Callable[[int], None]  # told how many more deals are done


def playout_seed(seed: int, deal: int, player: int) -> int:
    """The random generator's seed of one player on one deal (a fixed mix, so figures repeat)."""
    return (seed * 0x9E3779B97F4A7C15 + deal * 4 + player) % (1 << 64)


def distribution(values) -> dict:
    """Count, mean, spread and quantiles of numbers, and the values themselves, sorted."""
    vals = sorted(values)
    if not vals:
        return {"n": 0, "mean": None, "sd": None, "min": None, "median": None, "p90": None, "max": None, "values": []}
    p90 = vals[min(len(vals) - 1, math.ceil(0.9 * len(vals)) - 1)]
    return {
        "n": len(vals),
        "mean": statistics.fmean(vals),
        "sd": statistics.pstdev(vals) if len(vals) > 1 else 0.0,
        "min": vals[0],
        "median": statistics.median(vals),
        "p90": p90,
        "max": vals[-1],
        "values": vals,
    }


def by_move(counts: list) -> dict:
    """Mean and spread of the legal moves at each move number, over the games that reach it
    (while at least BY_MOVE_MIN_GAMES do, or every game when there are fewer)."""
    need = min(BY_MOVE_MIN_GAMES, max(1, len(counts)))
    out: dict = {"move": [], "mean": [], "sd": [], "games": []}
    for k in itertools.count():
        column = [c[k] for c in counts if len(c) > k]
        if len(column) < need:
            break
        out["move"].append(k + 1)
        out["mean"].append(statistics.fmean(column))
        out["sd"].append(statistics.pstdev(column) if len(column) > 1 else 0.0)
        out["games"].append(len(column))
    return out


def _player(games: list, deals: int) -> dict:
    won = sum(1 for p in games if p.won)
    lo, hi = wilson(won, deals)
    return {
        "won": won,
        "share": won / deals if deals else None,
        "wilson95": [lo, hi],
        "capped": sum(1 for p in games if p.capped),
        "stuck": sum(1 for p in games if p.stuck),
        "length": distribution(p.moves for p in games),
    }


def _solved(v, analysis, deal: int, max_states, time_limit) -> dict:
    """The solver on one deal, as ``stats`` records it (with the winning line's length)."""
    r = solve(v, deal_state(v, deal), max_states=max_states, time_limit=time_limit, analysis=analysis)
    rec = {"deal": deal, "verdict": r.verdict, "states": r.states}
    if r.verdict == "won":
        rec["moves"] = len(r.moves)
        rec["difficulty"] = r.difficulty
    return rec


def check_deals(deals: int) -> int:
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise InputError(f"--deals is a number of deals from 1 to {MAX_DEALS}, not {deals!r}")
    return deals


def analyse(
    variant,
    *,
    deals: int = DEFAULT_DEALS,
    first: int = 1,
    seed: int = 0,
    max_states: int | None = DEFAULT_STATES,
    time_limit: float | None = None,
    max_moves: int = players.MAX_MOVES,
    solver: bool = True,
    progress: Progress | None = None,
) -> dict:
    """Every figure of one variant (compiled, with its options) over ``deals`` deals from
    ``first``; see the module docstring. ``solver`` False leaves the solver's figures out."""
    check_deals(deals)
    if not 1 <= max_moves <= MAX_PLAYOUT_MOVES:
        raise InputError(f"max_moves is from 1 to {MAX_PLAYOUT_MOVES}, not {max_moves}")
    rand, greedy, solved = [], [], []
    analysis = rules_analysis(variant) if solver else None
    for deal in range(first, first + deals):
        rand.append(
            players.play_out(
                variant, deal_state(variant, deal), seed=playout_seed(seed, deal, 0), greedy=False, max_moves=max_moves
            )
        )
        greedy.append(
            players.play_out(
                variant, deal_state(variant, deal), seed=playout_seed(seed, deal, 1), greedy=True, max_moves=max_moves
            )
        )
        if solver:
            solved.append(_solved(variant, analysis, deal, max_states, time_limit))
        if progress is not None:
            progress(1)
    counts = [c for p in rand for c in p.counts]
    positions = len(counts)
    one = sum(1 for c in counts if c == 1)
    actions = sum(p.only_actions for p in rand)
    result = {
        "variant": variant.id,
        "title": variant.name,
        "options": {k: v for k, v in sorted(variant.options.items())},
        "deals": {"first": first, "count": deals},
        "seed": seed,
        "limits": {"max_states": max_states, "time_limit": time_limit, "max_moves": max_moves},
        "branching": {**distribution(counts), "by_move": by_move([p.counts for p in rand])},
        "forced": {
            "positions": positions,
            "one_move": one,
            "share": one / positions if positions else None,
            "only_actions": actions,
            "only_actions_share": actions / positions if positions else None,
        },
        "players": {"random": _player(rand, deals), "greedy": _player(greedy, deals)},
    }
    result["branching"].pop("values")  # one per position: too many to keep
    if solver:
        s = summary(solved)
        s["difficulty"] = distribution(r["difficulty"] for r in solved if r["verdict"] == "won")
        s["solution_length"] = distribution(r["moves"] for r in solved if r["verdict"] == "won")
        result["solver"] = s
    result["skill_gap"] = skill_gap(result)
    return result


def skill_gap(result: dict) -> dict:
    """The shares of deals won by the solver, greedy play and random play (each over every
    deal, so the solver's counts its unknown deals as lost), and the steps between them."""
    deals = result["deals"]["count"]
    rand = result["players"]["random"]["share"]
    greedy = result["players"]["greedy"]["share"]
    out = {"random": rand, "greedy": greedy, "solver": None, "greedy_over_random": greedy - rand}
    if "solver" in result:
        best = result["solver"]["won"] / deals
        out.update(solver=best, solver_over_greedy=best - greedy, solver_over_random=best - rand)
    return out


# -- the options sweep ------------------------------------------------------------------------


def option_values(decl) -> list | None:
    """The values a sweep tries for one declared option: its listed values, or its whole
    range when that holds at most SWEEP_RANGE numbers; None: it keeps its default."""
    if decl.values is not None:
        return list(decl.values)
    if decl.min is not None and decl.max is not None and 0 <= decl.max - decl.min < SWEEP_RANGE:
        return list(range(decl.min, decl.max + 1))
    return None


def combinations(decls, fixed: dict) -> list[dict]:
    """Every combination of the options a sweep varies (those not in ``fixed``), defaults
    first; InputError past MAX_SWEEP (say which options to fix)."""
    swept: list[tuple[str, list]] = []
    for d in decls:
        vals = None if d.name in fixed else option_values(d)
        if vals:
            swept.append((d.name, vals))
    total = 1
    for _, vals in swept:
        total *= len(vals)
    if total > MAX_SWEEP:
        names = ", ".join(f"{n} ({len(v)})" for n, v in swept)
        raise InputError(
            f"the options make {total} combinations, more than a sweep runs ({MAX_SWEEP}): {names}; "
            "fix some with --option K=V"
        )
    default = {d.name: d.default for d in decls}
    names_swept = [n for n, _ in swept]
    combos = [{**fixed, **dict(zip(names_swept, vals))} for vals in itertools.product(*(v for _, v in swept))]
    combos.sort(key=lambda c: any(c[n] != default[n] for n in names_swept))  # the defaults first (a stable sort)
    return combos


def sweep(load_variant: Callable, decls, fixed: dict, *, progress: Progress | None = None, **kw) -> list[dict]:
    """``analyse`` for every combination of the options (``load_variant(options)`` builds the
    variant of each): one result per combination, in order, each with ``swept`` naming the
    values that combination chose."""
    out = []
    for combo in combinations(decls, fixed):
        r = analyse(load_variant(combo), progress=progress, **kw)
        r["swept"] = {k: v for k, v in combo.items() if k not in fixed}
        out.append(r)
    return out
