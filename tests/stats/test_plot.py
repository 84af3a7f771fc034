"""stats --plot: the winnable share per pass with its interval, and the difficulty histogram,
as reproducible SVG through svgplot."""

from __future__ import annotations

import pytest

from rulesdsl.stats import plot, runner
from tests.test_cli import run

pytest.importorskip("matplotlib")


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))


def summaries(records_per_pass):
    return [
        {"pass": k, "time_limit": t, "ran": len(recs), **runner.summary(recs)}
        for k, (t, recs) in enumerate(records_per_pass, 1)
    ]


RECS = [{"deal": i, "verdict": "won", "difficulty": 10 * i} for i in range(1, 9)] + [
    {"deal": 9, "verdict": "unwinnable"},
    {"deal": 10, "verdict": "unknown"},
]


def test_the_picture_shows_each_pass_and_the_difficulty_and_is_reproducible():
    s = summaries([(10, RECS[:5] + RECS[8:]), (60, RECS)])
    first = plot.figure(s, RECS, "demo: deals 1-10")
    assert first == plot.figure(s, RECS, "demo: deals 1-10")
    assert "<svg" in first and "demo: deals 1-10" in first
    assert "winnable share per pass" in first and "difficulty of the 8 won deal(s)" in first
    assert "60 s" in first and "pass 2" in first


def test_no_won_deal_and_one_difficulty_still_draw():
    lost = [{"deal": 1, "verdict": "unwinnable"}]
    assert "no won deal with a difficulty" in plot.figure(summaries([(10, lost)]), lost, "t")
    one = [{"deal": 1, "verdict": "won", "difficulty": 5}]
    assert "difficulty of the 1 won deal(s)" in plot.figure(summaries([(10, one)]), one, "t")
    untagged = [{"pass": None, "time_limit": 10, "ran": 1, **runner.summary(one)}]
    assert "all" in plot.figure(untagged, one, "t")


def test_the_cli_writes_the_picture(tmp_path):
    svg = tmp_path / "p.svg"
    code, _, err = run(
        "stats",
        "black_hole",
        "--deals",
        "6-8",
        "--jobs",
        "1",
        "--max-states",
        "300",
        "--passes",
        "5,30",
        "--plot",
        str(svg),
    )
    assert code == 0, err
    text = svg.read_text()
    assert "black_hole: deals 6-8" in text and "difficulty of the 2 won deal(s)" in text
    code, _, err = run(
        "stats", "black_hole", "--deals", "6", "--max-states", "300", "--plot", str(tmp_path / "no" / "p.svg")
    )
    assert code == 2 and "cannot write the picture" in err
