"""Stock symmetry derived from the rules: where the stock can be gone through again without
limit, positions that differ only by how far it has turned are one key, and the stock's
cards are reached as macro moves (every card some number of draws lays on the waste is a
child), as Solvitaire does. It refines stock_macros.py, whose proof it builds on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.kinds import ActionKind
from ..core.state import State
from ..engine.codegen import moves_from
from ..engine.moves import T_USED, Move, transfer
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED
from .safe_foundations import _empty_takes
from .sink_tables import sink_tables
from .stock_macros import define_groups, derive_stock

# -- the talon as one sequence and a pointer ---------------------------------------------
#
# The class (derive_cycle): the stock macro moves apply (derive_stock: plain moves and
# actions commute, nothing outside the stock's piles reads them, nothing reads used()); the
# actions are exactly a deal of a constant k >= 1 cards from a pile X onto a pile Y with no
# limit and no condition, and a recycle of Y onto X with no condition; X and Y are the
# stock's only piles; one deck of at most 250 cards.
#
# The engine's actions (engine/moves.py): the deal moves min(k, |X|) cards one at a time
# from X's top to Y's top; the recycle is legal only with X empty and turns Y over onto X
# (Y's bottom becomes X's top). Write Y bottom first as w1..wp and X top first as
# s1..sm: the *talon* T = w1..wp s1..sm and the *pointer* p = |Y|. A deal keeps T and adds
# min(k, m) to p; a recycle keeps T and sets p to 0. So actions alone never change T, and
# from pointer p they reach p, p+k, p+2k, ... up to n = |T|, then (recycling) 0, k, 2k,
# ..., n. Let R = {0, k, 2k, ...} ∪ {n}: positions whose pointers lie in R reach one another
# by actions alone, and a pointer outside R is reached from no other (it is never a
# multiple of k after a recycle). Face-down cards: the deal leaves Y's face-down count
# as it was and X's at most its size; the recycle leaves X all face down, or all face up
# when it keeps them up. Call the stock's piles *regular* when Y has no face-down card
# and X is all face down (recycle turning them down) or all face up (keeping them up):
# deals and recycles keep regular piles regular.
#
# The key (StockKey): regular piles with a pointer in R are keyed by T alone, with a mark
# saying so; any other piles by their cards and face-down counts exactly, with another mark.
# Two positions with the same key and the same piles elsewhere then either are identical
# or reach one another by actions alone, with no limit in the way (below): each one's
# future holds the other's, so they have the same future, and merging them is sound.
#
# No limit in the way. A recycle limit L (the variant's passes) binds only when the
# counter reaches it. In one search (Search.cycle) the symmetry is used only when
# L - used >= the search's position limit N, counted from the start. Every node on the
# search's line is a distinct entry of its table (at most N), and each macro child plays at
# most one recycle (the walk below visits each configuration of the stock once: from
# pointer p it deals to n, recycles once, and deals up to the first configuration it
# met), so no line of the search ever meets the limit: the search runs exactly as on the
# game without a limit, where the counter is no part of a position (and the table ignores
# it). A line won there is played in the real engine, so it is real; a game without a win
# when passes are unlimited has none with fewer.
#
# The macro children (walk): from a settled node, every configuration of the stock actions
# reach (each once, by a local set of exact configurations, not the table: configurations
# of one key all share the node's key), each tested for a win, and there every legal move
# taking from a pile of the stock, played as the actions and then that move. stock_macros'
# proof (the fewest card moves c(X) of a winning line; actions are free) carries over: two
# positions of one key reach the same configurations by actions, so the children of
# whichever the table met first are the children of both; and the walk reaches every
# configuration the actions can, so a winning line d1..dk m with m taking from the stock has
# its P_k + m among the children, and one with m elsewhere has P + m (m commutes with the
# actions).

_INT_OR_NAME = re.compile(r"^\s*(\d+|[A-Za-z_][A-Za-z0-9_]*)\s*$")


@dataclass(frozen=True)
class StockCycle:
    stock: int  # X: the deal's source, the recycle's target
    waste: int  # Y
    draw: int  # k: cards a deal turns
    deal: int  # the actions' indices
    recycle: int
    face_up: bool  # the recycle keeps the cards face up
    limit: Any  # the recycle's limit (a compiled expression) or None
    # (want, empty): per top card, the cards some pile would take onto it, and the cards some
    # empty pile would take (sink_tables; None when the rules are not context-free): the walk
    # asks for the moves only where the waste's top could go somewhere
    lands: object = None
    moves: tuple = ()  # the two actions as moves (the deal, the recycle)
    # the win names no group of the stock's piles (a define counts where it is used): the
    # actions, which change only those piles and the counters (stock_macros.py (1)-(3); no
    # rule reads the counters, used() is refused), leave its value as it was, so the walk
    # asks it once (see walk)
    win_still: bool = False
    # the recycle's limit as a number (a constant of the variant, derive_cycle) and the
    # generator of the card moves from the stock's piles alone (codegen.moves_from, or None)
    passes: Any = None
    taking: Any = None
    # the actions played in one go where the walk and the replay of a macro child meet a
    # run of them (play_actions: neither scores, no face-up bits to keep); False: one by one
    batch: bool = False
    # the walk writes the two piles from the talon where the waste's top could land (see
    # _walk_talon), and puts them back at its end; False: play_actions and the undo
    write: bool = True

    def unlimited(self, st, max_states: int) -> bool:
        """No line of a search of at most ``max_states`` positions from ``st`` can reach the
        recycle's limit (see above)."""
        if self.limit is None:
            return True
        env = Env(st)
        limit = self.limit(env)
        return limit is None or limit - st.used[self.recycle] >= max_states

    def key_piece(self):
        return StockKey(self)

    def replay(self, search, item) -> None:
        """A macro child of the walk played on the board (replay_macro)."""
        replay_macro(search, item)


class StockKey:
    """keys.py's hook: the stock's piece of the key (the stock pile carries it, the waste
    an empty piece); see above."""

    def __init__(self, rule: StockCycle):
        self.rule = rule
        self.piles = (rule.stock, rule.waste)

    def __call__(self, st, p) -> bytes:
        rule = self.rule
        if p != rule.stock:
            return b""
        x, y = st.piles[rule.stock], st.piles[rule.waste]
        dx, dy = st.down[rule.stock], st.down[rule.waste]
        n, ptr = len(x) + len(y), len(y)
        regular = dy == 0 and dx == (0 if rule.face_up else len(x))
        if regular and (ptr % rule.draw == 0 or ptr == n):
            return bytes((0, n, *y, *x[::-1]))  # (one bytes built: the common case)
        return bytes((1, len(x), dx, len(y), dy)) + bytes(x) + bytes(y)


def _constant(variant, path, text) -> bool:
    """The action's field is an integer or a param's name (a constant of the variant)."""
    if text is None:
        return True
    m = _INT_OR_NAME.match(str(text))
    return m is not None and (m.group(1).isdigit() or m.group(1) in variant.rules_text.params)


def derive_cycle(variant):
    """A StockCycle when the variant is in the class above, else None."""
    if derive_stock(variant) is None or len(variant.actions) != 2:
        return None
    if variant.deck.decks != 1 or variant.deck.size > 250:
        return None
    deal = next((i for i, a in enumerate(variant.actions) if a.kind == ActionKind.DEAL), None)
    rec = next((i for i, a in enumerate(variant.actions) if a.kind == ActionKind.RECYCLE), None)
    if deal is None or rec is None:
        return None
    d, r = variant.actions[deal], variant.actions[rec]
    if d.targets != (r.source,) or r.targets != (d.source,) or d.source == r.source:
        return None
    if d.limit is not None or d.when is not None or r.when is not None:
        return None
    fields = {path[1:]: text for path, text in variant.rules_text.strings if path[:1] == ("actions",)}
    for a, key in ((d, "count"), (r, "limit")):
        if not _constant(variant, key, fields.get((a.name, key))):
            return None
    k = 1
    if d.count is not None:
        k = d.count(Env(State.empty(variant)))
        if not isinstance(k, int) or k < 1:
            return None
    lands = None
    if variant.rules[d.source].lift == "none":  # only the waste's top leaves the stock's piles
        tables = sink_tables(variant, (), variant.rules_text.params)
        empty = _empty_takes(variant, set())
        if tables is not None and empty is not None:
            lands = (tables[0], empty)
    moves = tuple(Move("action", (a.source,), None, (), a.name) for a in (d, r))
    still = _win_still(variant, {variant.layout.group_of[d.source], variant.layout.group_of[r.source]})
    passes = r.limit(Env(State.empty(variant))) if r.limit is not None else None
    taking = moves_from(variant, frozenset((d.source, r.source)))
    batch = d.points is None and r.points is None and not variant.mixed_facing
    face_up = bool(r.face_up)
    return StockCycle(d.source, r.source, k, deal, rec, face_up, r.limit, lands, moves, still, passes, taking, batch)


def _win_still(variant, sgroups) -> bool:
    """The win's text names no group of the stock's piles, itself or through a define."""
    text = variant.rules_text
    groups = set(variant.layout.groups)
    defines = define_groups(text.defines, groups)
    for path, body in text.strings:
        if path[:1] != ("win",):
            continue
        for w in _IDENT.findall(_QUOTED.sub("''", body)):
            if w in sgroups or (w in defines and defines[w] & sgroups):
                return False
    return True


def walk(search, out, actions) -> object:
    """The macro children of the search's settled position (see above): True, None (a win,
    on the board) or a str (a limit was hit). ``actions``: the legal actions here.

    The actions are played on the board alone (the key and the score are brought up to date
    only where a move from the stock is considered, and again at the end). A configuration
    is known by the pointer and the two face-down counts: the actions keep the talon T, and
    T with the pointer gives both piles (see above). The win is asked once where the actions
    cannot change it (``win_still``)."""
    rule = search.cycle
    st, spiles = search.st, (rule.stock, rule.waste)
    do, ops, env, path = search.do, search.ops, search.env, search.path
    g, down = search.g, st.down
    stock, waste = rule.stock, st.piles[rule.waste]
    ask_win = not rule.win_still or g.won  # (never true at a node: it would be won already)
    if rule.batch and not ask_win and rule.lands is not None:
        return _walk_talon(search, out, actions)
    seen = {(len(waste), down[stock], down[rule.waste])}
    mark = len(ops)
    walked: list = []
    here = actions
    got: object = True
    landing = landing_cards(rule, st, spiles)
    taker = rule.taking
    while here:
        a = here[0]  # one action at most is legal: the deal, or with the stock empty the recycle
        do(st, a, env, ops)
        walked.append(a)
        if ask_win and g.won:
            _refresh(search, spiles)
            path.extend(walked)
            return None
        conf = (len(waste), down[stock], down[rule.waste])
        if conf in seen:
            break
        seen.add(conf)
        if landing is not None and (not waste or waste[-1] not in landing):
            # no pile would take the waste's top: the legal actions are the only moves
            here = _actions(search, rule)
            continue
        here, got = _offer(search, rule, taker, walked, out)
        if got is None:
            return None  # the win is on the board, its line in path
        if got is not True:
            break
    return _close(search, rule, mark, got)


def _walk_talon(search, out, actions) -> object:
    """walk() where the win is asked once and the landing cards are known: the same
    configurations in the same order, the same children with the same lines, but the
    actions followed on the talon (the pointer and the two face-down counts, as the engine's
    deal and recycle change them: engine/moves.py transfer) and played on the board only
    where the waste's top could land somewhere, all those since the last such place in one
    go (play_actions). Where it lands nowhere the old walk only played the action and asked
    for the next one: nothing was read from the board there but the configuration."""
    rule = search.cycle
    st, spiles, ops = search.st, (rule.stock, rule.waste), search.ops
    x, y = st.piles[rule.stock], st.piles[rule.waste]
    talon = y + x[::-1]  # T, which the actions keep (see above)
    nx, ny, dx, dy = len(x), len(y), st.down[rule.stock], st.down[rule.waste]
    deal_name, draw, passes, face_up = rule.moves[0].name, rule.draw, rule.passes, rule.face_up
    recycles = st.used[rule.recycle]
    seen = {(ny, dx, dy)}
    mark = len(ops)
    walked: list = []
    pending: list = []  # the actions walked that are not on the board yet
    here = actions
    got: object = True
    landing = landing_cards(rule, st, spiles)
    taker = rule.taking
    saved = (x[:], y[:], dx, dy, st.used[rule.deal], recycles) if rule.write else None
    deals = 0
    while here:
        a = here[0]  # one action at most is legal: the deal, or with the stock empty the recycle
        if a.name == deal_name:  # min(k, |X|) cards from X onto Y; X's count at most its size
            j = draw if draw < nx else nx
            nx -= j
            ny += j
            if dx > nx:
                dx = nx
            deals += 1
        else:  # the recycle: all of Y onto X, face down unless kept up; Y's count 0
            nx, ny, dy = ny, 0, 0
            if not face_up:
                dx = nx
            recycles += 1
        walked.append(a)
        pending.append(a)
        conf = (ny, dx, dy)
        if conf in seen:
            break
        seen.add(conf)
        if not ny or talon[ny - 1] not in landing:  # the waste's top lands nowhere
            if nx:  # the legal actions (_actions), from the talon
                here = [rule.moves[0]]
            elif ny and (passes is None or recycles < passes):
                here = [rule.moves[1]]
            else:
                here = []
            continue
        if saved is None:
            play_actions(rule, st, pending, ops)
            pending = []
        else:
            _write(rule, st, talon, ny, (dx, dy, saved[4] + deals, recycles))
        here, got = _offer(search, rule, taker, walked, out)
        if got is None:
            return None  # the win is on the board, its line in path
        if got is not True:
            break
    if saved is not None:  # the node's piles and counters back
        x[:], y[:] = saved[0], saved[1]
        st.down[rule.stock], st.down[rule.waste], st.used[rule.deal], st.used[rule.recycle] = saved[2:]
    return _close(search, rule, mark, got)


def _write(rule, st, talon, ny, counts) -> None:
    """The stock's piles and counters written as the actions walked leave them: the waste
    the talon's first ny cards (bottom first), the stock the rest (its top last), the two
    face-down counts and the two counters ``counts``. The same board as play_actions gives
    (see above: the actions keep T, the pointer is |Y|; the walk follows the counts as the
    engine's transfer sets them, and each action adds one to its counter), with no ops: the
    walk writes the node's piles back at its end (_walk_talon), and a child considered here
    undoes its own ops before the next write."""
    x, y = st.piles[rule.stock], st.piles[rule.waste]
    y[:] = talon[:ny]
    rest = talon[ny:]
    rest.reverse()
    x[:] = rest
    st.down[rule.stock], st.down[rule.waste], st.used[rule.deal], st.used[rule.recycle] = counts


def _offer(search, rule, taker, walked, out):
    """The moves from the stock's piles at the configuration on the board, each considered as a
    child whose line is the actions walked and the move: (the legal actions here, True or what
    consider said: None a win on the board, its line in the path, or a str, a limit)."""
    st, spiles = search.st, (rule.stock, rule.waste)
    if taker is None:
        here, taking = _split(search.generate(), spiles)
    else:  # the same moves from the stock's piles, generated alone
        here, taking = _actions(search, rule), taker(st, search.env)
    got: object = True
    if taking:
        if rule.write:  # the score's parts of the two piles; their key pieces, not (*)
            search.scorer.touch_keyed(spiles, search.keyer)
        else:
            _refresh(search, spiles)
        prefix, path = tuple(walked), search.path
        path.extend(prefix)  # the line, should a child win
        for m in taking:
            got = search.consider(m, (*prefix, m), out)
            if got is None:
                return here, None
            if got is not True:
                break
        del path[-len(prefix) :]
    return here, got


# (*) A child's key is moved_key's, or the join after play(), whose update encodes all of
# the stock's piles again once the move touches one of them (Keyer._with_hooked), from the
# board; every other pile's piece is the board's (the walk changes the stock's piles alone).
# So the stock's pieces may stay the node's until _close refreshes them: the same keys.
# (Not so the score: play() brings up to date the parts of the piles the move touched only.)


def _close(search, rule, mark, got) -> object:
    """The walk's end: the board back at the node, then True or the limit hit."""
    search.undo_ops(search.st, search.ops, mark)
    _refresh(search, (rule.stock, rule.waste))
    if got is not True:
        return got
    got = search.limit_hit()
    return True if got is None else got


def play_actions(rule, st, acts, log) -> None:
    """Play the cycle's actions ``acts``, each legal in turn from a settled position, as
    the engine's apply would: the same piles, face-down counts and counters after them, and
    ops on ``log`` that undo them (not the same ops: one transfer for a run of deals). Why
    it is the same: the follow-ups only flip piles outside the stock's (stock_macros.py
    (2)), which a settled position leaves nothing to do on and the actions do not change;
    a deal moves min(k, |X|) cards one at a time (or in one reversed transfer), so a run of
    d legal deals (X never empty before one) moves the top min(dk, |X|) cards of X onto Y
    in reversed order, and X's face-down count becomes at most its size, as after each;
    the recycle is the engine's own transfer. Neither action scores (derive_cycle)."""
    piles, down, used = st.piles, st.down, st.used
    s, w = rule.stock, rule.waste
    x, y = piles[s], piles[w]
    deal_name = rule.moves[0].name
    i, count = 0, len(acts)
    while i < count:
        j = i
        while j < count and acts[j].name == deal_name:
            j += 1
        if j > i:
            n = min(rule.draw * (j - i), len(x))
            log.append(s << 2 | w << 12 | n << 22 | 1 << 33 | down[s] << 34 | down[w] << 45)
            cards = x[-n:]
            del x[-n:]
            cards.reverse()
            y.extend(cards)
            if down[s] > len(x):
                down[s] = len(x)
            used[rule.deal] += j - i
            log.extend([T_USED | rule.deal << 2] * (j - i))
            i = j
        if i < count:  # a recycle
            transfer(st, w, s, len(y), True, not rule.face_up, log)
            used[rule.recycle] += 1
            log.append(T_USED | rule.recycle << 2)
            i += 1


def replay_macro(search, item) -> None:
    """Play a macro child of the walk (its actions, then a card move) on the board, as
    jumps.replay_jump plays a tuple: the actions in one go (play_actions), each with the
    mark where they start (a line is only ever cut where a child starts), the card move
    by the game's apply."""
    st, ops, marks, path = search.st, search.ops, search.marks, search.path
    acts = item[:-1]
    start = len(ops)
    play_actions(search.cycle, st, acts, ops)
    marks.extend([start] * len(acts))
    path.extend(acts)
    m = item[-1]
    marks.append(len(ops))
    search.do(st, m, search.env, ops)
    path.append(m)


def _split(moves, spiles) -> tuple:
    """(the actions, the card moves taking from the stock's piles), each in the moves' order."""
    here, taking = [], []
    for m in moves:
        if m.kind == "action":
            here.append(m)
        elif m.sources[0] in spiles:
            taking.append(m)
    return here, taking


def landing_cards(rule, st, spiles):
    """The cards some pile outside the stock's would take now (the rest of the board does not
    change during a walk), or None when the rules give no table."""
    if rule.lands is None:
        return None
    want, empty = rule.lands
    out: set = set()
    for p, pile in enumerate(st.piles):
        if p in spiles:
            continue
        if pile:
            out |= want[pile[-1]]
        elif empty:
            out |= empty
    return out


def _actions(search, rule) -> list:
    """The legal actions, as the generator lists them. The class's actions have no
    condition and the deal no limit (derive_cycle): the deal is legal when the stock holds a
    card, the recycle when the stock is empty, the waste is not and its limit, a constant,
    is not reached (engine.moves.action_allowed)."""
    st = search.st
    piles = st.piles
    if piles[rule.stock]:
        return [rule.moves[0]]
    if not piles[rule.waste] or (rule.passes is not None and st.used[rule.recycle] >= rule.passes):
        return []
    return [rule.moves[1]]


def _refresh(search, spiles) -> None:
    search.keyer.touch(spiles)
    search.scorer.touch_keyed(spiles, search.keyer)
