"""The best-first heap of the search's waiting positions, its stale entries dropped in bulk.

A node the depth-first turns take (Search.in_turns) stays in the heap, searched, until a
best-first turn pops it and throws it away: a heap of n live nodes may hold as many stale
ones, and every push and pop pays for them. Here, when the stale entries are more than
PURGE_MIN and half the heap, the heap is rebuilt from its live entries (heapify, linear).

What must not change is where in_turns stops for MAX_OPEN: it compares the length of the
heap as it would be with every stale entry still in it. A stale entry leaves that heap when
a best-first pop takes it, and a pop takes every entry smaller than the live one it returns;
so a dropped entry still counts (``held()``) until a live entry larger than its key has
been popped after it was dropped. The entries' keys are unique (the order's fields and a
unique -tick: see Search.push), so the comparisons never reach the node and the pops come in
the very same order. (tests/solve/test_waiting.py compares with the plain heap.)
"""

from __future__ import annotations

import heapq

PURGE_MIN = 1024  # the fewest stale entries worth a rebuild


class Waiting:
    """The heap (``heap``, pushed by the caller with heapq), ``stale`` entries counted by
    the caller as it takes nodes depth-first (``searched_elsewhere``)."""

    def __init__(self) -> None:
        self.heap: list = []
        self.stale = 0  # entries in heap whose node was taken depth-first
        # dropped keys not yet known popped: [keys, the largest entry popped since the drop]
        self.batches: list = []
        self.dropped = 0  # their number (an upper bound on those held)

    def searched_elsewhere(self) -> None:
        """A node was taken from the depth-first stack: its heap entry is now stale."""
        self.stale += 1
        if self.stale > PURGE_MIN and self.stale * 2 > len(self.heap):
            self._purge()

    def _purge(self) -> None:
        heap = self.heap
        live: list = []
        gone: list = []
        for e in heap:
            (gone if e[-1][3] else live).append(e)
        heapq.heapify(live)
        heap[:] = live
        self.batches.append([[e[:-1] for e in gone], None])
        self.dropped += len(gone)
        self.stale = 0

    def pop(self):
        """The best live node, or None when none is left (every stale entry popped then)."""
        heap, batches = self.heap, self.batches
        while heap:
            e = heapq.heappop(heap)
            node = e[-1]
            if node[3]:
                self.stale -= 1
                continue
            for b in batches:  # every dropped key below e is popped by now
                if b[1] is None or e > b[1]:
                    b[1] = e
            return node
        self._forget()  # the heap as it would be is empty too
        return None

    def _forget(self) -> None:
        self.batches, self.dropped = [], 0

    def held(self) -> int:
        """How many dropped entries the heap would still hold (exact where it matters: only
        when the upper bound could pass a limit, see over)."""
        kept = []
        for keys, top in self.batches:
            left = keys if top is None else [k for k in keys if not k < top]
            if left:
                kept.append([left, top])
        self.batches = kept
        self.dropped = sum(len(b[0]) for b in kept)
        return self.dropped

    def size(self) -> int:
        """The heap's length with its dropped stale entries counted where it would hold them."""
        return len(self.heap) + self.dropped

    def over(self, limit: int) -> bool:
        """Would the plain heap hold more than ``limit`` entries?"""
        if len(self.heap) + self.dropped <= limit:
            return False
        return len(self.heap) + self.held() > limit

    def any(self) -> bool:
        """Would the plain heap hold any entry?"""
        return bool(self.heap) or bool(self.dropped and self.held())
