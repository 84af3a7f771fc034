"""Fixtures of the web tests: an application over a fresh data folder, and hand-made positions."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 for its TestClient; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: F401  (the web tests import it from here)

from rulesdsl.web.app import create_app

RANKS = "A 2 3 4 5 6 7 8 9 T J Q K".split()


def _up(pile: int, suit: str, upto: int = 13) -> str:
    return f"foundation[{pile}]: " + " ".join(r + suit for r in RANKS[:upto])


# FreeCell (foundations: spades, hearts, diamonds, clubs), every card up but the king of spades
NEAR_WON = "; ".join([_up(0, "S", 12), _up(1, "H"), _up(2, "D"), _up(3, "C"), "tableau[0]: KS"])
WINNING_MOVE = "KS@tableau[0]>foundation[0]"
# one move (9C to the last free cell) leaves no legal move at all
NEAR_LOST = (
    "cell[0]: 9S; cell[1]: 9H; cell[2]: 9D; tableau[0]: 2S; tableau[1]: 2H; tableau[2]: 2D; "
    "tableau[3]: 2C 9C; tableau[4]: KS; tableau[5]: KH; tableau[6]: KD; tableau[7]: KC"
)
# a lone king that can only be shuttled around: stalled
STALLED = "tableau[0]: KS"
# the aces up: once 5H leaves tableau[0], 2S may go up safely (autoplay)
SAFE_AFTER = "; ".join(
    [_up(0, "S", 1), _up(1, "H", 1), _up(2, "D", 1), _up(3, "C", 1), "tableau[0]: 2S 5H", "tableau[1]: 9C"]
)


def client_for(data_dir, raise_server_exceptions: bool = True, **kw) -> TestClient:
    """A test client of a new application over ``data_dir`` (kw: create_app's)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(data_dir, **kw), raise_server_exceptions=raise_server_exceptions)


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def client(data_dir):
    with client_for(data_dir) as c:
        yield c


def new(client, **body) -> dict:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def post(client, game: dict, verb: str, body=None, status: int = 200) -> dict:
    r = client.post(f"/api/games/{game['id']}/{verb}", json=body)
    assert r.status_code == status, r.text
    return r.json()
