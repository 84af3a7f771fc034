"""What a statistics run's summary, ``--json``, pass summaries and ``--plot`` need, counted as
records arrive: so the client keeps a few counters and a histogram, never the records, and its
memory stays flat for any range (the records themselves go to the JSONL as chunks finish).

The difficulty is kept on fixed logarithmic bins (``PER_DECADE`` to a factor of ten), since it
spans orders of magnitude; the picture draws those bins as they are.
"""

from __future__ import annotations

import math

PER_DECADE = 10  # difficulty bins per factor of ten


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple:
    """The Wilson score interval of k successes in n trials (0, 1 when n is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary_of(won: int, lost: int, unknown: int) -> dict:
    """The summary of a run from its verdict counts: the winnable share among the decided
    deals, its 95% Wilson interval, and the bounds counting the unknowns lost and won."""
    deals = won + lost + unknown
    decided = won + lost
    lo, hi = wilson(won, decided)
    return {
        "deals": deals,
        "won": won,
        "unwinnable": lost,
        "unknown": unknown,
        "winnable": {
            "estimate": won / decided if decided else None,
            "wilson95": [lo, hi],
            "bounds": [won / deals if deals else 0.0, (won + unknown) / deals if deals else 1.0],
        },
    }


class Histogram:
    """Counts of positive whole numbers on fixed logarithmic bins: bin ``i`` holds the values
    from 10**(i/PER_DECADE) up to the next edge."""

    def __init__(self):
        self.counts: dict[int, int] = {}
        self.total = 0

    @classmethod
    def of(cls, records) -> Histogram:
        """The difficulty of the won records among ``records``."""
        h = cls()
        for r in records:
            h.add_record(r)
        return h

    def add(self, value: int) -> None:
        i = math.floor(PER_DECADE * math.log10(value))
        self.counts[i] = self.counts.get(i, 0) + 1
        self.total += 1

    def add_record(self, rec: dict) -> None:
        v = rec.get("difficulty")
        if rec.get("verdict") == "won" and isinstance(v, int) and not isinstance(v, bool) and v > 0:
            self.add(v)

    def bins(self) -> tuple:
        """(edges, counts): every bin from the lowest to the highest filled one, empty ones
        included; edges has one more entry than counts."""
        if not self.counts:
            return [], []
        lo, hi = min(self.counts), max(self.counts)
        edges = [10 ** (i / PER_DECADE) for i in range(lo, hi + 2)]
        return edges, [self.counts.get(i, 0) for i in range(lo, hi + 1)]


class Tally:
    """The verdict counts of every deal's last record, and the won deals' difficulty.

    A pass reruns the deals the one before left unknown: ``rerun(n)`` takes those ``n``
    unknowns out before the pass's records are added, so the counts stay those of each deal's
    last record (as a dict of every record would give, without keeping one)."""

    def __init__(self):
        self.won = self.unwinnable = self.unknown = 0
        self.difficulty = Histogram()

    def add(self, rec: dict) -> None:
        verdict = rec["verdict"]
        if verdict == "won":
            self.won += 1
        elif verdict == "unwinnable":
            self.unwinnable += 1
        else:
            self.unknown += 1
        self.difficulty.add_record(rec)

    def rerun(self, n: int) -> None:
        if n > self.unknown:
            raise ValueError(f"{n} deal(s) rerun but only {self.unknown} unknown")
        self.unknown -= n

    def summary(self) -> dict:
        return summary_of(self.won, self.unwinnable, self.unknown)
