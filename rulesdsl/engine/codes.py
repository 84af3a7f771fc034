"""Moves packed into one int each, for a game's history (play/game.py keeps them in an array).

A card move is its source, destination and run length; a removal its rule's number and its
piles; an action its number. ``decode`` reads the cards back off the position before the
move, so a code is small and a long game's history a few kilobytes.
"""

from __future__ import annotations

from .moves import Move


def encode(v, move) -> int:
    """The move as one int (its kind in the two low bits)."""
    if move.kind == "move":
        return 0 | move.sources[0] << 2 | move.dest << 12 | len(move.cards) << 22
    if move.kind == "remove":
        code = 1 | len(move.sources) << 2 | v.removal_number[move.name] << 5
        for k, p in enumerate(move.sources):
            code |= p << (11 + 10 * k)
        return code
    return 2 | v.action_index[move.name] << 2


def decode(v, st, code: int) -> Move:
    """The move a code stands for, read in the position before it is played."""
    kind = code & 3
    if kind == 0:
        src, dst, n = code >> 2 & 1023, code >> 12 & 1023, code >> 22 & 2047
        return Move("move", (src,), dst, tuple(st.piles[src][-n:]))
    if kind == 1:
        count, rule = code >> 2 & 7, v.removals[code >> 5 & 63]
        sources = tuple(code >> (11 + 10 * k) & 1023 for k in range(count))
        return Move("remove", sources, rule.dest, tuple(st.piles[p][-1] for p in sources), rule.name)
    a = v.actions[code >> 2]
    return Move("action", (a.source,), None, (), a.name)
