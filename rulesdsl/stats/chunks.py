"""The unit of work of a statistics run: a block of deals solved by one task, wherever it
runs (a process of ``--jobs``, a Dask worker), with the variant travelling inside the task as
its text, so a worker needs no file of its own.

One task per deal would cost the scheduler more than the deal (Dask spends 0.2-1 ms of its
own time per task); one task per thousand deals costs it nothing that shows. A chunk is sized
for about CHUNK_SECONDS of work from the seconds per deal measured so far, so that a task is
long enough to hide the scheduler and short enough that an interruption loses little.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field

from ..core.errors import InputError, RulesError, short
from ..core.files import read_text
from ..core.limits import MAX_VARIANT_BYTES
from ..solve.analysis import analyse
from ..solve.deals import compiled_variant
from ..variant.loader import load_text
from ..variant.registry import find_variant

CHUNK_SECONDS = 5.0  # the work one task aims at
FIRST_CHUNK = 4  # deals in each chunk before any has finished (nothing measured yet)
MAX_CHUNK = 1000  # deals in one chunk sized from the measured rate
MAX_CHUNK_OPTION = 100_000  # the most --chunk may ask for
_CACHE_SIZE = 8  # variants kept compiled per process


@dataclass(frozen=True)
class VariantSpec:
    """A variant as a task carries it: its text, its option values and the label its
    diagnostics name (``text`` None: a file this machine reads by ``label``, for a variant
    whose ``extends`` names a file beside it, which only --jobs can run)."""

    label: str
    options: tuple
    text: str | None = None
    digest: str = field(default="", compare=False)

    @property
    def option_dict(self) -> dict:
        return dict(self.options)


def spec_of(name: str, options: dict, *, travel: bool) -> VariantSpec:
    """The spec of a variant named or given by path. ``travel``: it must run where the file
    is not (a cluster): a file that extends a file beside it is refused with a clear message."""
    path = find_variant(name)
    if path is None:
        raise InputError(f"no variant named {short(name)!r}")
    text = read_text(path, MAX_VARIANT_BYTES, "variant file")
    opts = tuple(sorted(options.items()))
    try:
        load_text(text, options, label=str(path))
    except RulesError as exc:
        if exc.first.code != "X703":
            raise
        if travel:
            raise InputError(
                f"{short(str(path))}: extends a file beside it; a cluster's workers get the variant as "
                "text, which extends only shipped variants: write the parent's sections into the file"
            ) from None
        return VariantSpec(str(path), opts)
    return VariantSpec(str(path), opts, text, hashlib.sha256(text.encode("utf-8")).hexdigest())


_COMPILED: dict = {}  # per process: (digest, label, options) -> (Variant, Analysis), the latest last


def compiled(spec: VariantSpec):
    """(Variant, Analysis) of a spec, compiled once per process (keyed by the text's digest,
    and by its label: the same text under another file name is another variant's id)."""
    if spec.text is None:
        return compiled_variant(spec.label, spec.option_dict)
    key = (spec.digest, spec.label, spec.options)
    got = _COMPILED.pop(key, None)
    if got is None:
        v = load_text(spec.text, spec.option_dict, label=spec.label)
        got = (v, analyse(v))
        while len(_COMPILED) >= _CACHE_SIZE:
            del _COMPILED[next(iter(_COMPILED))]
    _COMPILED[key] = got
    return got


@dataclass(frozen=True)
class Limits:
    """What every deal of a run is searched under; ``memory``: bytes per task (None: what
    the Dask worker the task runs in has); ``beam``: the win finder's stage inside solve()
    (False: the search alone with the whole time limit)."""

    time_limit: float | None = None
    max_states: int | None = None
    memory: int | None = None
    beam: bool = True


class Chunker:
    """Deals cut into chunks as they are asked for (never the whole range at once): a fixed
    size, or (``size`` None) sized from the seconds per deal that finished chunks took."""

    def __init__(self, deals, size: int | None = None):
        self.deals = iter(deals)
        self.size = size
        self.solved = 0
        self.seconds = 0.0

    def observe(self, records) -> None:
        """Count a finished chunk's records towards the measured seconds per deal."""
        self.solved += len(records)
        self.seconds += sum(r.get("seconds", 0.0) for r in records)

    def next_size(self) -> int:
        if self.size is not None:
            return self.size
        if not self.solved:
            return FIRST_CHUNK
        per_deal = self.seconds / self.solved
        if per_deal <= 0:
            return MAX_CHUNK
        return max(1, int(min(MAX_CHUNK, CHUNK_SECONDS / per_deal)))  # (a tiny per_deal: no overflow)

    def next(self) -> tuple | None:
        """The next chunk, or None when every deal was handed out."""
        chunk = tuple(itertools.islice(self.deals, self.next_size()))
        return chunk or None
