"""stats at scale: deals cut into chunks as they are asked for, a bounded window of chunks in
flight, the variant carried as text, the memory cap, and a pool that survives a lost process."""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.core.errors import InputError
from rulesdsl.stats import chunks, memory, pool
from rulesdsl.stats import runner as stats
from rulesdsl.stats.chunks import Chunker, Limits, spec_of
from rulesdsl.variant.registry import find_variant
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def rec(deal, seconds=0.0):
    return {"deal": deal, "verdict": "unknown", "states": 1, "seconds": seconds}


def test_a_fixed_chunk_size_cuts_the_deals_in_order():
    c = Chunker(range(1, 11), 4)
    got = []
    while (chunk := c.next()) is not None:
        got.append(chunk)
    assert got == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10)]


def test_chunks_are_sized_from_the_measured_seconds_per_deal():
    c = Chunker(range(10**9))  # never listed: the first chunk comes at once
    assert c.next() == tuple(range(chunks.FIRST_CHUNK))
    c.observe([rec(d, 0.5) for d in range(4)])  # 0.5 s a deal: 10 deals make 5 s
    assert len(c.next()) == int(chunks.CHUNK_SECONDS / 0.5)
    c.observe([rec(d, 0.0) for d in range(10_000)])  # fast deals: the cap
    assert len(c.next()) == chunks.MAX_CHUNK
    slow = Chunker(range(100))
    slow.observe([rec(0, 60.0)])  # a minute a deal: one deal a chunk, never none
    assert slow.next() == (0,)


class CountingChunker(Chunker):
    """Counts the chunks handed out and never yet seen back, to check the window."""

    def __init__(self, deals, size):
        super().__init__(deals, size)
        self.out = self.most = 0

    def next(self):
        chunk = super().next()
        if chunk is not None:
            self.out += 1
            self.most = max(self.most, self.out)
        return chunk

    def observe(self, records):
        super().observe(records)
        self.out -= 1


def echo(spec, chunk, limits):
    """A task that only hands its deals back (for the dispatch's own tests)."""
    return [rec(d) for d in chunk]


def die_once(spec, chunk, limits):
    """A task whose process dies (as one killed by the system would) the first time deal 7
    is met; the marker file ``spec`` says it happened."""
    if 7 in chunk and not os.path.exists(spec):
        open(spec, "w").close()
        os._exit(9)
    return [rec(d) for d in chunk]


def test_the_pool_keeps_a_bounded_window_and_hands_out_every_deal_once():
    chunker = CountingChunker(range(200), 3)
    seen = []
    for records in pool.results(echo, None, Limits(), chunker, 2):
        chunker.observe(records)
        seen.extend(r["deal"] for r in records)
    assert sorted(seen) == list(range(200))
    assert chunker.most <= pool.WINDOW_PER_JOB * 2


def test_a_process_that_dies_costs_only_its_chunks_which_run_again(tmp_path):
    marker = str(tmp_path / "died")
    seen = []
    for records in pool.results(die_once, marker, Limits(), Chunker(range(40), 2), 2):
        seen.extend(r["deal"] for r in records)
    assert os.path.exists(marker)  # a process died
    assert sorted(seen) == list(range(40))  # and every deal came back, once


def test_a_variant_outside_the_tree_travels_as_text_compiled_once_per_digest(tmp_path):
    path = tmp_path / "my_new_game.yaml"
    shutil.copy(find_variant("golf"), path)
    spec = spec_of(str(path), {}, travel=True)
    assert spec.text == path.read_text() and spec.digest
    path.unlink()  # a worker has no file: the text is all it gets
    v, analysis = chunks.compiled(spec)
    assert v.id == "my_new_game" and chunks.compiled(spec)[0] is v
    records = stats.solve_chunk(spec, (1, 2), Limits(max_states=100))
    ref = stats.run("golf", {}, range(1, 3), jobs=1, max_states=100, progress=False)
    assert [(r["deal"], r["states"], r["verdict"]) for r in records] == [
        (r["deal"], r["states"], r["verdict"]) for r in ref
    ]


def test_a_file_extending_a_file_beside_it_runs_here_but_cannot_travel(tmp_path):
    shutil.copy(find_variant("golf"), tmp_path / "base.yaml")
    child = tmp_path / "child.yaml"
    child.write_text("extends: base.yaml\nname: Child\n")
    assert spec_of(str(child), {}, travel=False).text is None  # --jobs reads the file here
    with pytest.raises(InputError, match="extends a file beside it"):
        spec_of(str(child), {}, travel=True)


def test_the_memory_cap_ends_a_search_as_unknown_for_memory():
    v, _ = chunks.compiled(spec_of("golf", {}, travel=False))
    per = memory.state_bytes(v)
    budget = int((memory.WORKER_BYTES + 50 * per) / memory.TABLE_SHARE) + 1
    assert memory.states_for(v, budget) == 50
    assert memory.states_for(v, None) is None and memory.states_for(v, 1) == 1
    recs = stats.run("golf", {}, range(1, 4), jobs=1, max_states=400, memory=budget, progress=False)
    hard = [r for r in recs if r["verdict"] == "unknown"]
    assert hard and all(r["limit"] == "memory" and r["states"] <= 50 for r in hard)
    # the user's own, lower limit stays the user's: "states"
    recs = stats.run("golf", {}, range(1, 4), jobs=1, max_states=30, memory=budget, progress=False)
    assert {r.get("limit") for r in recs if r["verdict"] == "unknown"} == {"states"}


def test_the_budgets_are_the_machines_memory_shared():
    total = memory.machine_memory()
    assert total is None or total > 0
    if total:
        assert memory.jobs_budget(4) == total // 4
    assert memory.worker_budget() is None  # not in a Dask worker


@given(st.lists(st.integers(min_value=-5, max_value=60)), st.booleans())
def test_seen_marks_each_deal_once_like_a_set(deals, as_range):
    from rulesdsl.stats.records import Seen

    seen = Seen(range(0, 50) if as_range else [])
    ref: set = set()
    for d in deals:
        assert seen.add(d) == (d not in ref)
        ref.add(d)
        assert d in seen
    assert all((d in seen) == (d in ref) for d in range(-5, 61))


@pytest.mark.parametrize("bad", ["0", "100001", "-3"])
def test_a_bad_chunk_size_is_one_clear_line(bad):
    code, _, err = run("stats", "golf", "--deals", "1-2", "--chunk", bad)
    assert code == 2 and "--chunk takes a number of deals per task" in err and "Traceback" not in err


def test_an_unreachable_cluster_is_one_clear_line(monkeypatch):
    pytest.importorskip("distributed")
    from rulesdsl.stats import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    code, _, err = run("stats", "golf", "--deals", "1-2", "--cluster", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_long_run_adds_only_its_first_deals_to_the_users_cache(monkeypatch):
    monkeypatch.setattr(stats, "MAX_CACHED", 3)
    stats.run("golf", {}, range(1, 7), jobs=1, max_states=50, progress=False)
    assert sorted(stats.DealCache("golf", {}).records) == [1, 2, 3]


@given(st.lists(st.integers(), max_size=60), st.one_of(st.none(), st.integers(1, 7)), st.lists(st.floats(0, 9)))
def test_chunks_hand_out_every_deal_once_in_order_whatever_their_sizes(deals, size, seconds):
    c = Chunker(deals, size)
    got: list = []
    times = iter(seconds)
    while (chunk := c.next()) is not None:
        assert 1 <= len(chunk) <= (size or chunks.MAX_CHUNK)
        got.extend(chunk)
        c.observe([rec(d, next(times, 0.1)) for d in chunk])
    assert got == deals
