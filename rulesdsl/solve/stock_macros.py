"""Stock macro moves derived from the rules: where actions only shuffle a stock and its
waste and nothing else reads them, the draws before a card move from those piles are one
child of the search, and moves elsewhere are searched only before drawing (they commute).
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass

from ..core.kinds import ActionKind, AutoKind
from ..engine.moves import follow_ups
from .analysis import _IDENT, _QUOTED, _USED

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


def define_groups(defines, groups) -> dict:
    """Per define name: the groups its text names, with those of the defines it uses."""
    heads = {}
    for key, text in defines:
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


def derive_stock(variant, recycling=True):
    """A StockRule when the variant meets (1)-(3) above, else None. ``recycling`` False: also
    where no action recycles (the proof holds; face_foundations.py needs only the class)."""
    rules_text = variant.rules_text
    if rules_text is None:
        return None
    actions = variant.actions
    if not actions or getattr(variant, "history_in_play", ()):
        return None
    # Sound without it, but only worth it where the stock goes round (a recycle): where the
    # draws only go forward, the walk hands the ordering positions deep in the stock early,
    # and Bristol, deals 1-15 at 50,000 positions, went from 14 won to 4 (Forty Thieves,
    # Calculation and Australian Patience won none either way).
    if recycling and not any(a.kind == ActionKind.RECYCLE for a in actions):
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
    defines = define_groups(rules_text.defines, groups)
    for path, text in rules_text.strings:
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


def settled(variant, st) -> bool:
    """The follow-ups have nothing to do in ``st`` (true after every move played)."""
    if not variant.autos:
        return True
    trial = st.copy()
    log = array("q")
    follow_ups(variant, trial, log)
    return not log
