"""The JSONL of a statistics run: one record per deal, read back for ``--resume`` and written
a chunk at a time.

A run killed mid-write (SIGKILL, a power cut) can leave its last line cut short; that line is
cut off the file before more is appended, and its deal is solved again, so a deal is never
written twice. Any other line that is not a record means the file is not what ``--resume``
thinks it is: that is an error naming the line, never a guess.
"""

from __future__ import annotations

import heapq
import json
import os

from ..core.errors import InputError, short

VERDICTS = ("won", "unwinnable", "unknown")
MAX_LINE_BYTES = 1 << 20  # one record: a won line of a few thousand moves fits many times over


def is_record(rec) -> bool:
    return isinstance(rec, dict) and isinstance(rec.get("deal"), int) and rec.get("verdict") in VERDICTS


def read_records(path) -> list:
    """The complete records of a JSONL file (a line that is not one is skipped)."""
    return list(iter_records(path))


def iter_records(path):
    """The complete records of a JSONL file, read a line at a time (a line that is not one is
    skipped; nothing when the file does not exist)."""
    try:
        with open(path, "rb") as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if is_record(rec):
                    yield rec
    except FileNotFoundError:
        pass


def scan(path, say=None):
    """Every record of ``path`` in order, for --resume; a torn last line is skipped (said
    through ``say``), any other bad line raises InputError naming it. Nothing when the file
    does not exist."""
    try:
        f = open(path, "rb")
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{short(str(path))}: {exc.strerror or exc}") from None
    with f:
        for number, line in enumerate(_lines(f, path), 1):
            torn = not line.endswith(b"\n")
            try:
                rec = json.loads(line)
            except ValueError:
                rec = None
            if is_record(rec):
                yield rec
            elif torn:
                if say:
                    say(f"{short(str(path))}:{number}: the last line was cut short; its deal is solved again")
            elif line.strip():
                raise InputError(
                    f"{short(str(path))}:{number}: not a stats record "
                    '(a JSON object with "deal" and "verdict" on each line): not a file --resume can continue'
                )


def _lines(f, path):
    while True:
        line = f.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES:
            raise InputError(f"{short(str(path))}: a line longer than {MAX_LINE_BYTES:,} bytes: not a stats record")
        yield line


def open_sink(path):
    """``path`` opened for appending records: a last line cut short is cut off first (a whole
    record without its newline gets one)."""
    f = open(path, "a+b")
    end = f.seek(0, os.SEEK_END)
    if end:
        f.seek(max(0, end - MAX_LINE_BYTES - 1))
        tail = f.read()
        if not tail.endswith(b"\n"):
            cut = tail.rfind(b"\n")
            last = tail[cut + 1 :]
            try:
                whole = is_record(json.loads(last))
            except ValueError:
                whole = False
            if whole:
                f.write(b"\n")
            else:
                f.truncate(end - len(last))
    return Sink(f)


class Sink:
    """Records appended a chunk at a time, each chunk flushed to the system as one write."""

    def __init__(self, f):
        self.f = f

    def write(self, records) -> None:
        if records:
            self.f.write("".join(json.dumps(r) + "\n" for r in records).encode("utf-8"))
            self.f.flush()

    def close(self) -> None:
        self.f.close()


class Seen:
    """The deals a run has already handed out or found done: a bitmap over a range (an eighth
    of a byte a deal, whatever the range), a set otherwise. It is also how the unknown deals of
    a pass are handed to the next: iterated in order, it gives the deals marked."""

    def __init__(self, deals):
        span = deals.range if isinstance(deals, Seen) else deals
        self.range = span if isinstance(span, range) and span.step == 1 else None
        self.bits = bytearray((len(self.range) + 7) // 8) if self.range is not None else None
        self.others: set = set()
        self.count = 0

    @classmethod
    def all_of(cls, deals: range) -> Seen:
        """Every deal of ``deals`` marked (a range of step 1)."""
        seen = cls(deals)
        if seen.bits is None:
            raise ValueError("Seen.all_of takes a range of step 1")
        n = len(deals)
        seen.bits[: n >> 3] = b"\xff" * (n >> 3)
        if n & 7:
            seen.bits[-1] = (1 << (n & 7)) - 1
        seen.count = n
        return seen

    def add(self, deal: int) -> bool:
        """Mark ``deal``; False when it was marked already."""
        if self.bits is not None and deal in self.range:
            i = deal - self.range.start
            byte, bit = i >> 3, 1 << (i & 7)
            if self.bits[byte] & bit:
                return False
            self.bits[byte] |= bit
        elif deal in self.others:
            return False
        else:
            self.others.add(deal)
        self.count += 1
        return True

    def remove(self, deal: int) -> None:
        """Unmark ``deal`` (nothing when it is not marked)."""
        if deal not in self:
            return
        if self.bits is not None and deal in self.range:
            i = deal - self.range.start
            self.bits[i >> 3] &= ~(1 << (i & 7)) & 0xFF
        else:
            self.others.discard(deal)
        self.count -= 1

    def __contains__(self, deal: int) -> bool:
        if self.bits is not None and deal in self.range:
            i = deal - self.range.start
            return bool(self.bits[i >> 3] & (1 << (i & 7)))
        return deal in self.others

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        """The marked deals in order."""
        return heapq.merge(self._marked(), sorted(self.others))

    def _marked(self):
        if self.bits is not None:
            start = self.range.start
            for byte, b in enumerate(self.bits):
                if b:
                    base = start + (byte << 3)
                    for k in range(8):
                        if b >> k & 1:
                            yield base + k
