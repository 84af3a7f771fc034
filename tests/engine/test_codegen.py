"""codegen.py: the generated source holds none of the variant's text, is cached, and is what
`rulesdsl explain --generated` prints; the reference engine stays selectable."""

from __future__ import annotations

import os
import random

import pytest

import rulesdsl
from rulesdsl.core.errors import RulesError
from rulesdsl.engine import codegen, moves
from rulesdsl.lang.runtime import Env
from rulesdsl.variant import registry
from rulesdsl.variant.loader import load_path
from tests import exprgen
from tests.test_cli import run

# Every name and text below carries a marker that must never reach the generated source.
MARKED = """
name: Zqxname Marked
description: zqxdesc a FreeCell with marked names
rules: zqxrules
options:
  zqxopt:
    values: [zqxone, zqxtwo]
    default: zqxone
deck: {}
piles:
  zqxcell:
    count: 4
    role: cell
    lift: top
    capacity: 1
    label: zqxlabel
    accept_empty: "run.size == 1 and source.group == 'zqxcol'"
  zqxfound:
    count: 4
    role: foundation
    accept_empty: "run.size == 1 and card.rank == A"
    accept: "run.size == 1 and card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  zqxcol:
    count: 8
    role: tableau
    lift: run
    sequence: "b.rank == a.rank - 1 and b.color != a.color"
    accept: "card.rank == dest.top.rank - 1 and ('zqxlit1' if source.size > 2 else 'zqxlit2') != 'zqxlit3'"
    accept_empty: "zqxopt == 'zqxone' or card.name != 'zqxname2'"
  zqxstock:
    count: 1
    role: stock
layout:
  - [zqxcell, ., zqxfound]
  - [zqxcol]
  - [zqxstock]
deal:
  - shuffle
  - {to: zqxcol, count: [6, 6, 6, 6, 6, 6, 6, 6]}
  - {rest: "zqxstock[0]"}
actions:
  zqxdeal:
    kind: deal
    from: "zqxstock[0]"
    to: zqxcol
    when: "zqxopt != 'zqxtwo'"
win: "all(f in zqxfound: f.size == 13)"
"""


def _marked(tmp_path, options=None):
    path = tmp_path / "zqxfile.yaml"
    path.write_text(MARKED)
    return load_path(path, options)


def test_the_source_holds_no_text_of_the_variant(tmp_path):
    for options in (None, {"zqxopt": "zqxtwo"}):
        v = _marked(tmp_path, options)
        text = codegen.source(v)
        assert "zqx" not in text.lower()
        assert codegen.NOT_COMPILED not in text
        compile(text, "generated", "exec")


def test_marked_variant_lists_what_the_closures_list(tmp_path):
    for options in (None, {"zqxopt": "zqxtwo"}):
        v = _marked(tmp_path, options)
        gen = codegen.generated(v)
        rng = random.Random(3)
        for seed in (1, 2, 3):
            g = v.new_game(seed)
            for _ in range(40):
                st = g.state
                ref = moves.generate(v, st, Env(st))
                assert gen(st, Env(st)) == ref
                if not ref:
                    break
                g.apply_unchecked(rng.choice(ref))


def test_compiled_once_per_variant_and_option_set():
    v = rulesdsl.load("klondike", {"draw": 3})
    assert codegen.generated(v) is codegen.generated(v)
    assert codegen.source(v) is codegen.source(v)
    one, two = v.new_game(1), v.new_game(2)
    one.generate(), two.generate()
    assert one._generate is two._generate is codegen.generated(v)
    w = rulesdsl.load("klondike", {"draw": 1})
    assert codegen.generated(w) is not codegen.generated(v)


def test_options_fold_into_the_source():
    one = codegen.source(rulesdsl.load("klondike", {"passes": 1}))
    unlimited = codegen.source(rulesdsl.load("klondike"))
    assert "used[1] < 0" in one and "used[1] < 1000000" in unlimited


def test_constant_rules_leave_no_test():
    # FreeCell: accept_empty "true" on the columns leaves no test; the foundations' rule
    # names the suit by dest.index, folded per pile into a constant
    text = codegen.source(rulesdsl.load("freecell"))
    assert "dest" not in text and "index" not in text
    assert "c_suit == 0" in text and "c_suit == 3" in text


def test_one_card_destinations_are_asked_once_per_run_length():
    # Klondike: from a column, the four foundations take one card: asked under one test,
    # their rules' run.size == 1 folded away
    text = codegen.source(rulesdsl.load("klondike"))
    column = text[text.index("# pile 6:") : text.index("# pile 7:")]
    assert column.count("if n <= 1:") == 1
    assert "n == 1" not in column


def test_explain_generated_prints_compilable_python():
    code, out, err = run("explain", "klondike", "--option", "draw=3", "--generated")
    assert code == 0, err
    compile(out, "explained", "exec")
    assert "def generate" in out and "genapply.py" in out and "def undo" in out
    assert out.startswith(codegen.source(rulesdsl.load("klondike", {"draw": 3})))
    code, out, err = run("explain", "freecell")
    assert code == 0, err
    assert "tableau: 8 pile(s) 8-15" in out and "generated" in out


def test_explain_refuses_a_bad_option():
    code, _, err = run("explain", "klondike", "--option", "draw=7", "--generated")
    assert code == 2 and "draw" in err


def test_the_engine_variable_selects_the_closures(monkeypatch):
    v = rulesdsl.load("freecell")
    monkeypatch.setenv(codegen.ENGINE_VAR, "closures")
    g = v.new_game(4)
    closures = g.generate()
    assert g._generate is not codegen.generated(v)
    monkeypatch.delenv(codegen.ENGINE_VAR)
    h = v.new_game(4)
    assert h.generate() == closures
    assert h._generate is codegen.generated(v)


@pytest.mark.parametrize("name", ["accordion", "gaps", "maze", "sarlacc"])
def test_too_many_piles_get_the_loop_mode(name):
    # above limits.MAX_GENERATED_PAIRS the generator loops over each group's piles
    v = rulesdsl.load(name)
    assert not codegen.unrolled(v)
    text = codegen.source(v)
    assert "for s in S0:" in text and "for d in D0:" in text
    assert codegen.NOT_COMPILED not in text
    gen = codegen.generated(v)
    assert gen.__code__.co_filename.startswith("<rulesdsl generated")  # not the closures
    g = v.new_game(1)
    assert g.generate() == moves.generate(v, g.state, Env(g.state))
    assert g._generate is gen


def test_loop_mode_lists_what_the_closures_list(monkeypatch):
    """Every variant in loop mode (the limit below 0): the same moves as the closures along
    random playouts, the pile numbers read from the loop variables."""
    monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    rng = random.Random(7)
    for name in registry.names():
        v = rulesdsl.load(name)
        assert not codegen.unrolled(v)
        gen = codegen.generated(v)
        assert gen.__code__.co_filename.startswith("<rulesdsl generated"), name
        for seed in (1, 2):
            g = v.new_game(seed)
            for _ in range(20):
                st = g.state
                ref = moves.generate(v, st, Env(st))
                assert gen(st, Env(st)) == ref, name
                if not ref:
                    break
                g.apply_unchecked(rng.choice(ref))


FUZZ = int(os.environ.get("RULESDSL_CODEGEN_FUZZ", "60"))
FUZZ_SLOTS = ("sequence", "max_run", "accept", "accept_empty", "action_limit", "action_when")


@pytest.mark.parametrize("loop", [False, True], ids=["unrolled", "loop"])
def test_generated_expressions_list_what_the_closures_list(tmp_path, monkeypatch, loop):
    """Fuzzed rules (tests/exprgen.py: every operator, none, quantifiers, options) in every
    place the generator reads: both engines list the same moves along random playouts,
    unrolled and in loop mode (the limit below 0)."""
    if loop:
        monkeypatch.setattr(codegen, "MAX_GENERATED_PAIRS", -1)
    rng = random.Random(13)
    path = tmp_path / "fuzz.yaml"
    loaded = 0
    for i in range(FUZZ):
        slot = FUZZ_SLOTS[i % len(FUZZ_SLOTS)]
        text = exprgen.expression(rng, slot)
        path.write_text(exprgen.variant(slot, text), encoding="utf-8")
        try:
            v = load_path(path)
        except RulesError:
            continue
        loaded += 1
        assert codegen.NOT_COMPILED not in codegen.source(v), f"{slot}: {text}"
        gen = codegen.generated(v)
        for seed in (1, 2):
            g = v.new_game(seed)
            for _ in range(15):
                st = g.state
                ref = moves.generate(v, st, Env(st))
                assert gen(st, Env(st)) == ref, f"{slot}: {text}"
                if not ref:
                    break
                g.apply_unchecked(rng.choice(ref))
    assert loaded >= FUZZ // 3
