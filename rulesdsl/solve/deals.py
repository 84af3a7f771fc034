"""The deals the solver is asked about: a deal number dealt as the variant numbers it, and a
variant compiled once per process (with its analysis) for the many deals a worker solves."""

from __future__ import annotations

from ..engine.deal import deal as seeded
from ..play.game import Game
from ..variant.loader import load
from .analysis import analyse

_VARIANTS: dict = {}  # per process: (variant, options) -> (Variant, Analysis)


def compiled_variant(name: str, options: dict):
    """(Variant, Analysis) of a registered variant or file, compiled once per process."""
    key = (name, tuple(sorted(options.items())))
    if key not in _VARIANTS:
        v = load(name, options)
        _VARIANTS[key] = (v, analyse(v))
    return _VARIANTS[key]


def deal_state(v, deal: int):
    """Deal ``deal``: the variant's published numbering when it declares one (Microsoft
    FreeCell, PySol), rulesdsl's own seeded shuffle otherwise."""
    if getattr(v, "numbering", None) is not None:
        return Game.numbered(v, deal).state
    return seeded(v, deal)
