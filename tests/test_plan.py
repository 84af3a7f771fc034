"""The generator's shortcuts from accept rules (run bounds, key joins) never change the moves."""

import dataclasses
import random

import pytest

import rulesdsl
from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.engine.moves import NO_LIMIT, generate
from rulesdsl.lang.checker import World
from rulesdsl.lang.compiler import compile_expression
from rulesdsl.lang.parser import parse
from rulesdsl.lang.runtime import Env
from rulesdsl.variant.layout import Group, Layout


def plan_of(text):
    deck = Deck([Suit(*s) for s in STANDARD_SUITS])
    layout = Layout([Group("tableau", 0, 3), Group("foundation", 0, 4)])
    return compile_expression(World(deck, layout, {"k": (2, "int")}, []), parse(text), "move", "bool", plan=True).plan


def test_run_size_bounds():
    assert plan_of("run.size == 1 and card.rank == A").max_run == 1
    assert plan_of("card.rank == A and len(run) <= 3").max_run == 3
    assert plan_of("run.size < 3").max_run == 2
    assert plan_of("run.size > 1").max_run is None
    assert plan_of("run.size == 1 or card.rank == K").max_run is None  # not a conjunct


def test_key_joins_only_between_the_run_and_the_top_card():
    assert plan_of("card.rank == dest.top.rank - 1 and card.color != dest.top.color").run_key
    assert plan_of("dest.top.suit == card.suit").run_key  # either side
    assert plan_of("card.rank == dest.size").run_key is None  # dest.size is not the top
    assert plan_of("card.rank == dest.prev.top.rank").run_key is None  # another pile
    assert plan_of("source.index == dest.top.rank").run_key is None  # reads the source
    assert plan_of("card.rank == tableau[0].top.rank").run_key is None  # reads the position
    assert plan_of("card.rank != dest.top.rank").run_key is None  # not an equality


def without_shortcuts(v):
    """The same variant with the generator's shortcuts taken out of its index: no run bound,
    no key join, so every open destination is asked by its rule."""
    blocks = tuple(
        dataclasses.replace(b, full_max=NO_LIMIT, empty_max=NO_LIMIT, run_key=None, top_key=None) for b in v.dest_blocks
    )
    return dataclasses.replace(v, dest_blocks=blocks)


@pytest.mark.parametrize("name", rulesdsl.variant_names())
def test_same_moves_with_and_without_shortcuts(name):
    v = rulesdsl.load(name)
    plain = without_shortcuts(v)
    rng = random.Random(name)
    for seed in range(1, 4):
        g = v.new_game(seed)
        for _ in range(120):
            moves = g.legal_moves()
            assert moves == generate(plain, g.state, Env(g.state))
            if not moves:
                break
            g.play(rng.choice(moves))
