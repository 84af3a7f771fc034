"""Named predicates (issue 10, item 9): a ``define:`` section names expressions, with parameters
or without; each use is checked where it stands and compiled as if its text were written there
(docs/expressions.md)."""

from __future__ import annotations

import json
import os
import random
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.core.errors import CompileError, RulesError
from rulesdsl.core.state import State
from rulesdsl.lang.checker import Checker, Define, World
from rulesdsl.lang.compiler import Compiler
from rulesdsl.lang.parser import parse
from rulesdsl.lang.runtime import Env
from rulesdsl.validation.validate import check_file
from rulesdsl.variant.layout import Group, Layout
from tests import exprgen
from tests.helpers import game, notations

DECK = Deck([Suit(*s) for s in STANDARD_SUITS])
LAYOUT = Layout([Group("tableau", 0, 4), Group("cell", 0, 2)])


def card(text):
    return DECK.copies(*DECK.parse_face(text))[0]


def world(**defines):
    w = World(DECK, LAYOUT, {"n": (3, "int")}, [])
    for head, text in defines.items():
        name, _, rest = head.partition("__")
        params = tuple(rest.split("_")) if rest else ()
        w.defines[name] = Define(name, params, bool(rest), parse(text), ("define", head))
    return w


def compiled(w, text, role="move", plan=False):
    return Compiler(w).compile(Checker(w).check(parse(text), role, None), plan=plan)


def env_for(piles, **slots):
    e = Env(State([list(p) for p in piles], [0] * len(piles), []))
    for k, v in slots.items():
        setattr(e, k, v)
    return e


# -- written out at each use: the same closures, the same results ---------------------------

BUILDS = {"builds__under_over": "over.rank == under.rank - 1 and over.color != under.color"}


@given(st.integers(0, 51), st.integers(0, 51))
def test_a_use_gives_what_the_text_written_there_gives(a, b):
    w = world(**BUILDS)
    seq_def = compiled(w, "builds(a, b)", "sequence").fn
    seq_inline = compiled(w, "b.rank == a.rank - 1 and b.color != a.color", "sequence").fn
    acc_def = compiled(w, "builds(dest.top, card)").fn
    acc_inline = compiled(w, "card.rank == dest.top.rank - 1 and card.color != dest.top.color").fn
    e = env_for([[a], [], [], [], [], []], a=a, b=b, card=b, dest=0)
    assert seq_def(e) == seq_inline(e)
    assert acc_def(e) == acc_inline(e)


def test_the_move_generator_plan_is_the_same():
    w = world(**BUILDS, small="run.size <= 2")
    inline = compiled(
        w, "run.size <= 2 and card.rank == dest.top.rank - 1 and card.color != dest.top.color", plan=True
    ).plan
    assert inline.max_run == 2 and inline.run_key is not None
    for text in ("small and builds(dest.top, card)", "run.size <= 2 and builds(dest.top, card)"):
        used = compiled(w, text, plan=True).plan  # the conjuncts inside a use count too
        assert used.max_run == inline.max_run and used.run_key is not None


def test_constants_fold_through_a_define():
    w = world(twice__x="x * 2", top="twice(n) + 1")
    c = compiled(w, "top", "state")
    assert c.is_const and c.const == 7


def test_a_parameter_may_reuse_a_name_the_rules_see():
    w = world(down__a_b="b.rank == a.rank - 1")
    f = compiled(w, "down(dest.top, card)").fn  # a and b are the parameters, not the sequence's cards
    assert f(env_for([[card("8S")]] + [[]] * 5, card=card("7H"), dest=0)) is True


def test_quantifier_names_do_not_capture_arguments():
    # c inside the define is its own variable; the argument c.size is the rule's c
    w = world(over__p_k="any(c in p.cards: c.rank > k)")
    used = compiled(w, "count(c in tableau: over(c, c.size))", "state").fn
    inline = compiled(w, "count(p in tableau: any(c in p.cards: c.rank > p.size))", "state").fn
    rng = random.Random(5)
    for _ in range(50):
        piles = [[rng.randrange(52) for _ in range(rng.randrange(4))] for _ in range(4)] + [[], []]
        e = env_for(piles)
        assert used(e) == inline(e)


@pytest.mark.parametrize(
    "arg", ["any(q in cell: q.empty)", "len(cards(cell))", "len(tops(cell))", "cell[0].cards.size"]
)
def test_an_argument_read_inside_the_defines_quantifier_keeps_the_cost_linear(arg):
    # written inline, the argument would stand inside the quantifier: refused there, so here
    w = world(each__x="all(p in tableau: x)", once__x="x and all(p in tableau: p.size > 0)")
    with pytest.raises(CompileError) as inline:
        compiled(w, f"all(p in tableau: {arg})" + (" > 0" if "len" in arg or "size" in arg else ""), "state")
    with pytest.raises(CompileError) as used:
        compiled(w, f"each({arg}" + (" > 0)" if "len" in arg or "size" in arg else ")"), "state")
    assert inline.value.code == used.value.code == "E207"
    compiled(w, f"once({arg}" + (" > 0)" if "len" in arg or "size" in arg else ")"), "state")  # outside: fine


def test_an_argument_that_is_a_define_counts_as_written_out():
    # the argument 'spare' is a define with a quantifier inside: read inside each's quantifier
    w = world(each__x="all(p in tableau: x)", spare="any(q in cell: q.empty)")
    with pytest.raises(CompileError) as info:
        compiled(w, "each(spare)", "state")
    assert info.value.code == "E207"
    chain = {
        "d0__x": "x + 1",
        **{f"d{i}__x": f"d{i - 1}(x) + 1" for i in range(1, 40)},
        "wrap__x": "x + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1",
    }
    w = world(**chain)
    compiled(w, "wrap(d35(card.rank))", "move")  # 46 + over card.rank: 48 levels
    with pytest.raises(CompileError) as info:
        compiled(w, "wrap(d36(card.rank))", "move")
    assert info.value.code == "E106"


def test_a_define_does_not_see_the_variables_around_its_use():
    w = world(big="x.rank > 10")
    with pytest.raises(CompileError) as info:
        compiled(w, "all(x in run: big)")
    assert info.value.code == "E201"


def test_the_inner_quantifier_rule_holds_through_parameters():
    w = world(ok__p="all(c in p.cards: c.rank > 1)", bad__p="all(c in run: c.rank > p.size)")
    compiled(w, "all(p in tableau: ok(p))", "move")
    with pytest.raises(CompileError) as info:
        compiled(w, "all(p in tableau: bad(p))", "move")
    assert info.value.code == "E207"


# -- the limits hold for the written-out tree -------------------------------------------------


def test_depth_counts_the_written_out_tree():
    chain = {"d0__x": "x + 1"}
    for i in range(1, 60):
        chain[f"d{i}__x"] = f"d{i - 1}(x) + 1"
    w = world(**chain)
    compiled(w, "d45(card.rank)", "move")  # 46 + in a chain over card.rank: 48 levels, as inline
    with pytest.raises(CompileError) as info:
        compiled(w, "d46(card.rank)", "move")
    assert info.value.code == "E106" and "written out" in info.value.message


def test_size_counts_every_copy():
    defs = {"d0__x": "x + x + x + x"}
    for i in range(1, 10):
        defs[f"d{i}__x"] = f"d{i - 1}(x) + d{i - 1}(x)"
    w = world(**defs)
    compiled(w, "d3(card.rank) > 0")  # 8 copies of 7 parts and 4 arguments: fine
    with pytest.raises(CompileError) as info:
        compiled(w, "d9(card.rank) > 0")  # 512 copies: refused at 4,000 parts
    assert info.value.code == "E234"


def test_many_uses_stay_cheap():
    # 60 uses of a define in one rule: checked and compiled once each, well under the size limit
    w = world(**BUILDS)
    text = " or ".join(["builds(dest.top, card)"] * 60)
    c = compiled(w, text)
    assert c.fn(env_for([[card("8S")]] + [[]] * 5, card=card("7H"), dest=0)) is True


# -- in a file: errors at the define and at the use -----------------------------------------

BASE = textwrap.dedent("""\
    name: Defined
    extends: freecell
    define:
    {defines}
    piles:
      tableau:
        accept: "{accept}"
""")


def load(tmp_path, defines, accept="builds(dest.top, card)", name="x.yaml"):
    f = tmp_path / name
    f.write_text(BASE.format(defines=textwrap.indent(defines, "  "), accept=accept), encoding="utf-8")
    return f


def errors(f):
    with pytest.raises(RulesError) as info:
        rulesdsl.load_path(f)
    return [(d.code, d.line, d.column, d.message) for d in info.value.diagnostics]


def test_a_good_file_loads_and_plays_like_freecell(tmp_path):
    f = load(tmp_path, 'builds(under, over): "over.rank == under.rank - 1 and over.color != under.color"')
    assert check_file(f, play=2) == []
    mine, theirs = rulesdsl.load_path(f).new_game(3), rulesdsl.load("freecell").new_game(3)
    assert {mine.move_text(m) for m in mine.legal_moves()} == {theirs.move_text(m) for m in theirs.legal_moves()}


def test_an_error_inside_a_define_names_the_define_and_the_use(tmp_path):
    f = load(tmp_path, 'builds(under, over): "over.rank == under.rank - 1 and over.color != under"')
    found = errors(f)  # one per use: freecell's sequence rule (inherited) and this file's accept
    assert {e[:3] for e in found} == {("E203", 4, 71)}  # at 'under' in the define
    assert any(f"used at {f}:7:14" in e[3] for e in found)
    assert any("variants/freecell.yaml:45:16" in e[3] for e in found)


def test_a_use_in_the_wrong_kind_of_rule(tmp_path):
    f = load(
        tmp_path,
        'from_tableau: "source.group == \'tableau\'"\nbuilds(under, over): "from_tableau"',
        accept="card.rank == K",
    )
    text = f.read_text().replace('accept: "card.rank == K"', 'sequence: "builds(a, b)"')
    f.write_text(text)
    ((code, line, col, msg),) = errors(f)
    assert (code, line, col) == ("E201", 4, 18)  # 'source' in from_tableau
    assert "in define 'from_tableau', used at" in msg and "in define 'builds(under, over)', used at" in msg
    assert f"{f}:5:25" in msg and f"{f}:8:16" in msg


@pytest.mark.parametrize(
    "defines,accept,want",
    [
        ('loop(x): "loop(x)"', "card.rank == K", ("E230", 4, 13)),
        ('f(x): "g(x) and true"\ng(y): "y.rank > 1 and f(y)"', "card.rank == K", ("E230", 4, 10)),
        ('len(x): "x"', "card.rank == K", ("E231", 4, 3)),
        ('tableau: "true"', "card.rank == K", ("E231", 4, 3)),
        ('count(x): "x"', "card.rank == K", ("E231", 4, 3)),
        ('card: "true"', "card.rank == K", ("E231", 4, 3)),
        ('builds(under, over): "over.rank == undr.rank - 1"', "card.rank == K", ("E233", 4, 38)),
        ('builds(under, over): "over.rank == pred2(under.rank)"', "card.rank == K", ("E233", 4, 38)),
        ('builds(under, over): "over.rank == under.rank - 1"', "builds(card)", ("E232", 7, 14)),
        ('builds(under, over): "over.rank == under.rank - 1"', "builds", ("E232", 7, 14)),
        ('king: "card.rank == K"', "king()", ("E232", 7, 14)),
        ('builds(a, a): "true"', "card.rank == K", ("S110", 4, 3)),
        ('builds(under, over): "over.rank == (under.rank - 1"', "card.rank == K", ("E102", 4, 53)),
    ],
)
def test_errors_are_located(tmp_path, defines, accept, want):
    found = errors(load(tmp_path, defines, accept))
    assert (found[0][0], found[0][1], found[0][2]) == want, found


def test_a_define_given_twice_in_one_file(tmp_path):
    found = errors(load(tmp_path, 'king: "card.rank == K"\nking(): "card.rank == K"', "king"))
    assert found[0][:3] == ("S110", 5, 3)


def test_unknown_names_are_found_even_when_unused(tmp_path):
    f = load(tmp_path, 'spare: "dest.siz > 1"', "card.rank == K")
    assert rulesdsl.load_path(f)  # attributes are typed at each use only: an unused define is not
    f = load(tmp_path, 'spare: "dets.size > 1"', "card.rank == K")
    assert [e[:3] for e in errors(f)] == [("E233", 4, 11)]


# -- extends: a child inherits defines and may give one again ----------------------------------


def test_bakers_game_is_freecell_with_one_define_changed():
    g = game("bakers_game", "tableau[0]: 8S; tableau[1]: 7S; tableau[2]: 7H")
    assert "7S@tableau[1]>tableau[0]" in notations(g) and "7H@tableau[2]>tableau[0]" not in notations(g)
    g = game("freecell", "tableau[0]: 8S; tableau[1]: 7S; tableau[2]: 7H")
    assert "7H@tableau[2]>tableau[0]" in notations(g) and "7S@tableau[1]>tableau[0]" not in notations(g)


def test_a_child_replaces_an_inherited_define_even_with_other_parameters(tmp_path):
    f = load(tmp_path, 'builds(x, y): "y.rank == x.rank - 1"')  # any colour
    g = rulesdsl.Game.from_position(rulesdsl.load_path(f), "tableau[0]: 8S; tableau[1]: 7S")
    assert "7S@tableau[1]>tableau[0]" in notations(g)


def test_an_error_in_an_inherited_define_names_the_child(tmp_path):
    parent = tmp_path / "parent.yaml"
    parent.write_text(BASE.format(defines='  king: "card.rank == K"', accept="king"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text('name: Child\nextends: parent.yaml\npiles:\n  tableau:\n    sequence: "king"\n', encoding="utf-8")
    ((code, line, col, msg),) = errors(child)
    assert (code, line, col) == ("E201", 4, 10)
    assert "[inherited by" in msg and f"{child}:5:16" in msg


# -- differential: a rule written through a parameterless define behaves as written inline ----

SLOTS = [s for s in exprgen.SLOTS if s not in ("params", "count")]  # those see options only
CASES = int(os.environ.get("RULESDSL_DEFINE_CASES", "24"))


def _defined(slot, text):
    base = exprgen.variant(slot, "it")
    head, rest = base.split("deck: {}", 1)
    return head + "define:\n  it: " + json.dumps(text) + "\ndeck: {}" + rest


@settings(deadline=None, max_examples=CASES)
@given(st.integers(0, 10**6))
def test_random_rules_behave_the_same_through_a_define(tmp_path_factory, seed):
    rng = random.Random(seed)
    slot = rng.choice(SLOTS)
    text = exprgen.expression(rng, slot)
    d = tmp_path_factory.mktemp("d")
    inline, defined = d / "inline.yaml", d / "defined.yaml"
    inline.write_text(exprgen.variant(slot, text), encoding="utf-8")
    defined.write_text(_defined(slot, text), encoding="utf-8")
    outcomes = []
    for f in (inline, defined):
        try:
            v = rulesdsl.load_path(f)
        except RulesError as exc:
            outcomes.append(("refused", {e.code for e in exc.diagnostics}))
            continue
        g = v.new_game(1)
        moves = []
        for i in range(8):
            legal = sorted(g.legal_moves(), key=g.move_text)
            moves.append(([g.move_text(m) for m in legal], g.score, g.won))
            if not legal:
                break
            g.play(legal[(seed + i) % len(legal)])
        outcomes.append(("loaded", moves))
    (ka, va), (kb, vb) = outcomes
    assert ka == kb, (slot, text, outcomes)
    if ka == "loaded":
        assert va == vb
    elif "E233" not in vb:  # the same error, found at the use
        assert va == vb, (slot, text, va, vb)
    else:  # an unknown name or function is E233 when the file loads, before any other error in it
        assert va & {"E201", "E205", "E106", "E108", "E203", "E207", "E220"}, (slot, text, va, vb)


# -- hostile: defines cannot make a file cost more than a constant factor of its size ----------


def test_defines_used_everywhere_are_refused_quickly(tmp_path):
    from tests.hostile import assert_refused, probe

    defs = ['d0(x): "x + x + x + x"'] + [f'd{i}(x): "d{i - 1}(x) + d{i - 1}(x)"' for i in range(1, 10)]
    groups = "\n".join(
        f'  g{i}: {{count: 1, accept: "d7(card.rank) > 0", accept_empty: "d7(card.rank) > 1"}}' for i in range(150)
    )
    f = tmp_path / "h.yaml"
    f.write_text(
        "name: H\ndefine:\n"
        + "\n".join("  " + d for d in defs)
        + "\npiles:\n"
        + groups
        + '\ndeal: [shuffle, {to: g0, count: 52}]\nwin: "true"\n',
        encoding="utf-8",
    )
    r = probe("check", f, timeout=60)
    assert_refused(r)
    assert "E234" in r.text and "too large for its size" in r.text


def test_an_interchangeable_group_sees_through_defines(tmp_path):
    f = tmp_path / "i.yaml"
    f.write_text(
        'name: I\nextends: freecell\ndefine:\n  first: "dest.index == 0"\n  any_first: "first or false"\n'
        'piles:\n  cell:\n    accept_empty: "run.size == 1 and any_first"\n',
        encoding="utf-8",
    )
    found = errors(f)
    assert [e[:3] for e in found] == [("P321", 8, 19)]
    assert "define 'first'" in found[0][3] and "dest.index" in found[0][3]


def test_an_error_on_a_deeper_line_of_a_folded_define_is_located(tmp_path):
    # in a folded block, a more-indented line keeps its extra spaces: the column counts them
    f = tmp_path / "mc.yaml"
    f.write_text(
        "name: MC\nextends: monte_carlo\ndefine:\n  touching(p, q): >-\n"
        "    q in [p.at(-1, -1), p.at(-1, 0), p.at(-1, 1), p.at(0, -1),\n"
        "          p.at(0, 1), p.att(1, -1), p.at(1, 0), p.at(1, 1)]\n",
        encoding="utf-8",
    )
    ((code, line, col, msg),) = errors(f)
    assert (code, line, col) == ("E235", 6, 25)
    assert "monte_carlo.yaml:" in msg
