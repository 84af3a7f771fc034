"""Interrupted runs: a torn last line cut off, a corrupt file refused with its line, a client
killed with SIGKILL and resumed (no deal solved or written twice), and a Dask cluster that
loses a worker mid-run while solving a variant no worker has a file of."""

from __future__ import annotations

import collections
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from rulesdsl.stats import records
from rulesdsl.stats import runner as stats
from rulesdsl.variant.registry import find_variant
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def line(deal, verdict="unknown"):
    return json.dumps({"deal": deal, "verdict": verdict, "states": 1, "seconds": 0.0}) + "\n"


def test_a_torn_last_line_is_cut_off_and_said(tmp_path):
    path = tmp_path / "o.jsonl"
    path.write_text(line(1) + line(2) + '{"deal": 3, "verd')
    said: list = []
    assert [r["deal"] for r in records.scan(path, said.append)] == [1, 2]
    assert len(said) == 1 and ":3: the last line was cut short" in said[0]
    sink = records.open_sink(path)
    sink.write([json.loads(line(3))])
    sink.close()
    assert path.read_text() == line(1) + line(2) + line(3)


def test_a_last_record_without_its_newline_is_kept(tmp_path):
    path = tmp_path / "o.jsonl"
    path.write_text(line(1) + line(2).rstrip("\n"))
    assert [r["deal"] for r in records.scan(path)] == [1, 2]
    sink = records.open_sink(path)
    sink.write([json.loads(line(3))])
    sink.close()
    assert path.read_text() == line(1) + line(2) + line(3)


@pytest.mark.parametrize(
    "text, where",
    [
        (line(1) + "not json\n" + line(2), ":2:"),
        (line(1) + '{"deal": "x", "verdict": "won"}\n', ":2:"),
        ("[1, 2]\n", ":1:"),
    ],
)
def test_a_corrupt_file_on_resume_is_one_clear_line(tmp_path, text, where):
    path = tmp_path / "o.jsonl"
    path.write_text(text)
    code, _, err = run("stats", "golf", "--deals", "1-3", "--max-states", "50", "--out", str(path), "--resume")
    assert code == 2 and where in err and "not a stats record" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert path.read_text() == text  # nothing was written to it


def test_resume_keeps_the_first_record_of_each_deal_and_skips_other_variants(tmp_path):
    path = tmp_path / "o.jsonl"
    rec = lambda d, v: json.dumps({"deal": d, "verdict": "won", "states": 1, "variant": v}) + "\n"
    path.write_text(rec(1, "golf") + rec(1, "golf") + rec(2, "maze"))
    got = stats.run("golf", {}, range(1, 3), jobs=1, max_states=50, out_path=path, resume=True, tag={"variant": "golf"})
    assert [r["deal"] for r in got] == [1, 2]
    written = [json.loads(x) for x in path.read_text().splitlines()]
    assert [(r["deal"], r["variant"]) for r in written[3:]] == [(2, "golf")]  # only deal 2 was solved


def _lines_of(path) -> list:
    try:
        return path.read_text().splitlines()
    except FileNotFoundError:
        return []


def _wait_for_lines(path, n, proc, seconds=120.0) -> None:
    end = time.monotonic() + seconds
    while len(_lines_of(path)) < n:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else "the run ended early"
        assert time.monotonic() < end, f"fewer than {n} lines in {seconds} s"
        time.sleep(0.05)


def _cli(*args, **kw):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "rulesdsl", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, **kw
    )


def test_a_client_killed_with_sigkill_then_resumed_solves_and_writes_each_deal_once(tmp_path):
    psutil = pytest.importorskip("psutil")
    out = tmp_path / "o.jsonl"
    args = ["stats", "golf", "--deals", "1-60", "--max-states", "300", "--out", str(out), "--chunk", "2"]
    proc = _cli(*args, "--jobs", "2")
    _wait_for_lines(out, 6, proc)
    workers = psutil.Process(proc.pid).children()
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert workers and not alive  # the pool's processes did not outlive their client
    before = [json.loads(x)["deal"] for x in _lines_of(out)]
    assert 6 <= len(before) < 60  # killed mid-run
    with open(out, "a") as f:
        f.write('{"deal": 59, "verdict": "wo')  # and as if mid-write: a torn last line
    done = subprocess.run(
        [sys.executable, "-m", "rulesdsl", *args, "--jobs", "2", "--resume"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "cut short" in done.stderr and "60 deal(s)" in done.stdout
    deals = [json.loads(x)["deal"] for x in _lines_of(out)]
    assert deals[: len(before)] == before  # the first run's lines, untouched
    assert sorted(deals) == list(range(1, 61))  # every deal written once: none solved twice


@pytest.mark.slow
def test_a_cluster_loses_a_worker_mid_run_and_still_solves_every_deal_once(tmp_path):
    """local:2 with a variant no worker could find by name (copied, renamed), one worker
    process killed with SIGKILL mid-run: Dask runs its chunks again, each deal is written once."""
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    game = tmp_path / "elsewhere" / "renamed_patience.yaml"
    game.parent.mkdir()
    shutil.copy(find_variant("golf"), game)
    out = tmp_path / "o.jsonl"
    proc = _cli(
        "stats", str(game), "--deals", "1-120", "--max-states", "300", "--out", str(out), "--chunk", "3",
        "--cluster", "local:2", cwd=tmp_path,
    )  # fmt: skip
    _wait_for_lines(out, 9, proc)
    workers = [p for p in psutil.Process(proc.pid).children(recursive=True) if "spawn_main" in " ".join(p.cmdline())]
    assert len(workers) >= 2, [p.cmdline() for p in psutil.Process(proc.pid).children(recursive=True)]
    workers[0].send_signal(signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr.decode()
    assert b"120 deal(s)" in stdout
    got = [json.loads(x) for x in _lines_of(out)]
    assert collections.Counter(r["deal"] for r in got) == collections.Counter(range(1, 121))
    assert {r["variant"] for r in got} == {"renamed_patience"}
    ref = stats.run("golf", {}, range(1, 121), jobs=1, max_states=300, progress=False)
    assert sorted((r["deal"], r["verdict"], r["states"]) for r in got) == [
        (r["deal"], r["verdict"], r["states"]) for r in ref
    ]
    _verify_the_run(game, out, got, tmp_path)


def _verify_the_run(game, out, got, tmp_path):
    """--verify on the cluster's file replays every won line (the variant by the same path);
    one line tampered with makes it exit 1 naming that line."""
    won = [i for i, r in enumerate(got) if r["verdict"] == "won"]
    assert won, "the run should win some deals for --verify to replay"
    code, text, err = run("stats", str(game), "--verify", str(out))
    assert code == 0, text + err
    assert f"verified {len(won)} of {len(won)} won record(s)" in text and "every line wins" in text
    bad = tmp_path / "tampered.jsonl"
    lines = _lines_of(out)
    rec = json.loads(lines[won[0]])
    rec["line"] = " ".join(rec["line"].split(" ")[:-1])  # the last move cut: no win
    lines[won[0]] = json.dumps(rec)
    bad.write_text("\n".join(lines) + "\n")
    code, text, _ = run("stats", str(game), "--verify", str(bad))
    assert code == 1 and f"tampered.jsonl:{won[0] + 1}: deal {rec['deal']}:" in text and "1 FAIL" in text
