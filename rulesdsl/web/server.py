"""`rulesdsl serve`: the application under uvicorn on one address, and the warning a
non-loopback address deserves (the server has no accounts: anyone who reaches it can play
and read the games)."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser

import uvicorn

from .app import create_app

EXIT_OK, EXIT_INPUT = 0, 2
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def loopback(host: str) -> bool:
    """Is this address this machine only (127.0.0.0/8, ::1, localhost)?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def free(host: str, port: int) -> bool:
    """Can the server listen there (the port not taken, the address this machine's)?"""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def serve(host: str, port: int, open_browser: bool = False) -> int:
    if not loopback(host):
        print(
            f"rulesdsl: warning: serving on {host}, not only this machine: the server has no accounts, "
            "so anyone who can reach it can play, and see every game in progress",
            file=sys.stderr,
        )
    if port and not free(host, port):
        print(
            f"rulesdsl: cannot listen on {host}:{port} (the port is taken, or the address is not this machine's)",
            file=sys.stderr,
        )
        return EXIT_INPUT
    # on loopback, only requests addressed to this machine's names (against DNS rebinding)
    app = create_app(hosts=LOOPBACK_NAMES + (host,) if loopback(host) else None, warm=True)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host

    def announce():
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
            url = f"http://{shown}:{bound}/"
            print(f"rulesdsl: serving on {url} (Ctrl-C stops it)", file=sys.stderr, flush=True)
            if open_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
    return EXIT_OK
