"""Killed with SIGKILL and started again, the server has lost nothing: a real `rulesdsl serve`
process on a free loopback port, a temporary data folder, moves over HTTP, kill -9, restart."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from .conftest import NEAR_WON, WINNING_MOVE

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(data_dir) -> tuple[subprocess.Popen, str]:
    """`rulesdsl serve` on a free port, once it answers (a few tries: a port may be taken meanwhile)."""
    env = dict(os.environ, RULESDSL_DATA=str(data_dir))
    for _ in range(3):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "rulesdsl", "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(f"{url}/api/variants/golf/stats", timeout=2).status_code == 200:
                    return proc, url
            except httpx.TransportError:
                time.sleep(0.1)
        proc.kill()
        proc.wait()
    raise AssertionError("rulesdsl serve did not start")


def test_sigkill_loses_no_move_and_no_statistic(tmp_path):
    data = tmp_path / "data"
    proc, url = start(data)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            g = c.post("/api/games", json={"variant": "freecell", "deal": 617}).json()
            for _ in range(8):
                g = c.post(f"/api/games/{g['id']}/moves", json={"move": g["moves"][0]["text"]}).json()
            g = c.post(f"/api/games/{g['id']}/undo").json()
            w = c.post("/api/games", json={"variant": "freecell", "position": NEAR_WON}).json()
            w = c.post(f"/api/games/{w['id']}/moves", json={"move": WINNING_MOVE}).json()
            assert w["result"] == "won"
            before = c.get(f"/api/games/{g['id']}").json()
            stats = c.get("/api/variants/freecell/stats").json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    proc, url = start(data)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            after = c.get(f"/api/games/{g['id']}").json()
            for key in ("position", "move_count", "can_undo", "can_redo", "outcome", "moves", "svg"):
                assert after[key] == before[key], key
            assert after["move_count"] == 7 and after["can_redo"]
            assert c.get(f"/api/games/{w['id']}").json()["result"] == "won"
            assert c.get("/api/variants/freecell/stats").json() == stats
            assert stats["played"] == 1 and stats["won"] == 1 and stats["in_progress"] == 1
            listed = c.get("/api/games", params={"variant": "freecell"}).json()
            assert [x["id"] for x in listed] == [g["id"]]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
