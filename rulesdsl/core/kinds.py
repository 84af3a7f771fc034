"""The closed sets of words of the format, as enums: pile roles, action kinds, follow-up kinds.

The schema takes its allowed words from here, the loader turns the words of a file into
these members, and the code that acts on them dispatches on every member explicitly: a
member it does not know is a bug, never silently treated like another. Members are also
``str``, so ``Role.FOUNDATION == "foundation"`` and they print as their word.
"""

from __future__ import annotations

from enum import Enum

from .errors import InternalError


class _Word(str, Enum):
    def __str__(self) -> str:
        return str(self.value)


class Role(_Word):
    """What a pile is, for the runner's hints, ``stalled`` and the validator's progress check."""

    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    CELL = "cell"
    RESERVE = "reserve"
    PLACE = "place"
    DISCARD = "discard"
    OTHER = "other"


# piles where a card that arrives counts as progress (a foundation or a discard pile)
PROGRESS_ROLES = frozenset({Role.FOUNDATION, Role.DISCARD})


class ActionKind(_Word):
    """deal: cards one at a time from a pile onto piles; recycle: a pile turned over onto one;
    redeal: cards gathered from piles and dealt to them again; compact: piles slide up to close
    gaps, then the empty piles at the end are refilled; sequence: other actions played one after
    the other as one move."""

    DEAL = "deal"
    RECYCLE = "recycle"
    REDEAL = "redeal"
    COMPACT = "compact"
    SEQUENCE = "sequence"


class AutoKind(_Word):
    """An automatic follow-up: flip the top card of a pile face up; refill an empty pile; play a
    legal move that meets a condition; play a removal as soon as one is possible; turn a pile's
    cards face down (PileOn's finished piles)."""

    FLIP = "flip"
    REFILL = "refill"
    MOVE = "move"
    REMOVE = "remove"
    TURN_DOWN = "turn_down"


def words(kind: type[_Word]) -> tuple[str, ...]:
    """The words of an enum, in declaration order (for the schema and its docs)."""
    return tuple(m.value for m in kind)


class UnknownKind(InternalError):
    """A member that code acting on a kind does not handle: a bug in rulesdsl."""

    def __init__(self, what: str, member: object):
        super().__init__(f"internal error: no case for {what} {member!r}")
