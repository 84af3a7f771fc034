"""The numbering: section: numbered deals (Microsoft, PySol) mapped onto the piles, checked
against the deck; and, once the Variant stands, deal 1 checked against the variant's own deal.
"""

from __future__ import annotations

from ...core.errors import PositionError, suggest
from ...core.kinds import Role
from ...engine import deal as dealing
from ...formats import fcs, position
from ...formats import numbering as nb
from .. import model
from .base import Context


def build_numbering(cx: Context) -> model.Numbering | None:
    """How numbered deals map onto the piles; None without numbering, or after an error."""
    raw = cx.data.get("numbering")
    if not isinstance(raw, dict) or raw.get("scheme") not in ("ms", "pysol"):
        return None
    p = ("numbering",)
    scheme, game = raw["scheme"], raw.get("game")
    if scheme == "pysol" and not game:
        cx.err(
            "I901",
            "numbering: scheme pysol needs the PySol game, by its pysol-cards name",
            p + ("scheme",),
            hint="add, for example, 'game: freecell'",
        )
        return None
    if scheme == "ms" and game not in (None, "freecell"):
        cx.err(
            "I901",
            f"numbering: scheme ms deals Microsoft FreeCell; game {game!r} belongs to scheme pysol",
            p + ("game",),
            hint="write 'scheme: pysol'",
        )
        return None
    if scheme == "pysol" and isinstance(game, str) and game not in nb.pysol_games():
        hint = suggest(game, nb.pysol_games())
        cx.err(
            "I902",
            f"numbering: pysol-cards knows no game '{game}'",
            p + ("game",),
            hint=f"did you mean '{hint}'?" if hint else f"known games: {', '.join(nb.pysol_games())}",
        )
        return None
    deck = cx.world.deck
    letters = sorted(su.letter.upper() for su in deck.suits)
    if letters != sorted("SHDC") or tuple(deck.ranks) != tuple(range(1, 14)) or deck.decks != nb.decks_of(scheme, game):
        cx.err(
            "I903",
            f"numbered deals use {nb.decks_of(scheme, game)} standard deck(s) of 52 "
            f"cards (suits S H D C, ranks A to K); this deck differs",
            p,
            key=True,
            hint="remove numbering, or use the standard deck (deck: {})",
        )
        return None
    parts = {}
    for key in ("columns", "cells", "foundations", "talon"):
        parts[key] = cx.piles_ref(raw[key], p + (key,)) if key in raw else ()
    seen: dict = {}
    for key, piles in parts.items():
        for q in piles:
            if q in seen and seen[q] != key or list(piles).count(q) > 1:
                cx.err(
                    "I904",
                    f"numbering: pile {cx.world.layout.pile_names[q]} is named twice ({seen.get(q, key)} and {key})",
                    p + (key,),
                )
                return None
            seen[q] = key
    return model.Numbering(
        scheme=scheme,
        game=game or "freecell",
        fc_solve=raw.get("fc_solve", ""),
        face_up=raw.get("face_up") is True
        or isinstance(raw.get("face_up"), str)
        and cx.const_bool(("numbering", "face_up")),
        **parts,
    )


def _i906_hint(variant, own, numbered) -> str:
    """The fix for a deal the numbered board lays out otherwise: the pysol-cards convention
    for PySolFC's first waste card (the variant deals to a waste the board leaves empty), or
    the board's shape in general."""
    waste = [
        q for q, r in enumerate(variant.rules) if r.role == Role.WASTE and len(own.piles[q]) > len(numbered.piles[q])
    ]
    if waste:
        q = waste[0]
        return (
            "PySolFC turns the stock's first card onto the waste at the start, but the numbered "
            "boards (pysol-cards, fc-solve) leave it on top of the talon, and the first draw "
            f"turns it: deal nothing to {variant.layout.pile_names[q]} (the card stays at the "
            "top of the stock; docs/interop.md)"
        )
    return (
        "the numbered deal is the board pysol-cards prints for that game number (docs/interop.md "
        "shows each game's board): deal the same number of cards, face down and up, to each pile, "
        "or map the board's columns, cells, foundations and talon onto other piles"
    )


def numbering_fits(cx: Context, variant) -> None:
    """Deal 1 of the numbering must fit the piles and lie as the variant's own deal does."""
    num = variant.numbering
    p = ("numbering",)
    text = nb.board_text(num, 1)
    try:
        numbered = position.build(variant, fcs.board_lines(variant, fcs.parse_board(text)))
    except PositionError as exc:
        cx.err(
            "I905",
            f"numbering: deal 1 does not fit the piles: {exc}",
            p,
            key=True,
            hint="name the piles that take the board's columns, cells, foundations and talon",
        )
        return
    own = dealing.deal(variant, 1)
    names = variant.layout.pile_names
    # a deal whose steps look at the cards (play, new_pile) lays out each deal its own
    # way: then only the face-down cards must lie alike
    by_cards = variant.deal_by_cards
    for q in range(variant.layout.size):
        a = (0 if by_cards else len(own.piles[q]), own.down[q])
        b = (0 if by_cards else len(numbered.piles[q]), numbered.down[q])
        if a != b:
            cx.err(
                "I906",
                f"numbering: numbered deals put {b[0]} card(s) ({b[1]} face down) on "
                f"{names[q]}, the variant's own deal {a[0]} ({a[1]} face down)",
                p,
                key=True,
                hint=_i906_hint(variant, own, numbered),
            )
            return
