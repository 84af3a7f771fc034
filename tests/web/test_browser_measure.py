"""The Measure section in a real browser: ask for the figures of a few deals, see the table and
the pictures (images of SVG, with their alternative text)."""

from __future__ import annotations

import pytest

from tests.web import browser as b

server, browser, page = b.server, b.browser, b.page  # the fixtures
pytestmark = pytest.mark.browser


def test_measure_shows_the_figures_and_the_pictures(page, server):
    page.goto(server + "/stats/golf")
    page.fill("#measure-deals", "2")
    page.get_by_role("button", name="Measure").click()
    table = page.locator("[data-measure-figures]")
    table.wait_for(state="visible", timeout=120_000)
    forced = page.locator('[data-figure="forced-moves"]')
    assert "one legal move" in forced.inner_text()
    assert 0 <= float(forced.get_attribute("data-value")) <= 1
    assert "2 deal(s)" in page.locator("[data-measure-caption]").inner_text()
    assert page.locator("[data-measure-status]").inner_text() == "Measured 2 deal(s)."
    plots = page.locator("[data-measure-plots] figure img")
    assert plots.count() == 3
    assert "Legal moves by move number" in plots.first.get_attribute("alt")
    assert page.locator("[data-measure-error]").is_hidden()
