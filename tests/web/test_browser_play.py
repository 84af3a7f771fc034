"""Real-browser tests of the game page: FreeCell deal 617 by clicks and by drag and drop along
the solver's line, undo and redo, a hint played, the win screen. Elements are found by
data-card, data-pile and data-action, never by where they lie on the screen."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.formats.position import to_text
from rulesdsl.solve import solver
from tests.web import browser as b
from tests.web.browser import (
    THREE_KINGS,
    TOP,
    action,
    call,
    card,
    game_id,
    game_of,
    notation,
    open_game,
    pile,
    wait_moves,
)

server, browser, page = b.server, b.browser, b.page  # the fixtures

pytestmark = pytest.mark.browser
FIRST = 10


@pytest.fixture(scope="module")
def line_617():
    g = rulesdsl.load("freecell").numbered_game(617)
    r = solver.solve_game(g, time_limit=60)
    assert r.verdict == solver.WON and len(r.moves) >= FIRST
    return r.moves[:FIRST]


def test_the_solvers_first_ten_moves_for_deal_617_by_clicks(page, server, line_617):
    open_game(page, server, "/play/freecell?deal=617")
    g = rulesdsl.load("freecell").numbered_game(617)
    for i, text in enumerate(line_617):
        first, _, dest = notation(g, text)
        card(page, first).click(position=TOP)
        assert page.locator(f'[data-board] g.dest[data-pile="{dest}"]').count() == 1  # lit up before it is chosen
        pile(page, dest).click()
        wait_moves(page, i + 1)
    assert game_of(page, server)["position"] == call_position(g)


def test_the_same_moves_by_drag_and_drop(page, server, line_617):
    open_game(page, server, "/play/freecell?deal=617")
    g = rulesdsl.load("freecell").numbered_game(617)
    for i, text in enumerate(line_617):
        first, _, dest = notation(g, text)
        card(page, first).drag_to(pile(page, dest), source_position=TOP)
        wait_moves(page, i + 1)
    assert game_of(page, server)["position"] == call_position(g)


def call_position(g) -> str:
    return to_text(g.variant, g.state)


def test_undo_and_redo_by_buttons_and_keys(page, server, line_617):
    open_game(page, server, "/play/freecell?deal=617")
    g = rulesdsl.load("freecell").numbered_game(617)
    dealt = call_position(g)
    for i, text in enumerate(line_617[:2]):
        first, _, dest = notation(g, text)
        card(page, first).click(position=TOP)
        pile(page, dest).click()
        wait_moves(page, i + 1)
    after = call_position(g)
    action(page, "undo").click()
    wait_moves(page, 1)
    page.keyboard.press("u")
    wait_moves(page, 0)
    assert game_of(page, server)["position"] == dealt
    assert action(page, "undo").is_disabled() and not action(page, "redo").is_disabled()
    action(page, "redo").click()
    wait_moves(page, 1)
    page.keyboard.press("r")
    wait_moves(page, 2)
    assert game_of(page, server)["position"] == after
    action(page, "restart").click()
    wait_moves(page, 0)
    assert game_of(page, server)["position"] == dealt


def test_a_hint_lights_its_piles_and_is_played(page, server):
    gid = open_game(page, server, "/play/freecell?deal=617")
    action(page, "hint").click()
    play = page.locator('[data-action="play-hint"]')
    play.wait_for()
    assert page.locator("[data-board] g.hint[data-pile]").count() >= 2  # its source and destination
    play.click()
    wait_moves(page, 1)
    assert game_of(page, server)["id"] == gid


def test_the_solvers_line_is_stepped_and_played_to_the_win(page, server):
    g = call(server, "/api/games", {"variant": "freecell", "position": THREE_KINGS})
    open_game(page, server, f"/play/freecell?game={g['id']}")
    action(page, "hint").click()
    bar = page.locator("[data-solution]")
    bar.wait_for()
    assert "3 moves to go" in bar.inner_text()
    action(page, "step").click()
    wait_moves(page, 1)
    assert "2 moves to go" in bar.inner_text()
    action(page, "play").click()
    wait_moves(page, 3)
    end = page.locator("[data-end]")
    end.wait_for()
    assert end.get_attribute("data-outcome") == "won"


def test_the_win_screen_from_a_near_won_position_by_double_click(page, server):
    from tests.web.conftest import NEAR_WON

    g = call(server, "/api/games", {"variant": "freecell", "position": NEAR_WON})
    open_game(page, server, f"/play/freecell?game={g['id']}")
    end = page.locator("[data-end]")
    assert end.is_hidden()
    card(page, "KS").dblclick(position=TOP)
    wait_moves(page, 1)
    end.wait_for()
    assert "You won" in end.inner_text() and end.get_attribute("data-outcome") == "won"
    assert game_of(page, server)["won"] is True


def test_a_reload_resumes_and_a_refused_request_shows_the_servers_message(page, server, line_617):
    gid = open_game(page, server, "/play/freecell?deal=617")
    g = rulesdsl.load("freecell").numbered_game(617)
    first, _, dest = notation(g, line_617[0])
    card(page, first).click(position=TOP)
    pile(page, dest).click()
    wait_moves(page, 1)
    page.reload()
    page.wait_for_function("document.querySelector('[data-board] svg')")
    assert game_id(page) == gid
    wait_moves(page, 1)
    page.fill("#deal", str(2**33))  # past the last Microsoft deal number: the server says so
    page.locator("[data-newgame] button[type=submit]").click()
    error = page.locator("[data-error]")
    error.wait_for()
    assert "8589934591" in error.inner_text() and "Traceback" not in error.inner_text()
    assert error.get_attribute("role") == "alert" and game_id(page) == gid


def test_an_empty_free_cell_other_than_the_first_takes_the_card(page, server):
    open_game(page, server, "/play/freecell?deal=617")
    top = page.locator('[data-board] g[data-pile="tableau[0]"] g[data-card]').last
    top.click(position=TOP)
    assert page.locator("[data-board] g.dest[data-pile^='cell[']").count() == 4  # every empty cell is offered
    pile(page, "cell[2]").click()
    wait_moves(page, 1)
    assert page.locator('[data-board] g[data-pile="cell[2]"] g[data-card]').count() == 1


def test_clicks_dispatched_by_a_program_play_as_well(page, server, line_617):
    """A bot may send click events to elements (no pointer): the page plays them the same."""
    open_game(page, server, "/play/freecell?deal=617")
    g = rulesdsl.load("freecell").numbered_game(617)
    for i, text in enumerate(line_617[:3]):
        first, _, dest = notation(g, text)
        card(page, first).dispatch_event("click")
        pile(page, dest).dispatch_event("click")
        wait_moves(page, i + 1)
    assert game_of(page, server)["position"] == call_position(g)


def test_the_new_game_form_deals_by_seed_with_the_options_chosen_and_n_deals_again(page, server):
    first = open_game(page, server, "/play/klondike?seed=3")
    page.fill("#seed", "12")
    page.select_option("#opt-draw", "3")
    page.locator("[data-newgame] button[type=submit]").click()
    page.wait_for_function(f"document.documentElement.dataset.gameId !== '{first}'")
    g = game_of(page, server)
    assert g["seed"] == 12 and str(g["options"]["draw"]) == "3"
    assert "draw=3" in page.url and "seed=12" in page.url
    page.keyboard.press("n")
    page.wait_for_function(f"document.documentElement.dataset.gameId !== '{g['id']}'")
    assert str(game_of(page, server)["options"]["draw"]) == "3"  # a new deal keeps the options
