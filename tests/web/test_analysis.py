"""POST /api/analyse (web/analysis.py): the figures of `rulesdsl analyse` from the solver's pool,
capped, kept, with JSON errors; the Measure section of a statistics page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesdsl.core.errors import InputError
from rulesdsl.stats import analyse_text
from rulesdsl.variant.loader import load
from rulesdsl.web import analysis
from rulesdsl.web.hints import Busy

from .conftest import client_for

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """An application whose registered variants are tests/data/one_way.yaml and Golf."""
    folder = tmp_path_factory.mktemp("variants")
    shutil.copy(DATA / "one_way.yaml", folder / "one_way.yaml")
    shutil.copy(Path(__file__).parents[2] / "variants" / "golf.yaml", folder / "golf.yaml")
    mp = pytest.MonkeyPatch()
    mp.setenv("RULESDSL_VARIANTS", str(folder))  # the pool's workers inherit it
    try:
        with client_for(tmp_path_factory.mktemp("data"), hint_workers=1) as c:
            yield c
    finally:
        mp.undo()


@pytest.fixture(autouse=True)
def fresh():
    analysis._KEPT = analysis.Kept()


def test_the_figures_of_a_variant_with_one_legal_move_at_every_step(client):
    r = client.post("/api/analyse", json={"variant": "one_way", "deals": 4})
    assert r.status_code == 200, r.text
    answer = r.json()
    res = answer["result"]
    assert res["forced"]["share"] == 1.0 and res["players"]["random"]["won"] == 4
    assert res["solver"]["won"] == 4 and res["limits"]["max_states"] == analysis.WEB_STATES
    assert [row["key"] for row in answer["rows"]] == [analyse_text.key(label) for label, _ in analyse_text.ROWS]
    forced = next(row for row in answer["rows"] if row["key"] == "forced-moves")
    assert forced["text"].startswith("100.0% one legal move")
    if "plots_error" not in answer:
        assert set(answer["plots"]) == {"branching", "difficulty", "solution_length"}
        assert all("<svg" in svg for svg in answer["plots"].values())


def test_an_answer_is_kept_for_the_same_request(client, monkeypatch):
    body = {"variant": "one_way", "deals": 2, "options": {"suits": 2}}
    first = client.post("/api/analyse", json=body).json()

    async def no_pool(*args, **kw):
        raise AssertionError("measured again")

    monkeypatch.setattr(client.app.state.hints, "_run", no_pool)
    again = client.post("/api/analyse", json=body)
    assert again.status_code == 200 and again.json() == first
    assert first["result"]["options"] == {"suits": 2}


def test_the_default_deals(client, monkeypatch):
    seen = []

    async def pool(fn, *args, timeout):
        seen.append((fn, args, timeout))
        return {"result": {}, "rows": [], "plots": {}}

    monkeypatch.setattr(client.app.state.hints, "_run", pool)
    assert client.post("/api/analyse", json={"variant": "golf"}).status_code == 200
    fn, args, timeout = seen[0]
    assert fn is analysis.analyse_job and args == ("golf", {}, analysis.DEFAULT_DEALS, None)  # None: no workbench text
    assert timeout == analysis.SECONDS_PER_DEAL * analysis.DEFAULT_DEALS + analysis.SLACK


@pytest.mark.parametrize(
    "body,status,words",
    [
        ({"variant": "../variants/golf.yaml"}, 404, "a path is never accepted"),
        ({"variant": "klondike"}, 404, "no variant named 'klondike'"),
        ({"variant": "golf", "deals": 0}, 400, "'deals' must be a whole number from 1 to 60"),
        ({"variant": "golf", "deals": 61}, 400, "from 1 to 60"),
        ({"variant": "golf", "deals": "3"}, 400, "'deals'"),
        ({"variant": "golf", "deals": True}, 400, "'deals'"),
        ({"variant": "golf", "seconds": 3}, 400, "unknown field(s): seconds"),
        ({"variant": "golf", "options": {"nope": 1}}, 422, "no option 'nope'"),
        ({"variant": "golf", "options": {"corner": "sideways"}}, 422, "cannot be 'sideways'"),
        ({"variant": "golf", "options": ["corner"]}, 400, "'options' must be an object"),
        ({}, 400, "'variant'"),
    ],
)
def test_bad_requests_get_json_errors(client, body, status, words):
    r = client.post("/api/analyse", json=body)
    assert r.status_code == status and words in r.json()["error"], r.text


def test_a_body_that_is_not_json_or_too_large(client):
    r = client.post("/api/analyse", content=b"\xff\xfe", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/analyse", content=b'{"variant": "golf"}', headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = client.post("/api/analyse", json={"variant": "golf", "options": {"corner": "x" * 20_000}})
    assert r.status_code == 413
    assert client.get("/api/analyse").status_code == 405


def test_a_busy_pool_is_503(client, monkeypatch):
    async def busy(*args, **kw):
        raise Busy("the solver is busy")

    monkeypatch.setattr(client.app.state.hints, "_run", busy)
    r = client.post("/api/analyse", json={"variant": "golf", "deals": 1})
    assert r.status_code == 503 and "busy" in r.json()["error"]


def test_without_matplotlib_the_figures_come_without_pictures(monkeypatch):
    def no_plot(result):
        raise InputError("pictures need the plot extra")

    monkeypatch.setattr(analysis, "report_svgs", no_plot)
    answer = analysis.measure(load(str(DATA / "one_way.yaml")), 2)
    assert answer["plots"] == {} and "plot extra" in answer["plots_error"]
    assert answer["result"]["forced"]["share"] == 1.0


def test_a_worker_that_cannot_load_says_why():
    answer = analysis.analyse_job("golf", {"corner": "sideways"}, 1)
    assert "sideways" in answer["error"]


def test_the_statistics_page_has_the_measure_section(client):
    html = client.get("/stats/golf").text
    assert 'data-measure="golf"' in html and '<h2 id="measure-title">Measure</h2>' in html
    assert "data-measure-form" in html and 'id="measure-deals"' in html and f'max="{analysis.MAX_DEALS}"' in html
    assert 'data-option="corner"' in html and "/static/measure.js" in html
    assert client.get("/static/measure.js").status_code == 200
