"""Canonical keys: one byte string per position, so that positions with the same future
meet in the table.

A key is joined from one piece per pile, kept up to date incrementally: after a move (or its
undo) only the piles its primitive operations touched are encoded again (read from the
game's packed op log, ``touched_piles``). Interchangeable piles are sorted before joining; what
may be merged is analysis.py's finding.
"""

from __future__ import annotations

from array import array
from typing import Any

from .analysis import Analysis


class Keyer:
    """The canonical key of the game's position, one byte string per pile kept up to date."""

    def __init__(self, variant, state, analysis: Analysis, top_class=None, pile_key=None):
        self.st = state
        # pile_key: a derivation's own keying of some piles (stock_cycle.StockKey): called as
        # pile_key(state, p) for p in pile_key.piles, which are re-encoded together
        self.pile_key = pile_key
        self.hooked = frozenset(pile_key.piles) if pile_key is not None else frozenset()
        self.top_class = top_class or {}  # sealed pile -> card -> class of its top
        n = len(state.piles)
        self.wide = sum(len(p) for p in state.piles) > 250  # a length or id may not fit a byte
        grouped = {p for g in analysis.interchangeable for p in g}
        self.fixed = [p for p in range(n) if p not in grouped]
        self.groups = [list(g) for g in analysis.interchangeable]
        self.sealed = set(analysis.sealed) | self.hooked  # (the Scorer reads no piece of these)
        self.shrinking = set(analysis.shrinking)
        self.face: Any = None  # card id -> the id keyed (its first copy's), when copies are alike
        if analysis.faces:
            deck = variant.deck
            first: dict = {}
            face = [first.setdefault((deck.rank_of[c], deck.suit_of[c]), c) for c in range(deck.size)]
            if face != list(range(deck.size)):
                self.face = face
                if not self.wide:
                    self.face = bytes(face + list(range(len(face), 256)))
        self.piece = [self._piece(p) for p in range(n)]
        # rules of play read points, last or streak: they are part of the position
        self.history = bool(getattr(variant, "history_in_play", ()))

    def _piece(self, p) -> bytes:
        if p in self.hooked:
            return self.pile_key(self.st, p)
        pile = self.st.piles[p]
        if p in self.shrinking:
            if self.wide:
                return array("H", (len(pile), self.st.down[p])).tobytes()
            return bytes((len(pile), self.st.down[p]))
        face = self.face
        if p in self.sealed and pile:
            cls = self.top_class.get(p)
            top = pile[-1] if face is None else face[pile[-1]]
            pile = [top] if cls is None else [cls[pile[-1]]]
            if self.wide:
                return array("H", [len(self.st.piles[p]), self.st.down[p], 65535] + pile).tobytes()
            return bytes((len(self.st.piles[p]), self.st.down[p], 255)) + bytes(pile)
        if self.wide:
            if face is not None:
                pile = [face[c] for c in pile]
            return array("H", [len(pile), self.st.down[p]] + pile).tobytes()
        if face is not None:
            return bytes((len(pile), self.st.down[p])) + bytes(pile).translate(face)
        return bytes((len(pile), self.st.down[p])) + bytes(pile)

    def touch(self, piles) -> None:
        if piles is None:
            piles = range(len(self.piece))
        elif self.hooked and not self.hooked.isdisjoint(piles):
            piles = self.hooked.union(piles)
        for p in piles:
            self.piece[p] = self._piece(p)

    def key(self) -> bytes:
        piece = self.piece
        parts = [piece[p] for p in self.fixed]
        for g in self.groups:
            parts.extend(sorted(piece[p] for p in g))
        if self.history:  # the rules read the history: it is part of the position
            parts.append(array("q", (self.st.points, self.st.last, self.st.streak)).tobytes())
        return b"".join(parts)

    def full_key(self) -> bytes:
        """The same key computed from scratch (tests compare the two)."""
        saved = self.piece
        self.piece = [self._piece(p) for p in range(len(saved))]
        try:
            return self.key()
        finally:
            self.piece = saved


def touched_piles(game, start):
    """The piles the operations logged since ``start`` changed (None: cannot tell, all)."""
    ops = getattr(game, "_ops", None)
    if ops is None:
        return None
    out = set()
    for i in range(start, len(ops)):
        op = ops[i]
        kind = op & 3
        if kind == 0:  # a transfer: source and destination
            out.add(op >> 2 & 1023)
            out.add(op >> 12 & 1023)
        elif kind == 1:  # a flip, or a redeal's record of a pile (moves.SNAP)
            if op & 1 << 13 and not op & 1 << 12:  # a redeal (moves.REDEAL): cannot tell
                return None
            if not op & 1 << 12:
                out.add(op >> 2)
            elif not op & 1 << 13:
                out.add(op >> 14 & 1023)
    return out
