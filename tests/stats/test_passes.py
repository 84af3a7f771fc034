"""stats --passes: every deal at the first limit, the unknown ones at the next; a summary per
pass; records tagged with their pass, and --resume continuing a pass that was cut."""

from __future__ import annotations

import json

import pytest

from rulesdsl.core.errors import InputError
from rulesdsl.stats import passes, runner
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))


@pytest.fixture
def solved(monkeypatch):
    """A stand-in for the solver: deal d takes d seconds (a win), or is lost when d is a
    multiple of 5; every call is counted as (deal, time limit)."""
    calls = []

    def fake(name, options, deal, time_limit=None, max_states=None, by_seed=False, **worker):
        calls.append((deal, time_limit))
        if deal % 5 == 0:
            return {"deal": deal, "verdict": "unwinnable", "states": 1, "seconds": 0.0}
        if deal <= time_limit:
            return {"deal": deal, "verdict": "won", "states": deal, "seconds": float(deal), "difficulty": deal}
        return {"deal": deal, "verdict": "unknown", "states": 9, "seconds": time_limit, "limit": "time"}

    monkeypatch.setattr(runner, "solve_deal", fake)
    return calls


def test_parse_passes():
    assert passes.parse_passes("10,60,600") == [10.0, 60.0, 600.0]
    assert passes.parse_passes(" 0.5 , 2") == [0.5, 2.0]
    for bad, why in (
        ("10,5", "does not rise above 10"),
        ("10,x", "'x' is not a number"),
        ("0", "not a number of seconds above 0"),
        ("inf", "not a number of seconds above 0"),
        ("nan", "not a number of seconds above 0"),
        ("", "is not a number"),
        (",".join(str(i) for i in range(1, 13)), "at most 10 time limits"),
    ):
        with pytest.raises(InputError, match=why):
            passes.parse_passes(bad)


def test_each_pass_runs_the_unknown_deals_of_the_one_before(solved, tmp_path):
    out = tmp_path / "p.jsonl"
    summaries, records = passes.run_passes(
        "black_hole", {}, range(1, 13), [2, 6, 20], jobs=1, out_path=out, progress=False
    )
    assert [s["ran"] for s in summaries] == [12, 8, 5]  # 5 and 10 are lost; 1, 2 won in pass 1
    assert [(s["won"], s["unwinnable"], s["unknown"]) for s in summaries] == [(2, 2, 8), (5, 2, 5), (10, 2, 0)]
    assert [s["time_limit"] for s in summaries] == [2, 6, 20]
    assert [r["deal"] for r in records] == list(range(1, 13)) and all(r["verdict"] != "unknown" for r in records)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 12 + 8 + 5
    assert {(r["pass"], r["time_limit"]) for r in lines} == {(1, 2), (2, 6), (3, 20)}
    assert sorted((d, t) for d, t in solved) == sorted((r["deal"], r["time_limit"]) for r in lines)
    text = passes.render_passes(summaries)
    assert "pass 1 (2 s each, 12 deal(s) run):" in text and "pass 3 (20 s each, 5 deal(s) run):" in text


def test_no_pass_runs_when_no_deal_is_unknown_and_settled_deals_are_not_run(solved):
    settled = {d: {"deal": d, "verdict": "won"} for d in (3, 4)}
    summaries, records = passes.run_passes(
        "black_hole", {}, range(1, 6), [10, 60], settled=settled, jobs=1, progress=False
    )
    assert len(summaries) == 1 and summaries[0]["ran"] == 3 and summaries[0]["deals"] == 5
    assert sorted(d for d, _ in solved) == [1, 2, 5]


def test_resume_continues_the_pass_that_was_cut_and_solves_no_deal_twice(solved, tmp_path):
    out = tmp_path / "p.jsonl"
    passes.run_passes("black_hole", {}, range(1, 13), [2, 6, 20], jobs=1, out_path=out, progress=False)
    lines = out.read_text().splitlines()
    cut = lines[: 12 + 4]  # pass 2 cut after four of its eight deals, the fifth line torn
    out.write_text("\n".join(cut) + "\n" + lines[16][:20])
    solved.clear()
    summaries, records = passes.run_passes(
        "black_hole", {}, range(1, 13), [2, 6, 20], jobs=1, out_path=out, resume=True, progress=False
    )
    assert len(solved) == 4 + 5  # the rest of pass 2, then pass 3
    done = {(json.loads(x)["deal"], json.loads(x)["time_limit"]) for x in cut}
    assert set(solved).isdisjoint(done) and len(set(solved)) == len(solved)
    assert [(s["won"], s["unwinnable"], s["unknown"]) for s in summaries] == [(2, 2, 8), (5, 2, 5), (10, 2, 0)]
    kept = [json.loads(x) for x in out.read_text().splitlines() if x.endswith("}")]
    assert len({(r["deal"], r["pass"]) for r in kept}) == len(kept) == 25


def test_the_cli_reports_each_pass_and_refuses_a_bad_list(tmp_path):
    code, text, err = run(
        "stats", "black_hole", "--deals", "1-3", "--jobs", "1", "--max-states", "300", "--passes", "5,30", "--json"
    )
    assert code == 0, err
    s = json.loads(text)
    assert s["passes"][0]["pass"] == 1 and s["passes"][0]["ran"] == 3 and s["deals"] == 3
    code, _, err = run("stats", "black_hole", "--deals", "1-3", "--passes", "30,5")
    assert code == 2 and "--passes takes rising time limits" in err and "does not rise above 30" in err
