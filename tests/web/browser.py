"""Fixtures and helpers of the real-browser tests: `rulesdsl serve` in a child process on a free
loopback port over a fresh data folder, Debian's chromium driven by Playwright's sync API, and
ways to find things on the page by data-card, data-pile, data-action and data-game-id only."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter

import pytest

CHROMIUM = os.environ.get("RULESDSL_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 20_000
TOP = {"x": 8, "y": 3}  # within a card: its top edge, the part a fan never covers
_RANKS = "A 2 3 4 5 6 7 8 9 T J Q K".split()
# FreeCell with three kings left in one column, the king of clubs on top: three moves from the win
THREE_KINGS = "; ".join(
    [f"foundation[{i}]: " + " ".join(r + s for r in _RANKS[:12]) for i, s in enumerate("SHD")]
    + ["foundation[3]: " + " ".join(r + "C" for r in _RANKS), "tableau[0]: KS KH KD"]
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Each test module names these fixtures (``server = browser.server``), and pytest then holds one
# definition per module: the server and the browser are made once and shared through _SHARED.
_SHARED: dict = {}


def _start_server(data) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = dict(os.environ, RULESDSL_DATA=str(data))
    log = open(data / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulesdsl", "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    log.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/variants", timeout=5).read()
            return proc, base
        except (OSError, urllib.error.URLError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("rulesdsl serve did not start: " + (data / "server.log").read_text())
            time.sleep(0.2)


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory, request):
    """The base URL of a real `rulesdsl serve`, with its own data folder."""
    if "server" not in _SHARED:
        proc, base = _start_server(tmp_path_factory.mktemp("web-data"))
        _SHARED["server"] = base
        request.addfinalizer(lambda: (_stop(proc), _SHARED.pop("server", None)))
    return _SHARED["server"]


@pytest.fixture(scope="session")
def browser(request):
    if "browser" not in _SHARED:
        if not os.path.exists(CHROMIUM):
            reason = f"no chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
            if os.environ.get("CI") == "true":
                pytest.fail(reason)
            pytest.skip(reason)
        from playwright.sync_api import sync_playwright

        pw = sync_playwright().start()
        _SHARED["browser"] = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)

        def close() -> None:
            _SHARED.pop("browser").close()
            pw.stop()

        request.addfinalizer(close)
    return _SHARED["browser"]


def _context(browser, **kw):
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(WAIT_MS)
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


@pytest.fixture
def page(browser, server):
    ctx, p = _context(browser, viewport=DESKTOP)
    yield p
    errors = p.errors
    ctx.close()
    assert not errors, errors


@pytest.fixture
def phone(browser, server):
    ctx, p = _context(browser, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    yield p
    errors = p.errors
    ctx.close()
    assert not errors, errors


# -- the API, from the test's side ---------------------------------------------------------
def call(base: str, path: str, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def game_of(page, base: str) -> dict:
    return call(base, f"/api/games/{game_id(page)}")


# -- the page ------------------------------------------------------------------------------
def open_game(page, base: str, path: str) -> str:
    """Open a game page and wait until its board is drawn; the game's id."""
    page.goto(base + path)
    page.wait_for_function("document.documentElement.dataset.gameId && document.querySelector('[data-board] svg')")
    return game_id(page)


def game_id(page) -> str:
    return page.evaluate("document.documentElement.dataset.gameId")


def card(page, text: str):
    return page.locator(f'[data-board] g[data-card="{text}"]')


def pile(page, name: str):
    return page.locator(f'[data-board] g[data-pile="{name}"]:not([data-card])')


def action(page, name: str):
    return page.locator(f'[data-action="{name}"]:visible').first


def wait_moves(page, n: int) -> None:
    """Wait until the page shows the game after its n-th move."""
    page.wait_for_function(f"document.querySelector('.game').dataset.moveCount === '{n}'")


def wait_past(page, n: int) -> int:
    """Wait until the game has more than n moves (a move and what autoplay adds); the new count."""
    page.wait_for_function(f"Number(document.querySelector('.game').dataset.moveCount) > {n}")
    return int(page.evaluate("document.querySelector('.game').dataset.moveCount"))


def focused_pile(page) -> str | None:
    return page.evaluate(
        "(document.activeElement.closest && document.activeElement.closest('g[data-pile]') || {}).dataset?.pile || null"
    )


def key_to(page, name: str) -> None:
    """Move the keyboard focus to a pile with the arrow keys alone."""
    for key in ("ArrowRight", "ArrowLeft"):
        for _ in range(200):
            if focused_pile(page) == name:
                return
            before = focused_pile(page)
            page.keyboard.press(key)
            if focused_pile(page) == before:
                break
    assert focused_pile(page) == name, f"the arrows never reach {name}"


def faces(page) -> Counter:
    return Counter(page.eval_on_selector_all("[data-board] [data-card]", "els => els.map(e => e.dataset.card)"))


def notation(game, text: str) -> tuple[str, str, str]:
    """(first card as the SVG names it, source pile, destination pile) of a move, as the
    engine reads it; the move is played in ``game``."""
    v = game.variant
    m = game.play(text)
    return v.deck.text(m.cards[0], copy=True), v.pile_name(m.sources[0]), v.pile_name(m.dest)
