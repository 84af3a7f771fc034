"""A phone: a narrow viewport with a touch screen. Moves by taps (a card, then where it goes)
and by a double tap (to a foundation), the board scaled to the width of the screen."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.solve import solver
from tests.web import browser as b
from tests.web.browser import PHONE, TOP, call, card, game_of, notation, open_game, pile, wait_moves

server, browser, phone = b.server, b.browser, b.phone  # the fixtures
pytestmark = pytest.mark.browser


def test_a_few_moves_by_touch_on_a_phone(phone, server):
    open_game(phone, server, "/play/freecell?deal=617")
    width = phone.evaluate("document.querySelector('[data-board] svg').getBoundingClientRect().width")
    assert width <= PHONE["width"]  # the whole board on the screen, no sideways scrolling
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    g = rulesdsl.load("freecell").numbered_game(617)
    line = solver.solve_game(g, time_limit=60).moves[:4]
    for i, text in enumerate(line):
        first, _, dest = notation(g, text)
        card(phone, first).tap(position=TOP)
        pile(phone, dest).tap()
        wait_moves(phone, i + 1)
    assert game_of(phone, server)["move_count"] == 4


def test_a_double_tap_sends_a_card_to_the_foundation(phone, server):
    from tests.web.conftest import NEAR_WON

    made = call(server, "/api/games", {"variant": "freecell", "position": NEAR_WON})
    open_game(phone, server, f"/play/freecell?game={made['id']}")
    king = card(phone, "KS")
    box = king.bounding_box()
    for _ in range(2):  # two taps in quick succession, where the card lies
        phone.touchscreen.tap(box["x"] + TOP["x"], box["y"] + TOP["y"])
    wait_moves(phone, 1)
    phone.locator("[data-end]").wait_for()
    assert game_of(phone, server)["won"] is True
