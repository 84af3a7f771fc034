"""The deck: section to a Deck: its suits, ranks and copies, the sizes worked out from the
options alone (the piles are not known yet).
"""

from __future__ import annotations

from ...core.cards import STANDARD_SUITS, Deck, Suit, parse_rank
from ...core.errors import CompileError, short
from ...core.limits import MAX_DECKS
from ...lang.checker import Checker
from ...lang.parser import ExprSyntaxError, parse
from ...lang.types import INT
from .base import Context, option_type


def build_deck(cx: Context) -> Deck | None:
    """The deck; None when a part of it is unsound (reported already)."""
    spec = cx.data.get("deck") or {}
    if not isinstance(spec, dict) or cx.spoilt("deck"):
        return None  # its own error is reported already
    suits = spec.get("suits")
    if isinstance(suits, list) and all(isinstance(s, dict) for s in suits):
        made, seen = [], set()
        for i, s in enumerate(suits):
            try:
                suit = Suit(
                    str(s["name"]), str(s["letter"]).upper(), str(s.get("symbol", s["letter"])), str(s["color"])
                )
            except KeyError:
                return None
            for word in (suit.name, suit.letter):
                if word in seen:
                    cx.err(
                        "K201",
                        f"suit name or letter '{word}' is used twice",
                        ("deck", "suits", i),
                        hint="give each suit a name and a letter of its own",
                    )
                seen.add(word)
            if suit.letter in "AJQKT0123456789":
                cx.err(
                    "K202",
                    f"suit letter '{suit.letter}' would be read as a rank",
                    ("deck", "suits", i, "letter"),
                    hint="pick a letter that is not A, T, J, Q, K or a digit",
                )
            made.append(suit)
    else:
        made = [Suit(*s) for s in STANDARD_SUITS]
    ranks = spec.get("ranks", list(range(1, 14)))
    parsed = []
    for i, r in enumerate(ranks if isinstance(ranks, list) else []):
        value = r if isinstance(r, int) else parse_rank(str(r))
        if value is None or not 1 <= value <= 13:
            cx.err("K203", f"'{r}' is not a rank (expected A, 2..10, J, Q, K)", ("deck", "ranks", i))
        elif value in parsed:
            cx.err(
                "K203",
                f"rank '{r}' is listed twice",
                ("deck", "ranks", i),
                hint="list each rank once; for two copies of every card use decks: 2",
            )
        else:
            parsed.append(value)
    if not parsed:
        return None
    decks = spec.get("decks", 1)
    wrap = spec.get("wrap", False)
    if isinstance(decks, str) or "suit_count" in spec:
        # worked out from the options, with the full deck's names in sight
        whole = Deck(made, sorted(parsed), 1, wrap is True)
        if isinstance(decks, str):
            decks = deck_number(cx, whole, ("deck", "decks"), decks, 1, MAX_DECKS, "decks")
            if decks is None:
                return None
        n = spec.get("suit_count")
        if isinstance(n, str):
            n = deck_number(cx, whole, ("deck", "suit_count"), n, 1, len(made), "suit_count")
            if n is None:
                return None
        if isinstance(n, int):
            if n > len(made):
                cx.err(
                    "P322",
                    f"suit_count is {n}, but the deck has {len(made)} suit(s)",
                    ("deck", "suit_count"),
                    hint="list more suits, or count fewer",
                )
                return None
            made = made[:n]
    return Deck(made, sorted(parsed), decks if isinstance(decks, int) else 1, wrap is True)


def deck_number(cx: Context, deck, path, text, lo, hi, what):
    """A deck size worked out from the options alone (like a group's count)."""
    constants = {k: (v, option_type(cx.decls, k, v)) for k, v in cx.option_values.items()}
    checker = Checker(cx.const_world(deck, constants))
    try:
        c = checker.check(parse(text), "const", INT)
    except (ExprSyntaxError, CompileError) as exc:
        cx.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
        return None
    if not c.is_const:
        cx.err("E213", f"deck {what} must be computable from the options alone", path)
        return None
    if isinstance(c.const, bool) or not isinstance(c.const, int) or not lo <= c.const <= hi:
        cx.err(
            "P323",
            f"deck {what} is {short(c.const, quote=True)} with these options; it must be a whole "
            f"number from {lo} to {hi}",
            path,
        )
        return None
    return c.const
