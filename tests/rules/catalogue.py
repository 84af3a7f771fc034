"""Helpers for the rules tests of the catalogue's variants: hand-made positions that fill the
piles a test does not care about, and foundations one card short of the win."""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def _named(position: str, group: str) -> set:
    """The indices of the piles of `group` that the position text names."""
    out = set()
    for part in position.split(";"):
        part = part.strip()
        if part.startswith(group + "["):
            out.add(int(part[len(group) + 1 :].split("]")[0]))
    return out


def filled(position: str, group: str, count: int, fillers: list, free=()) -> str:
    """The position with a filler card on every pile of `group` (of `count` piles) that it does
    not name and that is not in `free`, so that no pile but the `free` ones is empty. The fillers
    are used in order; a test picks cards that have nowhere to go."""
    used = _named(position, group)
    cards = iter(fillers)
    extra = [f"{group}[{i}]: {next(cards)}" for i in range(count) if i not in used and i not in free]
    return "; ".join(p for p in [position] + extra if p)


def foundations_but_one(suits: str, copies: int = 1, last: str = "K", group: str = "foundation") -> tuple:
    """Foundations each holding a whole suit from ace to king, one per suit in `suits` and copy,
    in order (suit-major within each copy, as `suits` lists them), except that the last pile
    lacks its top card `last` (a rank). Returns the position text and the missing card."""
    parts = []
    piles = [(s, c) for c in range(copies) for s in suits]
    missing = ""
    for i, (s, c) in enumerate(piles):
        tail = f".{c}" if c else ""
        ranks = RANKS if i < len(piles) - 1 else RANKS[: RANKS.index(last)]
        parts.append(f"{group}[{i}]: " + " ".join(f"{r}{s}{tail}" for r in ranks))
        if i == len(piles) - 1:
            missing = f"{last}{s}{tail}"
    return "; ".join(parts), missing


def moves_from(moves: set, pile_name: str) -> set:
    """The moves of a set whose cards come from the named pile."""
    return {m for m in moves if "@" + pile_name + ">" in m}


def moves_to(moves: set, pile_name: str) -> set:
    """The moves of a set whose cards go to the named pile."""
    return {m for m in moves if m.endswith(">" + pile_name)}
