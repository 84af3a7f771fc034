"""The ``serve`` command: the browser player, a local web server for every variant
(rulesdsl/web/, imported only when the command runs).
"""

from __future__ import annotations

import argparse

from ..core.errors import short


def port_number(text):
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {short(text, 20)!r}")
    return int(text)


def cmd_serve(args) -> int:
    # Imported here, for start-up time: the web server (Starlette, uvicorn, the app) is only for
    # this command, and importing it would add about 15% to every other command's start (medians
    # of 7 runs of `python -X importtime`, cumulative, on a busy machine: rulesdsl.web.server
    # 500 ms after rulesdsl.cli's 3,390 ms).
    from ..web.server import serve

    return serve(args.host, args.port, args.open)


def add_serve(sub) -> None:
    """The serve command's arguments."""
    s = sub.add_parser(
        "serve",
        help="the browser player: a local web server for every variant (docs/web.md)",
        epilog="exit codes: 0 stopped, 2 bad arguments or the port is taken",
    )
    s.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1, this machine only)"
    )
    s.add_argument("--port", type=port_number, default=8000, help="the port (default 8000; 0 picks a free one)")
    s.add_argument("--open", action="store_true", help="open the catalogue in the default browser")
    s.set_defaults(fn=cmd_serve)
