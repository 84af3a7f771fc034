"""Dominated partial-run moves, derived from the rules: a part of a run moves from one pile
to another only where that can matter now (the card it uncovers is used by some move at
once), since elsewhere the same cards can make the same move later, when it does matter.
"""

from __future__ import annotations

import re

from ..core.kinds import AutoKind
from ..core.state import State
from ..engine.codegen import moves_from
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED, analyse
from .sink_tables import _FREE_NAMES, _context_free, _free_defines

# -- dominated partial-run moves ------------------------------------------------------------
#
# The class (derive_partial): a pile group G with lift ``run`` (no keep, lift_when, capacity
# or max_run), whose accept rule is context-free (sink_tables.py) and, as a table of cards,
# *equal* to its sequence rule: accept(t, x) == sequence(a=t, b=x) for every pair; no other
# group's accept, no action and no refill or removal names G or reads where its cards lie
# (G is interchangeable, analysis.py; no expression of play reads .size, .bottom, .cards,
# .down, .up, .index, .prev, .next, .at, .free or .covered of a pile but ``run.size``, nor
# calls cards() or tops()); the follow-ups are unconditioned flips; no rule reads the
# history; the win does not name G; and *bases are alike*: two cards that both accept some
# card accept the same cards, from every source (in Klondike both are of one rank and
# colour). Actions may exist (the stock and waste), but name no pile of G.
#
# A *partial* move M lifts c_i..c_k from a pile P of G (i > 1: c_(i-1) lies face up under
# it, and c_(i-1) -> c_i meets the sequence rule) onto a nonempty pile Q of G, on top t. It
# is *dominated*, and not searched, when after it no move takes from P or puts a card on P
# (no move *uses* P) but one lifting all of c_i..c_k from Q again or one moving all of P
# onto an empty pile of G (the same position with two piles exchanged, which no rule of an
# interchangeable group tells apart: no line with the fewest card moves plays it), and no
# card of a pile the actions name (the stock's, which the stock macros bring as one child
# with their draws) would be accepted on c_(i-1). Moves onto an empty pile are always
# searched (the whole run may not be accepted there).
#
# Proof. Measure a position by the fewest card moves of a winning line, as stock_macros.py
# does (actions are free). Let L = M m_1 .. m_n win from X, with the fewest card moves, M
# dominated. Let S be the cards lying on t on Q after each move (at first c_i..c_k). Let j be
# the first m_j that uses P, or lifts cards from Q lying below S (t among them), or none.
#  * Before m_j every m_p is legal, and does the same, in the line without M, with S lying
#    on c_(i-1) on P instead of on t on Q: the rules read of a pile of G its top and whether
#    it is empty (both hold cards in either line), the run lifted, and the tops of the piles
#    a move goes between; a move lifting cards of S lifts the same run (c_(i-1) -> c_i and
#    t -> c_i both meet the sequence rule, which equals accept); a flip turns no card of P or
#    Q (their tops are face up). A move lifting all of S from Q would leave both lines in
#    one position, with a card move fewer without M: not in a line with the fewest.
#  * S is a run at m_j: it began as one, cards are put on it only by card moves (no action
#    names G), which G's accept allows only in sequence, and taking its top cards off leaves
#    a run. So M' = "S from P onto t" is legal before m_j (accept reads c_i and t only; no
#    max_run), and after it the two lines are in one position: L' = m_1..m_(j-1) M' m_j ..
#    m_n wins from X with as many card moves as L. M is no last move either way: it moves
#    cards within G and the win does not read G, so it never wins.
#  * m_1 does not use P (M is dominated: no move uses P after it but one lifting all of
#    S, which L does not play, above), so L' starts with m_1, a
#    move other than M, and M' stands just before a move using P (or at the end).
# It remains that the first move of some line with the fewest card moves is not dominated.
# Delay the first move of such a line while it is dominated: the process stops, since it
# cannot come back to a line it left. In a cycle, a dominated move a of X, once delayed,
# stands just before its use e, and comes to the front again only when every move before it
# has been delayed past it, the moves that made e legal (it was not legal after a at X)
# among them. Such a move b changed the other pile O that e goes between with P_a (e's
# legality reads only its two piles): b took from O (e uses O = P_b: e then moves the same
# cards between P_b and t_a, or from P_a with S_a onto c_b(i-1), and since bases are alike
# that move is legal at X after b alone, a use of P_b: b was not dominated at X), or b put
# S_b on O (then e goes from P_a onto S_b's top, or moves part of S_b, or the run on O down
# to t_b, and the same move with S_b still on P_b is legal after a alone: a use of P_a), or
# b is no partial move (a draw, a move to or from a foundation), which is never delayed.
# A stock card e takes onto P_a counts as a use (the clause above), so no draw can make e
# legal unseen. Hence no cycle, and the search, which explores every child not dominated,
# keeps a child with fewer card moves to go, as the other rules do (stock_macros.py (c)).
#
# Any face-up card lifts (lift ``run`` with no sequence rule, as Yukon's): "in sequence" is
# read from G's accept table instead (c_(i-1) -> c_i in sequence when a pile of G with top
# c_(i-1) accepts c_i from G), so the sequence rule equals accept by definition. The proof
# above carries over: where it lifts cards of S, or S itself (M'), it asks only that the
# cards be face up and that accept take S's bottom c_i on t (accept reads no run, checked),
# never that S be a run, and a lift with no sequence rule asks no more than that; S's cards
# are face up in both lines (moved cards stay up). Bases alike and the cycle argument read
# only the accept table. ``solve(..., partial="runs")`` keeps this case out.

_DEEP_ATTR = re.compile(
    r"\b(\w+)\s*\.\s*(size|bottom|cards|down|up|index|prev|next|at|free|covered|covered_by)\b|\b(cards|tops)\s*\("
)
_PLAY_SKIP = {"win", "score", "rules", "description", "family", "numbering", "name", "layout", "solver"}


class PartialRule:
    """The tables that decide which partial-run moves are dominated (see above)."""

    def __init__(self, piles, seq, takes, stock, any_group=False):
        self.any_group = any_group  # any face-up card lifts: seq is G's accept table
        self.piles = frozenset(piles)  # G's piles
        self.seq = seq  # seq[a] = the cards b meeting the sequence rule on a (= accept)
        self.takes = takes  # takes[t] = the cards any source may put on t (G's accept)
        self.stock = stock  # the piles the actions name
        self.bare = True  # the move tried on the lists alone (see start); False: the apply

    def start(self, search):
        """The test for one search: dominated(m) on the search's board."""
        st, ops, env = search.st, search.ops, search.env
        do, undo, generate = search.do, search.undo_ops, search.g.generate
        piles_g, seq, takes, stock = self.piles, self.seq, self.takes, self.stock
        piles, down = st.piles, st.down
        # The move played on the lists alone where that is the game's apply (``bare``; the
        # old path with it False): c_(i-1) stays face up on P (i >= down[s]), so P's count
        # holds and its flip has nothing to turn; Q's top was face up; the other piles are
        # as the position left them, settled (a position after a move: ``path`` not empty;
        # the start may not be, and keeps the apply); no rule scores (no points to add).
        bare = self.bare and not any(r.points is not None for r in search.variant.rules)
        path = search.path
        # the foundations whose second cards count as uses (unused_returns.py's clause P5)
        under = getattr(search, "unused_sinks", ())
        # the moves that use a pile of G, generated alone (exact: the pile keeps c_(i-1))
        near = {p: moves_from(search.variant, frozenset((p,)), p) for p in piles_g}

        def whole(s, x) -> bool:
            return not down[s] and len(x.cards) == len(piles[s])

        def dominated(m) -> bool:
            if m.kind != "move":
                return False
            s, d = m.sources[0], m.dest
            if s not in piles_g or d not in piles_g or not piles[d]:
                return False
            pile = piles[s]
            i = len(pile) - len(m.cards) - 1
            if i < 0 or i < down[s]:
                return False
            c = pile[i]
            if m.cards[0] not in seq[c]:
                return False  # the whole run: nothing below it in sequence
            want = takes[c]
            for p in stock:
                if not want.isdisjoint(piles[p]):
                    return False  # a card the stock brings could go on c
            for g in under:  # (P5 of unused_returns.py, where that rule is on)
                if len(piles[g]) >= 2 and piles[g][-2] in want:
                    return False  # a card under a foundation's top could come down onto c
            gen = near[s]
            if bare and path:  # the cards moved on the lists alone, then put back (see start)
                src, dst, n = pile, piles[d], len(m.cards)
                dst.extend(src[-n:])
                del src[-n:]
                try:
                    return unused(generate() if gen is None else gen(st, env), s, d, m.cards[0])
                finally:
                    src.extend(dst[-n:])
                    del dst[-n:]
            mark = len(ops)
            do(st, m, env, ops)
            try:
                return unused(generate() if gen is None else gen(st, env), s, d, m.cards[0])
            finally:
                undo(st, ops, mark)

        def unused(after, s, d, first) -> bool:
            for x in after:
                if x.kind != "move" or (x.sources[0] != s and x.dest != s):
                    continue
                if x.sources[0] == d and x.cards[0] == first:
                    continue  # lifts all the moved cards again (no shortest line does)
                if x.sources[0] == s and x.dest in piles_g and not piles[x.dest] and whole(s, x):
                    continue  # all of P to an empty pile: the same position, piles exchanged
                return False
            return True

        return dominated


def derive_partial(variant):
    """A PartialRule when the variant is in the class the proof covers, else None."""
    text = variant.rules_text
    if text is None or variant.removals or variant.records_history:
        return None
    if any(a.kind != AutoKind.FLIP or a.when is not None for a in variant.autos):
        return None
    layout, rules = variant.layout, variant.rules
    candidates = [
        g
        for g, r in variant.groups.items()
        if r.lift == "run"
        and r.accept is not None
        and r.max_run is None
        and not r.keep
        and r.lift_when is None
        and r.capacity is None
    ]
    if len(candidates) != 1:
        return None
    name = candidates[0]
    gp = tuple(layout.groups[name].piles)
    if any(layout.covers[p] or layout.under[p] for p in gp):
        return None
    if gp not in analyse(variant).interchangeable or not _reads_nothing_deep(text, name):
        return None
    stock = {a.source for a in variant.actions} | {p for a in variant.actions for p in a.targets}
    stock |= {p for a in variant.actions for p in a.gather}
    if stock & set(gp):
        return None
    names = set(_FREE_NAMES) | {s.name for s in variant.deck.suits} | set(variant.deck.colors) | set(text.params)
    names |= _free_defines(text.defines, names)
    spec = dict(text.piles).get(name)
    accept = spec.get("accept") if spec is not None else None
    if not _context_free(accept, names) or "run" in _IDENT.findall(_QUOTED.sub("''", str(accept))):
        return None  # (a run.size test would refuse a longer run where a shorter one goes)
    tables = _tables(variant, rules, gp)
    if tables is None:
        return None
    seq, takes = tables
    return PartialRule(gp, seq, takes, tuple(sorted(stock)), any_group=rules[gp[0]].sequence is None)


def _reads_nothing_deep(text, group) -> bool:
    """No expression of play reads where a card of the group lies beyond its pile's top and
    emptiness, and none but the group's own rules and flips names the group."""
    for path, s in text.strings:
        if not path or path[0] in _PLAY_SKIP:
            continue
        body = _QUOTED.sub("''", s)
        for m in _DEEP_ATTR.finditer(body):
            if m.group(1) != "run":
                return False
        own = len(path) >= 2 and path[0] == "piles" and path[1] == group
        flip = path[0] == "auto" and path[-1] == "flip"
        if not own and not flip and group in _IDENT.findall(body):
            return False
    return True


def _tables(variant, rules, gp):
    """(seq, takes): the sequence rule as a table, checked equal to the accept rule from a
    pile of the group, and that bases are alike from every source; None otherwise."""
    rule = rules[gp[0]]
    st = State.empty(variant)
    env = Env(st)
    cards = range(variant.deck.size)
    d = gp[0]
    sources = {}
    for p, r in enumerate(rules):
        if r.lift != "none" and p != d:
            sources.setdefault((r.group, r.role), p)
    own = next((p for p in gp if p != d), None)
    if own is None:
        return None
    try:
        seq = []
        for a in cards if rule.sequence is not None else ():
            env.a = a
            seq.append(frozenset(b for b in cards if b != a and _meets(rule.sequence, env, b)))
        per_source = {}
        for key, s in sources.items():
            rows = []
            for t in cards:
                st.piles[d][:] = [t]
                env.st, env.dest, env.source = st, d, s
                rows.append(frozenset(x for x in cards if x != t and _takes(rule.accept, env, x)))
            per_source[key] = rows
        st.piles[d][:] = []
    except Exception:  # a rule that cannot be judged out of play: no proof
        return None
    if rule.sequence is None:  # any face-up card lifts: in sequence means accepted (above)
        seq = per_source.get((rule.group, rule.role))
        if seq is None:
            return None
    if per_source.get((rule.group, rule.role)) != seq:
        return None
    for rows in per_source.values():
        for x in cards:
            alike = {rows[t] for t in cards if x in seq[t]}
            if len(alike) > 1:
                return None
    takes = [frozenset().union(*(rows[t] for rows in per_source.values())) for t in cards]
    return seq, takes


def _meets(fn, env, b) -> bool:
    env.b = b
    return bool(fn(env))


def _takes(fn, env, x) -> bool:
    env.card, env.run = x, (x,)
    return bool(fn(env))
