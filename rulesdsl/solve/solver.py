"""A solver for any declared variant: a search over the Game API, in turns of depth-first
and best-first search over one transposition table.

It plays moves with ``Game.apply_unchecked`` and takes them back with ``Game.undo``; nothing
here knows a game by name. What makes it more than a blind search:

* **A transposition table on canonical keys.** A position's key is built from one byte
  string per pile, kept up to date incrementally: after a move (or its undo) only the piles
  its primitive operations touched are re-encoded (read from the game's packed op log).
  Piles of a group that is *interchangeable* are sorted before joining, so two positions
  that differ only by a permutation of such piles meet in the table. A group is
  interchangeable when the variant declares it (``variant.interchangeable``, once the
  language has the key) or when ``analyse`` proves that no rule can tell its piles apart.
* **Action counters by dominance.** A position seen with fewer uses of each limited action
  (passes through the stock) covers the same position with more uses, when no expression
  reads ``used()``; counters of unlimited actions are never part of the key. Points are
  never part of the key: no expression can read them.
* **Move ordering.** Foundation moves and removals first, then moves that turn a card or
  empty a pile, then building, then actions, then moves into empty piles and cells, and
  moves off a foundation last.
* **Forced moves** (a position with one legal move), **derived safe moves** (a proof from
  the rules, ``derive_safe``) and **declared safe moves** (the variant's ``solver.safe``
  conditions; the author vouches for them) are played without branching.
* **Dead ends** (``derive_dead``): where cards only ever go to sinks, a position in which
  some card the win needs can no longer reach a sink is not entered.
* **Guidance.** Positions are scored (``Scorer``, how deep the cards the foundations take
  next lie, ``NextCards``, and the run the free places allow, ``RunRoom``); the search takes
  waiting positions in turns, depth-first and best first (see ``solve``).
* **Stock macro moves** (``derive_stock``): where actions only shuffle a stock and its waste
  and nothing else reads them, the draws before a card move from those piles are one child,
  and moves elsewhere are searched only before drawing (they commute with the draws).
* **A streamliner** first, where the macro moves apply: half the limits on a search that
  plays a foundation move without trying the others; only its wins count.

The search is exhaustive unless a limit stops it: ``unwinnable`` is said only when every
reachable position was explored (the key and the dominance rule only ever merge positions
that have the same future). The solver sees face-down cards: it solves the "thoughtful"
game.
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

import heapq
import re
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import ArgumentError
from ..core.kinds import PROGRESS_ROLES, ActionKind, AutoKind, Role
from ..core.limits import DEFAULT_MAX_STATES, MAX_OPEN, MAX_STATES
from ..core.state import State
from ..engine.moves import follow_ups
from ..lang import ast as A
from ..lang.parser import parse
from ..lang.runtime import Env
from ..play.game import Game
from ..variant.loader import read_with_extends

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"


@dataclass
class Result:
    verdict: str  # "won", "unwinnable" or "unknown"
    moves: list = field(default_factory=list)  # the winning line, as move notation
    states: int = 0  # positions entered in the table
    seconds: float = 0.0
    limit: str | None = None  # "states" or "time" when the verdict is unknown
    difficulty: int | None = None  # states explored up to the first win

    def to_json(self) -> dict:
        out = {"verdict": self.verdict, "moves": self.moves, "states": self.states, "seconds": round(self.seconds, 4)}
        if self.limit:
            out["limit"] = self.limit
        return out


# -- what the rules let the solver merge ----------------------------------------------


@dataclass(frozen=True)
class Analysis:
    interchangeable: tuple  # tuples of pile indices whose order does not matter
    reads_used: bool  # some expression calls used(): counters go in the key as is
    limited: tuple  # indices of actions with a limit
    sealed: tuple = ()  # piles of which only size, top and face-down count matter
    faces: bool = False  # copies of a card (several decks) are keyed alike: no rule reads .copy
    shrinking: tuple = ()  # piles no move, action or automatic move ever puts a card on


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PILE_ATTR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)?\s*\.\s*(index|prev|next|at)\b")
_USED = re.compile(r"\bused\s*\(")
_DEEP = re.compile(r"\.\s*(cards|bottom)\b|\bcards\s*\(")
_COPY = re.compile(r"\.\s*copy\b")
# Keys whose strings are prose, display or the deal: nothing there decides a move.
_PROSE = {
    "name",
    "description",
    "rules",
    "label",
    "help",
    "layout",
    "deal",
    "show",
    "options",
    "score",
    "points",
}  # no rule reads the score: it never decides a move


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


def _document(variant):
    try:
        return read_with_extends(Path(variant.path)).data
    except Exception:  # no readable source: prove nothing
        return None


def _rules_document(variant, data=None):
    """The variant's file as data (read again unless given), or None when it cannot be read
    or has no piles: the derivations below then prove nothing."""
    if data is None:
        data = _document(variant)
    if not isinstance(data, dict) or not isinstance(data.get("piles"), dict):
        return None
    return data


def analyse(variant, data=None) -> Analysis:
    """Which pile groups no rule can tell apart, whether any rule reads action counters.

    A group is proved interchangeable when all of these hold: its piles share one rule set
    (always true: rules are per group); no pile of it covers or is covered by another
    pile; no action, refill or removal names some of its piles and not others (an action
    deals to its targets in order, so naming any pile of the group is enough to refuse);
    and no expression names the group other than as a quantifier's domain (``x in G:``)
    or reads ``index``, ``prev``, ``next`` or ``at`` of a pile that could be one of its piles.
    Anything this test cannot see through counts against the group (sound, not complete).
    """
    layout = variant.layout
    groups = layout.groups
    limited = tuple(i for i, a in enumerate(variant.actions) if a.limit is not None)
    if data is None:
        data = _document(variant)
    if not isinstance(data, dict):
        return Analysis((), True, limited)
    tainted: set = set()
    everything = set(groups)
    reads_used = deep = copies = False
    for path, text in _strings(data):
        body = _QUOTED.sub("''", text)
        if _USED.search(body):
            reads_used = True
        if _COPY.search(body):
            copies = True
        if _DEEP.search(body):
            deep = True
        owner = path[1] if len(path) >= 3 and path[0] == "piles" else None
        fld = path[2] if owner else None
        for m in _PILE_ATTR.finditer(body):
            obj = m.group(1)
            if owner in groups and (
                (obj == "dest" and fld in ("accept", "accept_empty", "points"))
                or (obj == "source" and fld == "max_run")
            ):
                tainted.add(owner)
            else:
                tainted |= everything
        if text.strip() in groups:  # names a whole group (flip: tableau)
            continue
        for m in _IDENT.finditer(body):
            name = m.group()
            if name not in groups:
                continue
            before, after = body[: m.start()].rstrip(), body[m.end() :].lstrip()
            if re.search(r"(^|[^A-Za-z0-9_])in$", before) and after.startswith(":"):
                continue  # a quantifier's domain: order-free
            tainted.add(name)
    declared = set(getattr(variant, "interchangeable", ()) or ())
    pile_group = layout.group_of

    def names(piles):
        return {pile_group[p] for p in piles}

    for a in variant.actions:
        tainted |= names((a.source,) + tuple(a.targets))
    for auto in variant.autos:
        if auto.kind != "flip":
            tainted |= names(tuple(auto.piles) + tuple(auto.sources) + tuple(auto.targets))
        else:
            for g in names(auto.piles):
                if set(auto.piles) & set(groups[g].piles) != set(groups[g].piles):
                    tainted.add(g)
    for r in variant.removals:
        tainted |= names((r.dest,))
        for g in names(r.sources):
            if set(r.sources) & set(groups[g].piles) != set(groups[g].piles):
                tainted.add(g)
    out = []
    # the last move names its piles: a position and its permutation differ in what it names
    names_piles = "last" in getattr(variant, "history_in_play", ())
    for name, g in groups.items():
        if g.count < 2 or names_piles:
            continue
        if name in declared or (name not in tainted and not any(layout.covers[p] or layout.under[p] for p in g.piles)):
            out.append(tuple(g.piles))
    # A pile nothing leaves (lift none, no action, refill or removal takes from it) whose
    # cards below the top no expression reads (no .cards, .bottom or cards()): its order
    # below the top never matters again, only its size and top.
    sealed: tuple = ()
    if not deep:
        given = {a.source for a in variant.actions}
        given |= {s for auto in variant.autos for s in auto.sources}
        given |= {s for r in variant.removals for s in r.sources}
        sealed = tuple(p for p, r in enumerate(variant.rules) if r.lift == "none" and p not in given)
    # A pile that never receives a card only ever loses its top ones: in one search its
    # cards are the bottom of what it held at the start, so its size and face-down count
    # say everything. Such piles are keyed apart, not sorted with their group (their keys no
    # longer name cards, so sorting them would merge different positions; two of them
    # never hold the same cards anyway, unless both are empty).
    shrinking = _shrinking(variant)
    if shrinking:
        out = [g for g in (tuple(p for p in g if p not in shrinking) for g in out) if len(g) > 1]
    # Copies of one card (two decks or more): the language names no card by its id, so
    # swapping two copies everywhere changes nothing a rule can see unless it reads .copy
    # (card.name has no copy mark): such positions have the same future.
    faces = variant.deck.decks > 1 and not copies
    return Analysis(tuple(out), reads_used, limited, sealed, faces, tuple(sorted(shrinking)))


def _shrinking(variant) -> set:
    """The piles nothing ever puts a card on: no destination rule, no action, refill,
    automatic move or removal gives them cards (a compacting action may move any pile's
    cards, so with one nothing counts)."""
    taking = {p for p, r in enumerate(variant.rules) if r.takes}
    for a in variant.actions:
        if a.kind == ActionKind.COMPACT:
            return set()
        taking |= set(a.targets)
        if a.kind == ActionKind.REDEAL:
            taking |= set(a.gather) | {a.source}
    for auto in variant.autos:
        if auto.kind == "refill":
            taking |= set(auto.piles)
        elif auto.kind != "flip":
            taking |= set(auto.targets)
    taking |= {r.dest for r in variant.removals}
    return set(range(len(variant.rules))) - taking


# -- canonical keys -----------------------------------------------------------------


class Keyer:
    """The canonical key of the game's position, one byte string per pile kept up to date."""

    def __init__(self, variant, state, analysis: Analysis, top_class=None):
        self.st = state
        self.top_class = top_class or {}  # sealed pile -> card -> class of its top
        n = len(state.piles)
        self.wide = sum(len(p) for p in state.piles) > 250  # a length or id may not fit a byte
        grouped = {p for g in analysis.interchangeable for p in g}
        self.fixed = [p for p in range(n) if p not in grouped]
        self.groups = [list(g) for g in analysis.interchangeable]
        self.sealed = set(analysis.sealed)
        self.shrinking = set(analysis.shrinking)
        self.face: Any = None  # card id -> the id keyed (its first copy's), when copies are alike
        if analysis.faces:
            deck = variant.deck
            first: dict = {}
            face = [first.setdefault((deck.rank_of[c], deck.suit_of[c]), c) for c in range(deck.size)]
            if face != list(range(deck.size)):
                self.face = face
                if not self.wide:
                    self.face = bytes(face + list(range(len(face), 256)))
        self.piece = [self._piece(p) for p in range(n)]
        # rules of play read points, last or streak: they are part of the position
        self.history = bool(getattr(variant, "history_in_play", ()))

    def _piece(self, p) -> bytes:
        pile = self.st.piles[p]
        if p in self.shrinking:
            if self.wide:
                return array("H", (len(pile), self.st.down[p])).tobytes()
            return bytes((len(pile), self.st.down[p]))
        face = self.face
        if p in self.sealed and pile:
            cls = self.top_class.get(p)
            top = pile[-1] if face is None else face[pile[-1]]
            pile = [top] if cls is None else [cls[pile[-1]]]
            if self.wide:
                return array("H", [len(self.st.piles[p]), self.st.down[p], 65535] + pile).tobytes()
            return bytes((len(self.st.piles[p]), self.st.down[p], 255)) + bytes(pile)
        if self.wide:
            if face is not None:
                pile = [face[c] for c in pile]
            return array("H", [len(pile), self.st.down[p]] + pile).tobytes()
        if face is not None:
            return bytes((len(pile), self.st.down[p])) + bytes(pile).translate(face)
        return bytes((len(pile), self.st.down[p])) + bytes(pile)

    def touch(self, piles) -> None:
        if piles is None:
            piles = range(len(self.piece))
        for p in piles:
            self.piece[p] = self._piece(p)

    def key(self) -> bytes:
        piece = self.piece
        parts = [piece[p] for p in self.fixed]
        for g in self.groups:
            parts.extend(sorted(piece[p] for p in g))
        if self.history:  # the rules read the history: it is part of the position
            parts.append(array("q", (self.st.points, self.st.last, self.st.streak)).tobytes())
        return b"".join(parts)

    def full_key(self) -> bytes:
        """The same key computed from scratch (tests compare the two)."""
        saved = self.piece
        self.piece = [self._piece(p) for p in range(len(saved))]
        try:
            return self.key()
        finally:
            self.piece = saved


def _touched(game, start):
    """The piles the operations logged since ``start`` changed (None: cannot tell, all)."""
    ops = getattr(game, "_ops", None)
    if ops is None:
        return None
    out = set()
    for i in range(start, len(ops)):
        op = ops[i]
        kind = op & 3
        if kind == 0:  # a transfer: source and destination
            out.add(op >> 2 & 1023)
            out.add(op >> 12 & 1023)
        elif kind == 1:  # a flip, or a redeal's record of a pile (moves.SNAP)
            if op & 1 << 13 and not op & 1 << 12:  # a redeal (moves.REDEAL): cannot tell
                return None
            if not op & 1 << 12:
                out.add(op >> 2)
            elif not op & 1 << 13:
                out.add(op >> 14 & 1023)
    return out


# -- the table ------------------------------------------------------------------------


class Table:
    """Positions seen; with limited actions, the counters each was seen with (dominance)."""

    def __init__(self, analysis: Analysis, n_actions: int):
        self.exact = analysis.reads_used
        self.limited = analysis.limited if not self.exact else ()
        self.seen: Any = {} if self.limited else set()  # a set, or key -> counters seen
        self.size = 0

    def add(self, key: bytes, used) -> bool:
        """Record the position; False when it (or one that dominates it) was seen."""
        if self.exact:
            key = key + array("q", used).tobytes()
        if not self.limited:
            if key in self.seen:
                return False
            self.seen.add(key)
            self.size += 1
            return True
        mine = tuple(used[i] for i in self.limited)
        known = self.seen.get(key)
        if known is None:
            self.seen[key] = [mine]
            self.size += 1
            return True
        for other in known:
            if all(o <= m for o, m in zip(other, mine)):
                return False
        known[:] = [o for o in known if not all(m <= x for m, x in zip(mine, o))]
        known.append(mine)
        self.size += 1
        return True


# -- move ordering ---------------------------------------------------------------------


def _orderer(variant):
    roles = [r.role for r in variant.rules]
    sink = {p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES}

    def rank(st, m) -> int:
        if m.kind == "remove":
            return 0
        if m.kind == "action":
            return 4
        s, d = m.sources[0], m.dest
        if s in sink:
            return 7
        if d in sink:
            return 0
        left = len(st.piles[s]) - len(m.cards)
        if left > 0 and st.down[s] >= left:
            return 1  # turns a card
        if not st.piles[d]:
            return 5 if left else 6  # into an empty pile; a whole pile moved: last
        if roles[d] == Role.CELL:
            return 5
        if left == 0:
            return 2  # empties a pile
        return 3

    def ordered(game):
        moves = game.legal_moves()
        if len(moves) < 2:
            return list(moves)
        m = declared_pick(variant, game.state, moves)
        if m is not None:
            return [m]
        st = game.state
        return sorted(moves, key=lambda m: rank(st, m))

    ordered.rank = rank
    return ordered


def declared_pick(variant, st, moves, env=None):
    """The first legal card move a condition of the variant's ``solver.safe`` holds for
    (judged in the position before it, like a destination rule), or None."""
    conds = variant.safe
    if not conds:
        return None
    if env is None:
        env = Env(st)
    env.st = st
    for m in moves:
        if m.kind != "move":
            continue
        env.run, env.card, env.source, env.dest = m.cards, m.cards[0], m.sources[0], m.dest
        for fn in conds:
            if fn(env):
                return m
    return None


# -- moves that cannot hurt, derived from the rules ------------------------------------
#
# A card c moved onto a *sink* f (a pile nothing leaves) is played without branching when a
# proof says it cannot turn a won position into a lost one. The proof (docs/solver.md):
# given a winning line L from the position P, the line L' that starts with c -> f and then
# plays L without c's moves wins from P'. It holds for a class of variants recognised from
# the rules' text and evaluated, never guessed: no actions, removals, automatic follow-ups
# or covering piles; every rule that judges a destination reads only the moving card, the
# destination's top card and index, the source's group or role, and at most
# ``run.size == 1`` as a leading conjunct (so it is *context-free*, and evaluated once per
# pair of cards at analysis time); every ``max_run`` only adds, multiplies and raises counts
# of empty piles (more empty piles never forbid a move); and the game is won exactly when
# every card lies on the sinks. Then, at a position, c -> f is safe when
#   (a) every card some non-sink pile could accept onto c already lies on a sink (so c is
#       never a base for anything again: nothing in L is ever put onto c);
#   (b) f waits for c: of the cards not on sinks, f's rule accepts c and only c now;
#   (c) no other sink could ever take c: each card another sink would take c on already lies
#       on a sink and is not that sink's top, and an empty sink would not take c.

_FREE_NAMES = {
    "card",
    "dest",
    "top",
    "rank",
    "suit",
    "color",
    "index",
    "source",
    "group",
    "role",
    "and",
    "or",
    "not",
    "in",
    "true",
    "false",
    "abs",
    "succ",
    "pred",
    "A",
    "J",
    "Q",
    "K",
    "T",
    "red",
    "black",
}
_RUN_FIRST = re.compile(r"^\s*run\s*\.\s*size\s*==\s*1\s+and\s+(.*)$", re.S)
_EMPTY_COUNT = re.compile(
    r"count\(\s*(\w+)\s+in\s+\w+\s*:\s*\1\s*\.\s*empty"
    r"(?:\s+and\s+\1\s*!=\s*(?:dest|source))*\s*\)"
)
_WIN_ALL = re.compile(r"^\s*all\(\s*(\w+)\s+in\s+(\w+)\s*:\s*\1\s*\.\s*size\s*==\s*(\d+)\s*\)\s*$")


def _context_free(text, names) -> bool:
    """True when a destination rule's text reads only what the proof allows."""
    if not isinstance(text, (str, bool)):
        return False
    body = _QUOTED.sub("''", str(text).lower() if isinstance(text, bool) else text)
    m = _RUN_FIRST.match(body)
    if m:
        body = m.group(1)
        if re.search(r"\bor\b", body):  # 'run.size == 1 and X or Y' is not a conjunct
            return False
    return all(w in names for w in _IDENT.findall(body))


def _free_defines(defines, names) -> set:
    """The defines (docs/expressions.md) whose text reads only what the proof allows, besides
    their parameters (a use's arguments are read where it is written) and such defines."""
    heads = {}
    for key, text in defines.items() if isinstance(defines, dict) else ():
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?:\(([^()]*)\))?\s*", str(key))
        if m:
            heads[m.group(1)] = (set(_IDENT.findall(m.group(2) or "")), text)
    free: set = set()
    grew = True
    while grew:  # defines using defines: until nothing more is found free
        grew = False
        for name, (params, text) in heads.items():
            if name not in free and name not in names and _context_free(text, names | free | params):
                free.add(name)
                grew = True
    return free


def _monotone_run(text) -> bool:
    """A max_run that only grows with the number of empty piles."""
    if isinstance(text, int) and not isinstance(text, bool):
        return True
    if not isinstance(text, str):
        return False
    rest = _EMPTY_COUNT.sub("1", text)
    return re.fullmatch(r"[0-9\s+*()]*", rest) is not None and rest.strip() != ""


class SafeRule:
    """The tables that decide, per position, which sink moves are safe (see above)."""

    def __init__(self, variant, sinks, want, takes_on, takes_empty):
        self.sinks = sinks  # pile indices
        self.want = want  # card -> cards non-sink piles would put onto it
        self.takes_on = takes_on  # sink -> top card -> cards it would take
        self.takes_empty = takes_empty  # sink -> cards it would take when empty
        self.bases = {g: {} for g in sinks}  # sink -> card -> tops it would take it on
        for g in sinks:
            for t, xs in takes_on[g].items():
                for x in xs:
                    self.bases[g].setdefault(x, []).append(t)

    def pick(self, st, moves):
        """The first legal move that is safe here, or None."""
        piles = st.piles
        on_sink = set()
        for g in self.sinks:
            on_sink.update(piles[g])
        for m in moves:
            if m.kind != "move" or m.dest not in self.takes_on or len(m.cards) != 1:
                continue
            c, f = m.cards[0], m.dest
            if not self.want[c] <= on_sink:
                continue
            top = piles[f][-1] if piles[f] else None
            waits = self.takes_empty[f] if top is None else self.takes_on[f].get(top, frozenset())
            if waits - on_sink != {c}:
                continue
            ok = True
            for g in self.sinks:
                if g == f:
                    continue
                if not piles[g] and c in self.takes_empty[g]:
                    ok = False
                    break
                gtop = piles[g][-1] if piles[g] else None
                for t in self.bases[g].get(c, ()):
                    if t not in on_sink or t == gtop:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                return m
        return None


def derive_safe(variant, data=None):
    """A SafeRule when the variant is in the class the proof covers, else None."""
    data = _rules_document(variant, data)
    if data is None:
        return None
    if variant.actions or variant.removals or variant.autos:
        return None
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    rules = variant.rules
    sinks = tuple(p for p, r in enumerate(rules) if r.lift == "none")
    if not sinks:
        return None
    deck = variant.deck
    win = data.get("win")
    m = _WIN_ALL.match(win) if isinstance(win, str) else None
    if m is None or m.group(2) not in layout.groups:
        return None
    g = layout.groups[m.group(2)]
    if not set(g.piles) <= set(sinks) or int(m.group(3)) * g.count != deck.size:
        return None
    tables = _sink_tables(variant, data, sinks, _param_names(data))
    if tables is None:
        return None
    want, takes_on, takes_empty = tables
    return SafeRule(variant, sinks, [frozenset(w) for w in want], takes_on, takes_empty)


# -- dead ends: a card that can never reach a sink --------------------------------------
#
# In a variant where only sinks take cards (every pile that takes a card is a sink, lift
# none and nothing takes from it; no removals or automatic moves; actions only deal from a
# pile onto sinks) cards only ever move once, from the pile they were dealt to onto a sink,
# and every non-sink pile gives one card at a time (lift top), so the order of the cards in
# it never changes. When the win needs every card of some piles on the sinks (read from the
# win's text: ``all(x in G: x.empty)`` for a group G, or the sinks holding every card), such
# a card x can only go up on a sink f whose top is then some card t that f's rule accepts x
# on (the rules are context-free, as for safe moves, so this is a table), or onto an empty
# sink that takes x. A base t is gone for good when it lies on a sink under another card (a
# sink's order never changes), or on a sink other than f, or below x in x's own pile (it
# leaves after x). A position where some needed card has no base left, and no empty sink
# would take it, cannot be won: the search does not enter it. Cards an action deals are
# never judged (the action can put them anywhere on its targets).


def _win_needs(data, variant, sinks):
    """The pile indices whose cards a win needs on the sinks, or None when the win's text
    is not one this understands (then nothing is pruned)."""
    try:
        node = parse(data.get("win"))
    except Exception:
        return None

    layout = variant.layout
    groups = layout.groups
    non_sinks = frozenset(p for p in range(layout.size) if p not in sinks)
    size = variant.deck.size

    def pile_ref(n):  # a pile named by the node: G (a group of one) or G[i]
        if isinstance(n, A.Name) and n.id in groups and groups[n.id].count == 1:
            return groups[n.id].start
        if isinstance(n, A.Index) and isinstance(n.obj, A.Name) and n.obj.id in groups:
            g = groups[n.obj.id]
            if isinstance(n.index, A.Number) and 0 <= n.index.value < g.count:
                return g.start + n.index.value
        return None

    def size_is(n, var):  # n is 'var.size == N' (either side): N, else None
        if isinstance(n, A.Binary) and n.op == "==":
            for a, b in ((n.left, n.right), (n.right, n.left)):
                if isinstance(a, A.Attr) and a.name == "size" and isinstance(b, A.Number) and var(a.obj):
                    return b.value
        return None

    def needs(n):
        if isinstance(n, A.BoolOp) and n.op == "and":
            out = set()
            for item in n.items:
                got = needs(item)
                if got is None:
                    continue
                out |= got
            return out or None
        if isinstance(n, A.Quant) and n.kind == "all" and len(n.names) == 1 and isinstance(n.coll, A.Name):
            g = groups.get(n.coll.id)
            if g is None:
                return None
            v = n.names[0]
            body = n.body

            def is_v(o):
                return isinstance(o, A.Name) and o.id == v

            if (isinstance(body, A.Attr) and body.name == "empty" and is_v(body.obj)) or size_is(body, is_v) == 0:
                return set(g.piles)
            want = size_is(body, is_v)
            if want is not None and want * g.count == size and set(g.piles) <= sinks:
                return set(non_sinks)
            return None
        want = size_is(n, lambda o: pile_ref(o) is not None)
        if want == size:
            side = n.left if isinstance(n.left, A.Attr) else n.right
            p = pile_ref(side.obj)
            if p in sinks:
                return set(non_sinks)
        return None

    got = needs(node)
    return None if got is None else frozenset(got)


class DeadEnds:
    """Per position: does some card the win needs have no way left onto a sink?"""

    def __init__(self, sinks, need_piles, free_piles, takes_on, takes_empty, size, top_class=None):
        self.sinks = sinks
        self.top_class = top_class or {}  # sink -> card -> the class its top is keyed by
        self.need_piles = need_piles
        self.free_piles = free_piles
        self.takes_on = takes_on  # sink -> top -> cards it takes on that top
        self.takes_empty = takes_empty  # sink -> cards it takes when empty
        self.size = size

    def start(self, st):
        """Tables for one search from ``st``: a _DeadState.

        Cards are grouped into classes that the sinks' rules cannot tell apart (the same
        cards go onto each, and each goes onto the same cards: the ranks, for rules that
        read only ranks), and the test runs on classes: a class is reached when a card of
        it is a sink's top, or could be dealt by an action, or follows a reached class and
        still has a card off the sinks. Coarser than cards, so it proves less, but sound."""
        n = self.size
        succ = [0] * n
        pred = [0] * n
        for table in self.takes_on.values():
            for t, xs in table.items():
                for x in xs:
                    succ[t] |= 1 << x
                    pred[x] |= 1 << t
        empty_taken = 0
        for xs in self.takes_empty.values():
            for x in xs:
                empty_taken |= 1 << x
        ids: dict = {}
        cls = [ids.setdefault((succ[c], pred[c], empty_taken >> c & 1), len(ids)) for c in range(n)]
        k = len(ids)
        csucc = [0] * k
        for t in range(n):
            for x in range(n):
                if succ[t] >> x & 1:
                    csucc[cls[t]] |= 1 << cls[x]
        cempty = {f: 0 for f in self.takes_empty}
        for f, xs in self.takes_empty.items():
            for x in xs:
                cempty[f] |= 1 << cls[x]
        kind = bytearray(n)  # 1: needed, 2: free (an action deals it), 0: neither
        count = [0] * k  # per class: cards off the sinks, needed ones, free ones
        need = [0] * k
        free = [0] * k
        for p, pile in enumerate(st.piles):
            if p in self.sinks:
                continue
            for c in pile:
                count[cls[c]] += 1
                if p in self.free_piles:
                    kind[c] = 2
                    free[cls[c]] += 1
                elif p in self.need_piles:
                    kind[c] = 1
                    need[cls[c]] += 1
        dead = _DeadState(st, tuple(self.sinks), cls, kind, csucc, cempty, [count, need, free])
        taking = [f for f in self.sinks if self.takes_on.get(f)]
        off = [c for p, pile in enumerate(st.piles) if p not in self.sinks for c in pile]
        if len(taking) == 1 and all(kind[c] for c in off):  # every card off it must go up, or is dealt
            dead.walk = _class_line(csucc)
            dead.sink = taking[0]
        return dead


def _class_line(csucc):
    """The classes in order along the line or ring they form, and whether it is a ring;
    None unless "x may go onto y" is symmetric, never holds within a class, and every
    class has at most two neighbours, all in one line or one ring (ranks next to each
    other, as in Black Hole)."""
    k = len(csucc)
    if k < 3:
        return None
    for i, bits in enumerate(csucc):
        if bits >> i & 1 or bin(bits).count("1") > 2:
            return None
        if any(bits >> j & 1 and not csucc[j] >> i & 1 for j in range(k)):
            return None
    ends = [i for i in range(k) if bin(csucc[i]).count("1") == 1]
    if ends and len(ends) != 2:
        return None
    here = ends[0] if ends else 0
    order, prev = [here], -1
    while len(order) < k:
        step = [j for j in range(k) if csucc[here] >> j & 1 and j != prev]
        if not step or step[0] == order[0]:
            break
        prev, here = here, step[0]
        order.append(here)
    if len(order) != k:
        return None
    return order, not ends


class _DeadState:
    """The reachability test on classes of cards (see DeadEnds.start); a class with a
    needed card off the sinks that is not reached can never go up."""

    def __init__(self, st, sinks, cls, kind, csucc, cempty, counts):
        self.st, self.sinks, self.cls, self.kind = st, sinks, cls, kind
        self.csucc, self.cempty = csucc, cempty
        self.count, self.need, self.free = counts
        # per class, one bit each: some card off the sinks, a needed one, a free one
        self.alive = self.needed = self.freed = 0
        for i in range(len(self.count)):
            self._bits(i)

    def _bits(self, i) -> None:
        bit = 1 << i
        self.alive = self.alive | bit if self.count[i] else self.alive & ~bit
        self.needed = self.needed | bit if self.need[i] else self.needed & ~bit
        self.freed = self.freed | bit if self.free[i] else self.freed & ~bit

    def any_dead(self) -> bool:
        piles, csucc, cls, alive = self.st.piles, self.csucc, self.cls, self.alive
        roots = self.freed
        for f in self.sinks:
            pf = piles[f]
            if pf:
                roots |= 1 << cls[pf[-1]]
            elif f in self.cempty:
                roots |= self.cempty[f] & alive
        reach = todo = roots
        while todo:
            low = todo & -todo
            todo ^= low
            new = csucc[low.bit_length() - 1] & alive & ~reach
            if new:
                reach |= new
                todo |= new
        if self.needed & ~reach:
            return True
        return self.walk is not None and self.no_walk()

    walk: Any = None  # (classes in order along a line or ring, is it a ring), for no_walk()
    sink = -1  # the one sink that takes cards, when walk is set

    def no_walk(self) -> bool:
        """True when the cards off the sink cannot all go up one after another.

        Where one sink takes every card, and a card goes onto a top of a class next to its
        own along a line or a ring of classes (Black Hole's ranks), the cards still to go up
        are a walk from the sink's top class that enters each class k exactly c_k times
        (c_k: its cards off the sink). Count t_j, the steps along edge j: at each class
        the steps in and out add to 2 c_k, plus one where the walk starts, minus one where it
        ends. Along the stretch of classes with cards left around the top's class (every
        other class is empty; a class with cards beyond it fails the reachability test
        first) those sums fix every t_j from one end, for a given end class; no end class
        giving each t_j >= 1 inside the stretch and 0 past its last class means no such walk,
        so no win. Not tried while dealt (free) cards remain, or when every class of a ring
        still has cards."""
        if self.freed:
            return False
        pf = self.st.piles[self.sink]
        if not pf:
            return False
        order, ring = self.walk
        cls, alive, count = self.cls, self.alive, self.count
        k = len(order)
        start = cls[pf[-1]]
        i0 = order.index(start)
        lo = hi = i0  # the stretch: the top's class and the classes with cards around it
        while hi - lo + 1 < k and (ring or lo > 0) and alive >> order[(lo - 1) % k] & 1:
            lo -= 1
        while hi - lo + 1 < k and (ring or hi < k - 1) and alive >> order[(hi + 1) % k] & 1:
            hi += 1
        if ring and hi - lo + 1 >= k:
            return self._no_ring_walk(order, i0)
        n = hi - lo + 1
        if n == 1:  # no class next to the top's has cards: none of its own can go up
            return count[start] > 0
        c = [count[order[(lo + j) % k]] for j in range(n)]
        j0 = i0 - lo
        b = []  # b_j: t_j with no end counted (t before the first class is 0)
        prev = 0
        for j in range(n):
            prev = 2 * c[j] + (j == j0) - prev
            b.append(prev)
        last = b[-1]  # with the end e it is last - (-1)^(n-1-e), which must be 0
        if last not in (1, -1):
            return True
        parity = (n - 1) % 2 if last == 1 else n % 2
        # ok[p][j]: t_i >= 1 for j <= i < n - 1, where i - e is even (p=0: b_i - 1 >= 1)
        # or odd (p=1: b_i + 1 >= 1), alternating from j
        ok0, ok1 = [True] * (n + 1), [True] * (n + 1)
        for j in range(n - 2, -1, -1):
            ok0[j] = b[j] >= 2 and ok1[j + 1]
            ok1[j] = b[j] >= 0 and ok0[j + 1]
        prefix = True  # t_i = b_i >= 1 for every i before e
        for e in range(n):
            if e % 2 == parity and (c[e] or e == j0) and prefix and ok0[e]:
                return False
            prefix = prefix and (e > n - 2 or b[e] >= 1)
            if not prefix:
                break
        return True

    def _no_ring_walk(self, order, s) -> bool:
        """no_walk() where every class of the ring (of odd length) has cards, the top's
        perhaps aside. The sums fix the steps along every edge j of the ring for a given
        end e: with a_j the running alternating sums of 2 c_j (+1 at the start) and A the
        last, the step count past the last class is X = (A - (-1)^e) / 2, and
        t_j = a_j + (-1)^(j+1) X - [j >= e] (-1)^(j-e). A walk needs every t_j >= 0 and at
        most one t_j == 0 (two would cut off classes that still have cards)."""
        k = len(order)
        if k % 2 == 0:
            return False
        count = self.count
        c = [count[x] for x in order]
        a = []
        prev = 0
        for j in range(k):
            prev = 2 * c[j] + (j == s) - prev
            a.append(prev)
        big = a[-1]
        if big % 2 == 0:  # X = (A -+ 1) / 2 is never whole
            return True
        for p in (0, 1):
            x = (big - (1 if p == 0 else -1)) // 2
            base = [a[j] + (x if j % 2 else -x) for j in range(k)]
            # suffix (j >= e, e of parity p): base_j - (-1)^(j+p); its minimum and zeros
            suf_min, suf_zero = [0] * (k + 1), [0] * (k + 1)
            suf_min[k] = 1 << 30
            for j in range(k - 1, -1, -1):
                v = base[j] - (1 if (j + p) % 2 == 0 else -1)
                suf_min[j] = min(v, suf_min[j + 1])
                suf_zero[j] = suf_zero[j + 1] + (v == 0)
            pre_min, pre_zero = 1 << 30, 0
            for e in range(k):
                if e % 2 == p and (c[e] or e == s) and min(pre_min, suf_min[e]) >= 0 and pre_zero + suf_zero[e] <= 1:
                    return False
                pre_min = min(pre_min, base[e])
                pre_zero += base[e] == 0
                if pre_min < 0:
                    break
        return True

    def heights(self):
        piles = self.st.piles
        return [len(piles[f]) for f in self.sinks]

    def _count(self, cards, step) -> None:
        cls, kind, count, need, free = self.cls, self.kind, self.count, self.need, self.free
        for c in cards:
            i = cls[c]
            count[i] += step
            if kind[c] == 1:
                need[i] += step
            elif kind[c] == 2:
                free[i] += step
            self._bits(i)

    def moved(self, before):
        """After a move: count the cards it put on sinks off; return them and whether the
        new position is a dead end."""
        piles = self.st.piles
        placed: list = []
        for f, h in zip(self.sinks, before):
            if len(piles[f]) > h:
                placed.extend(piles[f][h:])
        if not placed:
            return placed, False
        self._count(placed, -1)
        return placed, self.any_dead()

    def unmoved(self, placed) -> None:
        self._count(placed, 1)


def _sink_tables(variant, data, sinks, extra_names=()):
    """The sinks' destination rules as tables (top -> cards taken; cards taken when empty)
    and, for non-sink piles, what they would put onto each card; None when some rule is
    not context-free (see _context_free) or cannot be judged out of play."""
    layout = variant.layout
    rules = variant.rules
    deck = variant.deck
    names = set(_FREE_NAMES) | {s.name for s in deck.suits} | set(deck.colors) | set(extra_names)
    names |= _free_defines(data.get("define"), names)
    for name, spec in data["piles"].items():
        if not isinstance(spec, dict) or name not in layout.groups:
            return None
        for key in ("accept", "accept_empty"):
            if key in spec and not _context_free(spec[key], names):
                return None
        if "max_run" in spec and not _monotone_run(spec["max_run"]):
            return None
    st = State.empty(variant)
    env = Env(st)
    cards = range(deck.size)
    givers = [p for p, r in enumerate(rules) if r.lift != "none"]
    source_of = {}  # one giving pile per (group, role): all the rules read
    for p in givers:
        source_of.setdefault((rules[p].group, rules[p].role), p)
    sources = list(source_of.values())

    def accepts(fn, d, top, x) -> bool:
        st.piles[d][:] = [] if top is None else [top]
        env.st, env.card, env.run, env.dest = st, x, (x,), d
        for s in sources:
            if s == d:
                continue
            env.source = s
            if fn(env):
                return True
        return False

    want = [set() for _ in cards]
    takes_on: dict = {f: {} for f in sinks if rules[f].takes}
    takes_empty = {f: frozenset() for f in takes_on}
    try:
        for d, r in enumerate(rules):
            if d in takes_on:
                if r.accept_empty is not None:
                    takes_empty[d] = frozenset(x for x in cards if accepts(r.accept_empty, d, None, x))
                if r.accept is not None:
                    for t in cards:
                        xs = frozenset(x for x in cards if x != t and accepts(r.accept, d, t, x))
                        if xs:
                            takes_on[d][t] = xs
            elif r.accept is not None:
                for t in cards:
                    for x in cards:
                        if x != t and accepts(r.accept, d, t, x):
                            want[t].add(x)
            st.piles[d][:] = []
    except Exception:  # a rule that cannot be judged out of play: no proof
        return None
    return want, takes_on, takes_empty


def _param_names(data):
    out = set()
    for key in ("options", "params"):
        v = data.get(key)
        if isinstance(v, dict):
            out |= {k for k in v if isinstance(k, str)}
    return out


def _sink_takes(variant, data, sinks):
    """The sinks' tables alone (top -> cards taken; cards taken when empty), options and
    params counting as known names; None when _sink_tables proves nothing."""
    tables = _sink_tables(variant, data, sinks, _param_names(data))
    return None if tables is None else tables[1:]


def derive_dead(variant, data=None):
    """A DeadEnds when the variant is in the class described above, else None."""
    data = _rules_document(variant, data)
    if data is None:
        return None
    if variant.removals or variant.autos:
        return None
    layout = variant.layout
    if any(layout.covers[p] or layout.under[p] for p in range(layout.size)):
        return None
    rules = variant.rules
    given = {a.source for a in variant.actions}
    sinks = frozenset(p for p, r in enumerate(rules) if r.lift == "none" and p not in given)
    if not sinks:
        return None
    for p, r in enumerate(rules):
        if p not in sinks and (r.takes or r.lift not in ("top", "none")):
            return None
    for a in variant.actions:
        if a.kind != ActionKind.DEAL or not set(a.targets) <= sinks:
            return None
    need = _win_needs(data, variant, sinks)
    if not need:
        return None
    tables = _sink_takes(variant, data, sinks)
    if tables is None:
        return None
    takes_on, takes_empty = tables
    # A sink whose group no expression reads but through its own destination rules (which
    # are tables here) and its size: its top matters only by what the sink takes on it.
    top_class = {}
    n = variant.deck.size
    for f in sinks:
        group = layout.group_of[f]
        if f in takes_on and _reads_only_size(data, group):
            ids: dict = {}
            top_class[f] = [ids.setdefault(takes_on[f].get(t, frozenset()), len(ids)) for t in range(n)]
    return DeadEnds(tuple(sorted(sinks)), need, frozenset(given), takes_on, takes_empty, n, top_class)


def _reads_only_size(data, group) -> bool:
    """No expression outside the group's own accept and accept_empty names the group but
    as a pile reference (``G``, ``G[i]``) or for its ``.size`` or ``.empty``."""
    ref = re.compile(r"^\s*" + re.escape(group) + r"\s*(\[\s*\d+\s*\])?\s*$")
    use = re.compile(r"\b" + re.escape(group) + r"\b(\s*\[\s*\d+\s*\])?(\s*\.\s*(\w+))?")
    for path, text in _strings(data):
        if path[:1] == ("piles",) and len(path) >= 3 and path[1] == group and path[2] in ("accept", "accept_empty"):
            continue
        if ref.match(text):
            continue
        body = _QUOTED.sub("''", text)
        for m in use.finditer(body):
            if m.group(3) not in ("size", "empty"):
                return False
    return True


# -- stock macro moves: the draws before a card move from the stock's piles ------------
#
# Let S be the piles the actions name (their sources and targets). The variant qualifies
# (derive_stock) when:
#   (1) every action deals or recycles, from a pile of S to piles of S, and each group with a
#       pile in S lies wholly in S;
#   (2) no pile of S takes cards by a card move, covers or is covered; no removal names a
#       pile of S; every automatic follow-up is a flip of piles outside S;
#   (3) outside S's own pile rules, the actions and the win, no expression names a group
#       of S (a define counts where it is used); the actions' expressions name no other
#       group; no expression calls used() and no rule reads the history (points, last move).
# Piles are reached only through group names (source and dest are the moving card's piles,
# prev, next and at stay in their group), so by (3) whether a move that takes from no pile
# of S (a *plain* move) is legal, and what it does, never depends on S nor on the action
# counters, and by (1)-(2) it changes no pile of S; whether an action is legal, and what it
# does, depends only on S and the counters, and changes only S and the counters. In a
# settled position (the follow-ups have nothing left to do, true after every move) an
# action's follow-ups do nothing: they flip piles outside S, which it did not change. So a
# plain move m and an action d commute: m d and d m are both legal or both not, and reach the
# same position.
#
# The expansion. At a settled position P the children are P+m for every legal move m that
# is no action, and P_k+m for every position P_k reached from P by k >= 1 actions (a walk
# over every legal action, in any order) and every legal move m at P_k that takes from a
# pile of S. Every P_k is tested for a win and entered in the table (with the dominance on
# counters); the walk does not go on from a P_k the table already holds.
#
# Why no win is lost. Measure a position X by c(X), the fewest card moves (moves that are no
# action) in a winning line from X; actions are free. (a) If Y reaches X by actions alone,
# c(Y) <= c(X); so does a Y equal to X with no more uses of any limited action. (b) Every
# position the table holds has, once its walk or its node's walk is done, every position one
# action away in the table too (a walk stops only at a position the table held before, by
# induction on when positions were entered), each tested for a win when entered, and every
# move taking from S there considered as a child. (c) A position P with 1 <= c(P) < inf has a
# child X with c(X) = c(P) - 1 in its unpruned expansion: take a winning line with c(P) card
# moves; it is d1..dk (k >= 0) then a card move m. If m takes from S, P_k+m is that child
# (when the walk stopped at an earlier P_j held by the table, (b) makes P_k+m considered
# there, from a position that reaches it with no more counters used). If m is plain, m
# commutes with d1..dk, and P+m is that child. Now suppose the search ends with no win
# although some node is winnable: take a node Z of the least c(Z) = d among the nodes it
# expanded. d = 0 is impossible (the win at some P_k would have been seen, by (b)). Its child
# X with c(X) = d - 1 was either expanded (less than d: contradiction) or held by the table
# as a node or a walk position of some node Y (then c(Y) <= c(X) < d by (a): contradiction).
# (A node where a declared safe move is played has that move as its only child, on the
# declaration's word, as without the macros; an unsettled start is expanded move by move,
# and its action children are settled nodes with the same c.)
# The actions played stay in the line (the child is played as d1..dk m).


@dataclass(frozen=True)
class StockRule:
    piles: tuple  # S: the piles the actions name, in order
    limited: tuple  # indices of actions with a limit


def _define_groups(defines, groups) -> dict:
    """Per define name: the groups its text names, with those of the defines it uses."""
    heads = {}
    for key, text in defines.items() if isinstance(defines, dict) else ():
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?:\(([^()]*)\))?\s*", str(key))
        if m:
            params = set(_IDENT.findall(m.group(2) or ""))
            words = set(_IDENT.findall(_QUOTED.sub("''", str(text)))) - params
            heads[m.group(1)] = words
    out = {name: {w for w in words if w in groups} for name, words in heads.items()}
    grew = True
    while grew:
        grew = False
        for name, words in heads.items():
            for w in words:
                if w in out and w != name and not out[w] <= out[name]:
                    out[name] |= out[w]
                    grew = True
    return out


def derive_stock(variant, data=None):
    """A StockRule when the variant meets (1)-(3) above, else None."""
    data = _rules_document(variant, data)
    if data is None:
        return None
    actions = variant.actions
    if not actions or getattr(variant, "history_in_play", ()):
        return None
    # Sound without it, but only worth it where the stock goes round (a recycle): where the
    # draws only go forward, the walk hands the ordering positions deep in the stock early,
    # and Bristol, deals 1-15 at 50,000 positions, went from 14 won to 4 (Forty Thieves,
    # Calculation and Australian Patience won none either way).
    if not any(a.kind == ActionKind.RECYCLE for a in actions):
        return None
    layout = variant.layout
    rules = variant.rules
    stock: set = set()
    for a in actions:
        if a.kind not in (ActionKind.DEAL, ActionKind.RECYCLE):
            return None
        stock.add(a.source)
        stock.update(a.targets)
    sgroups = {layout.group_of[p] for p in stock}
    if any(set(layout.groups[g].piles) - stock for g in sgroups):
        return None
    if any(rules[p].takes or layout.covers[p] or layout.under[p] for p in stock):
        return None
    for r in variant.removals:
        if stock & (set(r.sources) | {r.dest}):
            return None
    for auto in variant.autos:
        if auto.kind != AutoKind.FLIP or stock & set(auto.piles):
            return None
    groups = set(layout.groups)
    defines = _define_groups(data.get("define"), groups)
    for path, text in _strings(data):
        top = path[0] if path else None
        body = _QUOTED.sub("''", text)
        if _USED.search(body):
            return None
        if top in ("numbering", "solver", "win", "params", "deck", "define"):
            continue  # not rules of play, or read where used (define), or judged (win)
        named: set = set()
        for w in _IDENT.findall(body):
            if w in groups:
                named.add(w)
            elif w in defines:
                named |= defines[w]
        if top == "actions":
            if named - sgroups:
                return None
        elif top == "piles" and len(path) >= 2 and path[1] in sgroups:
            continue  # S's own rules: judged in place, at every P_k
        elif named & sgroups:
            return None
    limited = tuple(i for i, a in enumerate(actions) if a.limit is not None)
    return StockRule(tuple(sorted(stock)), limited)


def _settled(variant, st) -> bool:
    """The follow-ups have nothing to do in ``st`` (true after every move played)."""
    if not variant.autos:
        return True
    trial = st.copy()
    log = array("q")
    follow_ups(variant, trial, log)
    return not log


# -- the search ---------------------------------------------------------------------

# Weights: foundation card, card in a cell, empty pile that takes cards, card above a break
# (tuned on Microsoft FreeCell deals 1-40; they only order the search).
W = (6, 6, 9, 1)


class Scorer:
    """How promising a position looks, kept up to date per pile like the key.

    Cards on foundations and discards count for, cards lying above a break of their pile's
    sequence rule (out of order), cards in cells and face-down cards against, and empty piles
    that take cards for. Only the order of the search depends on it, never a verdict."""

    def __init__(self, variant, state):
        self.st = state
        self.env = Env(state)
        self.kind = []
        for r in variant.rules:
            if r.role in ("foundation", "discard"):
                self.kind.append(0)
            elif r.role == "cell":
                self.kind.append(1)
            else:
                self.kind.append(2)
        self.seq = [r.sequence for r in variant.rules]
        self.takes = [r.takes for r in variant.rules]
        self.part = [self._part(p) for p in range(len(state.piles))]
        self.total = sum(self.part)
        self.memo: list = [{} for _ in state.piles]  # per pile: key piece -> part
        self.size = 0

    def _part(self, p) -> int:
        pile = self.st.piles[p]
        kind = self.kind[p]
        if kind == 0:
            return W[0] * len(pile)
        if kind == 1:
            return -W[1] * len(pile)
        if not pile:
            return W[2] if self.takes[p] else 0
        down = self.st.down[p]
        out = -2 * down
        seq = self.seq[p]
        if seq is not None:
            env = self.env
            env.st = self.st
            n = len(pile)
            for i in range(max(down, 1), n):
                env.a, env.b = pile[i - 1], pile[i]
                if not seq(env):
                    out -= W[3] * (n - i)
        return out

    def touch(self, piles) -> None:
        if piles is None:
            piles = range(len(self.part))
        for p in piles:
            new = self._part(p)
            self.total += new - self.part[p]
            self.part[p] = new

    def touch_keyed(self, piles, keyer) -> None:
        """touch() for piles whose key pieces are up to date: a pile's part depends only on
        its cards' ranks and suits and its face-down count, all in its piece unless the pile
        is sealed, so parts are remembered by piece (the search meets the same piles often)."""
        if piles is None:
            return self.touch(None)
        memo, piece, sealed = self.memo, keyer.piece, keyer.sealed
        for p in piles:
            if p in sealed:
                new = self._part(p)
            else:
                k = piece[p]
                got = memo[p].get(k)
                if got is None:
                    got = memo[p][k] = self._part(p)
                    self.size += 1
                new = got
            self.total += new - self.part[p]
            self.part[p] = new
        if self.size > 200_000:  # bounded: forget and start again
            self.memo = [{} for _ in self.memo]
            self.size = 0


# Weights of the guidance (measured on Microsoft FreeCell deals 1-300 and the 28 that plain
# depth-first search did not win within 5 s; they only order the search): one card lying
# above a card some foundation takes next; one card of the run the free places allow, up to
# RUN_CAP. SLICE: waiting positions taken in each turn of depth-first or best-first search.
W_BURIED = 3
W_RUN = 1
RUN_CAP = 16
SLICE = 256


class NextCards:
    """How deep the cards the foundations take next lie: per position, the number of cards
    above each card that some progress pile (foundation or discard) would take on its
    present top, summed. Read from the variant's tables (``derive_next``). A card buried under
    many others costs many moves to reach."""

    def __init__(self, sinks, takes_on, takes_empty, size):
        self.sinks = sinks  # progress piles with a table
        self.takes_on = takes_on  # sink -> top card -> cards it takes on that top
        self.takes_empty = takes_empty  # sink -> cards it takes when empty
        self.size = size

    def start(self, st) -> "_Buried":
        return _Buried(self, st)


class _Buried:
    """NextCards for one search. Where a card lies is remembered and looked up again only
    when it has moved (cards the foundations wait for seldom move)."""

    def __init__(self, rule: NextCards, st):
        self.st = st
        self.sinks = rule.sinks
        self.on = [rule.takes_on[f] for f in rule.sinks]
        self.empty = [rule.takes_empty[f] for f in rule.sinks]
        self.others = [p for p in range(len(st.piles)) if p not in set(rule.sinks)]
        self.pile = [self.others[0] if self.others else 0] * rule.size  # card -> a pile it was seen in

    def depth(self) -> int:
        """Cards lying above the cards the sinks take next."""
        piles, where = self.st.piles, self.pile
        out = 0
        seen = set()
        for k, f in enumerate(self.sinks):
            top = piles[f]
            for c in self.on[k].get(top[-1], ()) if top else self.empty[k]:
                if c in seen:
                    continue
                seen.add(c)
                pile = piles[where[c]]
                if c not in pile:
                    for p in self.others:
                        if c in piles[p]:
                            where[c] = p
                            pile = piles[p]
                            break
                    else:
                        continue  # on a sink (another copy is wanted) or out of play
                out += len(pile) - 1 - pile.index(c)
        return out


class RunRoom:
    """The longest run the free places allow now: the variant's ``max_run`` for a move
    between two piles outside its group (so no empty pile of the group is left out)."""

    def __init__(self, variant, st):
        self.fn = None
        self.env = Env(st)
        rules = variant.rules
        for r in rules:
            if r.max_run is None:
                continue
            others = [q for q in range(len(rules)) if rules[q].group != r.group]
            if not others:
                return
            self.env.source = self.env.dest = others[0]
            self.env.run = ()
            try:
                ok = isinstance(r.max_run(self.env), int)
            except Exception:  # a max_run that reads the moving cards: no term
                ok = False
            if ok:
                self.fn = r.max_run
            return

    def value(self) -> int:
        try:
            got = self.fn(self.env)
        except Exception:  # a rule that cannot be judged here: no bonus (it only orders)
            return 0
        return got if isinstance(got, int) and not isinstance(got, bool) else 0


def derive_next(variant, data=None):
    """A NextCards when the progress piles' destination rules can be read as tables (as
    for derived safe moves: see _sink_tables), else None."""
    data = _rules_document(variant, data)
    if data is None:
        return None
    sinks = tuple(p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES and r.takes)
    if not sinks:
        return None
    tables = _sink_takes(variant, data, sinks)
    if tables is None:
        return None
    takes_on, takes_empty = tables
    sinks = tuple(f for f in sinks if f in takes_on and (takes_on[f] or takes_empty[f]))
    if not sinks:
        return None
    return NextCards(sinks, takes_on, takes_empty, variant.deck.size)


def solve(
    variant,
    state,
    *,
    max_states: int | None = None,
    time_limit: float | None = None,
    analysis: Analysis | None = None,
    safe: "SafeRule | None | bool" = True,
    dead: "DeadEnds | None | bool" = True,
    declared_safe: bool = True,
    stock: "StockRule | None | bool" = True,
    streamline: bool = True,
    _greedy: bool = False,
) -> Result:
    """Search from ``state`` (not changed) for a win; see the module docstring.

    ``safe``: True derives the safe-move rule from the variant (derive_safe), False or None
    plays no derived safe move, a SafeRule uses that one. ``dead``: the same for the
    dead-end test (derive_dead). ``declared_safe``: False ignores the variant's
    ``solver.safe`` (the check compares verdicts both ways). ``stock``: the same for the
    stock macro moves (derive_stock): False searches every action as a move of its own.
    ``streamline``: where the stock macro moves apply, first spend half the limits on a
    search that plays a legal move onto a foundation without trying the others (Solvitaire's
    streamliner): a win it finds is a real line; when it finds none, the full search runs
    with what is left (only the full search says ``unwinnable``)."""
    started = time.monotonic()
    max_states = DEFAULT_MAX_STATES if max_states is None else max_states
    if not 1 <= max_states <= MAX_STATES:
        raise ArgumentError(f"max_states is from 1 to {MAX_STATES}, not {max_states}")
    if streamline and not _greedy and (stock_rule(variant) if stock is True else stock):
        kw: dict[str, Any] = dict(analysis=analysis, safe=safe, dead=dead, declared_safe=declared_safe, stock=stock)
        half = None if time_limit is None else time_limit / 2
        first = solve(variant, state, max_states=max(1, max_states // 2), time_limit=half, _greedy=True, **kw)
        if first.verdict == WON:
            return first
        spent = time.monotonic() - started
        if first.states >= max_states:  # nothing left for the full search
            return Result(UNKNOWN, [], first.states, spent, "states")
        if time_limit is not None and spent >= time_limit:
            return Result(UNKNOWN, [], first.states, spent, "time")
        rest = None if time_limit is None else time_limit - spent
        full = solve(variant, state, max_states=max_states - first.states, time_limit=rest, streamline=False, **kw)
        full.states += first.states
        full.seconds += spent
        if full.difficulty is not None:
            full.difficulty += first.states
        return full
    deadline = None if time_limit is None else started + time_limit
    g = Game(variant, state.copy())
    if analysis is None:
        analysis = analyse(variant)
    if safe is True:
        safe = safe_rule(variant)
    rule = dead_rule(variant) if dead is True else (dead or None)
    ends = rule.start(g.state) if isinstance(rule, DeadEnds) else None
    keyer = Keyer(variant, g.state, analysis, rule.top_class if isinstance(rule, DeadEnds) else None)
    macro = stock_rule(variant) if stock is True else (stock or None)
    if ends is not None:  # the dead-end test follows moves one at a time
        macro = None
    scorer = Scorer(variant, g.state)
    nexts = next_rule(variant) if ends is None else None
    buried = nexts.start(g.state) if nexts is not None else None
    room = RunRoom(variant, g.state) if ends is None else None
    table = Table(analysis, len(variant.actions))
    rank = _orderer(variant).rank
    declared = variant.safe if declared_safe else ()
    safe_env = Env(g.state)
    st = g.state
    # The game's own apply and undo, without its history (the packed moves, redo): the
    # search keeps the line it is on in ``path``.
    do, undo_ops, ops, env, generate = g._do, g._undo, g._ops, g._env, g.generate
    path: list = []
    progress = {p for p, r in enumerate(variant.rules) if r.role in PROGRESS_ROLES}
    # the macro expansion needs a settled position: every one after a move is
    root_settled = macro is not None and _settled(variant, st)

    def done(verdict, limit=None):
        line = [g.move_text(m) for m in path] if verdict == WON else []
        return Result(
            verdict, line, table.size, time.monotonic() - started, limit, table.size if verdict == WON else None
        )

    piles = st.piles
    if ends is not None:
        count, cls = ends.count, ends.cls

        def order(m):
            # Piles only shrink and every card goes to a sink: play first a card of which
            # many like it (the same class) are still off the sinks, so no class runs out
            # early and strands the others; then from the tallest pile. (Measured on Black
            # Hole deals 1-30: twice the wins within 10,000 positions of depth-first order.)
            if m.kind != "move":
                return (rank(st, m), 0)
            return (rank(st, m), -(count[cls[m.cards[0]]] * 64 + len(piles[m.sources[0]])))
    elif buried is not None or (room is not None and room.fn is not None):

        def order(m):
            # the Scorer's total, less the depth of the cards the foundations take next,
            # plus the run the free places allow (capped); ties: the static order, then the
            # Scorer's total
            value = scorer.total
            if buried is not None:
                value -= W_BURIED * buried.depth()
            if room.fn is not None:
                value += W_RUN * min(room.value(), RUN_CAP)
            return (-value, rank(st, m), -scorer.total)
    else:

        def order(m):
            return (-scorer.total, rank(st, m))

    def play(m):
        """Play m; return what back() needs, and whether the position is a dead end."""
        mark = len(ops)
        if ends is not None:
            before = ends.heights()
        do(st, m, env, ops)
        path.append(m)
        touched = _touched(g, mark)
        keyer.touch(touched)
        if ends is None:
            scorer.touch_keyed(touched, keyer)
            return (mark, touched, None), False
        placed, is_dead = ends.moved(before)  # (the scorer is not read: see order above)
        return (mark, touched, placed), is_dead

    def back(undo):
        mark, touched, placed = undo
        undo_ops(st, ops, mark)
        path.pop()
        keyer.touch(touched)
        if ends is None:
            scorer.touch_keyed(touched, keyer)
        elif placed:
            ends.unmoved(placed)

    def consider(m, item, out):
        """Play m; keep ``item`` (m, or the macro ending with m) in out when the position is
        new. None: a win (on the board); a str: a limit was hit; else True."""
        undo, is_dead = play(m)
        if not is_dead and table.add(keyer.key(), st.used):
            if g.won:
                return None
            out.append((order(m), len(out), item))
        back(undo)
        if table.size >= max_states:
            return "states"
        if deadline is not None and not table.size & 255 and time.monotonic() > deadline:
            return "time"
        return True

    def children(scored=False):
        """The unseen positions one move (or one macro, a tuple of moves) away, most
        promising first (with ``scored``, as (order, i, move) triples); None: a win was
        reached (and is on the board); a str: a limit was hit."""
        moves = generate()
        pick = None
        if len(moves) > 1:
            pick = declared_pick(variant, st, moves, safe_env) if declared else None
            if pick is None and safe:
                pick = safe.pick(st, moves)
            if pick is None and _greedy:  # the streamliner: a move onto a foundation first
                pick = next((m for m in moves if m.kind == "move" and m.dest in progress), None)
            if pick is not None:
                moves = [pick]
        walk = macro is not None and pick is None and (root_settled or len(path) > 0)
        out: list = []
        for m in moves:
            if walk and m.kind == "action":
                continue  # in the macros below
            got = consider(m, m, out)
            if got is not True:
                return got
        if walk:
            got = stock_walk(out, [m for m in moves if m.kind == "action"])
            if got is not True:
                return got
        out.sort()
        return out if scored else [x[2] for x in out]

    def stock_walk(out, actions):
        """The macro children (derive_stock's proof): every position reached by actions
        alone, each tested for a win, and there every move taking from a pile of S. The
        positions of the walk go in the table too: one met again (in this walk or from
        another position) had its walk, so the walk stops there (see derive_stock)."""
        spiles = macro.piles
        walked: list = []  # the actions played since the node

        def deeper(actions):
            for a in actions:
                undo, _ = play(a)
                walked.append(a)
                if g.won:
                    return None
                if table.add(keyer.key(), st.used):
                    here = generate()
                    more = [m for m in here if m.kind == "action"]
                    for m in [m for m in here if m.kind != "action" and m.sources[0] in spiles]:
                        got = consider(m, (*walked, m), out)
                        if got is not True:
                            return got
                    got = deeper(more)
                    if got is not True:
                        return got
                walked.pop()
                back(undo)
                if table.size >= max_states:
                    return "states"
                if deadline is not None and not table.size & 255 and time.monotonic() > deadline:
                    return "time"
            return True

        return deeper(actions)

    def enter(item):
        """Play a child (a move, or a macro's moves); return what leave() needs."""
        if type(item) is tuple:
            return [play(m)[0] for m in item]
        return play(item)[0]

    def leave(undo):
        if type(undo) is list:
            for u in reversed(undo):
                back(u)
        else:
            back(undo)

    if g.won:
        table.size = 1
        return done(WON)
    table.add(keyer.key(), st.used)
    if ends is not None and ends.any_dead():
        return done(UNWINNABLE)
    first = children(scored=ends is None)
    if first is None:
        return done(WON)
    if isinstance(first, str):
        return done(UNKNOWN, first)

    def dfs(first):
        """Depth-first below the present position, whose unseen children are ``first``:
        None when every position below was explored (the board is back where it was),
        else the Result (a win, or a limit)."""
        stack = [[first, 0, None]]
        while stack:
            frame = stack[-1]
            moves, i = frame[0], frame[1]
            if i >= len(moves):
                stack.pop()
                if stack:
                    leave(frame[2])
                continue
            frame[1] = i + 1
            undo = enter(moves[i])
            nxt = children()
            if nxt is None:
                return done(WON)
            if isinstance(nxt, str):
                return done(UNKNOWN, nxt)
            stack.append([nxt, 0, undo])
        return None

    if ends is not None:  # the class order above is for depth-first search
        return dfs(first) or done(UNWINNABLE)

    # Waiting positions, taken in turns: depth-first, then best first (see below). A waiting
    # position is a node [parent, move, depth, searched] of the tree the search walks; the
    # board goes from one to the next by undoing to their common ancestor and playing down.
    # Every position in the table is either searched (its children are all in the table) or
    # waiting, so the search is exhaustive when no position waits. Past MAX_OPEN waiting
    # positions, each is searched depth-first in turn, best first: memory stays bounded and
    # nothing is skipped.
    trail: list = []  # the nodes from the start to the board's position
    undos: list = []  # what back() needs for each

    def goto(node):
        chain = []
        n = node
        while n is not None and not (n[2] <= len(trail) and trail[n[2] - 1] is n):
            chain.append(n)
            n = n[0]
        depth = 0 if n is None else n[2]
        while len(trail) > depth:
            trail.pop()
            leave(undos.pop())
        for n in reversed(chain):
            undos.append(enter(n[1]))
            trail.append(n)

    heap: list = []  # (order, -tick, node): the best first, the newest among equals
    lifo: list = []  # the same nodes, the depth-first order: the best child of the newest last
    tick = 0

    def push(parent, scored):
        nonlocal tick
        depth = parent[2] + 1 if parent is not None else 1
        fresh = []
        for key, _, m in scored:
            tick += 1
            node = [parent, m, depth, False]  # [3]: searched already
            heapq.heappush(heap, (key, -tick, node))
            fresh.append(node)
        fresh.reverse()
        lifo.extend(fresh)

    push(None, first)
    turns = 0
    while heap and len(heap) <= MAX_OPEN:
        # Turns of SLICE searches each: depth-first, then best first. The depth-first
        # turns commit to a line as plain depth-first search does; the best-first ones jump
        # to the most promising position waiting anywhere. Deals on which one of them goes
        # astray the other often wins quickly; both take from the same waiting positions.
        turns += 1
        source = heap if turns // SLICE % 2 else None
        node = None
        if source is None:
            while lifo and node is None:
                node = lifo.pop()
                if node[3]:
                    node = None
            if node is None:
                turns = SLICE  # nothing waits depth-first: go on best first
                continue
        else:
            while heap and node is None:
                node = heapq.heappop(heap)[2]
                if node[3]:
                    node = None
            if node is None:
                break
        node[3] = True
        goto(node)
        nxt = children(scored=True)
        if nxt is None:
            return done(WON)
        if isinstance(nxt, str):
            return done(UNKNOWN, nxt)
        push(node, nxt)
    while heap:
        node = heapq.heappop(heap)[2]
        if node[3]:
            continue
        node[3] = True
        goto(node)
        nxt = children()
        if nxt is None:
            return done(WON)
        if isinstance(nxt, str):
            return done(UNKNOWN, nxt)
        got = dfs(nxt)
        if got is not None:
            return got
    return done(UNWINNABLE)


def _per_variant(derive):
    """derive(variant), computed once per compiled variant (the cache holds at most 65)."""
    cache: dict = {}

    def get(variant):
        hit = cache.get(id(variant))
        if hit is None or hit[0] is not variant:
            hit = (variant, derive(variant))
            if len(cache) > 64:
                cache.clear()
            cache[id(variant)] = hit
        return hit[1]

    return get


# the variant's derived SafeRule and DeadEnds (or None)
safe_rule = _per_variant(derive_safe)
dead_rule = _per_variant(derive_dead)
next_rule = _per_variant(derive_next)
stock_rule = _per_variant(derive_stock)


def solve_game(game, **kw) -> Result:
    """Solve from a game's current position."""
    return solve(game.variant, game.state, **kw)
