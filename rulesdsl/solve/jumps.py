"""The flat jump: the board brought to a waiting position by the position's snapshot, not by
undoing moves to a common ancestor and playing moves down again.

Where it applies (Search._flat: every child is a bare card move, a transfer alone, and
nothing beyond the piles, their face-down counts and the op log is read), a waiting node
keeps a snapshot of its position: one string per pile, (size, face-down count, the cards),
shared with its parent for the piles its move left alone. Why the jump gives the same board
as goto's undo-and-replay: the position after a line of transfers is a function of the
piles and counts alone (no points, counters, history or face-up bits change), so writing
the snapshot's piles that differ from the board's gives exactly the position the replay
would; the op log, the path and the trail are rebuilt with the very entries the replay
would log (one transfer op per move, kept on the node when it was made), so every later
undo, reversal test and winning line reads what it read before.
"""

from __future__ import annotations

from typing import Any

from .keys import touched_piles


def snapshot(st, p) -> bytes:
    """Pile p's part of a snapshot: its size, its face-down count, its cards (all under 256:
    Search._flat asks for keys that are not wide)."""
    pile = st.piles[p]
    return bytes((len(pile), st.down[p])) + bytes(pile)


def transfer_op(s, d, n, down_s, down_d) -> int:
    """The op the game's apply logs for a transfer of n cards from s to d, face up and not
    reversed, with those face-down counts before it (moves.transfer's packing; a test
    compares the two)."""
    return s << 2 | d << 12 | n << 22 | down_s << 34 | down_d << 45


def flat_jump(search, node) -> bool:
    """goto() by snapshot: the line's bookkeeping cut to the common ancestor and extended
    with the nodes below it (no card moved), then the piles that differ written from the
    node's snapshot, their key pieces and score parts brought up to date. False (nothing
    done): a node on the way has no op kept (not made by bare_consider), goto() replays."""
    trail, depths, marks, path, ops = search.trail, search.depths, search.marks, search.path, search.ops
    chain = []
    n = node
    while n is not None and not (n[2] <= len(trail) and trail[n[2] - 1] is n):
        if len(n) < 7:
            return False
        chain.append(n)
        n = n[0]
    depth = 0 if n is None else n[2]
    if len(trail) > depth:
        cut = depths[depth]
        del ops[marks[cut] :], trail[depth:], depths[depth:], path[cut:], marks[cut:]
    for n in reversed(chain):
        depths.append(len(path))
        trail.append(n)
        marks.append(len(ops))
        ops.append(n[6])
        path.append(n[1])
    raw, board = node[5], search.board_raw
    st, keyer = search.st, search.keyer
    piles, down, piece, plain = st.piles, st.down, keyer.piece, keyer.plain
    changed = []
    for p, r in enumerate(raw):
        b = board[p]
        if r is b or r == b:
            continue
        piles[p][:] = r[2:]
        down[p] = r[1]
        changed.append(p)
        if plain[p]:
            piece[p] = r  # a plain piece is the snapshot's string itself (keys.Keyer._piece)
    sealed_top = keyer.sealed_top if keyer.GENERATED else None
    for p in changed:
        if not plain[p]:
            r = raw[p]
            if sealed_top is not None and sealed_top[p] and r[0]:  # (from the snapshot: the same bytes)
                piece[p] = keyer._sealed_piece(p, r[0], r[1], r[-1])
            else:
                piece[p] = keyer._piece(p)
    search.scorer.touch_keyed(changed, keyer)
    search.board_raw = raw
    node[4] = node[5] = None  # searched from now on: the board holds its snapshot (its op stays)
    return True


def replay_jump(search, node) -> None:
    """goto() in general: undo to the common ancestor in one call on the op log, play down
    with the bare apply; the key's pieces and the score are brought up to date once at the
    end, for the piles the operations touched."""
    trail, depths, marks = search.trail, search.depths, search.marks
    chain = []
    n = node
    while n is not None and not (n[2] <= len(trail) and trail[n[2] - 1] is n):
        chain.append(n)
        n = n[0]
    depth = 0 if n is None else n[2]
    st, ops, path, env, g = search.st, search.ops, search.path, search.env, search.g
    changed: Any = set()
    if len(trail) > depth:
        cut = depths[depth]
        mark = marks[cut]  # where the first move below the common ancestor starts
        changed = touched_piles(g, mark)
        search.undo_ops(st, ops, mark)
        del trail[depth:], depths[depth:], path[cut:], marks[cut:]
    do, bare = search.do, search.bare
    batch = search.cycle if search.cycle is not None and search.cycle.batch else None
    fresh: dict = {}  # pile -> its piece now, where a node's pieces give it
    for n in reversed(chain):
        item = n[1]
        depths.append(len(path))
        trail.append(n)
        if type(item) is not tuple:
            mark = len(ops)
            do(st, item, env, ops)
            path.append(item)
            marks.append(mark)
            if bare and item.kind == "move" and changed is not None:
                s, d = item.sources[0], item.dest  # a transfer alone: its two piles
                changed.add(s)
                changed.add(d)
                if n[4] is not None:
                    fresh[s], fresh[d] = n[4]
                else:
                    fresh.pop(s, None)
                    fresh.pop(d, None)
                continue
            down = touched_piles(g, mark)
        else:
            start = len(ops)
            if batch:  # a macro of the stock walk: its actions in one go (stock_cycle.py)
                batch.replay(search, item)
                # the actions' ops touch the stock's two piles alone (play_actions): the
                # card move's ops are read, not the counters' entries of every action
                down = touched_piles(g, marks[-1])
                if down is not None:
                    down.add(batch.stock)
                    down.add(batch.waste)
            else:
                for m in item:
                    marks.append(len(ops))
                    do(st, m, env, ops)
                    path.append(m)
                down = touched_piles(g, start)
        if changed is None or down is None:
            changed = None
        else:
            changed |= down
            for p in down:
                fresh.pop(p, None)
    keyer = search.keyer
    if changed is not None and fresh:
        piece = keyer.piece
        for p, x in fresh.items():
            piece[p] = x
        keyer.touch(changed.difference(fresh))
    else:
        keyer.touch(changed)
    search.scorer.touch_keyed(changed, keyer)
    node[4] = None  # searched from now on: its pieces are not kept
    if search.flat:
        search.board_raw = tuple(snapshot(st, p) for p in range(len(st.piles)))


def step_down(search, node, item) -> None:
    """goto() for one card move down from the board (the depth-first turns' common case)
    in a bare search: the move played, its two pieces set from the node."""
    path, ops = search.path, search.ops
    search.depths.append(len(path))
    search.trail.append(node)
    search.marks.append(len(ops))
    path.append(item)
    search.do(search.st, item, search.env, ops)
    s, d = item.sources[0], item.dest
    keyer = search.keyer
    if node[4] is not None:
        keyer.piece[s], keyer.piece[d] = node[4]
    else:
        keyer.touch((s, d))
    search.scorer.touch_keyed((s, d), keyer)
    if search.flat:
        raw = node[5] if len(node) > 5 else None
        search.board_raw = raw if raw is not None else tuple(snapshot(search.st, p) for p in range(len(keyer.piece)))
        if raw is not None:
            node[5] = None  # (its op stays: the flat jump replays it)
    node[4] = None  # searched from now on: its pieces are not kept
