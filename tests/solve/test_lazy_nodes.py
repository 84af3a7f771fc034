"""The fused expansion's waiting nodes kept lazily (expand.LAZY_NODES): a child keeps its move
as (source, dest, count), its parent's snapshot and buried cards' figures, and goto makes its
Move, snapshot, op and figures when it is taken (expand.made_in_full). They must be what the
expansion made in full before: the same search, and at each node taken the board's snapshot,
the move played and the carried figures as on the position itself."""

from __future__ import annotations

import pytest

from rulesdsl.engine.moves import Move
from rulesdsl.solve import expand
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.jumps import snapshot, transfer_op
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve
from tests.helpers import OPEN_GAMES, carried_figures, seeded_deals


def _deals(name, k=2):
    return seeded_deals(name, k, "lazy ")


@pytest.mark.parametrize("name", OPEN_GAMES)
def test_the_search_is_the_same_with_lazy_nodes_and_without(monkeypatch, name):
    """The same verdict, positions and line with the nodes kept lazily and made in full, in
    the turns of both orders (solve's default) and in the open order alone."""
    v, an = compiled_variant(name, {})
    for d in _deals(name):
        for orders in (True, False):
            runs = []
            for lazy in (True, False):
                monkeypatch.setattr(expand, "LAZY_NODES", lazy)
                r = solve(v, deal_state(v, d), max_states=6000, analysis=an, orders=orders)
                runs.append((r.verdict, r.states, r.moves, r.limit))
            assert runs[0] == runs[1]


@pytest.mark.parametrize("name", ["freecell", "bakers_game", "beleaguered_castle", "alpha_star", "seahaven_towers"])
def test_a_node_made_in_full_is_its_position(monkeypatch, name):
    """At every node taken from the lazy form: after goto, the board's snapshot is the
    snapshot of the position on the board, the move played is the Move the generator would
    list (its cards on the destination's top), its op the transfer's, and the figures it
    brings are prepare()'s on that position; and the lazy form is met (not vacuous)."""
    v, an = compiled_variant(name, {})
    monkeypatch.setattr(expand, "LAZY_NODES", True)
    met = []
    real_goto, real_made = Search.goto, expand.made_in_full

    def made(search, node):
        s, d, n = node[1]
        down = node[5][s][1], node[5][d][1]
        real_made(search, node)
        assert node[6] == transfer_op(s, d, n, *down)
        met.append(node)

    def goto(self, node):
        lazy = type(node[1]) is tuple and self.flat
        real_goto(self, node)
        if not lazy:
            return
        st = self.st
        assert self.board_raw == tuple(snapshot(st, p) for p in range(len(st.piles)))
        m = self.path[-1]
        assert m is node[1] and isinstance(m, Move) and m.kind == "move"
        assert m.cards == tuple(st.piles[m.dest][-len(m.cards) :])
        if self.node_base is not None:
            assert carried_figures(self.node_base) == carried_figures(self.buried.prepare({}))

    monkeypatch.setattr(expand, "made_in_full", made)
    monkeypatch.setattr("rulesdsl.solve.search.made_in_full", made)
    monkeypatch.setattr(Search, "goto", goto)
    for d in _deals(name):
        solve(v, deal_state(v, d), max_states=2000, analysis=an)
    assert met


def test_no_lazy_node_without_the_switch(monkeypatch):
    """LAZY_NODES False: every waiting node is made in full with the child (a Move)."""
    v, an = compiled_variant("freecell", {})
    monkeypatch.setattr(expand, "LAZY_NODES", False)
    kinds = set()
    real = Search.push

    def push(self, parent, scored):
        kinds.update(type(x[2]) for x in scored)
        real(self, parent, scored)

    monkeypatch.setattr(Search, "push", push)
    solve(v, deal_state(v, 5), max_states=500, analysis=an)
    assert kinds == {Move}
