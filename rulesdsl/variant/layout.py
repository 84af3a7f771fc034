"""Pile groups and where their piles lie: the geometry that cover and neighbours come from.

Every pile has one global index (groups in declaration order, piles in reading order)
and a name ``group[i]``. A group may be laid out in rows with offsets in half-card
units; when rows overlap, a pile in the next row whose horizontal extent overlaps a
pile of the row before covers it. Neighbours (``prev``/``next``) follow reading order
and wrap from the last pile of a group to its first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# a word, then a pile number in brackets or straight after it (the word ends in no digit)
_TYPED = re.compile(r"^([A-Za-z_][A-Za-z_0-9]*?)(?:\[(\d+)\]|(?<![0-9])(\d*))$")


def short_names(names: list[str]) -> dict[str, str]:
    """Each group's short name, as the runner's legend and move text use it (``t`` for
    tableau, ``f`` for foundation): the shortest prefix of its name that begins no other
    group's name (letter case aside) and does not end in a digit, so that the short name
    and a pile number (``t3``) read back as one pile. A group with no such prefix keeps its
    whole name (and its piles are typed ``group[i]``)."""
    low = [n.lower() for n in names]
    out = {}
    for name, mine in zip(names, low):
        out[name] = name
        for k in range(1, len(name) + 1):
            p = mine[:k]
            if p[-1].isdigit() or any(o.startswith(p) for o in low if o != mine):
                continue
            out[name] = name[:k]
            break
    return out


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
        self.short_names: dict[str, str] = short_names(list(self.groups))  # group -> short name
        self._lower_groups = {g.lower() for g in self.groups}
        self._grid()
        self._at: dict[tuple[int, int], tuple] = {}  # (drow, dcol) -> pile -> pile or None

    # -- grid neighbours: pile.at(drow, dcol) ---------------------------------------------
    def _grid(self) -> None:
        """Each pile's place in its group's grid: (row, left edge in half-card widths); and per
        group, the place -> pile table. A group without rows is one row."""
        self.place: list[tuple[int, int]] = [(0, 0)] * self.size
        self.cells: dict[str, dict[tuple[int, int], int]] = {}
        for g in self.groups.values():
            rows = g.rows or (g.count,)
            offs = g.offsets or (0,) * len(rows)
            cells = {}
            p = g.start
            for r, n in enumerate(rows):
                for c in range(n):
                    x = (offs[r] if r < len(offs) else 0) + 2 * c
                    self.place[p] = (r, x)
                    cells[(r, x)] = p
                    p += 1
            self.cells[g.name] = cells

    def at(self, p: int, drow: int, dcol: int) -> int | None:
        """The pile drow rows below and dcol card widths right of pile p in its group's grid,
        or None when no place lies there exactly. A group that wraps counts rows round the
        grid, and places round the target row."""
        g = self.groups[self.group_of[p]]
        r, x = self.place[p]
        r2, x2 = r + drow, x + 2 * dcol
        if not g.wrap:
            return self.cells[g.name].get((r2, x2))
        rows = g.rows or (g.count,)
        offs = g.offsets or (0,) * len(rows)
        r2 %= len(rows)
        off = offs[r2] if r2 < len(offs) else 0
        if (x2 - off) % 2:
            return None
        c2 = ((x2 - off) // 2) % rows[r2]
        return self.cells[g.name].get((r2, off + 2 * c2))

    def at_table(self, drow: int, dcol: int) -> tuple:
        """pile.at(drow, dcol) for every pile, made once per offset pair."""
        key = (drow, dcol)
        table = self._at.get(key)
        if table is None:
            if len(self._at) >= 4096:  # offsets computed at play time: keep the cache bounded
                self._at.clear()
            table = self._at[key] = tuple(self.at(p, drow, dcol) for p in range(self.size))
        return table

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

    # -- the names a player types: short names and groups (move text) ----------------------
    def short_name(self, p: int) -> str:
        """Pile p as the runner's legend writes it: ``t3`` for ``tableau[3]``; ``group[i]``
        for a group without a short name."""
        g = self.group_of[p]
        s = self.short_names.get(g, g)
        return f"{s}{self.index_of[p]}" if s != g or not g[-1].isdigit() else self.pile_names[p]

    def group_named(self, text: str) -> str | None:
        """The group a typed word names, letter case aside: its own name, else a prefix of the
        name of exactly one group (``t``, ``tab``, ``found``), else None."""
        key = text.lower()
        if not key:
            return None
        found = None
        for g in self.groups:
            low = g.lower()
            if low == key:
                return g
            if low.startswith(key):
                if found is not None:
                    return None
                found = g
        return found

    def typed(self, text: str) -> tuple[int, ...] | None:
        """The piles a pile typed by a player names, or None: ``tableau[3]``, ``t3``, ``t[3]``,
        ``tab3`` name one pile; a group's name or short name alone (``foundation``, ``f``)
        names all its piles. Spaces and letter case do not matter. An index past the group's
        end names no pile."""
        key = "".join(text.split())
        if len(key) > 200:  # no pile's name is that long (schema.MAX_NAME): nothing to match
            return None
        whole = self.group_named(key) if key.lower() in self._lower_groups else None
        if whole is not None:
            return tuple(self.groups[whole].piles)  # a group's own name, digits and all
        m = _TYPED.match(key)
        if m is None:
            return None
        word, inside, digits = m.group(1), m.group(2), m.group(3)
        g = self.group_named(word)
        if g is None:
            return None
        group = self.groups[g]
        if inside is None and not digits:
            return tuple(group.piles)
        number = inside if inside is not None else digits
        i = int(number) if len(number) <= 6 else group.count
        return (group.start + i,) if i < group.count else None

    def free(self, piles, p: int) -> bool:
        for c in self.covers[p]:
            if piles[c]:
                return False
        return True
