"""The ends of a game in the browser, and the switches: a lost game says so, a stalled one offers
to resign, autoplay sends the safe cards up after a move, the live verdict answers."""

from __future__ import annotations

import pytest

from tests.web import browser as b
from tests.web.browser import THREE_KINGS, TOP, action, call, card, game_of, open_game, pile, wait_moves
from tests.web.conftest import NEAR_LOST, SAFE_AFTER, STALLED

server, browser, page = b.server, b.browser, b.page  # the fixtures
pytestmark = pytest.mark.browser


def start(page, server, position: str) -> dict:
    g = call(server, "/api/games", {"variant": "freecell", "position": position})
    open_game(page, server, f"/play/freecell?game={g['id']}")
    return g


def test_a_lost_game_says_so(page, server):
    start(page, server, NEAR_LOST)
    card(page, "9C").click(position=TOP)
    pile(page, "cell[3]").click()
    wait_moves(page, 1)
    end = page.locator("[data-end]")
    end.wait_for()
    assert "lost" in end.inner_text() and end.get_attribute("data-outcome") == "lost"
    assert page.locator('[data-end] [data-action="resign"]').is_hidden()


def test_a_stalled_game_offers_to_resign(page, server):
    start(page, server, STALLED)
    end = page.locator("[data-end]")
    end.wait_for()
    assert "stalled" in end.inner_text()
    resign = page.locator('[data-end] [data-action="resign"]')
    resign.click()
    page.wait_for_function("document.querySelector('.game').dataset.outcome === 'resigned'")
    assert game_of(page, server)["result"] == "resigned"
    assert "Resigned" in end.inner_text()
    action(page, "restart").click()  # play again: the game reopens
    page.wait_for_function("document.querySelector('.game').dataset.outcome !== 'resigned'")


def test_autoplay_switched_on_sends_the_safe_card_up(page, server):
    start(page, server, SAFE_AFTER)
    button = action(page, "autoplay")
    assert button.get_attribute("aria-pressed") == "false"
    page.keyboard.press("a")
    page.wait_for_function("document.querySelector('[data-action=autoplay]').getAttribute('aria-pressed') === 'true'")
    card(page, "5H").click(position=TOP)
    pile(page, "cell[0]").click()
    page.wait_for_function('document.querySelector(\'[data-board] g[data-pile="foundation[0]"] g[data-card="2S"]\')')
    assert game_of(page, server)["autoplay"] is True


def test_the_live_verdict_answers_after_each_move(page, server):
    start(page, server, THREE_KINGS)
    page.locator("[data-verdict-switch]").check()
    says = "document.querySelector('[data-verdict]').textContent.includes"
    page.wait_for_function(f"{says}('winnable')")
    card(page, "KD").click(position=TOP)
    pile(page, "foundation[2]").click()
    wait_moves(page, 1)
    page.wait_for_function(f"{says}('winnable')")
    start(page, server, SAFE_AFTER)  # the switch is remembered; this one cannot be won (cards are missing)
    page.wait_for_function(f"{says}('lost')")


def test_the_stock_draws_when_clicked_and_the_empty_stock_recycles_the_waste(page, server):
    g = call(server, "/api/games", {"variant": "klondike", "position": "stock[0]: #5H #9S; tableau[0]: KS"})
    open_game(page, server, f"/play/klondike?game={g['id']}")
    stock = pile(page, "stock[0]")
    for n in (1, 2):
        page.locator('[data-board] g[data-pile="stock[0]"] g[data-card="#"]').last.click(position=TOP)
        wait_moves(page, n)
    assert page.locator('[data-board] g[data-pile="waste[0]"] [data-card]').count() == 2
    page.locator('[data-board] g[data-pile="waste[0]"] g[data-card]').last.click(position=TOP)  # it cannot move
    assert game_of(page, server)["move_count"] == 2  # a face-up card that cannot move plays nothing
    stock.click()  # empty: the waste goes back
    wait_moves(page, 3)
    assert page.locator('[data-board] g[data-pile="stock[0]"] [data-card="#"]').count() == 2
