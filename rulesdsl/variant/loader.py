"""The whole pipeline from a variant file to a compiled Variant, collecting every diagnostic.

    read (YAML with marks) -> extends -> structure (schema) -> options -> deck and piles
    -> every expression parsed and compiled -> deal checked against the deck -> Variant

Each stage adds to one list of diagnostics; the stages after a structural error still
run on the parts that are sound, so an author sees every problem in one go.
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

import os
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..core.cards import RANK_NAMES, STANDARD_SUITS, Deck, Suit, parse_rank
from ..core.errors import CardTextError, CompileError, Diagnostic, PositionError, RulesError, short, suggest
from ..core.kinds import ActionKind, AutoKind, Role
from ..core.limits import (
    DEFINE_FILE_FACTOR,
    ECHO_LIMIT,
    MAX_DECKS,
    MAX_DEFINE_NODES,
    MAX_EXTENDS,
    MAX_GROUP_PILES,
    MAX_INT,
    MAX_INT_TEXT,
    MAX_PILES,
    MAX_REMOVALS,
)
from ..engine import deal as dealing
from ..engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from ..engine.moves import NO_LIMIT, DestBlock
from ..formats import fcs, position
from ..formats import numbering as nb
from ..lang import ast as ast_mod
from ..lang.builtins import FUNCTIONS, QUANTIFIERS
from ..lang.checker import BASE_RANK, METHODS, ROLE_NAMES, Checked, Checker, Define, DefineError, Refused, World
from ..lang.compiler import Compiled, Compiler, Plan
from ..lang.parser import ExprSyntaxError, parse
from ..lang.types import ANY, BOOL, HISTORY_NAMES, INT, STR, Type
from . import model, schema
from .layout import Group, Layout
from .registry import find_variant, names, shipped_file
from .source import Document, merge, read_file


def _member(kind, word, default):
    """The member of an enum (kinds.py) a word of the file names: ``default`` when the key is
    absent; a word the schema refused (already reported) is read as the default too, so that
    the stages after it still run."""
    if word is None:
        return default
    try:
        return kind(word)
    except (ValueError, TypeError):
        return default


def _listed(items) -> str:
    """Names or values joined for a message, cut to a readable length."""
    return short(", ".join(short(i) for i in items), 3 * ECHO_LIMIT)


def _expr_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Builder:
    """Builds one Variant from one Document; collects diagnostics instead of stopping."""

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
        self.out.append(self.doc.diag(code, message, path, **kw))

    # -- stages -----------------------------------------------------------------
    def structure(self) -> dict | None:
        """The file checked against the format (schema.py); only the sound parts are kept.

        A value of the wrong type, out of range or too long is reported here and left out,
        so the stages after this never build anything from it (limits.py).
        """
        ck = schema.Checker(self.doc, self.out)
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

    def const_world(self, deck, constants) -> World:
        """The world of an expression worked out from the options alone (no piles)."""
        w = World(deck, Layout([]), constants)
        w.base_rank = self.fixes_base_rank()  # read there, it is E251, not E250
        return w

    def spoilt(self, *prefix) -> bool:
        """Was a value at or under this path left out as unsound (reported already)?"""
        n = len(prefix)
        return any(p[:n] == prefix for p in self.dropped)

    def build(self) -> model.Variant | None:
        data = self.structure()
        if data is None:
            return None
        options, decls = self.options()
        self.option_values, self.decls = options, decls
        deck = self.deck()
        self.option_values, self.decls, self.world_deck = options, decls, deck
        layout = self.layout()
        if deck is None or layout is None:
            return None
        actions_names = list(data.get("actions") or {}) if isinstance(data.get("actions"), dict) else []
        constants = {k: (v, _option_type(decls, k, v)) for k, v in options.items()}
        self.world = World(deck, layout, constants, actions_names)
        self.world.words = {v for o in decls for v in (o.values or ()) if isinstance(v, str)}
        self.world.base_rank = self.fixes_base_rank()
        raw_removals = data.get("removals")
        self.world.removals = tuple(raw_removals) if isinstance(raw_removals, dict) else ()
        self.checker = Checker(self.world)
        self.compiler = Compiler(self.world)
        self.history_in_play: set = set()  # history names read by rules of play (history_in_play)
        self.params()
        self.hidden_names()
        self.defines()
        rules = self.pile_rules()
        self.groups_lift = {n: r.lift for n, r in rules.items()}
        self.groups_take = {n: r.takes for n, r in rules.items()}
        deal = self.deal_steps()
        actions = self.actions()
        removals = self.removals()
        autos = self.autos()
        win = self.expr(("win",), "state", "bool") if "win" in data else None
        score = self.expr(("score",), "state", "int") if "score" in data else None
        display = self.display()
        numbering = self.numbering()
        safe = self.solver_safe()
        if any(d.severity == "error" for d in self.out):
            return None
        pile_rules = tuple(rules[layout.group_of[p]] for p in range(layout.size))
        variant = model.Variant(
            id=self.id,
            name=data.get("name", self.id),
            description=data.get("description", ""),
            path=self.doc.path,
            option_decls=decls,
            options=MappingProxyType(dict(options)),
            deck=deck,
            layout=layout,
            rules=pile_rules,
            groups=MappingProxyType(dict(rules)),
            deal=deal,
            actions=actions,
            removals=removals,
            autos=autos,
            win=win,
            score=score,
            display=display,
            text=data.get("rules", ""),
            numbering=numbering,
            base_pile=self.base_pile,
            exprs=MappingProxyType(dict(self.checked)),
            history=frozenset(self.world.history_read),
            history_in_play=frozenset(self.history_in_play),
            watched=self.wrap is not None,
            safe=safe,
            rules_text=model.RulesText.of(self.doc.data),
            **engine_indexes(layout, rules, pile_rules, actions, removals),
        )
        if any(isinstance(st, Take) for st in deal):
            self.take_fits(variant)
            if any(d.severity == "error" for d in self.out):
                return None
        if numbering is not None:
            self.numbering_fits(variant)
            if any(d.severity == "error" for d in self.out):
                return None
        return variant

    def take_fits(self, variant) -> None:
        """A take step takes as many cards as the piles accept, which the loader cannot count
        from the file: deal one game (seed 0) and require that it uses the whole deck."""
        st = dealing.deal(variant, 0)
        left = variant.deck.size - st.card_count()
        if left > 0 and not st.removed:
            self.err(
                "D501",
                f"the deal of seed 0 leaves {left} of the {variant.deck.size} cards undealt "
                f"(a take step took fewer cards than the steps after it allow for)",
                ("deal",),
                key=True,
                hint="give the take step the count of cards it takes, or end the deal with a 'rest' step",
            )

    # -- numbered deals (numbering.py, fcs.py) ----------------------------------
    def numbering(self) -> model.Numbering | None:
        raw = self.data.get("numbering")
        if not isinstance(raw, dict) or raw.get("scheme") not in ("ms", "pysol"):
            return None
        p = ("numbering",)
        scheme, game = raw["scheme"], raw.get("game")
        if scheme == "pysol" and not game:
            self.err(
                "I901",
                "numbering: scheme pysol needs the PySol game, by its pysol-cards name",
                p + ("scheme",),
                hint="add, for example, 'game: freecell'",
            )
            return None
        if scheme == "ms" and game not in (None, "freecell"):
            self.err(
                "I901",
                f"numbering: scheme ms deals Microsoft FreeCell; game {game!r} belongs to scheme pysol",
                p + ("game",),
                hint="write 'scheme: pysol'",
            )
            return None
        if scheme == "pysol" and isinstance(game, str) and game not in nb.pysol_games():
            hint = suggest(game, nb.pysol_games())
            self.err(
                "I902",
                f"numbering: pysol-cards knows no game '{game}'",
                p + ("game",),
                hint=f"did you mean '{hint}'?" if hint else f"known games: {', '.join(nb.pysol_games())}",
            )
            return None
        deck = self.world.deck
        letters = sorted(su.letter.upper() for su in deck.suits)
        if (
            letters != sorted("SHDC")
            or tuple(deck.ranks) != tuple(range(1, 14))
            or deck.decks != nb.decks_of(scheme, game)
        ):
            self.err(
                "I903",
                f"numbered deals use {nb.decks_of(scheme, game)} standard deck(s) of 52 "
                f"cards (suits S H D C, ranks A to K); this deck differs",
                p,
                key=True,
                hint="remove numbering, or use the standard deck (deck: {})",
            )
            return None
        parts = {}
        for key in ("columns", "cells", "foundations", "talon"):
            parts[key] = self.piles_ref(raw[key], p + (key,)) if key in raw else ()
        seen: dict = {}
        for key, piles in parts.items():
            for q in piles:
                if q in seen and seen[q] != key or list(piles).count(q) > 1:
                    self.err(
                        "I904",
                        f"numbering: pile {self.world.layout.pile_names[q]} is named twice "
                        f"({seen.get(q, key)} and {key})",
                        p + (key,),
                    )
                    return None
                seen[q] = key
        return model.Numbering(
            scheme=scheme,
            game=game or "freecell",
            fc_solve=raw.get("fc_solve", ""),
            face_up=raw.get("face_up") is True
            or isinstance(raw.get("face_up"), str)
            and self.const_bool(("numbering", "face_up")),
            **parts,
        )

    def numbering_fits(self, variant) -> None:
        """Deal 1 of the numbering must fit the piles and lie as the variant's own deal does."""
        num = variant.numbering
        p = ("numbering",)
        text = nb.board_text(num, 1)
        try:
            numbered = position.build(variant, fcs.board_lines(variant, fcs.parse_board(text)))
        except PositionError as exc:
            self.err(
                "I905",
                f"numbering: deal 1 does not fit the piles: {exc}",
                p,
                key=True,
                hint="name the piles that take the board's columns, cells, foundations and talon",
            )
            return
        own = dealing.deal(variant, 1)
        names = variant.layout.pile_names
        # a deal whose steps look at the cards (play, new_pile) lays out each deal its own
        # way: then only the face-down cards must lie alike
        by_cards = variant.deal_by_cards
        for q in range(variant.layout.size):
            a = (0 if by_cards else len(own.piles[q]), own.down[q])
            b = (0 if by_cards else len(numbered.piles[q]), numbered.down[q])
            if a != b:
                self.err(
                    "I906",
                    f"numbering: numbered deals put {b[0]} card(s) ({b[1]} face down) on "
                    f"{names[q]}, the variant's own deal {a[0]} ({a[1]} face down)",
                    p,
                    key=True,
                    hint="deal as PySol does (docs/interop.md gives each game's board), or map "
                    "the board's parts onto other piles",
                )
                return

    def options(self):
        decls, values = [], {}
        raw = self.data.get("options") or {}
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
            )
            if opt.values is not None and opt.default not in opt.values:
                self.err(
                    "O403",
                    f"option '{name}': the default {short(opt.default, quote=True)} is not one of its values "
                    f"({_listed(opt.values)})",
                    ("options", name, "default"),
                    hint=f"make the default one of them, or add {short(opt.default, quote=True)} to values",
                )
            self.option_checks(name, spec, opt)
            decls.append(opt)
            values[name] = opt.default
        for name, given in self.given.items():
            opt = next((o for o in decls if o.name == name), None)
            if opt is None:
                hint = suggest(name, [o.name for o in decls])
                self.err(
                    "O401",
                    f"no option '{short(name)}' in this variant (options: {_listed(o.name for o in decls) or 'none'})",
                    ("options",),
                    hint=f"did you mean '{hint}'?" if hint else None,
                )
                continue
            value = coerce_option(opt, given)
            if value is None:
                lo = opt.min if opt.min is not None else -MAX_INT
                hi = opt.max if opt.max is not None else MAX_INT
                allowed = _listed(opt.values) if opt.values is not None else f"a whole number from {lo:,} to {hi:,}"
                why = f"expected {allowed}"
                if _out_of_range(given):
                    why = f"it is outside the integer range -{MAX_INT:,}..{MAX_INT:,} ({why})"
                shown = short(given, digits=12) if isinstance(given, int) else short(str(given), quote=True, digits=12)
                self.err("O402", f"option '{short(name)}' cannot be {shown}: {why}", ("options", name))
                continue
            values[name] = value
        return values, tuple(decls)

    def option_checks(self, name, spec, opt) -> None:
        """An option's own declaration: ranges that make sense, values listed once."""
        p = ("options", name)
        given = [(("default",), opt.default)] + [(("values", i), x) for i, x in enumerate(opt.values or ())]
        for where, v in given:
            if isinstance(v, int) and not isinstance(v, bool) and not -MAX_INT <= v <= MAX_INT:
                self.err(
                    "O409",
                    f"option '{name}': {short(v, digits=12)} is outside the integer range -{MAX_INT:,}..{MAX_INT:,}",
                    p + where,
                    hint="use a smaller number",
                )
        if opt.values is not None:
            seen = []
            for i, v in enumerate(opt.values):
                if (type(v), v) in seen:
                    self.err(
                        "O406",
                        f"option '{name}': the value {short(v, quote=True)} is listed twice",
                        p + ("values", i),
                        hint="list each allowed value once",
                    )
                seen.append((type(v), v))
            for k in ("min", "max"):
                if k in spec:
                    self.err(
                        "O407",
                        f"option '{name}' gives both values and {k}: with values, only the listed values are allowed",
                        p + (k,),
                        key=True,
                        hint=f"remove '{k}', or remove 'values' to allow a range of numbers",
                    )
            return
        lo, hi = opt.min, opt.max
        if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
            self.err(
                "O405",
                f"option '{name}': min {lo} is greater than max {hi}, so no value is allowed",
                p + ("min",),
                hint="swap them",
            )
            return
        d = opt.default
        if isinstance(d, bool) or not isinstance(d, int):
            self.err(
                "O404",
                f"option '{name}': the default {short(d, quote=True)} is not a whole number; an option "
                f"without 'values' takes numbers",
                p + ("default",),
                hint=f"write 'values: [{short(d)}, ...]' to allow named choices",
            )
        elif (isinstance(lo, int) and d < lo) or (isinstance(hi, int) and d > hi):
            self.err(
                "O404",
                f"option '{name}': the default {short(d)} is outside the allowed range "
                f"{lo if lo is not None else ''}..{hi if hi is not None else ''}",
                p + ("default",),
                hint="choose a default within min and max",
            )

    def deck(self) -> Deck | None:
        spec = self.data.get("deck") or {}
        if not isinstance(spec, dict) or self.spoilt("deck"):
            return None  # its own error is reported already
        suits = spec.get("suits")
        if isinstance(suits, list) and all(isinstance(s, dict) for s in suits):
            made, seen = [], set()
            for i, s in enumerate(suits):
                try:
                    suit = Suit(
                        str(s["name"]), str(s["letter"]).upper(), str(s.get("symbol", s["letter"])), str(s["color"])
                    )
                except KeyError:
                    return None
                for word in (suit.name, suit.letter):
                    if word in seen:
                        self.err(
                            "K201",
                            f"suit name or letter '{word}' is used twice",
                            ("deck", "suits", i),
                            hint="give each suit a name and a letter of its own",
                        )
                    seen.add(word)
                if suit.letter in "AJQKT0123456789":
                    self.err(
                        "K202",
                        f"suit letter '{suit.letter}' would be read as a rank",
                        ("deck", "suits", i, "letter"),
                        hint="pick a letter that is not A, T, J, Q, K or a digit",
                    )
                made.append(suit)
        else:
            made = [Suit(*s) for s in STANDARD_SUITS]
        ranks = spec.get("ranks", list(range(1, 14)))
        parsed = []
        for i, r in enumerate(ranks if isinstance(ranks, list) else []):
            value = r if isinstance(r, int) else parse_rank(str(r))
            if value is None or not 1 <= value <= 13:
                self.err("K203", f"'{r}' is not a rank (expected A, 2..10, J, Q, K)", ("deck", "ranks", i))
            elif value in parsed:
                self.err(
                    "K203",
                    f"rank '{r}' is listed twice",
                    ("deck", "ranks", i),
                    hint="list each rank once; for two copies of every card use decks: 2",
                )
            else:
                parsed.append(value)
        if not parsed:
            return None
        decks = spec.get("decks", 1)
        wrap = spec.get("wrap", False)
        if isinstance(decks, str) or "suit_count" in spec:
            # worked out from the options, with the full deck's names in sight
            whole = Deck(made, sorted(parsed), 1, wrap is True)
            if isinstance(decks, str):
                decks = self.deck_number(whole, ("deck", "decks"), decks, 1, MAX_DECKS, "decks")
                if decks is None:
                    return None
            n = spec.get("suit_count")
            if isinstance(n, str):
                n = self.deck_number(whole, ("deck", "suit_count"), n, 1, len(made), "suit_count")
                if n is None:
                    return None
            if isinstance(n, int):
                if n > len(made):
                    self.err(
                        "P322",
                        f"suit_count is {n}, but the deck has {len(made)} suit(s)",
                        ("deck", "suit_count"),
                        hint="list more suits, or count fewer",
                    )
                    return None
                made = made[:n]
        return Deck(made, sorted(parsed), decks if isinstance(decks, int) else 1, wrap is True)

    def deck_number(self, deck, path, text, lo, hi, what):
        """A deck size worked out from the options alone (like a group's count)."""
        constants = {k: (v, _option_type(self.decls, k, v)) for k, v in self.option_values.items()}
        checker = Checker(self.const_world(deck, constants))
        try:
            c = checker.check(parse(text), "const", INT)
        except (ExprSyntaxError, CompileError) as exc:
            self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
            return None
        if not c.is_const:
            self.err("E213", f"deck {what} must be computable from the options alone", path)
            return None
        if isinstance(c.const, bool) or not isinstance(c.const, int) or not lo <= c.const <= hi:
            self.err(
                "P323",
                f"deck {what} is {short(c.const, quote=True)} with these options; it must be a whole "
                f"number from {lo} to {hi}",
                path,
            )
            return None
        return c.const

    def layout(self) -> Layout | None:
        piles = self.data.get("piles")
        if not isinstance(piles, dict) or not piles:
            return None
        if any(p[:1] == ("piles",) and len(p) <= 2 for p in self.dropped):
            return None  # a whole group left out: its own error is reported already
        for name in piles:
            if any(self.spoilt("piles", name, k) for k in ("count", "rows", "offsets", "overlap")):
                return None  # its own error is reported already
        groups = []
        for name, g in piles.items():
            if not isinstance(g, dict):
                return None
            rows = g.get("rows")
            rows = tuple(rows) if isinstance(rows, list) and all(isinstance(r, int) for r in rows) else ()
            if rows and "count" in g:
                self.err(
                    "P301",
                    f"pile group '{name}' gives both count and rows; rows decide the count",
                    ("piles", name, "count"),
                    key=True,
                    hint="remove count",
                )
            count = sum(rows) if rows else self.group_count(name, g.get("count", 1))
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                return None
            offsets = g.get("offsets", ())
            offsets = tuple(offsets) if isinstance(offsets, list) else ()
            if offsets and len(offsets) != len(rows):
                self.err(
                    "P302",
                    f"pile group '{name}' has {len(rows)} rows but {len(offsets)} offsets",
                    ("piles", name, "offsets"),
                    hint="give one offset per row",
                )
                offsets = ()
            if g.get("overlap") and not rows:
                self.err(
                    "P303",
                    f"pile group '{name}': overlap needs rows",
                    ("piles", name, "overlap"),
                    hint="lay the piles out with rows: [...], or remove overlap",
                )
            groups.append(Group(name, 0, count, rows, offsets, bool(g.get("overlap")), g.get("wrap") is True))
        total = sum(g.count for g in groups)
        if total > MAX_PILES:
            self.err(
                "S104",
                f"the pile groups hold {total} piles in all; at most {MAX_PILES} are allowed",
                ("piles",),
                key=True,
            )
            return None
        return Layout(groups)

    def count_constants(self) -> dict:
        """The names a group's count sees: the options, and the params computable from the
        options (and earlier such params) alone, since the piles are not known yet. A param
        that is not is left out silently here: params() reports it."""
        constants = {k: (v, _option_type(self.decls, k, v)) for k, v in self.option_values.items()}
        raw = self.data.get("params")
        if self.world_deck is None:
            return constants  # the deck's own error is reported already
        for pname, value in raw.items() if isinstance(raw, dict) else ():
            if isinstance(value, (dict, list)) or value is None or pname in constants:
                continue
            checker = Checker(self.const_world(self.world_deck, constants))
            try:
                c = checker.check(parse(_expr_text(value)), "const", None)
            except (ExprSyntaxError, CompileError):
                continue
            if c.is_const:
                constants[pname] = (c.const, c.type)
        return constants

    def group_count(self, name, value):
        """A group's pile count: a number, or an expression computed from the options and the
        params that are constants over the options (the piles are not known yet)."""
        if not isinstance(value, str):
            return value
        if self.world_deck is None:
            return None  # the deck's own error is reported already
        path = ("piles", name, "count")
        checker = Checker(self.const_world(self.world_deck, self.count_constants()))
        try:
            c = checker.check(parse(value), "const", INT)
        except ExprSyntaxError as exc:
            self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
            return None
        except CompileError as exc:
            self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
            return None
        if not c.is_const:
            self.err("E213", f"pile group '{name}': count must be computable from the options and params alone", path)
            return None
        if isinstance(c.const, bool) or not isinstance(c.const, int) or not 1 <= c.const <= MAX_GROUP_PILES:
            self.err(
                "S104",
                f"pile group '{name}': count is {short(c.const, quote=True)} with these options; it must be "
                f"a whole number from 1 to {MAX_GROUP_PILES}",
                path,
            )
            return None
        return c.const

    def params(self):
        raw = self.data.get("params") or {}
        if not isinstance(raw, dict):
            return
        for name in raw:
            c = self.compile(("params", name), "const", None)
            if c is None or not c.is_const:
                if c is not None:
                    self.err(
                        "E213",
                        f"parameter '{name}' must be computable from the options alone",
                        ("params", name),
                        hint="params see the options only; compute it in the rule that uses it",
                    )
                # reported once here: the rules that use it are spared a second, misleading error
                self.world.constants.setdefault(name, (None, ANY))
                continue
            if name in self.world.constants:
                self.err(
                    "E214",
                    f"parameter '{name}' has the name of an option",
                    ("params", name),
                    key=True,
                    hint="rename the parameter, or remove the option",
                )
            self.world.constants[name] = (c.const, c.type)

    def hidden_names(self) -> None:
        """Warn about an option or parameter whose name hides (or is hidden by) another name."""
        w = self.world
        rule_names = {n for names in ROLE_NAMES.values() for n in names}
        for section in ("options", "params"):
            raw = self.data.get(section)
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
                self.out.append(
                    self.doc.diag(
                        "O408",
                        f"{section[:-1]} '{name}' has the name of {what}: {effect}",
                        (section, name),
                        key=True,
                        hint="rename it",
                    )
                )

    def pile_rules(self) -> dict:
        rules = {}
        for name, g in self.data["piles"].items():
            p = ("piles", name)
            lift = g.get("lift", "none")
            if "sequence" in g and lift != "run":
                self.err(
                    "P304",
                    f"pile group '{name}': sequence applies only with lift: run",
                    p + ("sequence",),
                    key=True,
                    hint="set lift: run, or remove sequence",
                )
            capacity = g.get("capacity")
            rules[name] = model.PileRules(
                group=name,
                role=_member(Role, g.get("role"), Role.OTHER),
                lift=lift,
                sequence=self.expr(p + ("sequence",), "sequence", "bool", plan=True) if "sequence" in g else None,
                max_run=self.expr(p + ("max_run",), "move", "int") if "max_run" in g else None,
                accept=self.expr(p + ("accept",), "move", "bool", falsy_none=True) if "accept" in g else None,
                accept_empty=self.expr(p + ("accept_empty",), "move", "bool", falsy_none=True)
                if "accept_empty" in g
                else None,
                accept_plan=self.plans.get(p + ("accept",)),
                empty_plan=self.plans.get(p + ("accept_empty",)),
                capacity=capacity if isinstance(capacity, int) else None,
                points=self.expr(p + ("points",), "move", "int") if "points" in g else None,
                show=g.get("show", "fan" if g.get("role") == Role.TABLEAU else "stack"),
                label=g.get("label", name),
                interchangeable=g.get("interchangeable") is True,
            )
            if g.get("interchangeable") is True:
                self.interchangeable_checks(name, g)
        return rules

    def interchangeable_checks(self, name, g) -> None:
        """An interchangeable group's empty piles must really be alike: no geometry, and no
        rule for an empty pile that tells one pile from another."""
        p = ("piles", name)
        if g.get("overlap") or g.get("rows"):
            self.err(
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
            via = self.define_reading(text, _PILE_SPECIFIC) if m is None else None
            if via is not None:
                d, found = via
                self.err(
                    "P321",
                    f"pile group '{name}' is interchangeable, but {key} uses define '{d.name}', which "
                    f"reads '{found}', which tells its piles apart",
                    p + (key,),
                    hint="remove interchangeable, or write the rule without the pile's index or neighbours",
                )
            if m:
                self.err(
                    "P321",
                    f"pile group '{name}' is interchangeable, but {key} reads "
                    f"'{m.group(0)}', which tells its piles apart",
                    p + (key,),
                    offset=m.start(),
                    hint="remove interchangeable (the piles are bound, for example to suits), "
                    "or write the rule without the pile's index or neighbours",
                )

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
                        f"no pile '{short(text)}': group '{base}' has {n} pile(s), {base}[0] to {base}[{n - 1}]",
                        ipath,
                    )
                else:
                    hint = suggest(base, layout.groups)
                    self.err(
                        "P305",
                        f"no pile or group '{short(text)}' (groups: {_listed(layout.groups)})",
                        ipath,
                        hint=f"did you mean '{hint}'?" if hint else None,
                    )
                continue
            out.append(p)
        if single and len(out) != 1 and len(items) == 1 and out:
            self.err("P306", f"'{short(value)}' must name one pile, like {short(value)}[0]", path)
        return tuple(out)

    def deal_steps(self) -> tuple:
        steps: list = []
        deck = self.world.deck
        remaining = deck.size
        taken: dict = {}
        raw = self.data.get("deal")
        self.base_pile: int | None = None
        if not isinstance(raw, list):
            return ()
        has_shuffle = False
        dealt = False  # has a step dealt cards from the deck yet?
        dealt_to: set = set()  # piles a step has put cards on so far
        uncounted = False  # a take step without count: how many cards it takes is known at deal time
        face_up: set = set()  # piles that hold face-up cards so far
        for i, step in enumerate(raw):
            path = ("deal", i)
            if step == "shuffle":
                steps.append(Shuffle())
                has_shuffle = True
                continue
            if not isinstance(step, dict):
                continue
            if "when" in step and not self.const_bool(path + ("when",)):
                continue  # not part of the deal with these options
            if "face_up" in step and "rest" not in step:
                self.err(
                    "P324",
                    "face_up belongs to a rest step (the cards left over), not to this step",
                    path + ("face_up",),
                    key=True,
                    hint="deal face-up cards with up: (or down:) in a 'to' step",
                )
            for key, needs in (("play", "to"), ("new_pile", "to"), ("in", "to_bottom"), ("onto", "take")):
                if key in step and needs not in step:
                    self.err(
                        "D521",
                        f"'{key}' belongs to a '{needs}' step",
                        path + (key,),
                        key=True,
                        hint=f"put it in the step with '{needs}', or remove it",
                    )
            if "place" in step and isinstance(step["place"], dict):
                if dealt:
                    self.err(
                        "D507",
                        "a place step comes after cards were dealt, so the cards it names may be gone already",
                        path + ("place",),
                        key=True,
                        hint="move the place step before the steps that deal (to, rest)",
                    )
                placed = []
                for pname, cards in step["place"].items():
                    pp = path + ("place", pname)
                    piles = self.piles_ref(pname, pp, single=True)
                    if len(piles) != 1:
                        continue
                    for j, text in enumerate(cards if isinstance(cards, list) else [cards]):
                        cpath = pp + (j,) if isinstance(cards, list) else pp
                        try:
                            rank, suit = deck.parse_face(str(text))
                        except CardTextError as exc:
                            self.err("D503", f"cannot place {exc}", cpath)
                            continue
                        taken[(rank, suit)] = taken.get((rank, suit), 0) + 1
                        if taken[(rank, suit)] > deck.decks:
                            self.err(
                                "D503",
                                f"{short(text)} is placed more times than the deck has it "
                                f"({deck.decks} cop{'y' if deck.decks == 1 else 'ies'})",
                                cpath,
                                hint="place each card once, or shuffle more decks together (deck.decks)",
                            )
                        placed.append((piles[0], rank, suit))
                        face_up.add(piles[0])
                        dealt_to.add(piles[0])
                        remaining -= 1
                steps.append(Place(tuple(placed)))
            elif "to" in step:
                dealt = True
                piles = self.piles_ref(step["to"], path + ("to",))
                skip = step.get("skip") or []
                for s in skip if isinstance(skip, list) else []:
                    if isinstance(s, int) and not 0 <= s < len(piles):
                        self.err("D504", f"skip {s}: the target has piles 0 to {len(piles) - 1}", path + ("skip",))
                left_out = {s for s in skip if isinstance(s, int)} if isinstance(skip, list) else set()
                piles = tuple(p for j, p in enumerate(piles) if j not in left_out)
                counts = self._per_pile(step.get("count", 1), len(piles), path + ("count",))
                if "down" in step and "up" in step:
                    self.err(
                        "D505",
                        "give down or up, not both",
                        path + ("up",),
                        key=True,
                        hint="down counts the face-down cards of each pile, up the face-up ones; "
                        "either fixes the other",
                    )
                if "up" in step:
                    ups = self._per_pile(step["up"], len(piles), path + ("up",))
                    downs = tuple(max(c - u, 0) for c, u in zip(counts, ups))
                else:
                    downs = self._per_pile(step.get("down", 0), len(piles), path + ("down",))
                    for c, d in zip(counts, downs):
                        if d > c:
                            self.err(
                                "D505",
                                f"{d} face-down cards asked of a pile dealt {c}",
                                path + ("down",),
                                hint="down can be at most count",
                            )
                            break
                play = self.piles_ref(step["play"], path + ("play",)) if "play" in step else ()
                new_pile = None
                if "new_pile" in step:
                    for key in ("count", "down", "up", "by", "skip"):
                        if key in step:
                            self.err(
                                "D522",
                                f"'{key}' means nothing with new_pile: every card left is "
                                f"dealt face up, one pile after another",
                                path + (key,),
                                key=True,
                                hint=f"remove '{key}'",
                            )
                    new_pile = self.expr(path + ("new_pile",), "card", "bool")
                    counts, downs = (0,) * len(piles), (0,) * len(piles)
                self._down_onto_up(piles, counts, downs, face_up, path + ("up" if "up" in step else "down",))
                steps.append(DealTo(piles, counts, downs, step.get("by", "row") == "row", play, new_pile))
                dealt_to.update(p for p, c in zip(piles, counts) if c or new_pile is not None)
                dealt_to.update(play)
                if new_pile is not None:
                    face_up.update(piles)
                    remaining = 0
                face_up.update(p for p, c, d in zip(piles, counts, downs) if c > d)
                remaining -= sum(counts)
            elif "to_bottom" in step:
                if "in" not in step:
                    self.err(
                        "D520",
                        "to_bottom needs 'in': the piles whose cards it moves down",
                        path,
                        key=True,
                        hint="add 'in: tableau'",
                    )
                    continue
                piles = self.piles_ref(step["in"], path + ("in",))
                fn = self.expr(path + ("to_bottom",), "card", "bool")
                if fn is not None and piles:
                    steps.append(ToBottom(piles, fn))
            elif "rest" in step:
                dealt = True
                piles = self.piles_ref(step["rest"], path + ("rest",), single=True)
                if len(piles) == 1 and piles[0] in face_up and step.get("face_up") is not True:
                    self.err(
                        "D508",
                        f"rest puts the remaining cards face down on "
                        f"{self.world.layout.pile_names[piles[0]]}, which already holds face-up "
                        f"cards (face-down cards lie under face-up ones)",
                        path + ("rest",),
                        hint="send the rest to a pile that is empty or face down, like the stock",
                    )
                if piles:
                    steps.append(Rest(piles[0], step.get("face_up") is True))
                    dealt_to.add(piles[0])
                remaining = 0
            elif "remove" in step:
                fn = self.expr(path + ("remove",), "card", "bool")
                if fn is not None:
                    steps.append(RemoveCards(fn))
            elif "base_rank" in step:
                piles = self.piles_ref(step["base_rank"], path + ("base_rank",), single=True)
                if self.base_pile is not None:
                    self.err(
                        "D531",
                        "a second base_rank step: the deal fixes one base rank for the game",
                        path + ("base_rank",),
                        key=True,
                        hint="keep one base_rank step; two versions of it, one per option value, each need a 'when'",
                    )
                elif len(piles) == 1 and piles[0] not in dealt_to and not self.bad_pile_named():
                    self.err(
                        "D530",
                        f"base_rank reads the bottom card of {self.world.layout.pile_names[piles[0]]}, "
                        f"but no step before it deals a card there",
                        path + ("base_rank",),
                        hint="put the base_rank step after the step that deals the base card, "
                        'like {to: ["foundation[0]"], count: 1}',
                    )
                elif len(piles) == 1:
                    self.base_pile = piles[0]
                    steps.append(BaseRank(piles[0]))
            elif "take" in step:
                if "onto" not in step:
                    self.err(
                        "D532",
                        "take needs 'onto': the piles the cards it takes go to",
                        path,
                        key=True,
                        hint="add 'onto: foundation'",
                    )
                    continue
                onto = self.piles_ref(step["onto"], path + ("onto",))
                count = step.get("count")
                if isinstance(count, list):
                    self.err("D504", "take's count is one number: the most cards it takes", path + ("count",))
                    count = None
                fn = self.expr(path + ("take",), "card", "bool")
                dealt = True
                if fn is not None and onto:
                    steps.append(Take(fn, onto, count))
                    dealt_to.update(onto)
                    face_up.update(onto)
                if count is None:
                    uncounted = True
                else:
                    remaining -= count
            if remaining < 0 and not uncounted:
                self.err(
                    "D502",
                    f"the deal needs {deck.size - remaining} cards but the deck has {deck.size}",
                    path,
                    hint="deal fewer cards, or shuffle more decks together (deck.decks)",
                )
                remaining = 0
        if remaining > 0 and not uncounted and not self.bad_pile_named():  # else a count of unknown piles
            raw_piles = self.data.get("piles")
            groups = raw_piles if isinstance(raw_piles, dict) else {}
            stock = next((n for n, g in groups.items() if isinstance(g, dict) and g.get("role") == Role.STOCK), None)
            self.err(
                "D501",
                f"the deal leaves {remaining} of the {deck.size} cards undealt: deal them, or end with a 'rest' step",
                ("deal",),
                key=True,
                hint=f"add '- rest: {stock}[0]'"
                if stock
                else "add a pile group with role: stock, and end the deal with '- rest: stock[0]'",
            )
        if not has_shuffle:
            self.out.append(self.doc.diag("D506", "the deal never shuffles: every game will be the same", ("deal",)))
        return tuple(steps)

    def _per_pile(self, value, n, path) -> tuple:
        if isinstance(value, list):
            if len(value) != n:
                self.err(
                    "D504",
                    f"'{path[-1]}' gives {len(value)} numbers for {n} piles",
                    path,
                    hint="give one number per pile, or a single number for all of them",
                )
                return tuple((list(value) + [0] * n)[:n])
            return tuple(value)
        return (value if isinstance(value, int) else 0,) * n

    def actions(self) -> tuple:
        out = []
        raw = self.data.get("actions") or {}
        for name, a in raw.items() if isinstance(raw, dict) else ():
            p = ("actions", name)
            if not isinstance(a, dict) or "from" not in a:
                continue
            kind = _member(ActionKind, a.get("kind"), ActionKind.DEAL)
            if kind is ActionKind.REDEAL:
                redeal = self.redeal(name, a, p)
                if redeal is not None:
                    out.append(redeal)
                continue
            for key in ("order", "keep", "skip"):
                if key in a:
                    self.err(
                        "A631",
                        f"'{key}' belongs to a redeal; this action is kind {kind}",
                        p + (key,),
                        key=True,
                        hint="remove it, or make the action kind: redeal",
                    )
            if "to" not in a:
                self.err(
                    "A630",
                    f"a {kind} action needs 'to': the pile(s) its cards go to",
                    p,
                    key=True,
                    hint="add 'to: waste[0]' or similar",
                )
                continue
            if isinstance(a["from"], list):
                self.err(
                    "S103",
                    f"'from' of a {kind} action must be one pile (text), not a list; only a "
                    f"redeal gathers from several piles",
                    p + ("from",),
                    hint='write from: "stock[0]"',
                )
                continue
            src = self.piles_ref(a["from"], p + ("from",), single=True)
            targets = self.piles_ref(a["to"], p + ("to",))
            if not src or not targets:
                continue
            if kind is ActionKind.COMPACT and (src[0] in targets or len(set(targets)) != len(targets)):
                self.err(
                    "A633",
                    "a compaction slides the piles of 'to' and refills them from 'from': "
                    "'to' names a pile twice, or its 'from' pile",
                    p + ("to",),
                    hint="list each pile once, and take the refills from another pile (the stock)",
                )
                continue
            if kind is ActionKind.RECYCLE and len(targets) != 1:
                self.err(
                    "A601",
                    "a recycle turns one pile over onto one pile, not several",
                    p + ("to",),
                    hint="give one pile in 'to', or use kind: deal to spread cards over piles",
                )
            out.append(
                model.Action(
                    name,
                    kind,
                    src[0],
                    targets,
                    count=self.expr(p + ("count",), "state", "int") if "count" in a else None,
                    limit=self.expr(p + ("limit",), "state", "int") if "limit" in a else None,
                    when=self.expr(p + ("when",), "state", "bool") if "when" in a else None,
                    points=self.expr(p + ("points",), "state", "int") if "points" in a else None,
                    label=a.get("label", name) or "",
                    face_up=self.const_bool(p + ("face_up",)) if "face_up" in a else False,
                )
            )
            if "face_up" in a and kind != "recycle":
                self.err(
                    "A614",
                    "face_up applies to a recycle (the cards turned back stay face up); "
                    "a deal puts its cards face up anyway",
                    p + ("face_up",),
                    key=True,
                    hint="remove face_up, or make the action kind: recycle",
                )
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

    def redeal(self, name, a, p):
        """A redeal action: cards gathered from piles (those not kept), then dealt back."""
        gather = self.piles_ref(a["from"], p + ("from",))
        targets = self.piles_ref(a["to"], p + ("to",)) if "to" in a else gather
        if not gather or not targets:
            return None
        if len(set(gather)) != len(gather):
            self.err(
                "A632",
                "a redeal gathers each pile once; 'from' names a pile twice",
                p + ("from",),
                hint="list each group or pile once",
            )
            return None
        if len(set(targets)) != len(targets):
            self.err(
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
            count=self.expr(p + ("count",), "state", "int") if "count" in a else None,
            limit=self.expr(p + ("limit",), "state", "int") if "limit" in a else None,
            when=self.expr(p + ("when",), "state", "bool") if "when" in a else None,
            points=self.expr(p + ("points",), "state", "int") if "points" in a else None,
            label=a.get("label", name),
            gather=gather,
            keep=self.expr(p + ("keep",), "pile", "bool") if "keep" in a else None,
            skip=self.expr(p + ("skip",), "pile", "bool") if "skip" in a else None,
            shuffle=a.get("order", "shuffle") == "shuffle",
        )

    def removals(self) -> tuple:
        out = []
        raw = self.data.get("removals") or {}
        if isinstance(raw, dict) and len(raw) > MAX_REMOVALS:
            self.err("S104", f"{len(raw)} removal rules; at most {MAX_REMOVALS} are allowed", ("removals",), key=True)
            return ()
        for name, r in raw.items() if isinstance(raw, dict) else ():
            p = ("removals", name)
            if not isinstance(r, dict) or not {"from", "to", "cards", "when"} <= set(r):
                continue
            sources = self.piles_ref(r["from"], p + ("from",))
            dest = self.piles_ref(r["to"], p + ("to",), single=True)
            if not dest:
                continue
            out.append(
                model.Removal(
                    name,
                    sources,
                    dest[0],
                    r["cards"],
                    self.expr(p + ("when",), "remove", "bool"),
                    self.expr(p + ("points",), "remove", "int") if "points" in r else None,
                )
            )
        return tuple(out)

    def _down_onto_up(self, piles, counts, downs, face_up, path) -> None:
        """D509: face-down cards asked of a pile that already shows face-up ones; the engine
        keeps face-down cards under the face-up ones, so they would be dealt face up."""
        hit = next((p for p, c, d in zip(piles, counts, downs) if min(c, d) > 0 and p in face_up), None)
        if hit is None:
            return
        self.err(
            "D509",
            f"this step deals face-down cards onto {self.world.layout.pile_names[hit]}, which "
            f"already holds face-up cards: face-down cards lie only under face-up ones, so they "
            f"would be dealt face up",
            path,
            key=True,
            hint="deal the face-down cards first (an earlier step, or down: on the first one), or deal these face up",
        )

    def autos(self) -> tuple:
        out = []
        raw = self.data.get("auto") or []
        for i, a in enumerate(raw) if isinstance(raw, list) else ():
            if not isinstance(a, dict):
                continue
            p = ("auto", i)
            for key in ("to", "when"):
                if key in a and "move" not in a and not (key == "when" and "flip" in a):
                    self.err(
                        "A611",
                        f"'{key}' belongs to an automatic move, not to "
                        f"{'a flip' if 'flip' in a else 'a refill' if 'refill' in a else 'this entry'}",
                        p + (key,),
                        key=True,
                        hint="write {move: SOURCES, to: DESTINATIONS, when: CONDITION}, or remove it",
                    )
            if "from" in a and "move" in a:
                self.err(
                    "A611",
                    "an automatic move takes its source piles from 'move', not 'from'",
                    p + ("from",),
                    key=True,
                    hint="write {move: SOURCES, to: DESTINATIONS}",
                )
            if "move" in a:
                if "to" not in a:
                    self.err(
                        "A610",
                        "an automatic move needs 'to': the piles it may play to",
                        p + ("move",),
                        key=True,
                        hint="add to: foundation (the piles, in order of preference)",
                    )
                    continue
                sources = self.piles_ref(a["move"], p + ("move",))
                targets = self.piles_ref(a["to"], p + ("to",))
                layout = self.world.layout
                names = {layout.group_of[q] for q in sources}
                mute = sorted(n for n in names if self.groups_lift.get(n) == "none")
                if mute:
                    self.err(
                        "A612",
                        f"an automatic move from '{mute[0]}', whose cards never leave it (lift: none)",
                        p + ("move",),
                        hint=f"give '{mute[0]}' lift: top or run, or move from other piles",
                    )
                takes = {layout.group_of[q] for q in targets}
                closed = sorted(n for n in takes if not self.groups_take.get(n, True))
                if closed:
                    self.err(
                        "A613",
                        f"an automatic move to '{closed[0]}', which takes no cards (no accept or accept_empty)",
                        p + ("to",),
                        hint=f"give '{closed[0]}' the accept rules the move needs",
                    )
                out.append(
                    model.Auto(
                        AutoKind.MOVE,
                        sources,
                        targets=targets,
                        when=self.expr(p + ("when",), "move", "bool") if "when" in a else None,
                    )
                )
            elif "flip" in a:
                out.append(
                    model.Auto(
                        AutoKind.FLIP,
                        self.piles_ref(a["flip"], p + ("flip",)),
                        when=self.expr(p + ("when",), "pile", "bool") if "when" in a else None,
                    )
                )
            elif "refill" in a:
                if "from" not in a:
                    self.err("S102", "refill needs 'from': the source piles in order", p)
                    continue
                out.append(
                    model.Auto(
                        AutoKind.REFILL,
                        self.piles_ref(a["refill"], p + ("refill",)),
                        self.piles_ref(a["from"], p + ("from",)),
                    )
                )
        return tuple(out)

    def display(self) -> tuple:
        rows = self.data.get("layout")
        if not isinstance(rows, list):
            return ()
        for i, row in enumerate(rows):
            for j, name in enumerate(row if isinstance(row, list) else []):
                if name != ".":
                    self.piles_ref(name, ("layout", i, j))
        return tuple(tuple(r) for r in rows if isinstance(r, list))

    # -- define: named predicates -------------------------------------------------------
    def defines(self) -> None:
        """The define: section into world.defines: each head read, its text parsed, its names
        checked against every name some rule sees, and no define using itself. Each use is
        checked later, where it is written (Checker.expand)."""
        raw = self.data.get("define")
        if not isinstance(raw, dict):
            return
        files = {id(d): len(d.text) for d in self.doc.origin.values()} | {id(self.doc): len(self.doc.text)}
        self.checker.budget = DEFINE_FILE_FACTOR * (MAX_DEFINE_NODES + sum(files.values()))
        found: dict[str, tuple] = {}  # name -> (key, Define)
        for key, value in raw.items():
            head = schema.define_head(key)
            if head is None or isinstance(value, (dict, list)) or value is None:
                continue  # reported by the schema (S110, S103)
            name, params, call = head
            path = ("define", key)
            if name in found:
                other = found[name][0]
                if self.doc.locate(("define", other))[1].path == self.doc.locate(path)[1].path:
                    self.err("S110", f"define '{name}' is given twice ('{other}' and '{key}')", path, key=True)
                    continue
                del found[name]  # a child's define replaces the one it inherits
            role = self.checker.known_name(name)
            if role is not None or name in FUNCTIONS or name in QUANTIFIERS or name in METHODS:
                what = (
                    "a function"
                    if name in FUNCTIONS
                    else "a quantifier"
                    if name in QUANTIFIERS
                    else "a method"
                    if name in METHODS
                    else "something the rules already see (a pile group, option, rank, suit, ...)"
                )
                self.err(
                    "E231",
                    f"define '{name}' has the name of {what}: the define would hide it",
                    path,
                    key=True,
                    hint="choose another name",
                )
                continue
            try:
                body = parse(_expr_text(value))
            except ExprSyntaxError as exc:
                self.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
                self.world.refused.add(name)
                continue
            found[name] = (key, Define(name, params, call, body, path))
        defines = {name: d for name, (_, d) in found.items()}
        self.world.defines = defines
        refs = {name: self.define_refs(d) for name, d in defines.items()}
        for name in [n for n in defines if refs[n] is None]:
            del defines[name]  # an unknown name inside: reported (E233)
            self.world.refused.add(name)
        for name, cycle, col in _define_cycles({n: r for n, r in refs.items() if r is not None}):
            self.err(
                "E230",
                f"define '{name}' uses itself ({' -> '.join(cycle)}): a define cannot be recursive",
                defines[name].path,
                offset=col - 1,
                hint="a rule over a whole pile is written with a quantifier, like all(a, b in pairs(run): ...)",
            )
            defines.pop(name, None)
            self.world.refused.add(name)

    def define_refs(self, d: Define) -> dict | None:
        """The defines a define's text uses (name -> column of the first use); None, with an
        error E233, when it uses a name or a function no rule knows."""
        out: dict[str, int] = {}
        stack: list = [(d.body, frozenset(d.params))]
        while stack:
            node, bound = stack.pop()
            name = func = None
            if isinstance(node, ast_mod.Name):
                name = node.id
            elif isinstance(node, ast_mod.Call):
                func = node.func
            if name is not None and name not in bound:
                if name in self.world.defines:
                    out.setdefault(name, node.col)
                elif self.checker.known_name(name) is None:
                    self.err(
                        "E233",
                        f"define '{d.name}' uses the unknown name '{short(name)}'",
                        d.path,
                        offset=node.col - 1,
                        hint=f"its parameters are: {', '.join(d.params)}" if d.params else None,
                    )
                    return None
            if func is not None:
                if func in self.world.defines:
                    out.setdefault(func, node.col)
                elif func not in FUNCTIONS:
                    message = f"define '{d.name}' calls the unknown function '{short(func)}'"
                    self.err("E233", message, d.path, offset=node.col - 1)
                    return None
            inner = bound | frozenset(node.names) if isinstance(node, ast_mod.Quant) else bound
            for v in vars(node).values():
                kids = v if isinstance(v, tuple) else (v,)
                for k in kids:
                    if isinstance(k, ast_mod.Node):
                        stack.append((k, inner if k is getattr(node, "body", None) else bound))
        return out

    def define_reading(self, text: str, pattern) -> tuple | None:
        """(a define the text uses, directly or through others, and what of the pattern its
        text holds), or None. A textual test, like the one it extends (P321)."""
        todo = [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text) if w in self.world.defines]
        seen: set = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            d = self.world.defines[name]
            body = _expr_text(_get(self.data, d.path))
            m = pattern.search(body)
            if m:
                return d, m.group(0)
            todo += [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", body) if w in self.world.defines]
        return None

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

    # -- expressions --------------------------------------------------------------
    def solver_safe(self) -> tuple:
        """solver.safe: conditions over a card move, compiled like a pile's accept."""
        spec = self.data.get("solver")
        safe = spec.get("safe") if isinstance(spec, dict) else None
        if not isinstance(safe, list):
            return ()
        out = []
        for i in range(len(safe)):
            fn = self.expr(("solver", "safe", i), "move", "bool")
            if fn is not None:
                out.append(fn)
        return tuple(out)

    def compile(self, path, role, want, plan=False) -> Compiled | None:
        """An expression of the file through the three stages: parse, check, compile."""
        value = _get(self.data, path)
        if isinstance(value, (dict, list)) or value is None:
            return None
        text = _expr_text(value)
        try:
            node = parse(text)
            checked = self.checker.check(node, role, want)
            self.checked[tuple(path)] = checked
            reads, self.world.history_read = self.world.history_read, set()
            try:
                return self.compiler.compile(checked, plan=plan)
            finally:
                if not _scores(path):  # a rule of play (not points or score) reads the history
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


def _scores(path) -> bool:
    """Does the key at path only count points (score, piles/actions/removals .points)?"""
    path = tuple(path)
    return path == ("score",) or (
        len(path) == 3 and path[0] in ("piles", "actions", "removals") and path[2] == "points"
    )


# what an empty pile's rule may read that tells one pile of its group from another
_PILE_SPECIFIC = re.compile(r"\bdest\s*\.\s*(index|prev|next|name|at)\b|\bdest\s*(==|!=)\s*\w+\s*\[")


def engine_indexes(layout: Layout, groups: dict, pile_rules: tuple, actions: tuple, removals: tuple) -> dict[str, Any]:
    """The move generator's indexes (moves.py), as the Variant's keyword arguments: the piles
    that give cards; per group that takes cards, its piles with what the generator may use
    without running a rule (compiler.Plan: the run bound when full / empty, and a key join);
    and the actions and removals by name."""
    covers = layout.covers
    blocks = []
    for name, g in layout.groups.items():
        r = groups[name]
        if not r.takes:
            continue
        ap, ep = r.accept_plan, r.empty_plan
        blocks.append(
            DestBlock(
                full_max=ap.max_run if ap is not None and ap.max_run is not None else NO_LIMIT,
                empty_max=ep.max_run if ep is not None and ep.max_run is not None else NO_LIMIT,
                run_key=ap.run_key if ap is not None else None,
                top_key=ap.top_key if ap is not None else None,
                piles=tuple((d, covers[d], r.accept, r.accept_empty, r.capacity) for d in g.piles),
            )
        )
    return {
        "sources": tuple(p for p, r in enumerate(pile_rules) if r.lift != "none"),
        "dest_blocks": tuple(blocks),
        "action_index": MappingProxyType({a.name: i for i, a in enumerate(actions)}),
        "removal_index": MappingProxyType({r.name: r for r in removals}),
        "removal_number": MappingProxyType({r.name: i for i, r in enumerate(removals)}),
    }


def _define_cycles(refs: dict) -> list:
    """(name, the cycle through it, column of its first step) for every define on a cycle of
    uses (a define using itself, directly or through others)."""
    out = []
    for start in refs:
        # depth-first from start, looking for a path back to it
        stack: list[tuple[str, tuple]] = [(start, (start,))]
        seen = set()
        while stack:
            name, trail = stack.pop()
            for nxt in refs.get(name, {}):
                if nxt == start:
                    out.append((start, trail + (start,), refs[start][trail[1] if len(trail) > 1 else start]))
                    stack.clear()
                    break
                if nxt not in seen and nxt in refs:
                    seen.add(nxt)
                    stack.append((nxt, trail + (nxt,)))
    return out


def _get(data, path):
    for k in path:
        try:
            data = data[k]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _type_of(value) -> Type:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return STR
    return ANY


def _option_type(decls, name, value) -> Type:
    opt = next((o for o in decls if o.name == name), None)
    if opt is not None and opt.values is not None:
        types = {_type_of(x) for x in opt.values}
        return types.pop() if len(types) == 1 else ANY
    return _type_of(value)


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


# -- resolving files and extends -------------------------------------------------

_EXTENDS_HINT = "extends reaches only a shipped variant, by name, or a file in this file's own folder or below it"


def _is_absolute(name: str) -> bool:
    return (
        os.path.isabs(name) or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":" and name[0].isalpha())
    )


def _inside(real: str, folder: str) -> bool:
    try:
        return os.path.commonpath([real, folder]) == folder
    except ValueError:
        return False


def parent_file(doc: Document, path: Path, name: str) -> Path:
    """The file an `extends: NAME` in `path` names, by the extends rule: a shipped variant by
    name, or a file under the extending file's own folder (reached without leaving it, by
    '..' or by a symbolic link). X703, X704 or X705 at the extends value otherwise."""
    where = ("extends",)
    if not name.strip() or "\0" in name:
        raise RulesError(
            doc.diag("X703", f"extends {short(name)!r}: not the name of a variant or a file", where, hint=_EXTENDS_HINT)
        )
    if _is_absolute(name):
        raise RulesError(doc.diag("X704", f"extends '{short(name)}': an absolute path", where, hint=_EXTENDS_HINT))
    folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    is_file = name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name
    rel = name if is_file else f"{name}.yaml"
    if os.path.normpath(rel).split(os.sep)[0] == os.pardir:
        raise RulesError(
            doc.diag(
                "X705", f"extends '{short(name)}': '..' leads out of this file's folder", where, hint=_EXTENDS_HINT
            )
        )
    candidate = Path(folder) / rel
    if not is_file and not os.path.lexists(candidate):
        shipped = shipped_file(rel)
        if shipped is not None:
            return shipped
    if not _inside(os.path.realpath(candidate), folder):
        raise RulesError(
            doc.diag(
                "X705",
                f"extends '{short(name)}': a symbolic link to a file outside this file's folder",
                where,
                hint=_EXTENDS_HINT,
            )
        )
    return candidate


def read_with_extends(path: Path, chain=()) -> Document:
    doc = read_file(path)
    data = doc.data
    if not isinstance(data, dict) or "extends" not in data:
        return doc
    parent_name = data["extends"]
    if not isinstance(parent_name, str):
        return doc
    if len(chain) >= MAX_EXTENDS:
        raise RulesError(doc.diag("X702", f"extends chain longer than {MAX_EXTENDS}", ("extends",)))
    parent_path = parent_file(doc, Path(path), parent_name)
    here = os.path.realpath(path)
    key = os.path.realpath(parent_path)
    if key in chain or key == here:
        raise RulesError(
            doc.diag("X701", f"extends cycle: '{short(parent_name)}' extends this file again", ("extends",))
        )
    if not os.path.lexists(parent_path):
        raise RulesError(
            doc.diag(
                "X703",
                f"extends '{short(parent_name)}': no such variant or file",
                ("extends",),
                hint="name a file in the same folder or a variant that 'rulesdsl list' shows",
            )
        )
    try:
        parent = read_with_extends(parent_path, chain + (here,))
    except RulesError as exc:  # the parent cannot be read at all: say so at the extends line
        d = exc.first
        if len(exc.diagnostics) == 1 and not d.line and d.file == str(parent_path):
            raise RulesError(
                doc.diag(d.code, f"extends '{short(parent_name)}': {d.message}", ("extends",), hint=d.hint)
            ) from None
        raise
    merged = merge(parent, doc)
    if isinstance(merged.data, dict):
        merged.data.pop("extends", None)
    return merged


def load_path(path, options: dict | None = None, *, warnings: list | None = None) -> model.Variant:
    """Load one variant file; raise RulesError listing every problem found."""
    path = Path(path)
    doc = read_with_extends(path)
    builder = Builder(doc, options, path.stem)
    variant = builder.build()
    errors = [d for d in builder.out if d.severity == "error"]
    if warnings is not None:
        warnings.extend(d for d in builder.out if d.severity != "error")
    if errors or variant is None:
        raise RulesError(
            errors
            or [
                doc.diag(
                    "S100",
                    "the file does not describe a variant",
                    (),
                    hint="a variant needs a name, at least one pile group under piles, a deal and a win",
                )
            ]
        )
    return variant


def diagnose(path, options: dict | None = None) -> list[Diagnostic]:
    """Every diagnostic for one file (errors and warnings), never raising."""
    path = Path(path)
    try:
        doc = read_with_extends(path)
    except RulesError as exc:
        return exc.diagnostics
    builder = Builder(doc, options, path.stem)
    variant = builder.build()
    if variant is None and not any(d.severity == "error" for d in builder.out):
        builder.out.append(
            doc.diag(
                "S100",
                "the file does not describe a variant",
                (),
                hint="a variant needs a name, at least one pile group under piles, a deal and a win",
            )
        )
    return builder.out


def load(name: str, options: dict | None = None) -> model.Variant:
    """Load a variant by name (from variants/) or by path, with option values."""
    path = find_variant(name)
    if path is None:
        hint = suggest(name, names())
        raise RulesError(
            Diagnostic(
                "R001",
                f"no variant named '{short(name)}'",
                short(name),
                hint=f"did you mean '{hint}'?" if hint else "see 'rulesdsl list', or give a path to a .yaml file",
            )
        )
    return load_path(path, options)
