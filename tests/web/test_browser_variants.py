"""Every shipped variant's game page loads and shows its dealt cards: the data-card elements
on the page are the cards of the deal, as `rulesdsl svg` draws it (face down as '#')."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import rulesdsl
from rulesdsl.formats import svg
from rulesdsl.variant import registry
from tests.web import browser as b
from tests.web.browser import faces, open_game

server, browser, page = b.server, b.browser, b.page  # the fixtures
pytestmark = pytest.mark.browser


def test_every_shipped_variant_shows_its_deal(page, server):
    names = registry.names()
    assert len(names) >= 40
    wrong = {}
    for name in names:
        open_game(page, server, f"/play/{name}?seed=1")
        g = rulesdsl.load(name).new_game(1)
        want = Counter(re.findall(r'data-card="([^"]*)"', svg.position(g)))
        assert sum(want.values()) == g.state.card_count()
        got = faces(page)
        if got != want:
            wrong[name] = (sum(got.values()), sum(want.values()))
        assert page.locator("[data-error]").is_hidden(), (name, page.locator("[data-error]").inner_text())
    assert not wrong, wrong
