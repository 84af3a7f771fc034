"""Issue 22's language features in the engines (F1), from small hand-made variants: an
automatic removal, a refill with a condition read pile by pile, a redeal gathering top card
first and dealing face down, a sequence of actions as one move; both engines (the closures of
moves.py and the generated ones) alike, undone as one, kept by positions and saves, said by
the rules text, and the solver's analysis and derivations sound about them."""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl.engine import codegen
from rulesdsl.engine import moves as engine
from rulesdsl.formats import position, svg
from rulesdsl.formats.describe import rules_text
from rulesdsl.lang.runtime import Env
from rulesdsl.solve.analysis import analyse
from rulesdsl.solve.dead_ends import derive_dead
from rulesdsl.solve.safe_moves import derive_safe
from rulesdsl.solve.stock_macros import derive_stock
from tests.engine.test_apply_differential import _lockstep
from tests.helpers import notations, pile

SMALL = """\
name: Small
piles:
  tableau: {count: 4, lift: top, role: tableau}
  reserve: {count: 2, lift: none, role: reserve, capacity: 1,
            accept_empty: "source.group == 'tableau' and card.rank >= J"}
  discard: {role: discard}
  stock: {role: stock}
deal:
  - shuffle
  - {to: tableau, count: 1}
  - {rest: "stock[0]"}
removals:
  pair: {from: [tableau], to: "discard[0]", cards: 2, when: "cards[0].rank + cards[1].rank == 13",
         points: 5}
  faces: {from: [reserve], to: "discard[0]", cards: 2, when: "true", points: 7}
actions:
  gather: {kind: redeal, from: tableau, to: "stock[0]", order: fixed, gather: top_first, facing: down,
           step_only: true, points: 1}
  deal: {kind: deal, from: "stock[0]", to: tableau, points: 2}
  again: {kind: sequence, steps: [gather, deal], limit: 3, points: 10}
auto:
  - remove: faces
  - {refill: tableau, from: ["stock[0]"], when: "count(t in tableau: t.empty) >= 2"}
win: "discard[0].size == 52"
score: "discard[0].size"
"""


@pytest.fixture
def small(tmp_path):
    f = tmp_path / "small.yaml"
    f.write_text(SMALL, encoding="utf-8")
    return rulesdsl.load_path(f)


def at(v, text):
    return rulesdsl.Game.from_position(v, text)


def test_the_file_checks_clean(small):
    from rulesdsl.validation.validate import check_file

    assert check_file(small.path, play=3) == []


def test_an_automatic_removal_plays_itself_with_its_points_and_undoes_with_the_move(small):
    g = at(small, "tableau[0]: KS; tableau[1]: QH; reserve[0]: JD; discard[0]: 2C; stock[0]: #3C #4C #5C")
    g.play("QH@tableau[1]>reserve[1]")
    assert pile(g, "discard[0]") == ["2C", "JD", "QH"] and g.state.points == 7
    g.undo()
    assert pile(g, "reserve[0]") == ["JD"] and pile(g, "tableau[1]") == ["QH"] and g.state.points == 0


def test_a_refill_condition_is_read_as_each_empty_pile_is_reached(small):
    # two gaps: the first is filled (two empty piles then), the second is not (one left)
    g = at(small, "tableau[0]: 6S; tableau[1]: 7H; tableau[2]: 9C; tableau[3]: 4D; stock[0]: #3C #4C #5C")
    g.play("remove 6S@tableau[0] 7H@tableau[1]")
    assert pile(g, "tableau[0]") == ["5C"] and pile(g, "tableau[1]") == [] and g.state.points == 5


def test_a_sequence_is_one_move_its_steps_count_and_score_and_one_undo_restores(small):
    g = at(small, "tableau[0]: 9C 4H; tableau[1]: KS; tableau[2]: 8D 3C; tableau[3]: 6S")
    assert notations(g) == {"again", "KS@tableau[1]>reserve[0]", "KS@tableau[1]>reserve[1]"}
    before = g.state.copy()
    g.play("again")
    # gathered top card first (4H 9C, KS, 3C 8D, 6S), face down, then one dealt to each pile
    assert [pile(g, f"tableau[{i}]") for i in range(4)] == [["6S"], ["8D"], ["3C"], ["KS"]]
    assert pile(g, "stock[0]") == ["#4H", "#9C"]
    used = g.state.used
    assert [used[small.action_index[n]] for n in ("gather", "deal", "again")] == [1, 1, 1]
    assert g.state.points == 1 + 2 + 10
    saved = position.to_text(small, g.state)
    assert rulesdsl.Game.from_position(small, saved).state.key() == g.state.key()
    g.undo()
    assert g.state == before


def test_a_step_that_cannot_be_played_is_passed_over(small):
    g = at(small, "tableau[0]: 9C; tableau[1]: KS")  # gathered and dealt back: the deal finds cards
    g.play("again")
    assert sorted(c for i in range(4) for c in pile(g, f"tableau[{i}]")) == ["9C", "KS"]
    g = at(small, "reserve[0]: QS")  # nothing to gather: the sequence is not offered
    assert "again" not in notations(g)


def test_the_step_only_action_is_never_listed_by_either_generator(small):
    g = at(small, "tableau[0]: 9C; stock[0]: #2C")
    env = Env(g.state)
    for generate in (codegen.generated(small), codegen.reference(small)):
        assert [m.name for m in generate(g.state, env) if m.kind == "action"] == ["deal", "again"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_engines_agree_move_for_move(small, seed):
    st = small.new_game(seed).state
    _lockstep(small, st, random.Random(seed), 40)


@pytest.mark.parametrize("seed", [1, 2])
def test_both_generators_list_the_same_moves(small, seed):
    g = small.new_game(seed)
    rng = random.Random(seed)
    for _ in range(40):
        env = Env(g.state)
        ref = engine.generate(small, g.state, env)
        assert codegen.generated(small)(g.state, Env(g.state)) == ref
        if not ref:
            break
        g.play(g.move_text(rng.choice(ref)))


@pytest.mark.parametrize("cells", [0, 1, 3])
def test_freecell_with_few_cells_in_both_engines(cells):
    v = rulesdsl.load("freecell", {"cells": cells})
    _lockstep(v, v.new_game(4).state, random.Random(cells), 30)
    st = v.new_game(5).state
    assert codegen.generated(v)(st, Env(st)) == engine.generate(v, st, Env(st))


def test_the_rules_text_says_each_feature():
    assert "is made by itself" in rules_text(rulesdsl.load("elevens"))
    assert "but only when" in rules_text(rulesdsl.load("tens"))
    puss = rules_text(rulesdsl.load("puss_in_the_corner"))
    assert "(each pile top card first)" in puss and "face down onto the talon pile" in puss
    assert "play gather then deal" in rules_text(rulesdsl.load("scuffle"))
    assert "there is pile" not in puss and "there is no pile" in puss


def test_a_deal_step_taking_every_card_says_no_condition(tmp_path):
    f = tmp_path / "take.yaml"
    f.write_text(
        "name: Take\npiles:\n  foundation: {count: 4, role: foundation, accept_empty: 'card.rank == A'}\n"
        "  stock: {role: stock}\ndeal:\n  - shuffle\n  - {take: 'true', onto: foundation, count: 4}\n"
        "  - {rest: 'stock[0]'}\nwin: 'true'\n",
        encoding="utf-8",
    )
    text = rules_text(rulesdsl.load_path(f))
    assert "for which always" not in text and "each card still in the deck goes face up" in text


def test_the_pictures_draw_every_new_variant():
    for name in ("elevens", "tens", "nines", "puss_in_the_corner", "scuffle", "terrace"):
        g = rulesdsl.load(name).new_game(1)
        assert "<svg" in svg.position(g) and svg.position(g).rstrip().endswith("</svg>")


def test_the_solver_keeps_gathered_piles_apart_and_its_derivations_decline():
    puss = rulesdsl.load("puss_in_the_corner")
    corners = tuple(puss.layout.groups["tableau"].piles)
    assert corners not in analyse(puss).interchangeable  # gathered in order: their order matters
    scuffle = rulesdsl.load("scuffle")
    assert analyse(scuffle).reads_used  # a shuffling redeal: its counters are keyed exactly
    for name in ("elevens", "tens", "nines", "puss_in_the_corner", "scuffle", "terrace"):
        v = rulesdsl.load(name)
        assert derive_safe(v) is None and derive_stock(v) is None and derive_dead(v) is None, name


def test_a_rule_that_wants_a_source_pile_says_there_is_a_pile(tmp_path):
    f = tmp_path / "src.yaml"
    f.write_text(
        "name: Src\npiles:\n  foundation: {role: foundation, accept_empty: 'source != none and card.rank == A'}\n"
        "  tableau: {count: 2, lift: top}\ndeal:\n  - shuffle\n  - {to: tableau, count: 26}\nwin: 'true'\n",
        encoding="utf-8",
    )
    text = rules_text(rulesdsl.load_path(f))
    assert "there is a pile it comes from" in text and "there is pile" not in text


def test_why_a_step_or_a_sequence_is_refused():
    from rulesdsl.play.why import refusal

    g = rulesdsl.load("scuffle").new_game(1)
    assert "gather is played only as a step of redeal" in refusal(g, "gather")
    assert "redeal is allowed only when the stock pile holds no cards" in refusal(g, "redeal")


def test_a_sequence_highlights_the_piles_of_its_steps():
    v = rulesdsl.load("scuffle")
    g = rulesdsl.Game.from_position(v, "tableau[0]: 9C; tableau[1]: 8D")
    redeal = g.legal_moves()[-1]
    assert redeal.name == "redeal"
    src, dst = svg._highlighted(v, redeal)
    assert set(src) == set(v.layout.groups["tableau"].piles) | {v.pile_index("stock[0]")} and dst == []
    assert "<svg" in svg.position(g, redeal)
