"""The ``rulesdsl`` command: list, check, schema, show, moves, replay, svg, play, explain, serve.

Exit codes: 0 success; 1 the thing checked failed (invalid file, illegal move in a
replay); 2 bad input (unknown variant, bad option, unreadable position or move file,
bad arguments); 130 interrupted (Ctrl-C); 70 an internal error (a bug in rulesdsl: an
InternalError, or anything raised that is not a RulesdslError). Errors go to standard error as
one clear message, never a traceback (set RULESDSL_TRACEBACK=1 to see the traceback of an
internal error).

One module per group of commands: variants.py (the files), games.py (one game), solving.py
(the solver), serve.py (the browser player); common.py holds what they share. This module
builds the parser from each command's adder and runs the command: ``rulesdsl.cli:main`` is the
entry point.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..core.errors import IllegalMoveError, InputError, InternalError, RulesdslError, RulesError, short
from ..variant import registry
from . import analysing, games, serve, solving, variants
from .common import EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, TRACEBACK_ENV
from .variants import describe_all

__all__ = [
    "EXIT_FAIL",
    "EXIT_INPUT",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "TRACEBACK_ENV",
    "InputError",
    "describe_all",
    "main",
    "parser",
]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rulesdsl",
        description="Declare, check and play patience games.",
        epilog="exit codes: 0 ok, 1 check failed or illegal move, 2 bad input, 70 internal error",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # the commands in the order --help lists them
    for add in (
        variants.add_list,
        variants.add_check,
        variants.add_schema,
        variants.add_rules,
        games.add_show,
        variants.add_explain,
        games.add_moves,
        games.add_replay,
        solving.add_solve,
        solving.add_stats,
        analysing.add_analyse,
        games.add_svg,
        games.add_play,
        serve.add_serve,
    ):
        add(sub)
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
