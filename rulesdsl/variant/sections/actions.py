"""The actions: section (deal, recycle, compact, redeal) and the removals: section, each entry
to its model object with its rules compiled, and the piles it names checked.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.errors import short, suggest
from ...core.kinds import ActionKind
from ...core.limits import MAX_REMOVALS
from .. import model
from .base import Context, member


def build_actions(cx: Context) -> tuple:
    """The actions, in the file's order (a redeal by build_redeal, a sequence by
    build_sequence once every action is known, the others by build_action)."""
    out: list = []
    sequences = []
    raw = cx.data.get("actions") or {}
    for name, a in raw.items() if isinstance(raw, dict) else ():
        p = ("actions", name)
        if not isinstance(a, dict):
            continue
        kind = member(ActionKind, a.get("kind"), ActionKind.DEAL)
        if "steps" in a and kind is not ActionKind.SEQUENCE:
            cx.err(
                "A635",
                f"'steps' belongs to a sequence; this action is kind {kind}",
                p + ("steps",),
                key=True,
                hint="remove it, or make the action kind: sequence",
            )
        if kind is ActionKind.SEQUENCE:
            sequences.append(len(out))
            out.append((name, a))
            continue
        if "from" not in a:
            cx.err("S102", f"a {kind} action needs 'from': the pile(s) its cards come from", p, key=True)
            continue
        if kind is ActionKind.REDEAL:
            redeal = build_redeal(cx, name, a, p)
            if redeal is not None:
                out.append(redeal)
            continue
        action = build_action(cx, name, a, kind)
        if action is not None:
            out.append(action)
    built = [x for x in out if isinstance(x, model.Action)]
    index = {x.name: i for i, x in enumerate(built)}
    named: set = set()
    for k in sequences:
        name, a = out[k]
        seq = build_sequence(cx, name, a, built, index)
        out[k] = seq
        if seq is not None:
            named |= set(seq.steps)
    final = tuple(x for x in out if isinstance(x, model.Action))
    return _renumbered(cx, final, named)


def _renumbered(cx: Context, actions: tuple, named: set) -> tuple:
    """The sequences' steps as indices into the final tuple (a sequence sits among the
    others in the file's order); an action only a sequence plays that none names is A636."""
    at = {a.name: i for i, a in enumerate(actions)}
    out = []
    for a in actions:
        if a.kind is ActionKind.SEQUENCE:
            a = replace(a, steps=tuple(at[n] for n in a.steps), parts=tuple(actions[at[n]] for n in a.steps))
        elif a.step_only and a.name not in named:
            cx.err(
                "A636",
                f"'{a.name}' is played only as a step of a sequence (step_only), but no sequence names it",
                ("actions", a.name, "step_only"),
                key=True,
                hint=f"name it in a sequence's steps, or remove step_only to offer '{a.name}' to the player",
            )
        out.append(a)
    return tuple(out)


def build_sequence(cx: Context, name, a, built: list, index: dict) -> model.Action | None:
    """A sequence: the actions it names, played one after the other as one move. Its steps
    are kept by name here (``_renumbered`` turns them into indices); a step that is unknown
    or itself a sequence is A634, a key of another kind of action A635."""
    p = ("actions", name)
    for key in ("from", "to", "count", "face_up", "order", "keep", "skip", "gather", "facing"):
        if key in a:
            cx.err(
                "A635",
                f"'{key}' does not belong to a sequence: its steps say where the cards go",
                p + (key,),
                key=True,
                hint="put it on the step that needs it, or remove it",
            )
    steps = a.get("steps")
    if not isinstance(steps, list):
        cx.err("S102", "a sequence action needs 'steps': the actions it plays, in order", p, key=True)
        return None
    raw = cx.data.get("actions") or {}
    names = []
    for j, step in enumerate(steps):
        other = raw.get(step) if isinstance(step, str) else None
        if isinstance(other, dict) and member(ActionKind, other.get("kind"), ActionKind.DEAL) is ActionKind.SEQUENCE:
            cx.err(
                "A634",
                f"step '{step}' is itself a sequence; a sequence's steps are plain actions",
                p + ("steps", j),
                hint="list the plain actions of that sequence here instead",
            )
            return None
        if step not in index:
            known = [b.name for b in built]
            guess = suggest(step, known)
            cx.err(
                "A634",
                f"step '{short(step)}' is not an action of this variant (actions: {', '.join(known) or 'none'})",
                p + ("steps", j),
                hint=f"did you mean '{guess}'?" if guess else "name an action of the actions section",
            )
            return None
        names.append(step)
    first = built[index[names[0]]]
    return model.Action(
        name,
        ActionKind.SEQUENCE,
        first.source,
        (),
        limit=cx.expr(p + ("limit",), "state", "int") if "limit" in a else None,
        when=cx.expr(p + ("when",), "state", "bool") if "when" in a else None,
        points=cx.expr(p + ("points",), "state", "int") if "points" in a else None,
        label=a.get("label", name) or "",
        steps=tuple(names),
        step_only=bool(a.get("step_only", False)),
    )


def build_action(cx: Context, name, a, kind) -> model.Action | None:
    """An action that is not a redeal (deal, recycle, compact): one source pile, its targets."""
    p = ("actions", name)
    for key in ("order", "keep", "skip", "gather", "facing"):
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
        step_only=bool(a.get("step_only", False)),
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
        top_first=a.get("gather") == "top_first",
        face_down=a.get("facing") == "down",
        step_only=bool(a.get("step_only", False)),
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
