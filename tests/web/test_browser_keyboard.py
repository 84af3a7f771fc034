"""Golf played to its end with the keyboard alone: Tab into the board, arrows between piles,
Enter to pick up and put down, Enter on the stock to turn a card; U and R undo and redo."""

from __future__ import annotations

import pytest

from tests.web import browser as b
from tests.web.browser import focused_pile, game_of, key_to, open_game, wait_moves, wait_past

server, browser, page = b.server, b.browser, b.page  # the fixtures
pytestmark = pytest.mark.browser


def tab_into_the_board(page) -> None:
    for _ in range(60):
        page.keyboard.press("Tab")
        if focused_pile(page):
            return
    raise AssertionError("Tab never reaches the board")


def test_golf_to_its_end_with_the_keyboard_alone(page, server):
    open_game(page, server, "/play/golf?seed=2")
    tab_into_the_board(page)
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # a visible focus
    played = 0
    for _ in range(60):  # 52 cards: at most 35 columns' cards and 16 turns
        g = game_of(page, server)
        if g["over"]:
            break
        # the test chooses among the moves the server lists; the page is driven by keys only
        m = next((m for m in g["moves"] if m["kind"] == "move"), None) or g["moves"][0]
        if m["kind"] == "move":
            key_to(page, m["source"])
            page.keyboard.press("Enter")
            assert page.locator(f'[data-board] g.dest[data-pile="{m["dest"]}"]').count() == 1
            key_to(page, m["dest"])
            page.keyboard.press(" ")
        else:
            key_to(page, m["pile"])
            page.keyboard.press("Enter")
        played = wait_past(page, played)
        if played == 2:  # undo and redo by key, on the way
            page.keyboard.press("u")
            wait_moves(page, 1)
            page.keyboard.press("r")
            wait_moves(page, 2)
    g = game_of(page, server)
    assert g["over"] and g["move_count"] == played
    end = page.locator("[data-end]")
    end.wait_for()
    assert end.get_attribute("data-outcome") in ("won", "lost")
    assert ("You won" if g["won"] else "lost") in end.inner_text()
