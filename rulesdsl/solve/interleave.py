"""The two orders of an open game's search in turns, each search going on where it stopped
(solve(..., interleave=True)): the search in the open order (guidance.W_BURIED_OPEN) and the
one in the first order (W_BURIED), each with its own table and waiting positions, take the
positions of ``SCHEDULE`` in turns; a search paused (Search.pause_at) is resumed later, not
begun again, so no position is paid twice within one order.

Why: each order has its own unlucky deals, where it needs one long search (docs/solver.md,
"FreeCell's hard deals"); a fresh search in the first order after the open order's cap (the
restart of solver._two_orders) throws the open order's positions away, and the deals that
order would have won a few thousand positions later are lost with them.

Soundness: a pause falls between two positions taken from the waiting ones (in_turns), where
the search's whole state is its table, its waiting positions, its tick and its turn; nothing
is thrown away and resume() takes the same next position, so a search paused any number of
times explores exactly the positions of one never paused, in the same order (the tests check
it). Each search is whole in its order: ``unwinnable`` is said only when one of them ran to
its end with no position left waiting (every reachable position explored), a proof whatever
the other did; a win is a line played on that search's board. The limits are those of all
the searches together: a search's own cap is what the others left, and when it strikes (or
the time does) the deal is unknown.
"""

from __future__ import annotations

from .guidance import W_BURIED
from .search import UNKNOWN, Result, Search

# (order, the positions that order's search has seen when it pauses; None: it goes on to the
# limits). Measured by positions on MS 1-1000 (bench/bench_orders.py, "resume"): the open
# order to 5,000 as the restart does, the first to 11,000, the open order on to 10,000, then
# the first on; a game decided within 15,000 positions is searched as by the restart (the
# first order's search starts at 5,000 in both and the open one goes on only past 16,000).
SCHEDULE: tuple[tuple[str, int | None], ...] = (("open", 5_000), ("first", 11_000), ("open", 10_000), ("first", None))


def interleaved(variant, state, max_states, kw, schedule=None) -> Result:
    """The searches of ``schedule`` (default SCHEDULE) in turns within ``max_states`` positions
    in all; ``kw`` are Search's other arguments. The Result of the search that decided, with
    the positions of all counted, or unknown."""
    searches: dict[str, Search] = {}
    clock, started = kw["clock"], kw["started"]
    got = Result(UNKNOWN, [], 0, 0.0, "states")
    for order, until in schedule or SCHEDULE:
        others = sum(s.table.size for o, s in searches.items() if o != order)
        if others >= max_states:
            break
        fresh = order not in searches
        if fresh:
            weight = None if order == "open" else W_BURIED  # (None: the open weight, buried_weight)
            searches[order] = Search(variant, state, max_states=max_states - others, w_buried=weight, **kw)
        search = searches[order]
        search.max_states = max_states - others  # what the other searches left
        search.pause_at = until
        got = search.run() if fresh else search.resume()
        if got.limit != "pause":
            break
    total = sum(s.table.size for s in searches.values())
    for search in searches.values():  # none is resumed after this
        search.release()
    if got.limit == "pause":  # (a schedule whose last stage pauses: the limits not reached)
        got = Result(UNKNOWN, [], total, 0.0, "states")
    got.states = total
    if got.difficulty is not None:  # the positions of every search up to the win
        got.difficulty = total
    got.seconds = clock() - started
    return got
