"""Numbered deals: the deal numbers players, books, forums and solvers use.

Two numbering schemes, named by a variant's ``numbering:`` key:

``ms``
    Microsoft FreeCell's numbers. A linear congruential generator, state = state * 214013
    + 2531011 mod 2^31, each draw state >> 16; the deck in the order AC AD AH AS 2C ...;
    for each card dealt, draw r, take the card at r mod (cards left), put the last card
    in its place; the cards go round the eight columns. Numbers 1 to 2^31 - 1 are
    Microsoft's; 2^31 to 2^33 - 1 follow the extension pysol-cards and FreeCell Pro use
    (draws with the 0x8000 bit set from 2^31; from 2^32 the state starts at N - 2^32 and
    draws are 16 bits, plus one).
``pysol``
    PySol's numbers for a PySol game (``numbering.game``, pysol-cards' name of it). Deals
    1 to 32000 use the Microsoft generator, larger numbers PySolFC's Mersenne Twister; the
    board (which card to which column, in what order) is PySol's own, computed by the
    pysol-cards package: ``pysol_cards.deal_game.Game(game, number,
    RandomBase.DEALS_PYSOLFC)`` and its ``calc_layout_string(CardRenderer(True))``. A deal
    number written ``ms123`` is PySolFC's "ms" deal: the Microsoft generator whatever the
    number.

Both give a board in fc-solve's text format (see fcs.py), which the variant's numbering
declaration maps onto its piles.
"""

from __future__ import annotations

import re

from ..core.errors import InputError, short
from ..core.limits import MAX_MS_DEAL, MAX_PYSOL_DEAL

SCHEMES = ("ms", "pysol")
MS_SUITS = "CDHS"  # Microsoft's deck order within a rank
RANKS = "A23456789TJQK"

_DEAL = re.compile(r"^\s*(ms)?\s*(\d{1,25})\s*$", re.I)


class DealError(InputError, ValueError):
    """A deal number that the variant's numbering does not have."""


def parse_deal(text: str, scheme: str) -> tuple[int, bool]:
    """'11982' or 'ms11982' -> (11982, forced Microsoft generator?). Raises DealError."""
    m = _DEAL.match(str(text))
    if not m:
        raise DealError(f"a deal number is a whole number, like 11982 (or ms11982), not {short(str(text))!r}")
    n, ms = int(m.group(2)), bool(m.group(1))
    top = MAX_MS_DEAL if ms or scheme == "ms" else MAX_PYSOL_DEAL
    if not 1 <= n <= top:
        what = "Microsoft deal numbers" if ms or scheme == "ms" else "PySol deal numbers"
        raise DealError(f"{what} run from 1 to {top}, not {n}")
    return n, ms


def ms_draws(number: int):
    """The Microsoft generator's draws for a deal number (an endless iterator)."""
    if number < 1 << 32:
        state, mask, high, plus = number, 0x7FFF, (0x8000 if number >= 1 << 31 else 0), 0
    else:
        state, mask, high, plus = number - (1 << 32), 0xFFFF, 0, 1
    while True:
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        yield (((state >> 16) & mask) | high) + plus


def ms_order(number: int, cards: int = 52) -> list[str]:
    """The 52 cards of a Microsoft deal in the order they are dealt ('JD', '2D', ...)."""
    deck = [r + s for r in RANKS for s in MS_SUITS][:cards]
    draws = ms_draws(number)
    out = []
    while deck:
        j = next(draws) % len(deck)
        out.append(deck[j])
        deck[j] = deck[-1]
        deck.pop()
    return out


def ms_columns(number: int, columns: int = 8) -> list[list[str]]:
    """A Microsoft FreeCell deal: its columns, each bottom card first."""
    out: list[list[str]] = [[] for _ in range(columns)]
    for i, card in enumerate(ms_order(number)):
        out[i % columns].append(card)
    return out


def ms_board_text(number: int) -> str:
    return "".join(" ".join(col) + "\n" for col in ms_columns(number))


# -- PySol, through pysol-cards ----------------------------------------------------


def pysol_games() -> tuple:
    """Every game name pysol-cards deals."""
    from pysol_cards.deal_game import Game

    return tuple(sorted(Game.GAMES_MAP))


def decks_of(scheme: str, game) -> int:
    """How many 52-card decks a numbered game uses."""
    if scheme == "pysol" and game:
        from pysol_cards.deal_game import Game

        return Game(game, 1, 0).get_num_decks()
    return 1


def pysol_board_text(game: str, number: int, ms: bool = False) -> str:
    """PySol's deal of a game as pysol-cards prints it (fc-solve's board format)."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    which = RandomBase.DEALS_MS if ms else RandomBase.DEALS_PYSOLFC
    return Game(game, number, which).calc_layout_string(CardRenderer(True))


def board_text(numbering, number: int, ms: bool = False) -> str:
    """The board of deal ``number`` under a variant's numbering, as fc-solve text."""
    if numbering.scheme == "ms":
        return ms_board_text(number)
    return pysol_board_text(numbering.game, number, ms)
