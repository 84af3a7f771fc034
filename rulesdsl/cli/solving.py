"""The solver's commands: ``solve`` (one game), ``stats`` (a range of deals), and the deal that
``--winnable`` and ``--difficulty`` choose for ``show`` and ``play``.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core.errors import InputError, short
from ..core.files import write_text_atomic
from ..core.limits import MAX_STATES
from ..formats import numbering
from ..runners.session import hides_cards
from ..solve.solver import solve_game
from ..stats import plot, reuse, svgplot, verify
from ..stats import runner as stats
from ..stats.passes import parse_passes, render_passes, stream_passes
from ..stats.records import Seen, iter_records
from ..variant.loader import load
from .common import (
    EXIT_FAIL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    add_game_arguments,
    add_solver_limits,
    game_of,
    parse_options,
    say,
    variant_id,
)


def limits_of(args):
    if args.max_states is not None and not 1 <= args.max_states <= MAX_STATES:
        raise InputError(f"--max-states is from 1 to {MAX_STATES}")
    if args.time_limit is not None and not args.time_limit > 0:
        raise InputError("--time-limit is a number of seconds above 0")
    return {"max_states": args.max_states, "time_limit": args.time_limit}


def cmd_solve(args) -> int:
    g = game_of(args)
    r = solve_game(g, optimize=getattr(args, "optimize", True), beam=getattr(args, "beam", True), **limits_of(args))
    if args.json:
        print(json.dumps(r.to_json(), indent=2))
        return EXIT_OK
    what = {
        "won": f"won in {len(r.moves)} move(s)",
        "unwinnable": "unwinnable (the search was exhaustive)",
        "unknown": f"unknown: the {r.limit} limit stopped the search",
    }[r.verdict]
    print(f"# {what}; {r.states} state(s) in {r.seconds:.2f} s")  # no comma: replay splits at commas
    if hides_cards(g):
        print("# the solver sees face-down cards (the thoughtful game)")
    for m in r.moves:
        print(m)
    return EXIT_OK


def cmd_stats(args) -> int:
    options = parse_options(args.option)
    load(args.variant, options)  # bad variant or option: exit 2 now
    if args.verify:
        return verify_stats(args, options)
    if args.deals is None:
        raise InputError("stats needs --deals A-B (or --verify FILE.jsonl)")
    deals = stats.parse_range(args.deals)
    limits = limits_of(args)
    passes = parse_passes(args.passes) if args.passes else None
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs takes a number of processes, 1 or more")
    if args.resume and not args.out:
        raise InputError("--resume needs --out FILE.jsonl")
    if args.chunk is not None and not 1 <= args.chunk <= stats.MAX_CHUNK_OPTION:
        raise InputError(f"--chunk takes a number of deals per task, 1 to {stats.MAX_CHUNK_OPTION}")
    if args.cluster and not (
        args.cluster.startswith(("tcp://", "tls://", "ucx://", "inproc://"))
        or (args.cluster.startswith("local:") and args.cluster[6:].isdigit() and int(args.cluster[6:]) >= 1)
    ):
        raise InputError(f"--cluster takes tcp://HOST:PORT or local:N, not {short(args.cluster)!r}")
    if args.plot:
        svgplot.pyplot()  # without the plot extra: say so now, not after the run
    tag = run_tag(args.variant, options)
    if not args.beam:
        tag["beam"] = False  # every record says how it was searched
    settled = reused_records(args, options, deals, tag) if args.reuse else None
    try:
        summaries, tally = stream_passes(
            args.variant,
            options,
            deals,
            passes,
            settled=settled,
            jobs=args.jobs,
            out_path=args.out,
            resume=args.resume,
            cluster=args.cluster,
            tag=tag,
            chunk=args.chunk,
            say=say,
            beam=args.beam,
            **limits,
        )
    except stats.Interrupted as exc:
        say(f"interrupted after {exc.done} of {exc.total} deal(s)")
        if args.out:
            say(f"{args.out} holds them: the same command with --resume continues from there")
        else:
            say("nothing was kept: give --out FILE.jsonl to keep every deal as it finishes")
        return EXIT_INTERRUPTED
    except RuntimeError as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"{args.out}: {exc.strerror or exc}") from None
    if args.plot:
        title = f"{variant_id(args.variant)}: deals {args.deals}"
        write_plot(args.plot, plot.figure(summaries, tally.difficulty, title))
    if args.json:
        out = tally.summary()
        if passes is not None:
            out["passes"] = summaries
        print(json.dumps(out, indent=2))
    else:
        print(render_passes(summaries))
    return EXIT_OK


# -- stats --verify, --reuse and --plot (stats/verify.py, stats/reuse.py, stats/plot.py) ---------


def run_tag(variant: str, options: dict) -> dict:
    """The fields every record of a run carries: the variant, its text's digest, how its
    deals are dealt, the options given."""
    v = load(variant, options)
    tag: dict = {"variant": variant_id(variant), "digest": verify.variant_digest(variant), "dealt": verify.dealt_of(v)}
    if options:
        tag["options"] = options
    return tag


def reused_records(args, options: dict, deals, tag: dict):
    """--reuse: the deals the file settles, yielded as they are read and written to --out in
    batches (once: not again on --resume); the count is said once they are all read."""
    rel, recs = reuse.stream(args.variant, options, args.reuse, deals, warn=say)
    first = {"pass": 1, "time_limit": parse_passes(args.passes)[0]} if args.passes else {}
    have = Seen(deals)
    if args.out and args.resume:
        for r in iter_records(args.out):
            if "reused" in r:
                have.add(r["deal"])
    batch: list = []
    count = 0
    for r in recs:
        rec = {**tag, **first, **r}
        count += 1
        if rec["deal"] not in have:
            batch.append(rec)
        if len(batch) >= 1000:
            _append(args.out, batch)
            batch = []
        yield rec
    _append(args.out, batch)
    how = "the same rules" if rel == reuse.SAME else f"rules {rel} than these"
    say(f"--reuse: {count} deal(s) settled by {args.reuse} ({how})")


def _append(out, batch: list) -> None:
    if not out or not batch:
        return
    try:
        reuse.append(out, batch)
    except OSError as exc:
        raise InputError(f"{out}: {exc.strerror or exc}") from None


def verify_stats(args, options: dict) -> int:
    """--verify FILE.jsonl: every won record's line replayed by the engine alone."""
    if args.deals or args.passes or args.reuse or args.out or args.resume or args.cluster or args.plot or options:
        raise InputError(
            "--verify reads the deals and options from the file: it takes no --deals, "
            "--option, --passes, --reuse, --out, --resume, --cluster or --plot"
        )
    report = verify.verify_file(args.variant, args.verify, warn=say)
    print(json.dumps(report.to_json(), indent=2) if args.json else verify.render(report))
    return EXIT_OK if report.ok else EXIT_FAIL


def write_plot(path: str, svg: str) -> None:
    try:
        write_text_atomic(path, svg)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the picture: {exc.strerror or exc}") from None


def choose_deal(args):
    """--winnable / --difficulty: the deal to play, found by the solver (said on stderr)."""
    if not (getattr(args, "winnable", False) or getattr(args, "difficulty", None)):
        return
    if args.position is not None:
        raise InputError("--winnable and --difficulty choose a deal: they do not take --position")
    options = parse_options(args.option)
    v = load(args.variant, options)
    numbered = getattr(v, "numbering", None) is not None
    if not numbered and args.deal is not None:
        raise InputError(f"{v.id} declares no numbering: give --seed N")
    by_seed = numbered and args.seed is not None  # a numbered variant's seeds: the seeded shuffle
    start = args.seed if args.seed is not None else 1
    if args.deal is not None:
        start, ms = numbering.parse_deal(args.deal, v.numbering.scheme)
        if ms and v.numbering.scheme != "ms":
            raise InputError("--winnable counts the variant's own deal numbers, not ms numbers")
    try:
        deal, rec = stats.find_winnable(
            args.variant, options, start, difficulty=args.difficulty, by_seed=by_seed, say=say
        )
    except LookupError as exc:
        raise InputError(str(exc)) from None
    except KeyboardInterrupt:
        say("interrupted: the deals solved so far are cached, and the next run starts from them")
        raise
    level = f" ({args.difficulty}: {rec['difficulty']} states to the first win)" if args.difficulty else ""
    word = "deal" if numbered and not by_seed else "seed"
    print(f"rulesdsl: {word} {deal}, won by the solver{level}", file=sys.stderr)
    if word == "deal":
        args.deal, args.seed = str(deal), None
    else:
        args.seed = deal


def add_solve(sub) -> None:
    """The solve command's arguments."""
    s = sub.add_parser(
        "solve",
        help="search for a win; print the winning line (notation, one move per line)",
        epilog="verdicts: won (with the line; lines starting with # are comments that replay "
        "skips), unwinnable (exhaustive search), unknown (a limit stopped it). "
        "exit codes: 0 a verdict, 2 bad input",
    )
    add_game_arguments(s)
    add_solver_limits(s)
    s.add_argument("--json", action="store_true", help='print {"verdict", "moves", "states", "seconds"}')
    s.add_argument(
        "--optimize",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="shorten a winning line: cut loops, take shortcuts (default on; --no-optimize: the search's own line)",
    )
    s.add_argument(
        "--beam",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with --time-limit, give the last quarter of it to the win finder on a deal the search "
        "leaves undecided (default on; --no-beam: the search alone, with the whole limit)",
    )
    s.set_defaults(fn=cmd_solve)


def add_stats(sub) -> None:
    """The stats command's arguments."""
    s = sub.add_parser(
        "stats",
        help="solve every deal of a range; the winnable share",
        epilog="exit codes: 0 done, 1 --verify found a line that does not win, 2 bad input",
    )
    s.add_argument("variant", help="a variant name or a path to a .yaml file")
    s.add_argument(
        "--deals",
        metavar="A-B",
        help="the deals to solve, A to B: the variant's deal numbers "
        "when it declares a numbering (Microsoft FreeCell, PySol), else seeds",
    )
    s.add_argument("--option", "-o", action="append", metavar="K=V", help="an option value (repeatable)")
    s.add_argument("--jobs", type=int, default=None, metavar="N", help="processes (default: every core)")
    add_solver_limits(s, time_default=10.0)
    s.add_argument("--out", metavar="FILE.jsonl", help="append one JSON line per deal as it finishes")
    s.add_argument("--resume", action="store_true", help="skip the deals already in --out")
    s.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="tcp://HOST:PORT (a Dask scheduler) or local:N "
        "(a local Dask cluster of N processes); needs rulesdsl[cluster]",
    )
    s.add_argument(
        "--chunk",
        type=int,
        metavar="N",
        help="deals per task (default: sized for about 5 s of work from the rate measured so far, "
        "at most 1000): an interruption loses at most the chunks in flight",
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument(
        "--beam",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="give the last quarter of each deal's time to the win finder when the search leaves it "
        "undecided (default on; --no-beam: the search alone, with the whole limit)",
    )
    add_stats_study(s)
    s.set_defaults(fn=cmd_stats)


def add_stats_study(s) -> None:
    """stats' arguments for a winnability study: passes, reuse, verify, plot (docs/solver.md)."""
    s.add_argument(
        "--passes",
        metavar="S1,S2,...",
        help="time limits in seconds, rising: every deal at the first, the deals still unknown at the next, ...",
    )
    s.add_argument(
        "--reuse",
        metavar="FILE.jsonl",
        help="settle deals by the verdicts of a run under stricter or looser options "
        "(only options the variant orders: loosest_first)",
    )
    s.add_argument(
        "--verify",
        metavar="FILE.jsonl",
        help="replay every won record's line with the engine alone; exit 1 when one does not win",
    )
    s.add_argument(
        "--plot", metavar="FILE.svg", help="draw the winnable share per pass and the difficulty (rulesdsl[plot])"
    )
