"""The compiled variant: plain immutable objects holding ready-to-call rules.

Nothing here reads YAML or parses text; the loader builds these once per set of option
values, and the engine (``deal``, ``moves``, ``game``) only ever reads them. The engine
reads them as they are and imports nothing from here (the deal program's steps live in
deal.py, the generator's index in moves.py), so this module can stand above it:
``Variant.new_game`` builds a ``game.Game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Optional

from ..core.cards import Deck
from ..core.kinds import ActionKind, AutoKind, Role
from ..play.game import Game
from .layout import Layout

Fn = Optional[Callable]


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    values: tuple | None = None
    min: int | None = None
    max: int | None = None
    help: str = ""
    loosest_first: tuple | None = None  # the values, loosest rules first (declared, or None)

    def describe(self) -> str:
        if self.values is not None:
            allowed = "|".join(map(str, self.values))
        else:
            allowed = f"{self.min if self.min is not None else ''}..{self.max if self.max is not None else ''}"
        text = f"{self.name}={allowed} (default {self.default})"
        return f"{text}: {self.help}" if self.help else text


@dataclass(frozen=True)
class PileRules:
    """How every pile of one group gives and takes cards."""

    group: str
    role: Role
    lift: str  # "none", "top" or "run"
    sequence: Fn = None  # (a, b) -> bool, for lift "run"
    max_run: Fn = None  # move context -> int
    accept: Fn = None  # move context -> bool, destination not empty
    accept_empty: Fn = None  # move context -> bool, destination empty
    accept_plan: object = None  # compiler.Plan of accept: run bound, key join
    empty_plan: object = None  # compiler.Plan of accept_empty
    capacity: int | None = None
    points: Fn = None  # move context -> int, scored when cards enter
    show: str = "stack"
    label: str = ""
    interchangeable: bool = False  # empty piles of the group are alike: one move to the first
    classes: tuple = ()  # interchangeable by key: tuples of piles of one key (alike to the solver)
    keep: int = 0  # the bottom cards that never leave a pile (a run lifts only from above them)
    lift_when: Fn = None  # lift context -> bool: may this run leave (judged with it lifted)

    @property
    def takes(self) -> bool:
        return self.accept is not None or self.accept_empty is not None


@dataclass(frozen=True)
class Action:
    name: str
    kind: ActionKind  # deal, recycle or redeal
    source: int
    targets: tuple
    count: Fn = None
    limit: Fn = None
    when: Fn = None
    points: Fn = None
    label: str = ""
    face_up: bool = False  # recycle: the cards stay face up
    gather: tuple = ()  # redeal: the piles whose cards are gathered, in order
    keep: Fn = None  # redeal: pile context -> bool, the pile's cards stay
    skip: Fn = None  # redeal: pile context -> bool, the pile gets no card back
    shuffle: bool = False  # redeal: shuffle the gathered cards (else keep their order)
    top_first: bool = False  # redeal: gather each pile top card first (else bottom card first)
    face_down: bool = False  # redeal: the cards dealt back lie face down (else face up)
    steps: tuple = ()  # sequence: the indices of the actions it plays, in order
    parts: tuple = ()  # sequence: those actions themselves, in the same order
    step_only: bool = False  # played only as a step of a sequence, never offered on its own


@dataclass(frozen=True)
class Removal:
    name: str
    sources: tuple  # piles whose free top cards may be removed
    dest: int
    cards: int
    when: Fn = None
    points: Fn = None


@dataclass(frozen=True)
class Auto:
    kind: AutoKind  # flip, refill, move or remove
    piles: tuple  # flip, refill: the piles acted on; move, remove: the source piles
    sources: tuple = ()  # refill: where the cards come from
    targets: tuple = ()  # move: the destination piles, in order; remove: the removal's pile
    when: Fn = None  # move: move context -> bool; flip, refill: pile context -> bool
    removal: object = None  # remove: the Removal it plays


@dataclass(frozen=True)
class Numbering:
    """How numbered deals (numbering.py) and fc-solve boards (fcs.py) map onto the piles."""

    scheme: str  # "ms" or "pysol"
    game: str = ""  # pysol-cards' name of the PySol game (scheme pysol)
    fc_solve: str = ""  # fc-solve's --game preset, when fc-solve plays the game
    columns: tuple = ()  # piles taking the board's columns, in order
    cells: tuple = ()  # piles taking the "Freecells:" line, in order
    foundations: tuple = ()  # piles taking the "Foundations:" line
    talon: tuple = ()  # the pile taking the "Talon:" line (first card on top)
    face_up: bool = False  # every card of a board lies face up, whatever it marks face down


# Keys whose strings are prose, display or the deal: nothing there decides a move.
_PROSE = frozenset(
    ("name", "description", "rules", "label", "help", "layout", "deal", "show", "options", "score", "points")
)  # no rule reads the score: it never decides a move


def _strings(data, path=()):
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str) and k in _PROSE:
                continue
            yield from _strings(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _strings(v, path + (i,))


@dataclass(frozen=True)
class RulesText:
    """The rules of play as the file writes them, for the solver's derivations (safe moves,
    dead ends, stock macros, interchangeable piles), which prove things from the text of the
    rules. Taken once from the merged file by the loader, so no later stage reads it again."""

    strings: tuple  # (path in the file, text) of every string outside prose and display
    win: str | None  # the win's text
    defines: tuple  # (head, text) of each define, as written ('name(a, b)': 'text')
    piles: tuple  # (group name, its accept, accept_empty and max_run as written; None: no map)
    params: frozenset  # the names of the options and params

    @classmethod
    def of(cls, data) -> RulesText | None:
        """From the merged document's data; None when it has no pile groups (prove nothing)."""
        if not isinstance(data, dict) or not isinstance(data.get("piles"), dict):
            return None
        defines = data.get("define")
        piles = tuple(
            (name, MappingProxyType({k: spec[k] for k in _PILE_KEYS if k in spec}) if isinstance(spec, dict) else None)
            for name, spec in data["piles"].items()
        )
        params: set = set()
        for key in ("options", "params"):
            v = data.get(key)
            if isinstance(v, dict):
                params |= {k for k in v if isinstance(k, str)}
        win = data.get("win")
        return cls(
            strings=tuple(_strings(data)),
            win=win if isinstance(win, str) else None,
            defines=tuple(defines.items()) if isinstance(defines, dict) else (),
            piles=piles,
            params=frozenset(params),
        )


_PILE_KEYS = ("accept", "accept_empty", "max_run")


@dataclass(frozen=True, eq=False)
class Variant:
    """One variant with its option values bound: everything the engine needs.

    Frozen: the loader builds it whole, the generator's indexes included, and nothing
    changes it afterwards (the maps are read-only views). Two variants are equal only when
    they are the same object, so a variant can key a cache (fcs.py keeps one).
    """

    id: str
    name: str
    description: str
    path: str
    option_decls: tuple
    options: Mapping  # option name -> value
    deck: Deck
    layout: Layout
    rules: tuple  # PileRules per pile index
    groups: Mapping  # group name -> PileRules
    deal: tuple  # the deal program (deal.py's steps)
    actions: tuple
    removals: tuple
    autos: tuple
    win: Fn
    score: Fn
    display: tuple  # rows of pile/group names for the runner
    # The generator's indexes (moves.py), built by the loader from the rules above.
    sources: tuple  # piles that can give cards, in order
    dest_blocks: tuple  # moves.DestBlock per group that takes cards, in group order
    action_index: Mapping  # action name -> its index in actions
    removal_index: Mapping  # removal name -> Removal
    removal_number: Mapping  # removal name -> its index in removals
    text: str = ""  # the rules in words
    numbering: Numbering | None = None  # deal numbers and fc-solve boards (numbering.py)
    base_pile: int | None = None  # the first pile whose bottom card may fix base_rank (a base_rank deal step)
    base_piles: tuple = ()  # every pile the base_rank step reads, the first that holds a card fixing it
    base_live: tuple = ()  # base_rank fixed by play: these piles' first card, read live (compiler.live_base)
    # the checked tree (checker.Checked) of every expression, by its path in the file
    # (("piles", "tableau", "accept"), ("win",)): what describe.py reads the rules from
    exprs: Mapping = field(default_factory=lambda: MappingProxyType({}))
    history: frozenset = frozenset()  # the history names its rules read (points, last, streak)
    # those read by rules of play (legality, automatic moves, the win), not only by points and
    # score: a search for a win need tell positions apart by these alone
    history_in_play: frozenset = frozenset()
    watched: bool = False  # the rules are wrapped for the validator's watch: codegen.py keeps the closures
    safe: tuple = ()  # solver.safe: move context -> bool, moves the solver plays without branching
    rules_text: RulesText | None = None  # the rules' text, for the solver's derivations (solve/)
    # the `extends` names this file was merged from, its parent first (the catalogue's family)
    lineage: tuple = ()
    family: str = "Other"  # the `family:` key: the catalogue's group (schema.FAMILIES)

    @property
    def mixed_facing(self) -> bool:
        """Can its deal lay face-down cards on face-up ones (State.shown)? Only then do the
        generated flips and expressions read shown."""
        return any(getattr(s, "over_up", False) for s in self.deal)

    @property
    def records_history(self) -> bool:
        """Do its rules read the last move or the streak? Only then are they recorded."""
        return "last" in self.history or "streak" in self.history

    def new_game(self, seed: int = 1) -> Game:
        """A new game dealt from this seed (see deal.py for the shuffle)."""
        return Game.new(self, seed)

    def numbered_game(self, deal: int | str) -> Game:
        """A new game dealt as deal number ``deal`` (an int, or text like 'ms617') of the
        numbering the variant declares; numbering.DealError says why there is none."""
        return Game.numbered(self, deal)

    @property
    def deal_by_cards(self) -> bool:
        """Do the deal's steps look at the cards (play, new_pile, take), so that pile sizes vary by deal?"""
        return any(
            getattr(s, "play", ()) or getattr(s, "onto", ()) or getattr(s, "new_pile", None) is not None
            for s in self.deal
        )

    @property
    def interchangeable(self) -> tuple:
        """The groups declared interchangeable (piles.*.interchangeable), for searches."""
        return tuple(n for n, r in self.groups.items() if r.interchangeable)

    def pile_name(self, p: int) -> str:
        return self.layout.pile_names[p]

    def pile_index(self, name: str) -> int | None:
        return self.layout.pile(name)
