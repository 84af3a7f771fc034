"""stats: the summary's arithmetic, JSONL written as deals finish, --resume, processes, Dask,
and the cache behind --winnable and --difficulty."""
from __future__ import annotations

import json
import os

import pytest

from rulesdsl.solve import stats
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
    code, text, _ = run("stats", "black_hole", "--deals", "1-3", "--jobs", "1", "--max-states", "300",
                        "--out", str(out))
    assert code == 0 and "3 deal(s)" in text
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["deal"] for r in lines) == [1, 2, 3]
    assert all(r["variant"] == "black_hole" for r in lines)
    with open(out, "a") as f:
        f.write('{"deal": 4, "verd')            # a line cut by an interruption
    code, text, _ = run("stats", "black_hole", "--deals", "1-5", "--jobs", "1", "--max-states", "300",
                        "--out", str(out), "--resume", "--json")
    assert code == 0
    assert json.loads(text)["deals"] == 5
    done = [r["deal"] for r in stats.read_records(out)]
    assert sorted(done) == [1, 2, 3, 4, 5]         # 1-3 were not solved again


def test_processes_give_the_same_records_as_one():
    one = stats.run("golf", {}, range(1, 5), jobs=1, max_states=200, progress=False)
    two = stats.run("golf", {}, range(1, 5), jobs=2, max_states=200, progress=False)
    strip = (lambda rs: [{k: r[k] for k in ("deal", "verdict", "states")} for r in rs])
    assert strip(one) == strip(two)


def test_dask_local_cluster_of_two():
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("Dask is not installed (pip install 'rulesdsl[cluster]')")
    recs = stats.run("golf", {}, range(1, 5), cluster="local:2", max_states=200, progress=False)
    ref = stats.run("golf", {}, range(1, 5), jobs=1, max_states=200, progress=False)
    assert [(r["deal"], r["verdict"], r["states"]) for r in recs] == \
           [(r["deal"], r["verdict"], r["states"]) for r in ref]


@pytest.mark.parametrize("args", [["--deals", "x"], ["--deals", "1-2", "--jobs", "0"],
                                  ["--deals", "1-2", "--resume"], ["--deals", "1-2", "--cluster", "nowhere"],
                                  ["--deals", "1-2", "--option", "bad=1"]])
def test_stats_bad_input_exits_2(args):
    code, _, err = run("stats", "golf", *args)
    assert code == 2 and "Traceback" not in err


def test_winnable_deals_a_won_deal_and_says_which(cache):
    code, out, err = run("show", "black_hole", "--deal", "1", "--winnable")
    assert code == 0
    assert "won by the solver" in err
    code, out, err = run("show", "black_hole", "--seed", "1", "--winnable")
    assert code == 2                                 # a numbered variant counts deals, not seeds
    c = stats.DealCache("maze", {})           # a verdict already cached is not searched again
    c.add({"deal": 5, "verdict": "won", "states": 9, "difficulty": 9})
    c.add({"deal": 4, "verdict": "unwinnable", "states": 9})
    c.save()
    code, out, err = run("show", "maze", "--seed", "4", "--winnable")
    assert code == 0 and "seed 5, won by the solver" in err
    assert list(cache.glob("black_hole-*.jsonl"))


def test_difficulty_tertiles_pick_a_deal_within_its_band(cache):
    deal, rec = stats.find_winnable("black_hole", {}, 1, difficulty="easy", sample=3, max_states=3000)
    won = [r["difficulty"] for r in stats.DealCache("black_hole", {}).records.values() if r.get("difficulty")]
    lo, _ = stats.tertiles(won)
    assert rec["verdict"] == "won" and rec["difficulty"] <= lo
