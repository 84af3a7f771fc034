"""``rulesdsl analyse``: a variant's figures from random play, greedy play and the solver over
N deals (stats/analyse.py), as text, JSON or SVG; ``--sweep`` over every option combination,
``--compare`` beside another variant or option set.

Every argument is checked before the long run starts (a plot's folder, the plot extra), so a
mistake costs nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..core.errors import InputError, short
from ..core.files import write_text_atomic
from ..core.limits import MAX_PLAYOUT_MOVES, MAX_STATES
from ..stats import analyse as an
from ..stats import analyse_plots, analyse_text, players, svgplot
from ..variant import registry
from ..variant.loader import load
from .common import EXIT_INTERRUPTED, EXIT_OK, parse_options, say


def _other(args, options: dict) -> tuple[str, dict]:
    """--compare OTHER: (variant, options) of a variant name or file, or of this variant with
    the option values ``K=V[,K=V...]`` over its own."""
    other = args.compare
    if other.endswith((".yaml", ".yml")) or registry.find_variant(other) is not None or "=" not in other:
        return registry.canonical(other), {}
    return args.variant, {**options, **parse_options(part for part in other.split(",") if part.strip())}


def _check_plot(path: str | None) -> None:
    if path is None:
        return
    folder = Path(path).parent
    if not folder.is_dir():
        raise InputError(f"--plot {short(path)}: the folder {short(str(folder))} does not exist")
    if Path(path).is_dir():
        raise InputError(f"--plot {short(path)} is a folder: give a file name such as figures.svg")
    svgplot.pyplot()  # without the plot extra: say so now, not after the run


def _limits(args) -> dict:
    if args.max_states is not None and not 1 <= args.max_states <= MAX_STATES:
        raise InputError(f"--max-states is from 1 to {MAX_STATES}")
    if args.time_limit is not None and not args.time_limit > 0:
        raise InputError("--time-limit is a number of seconds above 0")
    if not 1 <= args.max_moves <= MAX_PLAYOUT_MOVES:
        raise InputError(f"--max-moves is from 1 to {MAX_PLAYOUT_MOVES}")
    if args.first < 0:
        raise InputError("--first is a deal number, 0 or more")
    if args.seed < 0:
        raise InputError("--seed is a whole number, 0 or more")
    states = an.DEFAULT_STATES if args.max_states is None else args.max_states
    return {
        "deals": an.check_deals(args.deals),
        "first": args.first,
        "seed": args.seed,
        "max_states": states,
        "time_limit": args.time_limit,
        "max_moves": args.max_moves,
    }


class _Bar:
    """A tqdm progress bar on a terminal (nothing otherwise), told deals as they finish."""

    def __init__(self, total: int):
        self.bar = None
        if sys.stderr.isatty():
            try:
                from tqdm import tqdm  # measured: only on a terminal
            except ImportError:
                return
            self.bar = tqdm(total=total, unit="deal", file=sys.stderr)

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def cmd_analyse(args) -> int:
    options = parse_options(args.option)
    kw = _limits(args)
    if args.sweep and args.compare:
        raise InputError("give --sweep or --compare, not both")
    _check_plot(args.plot)
    v = load(args.variant, options)  # a bad variant or option: exit 2 now
    other = None
    if args.compare:
        name, opts = _other(args, options)
        other = load(name, opts)
    combos = an.combinations(v.option_decls, options) if args.sweep else None
    runs = len(combos) if combos is not None else 2 if other is not None else 1
    bar = _Bar(runs * kw["deals"])
    try:
        if combos is not None:
            results = an.sweep(lambda o: load(args.variant, o), v.option_decls, options, progress=bar, **kw)
        else:
            results = [an.analyse(v, progress=bar, **kw)]
            if other is not None:
                results.append(an.analyse(other, progress=bar, **kw))
    except KeyboardInterrupt:
        say("interrupted: nothing was measured (a smaller --deals is quicker)")
        return EXIT_INTERRUPTED
    finally:
        bar.close()
    _print(args, results)
    if args.plot:
        _plot(args, results)
    return EXIT_OK


def _print(args, results: list) -> None:
    if args.json:
        data = {"sweep": results} if args.sweep else {"compare": results} if args.compare else results[0]
        print(json.dumps(data, indent=2))
    elif args.sweep:
        print(analyse_text.render_sweep(results))
    elif args.compare:
        print(analyse_text.render_compare(*results))
    else:
        print(analyse_text.render(results[0]))


def _plot(args, results: list) -> None:
    text = analyse_plots.sweep_svg(results) if args.sweep else analyse_plots.report_svg(results)
    try:
        write_text_atomic(args.plot, text)
    except OSError as exc:
        raise InputError(f"{args.plot}: cannot write the picture: {getattr(exc, 'strerror', None) or exc}") from None
    say(f"wrote {args.plot}")


def add_analyse(sub) -> None:
    """The analyse command's arguments."""
    s = sub.add_parser(
        "analyse",
        help="measure a variant: branching, forced moves, random and greedy play, the solver's winnable share",
        epilog="the same arguments give the same figures (seeded; the solver is limited by states). "
        "exit codes: 0 done, 2 bad input, 130 interrupted",
    )
    s.add_argument("variant", help="a variant name or a path to a .yaml file")
    s.add_argument("--option", "-o", action="append", metavar="K=V", help="an option value (repeatable)")
    s.add_argument(
        "--deals", type=int, default=an.DEFAULT_DEALS, metavar="N", help=f"deals (default {an.DEFAULT_DEALS})"
    )
    s.add_argument("--first", type=int, default=1, metavar="D", help="the first deal number (default 1)")
    s.add_argument("--seed", type=int, default=0, metavar="S", help="the random and greedy players' seed (default 0)")
    s.add_argument(
        "--max-states",
        type=int,
        default=None,
        metavar="N",
        help=f"positions the solver may keep per deal (default {an.DEFAULT_STATES:,})",
    )
    s.add_argument(
        "--time-limit", type=float, default=None, metavar="S", help="seconds per deal for the solver (default none)"
    )
    s.add_argument(
        "--max-moves",
        type=int,
        default=players.MAX_MOVES,
        metavar="N",
        help=f"moves per random or greedy game before it is stopped (default {players.MAX_MOVES})",
    )
    s.add_argument("--json", action="store_true", help="print every figure as JSON")
    s.add_argument("--plot", metavar="FILE.svg", help="draw the figures (or the sweep) as SVG; needs rulesdsl[plot]")
    s.add_argument("--sweep", action="store_true", help="every combination of the variant's options, one line each")
    s.add_argument(
        "--compare",
        metavar="OTHER",
        help="side by side with another variant (a name or file) or option values of this one (K=V[,K=V])",
    )
    s.set_defaults(fn=cmd_analyse)
