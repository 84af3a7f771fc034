"""The browser player's API under load: 100 games at once, 50 moves each, against a real
`rulesdsl serve` (uvicorn) on a free loopback port with a temporary data folder.

Each game is a client of its own: it deals a game, then plays 50 moves, each one picked at
random (seeded) from the game's own "moves" list and sent back as its text; a game that ends
is replaced by a new deal of the same variant (its moves still count). Printed: the errors
(any answer that is not 2xx; there must be none), and the round trip of a move measured in
the server (the Server-Timing header app.py adds: from the request's arrival to its answer's
first byte) at the 50th, 95th and 99th percentiles, with the same figures seen by the
client. The target on the 2-core test machine is p95 under 30 ms in the server. Exit 1 on
any error; the figures are reported, never asserted.

    python bench/bench_web.py [--games 100] [--moves 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

VARIANTS = ("freecell", "klondike", "golf", "spider", "yukon")
START_SECONDS = 60  # the server must answer within this long


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(data_dir: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulesdsl", "serve", "--port", str(port)],
        env=dict(os.environ, RULESDSL_DATA=data_dir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"{url}/api/variants/golf/stats", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("rulesdsl serve did not start")


def server_ms(r: httpx.Response) -> float:
    """The server's own time for a request, from its Server-Timing header (app;dur=MS)."""
    head = r.headers.get("server-timing", "")
    for part in head.split(","):
        name, _, dur = part.strip().partition(";dur=")
        if name == "app" and dur:
            return float(dur)
    raise ValueError(f"no Server-Timing in the answer: {head!r}")


class Figures:
    def __init__(self):
        self.server: list[float] = []
        self.client: list[float] = []
        self.errors: list[str] = []
        self.deals = 0


async def one_game(c: httpx.AsyncClient, variant: str, moves: int, rng: random.Random, f: Figures):
    async def deal():
        r = await c.post("/api/games", json={"variant": variant, "seed": rng.randrange(1, 10**6)})
        f.deals += 1
        if r.status_code != 201:
            f.errors.append(f"create {variant}: {r.status_code} {r.text[:120]}")
            return None
        return r.json()

    g = await deal()
    played = 0
    while g is not None and played < moves:
        if g["over"] or not g["moves"]:
            g = await deal()
            continue
        text = rng.choice(g["moves"])["text"]
        t0 = time.perf_counter()
        r = await c.post(f"/api/games/{g['id']}/moves", json={"move": text})
        f.client.append((time.perf_counter() - t0) * 1000)
        played += 1
        if r.status_code != 200:
            f.errors.append(f"move {text} in {variant}: {r.status_code} {r.text[:120]}")
            return
        f.server.append(server_ms(r))
        g = r.json()


async def run(url: str, games: int, moves: int, seed: int) -> Figures:
    f = Figures()
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as c:
        tasks = [
            one_game(c, VARIANTS[i % len(VARIANTS)], moves, random.Random(seed * 1000 + i), f) for i in range(games)
        ]
        await asyncio.gather(*tasks)
    return f


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--moves", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as data:
        proc, url = start(data)
        try:
            with httpx.Client(base_url=url, timeout=120) as c:  # compile each variant once, untimed
                for v in VARIANTS:
                    c.post("/api/games", json={"variant": v, "seed": 1}).raise_for_status()
            t0 = time.perf_counter()
            f = asyncio.run(run(url, args.games, args.moves, args.seed))
            wall = time.perf_counter() - t0
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    n = len(f.client)
    print(f"bench_web: {args.games} games at once x {args.moves} moves ({', '.join(VARIANTS)}), {os.cpu_count()} cores")
    print(f"  moves played: {n} in {wall:.1f} s ({n / wall:.0f} moves/s), {f.deals} deals, errors: {len(f.errors)}")
    for label, xs in (("server", f.server), ("client", f.client)):
        print(
            f"  {label} round trip per move (ms): p50 {pct(xs, 50):.1f}  p95 {pct(xs, 95):.1f}  "
            f"p99 {pct(xs, 99):.1f}  mean {statistics.fmean(xs) if xs else float('nan'):.1f}  max {max(xs, default=0):.1f}"
        )
    target = "met" if pct(f.server, 95) < 30 else "NOT met"
    print(f"  target (server p95 under 30 ms): {target}")
    for e in f.errors[:10]:
        print(f"  error: {e}")
    return 1 if f.errors or n < args.games * args.moves else 0


if __name__ == "__main__":
    sys.exit(main())
