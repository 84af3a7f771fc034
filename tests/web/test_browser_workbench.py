"""Real-browser tests of the workbench: a misspelt key typed in the editor is marked at its
line with its hint; fixed, the deal's picture, the rules and the legal moves appear; Play
opens the game page on the text and a move is played there. Elements are found by data
attributes only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web import browser as b
from tests.web.browser import call, game_id, wait_moves

server, browser, page = b.server, b.browser, b.page  # the fixtures

pytestmark = pytest.mark.browser
TEMPLATE = (Path(__file__).parents[2] / "rulesdsl" / "web" / "static" / "template.yaml").read_text()
GOOD = 'accept_empty: "card.rank == K"'
BAD = GOOD.replace("accept_empty", "acept_empty")


def _bad_line() -> int:
    return next(i for i, line in enumerate(TEMPLATE.splitlines(), 1) if GOOD in line)


def open_workbench(page, server) -> None:
    page.goto(server + "/workbench")
    page.evaluate("localStorage.clear()")
    page.goto(server + "/workbench")
    page.wait_for_selector("[data-workbench][data-errors]")  # the blank page checked


def test_a_misspelt_key_is_marked_at_its_line_then_fixed_the_preview_shows(page, server):
    open_workbench(page, server)
    assert page.locator("[data-diagnostics] [data-code='S102']").count() >= 1  # blank: 'name' is missing
    editor = page.locator("[data-text]")
    editor.fill(TEMPLATE.replace(GOOD, BAD))
    line = _bad_line()
    item = page.locator(f"[data-diagnostics] [data-diagnostic][data-code='S101'][data-line='{line}']")
    item.wait_for()
    assert "acept_empty" in item.inner_text() and "accept_empty" in item.locator("[data-hint]").inner_text()
    assert page.locator(f"[data-gutter] [data-line='{line}'][data-severity='error']").count() == 1
    assert "1 error(s)" in page.locator("[data-summary]").inner_text()
    item.locator("button").click()  # the caret goes to the key's line and column
    caret = page.evaluate("document.querySelector('[data-text]').selectionStart")
    assert TEMPLATE.replace(GOOD, BAD)[caret:].startswith("acept_empty")
    said = page.locator("[data-caret]").inner_text()  # read out where the caret is
    assert said.startswith(f"Line {line}, column 5: error S101") and "acept_empty" in said

    editor.fill(TEMPLATE)
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    assert page.locator("[data-preview-note]").is_hidden()
    assert page.locator("[data-gutter] [data-severity]").count() == 0
    assert "0 error(s), 0 warning(s): ok" in page.locator("[data-summary]").inner_text()
    assert page.locator("[data-picture] svg [data-card]").count() == 52
    assert page.locator("[data-rules] h3").count() >= 3
    assert page.locator("[data-preview-moves] [data-move]").count() > 0


def test_play_opens_the_game_page_on_the_text_and_a_move_is_played(page, server):
    open_workbench(page, server)
    page.locator("[data-action='template']").click()
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    page.locator("[data-text]").fill(TEMPLATE.replace(GOOD, BAD))
    page.wait_for_selector("[data-workbench][data-errors='1'][data-preview='stale']")
    assert page.locator("[data-preview-note]").is_visible()
    page.locator("[data-action='play-draft']").click()  # refused: the text has errors
    assert "Fix the errors first" in page.locator("[data-error]").inner_text()
    page.locator("[data-text]").fill(TEMPLATE)
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    page.locator("[data-action='play-draft']").click()
    page.wait_for_function("document.documentElement.dataset.gameId && document.querySelector('[data-board] svg')")
    game = call(server, f"/api/games/{game_id(page)}")
    assert game["variant"].startswith("draft:") and game["title"] == "My patience"
    first = game["moves"][0]["text"]
    page.locator("details.moves summary").click()
    page.locator(f'[data-moves] button[data-move="{first}"]').click()
    wait_moves(page, 1)
    page.locator("[data-action='undo']:visible").first.click()
    wait_moves(page, 0)
    page.locator("[data-action='edit']").click()  # back to the workbench, on the same text
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    assert page.locator("[data-text]").input_value() == TEMPLATE


def test_fork_a_shipped_variant_and_download_it(page, server):
    open_workbench(page, server)
    page.locator("[data-fork]").select_option("golf")
    page.locator("[data-action='fork']").click()
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    assert page.locator("[data-workbench]").get_attribute("data-title") == "Golf"
    with page.expect_download() as d:
        page.locator("[data-action='download']").click()
    got = d.value
    assert got.suggested_filename == "golf.yaml"
    assert Path(got.path()).read_text() == page.locator("[data-text]").input_value()


def test_the_editor_by_keyboard_tab_indents_and_escape_tab_leaves(page, server):
    open_workbench(page, server)
    editor = page.locator("[data-text]")
    editor.focus()
    page.keyboard.type("name: x")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert editor.input_value() == "name: x\n  "
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.text === undefined")


def test_measure_the_text_in_the_workbench(page, server):
    open_workbench(page, server)
    page.locator("[data-action='template']").click()
    page.wait_for_selector("[data-workbench][data-errors='0'][data-preview='shown']")
    page.locator("[data-preview-option='cells']").fill("3")
    page.locator("[data-preview-option='cells']").dispatch_event("change")
    page.locator("[data-measure-form] input[name='deals']").fill("2")
    page.locator("[data-measure-form] button[type='submit']").click()
    page.wait_for_selector("[data-measure-figures] tr[data-figure='forced-moves']", timeout=120_000)  # the pool
    assert page.locator("[data-measure]").get_attribute("data-measure").startswith("draft:")
    assert page.locator("[data-measure-form] input[data-option='cells']").input_value() == "3"
    assert "My patience" in page.locator("[data-measure-caption]").inner_text()
