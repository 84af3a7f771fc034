"""Cards: suits, ranks and colours as a variant declares them, and card text both ways.

A card is a small int (its id) so that piles are plain lists of ints and copying a
position is cheap. With several decks every physical card has its own id; two cards
with the same rank and suit print the same (``7D``) and are told apart by their pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CardTextError, short

RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}  # rank constants of the expression language
TEXT_RANK = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}

STANDARD_SUITS = (
    ("spades", "S", "\u2660", "black"),
    ("hearts", "H", "\u2665", "red"),
    ("diamonds", "D", "\u2666", "red"),
    ("clubs", "C", "\u2663", "black"),
)

DOWN = "##"  # how a face-down card is shown to a player


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def parse_rank(text: str) -> int | None:
    return TEXT_RANK.get(text.upper())


@dataclass(frozen=True)
class Suit:
    name: str
    letter: str
    symbol: str
    color: str


class Deck:
    """The cards of one variant: suits, ranks, how many decks, and lookup tables by id.

    Ids run deck by deck, suit by suit, rank by rank, so the unshuffled order is the
    familiar one (A..K of the first suit, then the next suit, ...).
    """

    def __init__(self, suits, ranks=tuple(range(1, 14)), decks=1, wrap=False):
        self.suits: tuple[Suit, ...] = tuple(suits)
        self.ranks: tuple[int, ...] = tuple(ranks)
        self.decks = decks
        self.wrap = wrap
        self.colors: tuple[str, ...] = tuple(dict.fromkeys(s.color for s in self.suits))
        self.rank_of: list[int] = []
        self.suit_of: list[int] = []
        self.color_of: list[int] = []
        self.copy_of: list[int] = []
        for d in range(decks):
            for si, s in enumerate(self.suits):
                for r in self.ranks:
                    self.rank_of.append(r)
                    self.suit_of.append(si)
                    self.color_of.append(self.colors.index(s.color))
                    self.copy_of.append(d)
        self.size = len(self.rank_of)
        self._by_letter = {s.letter.upper(): i for i, s in enumerate(self.suits)}
        # suit symbols that are not letters (a symbol equal to its letter reads as the letter)
        self._by_symbol = tuple(
            (i, s.symbol.upper()) for i, s in enumerate(self.suits) if s.symbol and s.symbol.upper() != s.letter.upper()
        )
        self.low, self.high = min(self.ranks), max(self.ranks)

    # -- text, both ways ----------------------------------------------------
    # A card's text is its rank then its suit letter (7D, TD); with ``copy``, the copy of a
    # card of the second deck on is added after a dot (7D.1), as positions write it and move
    # text where two copies may lie within reach. parse_card reads both.
    def text(self, card: int, copy: bool = False) -> str:
        face = rank_text(self.rank_of[card]) + self.suits[self.suit_of[card]].letter
        n = self.copy_of[card] if copy else 0
        return f"{face}.{n}" if n else face

    def pretty(self, card: int) -> str:
        return rank_text(self.rank_of[card]) + self.suits[self.suit_of[card]].symbol

    def parse_card(self, text: str) -> tuple[int, int, int | None]:
        """``'7D'`` -> (rank, suit index, None); ``'7D.1'`` -> (rank, suit index, 1), a given
        copy. Raises CardTextError with a reason."""
        face, dot, copy = text.partition(".")
        rank, suit = self.parse_face(face)
        if not dot:
            return rank, suit, None
        if not copy.isdigit() or len(copy) > 3 or int(copy) >= self.decks:
            raise CardTextError(
                f"'{short(text)}': the copy after the dot must be 0 to {self.decks - 1} "
                f"(this game has {self.decks} deck{'s' if self.decks > 1 else ''})"
            )
        return rank, suit, int(copy)

    def parse_face(self, text: str) -> tuple[int, int]:
        """``'TD'``, ``'10d'`` or ``'K♠'`` (the suit's symbol, as the runner shows it) ->
        (rank, suit index). Raises CardTextError with a reason."""
        t = text.strip().replace("\ufe0f", "").upper()  # an emoji presentation of the symbol
        for i, sym in self._by_symbol:
            if len(t) > len(sym) and t.endswith(sym):
                rank = parse_rank(t[: -len(sym)])
                if rank is not None and rank in self.ranks:
                    return rank, i
        if len(t) < 2:
            raise CardTextError(f"'{short(text)}' is not a card (expected rank then suit letter, like AS or TD)")
        rank = parse_rank(t[:-1])
        if rank is None or rank not in self.ranks:
            raise CardTextError(
                f"'{short(text)}': '{short(t[:-1])}' is not a rank of this deck "
                f"(expected one of {' '.join(rank_text(r) for r in self.ranks)})"
            )
        suit = self._by_letter.get(t[-1])
        if suit is None:
            raise CardTextError(
                f"'{short(text)}': '{t[-1]}' is not a suit letter of this deck "
                f"(expected one of {' '.join(s.letter for s in self.suits)})"
            )
        return rank, suit

    def copies(self, rank: int, suit: int) -> list[int]:
        """Every id with this rank and suit, first deck first."""
        base = suit * len(self.ranks) + self.ranks.index(rank)
        per_deck = len(self.suits) * len(self.ranks)
        return [base + d * per_deck for d in range(self.decks)]

    def successor(self, rank: int) -> int | None:
        if rank < self.high:
            return rank + 1
        return self.low if self.wrap else None

    def predecessor(self, rank: int) -> int | None:
        if rank > self.low:
            return rank - 1
        return self.high if self.wrap else None
