"""Where cards can go, read from the compiled variant and a few deals: two static warnings.

A615: an automatic move whose source piles can never show a face-up card (moves take only
face-up cards, so it can never play). V705: a card the deal puts on a foundation that lifts
its top (``lift: top``) whose ``accept_empty`` would refuse that card once it has left: the
pile could never be built again.

Both read over-approximations, so they warn only when nothing could help: a pile may show
a face-up card when a deal shows one there, or when it takes cards, is the target of an
action, a flip or a refill, or is a removal's destination.
"""

from __future__ import annotations

from ..core.errors import Diagnostic
from ..core.kinds import PROGRESS_ROLES, AutoKind
from ..engine.deal import deal
from ..lang.runtime import Env

SEEDS = (1, 2, 3)  # deals looked at: the deal program is the same for every seed, the cards not


def reach_checks(doc, data, v) -> list[Diagnostic]:
    """A615 and V705 for one built variant (``data``: the file's merged keys)."""
    states = []
    for seed in SEEDS:
        try:
            states.append(deal(v, seed))
        except Exception:  # noqa: BLE001 - a deal that fails is the playouts' to report (V801)
            return []
    return _mute_autos(doc, data, v, states) + _no_return(doc, data, v, states)


def face_up_piles(v, states) -> set:
    """Piles that may ever hold a face-up card: an over-approximation."""
    out = {p for st in states for p, pile in enumerate(st.piles) if len(pile) > st.down[p]}
    out.update(p for p, r in enumerate(v.rules) if r.takes)
    for a in v.actions:
        out.update(a.targets)
        out.update(a.gather)
    for auto in v.autos:
        if auto.kind in (AutoKind.FLIP, AutoKind.REFILL):
            out.update(auto.piles)
    out.update(rm.dest for rm in v.removals)
    return out


def _mute_autos(doc, data, v, states) -> list[Diagnostic]:
    raw = data.get("auto")
    if not isinstance(raw, list):
        return []
    # the loader builds one Auto of kind move per entry with both 'move' and 'to', in order
    paths = [("auto", i) for i, a in enumerate(raw) if isinstance(a, dict) and "move" in a and "to" in a]
    moves = [a for a in v.autos if a.kind is AutoKind.MOVE]
    if len(paths) != len(moves):
        return []
    shown = face_up_piles(v, states)
    out = []
    for path, auto in zip(paths, moves):
        if not auto.piles or any(p in shown for p in auto.piles):
            continue
        names = sorted({v.layout.group_of[p] for p in auto.piles})
        out.append(
            doc.diag(
                "A615",
                f"this automatic move can never play: its source piles ({', '.join(names)}) never "
                f"show a face-up card (the deal leaves them face down, and no move, action, flip "
                f"or refill turns one up there)",
                path + ("move",),
                hint="move from piles whose cards lie face up, or add a flip of these piles under auto",
            )
        )
    return out


def _no_return(doc, data, v, states) -> list[Diagnostic]:
    out = []
    said: set = set()
    for p, r in enumerate(v.rules):
        if r.role not in PROGRESS_ROLES or r.lift == "none" or r.group in said:
            continue
        for st in states:
            pile = st.piles[p]
            if not pile or st.down[p] or _can_return(v, st, p, pile[0]):
                continue
            said.add(r.group)
            groups = data.get("piles")
            spec = groups.get(r.group) if isinstance(groups, dict) else None
            key = "accept_empty" if isinstance(spec, dict) and "accept_empty" in spec else "lift"
            out.append(
                doc.diag(
                    "V705",
                    f"the deal puts {v.deck.text(pile[0])} on {v.layout.pile_names[p]}, whose cards can "
                    f"leave it (lift: {r.lift}), but once that card has left, accept_empty "
                    f"{'is absent' if r.accept_empty is None else 'refuses it'}: the pile stays empty",
                    ("piles", r.group, key),
                    hint="give the group lift: none, or an accept_empty that takes the card back",
                )
            )
            break
    return out


def _can_return(v, st, p: int, card: int) -> bool:
    """Would the empty pile ``p`` take ``card`` back from some pile it could come from?"""
    if v.rules[p].accept_empty is None:
        return False
    there = st.copy()
    there.piles[p] = []
    there.down[p] = 0
    for q, pile in enumerate(there.piles):
        if card in pile:  # lifted: a rule judges a move with its run off every pile
            pile.remove(card)
            there.down[q] = min(there.down[q], len(pile))
    env = Env(there)
    for s, r in enumerate(v.rules):
        if s == p or r.lift == "none":
            continue
        env.run, env.card, env.source, env.dest = (card,), card, s, p
        try:
            if v.rules[p].accept_empty(env):
                return True
        except Exception:  # noqa: BLE001 - a rule that fails is the playouts' to report
            return True
    return False
