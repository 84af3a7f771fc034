"""Hostile input to the workbench's endpoints: wrong types, bad UTF-8, lone surrogates, bodies
and texts over the caps, deep and long expressions, YAML alias bombs, ``extends`` to paths.
Every answer is JSON (a 4xx with ``{"error"}``, or the check's diagnostics), never a
traceback, and no file is opened outside the registered variants' folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.variant.registry import variants_dir
from rulesdsl.web import drafts, workbench
from rulesdsl.web.workbench import Gate

from .test_api_errors import error

TEMPLATE = (Path(rulesdsl.__file__).parent / "web" / "static" / "template.yaml").read_text()
SECRET = "rulesdsl-secret-77d2"
ROUTES = ("/api/check", "/api/preview", "/api/drafts")
JSON = {"content-type": "application/json"}

_OPENED: list = []
_WATCH = [False]


def _audit(event, args):  # every file Python opens while a test watches (sys.addaudithook stays)
    if _WATCH[0] and event == "open" and isinstance(args[0], (str, bytes, Path)):
        _OPENED.append(str(args[0]))


sys.addaudithook(_audit)


def opened_during(fn) -> list[str]:
    """The files opened while ``fn`` runs, but Python's own modules."""
    _OPENED.clear()
    _WATCH[0] = True
    try:
        fn()
    finally:
        _WATCH[0] = False
    return [p for p in _OPENED if not p.endswith((".py", ".pyc", ".so")) and "__pycache__" not in p]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("raw", [b"{", b"not json", b"\xff\xfe\x00", b'{"text": "\xff"}', b"[1]", b'"x"', b"null"])
def test_a_body_that_is_not_a_json_object_is_400(client, route, raw):
    error(client.post(route, content=raw, headers=JSON), 400)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(
    "body, words",
    [
        ({}, "text"),
        ({"text": 5}, "text"),
        ({"text": ["name: x"]}, "text"),
        ({"text": None}, "text"),
        ({"text": TEMPLATE, "colour": "red"}, "unknown field"),
    ],
)
def test_every_field_is_checked(client, route, body, words):
    assert words in error(client.post(route, json=body), 400)


@pytest.mark.parametrize(
    "route, body, words",
    [
        ("/api/check", {"text": "", "play": 4}, "play"),
        ("/api/check", {"text": "", "play": "3"}, "play"),
        ("/api/check", {"text": "", "play": True}, "play"),
        ("/api/check", {"text": "", "options": ["cells"]}, "options"),
        ("/api/check", {"text": "", "options": {"cells": [1]}}, "option"),
        ("/api/preview", {"text": TEMPLATE, "seed": -1}, "seed"),
        ("/api/preview", {"text": TEMPLATE, "seed": "1"}, "seed"),
        ("/api/preview", {"text": TEMPLATE, "options": {"cells": {"x": 1}}}, "option"),
    ],
)
def test_the_other_fields_are_checked(client, route, body, words):
    assert words in error(client.post(route, json=body), 400)


@pytest.mark.parametrize("route", ROUTES)
def test_a_lone_surrogate_is_400(client, route):
    raw = b'{"text": "name: \\ud800"}'
    assert "surrogate" in error(client.post(route, content=raw, headers=JSON), 400)


@pytest.mark.parametrize("route", ROUTES)
def test_texts_and_bodies_over_the_caps_are_413(client, route):
    text = "# " + "x" * drafts.MAX_DRAFT_BYTES + "\n" + TEMPLATE
    assert "at most" in error(client.post(route, json={"text": text}), 413)
    big = b'{"text": "' + b"x" * (workbench.MAX_BODY + 10) + b'"}'
    error(client.post(route, content=big, headers=JSON), 413)
    error(client.post(route, content=b"{}", headers={"content-type": "application/json", "content-length": "x"}), 413)


def test_a_body_not_sent_as_json_is_415(client):
    error(client.post("/api/check", content=b'{"text": ""}', headers={"content-type": "text/plain"}), 415)


def _diagnosed(client, text: str) -> list[dict]:
    r = client.post("/api/check", json={"text": text})
    assert r.status_code == 200, r.text
    return r.json()["diagnostics"]


def test_deep_and_long_expressions_are_diagnosed_not_crashed(client):
    deep = TEMPLATE.replace(
        'win: "all(f in foundation: f.size == 13)"', 'win: "' + "(" * 5000 + "true" + ")" * 5000 + '"'
    )
    long = TEMPLATE.replace('win: "all(f in foundation: f.size == 13)"', 'win: "' + " or ".join(["true"] * 3000) + '"')
    nested = TEMPLATE.replace('win: "all(f in foundation: f.size == 13)"', 'win: "' + "not " * 3000 + 'true"')
    for text in (deep, long, nested):
        found = _diagnosed(client, text)
        assert any(d["severity"] == "error" and d["line"] == 45 for d in found), found
        r = client.post("/api/preview", json={"text": text})
        assert r.status_code == 422 and "line 45" in r.json()["error"]


def test_a_yaml_alias_bomb_is_refused_quickly(client):
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    found = _diagnosed(client, "\n".join(lines) + "\nname: *a8\n")
    assert any(d["severity"] == "error" for d in found)


@pytest.mark.parametrize(
    "parent",
    ["/etc/passwd", "../variants/golf", "golf.yaml", "./golf", "variants/golf.yaml", "C:\\golf", "SECRET_FILE", "~/x"],
)
def test_extends_reaches_only_shipped_names(client, tmp_path, parent):
    secret = tmp_path / "secret.yaml"
    secret.write_text(f"name: {SECRET}\n" + TEMPLATE.split("\n", 4)[-1], encoding="utf-8")
    parent = parent.replace("SECRET_FILE", str(secret))
    text = f"extends: {parent!r}\nname: Mine\n"
    answers: list = []
    opened = opened_during(
        lambda: answers.extend(
            [
                client.post("/api/check", json={"text": text}),
                client.post("/api/preview", json={"text": text}),
                client.post("/api/drafts", json={"text": text}),
            ]
        )
    )
    check, preview, kept = answers
    assert [d["code"] for d in check.json()["diagnostics"]] == ["X703"] and check.json()["diagnostics"][0]["line"] == 1
    assert preview.status_code == 422 and kept.status_code == 422
    assert all(SECRET not in r.text for r in answers)
    assert [p for p in opened if not Path(p).resolve().is_relative_to(variants_dir().resolve())] == []


def test_extends_by_a_shipped_name_reads_that_file_only(client):
    opened = opened_during(lambda: client.post("/api/check", json={"text": "extends: golf\nname: My golf\n"}))
    assert opened and all(Path(p).resolve().parent == variants_dir().resolve() for p in opened)


def test_the_gate_says_busy_past_its_line(client):
    gate = Gate(running=1, waiting=0)
    gate._in = 1  # one check already running
    client.app.state.workbench_gate = gate
    assert "busy" in error(client.post("/api/check", json={"text": TEMPLATE}), 503)
    client.app.state.workbench_gate = None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.text(alphabet=st.sampled_from(list("abcdefgnpw :-[]{}\"'#&*!|>\n\t0123456789.,()=<") + ["\x00", "\ufeff", "é"]))
)
def test_any_text_gets_diagnostics_never_a_traceback(client, text):
    r = client.post("/api/check", json={"text": text})
    assert r.status_code == 200, r.text
    body = r.json()
    for d in body["diagnostics"]:
        assert set(d) == {"line", "column", "code", "severity", "message", "hint"}
        assert d["severity"] in ("error", "warning") and isinstance(d["line"], int) and isinstance(d["column"], int)
    p = client.post("/api/preview", json={"text": text})
    assert p.status_code in (200, 422), p.text
    assert "Traceback" not in p.text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
        max_leaves=8,
    )
)
def test_any_json_body_is_answered_in_json(client, body):
    for route in ROUTES:
        r = client.post(route, json=body)
        assert r.status_code in (200, 201, 400, 413, 422), (route, body, r.text)
        assert r.headers["content-type"].startswith("application/json") and "Traceback" not in r.text
