"""Hints and winnable deals from the solver's worker pool; the limits on that work."""

from __future__ import annotations

import asyncio

import pytest

from rulesdsl.web import hints as hints_module
from rulesdsl.web.hints import Hints
from rulesdsl.web.store import Record

from .conftest import NEAR_LOST, NEAR_WON, RANKS, STALLED, WINNING_MOVE, client_for, new, post

TWO_LEFT = NEAR_WON.replace(" QS; ", "; ").replace("tableau[0]: KS", "tableau[0]: KS QS")
assert "JS;" in TWO_LEFT and RANKS[11] == "Q"
GOLF_LOST_POSITION = "foundation[0]: 5H; tableau[0]: KC 7D 6S; tableau[1]: 4C 8H; stock[0]: 2D 9S"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with client_for(tmp_path_factory.mktemp("hints"), hint_workers=1) as c:
        yield c


def test_the_hint_is_the_solver_s_winning_line(client):
    g = new(client, variant="freecell", position=NEAR_WON)
    h = post(client, g, "hint", {"seconds": 10})
    assert h["verdict"] == "won" and h["source"] == "solver"
    assert h["line"] == [WINNING_MOVE] and h["move"]["text"] == WINNING_MOVE and h["move"]["dest"] == "foundation[0]"


def test_along_the_line_the_next_hint_is_the_rest_of_it_at_once(client, monkeypatch):
    g = new(client, variant="freecell", position=TWO_LEFT)
    h = post(client, g, "hint", {"seconds": 10})
    assert h["verdict"] == "won" and len(h["line"]) == 2
    g = post(client, g, "moves", {"move": h["line"][0]})

    async def no_search(*args, **kw):
        raise AssertionError("searched again")

    monkeypatch.setattr(client.app.state.hints, "_run", no_search)
    again = post(client, g, "hint")
    assert again["line"] == h["line"][1:] and again["move"]["text"] == h["line"][1]


def test_an_unwinnable_position_gets_a_heuristic_move(client):
    g = new(client, variant="freecell", position=STALLED)
    h = post(client, g, "hint", {"seconds": 10})
    assert h["verdict"] == "unwinnable" and h["source"] == "heuristic" and h["line"] is None
    assert h["move"]["text"] in {m["text"] for m in g["moves"]}


def test_below_a_position_proved_lost_the_hint_needs_no_search(client, monkeypatch):
    g = new(client, variant="freecell", position=STALLED)
    assert post(client, g, "hint", {"seconds": 10})["verdict"] == "unwinnable"
    g = post(client, g, "moves", {"move": g["moves"][0]["text"]})

    async def no_search(*args, **kw):
        raise AssertionError("searched again")

    monkeypatch.setattr(client.app.state.hints, "_run", no_search)
    h = post(client, g, "hint", {"seconds": 10})
    assert h["verdict"] == "unwinnable" and h["move"]["text"] in {m["text"] for m in g["moves"]}


def test_a_game_that_is_over_needs_no_search(client):
    g = new(client, variant="freecell", position=NEAR_LOST)
    lost = post(client, g, "moves", {"move": "9C@tableau[3]>cell[3]"})
    assert post(client, lost, "hint") == {"move": None, "line": None, "verdict": "unwinnable", "source": "solver"}


def test_a_full_pool_answers_503(client, monkeypatch):
    monkeypatch.setattr(hints_module, "MAX_PENDING", 0)
    g = new(client, variant="freecell", deal=1)
    r = client.post(f"/api/games/{g['id']}/hint", json={})
    assert r.status_code == 503 and "busy" in r.json()["error"]


def test_a_winnable_deal_is_one_the_solver_won(client):
    g = new(client, variant="freecell", deal=617, winnable=True)
    assert isinstance(g["deal"], int) and g["deal"] >= 617 and g["seed"] is None


def test_no_winnable_deal_within_the_budget_is_422(client, monkeypatch):
    monkeypatch.setattr(hints_module, "WINNABLE_SECONDS", 1e-6)
    r = client.post("/api/games", json={"variant": "sakhmet", "winnable": True})
    assert r.status_code == 422 and "no winnable deal" in r.json()["error"]


def test_a_second_hint_for_a_game_waits_for_the_first():
    h = Hints(1)
    running, calls = [0], []

    async def fake_run(fn, *args, timeout, slot=None):
        running[0] += 1
        calls.append(args)
        assert running[0] == 1
        await asyncio.sleep(0.05)
        running[0] -= 1
        return {"verdict": "won", "line": ["a", "b"], "states": 1, "seconds": 0.0}

    h._run = fake_run  # type: ignore[method-assign]
    rec = Record("g", "golf", {}, 1, None)

    async def both():
        return await asyncio.gather(h.solve(rec, [], 1.0), h.solve(rec, [], 1.0))

    first, second = asyncio.run(both())
    assert first == second and len(calls) == 1 and h._locks == {}  # the second found the first's answer
    assert h.known("g", ["a"])["line"] == ["b"] and h.known("g", ["x"]) is None


def test_a_hint_for_a_position_left_meanwhile_is_409(client, monkeypatch):
    g = new(client, variant="freecell", deal=2)
    live = client.app.state.live

    async def moved_meanwhile(rec, played, seconds):
        s = live.cached(rec.id)
        s.play(s.game.move_text(s.game.legal_moves()[0]))  # another request's move, during the search
        return {"verdict": "unknown", "line": [], "states": 1, "seconds": 0.0}

    monkeypatch.setattr(client.app.state.hints, "solve", moved_meanwhile)
    r = client.post(f"/api/games/{g['id']}/hint", json={})
    assert r.status_code == 409 and "changed" in r.json()["error"]
    assert client.get(f"/api/games/{g['id']}").json()["move_count"] == 1


def test_an_unknown_is_searched_again_when_more_time_is_asked_and_no_lock_is_left():
    h = Hints(1)
    calls = []

    async def fake_run(fn, *args, timeout, slot=None):
        seconds = args[7]  # solve_job's (game_id, name, options, seed, deal, start, moves, seconds, text)
        calls.append(seconds)
        return {"verdict": "unknown", "line": [], "states": 1, "seconds": seconds}

    h._run = fake_run  # type: ignore[method-assign]
    rec = Record("g", "golf", {}, 1, None)

    async def asks():
        await h.solve(rec, [], 2.0)
        await h.solve(rec, [], 1.0)  # no longer than before: the kept answer
        await h.solve(rec, [], 5.0)  # longer: searched again

    asyncio.run(asks())
    assert calls == [2.0, 5.0] and h._locks == {}


def test_a_game_s_hints_go_to_one_worker_which_keeps_its_proofs(monkeypatch):
    """The worker's HintMemo per game: the same one for the same game (so its second search
    starts from the first's proofs), another for another game, the oldest dropped past
    MEMO_GAMES; and the game's slot is the same every time."""
    monkeypatch.setattr(hints_module, "_MEMOS", type(hints_module._MEMOS)())
    monkeypatch.setattr(hints_module, "MEMO_GAMES", 2)
    first = hints_module.solve_job("g1", "golf", {}, None, None, GOLF_LOST_POSITION, [], 5.0)
    assert first["verdict"] == "unwinnable" and first["states"] >= 1
    memo = hints_module._memo("g1", "golf", {}, None, None, GOLF_LOST_POSITION)
    assert memo.table.size >= 1  # the proof is kept
    again = hints_module.solve_job("g1", "golf", {}, None, None, GOLF_LOST_POSITION, [], 5.0)
    assert again["verdict"] == "unwinnable" and again["states"] == 0  # answered from the memo
    hints_module._memo("g2", "golf", {}, None, None, GOLF_LOST_POSITION)
    hints_module._memo("g3", "golf", {}, None, None, GOLF_LOST_POSITION)
    assert hints_module._memo("g1", "golf", {}, None, None, GOLF_LOST_POSITION) is not memo  # dropped
    h = Hints(2)
    assert {h.slot("g1") for _ in range(5)} == {h.slot("g1")} and {h.slot(f"g{i}") for i in range(20)} == {0, 1}
