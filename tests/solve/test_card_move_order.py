"""The order of a card move in one call (guidance.card_move_order, expand.ONE_CALL_ORDER): at
every new child of the fused expansion, the same tuple as the search's own order(m, depth);
the same search with it and without it."""

from __future__ import annotations

import pytest

from rulesdsl.engine.moves import Move
from rulesdsl.solve import expand
from rulesdsl.solve import search as search_module
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve

GAMES = [("freecell", 617), ("beleaguered_castle", 7), ("alpha_star", 3), ("bakers_game", 1), ("eight_off", 1)]


@pytest.mark.parametrize("name,deal", GAMES)
def test_the_one_call_order_is_the_searchs_order(monkeypatch, name, deal):
    asked = []
    real = search_module.card_move_order

    def checked(variant, st, scorer, buried, w_buried, room):
        fn = real(variant, st, scorer, buried, w_buried, room)
        holder: list = []

        def order(s, d, n, depth=None):
            got = fn(s, d, n, depth)
            search = holder[0]
            # (asked with the child on the board: the run lies on d now)
            m = Move("move", (s,), d, tuple(st.piles[d][-n:]))
            assert got == search.order(m, depth)
            asked.append(got)
            return got

        order.holder = holder
        return order

    monkeypatch.setattr(search_module, "card_move_order", checked)
    real_init = search_module.Search.__init__

    def init(self, *a, **k):
        real_init(self, *a, **k)
        if self.card_order is not None:
            self.card_order.holder.append(self)

    monkeypatch.setattr(search_module.Search, "__init__", init)
    v, an = compiled_variant(name, {})
    solve(v, deal_state(v, deal), max_states=2000, analysis=an)
    assert asked and len({x[1] for x in asked}) > 1  # several ranks met


@pytest.mark.parametrize("name,deal", GAMES)
def test_the_same_search_with_and_without_it(monkeypatch, name, deal):
    v, an = compiled_variant(name, {})
    on = solve(v, deal_state(v, deal), max_states=3000, analysis=an)
    monkeypatch.setattr(expand, "ONE_CALL_ORDER", False)
    off = solve(v, deal_state(v, deal), max_states=3000, analysis=an)
    assert (on.verdict, on.states, on.moves) == (off.verdict, off.states, off.moves)
