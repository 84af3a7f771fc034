"""The validator's static checks of one built variant: the win condition read with the
layout in mind (V701-V703, through the abstract evaluator of abstract.py) and piles that
take cards when none can be picked up, or the other way round (V704).

They read the compiled Variant and the file's keys as the format checked them; no game is
played (playouts.py plays them).
"""

from __future__ import annotations

from ..core.errors import Diagnostic
from .abstract import _Abstract


def win_checks(doc, data, variant) -> list[Diagnostic]:
    """V701-V703: a win that can never hold (with or without capacities) or always holds.

    ``data``: the file's keys as the format checked them (the loader's report)."""
    if "win" not in data or isinstance(data["win"], (dict, list)) or data["win"] is None:
        return []
    checked = variant.exprs.get(("win",))
    if checked is None:
        return []
    tree = checked.tree  # the tree the win was compiled from: names bound, types known
    world = variant  # what the evaluator reads of the world: the deck and the layout
    free = _Abstract(world, variant, capacities=False).truth(tree)
    capped_eval = _Abstract(world, variant, capacities=True)
    capped = capped_eval.truth(tree)
    out = []
    if free == {False}:
        out.append(
            doc.diag(
                "V702",
                "the win can never hold: whatever lies where, this condition is "
                "false (a constant, or a number of cards no pile can hold)",
                ("win",),
                hint="write the condition that ends the game, like all(f in foundation: f.size == 13)",
            )
        )
    elif capped == {False}:
        groups = sorted(capped_eval.capped_groups)
        # blame the groups whose capacity alone rules the win out, when there are such
        alone = [g for g in groups if _Abstract(world, variant, capacities={g}).truth(tree) == {False}]
        for g in alone or groups or [None]:
            spec = data["piles"].get(g) if g else None
            cap = spec.get("capacity") if isinstance(spec, dict) else None
            where = ("piles", g, "capacity") if g else ("win",)
            line = doc.mark(("win",)).line
            out.append(
                doc.diag(
                    "V701",
                    f"capacity {cap} of the '{g}' piles is too small for the win: "
                    f"the win (line {line}) needs more cards on them than that",
                    where,
                    hint="raise the capacity, or change the win",
                )
            )
    elif free == {True}:
        out.append(
            doc.diag(
                "V703",
                "the win always holds: every game is won before the first move",
                ("win",),
                hint="the win should describe the finished layout, like all(t in tableau: t.empty)",
            )
        )
    return out


def move_checks(doc, variant) -> list[Diagnostic]:
    """V704: piles that take cards but none that give them, or the other way round."""
    givers = [g for g, r in variant.groups.items() if r.lift != "none"]
    takers = [g for g, r in variant.groups.items() if r.takes]
    if takers and not givers:
        return [
            doc.diag(
                "V704",
                f"pile group{'s' if len(takers) > 1 else ''} {', '.join(takers)} "
                f"accept{'' if len(takers) > 1 else 's'} cards, but no card can ever be picked up: "
                f"every group has lift: none",
                ("piles", takers[0]),
                key=True,
                hint="give the groups cards are played from lift: top (or lift: run)",
            )
        ]
    if givers and not takers:
        return [
            doc.diag(
                "V704",
                f"cards can be picked up from {', '.join(givers)}, but no pile ever takes "
                f"one: no group has accept or accept_empty",
                ("piles", givers[0]),
                key=True,
                hint="say when the piles cards go to take them, with accept (and accept_empty for an empty pile)",
            )
        ]
    return []
