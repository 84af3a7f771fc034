"""The position: what lies where. Plain lists of card ids, cheap to copy and compare.

A pile is a list of card ids, bottom first. ``down[p]`` counts the cards at the bottom of
pile p under its top face-up run: in most games all of them face down. A deal may leave
face-up cards between face-down ones (Martha: down, up, down, up); those are the bits of
``shown[p]`` (bit i: card i, below ``down[p]``, lies face up), a dict that holds only the
piles that have such cards, so the common case pays an empty dict. Normal form: no
``shown`` entry is 0, and the card just under the top run (``down[p] - 1``) is face down.
``used[i]`` counts uses of action i (draws, redeals), ``points`` the points scored by
events so far. ``last`` is the last move played, packed (0 before the first move; see
moves.pack_last), and ``streak`` how many moves in a row, ending with it, were of its kind:
a variant records them only when its rules read ``last`` or ``streak``.
``base_rank`` is the rank a deal step fixed for the whole game (a ``base_rank`` step:
the rank of a dealt card), or None when the deal fixes none.
"""

from __future__ import annotations

# -- the last move, packed in one int (0: none) -------------------------------------------
# kind (1 move, 2 remove, 3 action) in bits 0-1; source + 1 in bits 2-12 and dest + 1 in
# bits 13-23 (0: none); the action's or removal rule's number in bits 24-31.
LAST_KINDS = ("move", "remove", "action")


def pack_last(kind: int, source: int | None, dest: int | None, name: int = 0) -> int:
    """The packed form of a move of the history; kind is 1 (move), 2 (remove) or 3 (action)."""
    return kind | (0 if source is None else source + 1) << 2 | (0 if dest is None else dest + 1) << 13 | name << 24


def last_kind(x: int) -> str:
    return LAST_KINDS[(x & 3) - 1]


def last_source(x: int) -> int | None:
    s = x >> 2 & 2047
    return s - 1 if s else None


def last_dest(x: int) -> int | None:
    d = x >> 13 & 2047
    return d - 1 if d else None


def last_number(x: int) -> int:
    """The action's or removal rule's number."""
    return x >> 24 & 255


class State:
    __slots__ = ("piles", "down", "used", "points", "removed", "seed", "last", "streak", "base_rank", "shown")

    def __init__(
        self, piles, down, used, points=0, removed=False, seed=0, last=0, streak=0, base_rank=None, shown=None
    ):
        self.piles = piles
        self.down = down
        self.shown = {} if shown is None else shown  # pile -> bits of face-up cards under face-down ones
        self.used = used
        self.points = points
        self.removed = removed  # cards were taken out of the game by the deal
        self.seed = seed  # the game's seed: shuffling redeals draw from it
        self.last = last  # the last move, packed (moves.pack_last); 0: none yet
        self.streak = streak  # moves in a row of the last move's kind, the last one included
        self.base_rank = base_rank  # the rank the deal fixed (a base_rank step), or None

    @classmethod
    def empty(cls, variant) -> "State":
        n = variant.layout.size
        return cls([[] for _ in range(n)], [0] * n, [0] * len(variant.actions))

    def copy(self) -> "State":
        return State(
            [list(p) for p in self.piles],
            list(self.down),
            list(self.used),
            self.points,
            self.removed,
            self.seed,
            self.last,
            self.streak,
            self.base_rank,
            dict(self.shown),
        )

    def key(self) -> tuple:
        """Everything that makes two positions the same, as one hashable value. The history
        (last, streak) is part of it: a variant that does not read it never records it; so is
        the base rank the deal fixed."""
        return (
            tuple(map(tuple, self.piles)),
            tuple(self.down),
            tuple(self.used),
            self.points,
            self.last,
            self.streak,
            tuple(sorted(self.shown.items())) if self.shown else (),
            self.base_rank,
        )

    def __eq__(self, other):
        return isinstance(other, State) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def card_count(self) -> int:
        return sum(len(p) for p in self.piles)

    # -- facing card by card (pictures, positions, saves; the engine reads down and shown) --

    def is_down(self, p: int, i: int) -> bool:
        """Does card i of pile p (from the bottom) lie face down?"""
        return i < self.down[p] and not (self.shown and self.shown.get(p, 0) >> i & 1)

    def down_count(self, p: int) -> int:
        """How many cards of pile p lie face down (wherever they are)."""
        if not self.shown:
            return self.down[p]
        return self.down[p] - (self.shown.get(p, 0) & ((1 << self.down[p]) - 1)).bit_count()

    def facing(self, p: int) -> list[bool]:
        """Each card of pile p, bottom first: True when it lies face down."""
        return [self.is_down(p, i) for i in range(len(self.piles[p]))]

    def set_facing(self, p: int, flags) -> None:
        """Give pile p's cards these facings (True: face down, bottom first), in normal form."""
        flags = list(flags)
        d = max((i + 1 for i, f in enumerate(flags) if f), default=0)
        self.down[p] = d
        set_shown(self, p, sum(1 << i for i in range(d) if not flags[i]))


def set_shown(st: State, p: int, bits: int) -> None:
    """Pile p's face-up cards under its face-down ones are these bits (0: none)."""
    if bits:
        st.shown[p] = bits
    else:
        st.shown.pop(p, None)


def flip_top(st: State, p: int) -> int:
    """Turn up the face-down top card of pile p; face-up cards it lay on join its run. Returns
    how many joined (the undo record's count)."""
    d = len(st.piles[p]) - 1
    bits = st.shown.get(p, 0) if st.shown else 0
    k = 0
    while d and bits >> (d - 1) & 1:
        d -= 1
        k += 1
    st.down[p] = d
    if k:
        set_shown(st, p, bits & ((1 << d) - 1))
    return k


def unflip_top(st: State, p: int, k: int) -> None:
    """Undo flip_top on pile p that joined k face-up cards to the run."""
    d = st.down[p]
    if k:
        st.shown[p] = st.shown.get(p, 0) | ((1 << k) - 1) << d
    st.down[p] = d + k + 1
