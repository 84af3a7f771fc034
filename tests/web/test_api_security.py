"""No request reaches a file outside the package's static folder; the server listens on
loopback unless told otherwise, and then warns."""

from __future__ import annotations

import asyncio
import socket

import pytest

from rulesdsl.web import app as app_module
from rulesdsl.web import server

SECRET = "rulesdsl-secret-4f1c"  # written outside the static folder: no answer may contain it


def raw_get(app, raw_path: bytes) -> tuple[int, bytes]:
    """One GET with this exact path (no client normalises it), straight through ASGI."""
    from urllib.parse import unquote_to_bytes

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": unquote_to_bytes(raw_path).decode("latin-1"),
        "raw_path": raw_path,
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
    }
    out: dict = {"status": None, "body": b""}

    sent = [False]

    async def receive():
        if sent[0]:  # the client stays connected: a file response listens for a disconnect
            await asyncio.Event().wait()
        sent[0] = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    asyncio.run(app(scope, receive, send))
    return out["status"], out["body"]


@pytest.mark.parametrize(
    "path",
    [
        b"/static/../api.py",
        b"/static/../../web/api.py",
        b"/static/%2e%2e/api.py",
        b"/static/%2e%2e%2fapi.py",
        b"/static/..%2f..%2f..%2fpyproject.toml",
        b"/static/....//api.py",
        b"/static//etc/passwd",
        b"/static/%2fetc%2fpasswd",
        b"/static/..\\api.py",
        b"/static/%00",
        b"/static/../../../../../../etc/passwd",
        b"/static/../../../../../../",
        b"/static/../../../../../../../../SECRET",
        b"/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/SECRET",
        b"/static/SECRET",
    ],
)
def test_no_path_leaves_the_static_folder(tmp_path, path):
    target = tmp_path / "secret.txt"
    target.write_text(SECRET, encoding="utf-8")
    app = app_module.create_app(tmp_path / "data")
    status, body = raw_get(app, path.replace(b"SECRET", str(target).lstrip("/").encode()))
    assert status in (400, 404, 405), (status, body[:200])
    assert SECRET.encode() not in body and b"import " not in body and b"root:" not in body


def test_a_static_file_is_served(tmp_path):
    files = [p for p in app_module.STATIC.iterdir() if p.is_file()]
    if not files:
        pytest.skip("no static file yet")
    status, body = raw_get(app_module.create_app(tmp_path / "data"), f"/static/{files[0].name}".encode())
    assert status == 200 and body == files[0].read_bytes()


@pytest.mark.parametrize(
    "host, local",
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("example.org", False),
    ],
)
def test_loopback(host, local):
    assert server.loopback(host) is local


class FakeServer:
    """uvicorn.Server stand-in: records that it ran, serves nothing."""

    ran = False

    def __init__(self, config):
        self.config, self.started, self.should_exit, self.servers = config, False, True, []

    def run(self):
        FakeServer.ran = True


def test_any_other_host_is_warned_about(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RULESDSL_DATA", str(tmp_path))
    monkeypatch.setattr(server.uvicorn, "Server", FakeServer)
    monkeypatch.setattr(server, "free", lambda host, port: True)
    assert server.serve("0.0.0.0", 8123) == 0 and FakeServer.ran
    err = capsys.readouterr().err
    assert "warning" in err and "no accounts" in err
    FakeServer.ran = False
    assert server.serve("127.0.0.1", 8123) == 0 and FakeServer.ran
    assert "warning" not in capsys.readouterr().err


def test_a_taken_port_is_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RULESDSL_DATA", str(tmp_path))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert server.serve("127.0.0.1", port) == 2
    assert "cannot listen" in capsys.readouterr().err


def test_the_serve_command_checks_its_port(capsys):
    from rulesdsl.cli import parser

    for bad in ("-1", "70000", "http"):
        with pytest.raises(SystemExit) as e:
            parser().parse_args(["serve", "--port", bad])
        assert e.value.code == 2
    args = parser().parse_args(["serve"])
    assert (args.host, args.port, args.open) == ("127.0.0.1", 8000, False)


def test_a_loopback_server_answers_only_to_its_own_names(tmp_path):
    from .conftest import TestClient

    app = app_module.create_app(tmp_path / "data", hosts=server.LOOPBACK_NAMES)
    with TestClient(app) as c:
        for base in ("http://127.0.0.1:8000", "http://localhost", "http://[::1]:8123"):
            assert c.get(base + "/api/variants/golf/stats").status_code == 200, base
        for base in ("http://evil.example:8000", "http://127.0.0.1.evil.example", "http://testserver"):
            r = c.get(base + "/api/variants/golf/stats")
            assert r.status_code == 400 and "own address" in r.json()["error"], base


def test_a_body_that_is_not_sent_as_json_is_415(client):
    r = client.post("/api/games", content=b'{"variant": "golf"}', headers={"content-type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    r = client.post("/api/games", content=b'{"variant": "golf"}')
    assert r.status_code == 415
    ok = client.post(
        "/api/games", content=b'{"variant": "golf"}', headers={"content-type": "application/json; charset=utf-8"}
    )
    assert ok.status_code == 201
