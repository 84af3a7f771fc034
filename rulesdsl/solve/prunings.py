"""The derived prunings one search uses, wired onto it in one place: each derivation's rule
(derivations.py) joined to the search's two hooks, ``dominated`` (moves children() skips)
and ``stuck`` (children whose position is lost), in the order their proofs allow. Each
proof is in its own module; the switches are solve()'s keywords."""

from __future__ import annotations

from . import derivations
from .talon_safe import talon_rule


def attach(
    search, variant, ends, memory, *, partial, stuck, departures, units, returns, talon=True, unused=False
) -> None:
    """Set ``search.dominated``, ``stuck``, ``stuck_start``, and turn the bare path off where
    a pruning must look at the child played. ``ends``: the dead-end test, which follows moves
    one at a time and so leaves no room for these."""
    # returns nothing uses at once (unused_returns.py): its proof asks the partial-run rule
    # to count the foundations' second cards as uses (P5), so it is known before that rule
    spare = derivations.unused_rule(variant) if unused and ends is None else None
    search.unused_sinks = spare.sinks if spare is not None else ()
    # dominated partial-run moves (partial_runs.py): not searched
    rule = derivations.partial_rule(variant) if partial and ends is None else None
    if rule is not None and rule.any_group and partial == "runs":
        rule = None  # "runs": not where any face-up card lifts (Yukon's class, partial_runs.py)
    search.dominated = rule.start(search) if rule is not None else None
    # runs in sequence as units (suit_units.py), where no partial-run rule applies: the units
    # stage's splits in the streamliner's search, the dominated splits in the full one
    rule = derivations.units_rule(variant) if units and search.dominated is None and ends is None else None
    if rule is not None:
        search.dominated = rule.start(search)
        spare = None  # (not beside the units rule: it delays splits by a proof of its own)
    # a foundation's safe top card does not come down (foundation_returns.py)
    rule = derivations.returns_rule(variant) if returns and ends is None else None
    if rule is not None:
        needless, part = rule.start(search), search.dominated
        search.dominated = needless if part is None else (lambda m: part(m) or needless(m))
    # a return nothing uses at once (unused_returns.py): delayed to just before its use
    if spare is not None:
        spared, part2 = spare.start(search), search.dominated
        search.dominated = spared if part2 is None else (lambda m: part2(m) or spared(m))
    # positions with a card that can never leave its pile are lost (stuck_cards.py)
    rule = derivations.stuck_rule(variant) if stuck and ends is None else None
    search.stuck_start = rule  # judged at the start; at every child only where it is cheap
    search.stuck = rule if rule is not None and rule.every_position else None
    # where it applies, the orders of departure (departures.py) see every stuck card and more
    order = derivations.departure_rule(variant) if departures and ends is None else None
    search.stuck = order or search.stuck
    # a safe card anywhere the stock walk reaches goes up, the only child (talon_safe.py)
    search.talon_up = talon_rule(search) if talon and ends is None else None
    # the bare path scores a child without playing it: not where the stuck test, or the
    # memory of earlier searches (lost positions, kept lines), must look at the child
    if search.stuck is not None or memory is not None:
        search.bare = False
