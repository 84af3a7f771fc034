"""The expression stages: parse -> check (a typed tree, every name bound once) -> compile.

The checker's tree is what the compiler, the query planner and the validator's abstract
evaluator read; the compiler never looks a name up. Also: every grammar terminal is named.
"""

from __future__ import annotations

import ast as pyast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.core.state import State
from rulesdsl.lang import checker
from rulesdsl.lang import types as exprtypes
from rulesdsl.lang.checker import Checker, CompileError, Ref, World
from rulesdsl.lang.compiler import Compiler, compile_expression
from rulesdsl.lang.parser import _TOKEN_WORDS, _lark, parse
from rulesdsl.lang.runtime import Env
from rulesdsl.variant.layout import Group, Layout

ROOT = Path(__file__).resolve().parents[2]
DECK = Deck([Suit(*s) for s in STANDARD_SUITS])
LAYOUT = Layout([Group("stock", 0, 1), Group("tableau", 0, 3), Group("foundation", 0, 2)])


def world() -> World:
    return World(DECK, LAYOUT, {"draw": (3, "int"), "level": ("easy", "str")}, ["draw", "recycle"])


def check(text: str, role: str = "state", want: str | None = None) -> checker.Checked:
    return Checker(world()).check(parse(text), role, want)


def error(text: str, role: str = "state", want: str | None = None) -> tuple:
    with pytest.raises(CompileError) as info:
        check(text, role, want)
    return info.value.code, info.value.col


# -- a conditional's type is the join of its branches, typed before the test is folded ----------


def test_a_conditional_with_a_constant_test_has_the_type_of_both_branches():
    c = check("([] if true else tableau).last.next")  # was E202: 'a value has no attribute next'
    assert c.type is exprtypes.PILE and c.is_const and c.const is None
    assert check("([] if true else tableau)").type == exprtypes.list_of(exprtypes.PILE)
    assert check("(tableau if false else [])").type == exprtypes.list_of(exprtypes.PILE)
    assert check("(none if true else 3)").type is exprtypes.INT
    assert check("(3 if false else none)").type is exprtypes.INT


def test_the_joined_conditional_compiles_and_runs():
    state = State([[], [], [], [], [], []], [0] * 6, [0, 0])
    c = compile_expression(world(), parse("([] if true else tableau).last.next"), "state")
    assert c.fn(Env(state)) is None
    c = compile_expression(world(), parse("(tableau if draw == 3 else []).last.index"), "state")
    assert c.is_const and c.const == 2
    c = compile_expression(world(), parse("([] if tableau[0].empty else tableau).size"), "state")
    assert not c.is_const and c.fn(Env(state)) == 0


def test_both_branches_are_checked_whatever_the_test():
    assert error("1 if true else 'a'") == ("E203", 1)
    assert error("1 if false else nosuch") == ("E201", 17)
    assert error("(none if true else 3)", want="bool") == ("E208", 2)  # a number, whichever branch


# -- every name bound once, on the checked node ---------------------------------------------------


def _names(node: checker.Expr) -> list:
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, checker.Name):
            out.append((n.id, n.ref.kind))
        for value in (getattr(n, f, None) for f in n.__slots__ if f not in ("type", "const")):
            for v in value if isinstance(value, tuple) else (value,):
                if isinstance(v, checker.Expr):
                    stack.append(v)
    return sorted(out, key=str)


def test_names_are_bound_to_what_they_stand_for():
    c = check(
        "all(p in tableau: p.size < draw) and card.rank == K and card.suit == hearts "
        "and card.color == red and level == 'easy' and true and run.size == 1",
        "move",
    )
    assert dict(_names(c.tree)) == {
        "p": Ref.VAR,
        "tableau": Ref.GROUP,
        "draw": Ref.CONSTANT,
        "card": Ref.SLOT,
        "K": Ref.RANK,
        "hearts": Ref.SUIT,
        "red": Ref.COLOR,
        "level": Ref.CONSTANT,
        "true": Ref.WORD,
        "run": Ref.SLOT,
    }


def test_attributes_and_calls_are_resolved_to_their_objects():
    c = check("tableau[0].top.rank == succ(2)")
    left, right = c.tree.left, c.tree.right
    assert left.attr is exprtypes.CARD_ATTRS["rank"] and left.obj.attr is exprtypes.PILE_ATTRS["top"]
    assert right.func.name == "succ" and right.is_const and right.const == 3


def test_the_compiler_looks_no_name_up():
    """Names, attributes and functions were bound by the checker: a world emptied of its
    names afterwards compiles the same closures."""
    w = world()
    checked = Checker(w).check(
        parse("count(p in tableau: p.size > draw) + len(cards(tableau[1])) + (1 if level == 'easy' else 0)"),
        "state",
        "int",
    )
    w.constants.clear()
    w.actions.clear()
    state = State([[], [1, 2, 3, 4], [5], []] + [[], []], [0] * 6, [0, 0])
    assert Compiler(w).compile(checked).fn(Env(state)) == 1 + 1 + 1


def test_unknown_names_fail_in_the_checker_with_the_same_codes():
    assert error("crad.rank", "move") == ("E201", 1)
    assert error("card.rnak", "move") == ("E202", 6)
    assert error("suc(1)") == ("E205", 1)
    assert error("used(draw)") == ("E203", 6)
    assert error("used('nope')") == ("E212", 6)
    assert error("tableau[7]") == ("E206", 9)
    assert check("1000000 * 1000000 * 1000000").const == 2**31 - 1  # saturated, not an error


@settings(max_examples=60, deadline=None)
@given(st.integers(-50, 50), st.integers(-50, 50), st.sampled_from(["+", "-", "*", "/", "%", "**"]))
def test_a_folded_constant_is_what_the_rule_computes(x, y, op):
    """The checker folds with the operation's own closure: the same text with one operand
    read from the position (not folded) gives the same value."""
    folded = check(f"({x}) {op} ({y})")  # out of range: saturated at load and at play time
    state = State([[], list(range(x)) if x > 0 else [], [], [], [], []], [0] * 6, [0, 0])
    run = compile_expression(world(), parse(f"(tableau[0].size + ({x - max(x, 0)})) {op} ({y})"), "state")
    assert run.fn(Env(state)) == folded.const


# -- the stages import one way --------------------------------------------------------------------

STAGES = ["types", "ops", "builtins", "parser", "checker", "compiler"]


def _imports(module: str) -> set:
    tree = pyast.parse((ROOT / "rulesdsl" / "lang" / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
    return found


def test_the_expression_stages_import_only_earlier_stages():
    for i, module in enumerate(STAGES):
        later = set(STAGES[i + 1 :]) & _imports(module)
        assert not later, f"{module}.py imports {sorted(later)}, a later stage"
    assert not {"compiler", "checker"} & _imports("builtins")


# -- the grammar: every terminal named ------------------------------------------------------------


def test_every_grammar_terminal_is_named_and_has_words():
    names = [t.name for t in _lark().terminals]
    assert not [n for n in names if n.startswith("__")], names  # no Lark-made __ANON_n names
    assert not [n for n in names if n != "WS" and n not in _TOKEN_WORDS]


@pytest.mark.parametrize(
    "text, message",
    [
        ("2 **", "expression ends too early (expected '(', '-', '[', a name, a number, a quantifier, ...)"),
        ("2 ** ** 3", "unexpected '**' (expected '(', '-', '[', a name, a number, a quantifier, ...)"),
        ("tableau[0] 1", "unexpected '1' (expected '%', ')', '*', '**', '+', ',', ...)"),
    ],
)
def test_error_words_name_the_operators(text, message):
    from rulesdsl.lang.parser import ExprSyntaxError

    with pytest.raises(ExprSyntaxError) as info:
        parse(text)
    assert info.value.message == message
