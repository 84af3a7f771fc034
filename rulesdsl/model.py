"""The compiled variant: plain immutable objects holding ready-to-call rules.

Nothing here reads YAML or parses text; the loader builds these once per set of option
values, and the engine (``moves``) only ever reads them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from .cards import Deck
from .kinds import ActionKind, AutoKind, Role
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
    lift: str                 # "none", "top" or "run"
    sequence: Fn = None       # (a, b) -> bool, for lift "run"
    max_run: Fn = None        # move context -> int
    accept: Fn = None         # move context -> bool, destination not empty
    accept_empty: Fn = None   # move context -> bool, destination empty
    accept_plan: object = None      # compiler.Plan of accept: run bound, key join
    empty_plan: object = None       # compiler.Plan of accept_empty
    capacity: int | None = None
    points: Fn = None         # move context -> int, scored when cards enter
    show: str = "stack"
    label: str = ""
    interchangeable: bool = False   # empty piles of the group are alike: one move to the first

    @property
    def takes(self) -> bool:
        return self.accept is not None or self.accept_empty is not None


@dataclass(frozen=True)
class Action:
    name: str
    kind: ActionKind
    source: int
    targets: tuple
    count: Fn = None
    limit: Fn = None
    when: Fn = None
    points: Fn = None
    label: str = ""
    face_up: bool = False     # recycle: the cards stay face up


@dataclass(frozen=True)
class Removal:
    name: str
    sources: tuple            # piles whose free top cards may be removed
    dest: int
    cards: int
    when: Fn = None
    points: Fn = None


@dataclass(frozen=True)
class Auto:
    kind: AutoKind            # flip, refill or move
    piles: tuple              # flip, refill: the piles acted on; move: the source piles
    sources: tuple = ()       # refill: where the cards come from
    targets: tuple = ()       # move: the destination piles, in order
    when: Fn = None           # move: move context -> bool


# -- deal steps ---------------------------------------------------------------
@dataclass(frozen=True)
class Shuffle:
    pass


@dataclass(frozen=True)
class Place:
    cards: tuple              # (pile, rank, suit index) in order


@dataclass(frozen=True)
class DealTo:
    piles: tuple
    counts: tuple             # cards per pile
    downs: tuple              # face-down cards per pile (the first dealt)
    by_row: bool = True


@dataclass(frozen=True)
class Rest:
    pile: int
    face_up: bool = False     # the rest goes face up (a face-up stock)


@dataclass(frozen=True)
class RemoveCards:
    test: Callable            # card context -> bool


@dataclass(frozen=True)
class Numbering:
    """How numbered deals (numbering.py) and fc-solve boards (fcs.py) map onto the piles."""
    scheme: str               # "ms" or "pysol"
    game: str = ""            # pysol-cards' name of the PySol game (scheme pysol)
    fc_solve: str = ""        # fc-solve's --game preset, when fc-solve plays the game
    columns: tuple = ()       # piles taking the board's columns, in order
    cells: tuple = ()         # piles taking the "Freecells:" line, in order
    foundations: tuple = ()   # piles taking the "Foundations:" line
    talon: tuple = ()         # the pile taking the "Talon:" line (first card on top)
    face_up: bool = False     # every card of a board lies face up, whatever it marks face down


NO_LIMIT = 1 << 30


@dataclass(frozen=True)
class DestBlock:
    """The piles of one group that take cards, and the shortcuts its accept rules allow."""
    full_max: int
    empty_max: int
    run_key: Fn
    top_key: Fn
    piles: tuple              # (pile, covering piles, accept, accept_empty, capacity)


@dataclass
class Variant:
    """One variant with its option values bound: everything the engine needs."""
    id: str
    name: str
    description: str
    path: str
    option_decls: tuple
    options: dict
    deck: Deck
    layout: Layout
    rules: tuple              # PileRules per pile index
    groups: dict              # group name -> PileRules
    deal: tuple
    actions: tuple
    removals: tuple
    autos: tuple
    win: Callable
    score: Fn
    display: tuple            # rows of pile/group names for the runner
    text: str = ""            # the rules in words
    sources: tuple = field(default=())   # piles that can give cards, in order
    numbering: Numbering | None = None   # deal numbers and fc-solve boards (numbering.py)

    def __post_init__(self):
        self.sources = tuple(p for p, r in enumerate(self.rules) if r.lift != "none")
        # the groups declared interchangeable (piles.*.interchangeable), for searches (solver.py)
        self.interchangeable = tuple(n for n, r in self.groups.items() if r.interchangeable)
        self.action_index = {a.name: i for i, a in enumerate(self.actions)}
        # Destinations by group, in pile order, with what the generator may use without
        # running a rule (compiler.Plan): the run bound when full / empty, and a key join.
        covers = self.layout.covers
        blocks = []
        for name, g in self.layout.groups.items():
            r = self.groups[name]
            if not r.takes:
                continue
            ap, ep = r.accept_plan, r.empty_plan
            blocks.append(DestBlock(
                full_max=ap.max_run if ap is not None and ap.max_run is not None else NO_LIMIT,
                empty_max=ep.max_run if ep is not None and ep.max_run is not None else NO_LIMIT,
                run_key=ap.run_key if ap is not None else None,
                top_key=ap.top_key if ap is not None else None,
                piles=tuple((d, covers[d], r.accept, r.accept_empty, r.capacity) for d in g.piles)))
        self.dest_blocks = tuple(blocks)
        self.use_plans = True          # tests switch the shortcuts off to compare
        self.removal_index = {r.name: r for r in self.removals}
        self.removal_number = {r.name: i for i, r in enumerate(self.removals)}

    def new_game(self, seed: int = 1):
        """A new game dealt from this seed (see deal.py for the shuffle)."""
        from .game import Game
        return Game.new(self, seed)

    def numbered_game(self, deal):
        """A new game dealt as deal number ``deal`` (an int, or text like 'ms617') of the
        numbering the variant declares; numbering.DealError says why there is none."""
        from .game import Game
        return Game.numbered(self, deal)

    def pile_name(self, p: int) -> str:
        return self.layout.pile_names[p]

    def pile_index(self, name: str) -> int | None:
        return self.layout.pile(name)
