"""Screenshots of the browser player: five games and the workbench at a desktop size and at a phone's.

A real `rulesdsl serve` is started on a free loopback port over a fresh data folder, and
Debian's chromium (Playwright's sync API, never a downloaded browser) opens each game, plays
a few of its legal moves by clicking the cards (data-card) and piles (data-pile), picks a card
up so that its destinations are lit, and takes the picture. The point is to look at them:
the player's layout at both sizes, the highlights, the labels; docs/web.md shows a few.

Run: python bench/screenshots.py [--out DIR] [--chromium PATH] [--jpeg]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}
# (variant, how it is dealt, how many of its moves to play first)
GAMES = [
    ("freecell", "deal=617", 4),
    ("klondike", "seed=7", 3),
    ("pyramid", "seed=3", 3),
    ("spider", "seed=2&suits=2", 2),
    ("golf", "seed=5", 4),
]


def serve(data: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, RULESDSL_DATA=data)
    cmd = [sys.executable, "-m", "rulesdsl", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/api/variants", timeout=5).read()
            return proc, base
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("screenshots: rulesdsl serve did not start")


def game_json(page, base: str) -> dict:
    gid = page.evaluate("document.documentElement.dataset.gameId")
    with urllib.request.urlopen(f"{base}/api/games/{gid}", timeout=30) as r:
        return json.loads(r.read())


def wait_count(page, n: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('.game').dataset.moveCount) >= {n}")


def card_in(pile: str, card: str) -> str:
    """A card of a pile, by data-pile and data-card (a copy, 7D.1, matches 7D too)."""
    return f'[data-board] g[data-pile="{pile}"] :is(g[data-card="{card}"], g[data-card^="{card}."])'


def play_some(page, base: str, count: int) -> None:
    """Play the first card move the server lists (an action when there is none), by clicks."""
    for i in range(count):
        g = game_json(page, base)
        moves = [m for m in g["moves"] if m["kind"] == "move"] or g["moves"]
        if not moves or g["over"]:
            return
        m = moves[0]
        board = "[data-board] "
        if m["kind"] == "move":
            page.locator(card_in(m["source"], m["cards"][0])).last.click(position={"x": 6, "y": 3})
            page.locator(f'{board}g[data-pile="{m["dest"]}"]:not([data-card])').click()
        elif m["kind"] == "action":
            page.locator(f'{board}g[data-pile="{m["pile"]}"]:not([data-card])').click()
        else:  # a removal: click each of its cards
            for pile, card in zip(m["sources"], m["cards"]):
                page.locator(card_in(pile, card)).last.click(position={"x": 6, "y": 3})
        wait_count(page, g["move_count"] + 1)


def pick_up(page, base: str) -> None:
    """Pick up a card that has somewhere to go, so that the picture shows the lit destinations."""
    g = game_json(page, base)
    for m in g["moves"]:
        if m["kind"] == "move":
            page.locator(card_in(m["source"], m["cards"][0])).last.click(position={"x": 6, "y": 3})
            return


def workbench_shots(page, base: str, out: Path, size: str, ext: str, opts: dict) -> None:
    """The workbench: the template with a key misspelt (its diagnostic marked), then fixed
    (the deal, the moves and the rules beside it)."""
    page.goto(f"{base}/workbench")
    page.locator("[data-action='template']").click()
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    good = page.locator("[data-text]").input_value()
    page.locator("[data-text]").fill(good.replace('accept_empty: "card.rank == K"', 'acept_empty: "card.rank == K"'))
    page.wait_for_selector("[data-diagnostics] [data-code='S101']")
    for state in ("error", "clean"):
        if state == "clean":
            page.locator("[data-text]").fill(good)
            page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
        path = out / f"workbench-{state}-{size}.{ext}"
        page.screenshot(path=str(path), full_page=True, **opts)
        print(f"{path}  {path.stat().st_size // 1024} KiB")
    page.locator("[data-action='play-draft']").click()  # the player on the text
    page.wait_for_function("document.documentElement.dataset.gameId && document.querySelector('[data-board] svg')")
    play_some(page, base, 2)
    path = out / f"workbench-play-{size}.{ext}"
    page.screenshot(path=str(path), **opts)
    print(f"{path}  {path.stat().st_size // 1024} KiB")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="screenshots", help="the folder for the pictures (default ./screenshots)")
    ap.add_argument("--chromium", default="/usr/bin/chromium", help="the chromium to drive")
    ap.add_argument("--jpeg", action="store_true", help="JPEG (quality 70) instead of PNG: smaller files")
    args = ap.parse_args(argv)
    if not os.path.exists(args.chromium):
        print(f"screenshots: no chromium at {args.chromium} (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ext, opts = ("jpg", {"type": "jpeg", "quality": 70}) if args.jpeg else ("png", {})
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        proc, base = serve(data)
        browser = pw.chromium.launch(executable_path=args.chromium, headless=True, args=ARGS)
        try:
            for size, viewport in SIZES.items():
                phone = size == "phone"
                ctx = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone, device_scale_factor=1)
                page = ctx.new_page()
                page.set_default_timeout(30_000)
                for name, query, moves in GAMES:
                    page.goto(f"{base}/play/{name}?{query}")
                    page.wait_for_function("document.querySelector('[data-board] svg')")
                    play_some(page, base, moves)
                    pick_up(page, base)
                    path = out / f"{name}-{size}.{ext}"
                    page.screenshot(path=str(path), **opts)
                    print(f"{path}  {path.stat().st_size // 1024} KiB")
                workbench_shots(page, base, out, size, ext, opts)
                ctx.close()
        finally:
            browser.close()
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
