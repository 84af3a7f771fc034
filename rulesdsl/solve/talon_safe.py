"""A safe card anywhere the stock walk reaches goes up without branching, derived from the
rules: where the stock goes round without a binding limit (stock_cycle.py), the position
where a card tops the waste is as good as the one the walk started from, so a card the
closure's test (safe_foundations.py) calls safe there is played up as the only child.
Solvitaire's auto-foundation moves from the talon (docs/solver.md).
"""

from __future__ import annotations

from .safe_foundations import FoundationRule
from .stock_cycle import _refresh, play_actions

# -- a safe card of the talon up, the only child ------------------------------------------
#
# The class: the search keys the stock by its talon (stock_cycle.StockCycle, so the
# recycle's limit cannot bind in this search, and a macro child plays at most one recycle),
# its safe rule is safe_foundations' closure (FoundationRule.closure; its class takes the
# stock macro moves' class, so the stock's piles take no card by a move and nothing outside
# them reads them; the win is every card on the foundations). Not in the streamliner's
# search (it keeps its own order).
#
# At a settled node P whose stock's piles are regular with the pointer p in R (the key's
# first form, stock_cycle.py), write T for the talon, n = |T|, and for a pointer q in R with
# q > 0 let Q_q be the position the walk reaches from P by actions alone with the pointer
# at q: the waste's top is c = T[q-1], and Q_q has P's board outside the stock's piles.
# The rule: if for such a q (q = n when a deal turns more than one card) a pile f of F
# would take c at Q_q and the closure's test holds for c -> f there (it reads F's piles
# and c, which are P's), then the child "the actions to Q_q, then c -> f" is P's only
# child; the walk and every other move of P are not searched. The nearest q in the
# walk's order is taken. Where the move is not legal at Q_q (the test found it on the
# tables), nothing is decided and P is expanded as before.
#
# Proof. (1) P and Q = Q_q are won or lost together: both pointers lie in R and both piles
# are regular, so each is reached from the other by actions alone (stock_cycle.py: from a
# pointer in R the deals go to n, the recycle to 0, and the deals reach every pointer of R
# again), and no limit binds. Actions are free (stock_macros.py's measure c(X), the fewest
# card moves of a winning line), so c(P) = c(Q).
# (2) If Q is won, so is Q' = Q + (c -> f), with c(Q') <= c(Q) - 1. The closure's proof
# (safe_foundations.py) turns a winning line L from Q into one from Q' with no more card
# moves than L has, less the one that takes c up, except at its one step that needs the
# draw count: an action of L while c lies in the stock's piles. With one card a deal that
# proof covers it (X' skips the deal that turns c). For more cards a deal, c is T's last
# card (q = n), and it stays last (actions keep T; a card move only takes the waste's top
# out of it). Keep, beside that proof's invariant, that X's talon is S + (c) where S is X''s
# talon, and that X''s pointer is min(p_X, |S|) with both piles regular or both not as the
# engine leaves them (X' has the same waste as X, less c when c is on it: c tops the waste
# only at p_X = |S| + 1, and X''s stock is X's less c). A deal: X goes to min(p_X + k,
# |S| + 1), X' (its stock then not empty exactly when p_X < |S|) to min(p_X + k, |S|),
# which is min of the new p_X and |S|; when p_X = |S| (X's stock holds c alone) X' has no
# deal to play and stays. A recycle (X's stock empty: p_X = |S| + 1, so X''s is empty too):
# X' recycles when S is not empty, both go to 0; no pass limit binds. The waste's top card
# moved by L: at p_X <= |S| it is X''s top too, and both pointers go down by one; at p_X =
# |S| + 1 it is c, which X' has up already: X' stays and now p_X = |S|, with T = S.
# (2') The same for a card c that starts a foundation (an ace: ``TalonUp.starts``) onto an
# empty f, which the closure's test never calls safe (it wants f not empty): F is one
# interchangeable group with |A| <= |F| (A: the cards an empty pile of F takes) and each
# nonempty pile of F has its bottom in A (FoundationRule._bottom_ok); c is in A; nothing is
# put onto c outside F (want[c] empty); no pile of F takes c on a top; no rule has a
# max_run. Invariant: X' is X, up to a permutation of F's piles, but that while c is off F
# in X, X' has c alone on a pile of F that is empty in X (the rest of c's place in X left
# out). While c is off F in X no card is put onto it (want[c] is empty, and F takes none
# onto a card off F), so c tops whatever run holds it. Each move m of L then: c up (onto an
# empty pile of F: it takes nothing on a top) makes X and X' the same up to a permutation,
# X' plays nothing; c moved alone elsewhere: X' plays nothing; a run with c on top moved:
# X' moves the run less c (a prefix of a run is a run; no max_run); a card of A onto an
# empty pile of F: the nonempty piles of F in X have distinct bottoms in A other than c and
# that card, so X' (one pile more) still has an empty one, and plays it there; an action:
# as in (2) (one card a deal, or c the talon's last card); any other move reads tops and
# empty piles outside c's place, which X' has (context-free rules; X' has every empty pile
# X has outside F), and X' plays it. From the first time c is up in X, X' = X up to the
# permutation and plays L as it is. When L wins, so does X'. c off F lay only in the
# stock's piles or on runs, never over a face-down card it left: no flip differs.
# (3) So the child is won whenever P is, and c(child) <= c(P) - 1: the child is one card
# move nearer the win than P, as a macro child must be for the rules that measure lines by
# c (stock_macros.py (c), partial_runs.py, foundation_returns.py); P's other children are
# not needed for P's verdict, and a position proved lost stays lost (the child's loss is
# P's). The search's table, the line and the replay treat the child as any macro child
# of the walk (StockCycle.replay).


class TalonUp:
    """The test above for one search: ``up(out)`` is False (nothing safe: expand as
    before), or what consider() said of the one child offered (True, None a win, a str a
    limit)."""

    def __init__(self, search, safe):
        self.search, self.safe, self.cycle = search, safe, search.cycle
        # per card the foundations that take it on some top (the closure's class: one card at
        # most per top and pile); the test reads the piles' tops at the node
        self.takes_on = [(f, safe.takes_on[f]) for f in sorted(safe.sinks)]
        self.fired = 0  # the children offered (tests and the bench read it)
        # (2'): the cards that may go up onto an empty pile of F from the talon
        v, empty = search.variant, set()
        if self.aces and safe.symmetric and all(r.max_run is None for r in v.rules):
            on_top = {x for g in safe.sinks for x, tops in safe.bases[g].items() if tops}
            empty = {c for g in safe.sinks for c in safe.takes_empty[g] if not safe.want[c] and c not in on_top}
        self.starts = frozenset(empty)

    aces = True  # (2'): False keeps to the closure's test (a bench's switch)

    def __call__(self, out):
        search, cycle = self.search, self.cycle
        st = search.st
        piles, down = st.piles, st.down
        x, y = piles[cycle.stock], piles[cycle.waste]
        nx, p = len(x), len(y)
        n, k = nx + p, cycle.draw
        if not n or down[cycle.waste] or down[cycle.stock] != (0 if cycle.face_up else nx):
            return False  # (not regular)
        if p % k and p != n:
            return False  # (a pointer outside R)
        wanted: dict = {}
        for f, table in self.takes_on:
            pile = piles[f]
            if pile:  # (the closure's test wants f not empty)
                for c in table.get(pile[-1], ()):
                    wanted.setdefault(c, f)
            elif self.starts:
                for c in self.starts:
                    wanted.setdefault(c, f)
        if not wanted:
            return False
        talon = y + x[::-1]
        best = None
        if k == 1 and self.safe.one_by_one:
            for q in range(1, n + 1):
                c = talon[q - 1]
                if q != p and c in wanted and self.safe_up(st, c, wanted[c]):
                    dist = (q - p) % (n + 1)
                    if best is None or dist < best[0]:
                        best = (dist, q)
        else:
            c = talon[-1]
            if c in wanted and self.safe_up(st, c, wanted[c]):
                best = (0, n)
        if best is None:
            return False
        q = best[1]
        return self._offer(_actions_to(p, q, n, k), talon[q - 1], wanted[talon[q - 1]], out)

    def safe_up(self, st, c, f) -> bool:
        """c -> f safe by the closure's test, or by (2') onto an empty f."""
        if st.piles[f]:
            return self.safe.closed(st, c, f)
        return c in self.starts and c in self.safe.takes_empty[f] and self.safe._bottom_ok(st)

    def _offer(self, acts, c, f, out):
        """The actions to Q played in one go, then c -> f considered as the one child."""
        search, cycle = self.search, self.cycle
        st, ops, path = search.st, search.ops, search.path
        spiles = (cycle.stock, cycle.waste)
        deal, recycle = cycle.moves
        walked = [deal if a else recycle for a in acts]
        mark = len(ops)
        if walked and cycle.batch:
            play_actions(cycle, st, walked, ops)
        else:
            for a in walked:  # one by one, as the engine plays them
                search.do(st, a, search.env, ops)
        moves = cycle.taking(st, search.env) if cycle.taking is not None else search.generate()
        m = next((m for m in moves if m.kind == "move" and m.dest == f and m.cards == (c,)), None)
        got: object = False
        if m is not None and m.sources[0] == cycle.waste:
            self.fired += 1
            if walked:
                _refresh(search, spiles)
                path.extend(walked)
            got = search.consider(m, (*walked, m) if walked else m, out)
            if got is None:
                return None  # the win is on the board, its line in path
            if walked:
                del path[-len(walked) :]
        if walked:
            search.undo_ops(st, ops, mark)
            _refresh(search, spiles)
        return got


def _actions_to(p, q, n, k) -> list:
    """The walk's actions from pointer p to pointer q (True a deal, False the recycle)."""
    acts: list = []
    ptr = p
    while ptr != q:
        if len(acts) > n + 1:
            raise ValueError(f"pointer {q} is not reached from {p}")  # (never: q in R)
        if ptr < n:
            ptr = min(ptr + k, n)
            acts.append(True)
        else:
            ptr = 0
            acts.append(False)
    return acts


def talon_rule(search):
    """A TalonUp for the search where the class above holds, else None."""
    cycle, safe = search.cycle, search.safe
    if cycle is None or search.greedy or not isinstance(safe, FoundationRule) or not safe.closure:
        return None
    if set(safe.stock) != {cycle.stock, cycle.waste}:
        return None
    return TalonUp(search, safe)
