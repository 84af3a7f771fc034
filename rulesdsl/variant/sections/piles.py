"""The piles: section: the groups and their geometry (a Layout), then each group's rules
(lift, sequence, accept, capacity, points); and the layout: section, rows of pile names that
draw them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.errors import CompileError, short
from ...core.kinds import Role
from ...core.limits import (
    MAX_GROUP_PILES,
    MAX_PILES,
)
from ...lang.checker import Checker
from ...lang.parser import ExprSyntaxError, parse
from ...lang.types import INT
from .. import model
from ..layout import Group, Layout
from .alike import build_classes
from .base import Context, expr_text, member, option_type
from .defines import define_reading

# what an empty pile's rule may read that tells one pile of its group from another
_PILE_SPECIFIC = re.compile(r"\bdest\s*\.\s*(index|prev|next|name|at)\b|\bdest\s*(==|!=)\s*\w+\s*\[")


def build_layout(cx: Context) -> Layout | None:
    """The pile groups as a Layout, in the file's order; None when a group is unsound."""
    piles = cx.data.get("piles")
    if not isinstance(piles, dict) or not piles:
        return None
    if any(p[:1] == ("piles",) and len(p) <= 2 for p in cx.dropped):
        return None  # a whole group left out: its own error is reported already
    for name in piles:
        if any(cx.spoilt("piles", name, k) for k in ("count", "rows", "offsets", "overlap")):
            return None  # its own error is reported already
    groups = []
    for name, g in piles.items():
        if not isinstance(g, dict):
            return None
        rows = g.get("rows")
        rows = tuple(rows) if isinstance(rows, list) and all(isinstance(r, int) for r in rows) else ()
        if rows and "count" in g:
            cx.err(
                "P301",
                f"pile group '{name}' gives both count and rows; rows decide the count",
                ("piles", name, "count"),
                key=True,
                hint="remove count",
            )
        count = sum(rows) if rows else group_count(cx, name, g.get("count", 1))
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return None
        offsets = g.get("offsets", ())
        offsets = tuple(offsets) if isinstance(offsets, list) else ()
        if offsets and len(offsets) != len(rows):
            cx.err(
                "P302",
                f"pile group '{name}' has {len(rows)} rows but {len(offsets)} offsets",
                ("piles", name, "offsets"),
                hint="give one offset per row",
            )
            offsets = ()
        if g.get("overlap") and not rows:
            cx.err(
                "P303",
                f"pile group '{name}': overlap needs rows",
                ("piles", name, "overlap"),
                hint="lay the piles out with rows: [...], or remove overlap",
            )
        groups.append(Group(name, 0, count, rows, offsets, bool(g.get("overlap")), g.get("wrap") is True))
    total = sum(g.count for g in groups)
    if total > MAX_PILES:
        cx.err(
            "S104",
            f"the pile groups hold {total} piles in all; at most {MAX_PILES} are allowed",
            ("piles",),
            key=True,
        )
        return None
    return Layout(groups)


def count_constants(cx: Context) -> dict:
    """The names a group's count sees: the options, and the params computable from the
    options (and earlier such params) alone, since the piles are not known yet. A param
    that is not is left out silently here: params() reports it."""
    constants = {k: (v, option_type(cx.decls, k, v)) for k, v in cx.option_values.items()}
    raw = cx.data.get("params")
    if cx.world_deck is None:
        return constants  # the deck's own error is reported already
    for pname, value in raw.items() if isinstance(raw, dict) else ():
        if isinstance(value, (dict, list)) or value is None or pname in constants:
            continue
        checker = Checker(cx.const_world(cx.world_deck, constants))
        try:
            c = checker.check(parse(expr_text(value)), "const", None)
        except (ExprSyntaxError, CompileError):
            continue
        if c.is_const:
            constants[pname] = (c.const, c.type)
    return constants


def group_count(cx: Context, name, value):
    """A group's pile count: a number, or an expression computed from the options and the
    params that are constants over the options (the piles are not known yet)."""
    if not isinstance(value, str):
        return value
    if cx.world_deck is None:
        return None  # the deck's own error is reported already
    path = ("piles", name, "count")
    checker = Checker(cx.const_world(cx.world_deck, count_constants(cx)))
    try:
        c = checker.check(parse(value), "const", INT)
    except ExprSyntaxError as exc:
        cx.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
        return None
    except CompileError as exc:
        cx.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
        return None
    if not c.is_const:
        cx.err("E213", f"pile group '{name}': count must be computable from the options and params alone", path)
        return None
    if isinstance(c.const, bool) or not isinstance(c.const, int) or not 0 <= c.const <= MAX_GROUP_PILES:
        cx.err(
            "S104",
            f"pile group '{name}': count is {short(c.const, quote=True)} with these options; it must be "
            f"a whole number from 0 to {MAX_GROUP_PILES} (0: the group has no piles with these options)",
            path,
        )
        return None
    return c.const


def build_pile_rules(cx: Context) -> dict:
    """Each group's rules, compiled (model.PileRules), by group name; and what each group
    gives and takes, for the auto: builder."""
    rules = {}
    for name, g in cx.data["piles"].items():
        p = ("piles", name)
        lift = g.get("lift", "none")
        if "sequence" in g and lift != "run":
            cx.err(
                "P304",
                f"pile group '{name}': sequence applies only with lift: run",
                p + ("sequence",),
                key=True,
                hint="set lift: run, or remove sequence",
            )
        capacity = g.get("capacity")
        rules[name] = model.PileRules(
            group=name,
            role=member(Role, g.get("role"), Role.OTHER),
            lift=lift,
            sequence=cx.expr(p + ("sequence",), "sequence", "bool", plan=True) if "sequence" in g else None,
            max_run=cx.expr(p + ("max_run",), "move", "int") if "max_run" in g else None,
            accept=cx.expr(p + ("accept",), "move", "bool", falsy_none=True) if "accept" in g else None,
            accept_empty=cx.expr(p + ("accept_empty",), "move", "bool", falsy_none=True)
            if "accept_empty" in g
            else None,
            accept_plan=cx.plans.get(p + ("accept",)),
            empty_plan=cx.plans.get(p + ("accept_empty",)),
            capacity=capacity if isinstance(capacity, int) else None,
            points=cx.expr(p + ("points",), "move", "int") if "points" in g else None,
            show=g.get("show", "fan" if g.get("role") == Role.TABLEAU else "stack"),
            label=g.get("label", name),
            interchangeable=g.get("interchangeable") is True,
            keep=g.get("keep", 0) if isinstance(g.get("keep"), int) else 0,
            lift_when=cx.expr(p + ("lift_when",), "lift", "bool") if "lift_when" in g else None,
        )
        lift_checks(cx, name, g, lift)
        if isinstance(g.get("interchangeable"), str):
            rules[name] = replace(rules[name], classes=build_classes(cx, name, g))
        if g.get("interchangeable") is True:
            interchangeable_checks(cx, name, g)
    cx.groups_lift = {n: r.lift for n, r in rules.items()}
    cx.groups_take = {n: r.takes for n, r in rules.items()}
    return rules


def lift_checks(cx: Context, name, g, lift) -> None:
    """P325: keep or lift_when on a group that lifts nothing, where they would mean nothing."""
    for key in ("keep", "lift_when"):
        if key in g and lift == "none":
            cx.err(
                "P325",
                f"pile group '{name}': {key} limits what leaves a pile, but the group lifts nothing (lift: none)",
                ("piles", name, key),
                key=True,
                hint="give the group lift: top or lift: run, or remove " + key,
            )


def interchangeable_checks(cx: Context, name, g) -> None:
    """An interchangeable group's empty piles must really be alike: no geometry, and no
    rule for an empty pile that tells one pile from another."""
    p = ("piles", name)
    if g.get("overlap") or g.get("rows"):
        cx.err(
            "P320",
            f"pile group '{name}' is interchangeable but laid out in rows, where each "
            f"place has its own neighbours and covers",
            p + ("interchangeable",),
            hint="remove interchangeable, or give the group a count instead of rows",
        )
    for key in ("accept_empty", "points", "max_run"):
        text = g.get(key)
        if not isinstance(text, str):
            continue
        m = _PILE_SPECIFIC.search(text)
        via = define_reading(cx, text, _PILE_SPECIFIC) if m is None else None
        if via is not None:
            d, found = via
            cx.err(
                "P321",
                f"pile group '{name}' is interchangeable, but {key} uses define '{d.name}', which "
                f"reads '{found}', which tells its piles apart",
                p + (key,),
                hint="remove interchangeable, or write the rule without the pile's index or neighbours",
            )
        if m:
            cx.err(
                "P321",
                f"pile group '{name}' is interchangeable, but {key} reads '{m.group(0)}', which tells its piles apart",
                p + (key,),
                offset=m.start(),
                hint="remove interchangeable (the piles are bound, for example to suits), "
                "or write the rule without the pile's index or neighbours",
            )


def build_display(cx: Context) -> tuple:
    """The layout: rows of pile names ("." a gap), each name checked."""
    rows = cx.data.get("layout")
    if not isinstance(rows, list):
        return ()
    for i, row in enumerate(rows):
        for j, name in enumerate(row if isinstance(row, list) else []):
            if name != ".":
                cx.piles_ref(name, ("layout", i, j))
    return tuple(tuple(r) for r in rows if isinstance(r, list))
