"""The actions: section (deal, recycle, compact, redeal) and the removals: section, each entry
to its model object with its rules compiled, and the piles it names checked.
"""

from __future__ import annotations

from ...core.kinds import ActionKind
from ...core.limits import MAX_REMOVALS
from .. import model
from .base import Context, member


def build_actions(cx: Context) -> tuple:
    """The actions, in the file's order (a redeal by build_redeal, the others by build_action)."""
    out = []
    raw = cx.data.get("actions") or {}
    for name, a in raw.items() if isinstance(raw, dict) else ():
        p = ("actions", name)
        if not isinstance(a, dict) or "from" not in a:
            continue
        kind = member(ActionKind, a.get("kind"), ActionKind.DEAL)
        if kind is ActionKind.REDEAL:
            redeal = build_redeal(cx, name, a, p)
            if redeal is not None:
                out.append(redeal)
            continue
        action = build_action(cx, name, a, kind)
        if action is not None:
            out.append(action)
    return tuple(out)


def build_action(cx: Context, name, a, kind) -> model.Action | None:
    """An action that is not a redeal (deal, recycle, compact): one source pile, its targets."""
    p = ("actions", name)
    for key in ("order", "keep", "skip"):
        if key in a:
            cx.err(
                "A631",
                f"'{key}' belongs to a redeal; this action is kind {kind}",
                p + (key,),
                key=True,
                hint="remove it, or make the action kind: redeal",
            )
    if "to" not in a:
        cx.err(
            "A630",
            f"a {kind} action needs 'to': the pile(s) its cards go to",
            p,
            key=True,
            hint="add 'to: waste[0]' or similar",
        )
        return None
    if isinstance(a["from"], list):
        cx.err(
            "S103",
            f"'from' of a {kind} action must be one pile (text), not a list; only a redeal gathers from several piles",
            p + ("from",),
            hint='write from: "stock[0]"',
        )
        return None
    src = cx.piles_ref(a["from"], p + ("from",), single=True)
    targets = cx.piles_ref(a["to"], p + ("to",))
    if not src or not targets:
        return None
    if kind is ActionKind.COMPACT and (src[0] in targets or len(set(targets)) != len(targets)):
        cx.err(
            "A633",
            "a compaction slides the piles of 'to' and refills them from 'from': "
            "'to' names a pile twice, or its 'from' pile",
            p + ("to",),
            hint="list each pile once, and take the refills from another pile (the stock)",
        )
        return None
    if kind is ActionKind.RECYCLE and len(targets) != 1:
        cx.err(
            "A601",
            "a recycle turns one pile over onto one pile, not several",
            p + ("to",),
            hint="give one pile in 'to', or use kind: deal to spread cards over piles",
        )
    action = model.Action(
        name,
        kind,
        src[0],
        targets,
        count=cx.expr(p + ("count",), "state", "int") if "count" in a else None,
        limit=cx.expr(p + ("limit",), "state", "int") if "limit" in a else None,
        when=cx.expr(p + ("when",), "state", "bool") if "when" in a else None,
        points=cx.expr(p + ("points",), "state", "int") if "points" in a else None,
        label=a.get("label", name) or "",
        face_up=cx.const_bool(p + ("face_up",)) if "face_up" in a else False,
    )
    if "face_up" in a and kind != "recycle":
        cx.err(
            "A614",
            "face_up applies to a recycle (the cards turned back stay face up); a deal puts its cards face up anyway",
            p + ("face_up",),
            key=True,
            hint="remove face_up, or make the action kind: recycle",
        )
    return action


def build_redeal(cx: Context, name, a, p):
    """A redeal action: cards gathered from piles (those not kept), then dealt back."""
    gather = cx.piles_ref(a["from"], p + ("from",))
    targets = cx.piles_ref(a["to"], p + ("to",)) if "to" in a else gather
    if not gather or not targets:
        return None
    if len(set(gather)) != len(gather):
        cx.err(
            "A632",
            "a redeal gathers each pile once; 'from' names a pile twice",
            p + ("from",),
            hint="list each group or pile once",
        )
        return None
    if len(set(targets)) != len(targets):
        cx.err(
            "A632",
            "a redeal deals to each pile once; 'to' names a pile twice",
            p + ("to",),
            hint="list each group or pile once",
        )
        return None
    return model.Action(
        name,
        ActionKind.REDEAL,
        gather[0],
        targets,
        count=cx.expr(p + ("count",), "state", "int") if "count" in a else None,
        limit=cx.expr(p + ("limit",), "state", "int") if "limit" in a else None,
        when=cx.expr(p + ("when",), "state", "bool") if "when" in a else None,
        points=cx.expr(p + ("points",), "state", "int") if "points" in a else None,
        label=a.get("label", name),
        gather=gather,
        keep=cx.expr(p + ("keep",), "pile", "bool") if "keep" in a else None,
        skip=cx.expr(p + ("skip",), "pile", "bool") if "skip" in a else None,
        shuffle=a.get("order", "shuffle") == "shuffle",
    )


def build_removals(cx: Context) -> tuple:
    """The removal rules: cards taken off the free piles to one pile when a rule holds."""
    out = []
    raw = cx.data.get("removals") or {}
    if isinstance(raw, dict) and len(raw) > MAX_REMOVALS:
        cx.err("S104", f"{len(raw)} removal rules; at most {MAX_REMOVALS} are allowed", ("removals",), key=True)
        return ()
    for name, r in raw.items() if isinstance(raw, dict) else ():
        p = ("removals", name)
        if not isinstance(r, dict) or not {"from", "to", "cards", "when"} <= set(r):
            continue
        sources = cx.piles_ref(r["from"], p + ("from",))
        dest = cx.piles_ref(r["to"], p + ("to",), single=True)
        if not dest:
            continue
        out.append(
            model.Removal(
                name,
                sources,
                dest[0],
                r["cards"],
                cx.expr(p + ("when",), "remove", "bool"),
                cx.expr(p + ("points",), "remove", "int") if "points" in r else None,
            )
        )
    return tuple(out)
