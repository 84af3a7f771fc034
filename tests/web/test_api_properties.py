"""A property: any sequence of moves, undos, redos and restarts sent to the API leaves the
game where the same calls leave a Game of the engine, and so does a reload from SQLite."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.formats import position

from .conftest import client_for

OPS = st.lists(
    st.tuples(st.sampled_from(["move", "move", "move", "undo", "redo", "restart"]), st.integers(0, 50)), max_size=25
)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return tmp_path_factory.mktemp("props")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variant=st.sampled_from(["klondike", "freecell", "golf", "spider"]), seed=st.integers(1, 10_000), ops=OPS)
def test_the_api_game_is_the_engine_s_game(data, variant, seed, ops):
    model = rulesdsl.load(variant).new_game(seed)
    with client_for(data, live_cap=1) as c:  # a cap of one: every other game is replayed from SQLite
        g = c.post("/api/games", json={"variant": variant, "seed": seed}).json()
        for op, k in ops:
            if g["over"]:
                break
            if op == "move":
                moves = model.legal_moves()
                text = model.move_text(moves[k % len(moves)])
                model.play(text)
                body = {"move": text}
            elif op == "undo":
                model.undo()
                body = None
            elif op == "redo":
                model.redo()
                body = None
            else:
                while model.undo() is not None:
                    pass
                body = None
            path = "moves" if op == "move" else op
            r = c.post(f"/api/games/{g['id']}/{path}", json=body)
            assert r.status_code == 200, r.text
            g = r.json()
            assert g["position"] == position.to_text(model.variant, model.state)
            assert g["move_count"] == model.ply and g["can_redo"] == bool(model.future) or g["over"]
            assert [m["text"] for m in g["moves"]] == (
                [] if g["over"] else [model.move_text(m) for m in model.legal_moves()]
            )
        other = c.post("/api/games", json={"variant": "golf", "seed": 1}).json()  # pushes g out of memory
        assert c.app.state.live.cached(g["id"]) is None and other["id"] != g["id"]
        again = c.get(f"/api/games/{g['id']}").json()
        assert again["position"] == g["position"] and again["move_count"] == g["move_count"]
