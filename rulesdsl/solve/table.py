"""The transposition table: the positions a search has seen, by canonical key (keys.py).

With limited actions (passes through the stock) a position seen with fewer uses of each
covers the same position with more (dominance), unless some rule reads ``used()``.
"""

from __future__ import annotations

from array import array
from typing import Any

from .analysis import Analysis


class Table:
    """Positions seen; with limited actions, the counters each was seen with (dominance)."""

    def __init__(self, analysis: Analysis, n_actions: int):
        self.exact = analysis.reads_used
        self.limited = analysis.limited if not self.exact else ()
        self.seen: Any = {} if self.limited else set()  # a set, or key -> counters seen
        self.size = 0

    def contains(self):
        """The set's own membership test (key -> seen) where no action counter counts, else
        None (then known() takes the counters)."""
        if not self.exact and not self.limited:
            return self.seen.__contains__
        return None

    def known(self, key: bytes, used) -> bool:
        """Was the position (or one that dominates it) seen? (add() without adding.)"""
        if self.exact:
            key = key + array("q", used).tobytes()
        if not self.limited:
            return key in self.seen
        known = self.seen.get(key)
        if known is None:
            return False
        mine = tuple(used[i] for i in self.limited)
        return any(all(o <= m for o, m in zip(other, mine)) for other in known)

    def add(self, key: bytes, used) -> bool:
        """Record the position; False when it (or one that dominates it) was seen."""
        if self.exact:
            key = key + array("q", used).tobytes()
        if not self.limited:
            if key in self.seen:
                return False
            self.seen.add(key)
            self.size += 1
            return True
        mine = tuple(used[i] for i in self.limited)
        known = self.seen.get(key)
        if known is None:
            self.seen[key] = [mine]
            self.size += 1
            return True
        for other in known:
            if all(o <= m for o, m in zip(other, mine)):
                return False
        known[:] = [o for o in known if not all(m <= x for m, x in zip(mine, o))]
        known.append(mine)
        self.size += 1
        return True

    def absorb(self, other: "Table") -> None:
        """Add every position of ``other``, a table of the same analysis, as add() would
        (hinting.HintTable gathers the tables of several proofs into one)."""
        if not self.limited:
            before = len(self.seen)
            self.seen |= other.seen
            self.size += len(self.seen) - before
            return
        for key, counters in other.seen.items():
            known = self.seen.setdefault(key, [])
            for mine in counters:
                if any(all(o <= m for o, m in zip(x, mine)) for x in known):
                    continue
                known[:] = [x for x in known if not all(m <= y for m, y in zip(mine, x))]
                known.append(mine)
                self.size += 1
