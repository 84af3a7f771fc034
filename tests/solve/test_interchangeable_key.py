"""Interchangeable by key (issue 22, feature 6): `interchangeable: "pile.index / 2"` makes the
piles of one key alike to the solver; the loader checks the group's own rules against the key
(P326) and the key against the piles' contents (P327); the analysis takes the classes only
when nothing else tells the piles apart. The moves themselves are unchanged.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl.engine import moves
from rulesdsl.lang.runtime import Env
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.keys import Keyer
from rulesdsl.variant.loader import load_path
from tests.helpers import perft

BASE = """\
name: Key test
deck: {{decks: 2, ranks: [A, 2, 3]}}
piles:
  stock: {{role: stock}}
  foundation:
    count: 8
    role: foundation
    interchangeable: {key}
    accept_empty: >-
      run.size == 1 and card.rank == A
      and card.suit == [spades, spades, hearts, hearts, diamonds, diamonds, clubs, clubs][dest.index]
    accept: "{accept}"
  tableau: {{count: 4, role: tableau, lift: top, accept: "card.rank == dest.top.rank - 1", accept_empty: "true"}}
deal:
  - shuffle
  - {{to: tableau, count: 3}}
  - {{rest: "stock[0]"}}
actions:
  deal: {{kind: deal, from: "stock[0]", to: tableau}}
win: "all(f in foundation: f.size == 3)"
"""
ACCEPT = "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"


def write(tmp_path, key='"pile.index / 2"', accept=ACCEPT, name="key"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(key=key, accept=accept), encoding="utf-8")
    return path


def errors(path):
    return [(d.code, d.line, d.column) for d in rulesdsl.check(path) if d.severity == "error"]


def test_the_classes_go_to_the_solver_and_the_moves_stay(tmp_path):
    v = load_path(write(tmp_path))
    f = v.layout.groups["foundation"].piles
    assert v.groups["foundation"].classes == tuple((f[i], f[i + 1]) for i in range(0, 8, 2))
    assert set(v.groups["foundation"].classes) <= set(analyse(v).interchangeable)
    plain = load_path(write(tmp_path, key="false", name="plain"))
    assert not set(v.groups["foundation"].classes) & set(analyse(plain).interchangeable)
    for seed in (1, 2, 3):  # the moves are the same as without the key
        assert perft(v.new_game(seed), 2) == perft(plain.new_game(seed), 2)
        g = v.new_game(seed)
        assert moves.generate(v, g.state, Env(g.state)) == moves.generate(plain, g.state, Env(g.state))


def test_swapped_piles_of_one_key_have_one_solver_key(tmp_path):
    v = load_path(write(tmp_path))
    a = rulesdsl.Game.from_position(v, "foundation[0]: AS 2S; foundation[1]: AS.1; tableau[0]: 3S")
    b = rulesdsl.Game.from_position(v, "foundation[0]: AS.1; foundation[1]: AS 2S; tableau[0]: 3S")
    c = rulesdsl.Game.from_position(v, "foundation[2]: AS.1; foundation[1]: AS 2S; tableau[0]: 3S")
    an = analyse(v)

    def key(g):
        return Keyer(v, g.state, an).key()

    assert key(a) == key(b)
    assert key(a) != key(c)  # another class: told apart


def test_a_key_the_rules_contradict_is_p326(tmp_path):
    assert errors(write(tmp_path, key='"pile.index % 4"')) == [("P326", 11, 24)]
    # accept reads which pile it judges too: it must follow the key as well
    wrong = ACCEPT + " and dest.index < 7"
    assert [c for c, *_ in errors(write(tmp_path, accept=wrong, name="accept"))] == ["P326"]
    fine = ACCEPT + " and dest.index / 2 != 9"
    assert errors(write(tmp_path, accept=fine, name="fine")) == []


def test_a_key_over_what_a_pile_holds_is_p327(tmp_path):
    assert errors(write(tmp_path, key='"pile.size"')) == [("P327", 8, 22)]
    assert [c for c, *_ in errors(write(tmp_path, key='"pile.nosuch"', name="e202"))] == ["E202"]


def test_a_rule_elsewhere_that_names_one_pile_keeps_them_apart(tmp_path):
    text = (
        write(tmp_path)
        .read_text()
        .replace(
            'win: "all(f in foundation: f.size == 3)"', 'win: "foundation[1].size == 3 and foundation[0].size == 3"'
        )
    )
    path = tmp_path / "named.yaml"
    path.write_text(text, encoding="utf-8")
    v = load_path(path)
    assert not set(v.groups["foundation"].classes) & set(analyse(v).interchangeable)


@pytest.mark.parametrize("name", ["der_katz"])
def test_shipped_variants_with_a_key(name):
    v = rulesdsl.load(name)
    assert v.groups["foundation"].classes
    assert set(v.groups["foundation"].classes) <= set(analyse(v).interchangeable)


def test_an_action_that_names_the_piles_keeps_them_apart(tmp_path):
    text = (
        write(tmp_path)
        .read_text()
        .replace(
            'deal: {kind: deal, from: "stock[0]", to: tableau}', 'deal: {kind: deal, from: "stock[0]", to: foundation}'
        )
    )
    path = tmp_path / "action.yaml"
    path.write_text(text, encoding="utf-8")
    v = load_path(path)
    assert v.groups["foundation"].classes
    assert not set(v.groups["foundation"].classes) & set(analyse(v).interchangeable)
