"""The whole pipeline from a variant file to a compiled Variant, collecting every diagnostic.

    read (YAML with marks) -> extends -> structure (schema) -> options -> deck and piles
    -> every section built (variant/sections/, one builder each: params, define, the piles'
    rules, deal, actions, removals, auto, win and score, layout, numbering, solver)
    -> Variant, with the move generator's indexes -> the deal checked on one game

Each stage adds to one list of diagnostics; the stages after a structural error still
run on the parts that are sound, so an author sees every problem in one go. The Variant is
built in one place, Builder.build.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..core.errors import Diagnostic, RulesError, short, suggest
from ..core.limits import MAX_EXTENDS, MAX_VARIANT_BYTES
from ..engine.deal import Take
from ..engine.moves import NO_LIMIT, DestBlock
from ..lang.checker import Checker, World
from ..lang.compiler import Compiler
from . import model
from .layout import Layout
from .registry import canonical, find_variant, names, shipped_file
from .schema import DEFAULT_FAMILY
from .sections.actions import build_actions, build_removals
from .sections.autos import build_autos
from .sections.base import Context, option_type
from .sections.deal import build_deal, over_up_fits, take_fits
from .sections.deck import build_deck
from .sections.defines import build_defines
from .sections.numbering import build_numbering, numbering_fits
from .sections.options import build_options, build_params, hidden_names
from .sections.piles import build_display, build_layout, build_pile_rules
from .sections.solver import build_solver_safe
from .source import Document, merge, read_file, read_text


class Builder(Context):
    """Builds one Variant from one Document; collects diagnostics instead of stopping."""

    def options(self) -> tuple[dict, tuple]:
        """The options' values and declarations, after structure() (the validator's combinations)."""
        return build_options(self)

    def prepare(self) -> bool:
        """The stages every section's builder stands on: the structure, the options, the deck
        and the piles, then the world the expressions see, its checker and compiler. False
        when there is nothing to build on (the reasons are reported)."""
        data = self.structure()
        if data is None:
            return False
        options, decls = build_options(self)
        self.option_values, self.decls = options, decls
        deck = build_deck(self)
        self.option_values, self.decls, self.world_deck = options, decls, deck
        layout = build_layout(self)
        if deck is None or layout is None:
            return False
        actions_names = list(data.get("actions") or {}) if isinstance(data.get("actions"), dict) else []
        constants = {k: (v, option_type(decls, k, v)) for k, v in options.items()}
        self.world = World(deck, layout, constants, actions_names)
        self.world.words = {v for o in decls for v in (o.values or ()) if isinstance(v, str)}
        self.world.base_rank = self.fixes_base_rank()
        self.world.base_live = self.played_base(layout)
        raw_removals = data.get("removals")
        self.world.removals = tuple(raw_removals) if isinstance(raw_removals, dict) else ()
        self.checker = Checker(self.world)
        self.compiler = Compiler(self.world)
        self.history_in_play = set()
        return True

    def build(self) -> model.Variant | None:
        """The Variant, with every section built in order; None after an error (in ``out``)."""
        if not self.prepare():
            return None
        data, deck, layout = self.data, self.world.deck, self.world.layout
        options, decls = self.option_values, self.decls
        build_params(self)
        hidden_names(self)
        build_defines(self)
        rules = build_pile_rules(self)
        deal = build_deal(self)
        actions = build_actions(self)
        removals = build_removals(self)
        autos = build_autos(self, removals)
        over_up_fits(self, actions, autos)
        win = self.expr(("win",), "state", "bool") if "win" in data else None
        score = self.expr(("score",), "state", "int") if "score" in data else None
        display = build_display(self)
        numbering = build_numbering(self)
        safe = build_solver_safe(self)
        if any(d.severity == "error" for d in self.out):
            return None
        pile_rules = tuple(rules[layout.group_of[p]] for p in range(layout.size))
        variant = model.Variant(
            id=self.id,
            name=data.get("name", self.id),
            description=data.get("description", ""),
            family=data.get("family") or DEFAULT_FAMILY,
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
            base_piles=self.base_piles,
            base_live=self.world.base_live,
            exprs=MappingProxyType(dict(self.checked)),
            history=frozenset(self.world.history_read),
            history_in_play=frozenset(self.history_in_play),
            watched=self.wrap is not None,
            safe=safe,
            rules_text=model.RulesText.of(self.doc.data),
            lineage=tuple(self.doc.lineage),
            **engine_indexes(layout, rules, pile_rules, actions, removals),
        )
        if any(isinstance(st, Take) for st in deal):
            take_fits(self, variant)
            if any(d.severity == "error" for d in self.out):
                return None
        if numbering is not None:
            numbering_fits(self, variant)
            if any(d.severity == "error" for d in self.out):
                return None
        return variant


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
    merged.lineage = (parent_name,) + tuple(parent.lineage)
    return merged


def read_text_with_extends(text: str, label: str = "<text>") -> Document:
    """A variant given as text, not as a file (the workbench, a task sent to a cluster worker):
    the same size cap as a file, and an ``extends`` that names a shipped variant only. Text has
    no folder of its own, so no file is ever looked up from what it says (X703 otherwise)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_VARIANT_BYTES:
        raise RulesError(
            Diagnostic(
                "Y008",
                f"variant text too large ({size:,} bytes): at most {MAX_VARIANT_BYTES:,} bytes are read",
                label,
                hint="a variant is a few kilobytes; check what was pasted",
            )
        )
    doc = read_text(text, label)
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("extends"), str):
        return doc
    name = data["extends"]
    plain = bool(name.strip()) and not any(c in name for c in "/\\\0") and not name.startswith(".")
    parent_path = shipped_file(f"{canonical(name)}.yaml") if plain and not name.endswith((".yaml", ".yml")) else None
    if parent_path is None:
        raise RulesError(
            doc.diag(
                "X703",
                f"extends {short(name)!r}: a variant given as text extends only a shipped variant, by name",
                ("extends",),
                hint="name a variant that 'rulesdsl list' shows",
            )
        )
    parent = read_with_extends(parent_path)
    merged = merge(parent, doc)
    if isinstance(merged.data, dict):
        merged.data.pop("extends", None)
    merged.lineage = (name,) + tuple(parent.lineage)
    return merged


def _checked_build(doc: Document, options: dict | None, stem: str, warnings: list | None) -> model.Variant:
    """The Variant a read document describes; RulesError with every error otherwise."""
    builder = Builder(doc, options, stem)
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


def load_text(
    text: str, options: dict | None = None, *, label: str = "<text>", warnings: list | None = None
) -> model.Variant:
    """Load a variant from its text (read_text_with_extends); diagnostics name ``label`` as
    their file. Raise RulesError listing every problem found."""
    return _checked_build(read_text_with_extends(text, label), options, _stem(label), warnings)


def _stem(label: str) -> str:
    return Path(label).stem if label.endswith((".yaml", ".yml")) else "variant"


def load_path(path, options: dict | None = None, *, warnings: list | None = None) -> model.Variant:
    """Load one variant file; raise RulesError listing every problem found."""
    path = Path(path)
    return _checked_build(read_with_extends(path), options, path.stem, warnings)


def diagnose(path, options: dict | None = None) -> list[Diagnostic]:
    """Every diagnostic for one file (errors and warnings), never raising."""
    return load_report(path, options).diagnostics


@dataclass(frozen=True)
class LoadReport:
    """Everything one load of a file found, for a tool that reports on the file itself (the
    validator): the merged document (None when it could not be read) to place its own
    diagnostics and read the keys as written, every diagnostic, the Variant (None when the
    file has errors), and the options the file declares (also when the build failed)."""

    document: Document | None
    diagnostics: list
    variant: model.Variant | None
    declared: tuple = ()
    data: dict = field(default_factory=dict)  # the keys as the format checked them (schema.py)


def load_report(
    path, options: dict | None = None, *, wrap=None, document: Document | None = None, text: str | None = None
) -> LoadReport:
    """Load one file and report everything, never raising on a bad file. ``wrap`` is the
    Builder's hook on every compiled expression (the validator's watch at run time);
    ``document`` is the file as an earlier report read it, so that building it with many
    option values reads it once. With ``text``, the variant is that text (read as
    read_text_with_extends reads it) and ``path`` is only the label its diagnostics name."""
    path = Path(path)
    doc = document
    if doc is None:
        try:
            doc = read_with_extends(path) if text is None else read_text_with_extends(text, str(path))
        except RulesError as exc:
            return LoadReport(None, list(exc.diagnostics), None)
    builder = Builder(doc, options, path.stem, wrap=wrap)
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
    return LoadReport(doc, builder.out, variant, getattr(builder, "decls", ()), getattr(builder, "data", {}))


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
