"""Small helpers shared by the rules tests: hand-made positions and move sets."""

from __future__ import annotations

import hashlib
import random

import pytest

import rulesdsl


def game(variant: str, text: str, **options):
    """A game of a shipped variant from a compact position text (see rulesdsl/position.py)."""
    v = rulesdsl.load(variant, options)
    return rulesdsl.Game.from_position(v, text)


def text_loader(tmp_path_factory, folder: str, default: str | None = None):
    """A loader of variants from YAML text (``default`` when called without one): each text is
    written to a file of a temporary folder, since a variant is loaded from a file."""
    where = tmp_path_factory.mktemp(folder)

    def load(text: str | None = default):
        assert text is not None
        p = where / f"v{abs(hash(text))}.yaml"
        p.write_text(text)
        return rulesdsl.load(str(p))

    return load


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


def search_records(name: str, options: dict, deals, budget: int, every: bool = False) -> list:
    """Per deal of a shipped variant searched to ``budget`` positions: the verdict, the positions,
    the line, and a hash of the positions entered in the table, in order (``every``: of every
    key offered to the table, new or not). Two settings that must keep the same search compare
    these."""
    from rulesdsl.solve import table
    from rulesdsl.solve.deals import compiled_variant, deal_state
    from rulesdsl.solve.solver import solve

    v, an = compiled_variant(name, options)
    out = []
    add = table.Table.add
    for d in deals:
        h = hashlib.sha1()

        def hashed(self, key, used, h=h):
            new = add(self, key, used)
            if new or every:
                h.update(bytes(key) + bytes(repr(tuple(used)), "ascii"))
            return new

        table.Table.add = hashed
        try:
            r = solve(v, deal_state(v, d), max_states=budget, analysis=an)
        finally:
            table.Table.add = add
        out.append((r.verdict, r.states, r.moves, h.hexdigest()))
    return out


class Readings:
    """A clock that counts its readings: the finder's work, the same on any machine."""

    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return self.n


# The open games (no stock, every card face up) whose fused expansion the solver's tests watch.
OPEN_GAMES = ["freecell", "bakers_game", "beleaguered_castle", "alpha_star", "fan", "seahaven_towers", "eight_off"]


def seeded_deals(name: str, k: int, salt: str = "") -> list:
    """``k`` deal numbers drawn from a generator seeded by ``salt + name``: a few per game,
    the same on every run."""
    rng = random.Random(salt + name)
    return [rng.randrange(1, 30000) for _ in range(k)]


def carried_figures(base):
    """The buried cards' figures (prepare()'s answer) with a pile's count 0 and no entry
    alike (count.get reads both), to compare a carried set with one made afresh."""
    depth, count, wanted = base
    return depth, {p: c for p, c in count.items() if c}, set(wanted)


def engines_agree(v, seeds=range(1, 6), steps=40, rng_seed=3) -> int:
    """Both move generators (the generated one and the closures) list the same moves over
    random playouts of ``v``; the number of moves listed (a test asserts it is not vacuous)."""
    from rulesdsl.engine import codegen, moves
    from rulesdsl.lang.runtime import Env

    gen = codegen.generated(v)
    rng = random.Random(rng_seed)
    listed = 0
    for seed in seeds:
        g = v.new_game(seed)
        for _ in range(steps):
            st = g.state
            ref = moves.generate(v, st, Env(st))
            assert gen(st, Env(st)) == ref, f"seed {seed}"
            listed += len(ref)
            if not ref:
                break
            g.apply_unchecked(rng.choice(ref))
    return listed
