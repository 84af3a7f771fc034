"""What the commands of ``rulesdsl`` share: exit codes, option and file arguments, the game the
arguments describe (a variant with options, a seed, a deal number or a position file), move
lists, and the argument groups several commands take.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..core.errors import InputError, MoveError, PositionError, short
from ..core.files import read_text
from ..core.limits import MAX_MOVES_BYTES, MAX_POSITION_BYTES
from ..engine.deal import MAX_SEED
from ..formats import position
from ..play.game import Game
from ..variant import registry
from ..variant.loader import load

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 70
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT
TRACEBACK_ENV = "RULESDSL_TRACEBACK"  # set to 1 to see the traceback of an internal error


def parse_options(pairs) -> dict:
    out = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option expects KEY=VALUE, got {short(item)!r}")
        out[key.strip()] = value.strip()
    return out


def read_input(path: str, what: str) -> str:
    """A position, save or move list: a regular UTF-8 file under its cap (files.py)."""
    return read_text(path, MAX_POSITION_BYTES if what == "position" else MAX_MOVES_BYTES, what)


def game_of(args):
    """The game the arguments describe: a variant with options, and a seed or a position file."""
    options = parse_options(getattr(args, "option", None))
    data = None
    path = getattr(args, "position", None)
    if path is not None:
        text = read_input(path, "position") if path else ""
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
    if named is not None and named != variant_id(args.variant):
        raise InputError(
            f"{path}: this position is for '{short(named)}', "
            f"not '{short(variant_id(args.variant))}', the variant asked for"
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
        variant = load(args.variant, options)
        if deal is not None:
            return variant.numbered_game(deal)
        if data is None:
            return variant.new_game(1 if seed is None else seed)
        if isinstance(data, dict) and data.get("format") == "rulesdsl-save/1":
            return Game.load_save(variant, data)
        return Game.from_position(variant, data)
    except PositionError as exc:
        raise InputError(f"{path}: {exc}") from None


def variant_id(name: str) -> str:
    if name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name:
        return Path(name).stem
    return registry.canonical(name)


def split_moves(text: str) -> list[str]:
    return [m for _, m in moves_by_line(text)]


def moves_by_line(text: str) -> list[tuple[int, str]]:
    """(line number, move) for each move of a list: one per line or comma-separated; # comments."""
    out = []
    for number, whole in enumerate(text.splitlines(), 1):
        for line in whole.split(","):
            line = line.split("#", 1)[0].strip() if not line.strip().startswith("#") else ""
            if line:
                out.append((number, line))
    return out


def play_after(g, after):
    if not after:
        return
    text = after
    try:
        is_file = os.path.lexists(after) and "\n" not in after
    except (OSError, ValueError):
        is_file = False
    if is_file:  # a path that exists: read it (a FIFO or device is refused)
        text = read_input(after, "move list")
    for i, (line, m) in enumerate(moves_by_line(text), 1):
        try:
            g.play(m)
        except MoveError as exc:
            where = f"{after}:{line}" if is_file else "--after"
            raise InputError(f"{where}: move {i} ({short(m)}): {exc}") from None


def say(text: str) -> None:
    print(f"rulesdsl: {text}", file=sys.stderr)


def add_game_arguments(p, seed=True, short_option=True):
    p.add_argument("variant", help="a variant name (see 'rulesdsl list') or a path to a .yaml file")
    if seed:
        p.add_argument(
            "--seed", type=seed_number, default=None, help="rulesdsl's own shuffle, numbered from 0 (default 1)"
        )
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
        type=deal_text,
        help="deal number N of the variant's numbering: Microsoft FreeCell or PySol "
        "(docs/interop.md); ms617 forces the Microsoft generator",
    )


def add_winnable_arguments(p):
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


def add_solver_limits(p, time_default=None):
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


def deal_text(text):
    if len(text) > 40 or not text.strip():
        raise argparse.ArgumentTypeError(f"a deal number is a whole number like 617 or ms617, not {short(text, 20)!r}")
    return text


def seed_number(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {short(text)!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to {MAX_SEED}")
    return value
