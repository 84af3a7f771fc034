"""The order a pile's cards are built in, where the rules lift runs but give no sequence rule
(Scorpion, Yukon: any face-up card moves with everything on it): the pile's own accept rule,
read as a table of which card goes onto which. The position score (guidance.Scorer) counts
the cards lying above a break of that order, as it does for a declared sequence rule. Only
the order of the search reads it, never a verdict, so a rule that cannot be judged out of
play simply gives no table.
"""

from __future__ import annotations

from ..core.state import State
from ..lang.runtime import Env


def natural_tables(variant) -> list:
    """Per pile: None, or a tuple (card a -> the frozenset of cards its accept rule takes on a
    one-card pile of a) for a pile that lifts runs under no sequence rule."""
    rules = variant.rules
    out: list = [None] * len(rules)
    done: dict = {}  # group -> its table (the piles of a group share their rules)
    for p, r in enumerate(rules):
        if r.lift != "run" or r.sequence is not None or r.accept is None:
            continue
        if r.group not in done:
            done[r.group] = _accept_table(variant, p, r.accept)
        out[p] = done[r.group]
    return out


def _accept_table(variant, p, accept):
    """The accept rule of pile p judged on a one-card pile, a card moving alone from p itself
    (the rule's other piles as they lie empty), or None when it cannot be judged so."""
    st = State.empty(variant)
    env = Env(st)
    cards = range(variant.deck.size)
    env.dest = env.source = p
    rows = []
    try:
        for a in cards:
            st.piles[p][:] = [a]
            row = []
            for b in cards:
                env.card, env.run = b, (b,)
                if b != a and accept(env):
                    row.append(b)
            rows.append(frozenset(row))
    except Exception:  # a rule that reads more than the cards and the top: no table (it only orders)
        return None
    finally:
        st.piles[p][:] = []
    return tuple(rows)
