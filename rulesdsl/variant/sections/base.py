"""What every section's builder shares: the file, its structure as the schema left it, one list
of diagnostics, and the one way an expression of the file is parsed, checked and compiled (with
its checked tree and query plan kept for the Variant), or a pile of the file named.

Each section of the file has its builder in this package, a function of this Context; the
loader (variant/loader.py) runs them in order. A builder reports into ``out`` and goes on, so
an author sees every problem in one go.
"""

from __future__ import annotations

from ...core.cards import Deck
from ...core.errors import CompileError, Diagnostic, short, suggest
from ...core.limits import ECHO_LIMIT
from ...lang.checker import Checked, Checker, DefineError, Refused, World
from ...lang.compiler import Compiled, Compiler, Plan
from ...lang.parser import ExprSyntaxError, parse
from ...lang.types import ANY, BOOL, INT, STR, Type
from .. import schema, shapes
from ..layout import Layout
from ..source import Document


def member(kind, word, default):
    """The member of an enum (kinds.py) a word of the file names: ``default`` when the key is
    absent; a word the schema refused (already reported) is read as the default too, so that
    the stages after it still run."""
    if word is None:
        return default
    try:
        return kind(word)
    except (ValueError, TypeError):
        return default


def listed(items) -> str:
    """Names or values joined for a message, cut to a readable length."""
    return short(", ".join(short(i) for i in items), 3 * ECHO_LIMIT)


def expr_text(value) -> str:
    """A scalar of the file as expression text (YAML's true/false back as the language's words)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_at(data, path):
    """The value of the file's data at a path of keys and indices, or None."""
    for k in path:
        try:
            data = data[k]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def scores(path) -> bool:
    """Does the key at path only count points (score, piles/actions/removals .points)?"""
    path = tuple(path)
    return path == ("score",) or (
        len(path) == 3 and path[0] in ("piles", "actions", "removals") and path[2] == "points"
    )


def type_of(value) -> Type:
    """The expression type of a constant value."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return STR
    return ANY


def option_type(decls, name, value) -> Type:
    """The type the rules see an option as: its values' one type, else the value's."""
    opt = next((o for o in decls if o.name == name), None)
    if opt is not None and opt.values is not None:
        types = {type_of(x) for x in opt.values}
        return types.pop() if len(types) == 1 else ANY
    return type_of(value)


class Context:
    """One variant file being built: what the builders read and where they report."""

    # set by the loader's first stages (Builder.prepare), read by the builders after them
    data: dict
    dropped: set
    option_values: dict
    decls: tuple
    world_deck: Deck | None
    world: World
    checker: Checker
    compiler: Compiler
    history_in_play: set  # history names read by rules of play (Variant.history_in_play)
    groups_lift: dict  # group -> its lift (the piles: builder)
    groups_take: dict  # group -> does it take cards
    base_pile: int | None  # the first pile a base_rank step reads (the deal builder)
    base_piles: tuple  # every pile it reads: the first that holds a card fixes the rank
    over_up: list  # (pile, path): face-down cards a deal step lays on face-up ones (the deal builder)

    def __init__(self, doc: Document, option_values: dict | None, variant_id: str, *, wrap=None):
        self.doc = doc
        self.out: list[Diagnostic] = []
        self.given = dict(option_values or {})
        self.id = variant_id
        # wrap(fn, yaml_path, want) -> fn: lets a tool (the validator) watch every compiled
        # expression at run time and name the rule, with its file position, when one fails.
        self.wrap = wrap
        self.plans: dict = {}  # path of an accept rule -> compiler.Plan
        self.checked: dict[tuple, Checked] = {}  # path of an expression -> its checked tree

    def err(self, code, message, path, **kw):
        """Report an error (or the code's own severity) at a path of the file."""
        self.out.append(self.doc.diag(code, message, path, **kw))

    def structure(self) -> dict | None:
        """The file checked against the format (schema.py); only the sound parts are kept.

        A value of the wrong type, out of range or too long is reported here and left out,
        so the stages after this never build anything from it (limits.py).
        """
        ck = shapes.Checker(self.doc, self.out)
        data = schema.VARIANT.clean(self.doc.data, (), ck)
        self.dropped = ck.dropped
        self.data = data if isinstance(data, dict) else {}
        return data if isinstance(data, dict) else None

    def bad_pile_named(self) -> bool:
        """Was an unknown pile reported (so that a step meant to deal somewhere may not have)?"""
        return any(d.code in ("P305", "P306") for d in self.out)

    def fixes_base_rank(self) -> bool:
        """Does a step of the deal fix a base rank (so that expressions may read base_rank)?"""
        raw = self.data.get("deal")
        return isinstance(raw, list) and any(isinstance(st, dict) and "base_rank" in st for st in raw)

    def played_base(self, layout) -> tuple:
        """The piles of a base_rank step with played: true (the first card played to them fixes
        the base rank, read live from them), () when there is none; checked by the deal builder."""
        raw = self.data.get("deal")
        for st in raw if isinstance(raw, list) else []:
            if isinstance(st, dict) and "base_rank" in st and st.get("played") is True:
                text = str(st["base_rank"]).replace(" ", "")
                if text in layout.groups:
                    return tuple(layout.groups[text].piles)
                p = layout.pile(text)
                return () if p is None else (p,)
        return ()

    def const_world(self, deck, constants) -> World:
        """The world of an expression worked out from the options alone (no piles)."""
        w = World(deck, Layout([]), constants)
        w.base_rank = self.fixes_base_rank()  # read there, it is E251, not E250
        return w

    def spoilt(self, *prefix) -> bool:
        """Was a value at or under this path left out as unsound (reported already)?"""
        n = len(prefix)
        return any(p[:n] == prefix for p in self.dropped)

    def piles_ref(self, value, path, *, single=False) -> tuple:
        """Pile references ('stock[0]', a group name, or a list of them) -> pile indices."""
        layout = self.world.layout
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            ipath = path + (i,) if isinstance(value, list) else path
            text = str(item).replace(" ", "")
            if text in layout.groups:
                out.extend(layout.groups[text].piles)
                continue
            p = layout.pile(text)
            if p is None:
                base = text.split("[")[0]
                if base in layout.groups and "[" in text:
                    n = layout.groups[base].count
                    self.err(
                        "P305",
                        f"no pile '{short(text)}': group '{base}' has {n} pile(s), {base}[0] to {base}[{n - 1}]"
                        if n
                        else f"no pile '{short(text)}': group '{base}' has no piles with these options (count 0)",
                        ipath,
                    )
                else:
                    hint = suggest(base, layout.groups)
                    self.err(
                        "P305",
                        f"no pile or group '{short(text)}' (groups: {listed(layout.groups)})",
                        ipath,
                        hint=f"did you mean '{hint}'?" if hint else None,
                    )
                continue
            out.append(p)
        if single and len(out) != 1 and len(items) == 1 and out:
            self.err("P306", f"'{short(value)}' must name one pile, like {short(value)}[0]", path)
        return tuple(out)

    def const_bool(self, path) -> bool:
        """A yes/no worked out from the options alone (False after reporting an error)."""
        c = self.compile(path, "const", "bool")
        if c is None:
            return False
        if not c.is_const:
            self.err(
                "E213",
                "this must be computable from the options alone",
                path,
                hint="write it over the options and params only",
            )
            return False
        return bool(c.const)

    def compile(self, path, role, want, plan=False) -> Compiled | None:
        """An expression of the file through the three stages: parse, check, compile."""
        value = value_at(self.data, path)
        if isinstance(value, (dict, list)) or value is None:
            return None
        text = expr_text(value)
        try:
            node = parse(text)
            checked = self.checker.check(node, role, want)
            self.checked[tuple(path)] = checked
            reads, self.world.history_read = self.world.history_read, set()
            try:
                return self.compiler.compile(checked, plan=plan)
            finally:
                if not scores(path):  # a rule of play (not points or score) reads the history
                    self.history_in_play |= self.world.history_read
                self.world.history_read = reads | self.world.history_read
        except ExprSyntaxError as exc:
            self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
        except Refused:
            pass  # a use of a define already reported
        except DefineError as exc:
            self.define_error(exc, path)
        except CompileError as exc:
            self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
        return None

    def expr(self, path, role, want, falsy_none=False, plan=False):
        """An expression of the file as the callable the engine runs (watched when asked), its query
        plan kept; None after an error, or for an accept rule that is constantly false."""
        c = self.compile(path, role, want, plan=falsy_none or plan)
        if c is None:
            return None
        if falsy_none and c.is_const and c.const is False:
            return None  # "accept: false" means the pile never takes a card
        if c.plan is not None:
            plan = c.plan
            if self.wrap is not None and plan.run_key is not None:
                plan = Plan(
                    plan.max_run, self.wrap(plan.run_key, tuple(path), None), self.wrap(plan.top_key, tuple(path), None)
                )
            self.plans[tuple(path)] = plan
        if self.wrap is not None:
            return self.wrap(c.fn, tuple(path), want)
        return c.fn

    def define_error(self, exc: DefineError, path) -> None:
        """An error inside a define's text, met at one use: reported at the define, naming the
        use (and each define in between)."""
        site_path, col = exc.site
        places = []
        for holder, use_col in exc.uses:
            where = holder if holder is not None else path
            d = self.doc.diag(exc.code, "", where, offset=use_col - 1)
            places.append(f"{d.file}:{d.line}:{d.column}")
        heads = [site_path[-1]] + [h[-1] for h, _ in exc.uses if h is not None]
        message = f"{exc.message} (in define '{heads[0]}', used at {places[0]}"
        message += "".join(f" in define '{h}', used at {p}" for h, p in zip(heads[1:], places[1:], strict=False))
        message += ")"
        self.err(exc.code, message, site_path, offset=col - 1, hint=exc.hint)
