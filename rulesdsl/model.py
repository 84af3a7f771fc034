"""The compiled variant: plain immutable objects holding ready-to-call rules.

Nothing here reads YAML or parses text; the loader builds these once per set of option
values, and the engine (``moves``) only ever reads them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from .cards import Deck
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
        return f"{self.name}={allowed} (default {self.default})"


@dataclass(frozen=True)
class PileRules:
    """How every pile of one group gives and takes cards."""
    group: str
    role: str
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

    @property
    def takes(self) -> bool:
        return self.accept is not None or self.accept_empty is not None


@dataclass(frozen=True)
class Action:
    name: str
    kind: str                 # "deal" or "recycle"
    source: int
    targets: tuple
    count: Fn = None
    limit: Fn = None
    when: Fn = None
    points: Fn = None
    label: str = ""


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
    kind: str                 # "flip" or "refill"
    piles: tuple
    sources: tuple = ()


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


@dataclass(frozen=True)
class RemoveCards:
    test: Callable            # card context -> bool


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
    dests: tuple = field(default=())     # piles that can take cards, in order

    def __post_init__(self):
        self.sources = tuple(p for p, r in enumerate(self.rules) if r.lift != "none")
        self.dests = tuple(p for p, r in enumerate(self.rules) if r.takes)
        self.action_index = {a.name: i for i, a in enumerate(self.actions)}
        covers = self.layout.covers
        self.dest_table = tuple((d, covers[d], self.rules[d].accept, self.rules[d].accept_empty,
                                 self.rules[d].capacity) for d in self.dests)
        # per destination: the most cards its rules can take when full / when empty, and the
        # number of its group's key join (-1: none); joins: (run key, top key) per group
        big = 1 << 30
        self.joins = []
        join_of = {}
        self.dest_limits = []
        for d in self.dests:
            r = self.rules[d]
            ap, ep = r.accept_plan, r.empty_plan
            if ap is not None and ap.run_key is not None and r.group not in join_of:
                join_of[r.group] = len(self.joins)
                self.joins.append((ap.run_key, ap.top_key))
            self.dest_limits.append((
                ap.max_run if ap is not None and ap.max_run is not None else big,
                ep.max_run if ep is not None and ep.max_run is not None else big,
                join_of.get(r.group, -1)))
        self.dest_limits = tuple(self.dest_limits)
        self.joins = tuple(self.joins)
        self.removal_index = {r.name: r for r in self.removals}
        self.removal_number = {r.name: i for i, r in enumerate(self.removals)}

    def new_game(self, seed: int = 1):
        """A new game dealt from this seed (see deal.py for the shuffle)."""
        from .game import Game
        return Game.new(self, seed)

    def pile_name(self, p: int) -> str:
        return self.layout.pile_names[p]

    def pile_index(self, name: str) -> int | None:
        return self.layout.pile(name)
