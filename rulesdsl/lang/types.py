"""The types of the expression language, as objects, and what each type's attributes give.

A type is a plain value: ``INT``, ``BOOL``, ..., or ``list_of(t)``. ``str(t)`` is its
written form (``int``, ``list[card]``), the form builtins.py signatures use. ``NONE`` is
the type of the literal ``none`` and fits anywhere; ``ANY`` is a value of unknown type
(an empty list's items, an option whose values differ in type).

The attribute tables say which attributes each type has and what they give; the checker
resolves ``x.name`` to one of these ``Attribute`` objects, the compiler (through ops.py)
turns it into a closure, the validator's abstract evaluator reads its name.
"""

from __future__ import annotations

from dataclasses import dataclass


class Type:
    """A type: a name, and for a list the type of its items. Types are interned (one object
    per type, made by the constants here and ``list_of``), so they compare by identity."""

    __slots__ = ("name", "elem")

    def __init__(self, name: str, elem: Type | None = None):
        self.name = name
        self.elem = elem  # a list's item type; None for every other type

    def __str__(self) -> str:
        return f"list[{self.elem}]" if self.elem is not None else self.name

    def __repr__(self) -> str:
        return f"Type({str(self)!r})"


INT, BOOL, STR, SUIT, COLOR, CARD, PILE, MOVE, NONE, ANY = (
    Type("int"),
    Type("bool"),
    Type("str"),
    Type("suit"),
    Type("color"),
    Type("card"),
    Type("pile"),
    Type("move"),  # a move of the history: what `last` is
    Type("none"),
    Type("any"),
)
PAIRS = Type("pairs")  # what pairs(...) gives: only a quantifier may range over it

_NAMED = {str(t): t for t in (INT, BOOL, STR, SUIT, COLOR, CARD, PILE, MOVE, NONE, ANY, PAIRS)}


_LISTS: dict[Type, Type] = {}


def list_of(t: Type) -> Type:
    """The type of a list of t (one object per item type)."""
    found = _LISTS.get(t)
    if found is None:
        found = _LISTS[t] = Type("list", t)
    return found


def parse_type(text: str) -> Type:
    """A type from its written form: 'int', 'list[card]' (signatures, tests, option types)."""
    if text.startswith("list[") and text.endswith("]"):
        return list_of(parse_type(text[5:-1]))
    return _NAMED[text]


def as_type(t: Type | str) -> Type:
    return t if isinstance(t, Type) else parse_type(t)


def fits(have: Type, want: Type) -> bool:
    """Whether a value of type ``have`` may stand where ``want`` is needed."""
    if have == want or have == ANY or want == ANY or have == NONE:
        return True
    if have.elem is not None and want.elem is not None:
        return fits(have.elem, want.elem)
    return False


def join(a: Type, b: Type) -> Type | None:
    """The one type of two values that may stand in the same place (the two branches of a
    conditional, the two sides of ==, the items of a list), or None when there is none."""
    if a == b or b == NONE or b == ANY:
        return a
    if a == NONE or a == ANY:
        return b
    if a.elem is not None and b.elem is not None:
        u = join(a.elem, b.elem)
        return list_of(u) if u else None
    return None


_WORDS = {
    INT: "a number",
    BOOL: "a true/false condition",
    STR: "a text",
    SUIT: "a suit",
    COLOR: "a colour",
    CARD: "a card",
    PILE: "a pile",
    MOVE: "a move",
    NONE: "none",
    ANY: "a value",
}


def say(t: Type) -> str:
    """The type in words, for messages: 'a number', 'a list of cards'."""
    if t in _WORDS:
        return _WORDS[t]
    if t.elem is not None:
        return {CARD: "a list of cards", PILE: "a list of piles"}.get(t.elem, f"a list of {t.elem}s")
    return str(t)


# -- attributes ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Attribute:
    """One attribute: ``owner.name`` gives ``result`` (None: the list's item type). Each is one
    object, compared by identity."""

    owner: str  # "card", "pile", "list" or "move"
    name: str
    result: Type | None
    doc: str  # what docs/expressions.md says of it (checked by a test)

    def result_for(self, obj: Type) -> Type | None:
        return obj.elem if self.result is None else self.result


def _table(owner: str, rows: tuple) -> dict[str, Attribute]:
    return {name: Attribute(owner, name, result, doc) for name, result, doc in rows}


CARD_ATTRS = _table(
    "card",
    (
        ("rank", INT, "1 (ace) to 13 (king)"),
        ("suit", SUIT, "the suit, compared with suit names (hearts, neggs, ...)"),
        ("color", COLOR, "the colour, compared with colour names (red, black)"),
        ("copy", INT, "which deck the card comes from, 0 for the first"),
        ("suit_index", INT, "the suit's place in the deck's suits, from 0 (foundation[card.suit_index])"),
        ("name", STR, "the card as text, like 'TD'"),
    ),
)

PILE_ATTRS = _table(
    "pile",
    (
        ("size", INT, "number of cards"),
        ("empty", BOOL, "true when the pile holds no card"),
        ("top", CARD, "the top card, or none"),
        ("bottom", CARD, "the bottom card, or none"),
        ("cards", list_of(CARD), "the cards, bottom first"),
        ("down", INT, "how many cards lie face down"),
        ("up", INT, "how many cards lie face up (with any under face-down ones)"),
        ("free", BOOL, "true when no pile covering it holds a card"),
        ("covered", BOOL, "not free"),
        ("index", INT, "its number in its group, from 0"),
        ("group", STR, "its group's name, as text"),
        ("prev", PILE, "the pile before it in its group, wrapping from the first to the last"),
        ("covered_by", list_of(PILE), "the piles that cover it (from the geometry), whether or not they hold cards"),
        ("next", PILE, "the pile after it in its group, wrapping from the last to the first"),
    ),
)

LIST_ATTRS = _table(
    "list",
    (
        ("size", INT, "number of items"),
        ("first", None, "the first item (a run's bottom card), or none"),
        ("last", None, "the last item (a run's top card), or none"),
    ),
)


MOVE_ATTRS = _table(
    "move",
    (
        ("kind", STR, "'move' (cards moved from pile to pile), 'remove' (a removal) or 'action'"),
        ("name", STR, "the action's or removal rule's name; none for a card move"),
        ("source", PILE, "the pile the cards came from (a removal: its first card's; an action: its from pile)"),
        ("dest", PILE, "the pile the cards went to (a removal: its to pile; an action: its first to pile)"),
    ),
)

# The history names: what every rule played on a position sees of the moves before it.
HISTORY_NAMES: dict[str, tuple[Type, str]] = {
    "points": (INT, "the points scored by events so far (piles.*.points, actions, removals)"),
    "last": (MOVE, "the last move played, automatic ones included; none before the first"),
    "streak": (INT, "how many moves in a row, ending with the last, were of its kind; 0 before the first"),
}


def attributes(t: Type) -> dict[str, Attribute] | None:
    """The attributes of a type, or None when it has none."""
    if t == CARD:
        return CARD_ATTRS
    if t == PILE:
        return PILE_ATTRS
    if t == MOVE:
        return MOVE_ATTRS
    return LIST_ATTRS if t.elem is not None else None


# What docs/expressions.md documents for each attribute (checked by a test).
ATTR_DOCS = {
    f"{a.owner}.{a.name}": a.doc for table in (CARD_ATTRS, PILE_ATTRS, LIST_ATTRS, MOVE_ATTRS) for a in table.values()
}
