"""Pile groups and where their piles lie: the geometry that cover and neighbours come from.

Every pile has one global index (groups in declaration order, piles in reading order)
and a name ``group[i]``. A group may be laid out in rows with offsets in half-card
units; when rows overlap, a pile in the next row whose horizontal extent overlaps a
pile of the row before covers it. Neighbours (``prev``/``next``) follow reading order
and wrap from the last pile of a group to its first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Group:
    name: str
    start: int  # global index of the group's first pile
    count: int
    rows: tuple = ()  # places per row, back row first; () when not laid in rows
    offsets: tuple = ()  # each row's left edge, in half-card widths
    overlap: bool = False  # does each row lie over the one before it?
    wrap: bool = False  # does an index into the group count round it (modulo its size)?

    @property
    def piles(self) -> range:
        return range(self.start, self.start + self.count)


class Layout:
    """All piles of a variant, their names, and the cover and neighbour relations."""

    def __init__(self, groups):
        self.groups: dict[str, Group] = {}
        self.pile_names: list[str] = []
        self.group_of: list[str] = []
        self.index_of: list[int] = []
        start = 0
        for g in groups:
            g = Group(g.name, start, g.count, tuple(g.rows), tuple(g.offsets), g.overlap, g.wrap)
            self.groups[g.name] = g
            for i in range(g.count):
                self.pile_names.append(f"{g.name}[{i}]")
                self.group_of.append(g.name)
                self.index_of.append(i)
            start += g.count
        self.size = start
        covers: list[list[int]] = [[] for _ in range(start)]
        prev = [0] * start
        nxt = [0] * start
        for g in self.groups.values():
            for i in range(g.count):
                p = g.start + i
                prev[p] = g.start + (i - 1) % g.count
                nxt[p] = g.start + (i + 1) % g.count
            if g.rows and g.overlap:
                for p, q in self._overlaps(g):
                    covers[p].append(q)
        self.covers: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in covers)
        under: list[list[int]] = [[] for _ in range(start)]
        for p, cs in enumerate(covers):
            for q in cs:
                under[q].append(p)
        self.under: tuple[tuple[int, ...], ...] = tuple(tuple(u) for u in under)  # piles q covers
        self.prev = tuple(prev)
        self.next = tuple(nxt)
        self.by_name = {n: i for i, n in enumerate(self.pile_names)}
        self._by_folded: dict[str, int] | None = None

    @staticmethod
    def _overlaps(g: Group):
        """Pairs (covered, covering): a pile of row r+1 whose span meets one of row r."""
        offs = g.offsets or (0,) * len(g.rows)
        first = 0
        for r in range(len(g.rows) - 1):
            nxt_first = first + g.rows[r]
            for c in range(g.rows[r]):
                x = offs[r] + 2 * c  # left edge in half-card widths
                for c2 in range(g.rows[r + 1]):
                    x2 = offs[r + 1] + 2 * c2
                    if abs(x2 - x) < 2:
                        yield g.start + first + c, g.start + nxt_first + c2
            first = nxt_first

    # -- pile names, both ways: the only place that writes or reads ``group[i]`` ------------
    def name(self, p: int) -> str:
        """The name of pile p: ``group[i]``."""
        return self.pile_names[p]

    def pile(self, name: str, any_case: bool = False) -> int | None:
        """The pile a name names (spaces anywhere ignored; with any_case, letter case too,
        as move text reads it), or None."""
        key = "".join(name.split())
        if not any_case:
            return self.by_name.get(key)
        if self._by_folded is None:
            folded: dict[str, int] = {}
            for i, n in enumerate(self.pile_names):
                folded.setdefault(n.lower(), i)
            self._by_folded = folded
        return self._by_folded.get(key.lower())

    def free(self, piles, p: int) -> bool:
        for c in self.covers[p]:
            if piles[c]:
                return False
        return True
