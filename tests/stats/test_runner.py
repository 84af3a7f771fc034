"""stats: the summary's arithmetic, JSONL written as deals finish, --resume, processes, Dask,
and the cache behind --winnable and --difficulty."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from rulesdsl.stats import runner as stats
from rulesdsl.variant.registry import find_variant
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_wilson_interval_known_values():
    lo, hi = stats.wilson(81, 100)
    assert round(lo, 4) == 0.7222 and round(hi, 4) == 0.8749
    assert stats.wilson(0, 0) == (0.0, 1.0)
    lo, hi = stats.wilson(10, 10)
    assert round(hi, 9) == 1.0 and 0.69 < lo < 0.73


def test_summary_counts_and_bounds():
    recs = [{"deal": i, "verdict": v} for i, v in enumerate(["won"] * 6 + ["unwinnable"] * 2 + ["unknown"] * 2)]
    s = stats.summary(recs)
    assert (s["deals"], s["won"], s["unwinnable"], s["unknown"]) == (10, 6, 2, 2)
    assert s["winnable"]["estimate"] == 0.75
    assert s["winnable"]["bounds"] == [0.6, 0.8]
    lo, hi = s["winnable"]["wilson95"]
    assert lo < 0.75 < hi


def test_parse_range():
    assert stats.parse_range("3-5") == range(3, 6)
    assert stats.parse_range("7") == range(7, 8)
    for bad in ("5-3", "a-b", "-1-2", "1-99999999999"):
        with pytest.raises(ValueError):
            stats.parse_range(bad)


def test_jsonl_is_appended_and_resume_skips_done_deals(tmp_path):
    out = tmp_path / "o.jsonl"
    code, text, _ = run(
        "stats", "black_hole", "--deals", "1-3", "--jobs", "1", "--max-states", "300", "--out", str(out)
    )
    assert code == 0 and "3 deal(s)" in text
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["deal"] for r in lines) == [1, 2, 3]
    assert all(r["variant"] == "black_hole" for r in lines)
    with open(out, "a") as f:
        f.write('{"deal": 4, "verd')  # a line cut by an interruption
    code, text, _ = run(
        "stats",
        "black_hole",
        "--deals",
        "1-5",
        "--jobs",
        "1",
        "--max-states",
        "300",
        "--out",
        str(out),
        "--resume",
        "--json",
    )
    assert code == 0
    assert json.loads(text)["deals"] == 5
    done = [r["deal"] for r in stats.read_records(out)]
    assert sorted(done) == [1, 2, 3, 4, 5]  # 1-3 were not solved again


def test_processes_give_the_same_records_as_one():
    one = stats.run("golf", {}, range(1, 5), jobs=1, max_states=200, progress=False)
    two = stats.run("golf", {}, range(1, 5), jobs=2, max_states=200, progress=False)
    strip = lambda rs: [{k: r[k] for k in ("deal", "verdict", "states")} for r in rs]
    assert strip(one) == strip(two)


def test_dask_local_cluster_of_two(tmp_path):
    """A variant given as a path outside the tree, renamed: the workers get its text."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("Dask is not installed (pip install 'rulesdsl[cluster]')")
    game = tmp_path / "not_shipped.yaml"
    shutil.copy(find_variant("golf"), game)
    recs = stats.run(str(game), {}, range(1, 5), cluster="local:2", max_states=200, progress=False, chunk=1)
    ref = stats.run("golf", {}, range(1, 5), jobs=1, max_states=200, progress=False)
    assert [(r["deal"], r["verdict"], r["states"]) for r in recs] == [
        (r["deal"], r["verdict"], r["states"]) for r in ref
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["--deals", "x"],
        ["--deals", "1-2", "--jobs", "0"],
        ["--deals", "1-2", "--resume"],
        ["--deals", "1-2", "--cluster", "nowhere"],
        ["--deals", "1-2", "--option", "bad=1"],
    ],
)
def test_stats_bad_input_exits_2(args):
    code, _, err = run("stats", "golf", *args)
    assert code == 2 and "Traceback" not in err


def test_winnable_deals_a_won_deal_and_says_which(cache):
    code, out, err = run("show", "black_hole", "--deal", "1", "--winnable")
    assert code == 0
    assert "won by the solver" in err
    c = stats.DealCache("maze", {})  # a verdict already cached is not searched again
    c.add({"deal": 5, "verdict": "won", "states": 9, "difficulty": 9})
    c.add({"deal": 4, "verdict": "unwinnable", "states": 9})
    c.save()
    code, out, err = run("show", "maze", "--seed", "4", "--winnable")
    assert code == 0 and "seed 5, won by the solver" in err
    assert list(cache.glob("black_hole-*.jsonl"))


def test_winnable_on_a_numbered_variant_takes_a_seed_or_a_deal(cache):
    """--seed searches the seeded shuffle's deals, --deal the numbering's: both as docs/solver.md says."""
    c = stats.DealCache("black_hole", {}, "seed")
    c.add({"deal": 7, "verdict": "unwinnable", "states": 9})
    c.save()
    code, out, err = run("show", "black_hole", "--seed", "7", "--winnable")
    assert code == 0, err
    seed = int(err.split("seed ", 1)[1].split(",")[0])
    assert seed > 7  # 7 was cached as unwinnable
    assert out == run("show", "black_hole", "--seed", str(seed))[1]
    assert out != run("show", "black_hole", "--deal", str(seed))[1]
    assert stats.DealCache("black_hole", {}, "seed").records[seed]["verdict"] == "won"
    code, out, err = run("show", "black_hole", "--deal", "7", "--winnable")
    assert code == 0 and "rulesdsl: deal " in err


def test_difficulty_tertiles_pick_a_deal_within_its_band(cache):
    deal, rec = stats.find_winnable("black_hole", {}, 1, difficulty="easy", sample=3, max_states=3000)
    won = [r for r in stats.DealCache("black_hole", {}).records.values() if r["verdict"] == "won"]
    assert rec["verdict"] == "won" and rec["difficulty"] == min(r["difficulty"] for r in won)


def _fill(records, name="golf"):
    c = stats.DealCache(name, {})
    for r in records:
        c.add(r)
    c.save()


def _no_search(*args, **kw):
    raise AssertionError("searched a deal the cache holds")


@pytest.mark.parametrize("same", [False, True])
def test_easy_and_hard_are_different_deals_when_the_cache_has_enough(monkeypatch, same):
    _fill(
        [{"deal": d, "verdict": "won", "states": 5, "difficulty": 50 if same else (d * 37) % 101} for d in range(1, 31)]
    )
    monkeypatch.setattr(stats, "solve_deal", _no_search)
    picks = {
        level: stats.find_winnable("golf", {}, 1, difficulty=level, progress=False)
        for level in ("easy", "medium", "hard")
    }
    assert len({deal for deal, _ in picks.values()}) == 3
    assert picks["easy"][1]["difficulty"] <= picks["medium"][1]["difficulty"] <= picks["hard"][1]["difficulty"]
    if not same:
        assert picks["easy"][1]["difficulty"] < picks["hard"][1]["difficulty"]


def _fake_solver(calls, verdict="unknown"):
    def solve(name, options, deal, time_limit=None, max_states=None, by_seed=False):
        calls.append((deal, time_limit, max_states))
        rec = {"deal": deal, "verdict": verdict, "states": 10, "seconds": 0.0}
        if verdict == "won":
            rec["difficulty"] = deal
        return rec

    return solve


def test_unknown_verdicts_are_cached_with_their_limits(monkeypatch):
    calls: list = []
    monkeypatch.setattr(stats, "solve_deal", _fake_solver(calls))
    find = lambda **kw: stats.find_winnable("golf", {}, 1, tries=4, progress=False, **kw)
    with pytest.raises(LookupError):
        find(time_limit=2.0, max_states=500)
    assert [c[0] for c in calls] == [1, 2, 3, 4]
    with pytest.raises(LookupError):  # the same limits: nothing searched again
        find(time_limit=2.0, max_states=500)
    with pytest.raises(LookupError):  # smaller ones neither
        find(time_limit=1.0, max_states=400)
    assert len(calls) == 4
    with pytest.raises(LookupError):  # a larger time limit searches again
        find(time_limit=3.0, max_states=500)
    with pytest.raises(LookupError):  # and so does a larger table, or no time limit
        find(time_limit=3.0, max_states=600)
    with pytest.raises(LookupError):
        find(time_limit=None, max_states=600)
    assert len(calls) == 16
    with pytest.raises(LookupError):
        find(time_limit=None, max_states=600)
    assert len(calls) == 16
    monkeypatch.setattr(stats, "solve_deal", _fake_solver(calls, "won"))
    assert find(time_limit=None, max_states=700)[0] == 1  # a verdict replaces an unknown
    assert stats.DealCache("golf", {}).records[1]["verdict"] == "won"


def test_difficulty_says_why_it_is_slow_once_and_shows_a_bar(monkeypatch, capsys):
    calls: list = []
    monkeypatch.setattr(stats, "solve_deal", _fake_solver(calls, "won"))
    said: list = []
    deal, _ = stats.find_winnable("golf", {}, 1, difficulty="hard", sample=6, progress=True, say=said.append)
    assert deal == 5 and len(calls) == 6
    assert len(said) == 1 and "need 6 won deals and 0 are cached" in said[0]
    assert "deals solved" in capsys.readouterr().err  # tqdm's bar
    said.clear()
    assert stats.find_winnable("golf", {}, 1, difficulty="easy", sample=6, say=said.append)[0] == 1
    assert said == [] and len(calls) == 6


def test_ctrl_c_during_stats_says_how_far_and_that_resume_continues(tmp_path, monkeypatch):
    out = tmp_path / "o.jsonl"
    real = stats.solve_deal

    def solve(name, options, deal, *args, **kw):
        if deal == 4:
            raise KeyboardInterrupt
        return real(name, options, deal, *args, **kw)

    monkeypatch.setattr(stats, "solve_deal", solve)
    code, text, err = run("stats", "golf", "--deals", "1-6", "--jobs", "1", "--max-states", "200", "--out", str(out))
    assert code == 130 and text == ""
    assert "interrupted after 3 of 6 deal(s)" in err and "--resume" in err and str(out) in err
    assert sorted(r["deal"] for r in stats.read_records(out)) == [1, 2, 3]
    monkeypatch.setattr(stats, "solve_deal", real)
    code, text, err = run(
        "stats", "golf", "--deals", "1-6", "--jobs", "1", "--max-states", "200", "--out", str(out), "--resume"
    )
    assert code == 0 and "6 deal(s)" in text


def test_ctrl_c_while_looking_for_a_winnable_deal_keeps_what_was_solved(monkeypatch):
    calls: list = []
    fake = _fake_solver(calls, "unwinnable")

    def solve(name, options, deal, *args, **kw):
        if deal == 3:
            raise KeyboardInterrupt
        return fake(name, options, deal, *args, **kw)

    monkeypatch.setattr(stats, "solve_deal", solve)
    code, out, err = run("show", "golf", "--winnable")
    assert code == 130 and out == "" and "the deals solved so far are cached" in err
    assert sorted(stats.DealCache("golf", {}).records) == [1, 2]


def test_sigint_to_a_stats_process_and_its_workers_exits_130(tmp_path):
    """Ctrl-C as a terminal sends it: SIGINT to the whole process group, workers included."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "o.jsonl"
    # SIGINT's default handler, even when the test itself runs where SIGINT is ignored (a
    # background job), as a terminal's shell would give it
    code = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from rulesdsl.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "stats",
            "golf",
            "--deals",
            "1-100000",
            "--jobs",
            "2",
            "--max-states",
            "2000",
            "--out",
            str(out),
        ],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "RULESDSL_CACHE": str(tmp_path / "c")},
    )
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_text().count("\n") >= 1) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)  # the deals in flight end within their limits
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    done = len(stats.read_records(out))
    assert f"interrupted after {done} of 100000 deal(s)" in err, err
    assert "--resume continues" in err and "Traceback" not in err


def test_no_beam_reaches_solve_and_is_said_in_every_record(tmp_path, monkeypatch):
    """stats --no-beam: each deal's solve() runs without the win finder's stage, and the
    records (the file's and the cache's unknowns) say so; the default keeps it on."""
    seen: list = []
    real = stats.solve

    def spy(*a, **kw):
        seen.append(kw.get("beam"))
        return real(*a, **kw)

    monkeypatch.setattr(stats, "solve", spy)
    out = tmp_path / "o.jsonl"
    args = ("stats", "golf", "--deals", "1-2", "--jobs", "1", "--time-limit", "0.05", "--out", str(out))
    code, _, _ = run(*args, "--no-beam")
    assert code == 0 and seen == [False, False]
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["beam"] for r in recs] == [False, False]
    seen.clear()
    out.unlink()
    code, _, _ = run(*args)
    assert code == 0 and seen == [True, True]
    assert all("beam" not in json.loads(x) for x in out.read_text().splitlines())


def test_an_unknown_covers_only_the_same_beam_mode():
    """An unknown found with the win finder's stage off is no answer for a search with it on
    (the finder may win it), nor the other way (the search alone has the whole limit)."""
    c = stats.DealCache("golf", {})
    c.add({"deal": 1, "verdict": "unknown", "states": 9}, 2.0, 500, beam=False)
    c.add({"deal": 2, "verdict": "unknown", "states": 9}, 2.0, 500)
    assert c.known(1, 2.0, 500, beam=False) is not None and c.known(1, 2.0, 500) is None
    assert c.known(2, 2.0, 500) is not None and c.known(2, 2.0, 500, beam=False) is None
    assert c.known(1, 1.0, 400, beam=False) is not None  # smaller limits, the same mode
    c.save()
    again = stats.DealCache("golf", {})  # the mode is kept in the file
    assert again.known(1, 2.0, 500) is None and again.known(1, 2.0, 500, beam=False) is not None
