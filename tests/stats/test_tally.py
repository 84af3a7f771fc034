"""The client's memory stays flat: the CLI counts what it prints in a Tally as records arrive,
and hands a pass's unknown deals on as a bitmap. What it prints must be what the kept records
would give."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.stats import passes, runner
from rulesdsl.stats.records import Seen
from rulesdsl.stats.tally import PER_DECADE, Histogram, Tally
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))


VERDICT = st.sampled_from(["won", "unwinnable", "unknown"])


@given(st.lists(st.tuples(VERDICT, st.integers(1, 10**9))))
def test_a_tally_counts_what_the_summary_of_the_records_says(pairs):
    recs = [{"deal": i, "verdict": v, "difficulty": d} for i, (v, d) in enumerate(pairs)]
    t = Tally()
    for r in recs:
        t.add(r)
    assert t.summary() == runner.summary(recs)
    assert t.difficulty.total == sum(1 for v, _ in pairs if v == "won")


def test_the_histogram_bins_are_fixed_tenths_of_a_decade():
    h = Histogram.of(
        [{"verdict": "won", "difficulty": d} for d in (1, 9, 10, 11, 100)]
        + [{"verdict": "unknown", "difficulty": 5}, {"verdict": "won"}, {"verdict": "won", "difficulty": True}]
    )
    edges, counts = h.bins()
    assert h.total == 5 and len(edges) == len(counts) + 1 == 2 * PER_DECADE + 2
    assert edges[0] == 1 and edges[PER_DECADE] == 10 and edges[-2] == 100
    assert counts[0] == 1 and counts[PER_DECADE - 1] == 1 and counts[PER_DECADE] == 2 and counts[-1] == 1
    assert sum(counts) == 5 and Histogram().bins() == ([], [])


@given(st.integers(0, 40), st.integers(0, 40), st.sets(st.integers(-5, 50)))
def test_seen_iterates_what_it_marks_and_all_of_minus_removed(start, size, marks):
    span = range(start, start + size)
    seen = Seen(span)
    for d in marks:
        assert seen.add(d)
        assert not seen.add(d)
    assert list(seen) == sorted(marks) and len(seen) == len(marks)
    full = Seen.all_of(span)
    for d in marks:
        full.remove(d)
        full.remove(d)  # twice: nothing more
    rest = [d for d in span if d not in marks]
    assert list(full) == rest and len(full) == len(rest) and list(Seen(full)) == []


def test_run_hands_each_batch_on_and_keeps_none_unless_asked(tmp_path):
    out = tmp_path / "o.jsonl"
    kept = runner.run("golf", {}, range(1, 5), jobs=1, max_states=100, progress=False, out_path=out)
    got: list = []
    none = runner.run("golf", {}, range(1, 5), jobs=1, max_states=100, progress=False, each=got.extend, keep=False)
    assert none == []
    plain = lambda recs: sorted((r["deal"], r["verdict"], r["states"]) for r in recs)  # noqa: E731
    assert plain(got) == plain(kept) and len(got) == 4
    batches: list = []
    runner.run(
        "golf", {}, range(1, 7), jobs=1, max_states=100, progress=False, out_path=out, resume=True,
        each=batches.append, keep=False,
    )  # fmt: skip
    assert [r["deal"] for r in batches[0]] == [1, 2, 3, 4]  # the file's records first
    assert sorted(r["deal"] for b in batches for r in b) == list(range(1, 7))
    first = [json.loads(x) for x in out.read_text().splitlines()][:4]
    read = list(runner._resumed(out, range(1, 5), None, Seen(range(1, 5)), None, batch=3))
    assert [len(b) for b in read] == [3, 1] and [r for b in read for r in b] == first  # read in batches


def fake_solve(name, options, deal, time_limit=None, max_states=None, by_seed=False, **worker):
    """Deal d: lost when a multiple of 5, else won in d seconds (difficulty 7**d), else unknown."""
    if deal % 5 == 0:
        return {"deal": deal, "verdict": "unwinnable", "states": 1, "seconds": 0.0}
    if deal <= time_limit:
        return {"deal": deal, "verdict": "won", "states": deal, "seconds": 0.0, "difficulty": 7**deal}
    return {"deal": deal, "verdict": "unknown", "states": 9, "seconds": 0.0, "limit": "time"}


def test_streamed_passes_count_what_the_kept_records_give(monkeypatch):
    monkeypatch.setattr(runner, "solve_deal", fake_solve)
    settled = ({"deal": d, "verdict": "won", "difficulty": 3} for d in (4, 4, 99))  # 99 is not asked for
    streamed: list = []
    summaries, tally = passes.stream_passes(
        "black_hole", {}, range(1, 15), [2, 6, 20], settled=settled, jobs=1, progress=False, each=streamed.extend
    )
    final: dict = {}
    for k, s in enumerate(summaries, 1):
        final.update((r["deal"], r) for r in streamed if r.get("pass", 1) <= k)
        assert {x: s[x] for x in s if x not in ("pass", "time_limit", "ran")} == runner.summary(final.values())
    assert [s["ran"] for s in summaries] == [13, 9, 7]
    assert tally.summary() == runner.summary(final.values()) and tally.unknown == 0
    assert tally.difficulty.bins() == Histogram.of(final.values()).bins() and tally.difficulty.total == 12
    kept_summaries, records = passes.run_passes(
        "black_hole", {}, range(1, 15), [2, 6, 20], settled={4: {"deal": 4, "verdict": "won"}}, jobs=1, progress=False
    )
    assert kept_summaries == summaries and runner.summary(records) == tally.summary()


def test_the_cli_prints_and_plots_what_the_kept_records_give(tmp_path):
    out = tmp_path / "o.jsonl"
    args = ["stats", "golf", "--deals", "1-8", "--jobs", "1", "--max-states", "150"]
    code, text, err = run(*args, "--out", str(out), "--json")
    assert code == 0, err
    kept = runner.run("golf", {}, range(1, 9), jobs=1, max_states=150, progress=False)
    assert json.loads(text) == runner.summary(kept) == runner.summary(runner.read_records(out))
    code, text, err = run(*args)
    assert code == 0 and text.strip() == runner.render_summary(runner.summary(kept))
    code, text, err = run(*args, "--passes", "5,30", "--json")
    assert code == 0, err
    got = json.loads(text)
    assert got["passes"][-1]["deals"] == 8 and {k: got[k] for k in runner.summary(kept)} == runner.summary(kept)
