"""The win finder's sideways moves: children the beam leaves out where runs move whole.

Where a group of columns lifts any run in sequence, two kinds of move rearrange the board
without bringing a card nearer a foundation: a whole column (no face-down card) moved into
an empty column of its group, which only swaps the two; and a part of a run lifted off a
card it is in sequence with onto another column's top, where the card it uncovers is none a
foundation takes now (the uncovered card is a top a run could already have been moved to,
so little is gained but its going up). On a plateau of the score the beam fills its width
with such moves level after level: on Gypsy deal 2 (width 32) it went 60 levels at one card
up before its first deal, and after the stock's last deal wandered to the run's level limit
(docs/solver.md, "The win finder's sideways moves"). The solver's proven form of the second
kind is partial_runs.py, whose class Gypsy's rules fall outside.

Not a proof: the finder only ever says won, with its line replayed move by move in a fresh
game (beam.replay), so leaving children out can lose a win it would have found, never make
a verdict unsound. ``find_win(..., sideways=False)`` keeps them.

A shuffling redeal (Gaps and its Moon kin, La Belle Lucie, Scuffle) is another child the beam
spends its width on: each shuffle is a new board whose score says little of what it leads to,
and one played early is one fewer for the position where nothing else moves. ``LateShuffles``
offers it only there (``find_win(..., late=False)``: always).
"""

from __future__ import annotations

from ..core.kinds import PROGRESS_ROLES, ActionKind
from ..lang.runtime import Env
from .derivations import next_rule


class Sideways:
    """Per group of such columns its piles and sequence rule; the foundations' tables
    (guidance.NextCards) to tell which uncovered cards a foundation takes now, or None (then
    only the swaps are left out)."""

    def __init__(self, variant, group, tables):
        self.group = group  # pile -> its group's name, for the columns of the class
        self.seq = [r.sequence for r in variant.rules]
        self.tables = tables
        self.env = Env(None)

    def wanted(self, st) -> set:
        """The cards some foundation takes on its top (or empty) now."""
        rule, out = self.tables, set()
        for f in rule.sinks:
            pile = st.piles[f]
            out |= rule.takes_on[f].get(pile[-1], frozenset()) if pile else rule.takes_empty[f]
        return out

    def keep(self, st, moves) -> list:
        """``moves`` without the sideways ones (see the module's docstring)."""
        group, out, want = self.group, [], None
        for m in moves:
            if m.kind == "move" and m.dest in group and group.get(m.sources[0]) == group[m.dest]:
                s, pile = m.sources[0], st.piles[m.sources[0]]
                under = len(pile) - len(m.cards) - 1
                if not st.piles[m.dest]:
                    if under < 0 and not st.down[s]:
                        continue  # the whole column into an empty one: the two swapped
                elif self.tables is not None and 0 <= under and under >= st.down[s]:
                    env = self.env
                    env.st, env.a, env.b = st, pile[under], m.cards[0]
                    if self.seq[s](env):
                        want = self.wanted(st) if want is None else want
                        if pile[under] not in want:
                            continue  # a run split off a card in sequence, that card not wanted
            out.append(m)
        return out


def sideways_rule(variant) -> Sideways | None:
    """The rule where some group of columns lifts any run in sequence (lift ``run`` with a
    sequence rule; no max_run, keep, lift_when or capacity: the whole run can always go where
    its part could), else None."""
    group = {}
    for p, r in enumerate(variant.rules):
        if (
            r.role not in PROGRESS_ROLES
            and r.role != "cell"
            and r.takes
            and r.lift == "run"
            and r.sequence is not None
            and r.max_run is None
            and not r.keep
            and r.lift_when is None
            and r.capacity is None
        ):
            group[p] = r.group
    if not group:
        return None
    return Sideways(variant, group, next_rule(variant))


class LateShuffles:
    """The redeals that shuffle (``order: shuffle``, the default), by name, offered only where
    no other child is left; ``on`` False: always (``exhausted``)."""

    def __init__(self, names):
        self.names = frozenset(names)
        self.on, self.dropped = True, False

    def keep(self, st, moves) -> list:
        """``moves`` without the shuffles, unless nothing else is left."""
        if not self.on:
            return moves
        names = self.names
        rest = [m for m in moves if m.kind != "action" or m.name not in names]
        if not rest:
            return moves
        if len(rest) < len(moves):
            self.dropped = True
        return rest

    def exhausted(self) -> bool:
        """Called when a run ended with nothing cut and no win: it saw every position the rule
        leaves, not every position. If the rule left a shuffle out, it is off from now on (the
        caller widens again: the next run offers the shuffles everywhere) and True. Why: on
        small games a win may need an early shuffle (Gaps of two rows of seven ranks, one redeal:
        deals 11, 18 and 24, which the widest run then wins)."""
        if self.on and self.dropped:
            self.on = False
            return True
        return False


def late_rule(variant) -> LateShuffles | None:
    """The rule where some redeal shuffles the cards it gathers, else None."""
    names = [a.name for a in variant.actions if a.kind == ActionKind.REDEAL and a.shuffle]
    return LateShuffles(names) if names else None


class Children:
    """What the win finder leaves out of a position's children: the sideways moves, then the
    early shuffles (either rule may be None). One per lane (the late rule's state is its own)."""

    def __init__(self, side, late):
        self.side, self.late = side, late

    def keep(self, st, moves) -> list:
        if self.side is not None:
            moves = self.side.keep(st, moves)
        return self.late.keep(st, moves) if self.late is not None else moves

    def exhausted(self) -> bool:
        """A run that cut nothing saw all there is but for what the late rule left out: see
        LateShuffles.exhausted."""
        return self.late is not None and self.late.exhausted()


def children_rule(variant, sideways: bool = True, late: bool = True) -> Children | None:
    """The rule of a lane's children (``Children``), or None where neither the sideways moves
    (``sideways``) nor the early shuffles (``late``) are left out."""
    one = sideways_rule(variant) if sideways else None
    two = late_rule(variant) if late else None
    return Children(one, two) if one is not None or two is not None else None
