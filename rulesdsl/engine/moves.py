"""Moves: the generic generator, and applying and undoing moves with their follow-ups.

Three kinds of move, all generated from the compiled rules and nothing else:

* ``move``: a run lifted from a source pile onto a destination pile. The run is
  lifted from the source *before* the destination is judged, so a card never serves
  as its own anchor and a pile freed by the lift may take it.
* ``remove``: a set of free face-up top cards whose values satisfy a removal rule.
* ``action``: a declared action (deal from the stock, recycle the waste).

Legal moves come in a fixed order: card moves by source pile (pile order), run length
(shortest first) and destination pile; then removals by rule and by pile order; then
actions in declaration order.

Applying a move records primitive operations (transfers, flips, counters, points);
undo plays them backwards, so a move and its automatic follow-ups undo as one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from operator import itemgetter

from ..core.kinds import ActionKind, AutoKind, UnknownKind
from ..core.limits import MAX_AUTO_MOVES, MAX_STREAK
from ..core.state import flip_top, last_dest, last_number, pack_last, unflip_top
from ..lang.runtime import Env
from .deal import SplitMix64, redeal_seed, shuffle

NO_LIMIT = 1 << 30  # no bound on a run's length
_FIRST = itemgetter(0)  # the sort key of the generator's candidates


@dataclass(frozen=True)
class DestBlock:
    """The piles of one group that take cards, and the shortcuts its accept rules allow
    (compiler.Plan): the generator's index, built once per variant by the loader."""

    full_max: int
    empty_max: int
    run_key: Callable | None
    top_key: Callable | None
    piles: tuple  # (pile, covering piles, accept, accept_empty, capacity)


class Move:
    """One legal move. Compare and hash by what it does; print with notation.py."""

    __slots__ = ("kind", "sources", "dest", "cards", "name", "_hash")

    def __init__(self, kind, sources, dest, cards, name=None):
        self.kind = kind  # "move", "remove" or "action"
        self.sources = sources  # tuple of pile indices (one per card for removals)
        self.dest = dest  # pile index, or None for an action
        self.cards = cards  # tuple of card ids, bottom of the run first
        self.name = name  # the action's or removal rule's name
        self._hash = None

    def _key(self):
        return (self.kind, self.sources, self.dest, self.cards, self.name)

    def __eq__(self, other):
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self):
        return f"Move{self._key()!r}"


# -- generation -------------------------------------------------------------------


def generate(v, st, env: Env) -> list:
    """Every legal move in the position, in the documented order."""
    out = []
    piles, down = st.piles, st.down
    covers = v.layout.covers
    rules = v.rules
    env.st = st
    blocks = _dest_blocks(v, piles, env)
    under = v.layout.under
    for s in v.sources:
        pile = piles[s]
        if not pile:
            continue
        if covers[s] and not _free(piles, covers[s]):
            continue
        r = rules[s]
        up = len(pile) - down[s]
        longest = _liftable(r, pile, up, env)
        if longest <= 0:
            continue
        env.source = s
        max_run = r.max_run
        for n in range(1, longest + 1):
            run = tuple(pile[-n:])  # a tuple, like every other list an expression sees
            del pile[-n:]  # lift the run: destinations are judged without it
            env.run = run
            env.card = run[0]
            if r.lift_when is not None and not r.lift_when(env):
                pile.extend(run)
                continue
            cands: list = []
            merge = False
            for full_max, empty_max, run_key, full, keyed, empty, held in blocks:
                if n <= full_max:
                    part = full if keyed is None else keyed.get(run_key(env), ())
                    if part:
                        merge = merge or bool(cands)
                        cands.extend(part)
                if n <= empty_max and empty:
                    merge = merge or bool(cands)
                    cands.extend(empty)
                if held and not pile and under[s]:
                    # lifting the whole pile may free piles it covered: ask them too
                    for x in held:
                        if x[0] in under[s] and _free(piles, x[1]) and (n <= (full_max if piles[x[0]] else empty_max)):
                            cands.append(x)
                            merge = True
            if merge:
                cands.sort(key=_FIRST)
            alike = None  # groups of interchangeable piles already given this run
            for d, _dc, accept, accept_empty, room in cands:
                if d == s or room < n:
                    continue
                if not piles[d] and rules[d].interchangeable:
                    if alike is not None and rules[d].group in alike:
                        continue  # the same move as to the first empty pile of the group
                    alike_key = rules[d].group
                else:
                    alike_key = None
                env.dest = d
                if not (accept(env) if piles[d] else accept_empty(env)):
                    continue
                if n > 1 and max_run is not None:
                    limit = max_run(env)
                    if limit is None or n > limit:
                        continue
                out.append(Move("move", (s,), d, run))
                if alike_key is not None:
                    alike = alike or set()
                    alike.add(alike_key)
            pile.extend(run)
    if v.removals:
        _removals(v, st, env, out)
    for i, a in enumerate(v.actions):
        if not a.step_only and action_allowed(a, i, st, env):
            out.append(Move("action", (a.source,), None, (), a.name))
    return out


def alike(v, piles, a: int, b: int) -> bool:
    """Piles a and b are empty piles of one interchangeable group: a move to one of them is
    the same move as to the other (the generator lists it once, to the first)."""
    r = v.rules[a]
    return r.interchangeable and not piles[a] and not piles[b] and a != b and v.rules[b].group == r.group


def retarget(move, dest: int):
    """The same card move sent to another pile (one alike to its own)."""
    return Move("move", move.sources, dest, move.cards)


def _dest_blocks(v, piles, env) -> list:
    """Per group that takes cards: its open piles (room for a card) sorted into those that
    are full (keyed by the top-card side of a key join, when the rule has one), empty, and
    held (covered now; a lift may free them). Computed once per position."""
    out = []
    for b in v.dest_blocks:
        full, empty, held = [], [], []
        keyed: dict | None = {} if b.run_key is not None else None
        for d, dc, accept, accept_empty, cap in b.piles:
            size = len(piles[d])
            if cap is not None and size >= cap:
                continue
            x = (d, dc, accept, accept_empty, NO_LIMIT if cap is None else cap - size)
            if size and accept is None or not size and accept_empty is None:
                continue
            if dc and not _free(piles, dc):
                held.append(x)
            elif not size:
                empty.append(x)
            elif keyed is not None:
                env.dest = d
                keyed.setdefault(b.top_key(env), []).append(x)
            else:
                full.append(x)
        if full or keyed or empty or held:
            out.append((b.full_max, b.empty_max, b.run_key, full, keyed, empty, held))
    return out


def _free(piles, covering) -> bool:
    for q in covering:
        if piles[q]:
            return False
    return True


def exposed(v, st, sources) -> list:
    """(pile, card) for each free, face-up top card among the given piles."""
    piles, down, covers = st.piles, st.down, v.layout.covers
    out = []
    for p in sources:
        pile = piles[p]
        if pile and down[p] < len(pile) and (not covers[p] or _free(piles, covers[p])):
            out.append((p, pile[-1]))
    return out


def _removals(v, st, env, out):
    seen = set()
    for rule in v.removals:
        free = exposed(v, st, rule.sources)
        for combo in combinations(free, rule.cards):
            key = tuple(p for p, _ in combo)
            if key in seen:
                continue
            env.cards = tuple(c for _, c in combo)
            env.piles = key
            if rule.when(env):
                seen.add(key)
                out.append(Move("remove", key, rule.dest, env.cards, rule.name))


def action_allowed(a, i, st, env) -> bool:
    """May action a (number i) be played now? A sequence may when its own limit and
    condition allow it and its first step may be played."""
    piles = st.piles
    if a.kind == ActionKind.SEQUENCE:
        if not action_allowed(a.parts[0], a.steps[0], st, env):
            return False
    elif a.kind == ActionKind.REDEAL:
        if not _gathers(a, st, env):
            return False
    elif a.kind == ActionKind.COMPACT:
        if not _compacts(a, piles):
            return False
    elif not piles[a.source]:
        return False
    if a.kind == ActionKind.RECYCLE and piles[a.targets[0]]:
        return False
    env.st = st
    if a.limit is not None:
        limit = a.limit(env)
        if limit is not None and st.used[i] >= limit:
            return False
    if a.when is not None and not a.when(env):
        return False
    return True


def _gathers(a, st, env) -> bool:
    """Would the redeal a gather at least one card?"""
    piles, keep = st.piles, a.keep
    env.st = st
    for p in a.gather:
        if piles[p]:
            if keep is None:
                return True
            env.pile = p
            if not keep(env):
                return True
    return False


# -- applying and undoing ------------------------------------------------------------
# Each primitive operation is packed into one int (two low bits say which), so a
# 1,000-move history is a few thousand 8-byte words.
T_MOVE, T_FLIP, T_USED, T_POINTS = 0, 1, 2, 3
BIAS = 1 << 40
SNAP = 1 << 12  # with T_FLIP: a pile's whole former content (redeals): a header, pile << 14 |
SNAP_CARD = 1 << 13  # n << 24 | down << 35, after n card entries, SNAP | SNAP_CARD | card << 14
HIST = 1 << 14  # with T_USED: the history before a move, last << 15 | streak << 47
REDEAL = SNAP_CARD  # with T_FLIP, without SNAP: a redeal's record (see _redeal_record)


def transfer(st, src, dst, n, reverse, face_down, log):
    """Move the top n cards of src onto dst (reversed: one at a time), recording it."""
    s, d = st.piles[src], st.piles[dst]
    log.append(src << 2 | dst << 12 | n << 22 | reverse << 33 | st.down[src] << 34 | st.down[dst] << 45)
    cards = s[-n:]
    del s[-n:]
    if reverse:
        cards.reverse()
    d.extend(cards)
    if st.down[src] > len(s):
        st.down[src] = len(s)
    if face_down:
        st.down[dst] = len(d)


def _score(st, gained, log):
    # points of one event are bounded so the undo record fits its packed int
    gained = max(-BIAS + 1, min(BIAS - 1, gained))
    if gained:
        log.append(T_POINTS | (gained + BIAS) << 2)
        st.points += gained


def packed(v, move) -> int:
    """The move as the history keeps it (state.pack_last): a removal by its first card's pile
    and its to pile, an action by its from pile and its first to pile."""
    if move.kind == "move":
        return pack_last(1, move.sources[0], move.dest)
    if move.kind == "remove":
        return pack_last(2, move.sources[0], move.dest, v.removal_number[move.name])
    i = v.action_index[move.name]
    a = v.actions[i]
    return pack_last(3, a.source, a.targets[0] if a.targets else None, i)


def _kind_of(v, last: int) -> tuple:
    """What a streak counts: card moves to one group, one removal rule, one action."""
    if last & 3 == 1:
        return (1, v.layout.group_of[last_dest(last)])
    return (last & 3, last_number(last))


def record(v, st, last: int, log) -> None:
    """The move ``last`` (packed) joins the history: it becomes the last move, and the streak
    goes on when it is of the kind of the move before it, else starts again at 1."""
    prev, streak = st.last, st.streak
    log.append(T_USED | HIST | prev << 15 | streak << 47)
    st.streak = min(streak + 1, MAX_STREAK) if prev and _kind_of(v, prev) == _kind_of(v, last) else 1
    st.last = last


def apply(v, st, move, env: Env, log) -> None:
    """Play a move known to be legal, appending the operations that undo it to log."""
    env.st = st
    if move.kind == "move":
        _card_move(v, st, move.sources[0], move.dest, len(move.cards), env, log)
    elif move.kind == "remove":
        rule = v.removal_index[move.name]
        if rule.points is not None:
            env.cards, env.piles = move.cards, move.sources
            _score(st, rule.points(env) or 0, log)
        for p in move.sources:
            transfer(st, p, move.dest, 1, False, False, log)
    else:
        play_action(v, v.action_index[move.name], st, env, log)
    if v.records_history:
        record(v, st, packed(v, move), log)
    follow_ups(v, st, log, env)


def play_action(v, i, st, env, log) -> None:
    """Play action number i, known to be allowed, without its follow-ups: its cards, its use
    counted, its points. A sequence plays each of its steps that is allowed at its turn (the
    first always is), then counts its own use."""
    a = v.actions[i]
    env.st = st
    if a.kind == ActionKind.SEQUENCE:
        for j, part in zip(a.steps, a.parts):
            if action_allowed(part, j, st, env):
                play_action(v, j, st, env, log)
    elif a.kind == ActionKind.REDEAL:
        redeal(a, i, st, env, log)
    elif a.kind == ActionKind.COMPACT:
        compact(a, st, log)
    elif a.kind == ActionKind.RECYCLE:
        transfer(st, a.source, a.targets[0], len(st.piles[a.source]), True, not a.face_up, log)
    elif a.kind == ActionKind.DEAL:
        _deal(a, st, env, log)
    else:
        raise UnknownKind("action kind", a.kind)
    st.used[i] += 1
    log.append(T_USED | i << 2)
    if a.points is not None:
        _score(st, a.points(env) or 0, log)


def _deal(a, st, env, log) -> None:
    """A deal action: count cards to each target in turn (one target: one reversed transfer)."""
    count = a.count(env) if a.count is not None else 1
    if len(a.targets) == 1:  # several cards one at a time: one reversed transfer
        n = min(count or 0, len(st.piles[a.source]))
        if n > 0:
            transfer(st, a.source, a.targets[0], n, n > 1, False, log)
        return
    for _ in range(count or 0):
        for t in a.targets:
            if not st.piles[a.source]:
                return
            transfer(st, a.source, t, 1, False, False, log)


def _card_move(v, st, src, dst, n, env, log):
    """The top n cards of src onto dst, scoring the destination's points (a player's move or
    an automatic one)."""
    points = v.rules[dst].points
    if points is not None:
        pile = st.piles[src]
        run = tuple(pile[-n:])
        del pile[-n:]
        env.run, env.card, env.source, env.dest = run, run[0], src, dst
        gained = points(env) or 0
        pile.extend(run)
        _score(st, gained, log)
    transfer(st, src, dst, n, False, False, log)


def _liftable(r, pile, up, env) -> int:
    """How many cards from the top of a pile may be lifted together (0: none), above the
    cards it keeps (keep); lift_when is judged per run, on the run lifted."""
    if r.keep:
        up = min(up, len(pile) - r.keep)
    if up <= 0 or r.lift == "none":
        return 0
    if r.lift == "top":
        return 1
    seq = r.sequence
    if seq is None:
        return up
    longest = 1
    while longest < up:
        env.a = pile[-longest - 1]
        env.b = pile[-longest]
        if not seq(env):
            break
        longest += 1
    return longest


def _auto_move(v, st, auto, env, log) -> bool:
    """Play the first move an automatic move allows (sources in order, shortest run first,
    destinations in order): a legal move, judged as the generator judges it, for which the
    auto's condition holds. True if one was played."""
    piles, down, covers, rules = st.piles, st.down, v.layout.covers, v.rules
    env.st = st
    for s in auto.piles:
        pile = piles[s]
        if not pile or covers[s] and not _free(piles, covers[s]):
            continue
        r = rules[s]
        longest = _liftable(r, pile, len(pile) - down[s], env)
        env.source = s
        for n in range(1, longest + 1):
            run = tuple(pile[-n:])
            del pile[-n:]
            env.run, env.card = run, run[0]
            if r.lift_when is not None and not r.lift_when(env):
                pile.extend(run)
                continue
            hit = None
            for d in auto.targets:
                dr, dp = rules[d], piles[d]
                if d == s or dr.capacity is not None and len(dp) + n > dr.capacity:
                    continue
                if covers[d] and not _free(piles, covers[d]):
                    continue
                test = dr.accept if dp else dr.accept_empty
                env.dest = d
                if test is None or not test(env):
                    continue
                if n > 1 and r.max_run is not None:
                    limit = r.max_run(env)
                    if limit is None or n > limit:
                        continue
                if auto.when is not None and not auto.when(env):
                    continue
                hit = d
                break
            pile.extend(run)
            if hit is not None:
                _card_move(v, st, s, hit, n, env, log)
                if v.records_history:
                    record(v, st, pack_last(1, s, hit), log)
                return True
    return False


def _compacts(a, piles) -> bool:
    """Would the compaction a change anything: a gap before a pile with cards, or a gap
    and cards to refill it with?"""
    gap = False
    for p in a.targets:
        if not piles[p]:
            gap = True
        elif gap:
            return True
    return gap and bool(piles[a.source])


def _snapshot(st, touched, log):
    """The undo record of a redeal or compaction: each touched pile as it was."""
    piles, down = st.piles, st.down
    for p in touched:
        log.extend(T_FLIP | SNAP | SNAP_CARD | c << 14 for c in piles[p])
        log.append(T_FLIP | SNAP | p << 14 | len(piles[p]) << 24 | down[p] << 35)


def compact(a, st, log):
    """The piles of ``to`` slide towards the first, in order, closing the gaps (each keeps its
    cards and face-down count); then each empty pile at the end, in order, gets the top card
    of ``from`` face up, while it has cards."""
    piles, down = st.piles, st.down
    _snapshot(st, sorted(set(a.targets) | {a.source}), log)
    full = [(list(piles[p]), down[p]) for p in a.targets if piles[p]]
    for k, p in enumerate(a.targets):
        cards, d = full[k] if k < len(full) else ([], 0)
        piles[p][:] = cards
        down[p] = d
    src = piles[a.source]
    for p in a.targets[len(full) :]:
        if not src:
            break
        piles[p].append(src.pop())
        down[p] = 0
    if down[a.source] > len(src):
        down[a.source] = len(src)


def redeal(a, i, st, env, log):
    """Gather the cards of the piles not kept (pile by pile, each bottom card first, or top
    card first with gather: top_first), shuffle them if the action says so, and deal them
    back face up (or face down): ``count`` cards to each target pile in turn, skipping the
    piles ``skip`` names, round again while cards remain.

    The undo record of a redeal bottom first and face up is small: each touched pile's size
    and face-down count, with a flag for the piles emptied, then one REDEAL entry; undo
    (``_undo_redeal``) deals the cards back out of the target piles, as this did, and
    unshuffles them. Any other redeal keeps a
    snapshot of the piles it touches."""
    piles, down = st.piles, st.down
    env.st = st
    emptied = []
    for p in a.gather:
        if a.keep is not None:
            env.pile = p
            if a.keep(env):
                continue
        if piles[p]:
            emptied.append(p)
    if len(set(a.gather)) == len(a.gather) and not a.top_first and not a.face_down:
        _redeal_record(a, i, st, set(emptied), log)
    else:  # the small record reads the cards back bottom first, face up: a snapshot instead
        _snapshot(st, sorted(set(emptied) | set(a.targets)), log)
    gathered = []
    for p in emptied:
        gathered.extend(reversed(piles[p]) if a.top_first else piles[p])
        piles[p].clear()
        down[p] = 0
    if a.shuffle and len(gathered) > 1:
        shuffle(gathered, SplitMix64(redeal_seed(st.seed, i, st.used[i])))
    count, targets = _redeal_plan(a, env)
    k = 0
    while k < len(gathered):
        for p in targets:
            take = gathered[k : k + count]
            piles[p].extend(take)
            if down[p] > len(piles[p]) - len(take):
                down[p] = len(piles[p]) - len(take)
            k += len(take)
            if k >= len(gathered):
                break
    if a.face_down:
        for p in targets:
            down[p] = len(piles[p])
    env.pile = None


def _redeal_plan(a, env):
    """How many cards each target takes at a time, and the targets in order (the position
    is the one after gathering: the redeal and its undo both ask it there)."""
    count = a.count(env) if a.count is not None else 1
    if not isinstance(count, int) or count < 1:
        count = 1
    targets = []
    for p in a.targets:
        if a.skip is not None:
            env.pile = p
            if a.skip(env):
                continue
        targets.append(p)
    if not targets:
        targets = list(a.targets)
    env.pile = None
    return count, targets


def _redeal_record(a, i, st, gone, log) -> None:
    """A redeal's undo record, a few bits per pile: for each pile it may touch (gathered or
    target, in pile order), 1 if the redeal empties it, then its size and face-down count;
    else 0, then its size if it is a target (its face-down count does not change). The bits
    go 49 to an entry (T_FLIP | REDEAL | bits << 14); then the REDEAL entry: action << 14 |
    size width << 24 | count width << 28 | entries << 32."""
    piles, down, targets = st.piles, st.down, set(a.targets)
    order = sorted(set(a.gather) | targets)
    wn = max(len(piles[p]) for p in order).bit_length()
    wd = max(down[p] for p in order).bit_length()
    bits = shift = 0
    for p in order:
        if p in gone:
            bits |= (1 | len(piles[p]) << 1 | down[p] << (1 + wn)) << shift
            shift += 1 + wn + wd
        else:
            shift += 1
            if p in targets:
                bits |= len(piles[p]) << shift
                shift += wn
    words = (shift + 48) // 49
    log.extend(T_FLIP | REDEAL | (bits >> (49 * k) & (1 << 49) - 1) << 14 for k in range(words))
    log.append(T_FLIP | REDEAL | i << 14 | wn << 24 | wd << 28 | words << 32)


def _undo_redeal(v, st, log, op) -> None:
    """Undo a redeal from its small record (see ``redeal``): put the position back as it was
    after gathering, deal out again in thought to read the gathered cards off the targets,
    unshuffle them and give each emptied pile its cards back."""
    if v is None:
        raise ValueError("undoing a redeal needs the variant")
    piles, down = st.piles, st.down
    i = op >> 14 & 1023
    a = v.actions[i]
    wn, wd = op >> 24 & 15, op >> 28 & 15
    bits = 0
    for _ in range(op >> 32 & 4095):
        bits = bits << 49 | log.pop() >> 14
    targets = set(a.targets)
    before = {}  # pile -> (size, face-down count, emptied)
    for p in sorted(set(a.gather) | targets):
        if bits & 1:
            before[p] = (bits >> 1 & (1 << wn) - 1, bits >> (1 + wn) & (1 << wd) - 1, 1)
            bits >>= 1 + wn + wd
        else:
            bits >>= 1
            if p in targets:
                before[p] = (bits & (1 << wn) - 1, down[p], 0)
                bits >>= wn
    dealt = {}
    for p, (n, _d, gone) in before.items():
        base = 0 if gone else n
        dealt[p] = piles[p][base:]
        del piles[p][base:]
        if gone:
            down[p] = 0
    total = sum(n for n, _d, gone in before.values() if gone)
    count, targets = _redeal_plan(a, Env(st))
    gathered: list = []
    at = dict.fromkeys(dealt, 0)
    while len(gathered) < total:
        for p in targets:
            take = min(count, total - len(gathered))
            gathered.extend(dealt[p][at[p] : at[p] + take])
            at[p] += take
            if len(gathered) >= total:
                break
    if a.shuffle and total > 1:
        order = list(range(total))
        shuffle(order, SplitMix64(redeal_seed(st.seed, i, st.used[i])))
        cards = [0] * total
        for j, c in zip(order, gathered):
            cards[j] = c
        gathered = cards
    k = 0
    for p in a.gather:
        n, _d, gone = before.get(p, (0, 0, 0))
        if gone:
            piles[p][:] = gathered[k : k + n]
            k += n
    for p, (_n, d, _gone) in before.items():
        down[p] = d


def follow_ups(v, st, log, env=None):
    """Automatic actions, repeated until nothing changes. Flips and refills only shrink the
    work left; automatic moves are bounded by MAX_AUTO_MOVES per move played."""
    piles, down, covers = st.piles, st.down, v.layout.covers
    if env is None:
        env = Env(st)
    moved = 0
    passes = 0
    while passes <= len(piles) + moved:
        passes += 1
        changed = False
        for auto in v.autos:
            if auto.kind == AutoKind.MOVE:
                while moved < MAX_AUTO_MOVES and _auto_move(v, st, auto, env, log):
                    moved += 1
                    changed = True
            elif auto.kind == AutoKind.FLIP:
                for p in auto.piles:
                    pile = piles[p]
                    # only a free pile's card turns up: a covered one waits until it is uncovered
                    if pile and down[p] >= len(pile) and (not covers[p] or _free(piles, covers[p])):
                        if auto.when is not None and not _pile_holds(auto.when, st, p, env):
                            continue
                        log.append(T_FLIP | p << 2 | flip_top(st, p) << 14)  # with any face-up cards joined
                        changed = True
            elif auto.kind == AutoKind.REFILL:
                changed = _refill(auto, st, env, log) or changed
            elif auto.kind == AutoKind.REMOVE:
                while moved < MAX_AUTO_MOVES and auto_remove(v, st, auto.removal, env, log):
                    moved += 1
                    changed = True
            elif auto.kind == AutoKind.TURN_DOWN:
                changed = turn_down(auto, st, env, log) or changed
            else:
                raise UnknownKind("follow-up kind", auto.kind)
        if not changed:
            return


def turn_down(auto, st, env, log) -> bool:
    """Piles of the auto that show a card, where its condition holds, turn face down (undo: snapshots)."""
    hit = [p for p in auto.piles if st.down[p] < len(st.piles[p]) and _pile_holds(auto.when, st, p, env)]
    _snapshot(st, hit, log)
    for p in hit:
        st.down[p] = len(st.piles[p])
    return bool(hit)


def _pile_holds(when, st, p, env) -> bool:
    """A follow-up's condition on pile p (named ``pile``), read in position st."""
    env.st, env.pile = st, p
    ok, env.pile = when(env), None
    return ok


def _refill(auto, st, env, log) -> bool:
    """One pass of a refill: each empty pile of it, in order, for which its condition holds
    (read as that pile is reached, so an earlier refill may change it), gets the top card
    of the first of its sources that has one. True if a card moved."""
    piles = st.piles
    changed = False
    for p in auto.piles:
        if piles[p]:
            continue
        if auto.when is not None and not _pile_holds(auto.when, st, p, env):
            continue
        for s in auto.sources:
            if piles[s]:
                transfer(st, s, p, 1, False, False, log)
                changed = True
                break
    return changed


def auto_remove(v, st, rule, env, log) -> bool:
    """Play the first set of the removal rule that holds (in the generator's order), as the
    player's removal would be played; True if one was."""
    env.st = st
    for combo in combinations(exposed(v, st, rule.sources), rule.cards):
        env.cards = tuple(c for _, c in combo)
        env.piles = tuple(p for p, _ in combo)
        if rule.when(env):
            if rule.points is not None:
                _score(st, rule.points(env) or 0, log)
            for p in env.piles:
                transfer(st, p, rule.dest, 1, False, False, log)
            if v.records_history:
                record(v, st, pack_last(2, env.piles[0], rule.dest, v.removal_number[rule.name]), log)
            return True
    return False


def undo(st, log, start: int = 0, v=None) -> None:
    """Undo the operations log[start:] (newest first) and drop them from the log (a redeal's
    needs the variant v)."""
    piles, down = st.piles, st.down
    while len(log) > start:
        op = log.pop()
        kind = op & 3
        if kind == T_MOVE:
            src, dst = op >> 2 & 1023, op >> 12 & 1023
            n = op >> 22 & 2047
            d = piles[dst]
            cards = d[-n:]
            del d[-n:]
            if op >> 33 & 1:
                cards.reverse()
            piles[src].extend(cards)
            down[src], down[dst] = op >> 34 & 2047, op >> 45 & 2047
        elif kind == T_FLIP:
            if op & SNAP:
                p, n = op >> 14 & 1023, op >> 24 & 2047
                cards = [log.pop() >> 14 for _ in range(n)]
                cards.reverse()
                piles[p][:] = cards
                down[p] = op >> 35 & 2047
            elif op & REDEAL:
                _undo_redeal(v, st, log, op)
            else:
                unflip_top(st, op >> 2 & 1023, op >> 14)
        elif kind == T_USED:
            if op & HIST:
                st.last, st.streak = op >> 15 & 0xFFFFFFFF, op >> 47 & 0xFFFF
            else:
                st.used[op >> 2] -= 1
        else:
            st.points -= (op >> 2) - BIAS
