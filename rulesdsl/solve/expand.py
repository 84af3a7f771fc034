"""One expansion of a position in the open games, in one function: the card moves' child
keys, the table's seen-test and the new children's scores without a call per child.

Where it applies (Search._flat: every child is a bare card move, a transfer alone; no stock,
no action, no removal, no counter in the key, the key read from the piles alone), the
search's children() is Search.children, Keyer.child and Search.bare_consider called once
per move and per new child. fused_children() gives the same function with the three
bodies written out in one loop and the objects they read bound once: the same moves, in
the same order, the same tests (the reversal, the streamliner's keep-up, the dominated
partial runs), the same key bytes (Keyer.child's plain path: both pieces sliced from the
old ones behind a new head; its second, a plain pile's top card onto a sink keyed by its
top: the source sliced, the sink's piece written from that card as Keyer._sealed_piece
writes it; every other case asks Keyer.child itself), the same table
entries, scores, snapshots, ops and limits (the reversal asked as (source, dest, count),
reversal_count; a child keeps its buried cards' figures for its own expansion, CARRY_BASE). So the
search is the very same one
(tests/solve/test_fused_expand.py compares the two paths; Search.FUSED = False keeps the
first).
"""

from __future__ import annotations

from ..engine.codegen import lean_generator
from ..engine.moves import Move
from .jumps import snapshot
from .keys import _HEADS

# The board's buried cards (prepare), for its first child off the sinks: the node's, where
# the move that made it left the sinks alone; else computed at that child.
# False: each expansion computes its board's buried cards afresh (prepare), as before the
# ninth round; True: a child made by a move off the sinks keeps them on its node
# (_Buried.child_base, exact: see there), and its own expansion starts from those; the very
# same children, keys and order (tests/solve/test_expand_carry.py compares the two)
CARRY_BASE = True

# True: a new child's place in the order from guidance.card_move_order, one call; False: from
# the search's order(m, depth), as before the eleventh round (the same tuples:
# tests/solve/test_card_move_order.py)
ONE_CALL_ORDER = True

# True: the moves from codegen.lean_generator as (source, dest, count), a Move built only for
# a new child (and for a dominated-run test); False: every move a Move, from the generator
# (the same children in the same order: tests/solve/test_lean_moves.py)
LEAN_MOVES = True

# True: a waiting node of the fused expansion keeps (source, dest, count), its parent's
# snapshot and buried cards' figures, and its Move, snapshot, op and own figures are made
# when it is taken (made_in_full, from goto): most children of a median FreeCell deal are
# never taken. False: all made with the child, as before (the same search:
# tests/solve/test_lazy_nodes.py compares the two)
LAZY_NODES = True


# size: one loop over the moves with the three bodies it replaces written out (see above)
def fused_children(search):
    """Search.children() for a flat search, one closure over its board, keyer and scorer."""
    st, keyer, scorer, buried, heads = search.st, search.keyer, search.scorer, search.buried, _HEADS
    piles, down = st.piles, st.down
    piece, plain, joined, child, sealed = keyer.piece, keyer.plain, keyer.joined, keyer.child, keyer.sealed
    sinks, carry = (buried.sink_set, CARRY_BASE) if buried is not None else (frozenset(), False)
    # Keyer.child's second path (a sink keyed by its top, and the class map of its top if any)
    to_top, tops = keyer.sealed_top if keyer.GENERATED else [False] * len(piles), keyer.top_class
    deadline, clock, fast_key = search.deadline, search.clock, joined is not None
    # the order of a card move in one call (guidance.card_move_order), where _order's closure
    # is one of its card-move branches; else the search's own order(m, depth)
    card_order = search.card_order if ONE_CALL_ORDER else None
    # the generator's moves as (source, dest, count), a Move built for a new child only
    lean, env = lean_generator(search.variant) if LEAN_MOVES else None, search.env
    lazy = LAZY_NODES

    # size: the three bodies in one loop, as fused_children's note says
    def children(scored=False):
        """Search.children, Keyer.child and Search.bare_consider as one loop."""
        search.depth_base, search.node_base = search.node_base, None  # (see CARRY_BASE)
        snap = search.snap = scored  # the children become waiting nodes: snapshots
        moves, back, dominated = _moves(search) if lean is None else _lean_moves(search, lean, env)
        kept_up, order, won, table = search.kept_up, search.order, search.won, search.table
        seen, board = table.seen, search.board_raw
        out: list = []
        for t in moves:  # (source, dest, count), and the Move where the generator made one
            s, d, n = t[0], t[1], t[2]
            if back is not None and d == back[1] and s == back[0] and n == back[2]:
                continue  # it undoes the last move: its position (the parent's) is in the table
            # (the streamliner's keep-up; partial_runs.py's dominated runs; all are card moves)
            if kept_up is not None and s in kept_up:
                continue
            if dominated is not None and dominated(t[3] if len(t) > 3 else Move("move", (s,), d, tuple(piles[s][-n:]))):
                continue
            if fast_key and plain[s] and (plain[d] or to_top[d]):  # Keyer.child's first two paths
                old_s, old_d = piece[s], piece[d]
                left = old_s[0] - n
                ps = piece[s] = heads[left][old_s[1] if old_s[1] <= left else left] + old_s[2 : 2 + left]
                if plain[d]:  # both pieces sliced from the old ones behind a new head
                    pd = piece[d] = heads[old_d[0] + n][old_d[1]] + old_d[2:] + old_s[2 + left :]
                else:  # the sink's piece from the run's top as Keyer._sealed_piece writes it (a plain
                    top, cls = old_s[-1], tops.get(d)  # source has no face map; its piece ends with it)
                    pd = piece[d] = bytes((len(piles[d]) + n, down[d], 255, top if cls is None else cls[top]))
                key = joined(piece)
                piece[s], piece[d] = old_s, old_d
            else:
                key, ps, pd = child(s, d, n)
            if key in seen:
                continue
            # a new child's Move (where the generator made none: built now, or when the node
            # is taken, LAZY_NODES)
            m = t[3] if len(t) > 3 else (None if lazy and scored else Move("move", (s,), d, tuple(piles[s][-n:])))
            # bare_consider: the cards moved on the lists, scored from the memo, put back
            depth = kept = None  # (the board's base computed for its first such child: a tuple, never false)
            if buried is not None and s not in sinks and d not in sinks:
                base = search.depth_base = search.depth_base or buried.prepare({})
                if m is None:  # the depth now, the child's own figures when it is taken (made_in_full)
                    depth, kept = buried.child_depth(base, s, d, piles[s][-n:]), base if carry else None
                else:
                    kept = buried.child_base(base, s, d, m.cards) if carry else None
                    depth = kept[0] if carry else buried.child_depth(base, s, d, m.cards)
            src, dst, was = piles[s], piles[d], down[s]
            dst.extend(src[-n:])
            del src[-n:]
            if was > len(src):
                down[s] = len(src)
            total = scorer.total
            scorer.total = scorer.child_total(s, d, ps, pd, sealed)
            seen.add(key)  # (new: looked up just above, nothing added since)
            table.size += 1
            is_won = won()
            if not is_won:
                if m is None:  # (s, d, n), the parent's snapshot and base: made_in_full() reads them
                    key_order = card_order(s, d, n, depth) if card_order is not None else order(_made(t, dst), depth)
                    out.append((key_order, len(out), t if len(t) == 3 else t[:3], (ps, pd), board, None, kept))
                elif snap:
                    raw = list(board)
                    raw[s] = ps if plain[s] else snapshot(st, s)
                    raw[d] = pd if plain[d] else snapshot(st, d)
                    op = s << 2 | d << 12 | n << 22 | was << 34 | down[d] << 45
                    key_order = order(m, depth) if card_order is None else card_order(s, d, n, depth)
                    out.append((key_order, len(out), m, (ps, pd), tuple(raw), op, kept))
                else:
                    key_order = order(m, depth) if card_order is None else card_order(s, d, n, depth)
                    out.append((key_order, len(out), m, (ps, pd)))
            elif m is None:
                m = _made(t, dst)
            src.extend(dst[-n:])
            del dst[-n:]
            down[s], scorer.total = was, total
            if is_won:  # the line ends with m: played for real, on the path
                search.play(m)
                return None
            size = table.size
            if size >= search.max_states:  # (read here: the searches in turns lower it, interleave.py)
                return "states"
            if deadline is not None and not size & 255 and clock() > deadline:
                return "time"
        out.sort()
        return out if scored else [x[2] for x in out]

    return children


def _made(t, dst) -> Move:
    """The Move of the card move t = (source, dest, count), played: its cards are the top of
    dst (a transfer lays them there in order)."""
    return Move("move", (t[0],), t[1], tuple(dst[-t[2] :]))


def made_in_full(search, node) -> None:
    """A waiting node of the lazy form (LAZY_NODES: node[1] the move as (s, d, n), node[5]
    its parent's snapshot, node[7] its parent's buried cards' figures or None) made as the
    fused expansion makes it in full: the Move, the child's snapshot, its op, its figures.
    Exact: the child's piles s and d are the parent's with the top n cards of s laid on d
    (down[s] cut to the cards left, down[d] as it was), as the expansion moved them; its
    other piles are the parent's; the Move's cards are those n cards (the generator's Move
    takes the source's top n); child_base reads the parent's figures, never changed."""
    s, d, n = node[1]
    board, plain, (ps, pd) = node[5], search.keyer.plain, node[4]
    rs, rd = board[s], board[d]
    left = rs[0] - n
    raw = list(board)
    raw[s] = ps if plain[s] else bytes((left, min(rs[1], left))) + rs[2 : 2 + left]
    raw[d] = pd if plain[d] else bytes((rd[0] + n, rd[1])) + rd[2:] + rs[2 + left :]
    m = node[1] = Move("move", (s,), d, tuple(rs[2 + left :]))
    node[5], node[6] = tuple(raw), s << 2 | d << 12 | n << 22 | rs[1] << 34 | rd[1] << 45
    if node[7] is not None:
        node[7] = search.buried.child_base(node[7], s, d, m.cards)


def _moves(search) -> tuple:
    """The moves children() goes through (the one picked, else all) as (source, dest,
    count, Move), the reversal of the last move, and the dominated-partial-run test (None
    where a move was picked)."""
    moves = search.generate()
    pick = search.pick(moves) if len(moves) > 1 else None
    if pick is not None:
        moves = [pick]
    back = reversal_count(search) if search.reversible else None
    listed = [(m.sources[0], m.dest, len(m.cards), m) for m in moves]
    return listed, back, (search.dominated if pick is None else None)


def _lean_moves(search, lean, env) -> tuple:
    """_moves() from the lean generator (codegen.lean_generator: the same moves, in the same
    order, as (source, dest, count)): the pick asked of those tuples where the safe rule can
    (pick_lean, the same answer as its pick), else of the Moves built for it."""
    st = search.st
    moves = lean(st, env)
    if len(moves) > 1:
        safe = search.safe
        if search.declared or (safe and not hasattr(safe, "pick_lean")):
            piles = st.piles
            made = [Move("move", (s,), d, tuple(piles[s][-n:])) for s, d, n in moves]
            pick = search.pick(made)
            if pick is not None:
                moves = [moves[made.index(pick)]]
        else:
            pick = safe.pick_lean(st, moves) if safe else None
            if pick is None and search.greedy:  # Search.pick's last: a move onto a foundation
                pick = next((t for t in moves if t[1] in search.progress), None)
            if pick is not None:
                moves = [pick]
    else:
        pick = None
    back = reversal_count(search) if search.reversible else None
    return moves, back, (search.dominated if pick is None else None)


def reversal_count(search):
    """(source, dest, count) of the card move that puts back exactly what the last move did,
    or None (Search.reversal, which names the cards). A move's cards are its source's top
    cards, so the count names the move."""
    path = search.path
    if not path or path[-1].kind != "move" or (len(path) == 1 and not search.root_settled):
        return None
    ops, mark, down = search.ops, search.marks[-1], search.st.down
    if len(ops) != mark + 1:
        return None
    op = ops[mark]
    if op & 3 or op >> 33 & 1:
        return None  # not a plain transfer
    s, d = op >> 2 & 1023, op >> 12 & 1023
    if op >> 34 & 2047 != down[s] or op >> 45 & 2047 != down[d]:
        return None
    return (d, s, op >> 22 & 2047)
