"""What the solver derives from a variant's rules, each computed once per compiled variant:
the safe moves (safe_moves.py), the dead-end test (dead_ends.py; removal_ends.py for games
of removals), the stock macro moves (stock_macros.py), the stock symmetry (stock_cycle.py),
the dominated partial-run moves (partial_runs.py), the stuck cards (stuck_cards.py), the
orders of departure (departures.py), runs as units (suit_units.py), the unused returns
(unused_returns.py) and the next cards the
foundations take (guidance.py). Each is None when the variant is outside the class its proof covers.
"""

from __future__ import annotations

from .dead_ends import derive_dead
from .departures import derive_departures
from .face_foundations import derive_face_safe
from .foundation_returns import derive_returns
from .guidance import derive_next
from .partial_runs import derive_partial
from .refill_foundations import derive_refill_safe
from .removal_ends import derive_removal_ends
from .safe_foundations import derive_foundation_safe
from .safe_moves import derive_safe
from .step_tables import derive_steps
from .stock_cycle import derive_cycle
from .stock_macros import derive_stock
from .stuck_cards import derive_stuck
from .suit_units import derive_units
from .unused_returns import derive_unused


def _per_variant(derive):
    """derive(variant), computed once per compiled variant (the cache holds at most 65)."""
    cache: dict = {}

    def get(variant):
        hit = cache.get(id(variant))
        if hit is None or hit[0] is not variant:
            hit = (variant, derive(variant))
            if len(cache) > 64:
                cache.clear()
            cache[id(variant)] = hit
        return hit[1]

    return get


# the variant's derived SafeRule, DeadEnds, NextCards and StockRule (or None)
safe_rule = _per_variant(derive_safe)
dead_rule = _per_variant(lambda v: derive_removal_ends(v) if v.removals else derive_dead(v))
next_rule = _per_variant(derive_next)
stock_rule = _per_variant(derive_stock)
cycle_rule = _per_variant(derive_cycle)  # stock symmetry (stock_cycle.py)
foundation_rule = _per_variant(derive_foundation_safe)  # safe moves to foundations that give back
partial_rule = _per_variant(derive_partial)  # dominated partial-run moves (partial_runs.py)
returns_rule = _per_variant(derive_returns)  # safe foundation cards kept up (foundation_returns.py)
unused_rule = _per_variant(derive_unused)  # returns nothing uses at once (unused_returns.py)
stuck_rule = _per_variant(derive_stuck)  # cards that can never leave their pile (stuck_cards.py)
departure_rule = _per_variant(derive_departures)  # no order of departures left (departures.py)
refill_rule = _per_variant(derive_refill_safe)  # foundations nothing leaves, with a refill (refill_foundations.py)
face_rule = _per_variant(derive_face_safe)  # the same by faces, in games of several decks
units_rule = _per_variant(derive_units)  # runs in sequence as units (suit_units.py)
steps_rule = _per_variant(derive_steps)  # each foundation's own steps, for the win finder (step_tables.py)
