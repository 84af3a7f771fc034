"""Expression text -> AST. Lark is used here and nowhere else; its errors become ours.

Limits keep every expression cheap before it is even parsed: a length cap, a nesting
cap and a cap on literal sizes. Lark's LALR parse builds its tree without recursion; the
depth of that tree (every operator, call, attribute, index and quantifier counts, not
only brackets) is measured with an explicit stack before anything walks it recursively.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from ..core.errors import ExprSyntaxError, short
from ..core.limits import MAX_EXPR_DEPTH as MAX_DEPTH
from ..core.limits import MAX_EXPR_LENGTH as MAX_LENGTH
from ..core.limits import MAX_EXPR_TREE_DEPTH as MAX_TREE_DEPTH
from ..core.limits import MAX_NUMBER, MAX_STRING
from . import ast


@lru_cache(maxsize=1)
def _lark() -> Lark:
    text = resources.files("rulesdsl.lang.grammar").joinpath("expr.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True)


_TOKEN_WORDS = {  # every terminal of grammar/expr.lark, as an error message says it
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": "a string",
    "QUANT": "a quantifier",
    "COMP_OP": "a comparison",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "_LSQB": "'['",
    "_RSQB": "']'",
    "_COMMA": "','",
    "_DOT": "'.'",
    "_COLON": "':'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
    "PERCENT": "'%'",
    "_POW": "'**'",
    "_IN": "'in'",
    "_IF": "'if'",
    "_ELSE": "'else'",
    "_AND": "'and'",
    "_OR": "'or'",
    "_NOT": "'not'",
    "$END": "the end",
}


def _expected(names) -> str:
    words = sorted({_TOKEN_WORDS.get(n, n.lower()) for n in names})
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


_CACHE: dict = {}  # text -> AST or the error's arguments; trees are immutable
_CACHE_SIZE = 1024


def parse(text: str):
    """Parse expression text into an AST, or raise ExprSyntaxError. The same text is parsed
    once: a variant is compiled once per option combination, its expressions are not."""
    if isinstance(text, str) and text in _CACHE:
        found = _CACHE[text]
        if isinstance(found, tuple):
            raise ExprSyntaxError(*found)
        return found
    try:
        node = _parse(text)
    except ExprSyntaxError as exc:
        if isinstance(text, str):
            _remember(text, (exc.code, exc.message, exc.col, exc.hint))
        raise
    _remember(text, node)
    return node


def _remember(text, value):
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[text] = value


def _parse(text: str):
    if not isinstance(text, str):
        raise ExprSyntaxError("E100", "expected an expression (text)", 1)
    if len(text) > MAX_LENGTH:
        raise ExprSyntaxError("E106", f"expression longer than {MAX_LENGTH} characters", MAX_LENGTH)
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth > MAX_DEPTH:
            raise ExprSyntaxError("E106", f"brackets nested deeper than {MAX_DEPTH}", i + 1)
    if not text.strip():
        raise ExprSyntaxError("E100", "empty expression", 1)
    try:
        tree = _lark().parse(text)
    except UnexpectedCharacters as exc:
        pos = exc.pos_in_stream or 0
        raise ExprSyntaxError(
            "E101",
            f"unexpected character {text[pos]!r} (expected {_expected(exc.allowed or ['an expression'])})",
            pos + 1,
        ) from None
    except UnexpectedEOF as exc:
        raise ExprSyntaxError(
            "E102", f"expression ends too early (expected {_expected(exc.expected)})", len(text.rstrip()) + 1
        ) from None
    except UnexpectedToken as exc:
        tok = exc.token
        if tok.type == "$END":
            raise ExprSyntaxError(
                "E102", f"expression ends too early (expected {_expected(exc.expected)})", len(text.rstrip()) + 1
            ) from None
        raise ExprSyntaxError(
            "E103", f"unexpected {short(tok.value)!r} (expected {_expected(exc.expected)})", tok.start_pos + 1
        ) from None
    except UnexpectedInput as exc:  # pragma: no cover - other Lark errors
        raise ExprSyntaxError("E101", "cannot read expression", getattr(exc, "column", 1)) from None
    _check_depth(tree)  # before the (recursive) transformer sees the tree
    try:
        node = _ToAst().transform(tree)
    except VisitError as exc:  # Lark wraps what a transformer callback raises (E107)
        if isinstance(exc.orig_exc, ExprSyntaxError):
            raise exc.orig_exc from None
        raise
    return node


_LEAF_RULES = ("add_op", "mul_op")  # an operator's own little tree: not a level


def _check_depth(tree) -> None:
    """Refuse a parse tree deeper than MAX_TREE_DEPTH, walking it with an explicit stack.

    The column given is where the first level too many starts: for a left-leaning chain
    (a + b + c ..., x.a.b ...) the operand after the operator, for a right-leaning one
    (not not ..., - - ..., a ** b ** ...) the operand of the operator too many.
    """
    stack = [(tree, 1)]
    while stack:
        t, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            last = next((c for c in reversed(t.children) if isinstance(c, (Tree, Token))), t)
            col = _col(last.meta if isinstance(last, Tree) else last)
            raise ExprSyntaxError(
                "E106",
                f"expression nested deeper than {MAX_TREE_DEPTH} levels "
                f"(operators, calls, attributes and brackets inside one another)",
                col,
                "split it: compute parts in params, or simplify the rule",
            )
        for c in t.children:
            if isinstance(c, Tree) and c.data not in _LEAF_RULES:
                stack.append((c, depth + 1))


def _col(meta_or_token) -> int:
    """1 + the offset of a token or tree in the expression text (a column, on one line)."""
    pos = getattr(meta_or_token, "start_pos", None)
    return pos + 1 if isinstance(pos, int) else 1


@v_args(meta=True)
class _ToAst(Transformer):
    def number(self, meta, c):
        digits = str(c[0]).lstrip("0") or "0"
        if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:  # no int() of 5,000 digits
            raise ExprSyntaxError(
                "E107",
                f"number {short(digits, digits=12)} is larger than {MAX_NUMBER}",
                _col(c[0]),
                f"a number in an expression is at most {MAX_NUMBER:,}; larger values come from arithmetic",
            )
        return ast.Number(_col(c[0]), int(digits))

    def string(self, meta, c):
        value = c[0][1:-1]
        if len(value) > MAX_STRING:
            raise ExprSyntaxError("E107", f"string longer than {MAX_STRING} characters", _col(c[0]))
        return ast.String(_col(c[0]), value)

    def name(self, meta, c):
        return ast.Name(_col(c[0]), str(c[0]))

    def attr(self, meta, c):
        return ast.Attr(c[0].col, c[0], str(c[1]), _col(c[1]))

    def method(self, meta, c):
        args = tuple(a for a in c[2:] if a is not None)
        return ast.Method(c[0].col, c[0], str(c[1]), _col(c[1]), args)

    def index(self, meta, c):
        return ast.Index(c[0].col, c[0], c[1])

    def call(self, meta, c):
        args = tuple(a for a in c[1:] if a is not None)
        return ast.Call(_col(c[0]), str(c[0]), args)

    def listlit(self, meta, c):
        return ast.ListLit(_col(meta), tuple(a for a in c if a is not None))

    def neg(self, meta, c):
        return ast.Unary(_col(meta), "-", c[-1])  # c[0] is the MINUS token

    def not_(self, meta, c):
        return ast.Unary(_col(meta), "not", c[0])

    def power(self, meta, c):
        return ast.Binary(c[0].col, "**", c[0], c[1])

    def add_op(self, meta, c):
        return str(c[0])

    mul_op = add_op

    def arith(self, meta, c):
        return ast.Binary(c[0].col, c[1], c[0], c[2])

    def compare(self, meta, c):
        return ast.Binary(c[0].col, str(c[1]), c[0], c[2])

    def member(self, meta, c):
        return ast.Binary(c[0].col, "in", c[0], c[1])

    def not_member(self, meta, c):
        return ast.Binary(c[0].col, "notin", c[0], c[1])

    def and_(self, meta, c):
        return ast.BoolOp(c[0].col, "and", tuple(c))

    def or_(self, meta, c):
        return ast.BoolOp(c[0].col, "or", tuple(c))

    def cond(self, meta, c):
        return ast.Cond(c[0].col, c[0], c[1], c[2])

    def quant(self, meta, c):
        kind = str(c[0])
        names = tuple(str(t) for t in c[1:] if isinstance(t, Token) and t.type == "NAME")
        nodes = [x for x in c[1:] if isinstance(x, ast.Node)]
        return ast.Quant(_col(c[0]), kind, names, nodes[0], nodes[1])
