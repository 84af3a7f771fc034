"""The options: section (the values a player may choose) and the params: section (constants
worked out from them), bound before any rule is compiled; and the names of either that hide
another name (O408).
"""

from __future__ import annotations

from ...core.cards import RANK_NAMES
from ...core.errors import short, suggest
from ...core.limits import (
    MAX_INT,
    MAX_INT_TEXT,
)
from ...lang.checker import BASE_RANK, ROLE_NAMES
from ...lang.types import ANY, HISTORY_NAMES
from .. import model
from .base import Context, listed


def build_options(cx: Context) -> tuple[dict, tuple]:
    """The options' values (the defaults, then the values given) and their declarations."""
    decls: list[model.Option] = []
    values: dict = {}
    raw = cx.data.get("options") or {}
    if not isinstance(raw, dict):
        return values, ()
    for name, spec in raw.items():
        if not isinstance(spec, dict) or "default" not in spec:
            continue
        vals = spec.get("values")
        opt = model.Option(
            name,
            spec["default"],
            tuple(vals) if isinstance(vals, list) else None,
            spec.get("min"),
            spec.get("max"),
            spec.get("help", ""),
            _order(cx, name, spec),
        )
        if opt.values is not None and opt.default not in opt.values:
            cx.err(
                "O403",
                f"option '{name}': the default {short(opt.default, quote=True)} is not one of its values "
                f"({listed(opt.values)})",
                ("options", name, "default"),
                hint=f"make the default one of them, or add {short(opt.default, quote=True)} to values",
            )
        option_checks(cx, name, spec, opt)
        decls.append(opt)
        values[name] = opt.default
    given_values(cx, decls, values)
    return values, tuple(decls)


def given_values(cx: Context, decls: list, values: dict) -> None:
    """The values given for the options (a player's, the command line's) into ``values``,
    each in its option's type; O401 for an option the variant lacks, O402 for a bad value."""
    for name, given in cx.given.items():
        opt = next((o for o in decls if o.name == name), None)
        if opt is None:
            hint = suggest(name, [o.name for o in decls])
            cx.err(
                "O401",
                f"no option '{short(name)}' in this variant (options: {listed(o.name for o in decls) or 'none'})",
                ("options",),
                hint=f"did you mean '{hint}'?" if hint else None,
            )
            continue
        value = coerce_option(opt, given)
        if value is None:
            lo = opt.min if opt.min is not None else -MAX_INT
            hi = opt.max if opt.max is not None else MAX_INT
            allowed = listed(opt.values) if opt.values is not None else f"a whole number from {lo:,} to {hi:,}"
            why = f"expected {allowed}"
            if _out_of_range(given):
                why = f"it is outside the integer range -{MAX_INT:,}..{MAX_INT:,} ({why})"
            shown = short(given, digits=12) if isinstance(given, int) else short(str(given), quote=True, digits=12)
            cx.err("O402", f"option '{short(name)}' cannot be {shown}: {why}", ("options", name))
            continue
        values[name] = value


def _order(cx: Context, name, spec) -> tuple | None:
    """The declared order of an option's values, loosest rules first (``loosest_first``):
    every value once (O411), and only where there are values to order (O410). None when
    undeclared or wrong, so that nothing relies on a wrong order."""
    order = spec.get("loosest_first")
    if order is None or not isinstance(order, list):
        return None
    p = ("options", name, "loosest_first")
    vals = spec.get("values")
    if not isinstance(vals, list):
        cx.err(
            "O410",
            f"option '{name}': loosest_first orders the option's values, and it lists none",
            p,
            key=True,
            hint="give 'values' and list each of them in loosest_first, or remove loosest_first",
        )
        return None
    key = lambda v: (type(v).__name__, v)
    listed_keys = [key(v) for v in order]
    missing = [v for v in vals if key(v) not in listed_keys]
    extra = [v for v in order if key(v) not in [key(x) for x in vals]]
    twice = [v for i, v in enumerate(order) if key(v) in listed_keys[:i]]
    if missing or extra or twice:
        why = "; ".join(
            part
            for part in (
                f"missing {listed(missing)}" if missing else "",
                f"not among the values: {listed(extra)}" if extra else "",
                f"listed twice: {listed(twice)}" if twice else "",
            )
            if part
        )
        cx.err(
            "O411",
            f"option '{name}': loosest_first must list each of the values ({listed(vals)}) once: {why}",
            p,
            hint="list every value exactly once, from the loosest rules to the strictest",
        )
        return None
    return tuple(order)


def option_checks(cx: Context, name, spec, opt) -> None:
    """An option's own declaration: ranges that make sense, values listed once."""
    p = ("options", name)
    given = [(("default",), opt.default)] + [(("values", i), x) for i, x in enumerate(opt.values or ())]
    for where, v in given:
        if isinstance(v, int) and not isinstance(v, bool) and not -MAX_INT <= v <= MAX_INT:
            cx.err(
                "O409",
                f"option '{name}': {short(v, digits=12)} is outside the integer range -{MAX_INT:,}..{MAX_INT:,}",
                p + where,
                hint="use a smaller number",
            )
    if opt.values is not None:
        seen = []
        for i, v in enumerate(opt.values):
            if (type(v), v) in seen:
                cx.err(
                    "O406",
                    f"option '{name}': the value {short(v, quote=True)} is listed twice",
                    p + ("values", i),
                    hint="list each allowed value once",
                )
            seen.append((type(v), v))
        for k in ("min", "max"):
            if k in spec:
                cx.err(
                    "O407",
                    f"option '{name}' gives both values and {k}: with values, only the listed values are allowed",
                    p + (k,),
                    key=True,
                    hint=f"remove '{k}', or remove 'values' to allow a range of numbers",
                )
        return
    lo, hi = opt.min, opt.max
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        cx.err(
            "O405",
            f"option '{name}': min {lo} is greater than max {hi}, so no value is allowed",
            p + ("min",),
            hint="swap them",
        )
        return
    d = opt.default
    if isinstance(d, bool) or not isinstance(d, int):
        cx.err(
            "O404",
            f"option '{name}': the default {short(d, quote=True)} is not a whole number; an option "
            f"without 'values' takes numbers",
            p + ("default",),
            hint=f"write 'values: [{short(d)}, ...]' to allow named choices",
        )
    elif (isinstance(lo, int) and d < lo) or (isinstance(hi, int) and d > hi):
        cx.err(
            "O404",
            f"option '{name}': the default {short(d)} is outside the allowed range "
            f"{lo if lo is not None else ''}..{hi if hi is not None else ''}",
            p + ("default",),
            hint="choose a default within min and max",
        )


def coerce_option(opt: model.Option, given):
    """A user-given option value (often text from the command line) in the option's type."""
    if isinstance(given, int) and not isinstance(given, bool) and not -MAX_INT <= given <= MAX_INT:
        return None  # never turned into text: Python refuses ints of over 4,300 digits
    candidates = opt.values if opt.values is not None else None
    if candidates is not None:
        for v in candidates:
            if v == given or str(v).lower() == str(given).strip().lower():
                return v
        return None
    if isinstance(given, bool):
        return None
    if isinstance(given, int):
        value = given
    else:
        text = str(given).strip()
        if len(text) > MAX_INT_TEXT:  # surely out of range: refused before int() reads it
            return None
        try:
            value = int(text)
        except ValueError:
            return None
    if (opt.min is not None and value < opt.min) or (opt.max is not None and value > opt.max):
        return None
    if not -MAX_INT <= value <= MAX_INT:
        return None
    return value


def _out_of_range(given) -> bool:
    """Is a given option value a whole number (an int, or its digits) outside the integer range?"""
    if isinstance(given, bool):
        return False
    if isinstance(given, int):
        return not -MAX_INT <= given <= MAX_INT
    text = str(given).strip()
    if not text.lstrip("+-").isdigit():
        return False
    return len(text) > MAX_INT_TEXT or not -MAX_INT <= int(text) <= MAX_INT


def build_params(cx: Context):
    """The params into the world's constants: each worked out from the options alone (E213, E214)."""
    raw = cx.data.get("params") or {}
    if not isinstance(raw, dict):
        return
    for name in raw:
        c = cx.compile(("params", name), "const", None)
        if c is None or not c.is_const:
            if c is not None:
                cx.err(
                    "E213",
                    f"parameter '{name}' must be computable from the options alone",
                    ("params", name),
                    hint="params see the options only; compute it in the rule that uses it",
                )
            # reported once here: the rules that use it are spared a second, misleading error
            cx.world.constants.setdefault(name, (None, ANY))
            continue
        if name in cx.world.constants:
            cx.err(
                "E214",
                f"parameter '{name}' has the name of an option",
                ("params", name),
                key=True,
                hint="rename the parameter, or remove the option",
            )
        cx.world.constants[name] = (c.const, c.type)


def hidden_names(cx: Context) -> None:
    """Warn about an option or parameter whose name hides (or is hidden by) another name."""
    w = cx.world
    rule_names = {n for names in ROLE_NAMES.values() for n in names}
    for section in ("options", "params"):
        raw = cx.data.get(section)
        for name in raw if isinstance(raw, dict) else ():
            if name in rule_names:
                what, effect = (
                    "a name the rules see (the moving card, run or piles)",
                    "rules that see that name never see the " + section[:-1],
                )
            elif name == BASE_RANK and w.base_rank:
                what, effect = "the base rank the deal fixes", "expressions see base_rank, not the " + section[:-1]
            elif name in w.layout.groups:
                what, effect = f"the pile group '{name}'", "expressions see the " + section[:-1] + ", not the group"
            elif name in HISTORY_NAMES:
                what, effect = "a name of the history (points, last, streak)", "rules see the " + section[:-1]
            elif name in RANK_NAMES or name in ("true", "false", "none"):
                what, effect = "a built-in word", "expressions see the " + section[:-1] + " instead"
            elif name in w.deck.colors or any(su.name == name for su in w.deck.suits):
                what, effect = "a suit or colour name", "expressions see the " + section[:-1] + " instead"
            else:
                continue
            cx.out.append(
                cx.doc.diag(
                    "O408",
                    f"{section[:-1]} '{name}' has the name of {what}: {effect}",
                    (section, name),
                    key=True,
                    hint="rename it",
                )
            )
