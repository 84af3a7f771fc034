"""Games and statistics outlive the application: a new app over the same folder resumes them;
the games in memory are capped, the rest are replayed from SQLite when asked for."""

from __future__ import annotations

import json
import sqlite3

import rulesdsl
from rulesdsl.formats import position
from rulesdsl.web import store as store_module
from rulesdsl.web.store import Record, Store

from .conftest import NEAR_WON, WINNING_MOVE, client_for, new, post


def play_some(client, g, n):
    for _ in range(n):
        g = post(client, g, "moves", {"move": g["moves"][0]["text"]})
    return g


def test_a_new_application_resumes_every_game_and_the_statistics(data_dir):
    with client_for(data_dir) as c:
        a = play_some(c, new(c, variant="klondike", seed=5), 6)
        a = post(c, a, "undo")
        b = play_some(c, new(c, variant="freecell", deal=617), 3)
        w = new(c, variant="freecell", position=NEAR_WON)
        post(c, w, "moves", {"move": WINNING_MOVE})
        before = [c.get(f"/api/games/{x['id']}").json() for x in (a, b, w)]
        stats = c.get("/api/variants/freecell/stats").json()
    with client_for(data_dir) as c:
        after = [c.get(f"/api/games/{x['id']}").json() for x in (a, b, w)]
        for x, y in zip(before, after):
            for key in ("position", "move_count", "can_undo", "can_redo", "outcome", "result", "score", "svg"):
                assert x[key] == y[key], key
        assert after[0]["can_redo"] and after[0]["move_count"] == 5
        assert post(c, after[0], "redo")["position"] == play_some_position(a)
        got = c.get("/api/variants/freecell/stats").json()
        assert got["played"] == stats["played"] == 1 and got["won"] == 1 and got["best_score"] == 52


def play_some_position(undone_game):
    """The position one redo gives, found again by the engine itself."""
    v = rulesdsl.load("klondike")
    g = v.new_game(5)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    return position.to_text(v, g.state)


def test_live_games_are_capped_and_evicted_ones_come_back_from_the_store(data_dir):
    with client_for(data_dir, live_cap=2) as c:
        games = [play_some(c, new(c, variant="golf", seed=s), 2) for s in (1, 2, 3)]
        live = c.app.state.live
        assert len(live) == 2 and live.cached(games[0]["id"]) is None
        again = c.get(f"/api/games/{games[0]['id']}").json()
        assert again["position"] == games[0]["position"] and again["move_count"] == 2
        assert len(live) == 2 and live.cached(games[1]["id"]) is None
        moved = post(c, again, "moves", {"move": again["moves"][0]["text"]})
        assert moved["move_count"] == 3


def test_every_move_is_committed_before_the_answer(data_dir):
    with client_for(data_dir) as c:
        g = play_some(c, new(c, variant="klondike", seed=9), 4)
        db = sqlite3.connect(data_dir / "rulesdsl.sqlite3")
        try:
            mode = db.execute("PRAGMA journal_mode").fetchone()[0]
            moves, cursor = db.execute("SELECT moves, cursor FROM games WHERE id = ?", (g["id"],)).fetchone()
        finally:
            db.close()
        assert mode == "wal" and cursor == 4 and len(json.loads(moves)) == 4


def test_the_data_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("RULESDSL_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert store_module.data_dir() == tmp_path / "xdg" / "rulesdsl"
    monkeypatch.setenv("RULESDSL_DATA", str(tmp_path / "mine"))
    assert store_module.data_dir() == tmp_path / "mine"
    s = Store()
    try:
        assert s.path == tmp_path / "mine" / "rulesdsl.sqlite3" and s.path.exists()
    finally:
        s.close()


def test_play_time_counts_pauses_only_up_to_a_cap(tmp_path, monkeypatch):
    s = Store(tmp_path)
    try:
        clock = [1000.0]
        monkeypatch.setattr(store_module.time, "time", lambda: clock[0])
        rec = Record("g1", "golf", {}, 1, None)
        s.create(rec)
        clock[0] += 20
        s.save_moves(rec)
        clock[0] += 10_000  # away from the board
        s.finish(rec, "won", 7)
        assert rec.seconds == 20 + store_module.IDLE_CAP
        st = s.stats("golf")
        assert st["total_seconds"] == rec.seconds and st["best_seconds"] == rec.seconds
        rec2 = Record("g2", "golf", {}, 2, None)
        s.create(rec2)
        clock[0] += 5
        s.finish(rec2, "lost", 99)
        st = s.stats("golf")
        assert (st["played"], st["won"], st["streak"], st["best_streak"], st["best_score"]) == (2, 1, 0, 1, 99)
        assert st["best_seconds"] == rec.seconds  # a loss is never the fastest win
    finally:
        s.close()


def test_stored_games_are_capped(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "MAX_STORED", 3)
    s = Store(tmp_path)
    try:
        for i in range(5):
            s.create(Record(f"g{i}", "golf", {}, i, None))
        assert [r.id for r in s.in_progress()] == ["g4", "g3", "g2"]
        assert s.get("g0") is None
    finally:
        s.close()


def test_a_store_that_fails_loses_the_change_and_says_so(data_dir, monkeypatch):
    with client_for(data_dir) as c:
        g = play_some(c, new(c, variant="klondike", seed=3), 2)
        store = c.app.state.store

        def full(*args, **kw):
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "save_moves", full)
        r = c.post(f"/api/games/{g['id']}/moves", json={"move": g["moves"][0]["text"]})
        assert r.status_code == 503 and "could not be saved" in r.json()["error"]
        monkeypatch.undo()
        again = c.get(f"/api/games/{g['id']}").json()  # read back as the store has it
        assert again["position"] == g["position"] and again["move_count"] == 2
