"""The auto: section: the automatic follow-ups (move, flip, refill, remove, turn_down), checked against what the
piles give and take.
"""

from __future__ import annotations

from ...core.errors import short, suggest
from ...core.kinds import AutoKind
from .. import model
from .base import Context


def build_autos(cx: Context, removals: tuple = ()) -> tuple:
    """The automatic follow-ups, in the file's order (an automatic removal names one of the
    removal rules already built)."""
    out = []
    raw = cx.data.get("auto") or []
    for i, a in enumerate(raw) if isinstance(raw, list) else ():
        if not isinstance(a, dict):
            continue
        p = ("auto", i)
        for key in ("to", "when"):
            pile_when = "flip" in a or "refill" in a or "turn_down" in a
            if key in a and "move" not in a and not (key == "when" and pile_when):
                cx.err(
                    "A611",
                    f"'{key}' belongs to an automatic move, not to {_what(a)}",
                    p + (key,),
                    key=True,
                    hint="write {move: SOURCES, to: DESTINATIONS, when: CONDITION}, or remove it",
                )
        if "from" in a and ("move" in a or "remove" in a):
            cx.err(
                "A611",
                "an automatic move takes its source piles from 'move', not 'from'"
                if "move" in a
                else "an automatic removal takes its piles from its removal rule, not 'from'",
                p + ("from",),
                key=True,
                hint="write {move: SOURCES, to: DESTINATIONS}",
            )
        if "move" in a:
            auto = auto_move(cx, a, p)
            if auto is not None:
                out.append(auto)
        elif "flip" in a:
            out.append(
                model.Auto(
                    AutoKind.FLIP,
                    cx.piles_ref(a["flip"], p + ("flip",)),
                    when=cx.expr(p + ("when",), "pile", "bool") if "when" in a else None,
                )
            )
        elif "refill" in a:
            if "from" not in a:
                cx.err("S102", "refill needs 'from': the source piles in order", p)
                continue
            out.append(
                model.Auto(
                    AutoKind.REFILL,
                    cx.piles_ref(a["refill"], p + ("refill",)),
                    cx.piles_ref(a["from"], p + ("from",)),
                    when=cx.expr(p + ("when",), "pile", "bool") if "when" in a else None,
                )
            )
        elif "turn_down" in a:
            if "when" not in a:
                cx.err(
                    "S102",
                    "turn_down needs 'when': the condition on the pile (named pile) that puts it away",
                    p,
                    hint='write {turn_down: GROUP, when: "pile.size == 4"}',
                )
                continue
            piles = cx.piles_ref(a["turn_down"], p + ("turn_down",))
            out.append(model.Auto(AutoKind.TURN_DOWN, piles, when=cx.expr(p + ("when",), "pile", "bool")))
        elif "remove" in a:
            auto = auto_remove(cx, a, p, removals)
            if auto is not None:
                out.append(auto)
    return tuple(out)


def _what(a: dict) -> str:
    """The kind of follow-up an entry is, in words."""
    kinds = (
        ("flip", "a flip"),
        ("refill", "a refill"),
        ("remove", "an automatic removal"),
        ("turn_down", "a turn-down"),
    )
    for key, words in kinds:
        if key in a:
            return words
    return "this entry"


def auto_remove(cx: Context, a: dict, p: tuple, removals: tuple) -> model.Auto | None:
    """An automatic removal: the removal rule it names, played as soon as it is possible (A637)."""
    name = a["remove"]
    rule = next((r for r in removals if r.name == name), None)
    if rule is None:
        known = [r.name for r in removals]
        guess = suggest(name, known) if known else None
        raw = cx.data.get("removals")
        if isinstance(raw, dict) and name in raw:
            return None  # the rule itself has an error, already reported
        cx.err(
            "A637",
            f"an automatic removal of '{short(name)}', which is not a removal rule "
            f"(removals: {', '.join(known) or 'none'})",
            p + ("remove",),
            hint=f"did you mean '{guess}'?" if guess else "name a rule of the removals section",
        )
        return None
    return model.Auto(AutoKind.REMOVE, tuple(rule.sources), targets=(rule.dest,), removal=rule)


def auto_move(cx: Context, a: dict, p: tuple) -> model.Auto | None:
    """An automatic move: cards from piles that give them to piles that take them (A610, A612, A613)."""
    if "to" not in a:
        cx.err(
            "A610",
            "an automatic move needs 'to': the piles it may play to",
            p + ("move",),
            key=True,
            hint="add to: foundation (the piles, in order of preference)",
        )
        return None
    sources = cx.piles_ref(a["move"], p + ("move",))
    targets = cx.piles_ref(a["to"], p + ("to",))
    layout = cx.world.layout
    names = {layout.group_of[q] for q in sources}
    mute = sorted(n for n in names if cx.groups_lift.get(n) == "none")
    if mute:
        cx.err(
            "A612",
            f"an automatic move from '{mute[0]}', whose cards never leave it (lift: none)",
            p + ("move",),
            hint=f"give '{mute[0]}' lift: top or run, or move from other piles",
        )
    takes = {layout.group_of[q] for q in targets}
    closed = sorted(n for n in takes if not cx.groups_take.get(n, True))
    if closed:
        cx.err(
            "A613",
            f"an automatic move to '{closed[0]}', which takes no cards (no accept or accept_empty)",
            p + ("to",),
            hint=f"give '{closed[0]}' the accept rules the move needs",
        )
    return model.Auto(
        AutoKind.MOVE,
        sources,
        targets=targets,
        when=cx.expr(p + ("when",), "move", "bool") if "when" in a else None,
    )
