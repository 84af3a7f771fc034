"""stats --verify: won records keep their line, and the engine alone replays them; a tampered
line, a record with no line, a torn line and a file of another variant are each reported."""

from __future__ import annotations

import json

import pytest

from rulesdsl.play.game import Game
from rulesdsl.stats import verify
from rulesdsl.variant.loader import load
from tests.test_architecture import import_names, module_files
from tests.test_cli import run


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDSL_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def black_hole_file(tmp_path_factory):
    """Black Hole deals 1, 6 and 8 (6 and 8 won within 300 states, 1 unwinnable)."""
    out = tmp_path_factory.mktemp("bh") / "bh.jsonl"
    for d in ("1", "6", "8"):
        code, _, err = run("stats", "black_hole", "--deals", d, "--jobs", "1", "--max-states", "300", "--out", str(out))
        assert code == 0, err
    return out


def records(path) -> list:
    return [json.loads(x) for x in path.read_text().splitlines()]


def write(path, recs) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))


def test_won_records_keep_a_line_that_replays(black_hole_file):
    recs = records(black_hole_file)
    won = [r for r in recs if r["verdict"] == "won"]
    assert [r["deal"] for r in won] == [6, 8]
    for r in won:
        assert len(r["line"].split(" ")) == r["moves"]
        assert r["digest"] == verify.variant_digest("black_hole") and r["dealt"] == "numbering"
    assert "line" not in next(r for r in recs if r["verdict"] == "unwinnable")
    code, text, _ = run("stats", "black_hole", "--verify", str(black_hole_file))
    assert code == 0 and "verified 2 of 2 won record(s)" in text and "every line wins" in text


def test_a_tampered_line_fails_and_names_the_file_line_and_deal(black_hole_file, tmp_path):
    recs = records(black_hole_file)
    bad = tmp_path / "bad.jsonl"
    won = [i for i, r in enumerate(recs) if r["verdict"] == "won"]
    moves = recs[won[0]]["line"].split(" ")
    recs[won[0]]["line"] = " ".join(moves[:-1])  # the last move cut: no win
    recs[won[1]]["line"] = " ".join([moves[0]] * 3)  # the same card moved three times: illegal
    write(bad, recs)
    code, text, _ = run("stats", "black_hole", "--verify", str(bad))
    assert code == 1
    assert (
        f"bad.jsonl:{won[0] + 1}: deal {recs[won[0]]['deal']}: the {len(moves) - 1} move(s) end without a win" in text
    )
    assert f"bad.jsonl:{won[1] + 1}: deal {recs[won[1]]['deal']}: move " in text and "is illegal" in text
    assert "verified 0 of 2 won record(s)" in text and "2 FAIL" in text
    code, out, _ = run("stats", "black_hole", "--verify", str(bad), "--json")
    assert code == 1 and len(json.loads(out)["failed"]) == 2


def test_a_won_record_without_a_line_fails_a_torn_last_line_is_skipped_another_fails(black_hole_file, tmp_path):
    recs = records(black_hole_file)
    for r in recs:
        r.pop("line", None)
    bad = tmp_path / "noline.jsonl"
    write(bad, recs)
    with open(bad, "a") as f:
        f.write('{"deal": 9, "verd')  # a line cut by an interruption
    code, text, err = run("stats", "black_hole", "--verify", str(bad))
    assert code == 1 and "the record holds no winning line" in text
    assert f"noline.jsonl:{len(recs) + 1}: not a complete stats record" in err and "1 unreadable line" in text
    torn = tmp_path / "torn.jsonl"
    torn.write_text('{"deal": 9, "verd\n' + "".join(json.dumps(r) + "\n" for r in records(black_hole_file)))
    code, text, err = run("stats", "black_hole", "--verify", str(torn))
    assert code == 1 and "torn.jsonl:1: the line holds no stats record" in text and "verified 2 of 2" in text


def test_a_file_of_another_variant_or_text_is_refused_with_its_line(black_hole_file, tmp_path):
    recs = records(black_hole_file)
    other = tmp_path / "other.jsonl"
    write(other, recs[:1] + [{**recs[1], "variant": "golf"}])
    code, _, err = run("stats", "black_hole", "--verify", str(other))
    assert code == 2 and "other.jsonl:2: the record is of variant 'golf', not 'black_hole'" in err
    write(other, [{**recs[0], "digest": "0123456789abcdef"}])
    code, _, err = run("stats", "black_hole", "--verify", str(other))
    assert code == 2 and "other.jsonl:1: the record was made from another text of black_hole" in err
    code, _, err = run("stats", "black_hole", "--verify", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl: cannot read" in err
    code, _, err = run("stats", "black_hole", "--verify", str(black_hole_file), "--deals", "1-3")
    assert code == 2 and "--verify reads the deals and options from the file" in err


def test_replay_deals_as_the_record_says_and_checks_every_move():
    v = load("black_hole")
    assert verify.replay(v, 6, "seed", "") == "the record holds no winning line"
    assert "is illegal" in verify.replay(v, 6, "seed", "nonsense")
    assert verify.replay(v, -1, "seed", "x").startswith("cannot deal it")
    fc = load("freecell")
    g = verify.new_game(fc, 1, "numbering")
    assert g.state.piles == Game.numbered(fc, 1).state.piles  # Microsoft's deal 1
    assert verify.new_game(fc, 1, "seed").state.piles == Game.new(fc, 1).state.piles != g.state.piles


def test_verify_imports_nothing_of_the_solver():
    """The verifier must not vouch for the solver with the solver's code: no module it
    reaches through its imports (the whole closure) is of the solve stage."""
    files = module_files()
    known = set(files)
    packages = {n for n, f in files.items() if f.name == "__init__.py"}
    seen, todo = set(), ["stats.verify"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        src = files[name].read_text(encoding="utf-8")
        todo.extend(target for target, _, _ in import_names(name, src, known, packages))
    assert "stats.verify" in seen and "play.game" in seen
    reached = sorted(n for n in seen if n.split(".")[0] in ("solve", "stats") and n != "stats.verify")
    assert reached == [], f"stats.verify reaches {reached}"
