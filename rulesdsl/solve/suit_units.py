"""Runs in sequence as units (the Spider family): a run is split only where that can matter.

Two uses, read from the compiled variant (never a game's name), for a pile group G that
lifts runs under a sequence rule (Spider's same-suit runs):

* **The units stage** (``stage``): the streamliner's search (solver.py, not exhaustive: it may
  say only ``won``) never splits a run of G unless the part moved lands on a card it is in
  sequence with and makes there a longer run than the one it leaves. A win it finds is a real
  line, replayed like any other; the full search after it tries every move.
* **Dominated splits** (``dominated``, with the proof below): in the full search, a split
  that puts part of a run onto a card it is *not* in sequence with is not searched when, after
  it, no move could use either pile.

Where G lifts runs under no sequence rule (Scorpion's kin: any face-up card moves with what
lies on it), its accept rule's order (natural_runs.py) stands for the sequence, for the stage
alone (the proof below reads a sequence rule); it runs where the win is read on the columns or
whole runs go up, and only where a part of a run can go elsewhere than onto its own base.
"""

from __future__ import annotations

import re

from ..core.kinds import PROGRESS_ROLES, AutoKind, Role
from ..core.state import State
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED
from .natural_runs import natural_tables
from .partial_runs import _DEEP_ATTR, _PLAY_SKIP, _meets, _takes
from .sink_tables import _FREE_NAMES, _context_free, _free_defines
from .stock_macros import settled

# -- dominated splits -------------------------------------------------------------------
#
# The class (derive_units): one pile group G lifts runs under a sequence rule (no max_run,
# capacity, keep or lift_when; no covering); G's accept rule is context-free (sink_tables.py)
# and *bases are alike*: two cards that accept a common card accept the same cards, from
# every source (Spider: a card takes any card one rank lower); no expression of play reads
# more of any pile than its top and emptiness (no .size, .cards, .index, ... but of ``run``,
# no cards() or tops()), and none names G but G's own rules (its accept and accept_empty
# context-free), the actions and the follow-ups; no rule reads the history; the follow-ups
# are unconditioned flips and automatic moves from G onto sinks (piles nothing leaves, taking
# cards only when empty, by a rule that reads only the cards moved). Actions may name G
# (Spider's deal onto every column): the proof never plays one in a changed place.
#
# A *split onto a break* M lifts S = c_i..c_k from P in G, where c_(i-1) lies face up under
# c_i and c_(i-1) -> c_i meets the sequence rule, onto a nonempty pile Q of G whose top t does
# *not* meet it with c_i (t -> c_i is a break). It is *dominated*, and not searched, when M
# has no follow-up and, in the position Y after it, no legal move is an *ending move*: an
# action, or a card move from or onto P or Q, except one lifting exactly S from Q.
#
# Proof. Measure a position by the fewest card moves of a winning line (actions free, as in
# stock_macros.py). Let L = M m_1 .. m_n win from X with the fewest, and let m_j be its first
# ending move (in the same sense), if any. Let L' = m_1 .. m_(j-1) from X, where S still lies
# on c_(i-1) in P and t is the top of Q.
#  * Before m_j each m_p is a card move between piles other than P and Q, or lifts exactly S
#    from Q (back onto P too). The first kind is legal and does the same in L': its rules
#    read only the moving cards and its own two piles (G's accept and accept_empty are
#    context-free, and no other rule of play names G); no follow-up acts on P or Q in either line:
#    X is settled, M had none, the contents of P and Q do not change, a flip needs a face-down
#    top, and an automatic move onto a sink needs a run its rule takes on an empty sink, on no
#    sink once none is empty, and sinks only fill up. A move lifting exactly S from Q onto D
#    is legal from P in L' (S is a top part of P's run there; the destination reads the cards
#    and D's top), and after it both lines are in one position with one card move fewer in
#    L' (with D = P, L is back at a position L' holds without the move: two fewer):
#    impossible in a line with the fewest.
#  * So at m_j (or at the end), L' stands where L does but with S on c_(i-1) in P. Then M' = M
#    is legal (S is a top part of P's run, t the top of Q, the destination reads only c_i and
#    t), has no follow-up (as M had none: the same piles hold the same cards), and leads to
#    L's position: L'' = m_1 .. m_(j-1) M m_j .. m_n wins with as many card moves. Without an
#    m_j, L' alone wins: the win reads no pile of G, and every other pile is as in L.
#  * m_1 is no ending move (M is dominated), so L'' starts with m_1, another move than M.
# It remains that a line with the fewest card moves starts with a move that is not dominated
# (the search, trying every child not dominated, then keeps a child with fewer card moves to
# go). Delay the first move while it is dominated; as in partial_runs.py the process cannot
# cycle: a dominated move a, once delayed, stands just before its first ending move e, and
# comes back to the front only when the moves that made e legal after a were delayed past it.
# Such a move b made e legal by changing the other pile O that e goes between with P_a or Q_a
# (e's legality reads only its two piles). Either b took from O (e then goes between P_a or
# Q_a and b's uncovered card c_b, or lifts from under it; since bases are alike, c_b and t_b
# take the same cards, and b moved S_b as a unit, so the same move with S_b still in place, or
# with t_b for c_b, was legal after a alone, an ending move of a), or b put S_b on O (e goes
# from P_a or Q_a onto S_b's top, or lifts S_b or part of it: the same with S_b still on P_b
# was legal after a alone), or b is an action or no split, which is never delayed. Either way
# a was not dominated: no cycle.


class UnitsRule:
    """The tables of G's sequence and the piles the rules give a role (see above)."""

    def __init__(self, piles, seq, sound, staged):
        self.piles = frozenset(piles)  # G's piles
        self.seq = seq  # seq[a] = the cards b meeting the sequence rule on a
        self.sound = sound  # is the variant in the class of the dominance proof?
        self.staged = staged  # does the units stage run first (foundations take whole runs)?

    def start(self, search):
        """dominated(m) for one search: the splits not searched (None when none is)."""
        tests = []
        if search.greedy and self.staged:
            tests.append(self.stage(search.st))
        if self.sound and settled(search.variant, search.st):
            tests.append(self.dominance(search))
        if not tests:
            return None
        if len(tests) == 1:
            return tests[0]
        first, second = tests
        return lambda m: first(m) or second(m)

    def _split(self, st, m):
        """The card c_(i-1) a move of part of a run in G leaves behind in sequence, else None."""
        s = m.sources[0]
        if m.kind != "move" or s not in self.piles:
            return None
        pile = st.piles[s]
        i = len(pile) - len(m.cards) - 1
        if i < 0 or i < st.down[s] or m.cards[0] not in self.seq[pile[i]]:
            return None
        return pile[i]

    def run_length(self, st, p) -> int:
        """The cards of the run in sequence at the top of pile p (face up)."""
        pile, seq = st.piles[p], self.seq
        n = len(pile)
        i = n - 1
        while i > st.down[p] and pile[i] in seq[pile[i - 1]]:
            i -= 1
        return n - i if n else 0

    def stage(self, st):
        """The units stage's test: a split is tried only where the part moved lands in
        sequence and makes a longer run than the one it leaves (a heuristic: the stage may
        only say won)."""
        piles, seq = self.piles, self.seq

        def skipped(m) -> bool:
            if self._split(st, m) is None:
                return False
            d = m.dest
            if d not in piles:
                return False
            dest = st.piles[d]
            if not dest or m.cards[0] not in seq[dest[-1]]:
                return True
            return self.run_length(st, d) + len(m.cards) <= self.run_length(st, m.sources[0])

        return skipped

    def dominance(self, search):
        """The dominated splits of the proof above, on the search's board."""
        st, ops, env = search.st, search.ops, search.env
        do, undo, generate = search.do, search.undo_ops, search.g.generate
        piles, seq = self.piles, self.seq

        def dominated(m) -> bool:
            below = self._split(st, m)
            if below is None:
                return False
            d, s = m.dest, m.sources[0]
            if d not in piles or not st.piles[d] or m.cards[0] in seq[st.piles[d][-1]]:
                return False  # onto an empty pile, off G, or in sequence: searched
            mark = len(ops)
            do(st, m, env, ops)
            try:
                if len(ops) != mark + 1:
                    return False  # a follow-up acted
                return not any(_ending(x, s, d, m.cards) for x in generate())
            finally:
                undo(st, ops, mark)

        return dominated


def _ending(x, p, q, moved) -> bool:
    """Is x an ending move of the proof (an action, or a card move from or onto P or Q but
    one lifting exactly the cards moved from Q)?"""
    if x.kind != "move":
        return True
    src, dst = x.sources[0], x.dest
    if src == q and tuple(x.cards) == tuple(moved):
        return False  # exactly S again (back onto P too): no line with the fewest does it
    return src in (p, q) or dst in (p, q)


def derive_units(variant):
    """A UnitsRule when one group lifts runs under a sequence rule (the units stage), with
    ``sound`` set when the variant is in the class of the dominance proof and ``staged`` where
    the foundations take only whole runs; else None. Where the group has no sequence rule
    (Scorpion), its accept rule's order stands for one, for the stage alone."""
    if variant.rules_text is None:
        return None
    plain = [
        (g, r)
        for g, r in variant.groups.items()
        if r.lift == "run" and r.max_run is None and not r.keep and r.lift_when is None and r.capacity is None
    ]
    cands = [g for g, r in plain if r.sequence is not None]
    if not cands:  # no sequence rule: the accept rule's order (below)
        cands = [g for g, r in plain if r.accept is not None]
    if len(cands) != 1:
        return None
    name = cands[0]
    layout = variant.layout
    gp = tuple(layout.groups[name].piles)
    if any(layout.covers[p] or layout.under[p] for p in gp):
        return None
    rule = variant.rules[gp[0]]
    seq = _sequence_table(variant, gp[0], rule)
    if seq is None:
        return None
    # the stage where cards reach the foundations only as whole runs (each takes cards only
    # when empty), as in the Spider family: elsewhere the streamliner is as it was
    sinks = [r for r in variant.rules if r.role in PROGRESS_ROLES and r.takes]
    staged = bool(sinks) and all(r.accept is None for r in sinks)
    if rule.sequence is None:
        # runs lift under no sequence rule (Scorpion): the accept rule's order stands for one
        # (natural_runs.py), for the stage alone (the dominance proof reads a sequence rule);
        # staged too where nothing takes cards and the win is read on the columns; not where
        # no part of a run can move but with its base (Scorpion: nothing to leave out)
        return UnitsRule(gp, seq, False, True) if (staged or not sinks) and _splits(variant, gp[0], seq) else None
    return UnitsRule(gp, seq, _sound(variant, name, gp), staged)


def _sequence_table(variant, p, rule):
    """seq[a] = the cards b meeting pile p's sequence rule on a; where it has none, its accept
    rule's order (natural_runs.py); None when the rule cannot be judged out of play."""
    if rule.sequence is None:
        natural = natural_tables(variant)[p]
        return None if natural is None else list(natural)
    env = Env(State.empty(variant))
    cards = range(variant.deck.size)
    try:
        seq = []
        for a in cards:
            env.a = a
            seq.append(frozenset(b for b in cards if b != a and _meets(rule.sequence, env, b)))
    except Exception:  # a sequence rule that cannot be judged out of play: no units
        return None
    return seq


def _splits(variant, p, seq) -> bool:
    """Can part of a run in the order ``seq`` ever move elsewhere: a card with two bases, or
    one with a base that pile p takes when empty? (Otherwise the stage leaves nothing out.)"""
    bases = [0] * variant.deck.size
    for row in seq:
        for b in row:
            bases[b] += 1
    if any(n > 1 for n in bases):
        return True
    rule = variant.rules[p]
    if rule.accept_empty is None:
        return False
    env = Env(State.empty(variant))
    env.dest = env.source = p
    try:
        return any(n and _takes(rule.accept_empty, env, b) for b, n in enumerate(bases))
    except Exception:  # a rule that cannot be judged out of play: the stage (it may only win)
        return True


def _sound(variant, name, gp) -> bool:
    """Is the variant in the class of the dominance proof (see above)?"""
    text = variant.rules_text
    if variant.removals or variant.records_history:
        return False
    sinks = {p for p, r in enumerate(variant.rules) if r.lift == "none" and r.role != Role.STOCK}
    for a in variant.autos:
        if a.kind == AutoKind.FLIP and a.when is None:
            continue
        if a.kind != AutoKind.MOVE or a.when is not None:
            return False
        if not set(a.piles) <= set(gp) or not set(a.targets) <= sinks:
            return False
        for p in a.targets:
            if not _sink_reads_run_only(variant, p, text):
                return False
    if not _reads_tops_only(text) or not _names_group_only_in_its_rules(text, name):
        return False
    names = set(_FREE_NAMES) | {s.name for s in variant.deck.suits} | set(variant.deck.colors) | set(text.params)
    names |= _free_defines(text.defines, names)
    spec = dict(text.piles).get(name)
    accept = spec.get("accept") if spec is not None else None
    empty = spec.get("accept_empty", False) if spec is not None else False
    if not _context_free(accept, names) or not _context_free(empty, names):
        return False
    return _bases_alike(variant, gp)


_SKIP = _PLAY_SKIP | {"deck", "deal", "options", "params"}
# what a sink's rule may name when it reads only the cards moved (Spider's "run.size == 13
# and card.rank == K"): the run and its cards, their attributes, constants
_RUN_NAMES = {"run", "card", "size", "rank", "suit", "color", "and", "or", "not", "in", "all", "any", "count"}


def _reads_tops_only(text) -> bool:
    """No expression of play reads more of a pile than its top and emptiness (``run`` aside)."""
    for path, s in text.strings:
        if not path or path[0] in _SKIP:
            continue
        for m in _DEEP_ATTR.finditer(_QUOTED.sub("''", s)):
            if m.group(1) != "run":
                return False
    return True


def _names_group_only_in_its_rules(text, group) -> bool:
    """No expression of play (the win included) names the group but its own pile rules, the
    automatic moves and flips, and the actions: a move's rules then read no pile of the group
    but the move's own two."""
    for path, s in text.strings:
        if not path or (path[0] in _SKIP and path[0] != "win"):
            continue
        if path[0] in ("auto", "actions") or (len(path) >= 2 and path[0] == "piles" and path[1] == group):
            continue
        if group in _IDENT.findall(_QUOTED.sub("''", s)):
            return False
    return True


def _sink_reads_run_only(variant, p, text) -> bool:
    """Does the sink p (an automatic move's target) take cards only when empty, by a rule
    that reads only the cards moved, and nothing ever leaves it?"""
    r = variant.rules[p]
    if r.lift != "none" or r.accept is not None or r.accept_empty is None:
        return False
    if any(a.source == p or p in a.gather for a in variant.actions):
        return False
    spec = dict(text.piles).get(r.group) or {}
    body = _QUOTED.sub("''", str(spec.get("accept_empty", "")))
    allowed = _RUN_NAMES | set(text.params) | {"A", "J", "Q", "K", "T"}
    allowed |= {s.name for s in variant.deck.suits} | set(variant.deck.colors)
    bound = set(re.findall(r"\b(\w+)\s+in\s+run\b", body))
    return all(x in allowed or x in bound or x.isdigit() for x in _IDENT.findall(body))


def _bases_alike(variant, gp) -> bool:
    """Do two cards that accept a common card accept the same cards, from every source (G's
    accept judged on a one-card pile, as a table)?"""
    rules = variant.rules
    rule = rules[gp[0]]
    st = State.empty(variant)
    env = Env(st)
    cards = range(variant.deck.size)
    d = gp[0]
    sources: dict = {}
    for p, r in enumerate(rules):
        if r.lift != "none" and p != d:
            sources.setdefault((r.group, r.role), p)
    try:
        for s in sources.values():
            rows = []
            for t in cards:
                st.piles[d][:] = [t]
                env.st, env.dest, env.source = st, d, s
                rows.append(frozenset(x for x in cards if x != t and _takes(rule.accept, env, x)))
            for x in cards:
                if len({rows[t] for t in cards if x in rows[t]}) > 1:
                    return False
    except Exception:  # a rule that cannot be judged out of play: no proof
        return False
    finally:
        st.piles[d][:] = []
    return True
