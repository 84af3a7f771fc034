"""The game endpoints through Starlette's TestClient: every answer checked against the engine."""

from __future__ import annotations

import rulesdsl
from rulesdsl.formats import position

from .conftest import NEAR_LOST, NEAR_WON, SAFE_AFTER, STALLED, WINNING_MOVE, new, post

FIELDS = {
    "id",
    "variant",
    "title",
    "options",
    "seed",
    "deal",
    "numbered",
    "position",
    "moves",
    "outcome",
    "result",
    "score",
    "won",
    "over",
    "can_undo",
    "can_redo",
    "move_count",
    "autoplay",
    "autoplay_available",
    "seconds",
    "last_move",
    "svg",
}


def engine_game(variant="freecell", seed=None, deal=None, options=None):
    v = rulesdsl.load(variant, options or {})
    return v.numbered_game(deal) if deal is not None else v.new_game(seed)


def text_of(g) -> str:
    return position.to_text(g.variant, g.state)


def test_a_new_game_by_seed_is_the_engine_s_deal(client):
    g = new(client, variant="klondike", seed=7)
    assert set(g) == FIELDS
    e = engine_game("klondike", seed=7)
    assert g["seed"] == 7 and g["variant"] == "klondike" and g["title"] == e.variant.name
    assert g["position"] == text_of(e)
    assert [m["text"] for m in g["moves"]] == [e.move_text(m) for m in e.legal_moves()]
    assert g["outcome"] == "playing" and not g["over"] and g["move_count"] == 0
    assert not g["can_undo"] and not g["can_redo"] and g["last_move"] is None
    assert g["svg"].startswith("<?xml") and 'data-pile="tableau[0]"' in g["svg"]


def test_a_game_by_deal_number_and_the_move_objects(client):
    g = new(client, variant="freecell", deal=617)
    e = engine_game(deal=617)
    assert g["deal"] == 617 and g["numbered"] and g["seed"] is None
    assert g["position"] == text_of(e)
    m = g["moves"][0]
    assert set(m) == {"text", "kind", "name", "cards", "source", "dest", "sources", "dests"}
    assert m["dests"] == [m["dest"]]
    assert m["kind"] == "move" and m["source"].startswith("tableau[") and len(m["cards"]) == 1


def test_options_are_bound_and_a_random_seed_is_chosen(client):
    g = new(client, variant="sakhmet", options={"level": "draw3"})
    assert g["options"]["level"] == "draw3" and isinstance(g["seed"], int)
    draw = [m for m in g["moves"] if m["kind"] == "action"]
    assert draw and draw[0]["source"] is None and draw[0]["pile"] and draw[0]["name"] == draw[0]["text"]
    assert draw[0]["dests"] and draw[0]["pile"] not in draw[0]["dests"]


def test_get_returns_the_same_game(client):
    g = new(client, variant="golf", seed=3)
    r = client.get(f"/api/games/{g['id']}")
    assert r.status_code == 200 and r.json() == g
    svg = client.get(f"/api/games/{g['id']}/board.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml") and svg.text == g["svg"]


def test_a_move_is_played_by_the_engine(client):
    g = new(client, variant="freecell", deal=617)
    e = engine_game(deal=617)
    text = g["moves"][3]["text"]
    after = post(client, g, "moves", {"move": text})
    e.play(text)
    assert after["position"] == text_of(e) and after["move_count"] == 1
    assert after["last_move"]["text"] == text and after["can_undo"] and not after["can_redo"]


def test_an_illegal_move_is_422_with_the_engine_s_reason(client):
    g = new(client, variant="freecell", deal=617)
    e = engine_game(deal=617)
    for bad in ("AH@tableau[0]>cell[0]", "no such move", "9Z@tableau[0]>cell[0]", "AH@heaven[0]>cell[0]"):
        r = client.post(f"/api/games/{g['id']}/moves", json={"move": bad})
        assert r.status_code == 422
        try:
            e.play(bad)
        except rulesdsl.MoveError as exc:
            assert r.json() == {"error": str(exc)}
    assert client.get(f"/api/games/{g['id']}").json()["position"] == g["position"]


def test_undo_and_redo_are_unlimited_and_restart_keeps_the_moves_to_redo(client):
    g = new(client, variant="klondike", seed=11)
    seen = [g["position"]]
    cur = g
    for _ in range(12):
        cur = post(client, cur, "moves", {"move": cur["moves"][0]["text"]})
        seen.append(cur["position"])
    for i in range(12, 0, -1):
        cur = post(client, cur, "undo")
        assert cur["position"] == seen[i - 1] and cur["move_count"] == i - 1
    assert not cur["can_undo"] and cur["can_redo"]
    assert post(client, cur, "undo")["position"] == seen[0]  # nothing to undo: unchanged
    for i in range(1, 13):
        cur = post(client, cur, "redo")
        assert cur["position"] == seen[i]
    assert not post(client, cur, "redo")["can_redo"]
    cur = post(client, cur, "restart")
    assert cur["position"] == seen[0] and cur["move_count"] == 0 and cur["can_redo"]
    cur = post(client, cur, "redo")
    assert cur["position"] == seen[1]
    cur = post(client, cur, "moves", {"move": cur["moves"][-1]["text"]})
    assert not cur["can_redo"]  # a new move drops what could be redone


def test_a_win_is_counted_once_and_ends_the_game(client):
    g = new(client, variant="freecell", position=NEAR_WON)
    won = post(client, g, "moves", {"move": WINNING_MOVE})
    assert won["outcome"] == "won" and won["won"] and won["over"] and won["result"] == "won"
    assert won["score"] == 52 and won["moves"] == [] and not won["can_undo"]
    for verb, body in (("moves", {"move": WINNING_MOVE}), ("undo", None), ("redo", None), ("resign", None)):
        assert "over" in post(client, won, verb, body, status=409)["error"]
    stats = client.get("/api/variants/freecell/stats").json()
    assert (stats["played"], stats["won"], stats["lost"], stats["streak"], stats["best_streak"]) == (1, 1, 0, 1, 1)
    assert stats["best_score"] == 52 and stats["win_rate"] == 1.0 and stats["in_progress"] == 0
    again = post(client, won, "restart")  # the same deal, played afresh
    assert again["outcome"] == "playing" and again["result"] is None and again["can_redo"]
    assert client.get("/api/variants/freecell/stats").json()["in_progress"] == 1


def test_no_legal_move_is_a_loss(client):
    g = new(client, variant="freecell", position=NEAR_LOST)
    lost = post(client, g, "moves", {"move": "9C@tableau[3]>cell[3]"})
    assert lost["outcome"] == "lost" and lost["over"] and lost["result"] == "lost" and lost["moves"] == []
    stats = client.get("/api/variants/freecell/stats").json()
    assert (stats["played"], stats["won"], stats["lost"], stats["streak"]) == (1, 0, 1, 0)


def test_a_stalled_game_may_be_resigned(client):
    first = new(client, variant="freecell", position=NEAR_WON)
    post(client, first, "moves", {"move": WINNING_MOVE})
    g = new(client, variant="freecell", position=STALLED)
    assert g["outcome"] == "stalled" and not g["over"] and g["moves"]
    done = post(client, g, "resign")
    assert done["result"] == "resigned" and done["over"] and done["outcome"] == "lost"
    stats = client.get("/api/variants/freecell/stats").json()
    assert (stats["played"], stats["won"], stats["lost"], stats["streak"], stats["best_streak"]) == (2, 1, 1, 0, 1)


def test_autoplay_plays_the_derived_safe_moves_and_undo_takes_them_back(client):
    g = new(client, variant="freecell", position=SAFE_AFTER)
    assert g["autoplay_available"] and not g["autoplay"]
    plain = post(client, g, "moves", {"move": "5H@tableau[0]>cell[0]"})
    assert plain["move_count"] == 1 and "2S" in plain["position"].split("tableau[0]:")[1].split(";")[0]
    back = post(client, plain, "undo")
    on = post(client, back, "autoplay", {"enabled": True})
    assert on["autoplay"] and on["move_count"] == 0  # nothing safe yet
    after = post(client, on, "moves", {"move": "5H@tableau[0]>cell[0]"})
    assert after["move_count"] == 2 and after["last_move"]["text"] == "2S@tableau[0]>foundation[0]"
    undone = post(client, after, "undo")
    assert undone["position"] == g["position"] and undone["move_count"] == 0
    redone = post(client, undone, "redo")
    assert redone["move_count"] == 2 and redone["position"] == after["position"]
    off = post(client, redone, "autoplay", {"enabled": False})
    assert not off["autoplay"] and off["move_count"] == 2


def test_autoplay_once_wins_a_won_position(client):
    g = new(client, variant="freecell", position=NEAR_WON)
    done = post(client, g, "autoplay")
    assert done["won"] and done["result"] == "won" and not done["autoplay"]


def test_games_in_progress_are_listed_newest_first(client):
    a = new(client, variant="golf", seed=1)
    b = new(client, variant="golf", seed=2)
    c = new(client, variant="klondike", seed=2)
    post(client, a, "moves", {"move": a["moves"][0]["text"]})
    listed = client.get("/api/games", params={"variant": "golf"}).json()
    assert [x["id"] for x in listed] == [a["id"], b["id"]] and listed[0]["move_count"] == 1
    assert {x["id"] for x in client.get("/api/games").json()} == {a["id"], b["id"], c["id"]}


def test_the_variants_list_every_registered_one(client):
    rows = client.get("/api/variants").json()
    assert [r["name"] for r in rows] == rulesdsl.variant_names()
    sak = next(r for r in rows if r["name"] == "sakhmet")
    assert sak["family"] == "Klondike" and sak["title"] == rulesdsl.load("sakhmet").name
    assert {o["name"] for o in sak["options"]} >= {"level"}
    fc = next(r for r in rows if r["name"] == "freecell")
    assert fc["family"] == "FreeCell" and fc["numbered"]
    assert [(o["name"], o["min"], o["max"], o["default"]) for o in fc["options"]] == [("cells", 0, 4, 4)]


def test_stats_of_a_variant_never_played(client):
    s = client.get("/api/variants/golf/stats").json()
    assert s["played"] == 0 and s["win_rate"] is None and s["best_score"] is None


def test_move_cards_carry_their_copy_as_the_svg_names_them(client):
    g = new(client, variant="spider", seed=4)
    named = {m["cards"][0] for m in g["moves"] if m["kind"] == "move"}
    assert any(c.endswith(".1") for c in named)
    assert all(f'data-card="{c}"' in g["svg"] for c in named)


def test_every_answer_says_its_time_in_the_server(client):
    r = client.post("/api/games", json={"variant": "golf", "seed": 1})
    parts = dict(p.strip().split(";dur=") for p in r.headers["server-timing"].split(","))
    assert set(parts) == {"app", "total"} and 0 <= float(parts["app"]) <= float(parts["total"])
    assert "total;dur=" in client.get("/api/nothing").headers["server-timing"]
