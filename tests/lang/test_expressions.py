"""The expression language: grammar, evaluation, none semantics, folding, and every error code.

Expressions are parsed with rulesdsl.lang.parser.parse and compiled with rulesdsl.lang.compiler
against a small world: a standard deck, piles stock[0], tableau[0..2], foundation[0..1]
(global indices 0, 1..3, 4..5), an int option ``draw`` = 3, a text option ``level`` =
'easy', and the actions draw and recycle.
"""

from __future__ import annotations

import re

import pytest

from rulesdsl.core.cards import STANDARD_SUITS, Deck, Suit
from rulesdsl.core.state import State
from rulesdsl.lang.checker import CompileError, World
from rulesdsl.lang.compiler import compile_expression
from rulesdsl.lang.parser import ExprSyntaxError, parse
from rulesdsl.lang.runtime import Env
from rulesdsl.variant.layout import Group, Layout

DECK = Deck([Suit(*s) for s in STANDARD_SUITS])
LAYOUT = Layout([Group("stock", 0, 1), Group("tableau", 0, 3), Group("foundation", 0, 2)])
STOCK, T0, T1, T2, F0, F1 = range(6)


def card(text):
    return DECK.copies(*DECK.parse_face(text))[0]


def world():
    return World(DECK, LAYOUT, {"draw": (3, "int"), "level": ("easy", "str")}, ["draw", "recycle"])


def compile_(text, role="state", want=None):
    return compile_expression(world(), parse(text), role, want)


def state():
    """tableau[0]: #9C 8D 7S; tableau[1]: KH; tableau[2] empty; foundation[0]: AS 2S; used draw=4."""
    piles = [
        [card("2C"), card("3C")],
        [card("9C"), card("8D"), card("7S")],
        [card("KH")],
        [],
        [card("AS"), card("2S")],
        [],
    ]
    down = [2, 1, 0, 0, 0, 0]
    return State(piles, down, [4, 0])


def ev(text, role="state", **slots):
    c = compile_(text, role)
    env = Env(state())
    for k, v in slots.items():
        setattr(env, k, v)
    return c.fn(env)


def move_env(run=("8D", "7S"), source=T0, dest=T1):
    cards = tuple(card(t) for t in run)
    return dict(run=cards, card=cards[0], source=source, dest=dest)


def syntax_error(text):
    with pytest.raises(ExprSyntaxError) as info:
        parse(text)
    return info.value.code, info.value.col


def compile_error(text, role="state", want=None):
    with pytest.raises(CompileError) as info:
        compile_(text, role, want)
    return info.value.code, info.value.col


# -- precedence and associativity -----------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 3 - 2", 5),  # left to right
        ("20 / 2 / 5", 2),
        ("7 % 4 * 2", 6),
        ("2 ** 3 ** 2", 512),  # right to left
        ("-2 ** 2", -4),  # power binds tighter than minus
        ("- - 3", 3),
        ("2 * -3", -6),
        ("7 / 2", 3),  # whole-number division
        ("-7 / 2", -4),  # rounds down
        ("1 + 1 == 2 and 3 > 2", True),
        ("not 1 == 2", True),  # not binds looser than a comparison
        ("not true or true", True),  # ... and tighter than or
        ("true or false and false", True),  # and before or
        ("(true or false) and false", False),
        ("not not true", True),
        ("1 if false else 2 + 3", 5),  # the conditional is loosest
        ("1 + 1 if true else 0", 2),
        ("1 if false else 2 if false else 3", 3),  # nests to the right
        ("1 if true else 2 if false else 3", 1),
        ("3 >= 3 and 3 <= 3 and 2 < 3 and 3 > 2 and 2 != 3", True),
    ],
)
def test_precedence(text, value):
    assert ev(text) == value


def test_tree_shape():
    n = parse("1 + 2 * 3")
    assert n.op == "+" and n.right.op == "*"
    n = parse("a if b else c if d else e")
    assert n.then.id == "a" and n.other.then.id == "c"
    with pytest.raises(ExprSyntaxError):
        parse("1 < 2 < 3")  # comparisons do not chain


# -- conditional -----------------------------------------------------------------------


def test_conditional_at_run_time():
    assert ev("1 if tableau[2].empty else 2") == 1
    assert ev("1 if tableau[1].empty else 2") == 2
    assert ev("tableau[0].size if tableau[0].up == 2 else 0") == 3


def test_conditional_constant_test_picks_a_branch():
    c = compile_("1 if draw == 3 else tableau[0].size")
    assert c.is_const and c.const == 1
    c = compile_("tableau[0].size if level == 'hard' else 7")
    assert c.is_const and c.const == 7


# -- membership ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("3 in [1, 2, 3]", True),
        ("4 in [1, 2, 3]", False),
        ("4 not in [1, 2, 3]", True),
        ("hearts in [hearts, diamonds]", True),
        ("spades not in [hearts, diamonds]", True),
        ("tableau[1] in tableau", True),
        ("stock[0] in tableau", False),
        ("tableau[0].top in tableau[0].cards", True),
        ("tableau[1].top in tableau[0].cards", False),
        ("tableau[2].top in tableau[0].cards", False),  # none is in no pile
        ("K in [tableau[1].top.rank]", True),
        ("1 in []", False),
    ],
)
def test_membership(text, value):
    assert ev(text) == value


def test_membership_with_run():
    assert ev("card.suit in [diamonds, hearts]", "move", **move_env()) is True
    assert ev("card.rank not in [8, 9]", "move", **move_env()) is False


# -- quantifiers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("all(p in tableau: p.size < 4)", True),
        ("all(p in tableau: p.size > 0)", False),
        ("any(p in tableau: p.empty)", True),
        ("any(p in foundation: p.size > 2)", False),
        ("count(p in tableau: not p.empty)", 2),
        ("sum(p in tableau: p.size)", 4),
        ("sum(p in foundation: p.down)", 0),
        ("all(p in []: false)", True),  # true for no items
        ("any(p in []: true)", False),
        ("count(p in []: true)", 0),
        ("sum(p in []: 5)", 0),
        ("count(c in cards(tableau): c.color == red)", 2),
        ("sum(c in tops(tableau): c.rank)", 7 + 13),
        ("count(c in tableau[0].cards: c.rank > 7)", 2),
        ("all(p in tableau: all(c in p.cards: c.rank >= 7))", True),
        ("any(p in tableau: any(c in p.cards: c.rank == K))", True),
        ("sum(p in tableau: count(c in p.cards: c.color == black))", 2),
        ("all(p in tableau: all(a, b in pairs(p.cards): b.rank == a.rank - 1))", True),
        ("all(p in [tableau[0], foundation[0]]: all(a, b in pairs(p.cards): b.suit == a.suit))", False),
        ("count(a, b in pairs(cards(tableau)): b.rank < a.rank)", 2),
        ("all(a, b in pairs([1]): false)", True),  # one item, no pair
        ("sum(a, b in pairs([1, 2, 4]): b - a)", 3),
        ("all(a, b in pairs(foundation[0].cards): b.rank == a.rank + 1 and b.suit == a.suit)", True),
    ],
)
def test_quantifiers(text, value):
    assert ev(text) == value


def test_quantifier_over_run():
    env = move_env(("9C", "8D", "7S"))
    assert ev("all(a, b in pairs(run): b.rank == a.rank - 1 and b.color != a.color)", "move", **env)
    env = move_env(("9C", "8D", "7H"))
    assert not ev("all(a, b in pairs(run): b.rank == a.rank - 1 and b.color != a.color)", "move", **env)
    assert ev("count(c in run: c.color == red)", "move", **env) == 2


def test_sequence_role_sees_a_and_b():
    assert ev("b.rank == a.rank - 1 and b.color != a.color", "sequence", a=card("8D"), b=card("7S"))
    assert not ev("b.rank == a.rank - 1 and b.color != a.color", "sequence", a=card("8D"), b=card("7H"))


def test_remove_role_sees_cards():
    assert ev("sum(c in cards: c.rank) == 13", "remove", cards=(card("9C"), card("4D")))
    assert not ev("sum(c in cards: c.rank) == 13", "remove", cards=(card("9C"), card("5D")))


# -- attributes and builtins ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("tableau[0].size", 3),
        ("tableau[0].down", 1),
        ("tableau[0].up", 2),
        ("tableau[0].top.name", "7S"),
        ("tableau[0].bottom.name", "9C"),
        ("tableau[0].top.rank", 7),
        ("tableau[0].top.suit == spades", True),
        ("tableau[0].top.color == black", True),
        ("tableau[1].top.color == red", True),
        ("tableau[0].top.copy", 0),
        ("tableau[0].cards.size", 3),
        ("tableau[0].cards.first.name", "9C"),
        ("tableau[0].cards.last.name", "7S"),
        ("tableau[0].cards[1].name", "8D"),
        ("tableau[0].cards[-1].name", "7S"),
        ("tableau[1].index", 1),
        ("tableau[1].group", "tableau"),
        ("tableau[2].next == tableau[0]", True),  # wraps within the group
        ("tableau[0].prev == tableau[2]", True),
        ("foundation[1].next == foundation[0]", True),
        ("tableau[0].free", True),
        ("tableau[0].covered", False),
        ("len(tableau)", 3),
        ("len(cards(tableau))", 4),
        ("len(tops(tableau))", 2),
        ("succ(7)", 8),
        ("succ(K)", None),  # the deck does not wrap
        ("pred(A)", None),
        ("min(3, 5)", 3),
        ("max(3, 5)", 5),
        ("abs(0 - 4)", 4),
        ("used('draw')", 4),
        ("used('recycle')", 0),
        ("draw + 1", 4),
        ("level == 'easy'", True),
        ("A + J + Q + K + T", 1 + 11 + 12 + 13 + 10),
    ],
)
def test_attributes(text, value):
    assert ev(text) == value


def test_move_names():
    env = move_env(("8D", "7S"), T0, T1)
    assert ev("run.size", "move", **env) == 2
    assert ev("card.name", "move", **env) == "8D"
    assert ev("dest.top.name", "move", **env) == "KH"
    assert ev("source == tableau[0]", "move", **env) is True


# -- none: a total language ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("tableau[2].top", None),  # the top of an empty pile is none
        ("tableau[2].top == none", True),
        ("tableau[2].top.rank", None),
        ("tableau[2].top.rank + 1", None),  # arithmetic with none gives none
        ("1 - tableau[2].top.rank", None),
        ("tableau[2].top.rank * 0", None),
        ("-tableau[2].top.rank", None),
        ("tableau[2].top.rank < 5", False),  # ordering comparisons with none are false
        ("tableau[2].top.rank > 5", False),
        ("tableau[2].top.rank <= 5", False),
        ("tableau[2].top.rank >= 5", False),
        ("none < none", False),
        ("tableau[2].top.rank == 5", False),
        ("tableau[2].top.rank != 5", True),
        ("not (tableau[2].top.rank < 5)", True),
        ("tableau[2].top.suit == spades", False),
        ("tableau[0].cards[3]", None),  # past the end
        ("tableau[0].cards[-4]", None),
        ("tableau[2].cards.first", None),
        ("succ(tableau[2].top.rank)", None),
        ("min(1, tableau[2].top.rank)", None),
        ("5 / 0", None),  # division by zero gives none
        ("5 % 0", None),
        ("tableau[0].size / tableau[2].size", None),
        ("tableau[0].size % tableau[2].size", None),
        ("2 ** 30", 2**30),
        ("tableau[0].size ** 19", 3**19),
        ("2 ** (0 - 1)", None),  # a negative exponent gives none
        ("tableau[0].size ** (0 - tableau[0].size)", None),
        ("(5 / 0) == none", True),
        ("none + 1 == none", True),
        ("sum(p in tableau: p.top.rank)", 20),  # none counts 0 in a sum
    ],
)
def test_none(text, value):
    assert ev(text) == value


M = 2**31 - 1


@pytest.mark.parametrize(
    "text,value",
    [
        ("tableau[0].size ** 19", 3**19),
        ("tableau[0].size ** 20", M),  # past the range: its end
        ("(0 - tableau[0].size) ** 20", M),
        ("(0 - tableau[0].size) ** 21", -M),  # an odd power of a negative number: the low end
        ("tableau[0].size * 1000000 * 1000", M),
        ("0 - tableau[0].size * 1000000 * 1000", -M),
        ("tableau[0].size * 1000000 * 1000 - 1", M - 1),  # each operation saturates in turn
        ("sum(p in tableau: 1000000 * 1000 + p.size)", M),
        ("sum(p in tableau: 1000000 * 1000 - 3) - 1000000 * 2000", M - 2_000_000_000),
        ("2 ** 31", M),
        ("2 ** 45", M),
        ("2 ** 1000000", M),  # never computed: the exponent says it is past
        ("tableau[0].size ** 1000000", M),
        ("(tableau[0].size - 2) ** 1000000", 1),
        ("(tableau[0].size - 3) ** 1000000", 0),
        ("(tableau[0].size - 4) ** 999999", -1),
        ("1000000 * 1000000 * 1000000 / 1000000", M // 1_000_000),
        ("(0 - 1000000) * 1000000 / (0 - 1)", M),
        ("-(tableau[0].size * 1000000 * 1000)", -M),  # the range is symmetric
        ("(1000000 * 1000000 + tableau[0].size) % 10", M % 10),
        ("tableau[0].size * 1000000 * 1000 == 2 ** 45", True),  # both are the end
        ("tableau[0].size * 1000000 * 1000 > 2 ** 45 - 1", True),  # 2 ** 45 - 1 is MAX_INT - 1
        ("tableau[0].size * 1000000 * 1000 >= 2 ** 45", True),
    ],
)
def test_arithmetic_saturates_at_the_ends_of_the_range(text, value):
    assert ev(text) == value


def test_saturated_arithmetic_folds_to_the_same_ends():
    """Folded at load (no error) to what play time computes."""
    for text, value in (
        ("2 ** 45", M),
        ("1000000 * 1000000 * 1000000", M),
        ("0 - 2 ** 64", -M),
        ("(0 - 2) ** 63", -M),
        ("-(2 ** 40)", -M),
        ("2 ** 45 - 2 ** 45", 0),
    ):
        c = compile_(text)
        assert c.is_const and c.const == value, text


def test_none_in_run_context():
    env = move_env(("8D",), T0, T2)  # tableau[2] is empty
    assert ev("card.rank == dest.top.rank - 1", "move", **env) is False
    assert ev("card.rank != dest.top.rank - 1", "move", **env) is True


# -- constant folding -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("1 + 2 * 3", 7),
        ("draw * 2", 6),
        ("3 if level == 'easy' else 1", 3),
        ("tableau[1]", T1),
        ("tableau[2]", T2),
        ("len(tableau)", 3),
        ("succ(Q)", 13),
        ("5 / 0", None),
        ("2 ** 99", 2**31 - 1),  # saturated
        ("hearts in [hearts, spades]", True),
        ("tableau[2].next", T0),
        ("tableau[1].group", "tableau"),
        ("[1, 2, 3][1]", 2),
        ("not (1 > 2)", True),
        ("true and draw == 3", True),
        ("min(draw, 2)", 2),
    ],
)
def test_constant_folding(text, value):
    c = compile_(text)
    assert c.is_const
    assert c.const == value
    assert c.fn(None) == value  # needs no position at all


@pytest.mark.parametrize(
    "text",
    [
        "tableau[0].size",
        "used('draw')",
        "cards(tableau)",
        "tops(tableau)",
        "len(cards(tableau[0]))",
        "all(p in tableau: p.empty)",
        "draw + tableau[0].size",
    ],
)
def test_not_folded(text):
    assert not compile_(text).is_const


def test_result_types():
    assert str(compile_("1 + 1").type) == "int"
    assert str(compile_("tableau").type) == "list[pile]"
    assert str(compile_("tableau[0].cards").type) == "list[card]"
    assert str(compile_("tableau[0].top").type) == "card"
    assert str(compile_("count(p in tableau: p.empty)").type) == "int"
    assert str(compile_("any(p in tableau: p.empty)").type) == "bool"
    assert str(compile_("tableau[0].top.rank < 3", want="bool").type) == "bool"


# -- syntax errors: code and column ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,code,col",
    [
        ("", "E100", 1),
        ("   ", "E100", 1),
        ("1 + $", "E101", 5),  # a character the language does not have
        ("a !! b", "E101", 3),
        ("1 = 2", "E101", 3),
        ('x == "abc', "E101", 6),  # unterminated string
        ("1 +", "E102", 4),  # ends too early: column just past the end
        ("(1 + 2", "E102", 7),
        ("1 if 2", "E102", 7),
        ("card.", "E102", 6),
        ("min(1,", "E102", 7),
        ("1 2", "E103", 3),  # a token in the wrong place
        ("a ) b", "E103", 3),
        ("1 ** ** 2", "E103", 6),
        ("a not b", "E103", 7),
        ("all(x, y, z in q: 1)", "E103", 9),
        ("1 < 2 < 3", "E103", 7),
        ("]", "E103", 1),
        ("x" * 2001, "E106", 2000),  # too long
        ("(" * 25 + "1" + ")" * 25, "E106", 25),  # brackets too deep: the 25th bracket
        ("not " * 60 + "a", "E106", 197),  # the 49th nested node
        ("9999999", "E107", 1),  # number too large
        ("1 + 1000001", "E107", 5),
        ("'" + "a" * 65 + "'", "E107", 1),  # string too long
        ("level == '" + "a" * 65 + "'", "E107", 10),
    ],
)
def test_syntax_errors(text, code, col):
    assert syntax_error(text) == (code, col)


def test_limits_are_inclusive():
    parse("x" * 2000)
    parse("(" * 24 + "1" + ")" * 24)
    parse("1000000")
    parse("'" + "a" * 64 + "'")


def test_syntax_error_message_says_what_was_expected():
    with pytest.raises(ExprSyntaxError, match=re.escape("expected ')'")):
        parse("(1 + 2")
    with pytest.raises(ExprSyntaxError, match=re.escape("unexpected character '$'")):
        parse("1 + $")


# -- compile errors: code and column ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,role,code,col",
    [
        ("foo", "state", "E201", 1),  # unknown name
        ("1 + bar", "state", "E201", 5),
        ("  foo", "state", "E201", 3),
        ("card.rank", "state", "E201", 1),  # card is not seen by a state rule
        ("run.size", "sequence", "E201", 1),
        ("a.rank", "move", "E201", 1),
        ("cards.size", "move", "E201", 1),
        ("card.rnk", "move", "E202", 6),  # unknown attribute: at its name
        ("tableau[0].sise", "state", "E202", 12),
        ("draw.rank", "state", "E202", 6),
        ("tableau.top", "state", "E202", 9),
        ("1 + true", "state", "E203", 5),  # type errors
        ("-true", "state", "E203", 2),
        ("not 1", "state", "E203", 5),
        ("1 and true", "state", "E203", 1),
        ("card == 1", "move", "E203", 9),
        ("level == 3", "state", "E203", 10),
        ("1 in 2", "state", "E203", 6),
        ("1 in tableau", "state", "E203", 1),
        ("1 if true else false", "state", "E203", 1),
        ("1 if 2 else 3", "state", "E203", 6),
        ("tableau[true]", "state", "E203", 9),
        ("card[0]", "move", "E203", 1),
        ("sum(p in tableau: p.empty)", "state", "E203", 19),
        ("all(p in tableau: p.size)", "state", "E203", 19),
        ("all(p in 3: true)", "state", "E203", 10),
        ("[1, true]", "state", "E203", 1),
        ("len(3)", "state", "E203", 5),
        ("succ(card)", "move", "E203", 6),
        ("tableau[0].size < true", "state", "E203", 19),
        ("min(1)", "state", "E204", 1),  # wrong number of arguments
        ("max(1, 2, 3)", "state", "E204", 1),
        ("abs()", "state", "E204", 1),
        ("all(a, b in pairs(run, run): true)", "move", "E204", 13),
        ("nosuch(1)", "state", "E205", 1),  # unknown function
        ("1 + suc(1)", "state", "E205", 5),
        ("tableau[3]", "state", "E206", 9),  # constant index out of range
        ("tableau[-4]", "state", "E220", 9),  # a negative pile index (no wrap)
        ("tableau[-1]", "state", "E220", 9),
        ("[1, 2][5]", "state", "E206", 8),
        ("all(p in tableau: all(q in tableau: true))", "state", "E207", 28),
        ("all(p in tableau: any(c in cards(foundation): true))", "state", "E207", 28),
        ("any(c in run: count(d in run: d == c) > 1)", "move", "E207", 26),
        ("all(p in tableau: p.size > count(q in foundation: q.empty))", "state", "E207", 39),
        ("pairs(run)", "move", "E209", 1),  # pairs outside a quantifier
        ("len(pairs(run))", "move", "E209", 5),
        ("all(a, b in run: true)", "move", "E210", 1),  # wrong number of names
        ("all(a in pairs(run): true)", "move", "E210", 1),
        ("all(p in tableau: all(p in p.cards: true))", "state", "E211", 19),  # name bound twice
        ("used('deal')", "state", "E212", 6),  # not an action
        ("used(level)", "state", "E212", 6),
        ("used(3)", "state", "E203", 6),
    ],
)
def test_compile_errors(text, role, code, col):
    assert compile_error(text, role) == (code, col)


@pytest.mark.parametrize(
    "text,want,col",
    [
        ("1 + 2", "bool", 1),
        ("tableau[0].empty", "int", 1),
        ("tableau", "bool", 1),
        ("  tableau[0].top", "int", 3),
    ],
)
def test_wrong_result_type_e208(text, want, col):
    assert compile_error(text, want=want) == ("E208", col)


def test_hints():
    with pytest.raises(CompileError) as info:
        compile_("crad.rank", "move")
    assert info.value.hint == "did you mean 'card'?"
    with pytest.raises(CompileError) as info:
        compile_("card.rnak", "move")
    assert info.value.hint == "did you mean 'rank'?"
    assert "rank" in info.value.message and "suit" in info.value.message
    with pytest.raises(CompileError) as info:
        compile_("suc(1)")
    assert info.value.hint == "did you mean 'succ'?"
    with pytest.raises(CompileError) as info:
        compile_("card.rank")
    assert "not available in this kind of rule" in info.value.message


def test_nested_quantifier_over_the_outer_variable_is_allowed():
    compile_("all(p in tableau: all(c in p.cards: c.rank > 1))")
    compile_("all(p in tableau: all(a, b in pairs(p.cards): a != b))")
    compile_("any(p in tableau: count(c in p.cards: c.color == red) > 1)")
    compile_("all(p in tableau: any(q in [p.next, p.prev]: q.empty))")
