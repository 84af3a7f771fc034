"""The browser player's API under load: 100 games at once, 50 moves each, against a real
`rulesdsl serve` (uvicorn) on a free loopback port with a temporary data folder.

Each game is a client of its own: it deals a game, then plays 50 moves, each one picked at
random (seeded) from the game's own "moves" list and sent back as its text; a game that ends
is replaced by a new deal of the same variant (its moves still count). Printed: the errors
(any answer that is not 2xx; there must be none), and the round trip of a move measured in
the server, from the Server-Timing header app.py adds (``app``: from the whole request in
to the answer's first byte; ``total``: from the request's arrival, so with the wait for its
body and for the event loop, which 100 clients keep busy), at the 50th, 95th and 99th
percentiles, then the same as the client sees it; and the load average, since the machine
may be shared. The target on the 2-core test machine is p95 under 30 ms in the server.
Exit 1 on any error; the figures are reported, never asserted.

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


def start(data_dir: str, log) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulesdsl", "serve", "--port", str(port)],
        env=dict(os.environ, RULESDSL_DATA=data_dir),
        stdout=log,
        stderr=log,
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


def server_ms(r: httpx.Response) -> dict:
    """The server's own times for a request, from its Server-Timing header
    (``app;dur=MS, total;dur=MS``: app.py's Timing says what each measures)."""
    head = r.headers.get("server-timing", "")
    out = {}
    for part in head.split(","):
        name, _, dur = part.strip().partition(";dur=")
        if dur:
            out[name] = float(dur)
    if "app" not in out or "total" not in out:
        raise ValueError(f"no Server-Timing in the answer: {head!r}")
    return out


class Figures:
    def __init__(self):
        self.server: list[float] = []
        self.total: list[float] = []
        self.client: list[float] = []
        self.errors: list[str] = []
        self.deals = 0


async def one_game(c: httpx.AsyncClient, variant: str, moves: int, rng: random.Random, f: Figures):
    async def deal():
        try:
            r = await c.post("/api/games", json={"variant": variant, "seed": rng.randrange(1, 10**6)})
        except httpx.TransportError as exc:
            f.errors.append(f"create {variant}: {type(exc).__name__} {exc}")
            return None
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
        try:
            r = await c.post(f"/api/games/{g['id']}/moves", json={"move": text})
        except httpx.TransportError as exc:
            f.errors.append(f"move {text} in {variant}: {type(exc).__name__} {exc}")
            return
        f.client.append((time.perf_counter() - t0) * 1000)
        played += 1
        if r.status_code != 200:
            f.errors.append(f"move {text} in {variant}: {r.status_code} {r.text[:120]}")
            return
        times = server_ms(r)
        f.server.append(times["app"])
        f.total.append(times["total"])
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
    with tempfile.TemporaryDirectory() as data, open(os.path.join(data, "server.log"), "w+") as log:
        proc, url = start(data, log)
        try:
            with httpx.Client(base_url=url, timeout=120) as c:  # compile each variant once, untimed
                for v in VARIANTS:
                    c.post("/api/games", json={"variant": v, "seed": 1}).raise_for_status()
            load_before = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
            t0 = time.perf_counter()
            f = asyncio.run(run(url, args.games, args.moves, args.seed))
            wall = time.perf_counter() - t0
        finally:
            died = proc.poll()
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.seek(0)
            said = log.read()
        if died is not None or f.errors:
            print(f"the server {'died (exit ' + str(died) + ')' if died is not None else 'ran'}; its log:")
            print(said[-3000:])
    n = len(f.client)
    print(f"bench_web: {args.games} games at once x {args.moves} moves ({', '.join(VARIANTS)}), {os.cpu_count()} cores")
    print(f"  moves played: {n} in {wall:.1f} s ({n / wall:.0f} moves/s), {f.deals} deals, errors: {len(f.errors)}")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"  load average before / after: {load_before} / {load}")
    for label, xs in (
        ("server, request in to answer", f.server),
        ("server, arrival to answer", f.total),
        ("client, send to answer read", f.client),
    ):
        print(
            f"  {label:30} (ms): p50 {pct(xs, 50):6.1f}  p95 {pct(xs, 95):6.1f}  p99 {pct(xs, 99):6.1f}  "
            f"mean {statistics.fmean(xs) if xs else float('nan'):6.1f}  max {max(xs, default=0):7.1f}"
        )
    target = "met" if pct(f.server, 95) < 30 else "NOT met"
    print(f"  target (server p95, request in to answer, under 30 ms): {target}")
    for e in f.errors[:10]:
        print(f"  error: {e}")
    return 1 if f.errors or n < args.games * args.moves else 0


if __name__ == "__main__":
    sys.exit(main())
