"""The commands about one game: ``show`` (the dealt position), ``moves`` (the legal moves),
``replay`` (a move list), ``svg`` (the position as a picture) and ``play`` (the text runner).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..core import limits
from ..core.errors import InputError, MoveError, short
from ..core.files import write_text_atomic
from ..formats import fcs, svg
from ..runners.render import render
from ..runners.text import run
from .common import (
    EXIT_FAIL,
    EXIT_OK,
    add_game_arguments,
    add_winnable_arguments,
    game_of,
    play_after,
    read_input,
    split_moves,
)
from .solving import choose_deal


def cmd_show(args) -> int:
    choose_deal(args)
    g = game_of(args)
    play_after(g, args.after)
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


def cmd_moves(args) -> int:
    g = game_of(args)
    play_after(g, args.after)
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
    g = game_of(args)
    text = read_input(args.moves, "move list")
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
        for i, m in enumerate(split_moves(text), 1):
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
    g = game_of(args)
    after = args.after
    try:
        is_file = bool(after) and os.path.lexists(after)
    except (OSError, ValueError):
        is_file = False
    play_after(g, after if is_file or not after else after.replace(";", ","))
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
    choose_deal(args)
    g = game_of(args)
    return run(g, sys.stdin, sys.stdout, width=args.width)


def add_width_argument(p):
    p.add_argument(
        "--width",
        type=board_width,
        default=None,
        metavar="COLUMNS",
        help="draw the board this many columns wide at most (default: the terminal's width, or $COLUMNS)",
    )


def board_width(text):
    low, high = limits.MIN_BOARD_WIDTH, limits.MAX_BOARD_WIDTH
    if not (text.isascii() and text.isdigit()) or not low <= int(text[:6]) <= high:
        raise argparse.ArgumentTypeError(f"the width is a number of columns from {low} to {high}, not {short(text)!r}")
    return int(text)


def add_show(sub) -> None:
    """The show command's arguments."""
    s = sub.add_parser("show", help="the dealt position, or the position after some moves")
    add_game_arguments(s)
    s.add_argument(
        "--after", metavar="MOVES", help="moves to play first: a file (one per line) or a comma-separated list"
    )
    s.add_argument("--json", action="store_true", help="print the position as JSON")
    s.add_argument(
        "--format",
        choices=("text", "json", "fcs"),
        default="text",
        help="text (default), json (as --json), or fcs: the board as fc-solve reads it",
    )
    s.add_argument("--reveal", action="store_true", help="show face-down cards")
    add_winnable_arguments(s)
    add_width_argument(s)
    s.set_defaults(fn=cmd_show)


def add_moves(sub) -> None:
    """The moves command's arguments."""
    s = sub.add_parser("moves", help="the legal moves, optionally after some moves")
    add_game_arguments(s)
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


def add_replay(sub) -> None:
    """The replay command's arguments."""
    s = sub.add_parser(
        "replay",
        help="play a move list; stop at the first illegal move",
        epilog="exit codes: 0 every move applied, 1 an illegal move, 2 bad input",
    )
    add_game_arguments(s)
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


def add_svg(sub) -> None:
    """The svg command's arguments."""
    s = sub.add_parser(
        "svg",
        help="the position as one standalone SVG picture (docs/pictures.md)",
        epilog="exit codes: 0 written, 2 bad input (a bad move in --after included)",
    )
    add_game_arguments(s, short_option=False)  # -o is the output file here
    s.add_argument(
        "--after",
        metavar="MOVES",
        help="moves to play first, in notation: a file (one per line) or a list separated by commas "
        "or semicolons; the last move is framed",
    )
    s.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default: standard output)")
    s.set_defaults(fn=cmd_svg)


def add_play(sub) -> None:
    """The play command's arguments."""
    s = sub.add_parser("play", help="play in the text runner (reads commands from standard input)")
    add_game_arguments(s)
    add_winnable_arguments(s)
    add_width_argument(s)
    s.set_defaults(fn=cmd_play)
