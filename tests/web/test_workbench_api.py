"""The workbench's endpoints: /api/check gives what `rulesdsl check` gives, /api/preview the deal,
rules and moves of the text, /api/drafts keeps a text to play as draft:KEY in the game API."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.cli import main as cli_main
from rulesdsl.formats import svg
from rulesdsl.formats.describe import sections
from rulesdsl.variant.loader import load_text
from rulesdsl.variant.registry import find_variant, names
from rulesdsl.web import drafts as drafts_module
from rulesdsl.web.drafts import Drafts
from rulesdsl.web.store import Store

from .conftest import NEAR_WON, WINNING_MOVE, client_for, new, post

TEMPLATE = (Path(rulesdsl.__file__).parent / "web" / "static" / "template.yaml").read_text()
GOOD = 'accept_empty: "card.rank == K"'
MISSPELT = TEMPLATE.replace(GOOD, GOOD.replace("accept_empty", "acept_empty"))
# the win always holds (a warning, V703) and an expression refers to an unknown name (an error)
ALWAYS_WON = TEMPLATE.replace('win: "all(f in foundation: f.size == 13)"', 'win: "true"')
UNKNOWN_NAME = TEMPLATE.replace("card.rank == dest.top.rank + 1", "card.rank == dest.top.rnk + 1")


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def check(client, text, **body) -> dict:
    r = client.post("/api/check", json={"text": text, **body})
    assert r.status_code == 200, r.text
    return r.json()


def cli_check(tmp_path, capsys, text: str, *extra: str) -> tuple[list[dict], str]:
    """What `rulesdsl check --json` says of the same text in a file, and its summary line."""
    path = tmp_path / "workbench.yaml"
    path.write_text(text, encoding="utf-8")
    cli_main(["check", "--play", "0", "--json", *extra, str(path)])
    found = json.loads(capsys.readouterr().out)
    cli_main(["check", "--play", "0", *extra, str(path)])
    last = capsys.readouterr().err.strip().splitlines()[-1]
    keys = ("line", "column", "code", "severity", "message", "hint")
    return [{k: d[k] for k in keys} for d in found], last


@pytest.mark.parametrize("text", [TEMPLATE, MISSPELT, ALWAYS_WON, UNKNOWN_NAME, "name: [", ""])
def test_check_says_what_rulesdsl_check_says_of_the_same_file(client, tmp_path, capsys, text):
    got = check(client, text)
    want, last = cli_check(tmp_path, capsys, text)
    assert got["diagnostics"] == want and got["summary"] == last
    assert got["errors"] == sum(d["severity"] == "error" for d in want)
    assert got["warnings"] == len(want) - got["errors"]


def test_a_misspelt_key_is_located_with_its_hint(client):
    r = check(client, MISSPELT)
    (d,) = r["diagnostics"]
    assert (d["code"], d["severity"], d["line"], d["column"]) == ("S101", "error", line_of(MISSPELT, "acept_"), 5)
    assert "acept_empty" in d["message"] and "accept_empty" in d["hint"]
    assert r["summary"].endswith("1 error(s), 0 warning(s): failed")


def test_a_clean_file_says_its_summary_and_a_warning_is_not_an_error(client):
    assert check(client, TEMPLATE)["summary"] == "1 file(s) checked: 0 error(s), 0 warning(s): ok"
    r = check(client, ALWAYS_WON)
    assert r["errors"] == 0 and r["warnings"] >= 1
    assert any(d["code"] == "V703" and d["line"] == line_of(ALWAYS_WON, "win:") for d in r["diagnostics"])


def test_an_expression_error_is_located_inside_the_expression(client):
    (d,) = check(client, UNKNOWN_NAME)["diagnostics"]
    line = UNKNOWN_NAME.splitlines()[d["line"] - 1]
    assert "rnk" in d["message"] and line[d["column"] - 1 :].startswith("rnk")


def test_options_fix_the_combination_checked(client):
    r = check(client, TEMPLATE, options={"cells": 9})
    assert r["errors"] == 1 and "cells" in r["diagnostics"][0]["message"]
    assert check(client, TEMPLATE, options={"cells": 0})["errors"] == 0


def test_playouts_run_in_the_pool_when_asked(data_dir):
    won_at_once = TEMPLATE.replace('win: "all(f in foundation: f.size == 13)"', 'win: "all(t in tableau: t.size > 0)"')
    with client_for(data_dir, hint_workers=1) as c:
        assert check(c, won_at_once)["diagnostics"] == []  # the static checks cannot see it
        r = check(c, won_at_once, play=1)  # a playout can: the game is won as dealt
        assert [(d["code"], d["line"]) for d in r["diagnostics"]] == [("V808", line_of(won_at_once, "win:"))]
        assert r["summary"] == "1 file(s) checked: 0 error(s), 1 warning(s): ok"


def test_the_preview_is_the_deal_the_rules_and_the_moves_of_the_text(client):
    p = client.post("/api/preview", json={"text": TEMPLATE, "seed": 7}).json()
    v = load_text(TEMPLATE)
    g = v.new_game(7)
    assert p["title"] == "My patience" and p["seed"] == 7
    assert p["svg"] == svg.position(g)
    assert len(re.findall(r'data-card="[^"#]+"', p["svg"])) == 52
    assert [m["text"] for m in p["moves"]] == [g.move_text(m) for m in g.legal_moves()]
    assert p["move_count"] == len(g.legal_moves())
    assert [(s["title"], s["text"]) for s in p["rules"]] == sections(v)
    assert [o["name"] for o in p["options"]] == ["cells"] and p["values"] == {"cells": 4}


def test_the_preview_takes_options_and_words_the_moves(client):
    p = client.post("/api/preview", json={"text": TEMPLATE, "seed": 7, "options": {"cells": 0}}).json()
    assert p["values"] == {"cells": 0} and not any("cell[" in m["text"] for m in p["moves"])
    g = load_text(TEMPLATE, {"cells": 0}).new_game(7)
    m = g.legal_moves()[0]
    card = g.variant.deck.text(m.cards[0])
    (first,) = [x for x in p["moves"] if x["text"] == g.move_text(m)]
    assert first["words"].split(" from ")[0] == svg.card_words(g.variant, m.cards[0])
    assert card in first["text"] and "Columns" in first["words"]
    golf = client.post("/api/preview", json={"text": find_variant("golf").read_text()}).json()
    assert any(m["words"].startswith("turn (Stock)") for m in golf["moves"])  # an action, by its pile


def test_a_preview_of_a_broken_text_is_422_with_the_place(client):
    r = client.post("/api/preview", json={"text": MISSPELT})
    assert r.status_code == 422
    assert r.json()["error"].startswith(f"line {line_of(MISSPELT, 'acept_')}, column 5: unknown key")


def test_a_text_is_kept_under_the_key_of_its_text(client):
    r = client.post("/api/drafts", json={"text": TEMPLATE})
    assert r.status_code == 201
    d = r.json()
    assert d["key"] == hashlib.sha256(TEMPLATE.encode()).hexdigest()[:32] and d["variant"] == "draft:" + d["key"]
    assert client.post("/api/drafts", json={"text": TEMPLATE}).json()["key"] == d["key"]  # the same text, the same key
    assert client.get(f"/api/drafts/{d['key']}").json()["text"] == TEMPLATE
    assert client.get(d["play"]).status_code == 200
    assert f'data-variant="draft:{d["key"]}"' in client.get(d["play"]).text


def test_a_text_with_errors_is_not_kept(client, data_dir):
    r = client.post("/api/drafts", json={"text": MISSPELT})
    assert r.status_code == 422 and "acept_empty" in r.json()["error"]
    key = drafts_module.key_of(MISSPELT)
    assert client.get(f"/api/drafts/{key}").status_code == 404


@pytest.mark.parametrize("key", ["0" * 32, "nothex", "A" * 32, "..%2F..%2Fetc%2Fpasswd", "0" * 33])
def test_an_unknown_key_is_404_everywhere(client, key):
    assert client.get(f"/api/drafts/{key}").status_code == 404
    assert client.get(f"/workbench/play/{key}").status_code == 404
    r = client.post("/api/games", json={"variant": f"draft:{key}", "seed": 1})
    assert r.status_code == 404 and set(r.json()) == {"error"}


def test_a_draft_plays_in_the_game_api(client):
    key = client.post("/api/drafts", json={"text": TEMPLATE}).json()["key"]
    name = f"draft:{key}"
    g = new(client, variant=name, seed=3, options={"cells": 1})
    assert g["title"] == "My patience" and g["options"] == {"cells": 1} and g["variant"] == name
    first = g["moves"][0]["text"]
    g = post(client, g, "moves", {"move": first})
    assert g["move_count"] == 1
    assert post(client, g, "undo")["move_count"] == 0
    assert post(client, g, "redo")["move_count"] == 1
    assert post(client, g, "restart")["move_count"] == 0
    assert client.get(f"/api/games/{g['id']}/board.svg").text.startswith("<?xml")
    assert [x["id"] for x in client.get("/api/games", params={"variant": name}).json()] == [g["id"]]
    won = new(client, variant=name, position=NEAR_WON)
    won = post(client, won, "moves", {"move": WINNING_MOVE})
    assert won["won"] and client.get(f"/api/variants/{name}/stats").json()["won"] == 1


def test_a_hint_for_a_draft_is_searched_on_its_text(data_dir):
    with client_for(data_dir, hint_workers=1) as c:
        key = c.post("/api/drafts", json={"text": TEMPLATE}).json()["key"]
        g = new(c, variant=f"draft:{key}", position=NEAR_WON)
        h = post(c, g, "hint", {"seconds": 10})
        assert h["verdict"] == "won" and h["line"] == [WINNING_MOVE]


def test_a_draft_game_resumes_after_a_restart_from_the_kept_text(data_dir):
    with client_for(data_dir) as c:
        key = c.post("/api/drafts", json={"text": TEMPLATE}).json()["key"]
        g = new(c, variant=f"draft:{key}", seed=5)
        g = post(c, g, "moves", {"move": g["moves"][0]["text"]})
    with client_for(data_dir) as c:
        again = c.get(f"/api/games/{g['id']}").json()
        assert again["position"] == g["position"] and again["move_count"] == 1


def test_drafts_are_capped_least_recently_used_first(tmp_path):
    store = Store(tmp_path)
    d = Drafts(store, cap=3)
    texts = [TEMPLATE.replace("My patience", f"Mine {i}") for i in range(4)]
    keys = [d.put(t) for t in texts[:3]]
    assert d.text(keys[0]) == texts[0]  # used now: the second is the least recently used
    keys.append(d.put(texts[3]))
    assert [d.text(k) is not None for k in keys] == [True, False, True, True]
    with pytest.raises(rulesdsl.RulesError, match="no workbench variant"):
        d.load("draft:" + keys[1])
    store.close()


def test_a_game_of_a_dropped_draft_no_longer_replays(data_dir, monkeypatch):
    with client_for(data_dir) as c:
        key = c.post("/api/drafts", json={"text": TEMPLATE}).json()["key"]
        g = new(c, variant=f"draft:{key}", seed=5)
        app = c.app.state
        app.drafts.cap = 1
        app.drafts.put(TEMPLATE.replace("My patience", "Another"))  # pushes the first out
        app.live.forget(g["id"])
        app.variants._cache.clear()
        r = c.get(f"/api/games/{g['id']}")
        assert r.status_code == 409 and "no longer replays" in r.json()["error"]


def test_the_workbench_page_is_labelled_and_local(client):
    html = client.get("/workbench").text
    assert '<label for="wb-text">' in html and 'id="wb-text" data-text' in html
    assert 'data-gutter aria-hidden="true"' in html and 'data-diagnostics aria-label="Diagnostics"' in html
    assert 'aria-live="polite"' in html and 'role="alert"' in html
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert html.count("<option value=") == len(names())
    for action in ("blank", "template", "fork", "download", "play-draft"):
        assert f'data-action="{action}"' in html
    assert client.get("/static/workbench.js").status_code == 200
    assert client.get("/static/template.yaml").text == TEMPLATE


def test_the_source_of_a_registered_variant_to_fork(client):
    r = client.get("/api/variants/golf/source")
    assert r.status_code == 200 and r.json()["text"] == find_variant("golf").read_text()
    for name in ("nonesuch", "..%2Fpyproject", "golf.yaml", "GOLF"):
        assert client.get(f"/api/variants/{name}/source").status_code == 404


def test_a_forked_shipped_variant_checks_clean(client):
    for name in ("klondike", "sakhmet", "freecell", "pyramid"):  # sakhmet extends klondike, by name
        text = find_variant(name).read_text()
        r = check(client, text)
        assert r["errors"] == 0, (name, r["diagnostics"])
        assert client.post("/api/preview", json={"text": text}).status_code == 200


def test_a_winnable_deal_of_a_draft_is_searched_on_its_text(data_dir):
    text = find_variant("freecell").read_text().replace("name: FreeCell", "name: My FreeCell")
    text = text.replace('win: "all(f in foundation: f.size == 13)"', 'win: "all(f in foundation: f.size >= 0)"')
    with client_for(data_dir, hint_workers=1) as c:  # this text's every deal is won as dealt
        key = c.post("/api/drafts", json={"text": text}).json()["key"]
        g = new(c, variant=f"draft:{key}", deal=617, winnable=True)
    assert g["title"] == "My FreeCell" and g["deal"] == 617 and g["variant"] == f"draft:{key}"


def test_a_draft_is_measured_by_its_key_or_its_name(data_dir):
    with client_for(data_dir, hint_workers=1) as c:
        key = c.post("/api/drafts", json={"text": TEMPLATE}).json()["key"]
        by_key = c.post("/api/analyse", json={"key": key, "deals": 2, "options": {"cells": 3}})
        assert by_key.status_code == 200, by_key.text
        result = by_key.json()["result"]
        assert result["title"] == "My patience" and result["deals"]["count"] == 2
        by_name = c.post("/api/analyse", json={"variant": f"draft:{key}", "deals": 2, "options": {"cells": 3}})
        assert by_name.json() == by_key.json()
        for body, status in (
            ({"key": "0" * 32}, 404),
            ({"key": key, "variant": "golf"}, 400),
            ({"key": 5}, 400),
            ({"key": key, "options": {"cells": 9}}, 422),
        ):
            r = c.post("/api/analyse", json=body)
            assert r.status_code == status and set(r.json()) == {"error"}, (body, r.text)
