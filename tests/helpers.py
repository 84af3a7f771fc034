"""Small helpers shared by the rules tests: hand-made positions and move sets."""

from __future__ import annotations

import pytest

import rulesdsl


def game(variant: str, text: str, **options):
    """A game of a shipped variant from a compact position text (see rulesdsl/position.py)."""
    v = rulesdsl.load(variant, options)
    return rulesdsl.Game.from_position(v, text)


def notations(g) -> set:
    """The legal moves of a game as a set of notation strings."""
    return {g.move_text(m) for m in g.legal_moves()}


def pile(g, name) -> list:
    """A pile's cards as text, bottom first, face-down ones prefixed with '#'."""
    v = g.variant
    p = v.pile_index(name)
    st = g.state
    return [("#" if st.is_down(p, i) else "") + v.deck.text(c) for i, c in enumerate(st.piles[p])]


def perft(g, depth: int) -> int:
    """How many sequences of exactly `depth` legal moves start here (played and undone)."""
    if depth == 0:
        return 1
    moves = g.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in list(moves):
        g.apply_unchecked(m)
        total += perft(g, depth - 1)
        g.undo()
    return total


def perft_cases(fixtures) -> list:
    """The pytest cases (name, opts, seed, counts) of a perft table, {(variant, options): {seed:
    [perft(1), perft(2), perft(3)]}}, one id per row."""
    return [
        pytest.param(name, opts, seed, counts, id=f"{name}-{'-'.join(str(v) for _, v in opts) or 'default'}-seed{seed}")
        for (name, opts), table in fixtures.items()
        for seed, counts in table.items()
    ]


def check_perft(name, opts, seed, counts, depths=(1, 2, 3)) -> None:
    """A seeded deal's perft at each depth is the table's, and perft leaves the deal as it was."""
    g = rulesdsl.load(name, dict(opts)).new_game(seed)
    start = g.state.copy()
    assert [perft(g, d) for d in depths] == list(counts[: len(depths)])
    assert g.state == start  # perft undoes everything it plays
