"""The ``rulesdsl`` command: list, check, schema, show, moves, replay, svg, play, explain.

Exit codes: 0 success; 1 the thing checked failed (invalid file, illegal move in a
replay); 2 bad input (unknown variant, bad option, unreadable position or move file,
bad arguments); 130 interrupted (Ctrl-C); 70 an internal error (a bug in rulesdsl: an
InternalError, or anything raised that is not a RulesdslError). Errors go to standard error as
one clear message, never a traceback (set RULESDSL_TRACEBACK=1 to see the traceback of an
internal error).
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .core import limits
from .core.errors import (
    IllegalMoveError,
    InputError,
    InternalError,
    MoveError,
    PositionError,
    RulesdslError,
    RulesError,
    short,
)
from .core.files import read_text, write_text_atomic
from .core.limits import MAX_CHECK_SOLVE, MAX_MOVES_BYTES, MAX_POSITION_BYTES, MAX_SOLVE_SECONDS, MAX_STATES
from .engine import codegen, genapply
from .engine.deal import MAX_SEED
from .formats import fcs, numbering, position, svg
from .formats.describe import rules_text
from .play.game import Game
from .runners.render import render
from .runners.session import hides_cards
from .runners.text import run
from .solve import stats
from .solve.solver import solve_game
from .variant import loader, registry
from .variant.schema import json_schema

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 70
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT
TRACEBACK_ENV = "RULESDSL_TRACEBACK"  # set to 1 to see the traceback of an internal error

__all__ = ["EXIT_FAIL", "EXIT_INPUT", "EXIT_INTERNAL", "EXIT_OK", "InputError", "main", "parser"]


def _options(pairs) -> dict:
    out = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option expects KEY=VALUE, got {short(item)!r}")
        out[key.strip()] = value.strip()
    return out


def _read(path: str, what: str) -> str:
    """A position, save or move list: a regular UTF-8 file under its cap (files.py)."""
    return read_text(path, MAX_POSITION_BYTES if what == "position" else MAX_MOVES_BYTES, what)


def _game(args):
    """The game the arguments describe: a variant with options, and a seed or a position file."""
    options = _options(getattr(args, "option", None))
    data = None
    path = getattr(args, "position", None)
    if path is not None:
        text = _read(path, "position") if path else ""
        if not text.strip():
            raise InputError(f"{path or '--position'}: the position file is empty")
        if text.lstrip()[:1] in "{[":
            try:
                data = position.parse_json(text)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{exc.lineno}:{exc.colno}: bad JSON: {exc.msg}") from None
            except PositionError as exc:
                raise InputError(f"{path}: bad JSON: {exc}") from None
            except RecursionError:
                raise InputError(f"{path}: bad JSON: nested too deeply") from None
            if isinstance(data, dict) and isinstance(data.get("options"), dict):
                options = {**{k: v for k, v in data["options"].items()}, **options}
        else:
            data = text
    named = data.get("variant") if isinstance(data, dict) else None
    if named is not None and named != _variant_id(args.variant):
        raise InputError(
            f"{path}: this position is for '{short(named)}', "
            f"not '{short(_variant_id(args.variant))}', the variant asked for"
        )
    deal = getattr(args, "deal", None)
    if deal is not None and path is not None:
        raise InputError("give --deal or --position, not both")
    seed = getattr(args, "seed", None)
    if deal is not None and seed is not None:
        raise InputError("give --deal (a published deal number) or --seed (rulesdsl's own shuffle), not both")
    if path is not None and seed is not None:
        raise InputError("give --position or --seed, not both: a position file holds its own deal")
    try:
        variant = loader.load(args.variant, options)
        if deal is not None:
            return variant.numbered_game(deal)
        if data is None:
            return variant.new_game(1 if seed is None else seed)
        if isinstance(data, dict) and data.get("format") == "rulesdsl-save/1":
            return Game.load_save(variant, data)
        return Game.from_position(variant, data)
    except PositionError as exc:
        raise InputError(f"{path}: {exc}") from None


def _variant_id(name: str) -> str:
    if name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name:
        return Path(name).stem
    return registry.canonical(name)


def _split_moves(text: str) -> list[str]:
    return [m for _, m in _moves_by_line(text)]


def _moves_by_line(text: str) -> list[tuple[int, str]]:
    """(line number, move) for each move of a list: one per line or comma-separated; # comments."""
    out = []
    for number, whole in enumerate(text.splitlines(), 1):
        for line in whole.split(","):
            line = line.split("#", 1)[0].strip() if not line.strip().startswith("#") else ""
            if line:
                out.append((number, line))
    return out


# -- commands -----------------------------------------------------------------------


def describe_all() -> list[tuple]:
    """(name, description, options, error) for every shipped variant; a variant that does
    not load has its first error as text and the rest empty."""
    out: list[tuple] = []
    for name in registry.names():
        try:
            v = loader.load(name)
            out.append((name, v.description, [o.describe() for o in v.option_decls], None))
        except RulesError as exc:
            out.append((name, "", [], exc.first.render().splitlines()[0]))
        except Exception as exc:  # one broken file never hides the others
            out.append(
                (
                    name,
                    "",
                    [],
                    f"{registry.variants_dir() / (name + '.yaml')}: cannot be loaded "
                    f"({type(exc).__name__}; please report this)",
                )
            )
    return out


def cmd_list(args) -> int:
    rows = describe_all()
    if args.word is not None:
        word = args.word.casefold()
        rows = [r for r in rows if word in r[0].casefold() or word in r[1].casefold()]
        if not rows:
            print(f"rulesdsl: no variant's name or description holds {short(args.word)!r}", file=sys.stderr)
            return EXIT_FAIL
    if args.json:
        print(json.dumps([{"name": n, "description": d, "options": o, "error": e} for n, d, o, e in rows], indent=2))
        return EXIT_OK
    for name, desc, opts, error in rows:
        print(f"{name:12} {desc if not error else 'BROKEN: ' + error}")
        for o in opts:
            print(f"{'':12}   --option {o}")
    return EXIT_OK


def cmd_check(args) -> int:
    # Imported here, for start-up time: validate.py is only for this command, and importing it
    # adds about 5% to every other command's start (22 ms of 480, medians of 25 runs of
    # `python -c "import rulesdsl.validate"` against `import rulesdsl` on a busy machine).
    from .validation.validate import check_paths

    if args.play < 0:
        raise InputError("--play takes a number of playouts, 0 or more")
    if not 0 <= args.solve <= MAX_CHECK_SOLVE:
        raise InputError(f"--solve takes a number of deals from 0 to {MAX_CHECK_SOLVE}")
    if not 0 < args.solve_seconds <= MAX_SOLVE_SECONDS:
        raise InputError(f"--solve-seconds takes a number of seconds above 0 and at most {MAX_SOLVE_SECONDS}")
    notes: list = []
    diags = check_paths(
        [f if os.path.exists(f) else str(registry.find_variant(f) or f) for f in args.files],  # golf: its file
        play=args.play,
        strict=args.strict,
        options=_options(args.option) or None,
        solve=args.solve,
        solve_seconds=args.solve_seconds,
        notes=notes,
    )
    for n in notes:
        print(n, file=sys.stderr)
    errors = [d for d in diags if d.severity == "error"]
    warnings = [d for d in diags if d.severity != "error"]
    if args.json:
        print(json.dumps([d.to_json() for d in diags], indent=2))
    else:
        for d in diags:
            print(d.render(), file=sys.stderr)
        status = (
            "failed" if errors else "failed (--strict: warnings count as errors)" if args.strict and warnings else "ok"
        )
        print(
            f"{len(args.files)} file(s) checked: {len(errors)} error(s), {len(warnings)} warning(s): {status}",
            file=sys.stderr,
        )
    if errors or (args.strict and warnings):
        return EXIT_FAIL
    return EXIT_OK


def cmd_schema(args) -> int:
    print(json.dumps(json_schema(), indent=2))
    return EXIT_OK


def cmd_rules(args) -> int:
    """The author's rules text, then the rules generated from the compiled file (describe.py)."""
    print(rules_text(loader.load(args.variant, _options(args.option))))
    return EXIT_OK


def cmd_show(args) -> int:
    _choose_deal(args)
    g = _game(args)
    if args.format == "fcs":
        print(fcs.to_text(g.variant, g.state), end="")
        return EXIT_OK
    if args.json or args.format == "json":
        out = g.position(reveal=args.reveal)
        out.update(won=g.won, over=g.over, score=g.score)
        print(json.dumps(out, indent=2))
    else:
        print(render(g, reveal=args.reveal, color=False, width=args.width))
    return EXIT_OK


def _play_after(g, after):
    if not after:
        return
    text = after
    try:
        is_file = os.path.lexists(after) and "\n" not in after
    except (OSError, ValueError):
        is_file = False
    if is_file:  # a path that exists: read it (a FIFO or device is refused)
        text = _read(after, "move list")
    for i, (line, m) in enumerate(_moves_by_line(text), 1):
        try:
            g.play(m)
        except MoveError as exc:
            where = f"{after}:{line}" if is_file else "--after"
            raise InputError(f"{where}: move {i} ({short(m)}): {exc}") from None


def cmd_explain(args) -> int:
    variant = loader.load(args.variant, _options(args.option))
    if args.generated:
        print(codegen.source(variant), end="")
        print("\n\n# ---- apply and undo, generated by rulesdsl/genapply.py ----")
        if genapply.reference_only(variant):
            print("# (not used: this variant's rules are played by moves.py's apply and undo)")
        print(genapply.source(variant), end="")
        return EXIT_OK
    print(explain_text(variant), end="")
    return EXIT_OK


def explain_text(v) -> str:
    """A short summary of the compiled variant: its options, piles, actions, removals and
    follow-ups, and which engine lists its moves."""
    lines = [f"{v.name} ({v.id})"]
    if v.options:
        lines.append("options: " + ", ".join(f"{k}={val}" for k, val in v.options.items()))
    lines.append("piles (global numbers):")
    for name, g in v.layout.groups.items():
        r = v.groups[name]
        first, last = g.piles[0], g.piles[-1]
        span = f"{first}" if first == last else f"{first}-{last}"
        takes = [k for k, fn in (("accept", r.accept), ("accept_empty", r.accept_empty)) if fn is not None]
        extra = f", capacity {r.capacity}" if r.capacity is not None else ""
        extra += ", interchangeable" if r.interchangeable else ""
        lines.append(
            f"  {name}: {len(g.piles)} pile(s) {span}, {r.role.value}, lift {r.lift}, "
            f"takes by {' and '.join(takes) or 'nothing'}{extra}"
        )
    for a in v.actions:
        lines.append(f"action {a.name}: {a.kind.value} from pile {a.source} to {', '.join(map(str, a.targets))}")
    for rm in v.removals:
        lines.append(f"removal {rm.name}: {rm.cards} card(s) to pile {rm.dest}")
    for auto in v.autos:
        lines.append(f"follow-up: {auto.kind.value} on pile(s) {', '.join(map(str, auto.piles))}")
    engine = "generated (codegen.py)" if codegen.unrolled(v) else "generated (codegen.py, loop mode: many piles)"
    lines.append(f"move generator: {engine}; print it with --generated")
    return "\n".join(lines) + "\n"


def cmd_moves(args) -> int:
    g = _game(args)
    _play_after(g, args.after)
    moves = g.legal_moves()
    text = g.move_text
    if args.notation == "fcs":
        if g.variant.numbering is None:
            raise InputError(f"{g.variant.id} declares no numbering, so it has no fc-solve notation")
        text = lambda m: fcs.move_text(g.variant, g.state, m, moves) or f"({g.move_text(m)}: no fc-solve notation)"
    if args.json:
        out = [g.move_json(m) for m in moves]
        if args.notation == "fcs":
            for m, d in zip(moves, out):
                d["fcs"] = fcs.move_text(g.variant, g.state, m, moves)
        print(json.dumps(out, indent=2))
    else:
        for i, m in enumerate(moves, 1):
            print(f"{i:3}. {text(m)}")
        if not moves:
            print("no legal move" + (" (won)" if g.won else ""))
    return EXIT_OK


def cmd_replay(args) -> int:
    g = _game(args)
    text = _read(args.moves, "move list")
    verdict = fcs.no_solution(text)
    if verdict is not None:
        raise InputError(f"{args.moves}: the file holds no solution (fc-solve's output says {verdict!r})")
    failed = None
    notation = args.notation
    if notation == "auto":
        notation = "fcs" if g.variant.numbering is not None and fcs.looks_like_solution(text) else "rulesdsl"
    if notation == "fcs":
        if g.variant.numbering is None:
            raise InputError(f"{g.variant.id} declares no numbering, so it has no fc-solve moves")
        try:
            fmoves = fcs.read_solution(text)
        except MoveError as exc:
            raise InputError(f"{args.moves}: {exc}") from None
        for i, fm in enumerate(fmoves, 1):
            try:
                for m in fcs.expand(g, fm):
                    g.play(m)
            except MoveError as exc:
                failed = (i, f"{fm.text} (line {fm.line})", str(exc))
                break
    else:
        for i, m in enumerate(_split_moves(text), 1):
            try:
                g.play(m)
            except MoveError as exc:
                failed = (i, short(m), str(exc))
                break
    result = {"played": g.ply, "won": g.won, "over": g.over, "score": g.score}
    if failed:
        result.update(illegal={"number": failed[0], "move": failed[1], "reason": failed[2]})
    if args.json:
        result["position"] = g.position(reveal=True)
        print(json.dumps(result, indent=2))
    else:
        if failed:
            print(f"move {failed[0]} ({failed[1]}) is illegal: {failed[2]}")
        print(
            f"played {result['played']} move(s); won: {'yes' if g.won else 'no'}; "
            f"over: {'yes' if g.over else 'no'}; score: {g.score}"
        )
    return EXIT_FAIL if failed else EXIT_OK


def cmd_svg(args) -> int:
    """The position as one SVG picture, the last move played (if any) framed."""
    g = _game(args)
    after = args.after
    try:
        is_file = bool(after) and os.path.lexists(after)
    except (OSError, ValueError):
        is_file = False
    _play_after(g, after if is_file or not after else after.replace(";", ","))
    history = g.history if g.ply else []
    text = svg.position(g, history[-1] if history else None)
    if args.output is None or args.output == "-":
        out = getattr(sys.stdout, "buffer", None)  # UTF-8, as the XML declaration says, whatever the locale
        if out is not None:
            sys.stdout.flush()
            out.write(text.encode("utf-8"))
            out.flush()
        else:
            sys.stdout.write(text)
        return EXIT_OK
    try:
        write_text_atomic(args.output, text)
    except (OSError, ValueError) as exc:
        raise InputError(f"{args.output}: cannot write the picture: {getattr(exc, 'strerror', None) or exc}") from None
    return EXIT_OK


def cmd_play(args) -> int:
    _choose_deal(args)
    g = _game(args)
    return run(g, sys.stdin, sys.stdout, width=args.width)


def _limits(args):
    if args.max_states is not None and not 1 <= args.max_states <= MAX_STATES:
        raise InputError(f"--max-states is from 1 to {MAX_STATES}")
    if args.time_limit is not None and not args.time_limit > 0:
        raise InputError("--time-limit is a number of seconds above 0")
    return {"max_states": args.max_states, "time_limit": args.time_limit}


def cmd_solve(args) -> int:
    g = _game(args)
    r = solve_game(g, **_limits(args))
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
    options = _options(args.option)
    loader.load(args.variant, options)  # bad variant or option: exit 2 now
    deals = stats.parse_range(args.deals)
    limits = _limits(args)
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs takes a number of processes, 1 or more")
    if args.resume and not args.out:
        raise InputError("--resume needs --out FILE.jsonl")
    if args.cluster and not (
        args.cluster.startswith(("tcp://", "tls://", "ucx://", "inproc://"))
        or (args.cluster.startswith("local:") and args.cluster[6:].isdigit() and int(args.cluster[6:]) >= 1)
    ):
        raise InputError(f"--cluster takes tcp://HOST:PORT or local:N, not {short(args.cluster)!r}")
    tag: dict = {"variant": _variant_id(args.variant)}
    if options:
        tag["options"] = options
    try:
        records = stats.run(
            args.variant,
            options,
            deals,
            jobs=args.jobs,
            out_path=args.out,
            resume=args.resume,
            cluster=args.cluster,
            tag=tag,
            **limits,
        )
    except stats.Interrupted as exc:
        _say(f"interrupted after {exc.done} of {exc.total} deal(s)")
        if args.out:
            _say(f"{args.out} holds them: the same command with --resume continues from there")
        else:
            _say("nothing was kept: give --out FILE.jsonl to keep every deal as it finishes")
        return EXIT_INTERRUPTED
    except RuntimeError as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"{args.out}: {exc.strerror or exc}") from None
    s = stats.summary(records)
    if args.json:
        print(json.dumps(s, indent=2))
    else:
        print(stats.render_summary(s))
    return EXIT_OK


def _choose_deal(args):
    """--winnable / --difficulty: the deal to play, found by the solver (said on stderr)."""
    if not (getattr(args, "winnable", False) or getattr(args, "difficulty", None)):
        return
    if args.position is not None:
        raise InputError("--winnable and --difficulty choose a deal: they do not take --position")
    options = _options(args.option)
    v = loader.load(args.variant, options)
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
            args.variant, options, start, difficulty=args.difficulty, by_seed=by_seed, say=_say
        )
    except LookupError as exc:
        raise InputError(str(exc)) from None
    except KeyboardInterrupt:
        _say("interrupted: the deals solved so far are cached, and the next run starts from them")
        raise
    level = f" ({args.difficulty}: {rec['difficulty']} states to the first win)" if args.difficulty else ""
    word = "deal" if numbered and not by_seed else "seed"
    print(f"rulesdsl: {word} {deal}, won by the solver{level}", file=sys.stderr)
    if word == "deal":
        args.deal, args.seed = str(deal), None
    else:
        args.seed = deal


def _say(text: str) -> None:
    print(f"rulesdsl: {text}", file=sys.stderr)


def _solver_limits(p, time_default=None):
    p.add_argument(
        "--time-limit",
        type=float,
        default=time_default,
        metavar="S",
        help="stop after S seconds (verdict unknown)" + (f" (default {time_default})" if time_default else ""),
    )
    p.add_argument(
        "--max-states",
        type=int,
        default=None,
        metavar="N",
        help="keep at most N positions in the table (default 1,000,000; verdict unknown when full)",
    )


def _common(p, seed=True, short_option=True):
    p.add_argument("variant", help="a variant name (see 'rulesdsl list') or a path to a .yaml file")
    if seed:
        p.add_argument("--seed", type=_seed, default=None, help="rulesdsl's own shuffle, numbered from 0 (default 1)")
    flags = ("--option", "-o") if short_option else ("--option",)
    p.add_argument(*flags, action="append", metavar="K=V", help="an option value (repeatable)")
    p.add_argument(
        "--position",
        metavar="FILE",
        help="start from a position (JSON, or compact text; see docs/positions.md) instead of a seed",
    )
    p.add_argument(
        "--deal",
        metavar="N",
        type=_deal_text,
        help="deal number N of the variant's numbering: Microsoft FreeCell or PySol "
        "(docs/interop.md); ms617 forces the Microsoft generator",
    )


def _winnable(p):
    p.add_argument(
        "--winnable",
        action="store_true",
        help="deal only a deal the solver has won: the first from --seed (or --deal) on",
    )
    p.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard"),
        help="a winnable deal from this third of the won deals, ranked by the states the solver needs to "
        "win (the first time, about 30 won deals are solved and cached to place the thirds)",
    )


def _width(p):
    p.add_argument(
        "--width",
        type=_board_width,
        default=None,
        metavar="COLUMNS",
        help="draw the board this many columns wide at most (default: the terminal's width, or $COLUMNS)",
    )


def _board_width(text):
    low, high = limits.MIN_BOARD_WIDTH, limits.MAX_BOARD_WIDTH
    if not (text.isascii() and text.isdigit()) or not low <= int(text[:6]) <= high:
        raise argparse.ArgumentTypeError(f"the width is a number of columns from {low} to {high}, not {short(text)!r}")
    return int(text)


def _deal_text(text):
    if len(text) > 40 or not text.strip():
        raise argparse.ArgumentTypeError(f"a deal number is a whole number like 617 or ms617, not {short(text, 20)!r}")
    return text


def _seed(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {short(text)!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to {MAX_SEED}")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rulesdsl",
        description="Declare, check and play patience games.",
        epilog="exit codes: 0 ok, 1 check failed or illegal move, 2 bad input, 70 internal error",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("list", help="every variant with its description and options")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("word", nargs="?", help="only the variants whose name or description holds this word (any case)")
    s.set_defaults(fn=cmd_list)

    s = sub.add_parser(
        "check",
        help="validate variant files (exit 0 only when all are valid)",
        epilog="exit codes: 0 valid, 1 errors (or warnings with --strict), 2 bad arguments",
    )
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument(
        "--play",
        type=int,
        default=3,
        metavar="N",
        help="random playouts per option combination to run (default 3; 0 for static checks only)",
    )
    s.add_argument(
        "--solve",
        type=int,
        default=0,
        metavar="N",
        help="ask the solver about deals 1..N and say how many it won (default 0: off); an error "
        "(V901) only when none is winnable and every search was exhaustive",
    )
    s.add_argument(
        "--solve-seconds",
        type=float,
        default=2.0,
        metavar="S",
        help="seconds the solver spends on each deal of --solve (default 2)",
    )
    s.add_argument("--strict", action="store_true", help="fail on warnings too")
    s.add_argument(
        "--option",
        "-o",
        action="append",
        metavar="K=V",
        help="check only this option value (repeatable); default: every combination",
    )
    s.add_argument("--json", action="store_true", help="print diagnostics as JSON")
    s.set_defaults(fn=cmd_check)

    s = sub.add_parser("schema", help="print the JSON Schema of the variant format")
    s.set_defaults(fn=cmd_schema)

    s = sub.add_parser(
        "rules", help="the rules in English: the author's summary, then the rules generated from the file"
    )
    s.add_argument("variant", help="a variant name (see 'rulesdsl list') or a path to a .yaml file")
    s.add_argument("--option", "-o", action="append", metavar="K=V", help="an option value (repeatable)")
    s.set_defaults(fn=cmd_rules)

    s = sub.add_parser("show", help="the dealt position")
    _common(s)
    s.add_argument("--json", action="store_true", help="print the position as JSON")
    s.add_argument(
        "--format",
        choices=("text", "json", "fcs"),
        default="text",
        help="text (default), json (as --json), or fcs: the board as fc-solve reads it",
    )
    s.add_argument("--reveal", action="store_true", help="show face-down cards")
    _winnable(s)
    _width(s)
    s.set_defaults(fn=cmd_show)

    s = sub.add_parser("explain", help="what the engine does with a variant: a summary, or the generated source")
    s.add_argument("variant", help="a variant name (see 'rulesdsl list') or a path to a .yaml file")
    s.add_argument("--option", "-o", action="append", metavar="K=V", help="an option value (repeatable)")
    s.add_argument("--generated", action="store_true", help="print the Python source of the generated move generator")
    s.set_defaults(fn=cmd_explain)

    s = sub.add_parser("moves", help="the legal moves, optionally after some moves")
    _common(s)
    s.add_argument(
        "--after", metavar="MOVES", help="moves to play first: a file (one per line) or a comma-separated list"
    )
    s.add_argument("--json", action="store_true", help="print the moves as JSON")
    s.add_argument(
        "--notation",
        choices=("rulesdsl", "fcs"),
        default="rulesdsl",
        help="fcs: fc-solve's standard notation (docs/interop.md)",
    )
    s.set_defaults(fn=cmd_moves)

    s = sub.add_parser(
        "replay",
        help="play a move list; stop at the first illegal move",
        epilog="exit codes: 0 every move applied, 1 an illegal move, 2 bad input",
    )
    _common(s)
    s.add_argument(
        "--moves",
        required=True,
        metavar="FILE",
        help="one move per line; # starts a comment; or fc-solve's solution (fc-solve -m, -m -snx)",
    )
    s.add_argument(
        "--notation",
        choices=("auto", "rulesdsl", "fcs"),
        default="auto",
        help="how the move file is written (default: told from the file)",
    )
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.set_defaults(fn=cmd_replay)

    s = sub.add_parser(
        "solve",
        help="search for a win; print the winning line (notation, one move per line)",
        epilog="verdicts: won (with the line; lines starting with # are comments that replay "
        "skips), unwinnable (exhaustive search), unknown (a limit stopped it). "
        "exit codes: 0 a verdict, 2 bad input",
    )
    _common(s)
    _solver_limits(s)
    s.add_argument("--json", action="store_true", help='print {"verdict", "moves", "states", "seconds"}')
    s.set_defaults(fn=cmd_solve)

    s = sub.add_parser(
        "stats", help="solve every deal of a range; the winnable share", epilog="exit codes: 0 done, 2 bad input"
    )
    s.add_argument("variant", help="a variant name or a path to a .yaml file")
    s.add_argument(
        "--deals",
        required=True,
        metavar="A-B",
        help="the deals to solve, A to B: the variant's deal numbers "
        "when it declares a numbering (Microsoft FreeCell, PySol), else seeds",
    )
    s.add_argument("--option", "-o", action="append", metavar="K=V", help="an option value (repeatable)")
    s.add_argument("--jobs", type=int, default=None, metavar="N", help="processes (default: every core)")
    _solver_limits(s, time_default=10.0)
    s.add_argument("--out", metavar="FILE.jsonl", help="append one JSON line per deal as it finishes")
    s.add_argument("--resume", action="store_true", help="skip the deals already in --out")
    s.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="tcp://HOST:PORT (a Dask scheduler) or local:N "
        "(a local Dask cluster of N processes); needs rulesdsl[cluster]",
    )
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.set_defaults(fn=cmd_stats)

    s = sub.add_parser(
        "svg",
        help="the position as one standalone SVG picture (docs/pictures.md)",
        epilog="exit codes: 0 written, 2 bad input (a bad move in --after included)",
    )
    _common(s, short_option=False)  # -o is the output file here
    s.add_argument(
        "--after",
        metavar="MOVES",
        help="moves to play first, in notation: a file (one per line) or a list separated by commas "
        "or semicolons; the last move is framed",
    )
    s.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default: standard output)")
    s.set_defaults(fn=cmd_svg)

    s = sub.add_parser("play", help="play in the text runner (reads commands from standard input)")
    _common(s)
    _winnable(s)
    _width(s)
    s.set_defaults(fn=cmd_play)
    return p


def exit_code(exc: RulesdslError) -> int:
    """The exit code of an error rulesdsl raised on purpose: 1 for an illegal move, 2 for
    everything else (a variant that does not load, a bad position, option, move text...)."""
    if isinstance(exc, IllegalMoveError):
        return EXIT_FAIL
    return EXIT_INPUT


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if isinstance(getattr(args, "variant", None), str):
        args.variant = registry.canonical(args.variant)
    try:
        return args.fn(args)
    except RulesError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INPUT
    except InternalError as exc:  # in the family, yet a bug
        return internal_error(exc)
    except RulesdslError as exc:
        print(f"rulesdsl: {exc}", file=sys.stderr)
        return exit_code(exc)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # not raised on purpose: a bug, never "bad input"
        return internal_error(exc)


def internal_error(exc: BaseException) -> int:
    """Say that rulesdsl itself failed, ask for a report, and return exit code 70."""
    if os.environ.get(TRACEBACK_ENV, "") not in ("", "0"):
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    print(
        f"rulesdsl: internal error ({type(exc).__name__}: {short(str(exc), 200)}). This is a bug in "
        f"rulesdsl, not in your input: please report it with the command that caused it "
        f"(set {TRACEBACK_ENV}=1 to see the traceback)",
        file=sys.stderr,
    )
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
