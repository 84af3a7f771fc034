"""stats --reuse: verdicts of a run under stricter or looser options settle deals without
solving them, only along the order a variant declares (loosest_first); each reused verdict
agrees with solving the deal (Klondike draw 1 / draw 3)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.core.errors import InputError
from rulesdsl.stats import reuse, verify
from rulesdsl.stats.runner import solve_deal
from rulesdsl.variant.model import Option
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))


DECLS = (
    Option("draw", 1, (1, 3), loosest_first=(1, 3)),
    Option("passes", "unlimited", ("unlimited", 1, 2, 3), loosest_first=("unlimited", 3, 2, 1)),
    Option("thoughtful", "no", ("no", "yes")),
)


def test_relation_follows_the_declared_order_only():
    mine = {"draw": 1, "passes": 1, "thoughtful": "no"}
    assert reuse.relation(DECLS, dict(mine), mine) == reuse.SAME
    assert reuse.relation(DECLS, {**mine, "draw": 3}, mine) == reuse.STRICTER
    assert reuse.relation(DECLS, {**mine, "passes": 3}, mine) == reuse.LOOSER
    assert reuse.relation(DECLS, {**mine, "passes": "unlimited"}, mine) == reuse.LOOSER
    assert reuse.relation(DECLS, {"draw": 3, "passes": 1, "thoughtful": "no"}, {**mine, "passes": 2}) == reuse.STRICTER
    with pytest.raises(InputError, match="looser in passes and stricter in draw"):
        reuse.relation(DECLS, {**mine, "draw": 3, "passes": 3}, mine)
    with pytest.raises(InputError, match="the option thoughtful differs .* does not order its values"):
        reuse.relation(DECLS, {**mine, "thoughtful": "yes"}, mine)


ORDERED = st.fixed_dictionaries({"draw": st.sampled_from([1, 3]), "passes": st.sampled_from(["unlimited", 1, 2, 3])})


@given(ORDERED, ORDERED)
def test_relation_is_antisymmetric_and_matches_the_order(a, b):
    """theirs stricter than mine exactly when mine is looser than theirs; and each option that
    differs moves the way its loosest_first list says."""
    try:
        ab = reuse.relation(DECLS, a, b)
    except InputError:
        with pytest.raises(InputError):
            reuse.relation(DECLS, b, a)
        return
    ba = reuse.relation(DECLS, b, a)
    assert (ab, ba) in ((reuse.SAME, reuse.SAME), (reuse.STRICTER, reuse.LOOSER), (reuse.LOOSER, reuse.STRICTER))
    assert (ab == reuse.SAME) == (a == b)
    for opt in DECLS[:2]:
        i, j = opt.loosest_first.index(a[opt.name]), opt.loosest_first.index(b[opt.name])
        assert i == j or (ab == reuse.STRICTER) == (i > j)


def stats_file(path, options, deals, max_states="20000"):
    args = ["stats", "klondike", "--deals", deals, "--jobs", "1", "--max-states", max_states, "--out", str(path)]
    for k, v in options.items():
        args += ["-o", f"{k}={v}"]
    code, _, err = run(*args)
    assert code == 0, err
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_a_win_under_draw_3_settles_the_deal_under_draw_1_and_its_line_verifies(tmp_path):
    src = stats_file(tmp_path / "d3.jsonl", {"draw": 3}, "1")
    assert src[0]["verdict"] == "won"
    out = tmp_path / "d1.jsonl"
    code, text, err = run("stats", "klondike", "--deals", "1", "--reuse", str(tmp_path / "d3.jsonl"), "--out", str(out))
    assert code == 0 and "1 deal(s) settled" in err and "stricter" in err and "1 won" in text
    (rec,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert rec["reused"] == {"options": {"draw": "3"}} and rec["line_options"] == {"draw": "3"}
    assert rec["line"] == src[0]["line"] and rec["states"] == 0 and "options" not in rec
    assert solve_deal("klondike", {"draw": "1"}, 1, None, 20000)["verdict"] == "won"  # it agrees
    code, text, _ = run("stats", "klondike", "--verify", str(out))
    assert code == 0 and "verified 1 of 1" in text  # the line replays under draw 3, where it was found


def test_a_loss_under_draw_1_settles_the_deal_under_draw_3_and_a_win_does_not(tmp_path):
    src = stats_file(tmp_path / "d1.jsonl", {"draw": 1, "passes": 1}, "10")
    assert src[0]["verdict"] == "unwinnable"
    rel, recs = reuse.settle("klondike", {"draw": "3", "passes": "1"}, tmp_path / "d1.jsonl", [10, 11])
    assert rel == reuse.LOOSER and [(r["deal"], r["verdict"]) for r in recs] == [(10, "unwinnable")]
    assert solve_deal("klondike", {"draw": "3", "passes": "1"}, 10, None, 20000)["verdict"] == "unwinnable"
    won = [{**src[0], "deal": 11, "verdict": "won", "line": "draw"}]
    (tmp_path / "w.jsonl").write_text(json.dumps(won[0]) + "\n")
    assert reuse.settle("klondike", {"draw": "3", "passes": "1"}, tmp_path / "w.jsonl", [11]) == (reuse.LOOSER, [])


def hand_made(tmp_path, name="f.jsonl", **fields):
    rec = {
        "variant": "klondike",
        "digest": verify.variant_digest("klondike"),
        "dealt": "numbering",
        "deal": 1,
        "verdict": "won",
        "line": "draw",
        **fields,
    }
    path = tmp_path / name
    path.write_text(json.dumps(rec) + "\n")
    return path


@pytest.mark.parametrize(
    "fields, options, message",
    [
        ({"options": {"draw": "3", "passes": "3"}}, ["-o", "passes=1"], "looser in passes and stricter in draw"),
        ({"options": {"thoughtful": "yes"}}, [], "the option thoughtful differs"),
        ({"digest": "0000000000000000"}, [], "f.jsonl:1: the record was made from another text of klondike"),
        ({"variant": "freecell"}, [], "f.jsonl:1: the record is of variant 'freecell', not 'klondike'"),
        ({"dealt": "seed"}, [], "f.jsonl:1: the record's deals were dealt by seed"),
        ({"digest": None}, [], "f.jsonl:1: the record does not say which text of the variant"),
    ],
)
def test_reuse_is_refused_with_the_reason(tmp_path, fields, options, message):
    path = hand_made(tmp_path, **fields)
    code, _, err = run("stats", "klondike", "--deals", "1", "--max-states", "10", "--reuse", str(path), *options)
    assert code == 2 and message in err and "Traceback" not in err


def test_a_torn_line_is_skipped_and_a_file_of_mixed_options_refused(tmp_path):
    path = hand_made(tmp_path, options={"draw": "3"})
    with open(path, "a") as f:
        f.write('{"deal": 2, "verd\n')
        f.write(json.dumps({**json.loads(path.read_text().splitlines()[0]), "options": {"draw": "1"}}) + "\n")
    warned = []
    with pytest.raises(InputError, match="f.jsonl:3: the file mixes runs of other options"):
        reuse.settle("klondike", {}, path, [1], warn=warned.append)
    assert warned and "f.jsonl:2: not a complete stats record" in warned[0]


@pytest.mark.slow
def test_every_reused_verdict_agrees_with_solving_the_deal(tmp_path):
    """Klondike both ways: draw 3's wins (deals 1-5) carried to draw 1, draw 1's losses with
    one pass (deals 9-13) carried to draw 3; each solved again under the rules it was carried to."""
    for src_opts, dst_opts, carried, deals in (
        ({"draw": "3"}, {"draw": "1"}, "won", (1, 5)),
        ({"draw": "1", "passes": "1"}, {"draw": "3", "passes": "1"}, "unwinnable", (9, 13)),
    ):
        name = f"{src_opts['draw']}-{len(src_opts)}.jsonl"
        stats_file(tmp_path / name, src_opts, f"{deals[0]}-{deals[1]}")
        _, recs = reuse.settle("klondike", dst_opts, tmp_path / name, range(deals[0], deals[1] + 1))
        assert recs and all(r["verdict"] == carried for r in recs)
        for r in recs:
            again = solve_deal("klondike", dst_opts, r["deal"], None, 50000)["verdict"]
            assert again in (carried, "unknown"), (src_opts, r["deal"], again)
