"""The ninth round's cuts keep the same search (solve/expand.py): a node made by a move off
the sinks carries its position's buried-cards figures (_Buried.child_base), which must be
what prepare() computes on that position; the reversal asked as (source, dest, count); the
generated generator's destination atoms shifted by a constant (codegen translate.py)."""

from __future__ import annotations

import pytest

from rulesdsl.engine.codegen import source
from rulesdsl.solve import expand
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve
from tests.helpers import OPEN_GAMES, carried_figures, seeded_deals


def _deals(name, k=3):
    return seeded_deals(name, k, "")


@pytest.mark.parametrize("name", OPEN_GAMES)
def test_a_carried_base_is_what_prepare_finds_on_the_node(monkeypatch, name):
    """Every node that brings its figures to its expansion (goto sets node_base) has those
    prepare() computes afresh on the board there; and some do (not vacuous where the
    expansion is fused and the buried cards are weighed)."""
    v, an = compiled_variant(name, {})
    checked = []
    real = Search.goto

    def goto(self, node):
        real(self, node)
        if self.node_base is not None:
            assert carried_figures(self.node_base) == carried_figures(self.buried.prepare({}))
            checked.append(node)

    monkeypatch.setattr(Search, "goto", goto)
    fused = False
    for d in _deals(name):
        made = []
        init = Search.__init__

        def spy(self, *a, init=init, made=made, **k):
            init(self, *a, **k)
            made.append(self)

        monkeypatch.setattr(Search, "__init__", spy)
        solve(v, deal_state(v, d), max_states=1500, analysis=an)
        monkeypatch.setattr(Search, "__init__", init)
        fused = fused or any(s.flat and s.FUSED and s.buried is not None for s in made)
    assert bool(checked) == fused
    if name in ("freecell", "beleaguered_castle", "alpha_star", "bakers_game"):
        assert checked


@pytest.mark.parametrize("name", OPEN_GAMES)
def test_carried_and_fresh_figures_and_the_called_expansion_search_alike(monkeypatch, name):
    """The same verdict, positions and line with the figures carried, computed afresh in
    each expansion (CARRY_BASE False), and with children()'s calls (Search.FUSED False)."""
    v, an = compiled_variant(name, {})
    for d in _deals(name, 2):
        runs = []
        for carry, fused in ((True, True), (False, True), (True, False)):
            monkeypatch.setattr(expand, "CARRY_BASE", carry)
            monkeypatch.setattr(Search, "FUSED", fused)
            r = solve(v, deal_state(v, d), max_states=3000, analysis=an)
            runs.append((r.verdict, r.states, r.moves))
        assert runs[0] == runs[1] == runs[2]


def test_the_reversal_gives_the_parent_position_back(monkeypatch):
    """expand.reversal_count names a move that, played from the board, gives the position
    before the last move again (the same key), at every expansion of a few FreeCell and
    Alpha Star searches where it names one (and it does name some)."""
    seen = []
    real = expand.reversal_count

    def checked(search):
        got = real(search)
        if got is not None:
            d, s, n = got
            piles = search.st.piles
            assert len(piles[d]) >= n
            parent = search.keyer.key()
            moved = piles[d][-n:]
            del piles[d][-n:]
            piles[s].extend(moved)
            search.keyer.update((d, s))
            back = search.keyer.key()
            del piles[s][-n:]
            piles[d].extend(moved)
            search.keyer.update((d, s))
            assert search.keyer.key() == parent and back != parent
            assert search.table.known(back, search.st.used)  # the parent, entered before
            seen.append(got)
        return got

    monkeypatch.setattr(expand, "reversal_count", checked)
    for name in ("freecell", "alpha_star"):
        v, an = compiled_variant(name, {})
        for d in _deals(name, 2):
            solve(v, deal_state(v, d), max_states=800, analysis=an)
    assert seen


def test_the_generator_reads_a_shifted_destination_atom_once_per_position():
    """Not vacuous: FreeCell's generated generator computes its foundations' next rank and its
    columns' rank below once per position (the differential tests of tests/engine compare
    the generator's moves with the reference engine's)."""
    v, _ = compiled_variant("freecell", {})
    text = source(v)
    assert "t4_rank_p1 = (t4_rank + 1)" in text and "t9_rank_m1 = (t9_rank - 1)" in text
    assert "(c_rank == t9_rank_m1)" in text and "(t9_rank - 1))" not in text
