"""Every bad request: JSON {"error": message} with its status, never a traceback, nothing changed."""

from __future__ import annotations

import pytest

from rulesdsl.web import api

from .conftest import client_for, new

GAME_VERBS = ("moves", "undo", "redo", "restart", "resign", "autoplay", "hint")


def error(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert set(body) == {"error"} and isinstance(body["error"], str) and body["error"]
    assert "Traceback" not in r.text
    return body["error"]


@pytest.mark.parametrize(
    "raw",
    [b"{", b"not json", b'{"variant": "golf",}', b"\xff\xfe", b"[1, 2]", b'"golf"', b"null", b"12"],
)
def test_a_body_that_is_not_a_json_object_is_400(client, raw):
    error(client.post("/api/games", content=raw, headers={"content-type": "application/json"}), 400)


def test_an_empty_body_is_400_where_one_is_needed(client):
    assert "JSON object" in error(client.post("/api/games"), 400)


@pytest.mark.parametrize(
    "body, words",
    [
        ({}, "variant"),
        ({"variant": 5}, "variant"),
        ({"variant": ["golf"]}, "variant"),
        ({"variant": "golf", "seed": "7"}, "seed"),
        ({"variant": "golf", "seed": -1}, "seed"),
        ({"variant": "golf", "seed": 2**70}, "seed"),
        ({"variant": "golf", "seed": True}, "seed"),
        ({"variant": "golf", "seed": 1.5}, "seed"),
        ({"variant": "golf", "seed": 1, "deal": 2}, "not both"),
        ({"variant": "golf", "deal": [1]}, "deal"),
        ({"variant": "golf", "deal": True}, "deal"),
        ({"variant": "golf", "winnable": "yes"}, "winnable"),
        ({"variant": "golf", "autoplay": 1}, "autoplay"),
        ({"variant": "golf", "options": ["level"]}, "options"),
        ({"variant": "golf", "options": {"level": {"x": 1}}}, "option"),
        ({"variant": "golf", "options": {"level": True}}, "option"),
        ({"variant": "golf", "options": {"level": "x" * 300}}, "option"),
        ({"variant": "golf", "options": {f"o{i}": 1 for i in range(30)}}, "options"),
        ({"variant": "golf", "position": 5}, "position"),
        ({"variant": "golf", "position": "x" * 13_000}, "position"),
        ({"variant": "golf", "position": "tableau[0]: KS", "seed": 1}, "position"),
        ({"variant": "golf", "colour": "red"}, "unknown field"),
    ],
)
def test_every_field_is_checked(client, body, words):
    assert words in error(client.post("/api/games", json=body), 400)


@pytest.mark.parametrize(
    "name",
    [
        "no_such_game",
        "../variants/freecell",
        "variants/freecell.yaml",
        "freecell.yaml",
        "/etc/passwd",
        "..",
        "FreeCell",
        "freecell\x00",
        "x" * 500,
    ],
)
def test_a_variant_is_a_registered_name_never_a_path(client, name):
    msg = error(client.post("/api/games", json={"variant": name}), 404)
    assert "no variant named" in msg and "\x00" not in msg and len(msg) < 300


def test_a_variant_from_rulesdsl_variants_is_registered(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    from rulesdsl.variant import registry

    src = registry.variants_dir() / "golf.yaml"
    (folder / "my_golf.yaml").write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("RULESDSL_VARIANTS", str(folder))
    with client_for(tmp_path / "data") as c:
        assert [r["name"] for r in c.get("/api/variants").json()] == ["my_golf"]
        assert new(c, variant="my_golf", seed=1)["variant"] == "my_golf"
        error(c.post("/api/games", json={"variant": "golf"}), 404)  # only what is registered


@pytest.mark.parametrize(
    "body, words",
    [
        ({"variant": "sakhmet", "options": {"nope": 1}}, "no option 'nope'"),
        ({"variant": "sakhmet", "options": {"level": "draw9"}}, "cannot be 'draw9'"),
        ({"variant": "sakhmet", "options": {"card_points": 10**9}}, "card_points"),
        ({"variant": "sakhmet", "deal": 5}, "no deal numbers"),
        ({"variant": "freecell", "deal": "abc"}, "deal"),
        ({"variant": "freecell", "deal": -3}, "deal"),
        ({"variant": "freecell", "position": "tableau[0]: ZZ"}, "bad position"),
        ({"variant": "freecell", "position": "nowhere[3]: KS"}, "bad position"),
    ],
)
def test_values_the_engine_refuses_are_422(client, body, words):
    assert words in error(client.post("/api/games", json=body), 422)


def test_a_huge_body_is_413_whether_announced_or_streamed(client):
    big = b'{"variant": "golf", "pad": "' + b"x" * (api.MAX_BODY + 10) + b'"}'
    error(client.post("/api/games", content=big, headers={"content-type": "application/json"}), 413)

    def chunks():
        yield big[: api.MAX_BODY // 2]
        yield big[api.MAX_BODY // 2 :]

    error(client.post("/api/games", content=chunks()), 413)  # no content-length: counted as it comes
    g = new(client, variant="golf", seed=1)
    error(client.post(f"/api/games/{g['id']}/moves", content=big), 413)
    error(client.post("/api/games", content=b"{}", headers={"content-length": "nonsense"}), 413)


@pytest.mark.parametrize("move", [5, None, "", "   ", ["draw"], {"text": "draw"}, "x" * 1000])
def test_bad_move_fields_are_400(client, move):
    g = new(client, variant="golf", seed=1)
    error(client.post(f"/api/games/{g['id']}/moves", json={"move": move}), 400)
    error(client.post(f"/api/games/{g['id']}/moves", json={"move": "x", "also": 1}), 400)
    assert client.get(f"/api/games/{g['id']}").json()["move_count"] == 0


@pytest.mark.parametrize("game_id", ["nope", "A" * 40, "..%2f..%2fetc", "a.b", "x" * 41, "%00"])
def test_an_unknown_game_is_404_on_every_endpoint(client, game_id):
    assert error(client.get(f"/api/games/{game_id}"), 404) in ("no such game", "not found")
    error(client.get(f"/api/games/{game_id}/board.svg"), 404)
    for verb in GAME_VERBS:
        error(client.post(f"/api/games/{game_id}/{verb}", json={"move": "draw"} if verb == "moves" else None), 404)


def test_unknown_routes_and_methods(client):
    error(client.get("/api/nothing"), 404)
    error(client.delete("/api/games"), 405)
    error(client.get("/api/variants/no_such/stats"), 404)
    error(client.get("/api/variants/..%2f..%2fetc/stats"), 404)
    error(client.get("/api/games", params={"variant": "../x"}), 404)


@pytest.mark.parametrize("seconds", [0, -1, 10_000, "2", True, None, [1]])
def test_hint_seconds_are_checked(client, seconds):
    g = new(client, variant="golf", seed=1)
    error(client.post(f"/api/games/{g['id']}/hint", json={"seconds": seconds}), 400)
    error(client.post(f"/api/games/{g['id']}/hint", json={"secs": 1}), 400)


def test_autoplay_takes_only_a_boolean(client):
    g = new(client, variant="freecell", deal=1)
    for body in ({"enabled": "yes"}, {"enabled": 1}, {"on": True}):
        error(client.post(f"/api/games/{g['id']}/autoplay", json=body), 400)


def test_an_internal_error_is_500_json_and_logged(data_dir, monkeypatch, caplog):
    with client_for(data_dir, raise_server_exceptions=False) as c:
        g = new(c, variant="golf", seed=1)

        def broken(game):
            raise RuntimeError("drawing failed /secret/path")

        monkeypatch.setattr(api, "board_svg", broken)
        msg = error(c.get(f"/api/games/{g['id']}"), 500)
        assert "RuntimeError" in msg and "/secret/path" not in msg
    assert any("internal error" in r.getMessage() for r in caplog.records)
