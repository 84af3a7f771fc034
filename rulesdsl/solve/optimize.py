"""Shorter winning lines: after a win, the line is replayed and shortened, as fc-solve's
``-opt`` does for its own solutions.

The search's line wanders: it goes where the guidance sent it, comes back, and moves cards
to and fro. Three passes, each keeping a line that plays to a win:

* **Loops.** Where the line comes back to a position it held before (the same position
  exactly: ``State.key``, so the rest of the line plays alike from there), the moves between
  are cut. Moves that cancel out (a card moved and moved back) are such loops.
* **Shortcuts.** From each position of the line a small breadth-first search (a few moves
  deep, a bounded number of positions) looks for a later position of the line, or a won
  one; the moves between are replaced by the shorter way found.
* The passes repeat while the line shrinks, within the time given.

Every step replays the new line with the engine's ``play`` (legality checked) before it is
kept, so what comes out is always a legal line to a win; a line that does not replay is
returned as it came.
"""

from __future__ import annotations

import time

from ..play.game import Game

SHORTCUT_DEPTH = 3  # moves a shortcut may have
SHORTCUT_NODES = 400  # positions one shortcut search may visit
OPTIMIZE_SECONDS = 2.0  # what solve(optimize=True) spends at most on it


def optimize_line(variant, state, line, *, time_limit: float = OPTIMIZE_SECONDS) -> list:
    """The line (move notation from ``state``) shortened as the module docstring says."""
    deadline = time.monotonic() + time_limit
    g = Game(variant, state.copy())
    try:
        moves = [g.play(text) for text in line]
    except Exception:  # a line that does not play is returned as it came
        return list(line)
    if not g.won:
        return list(line)
    while time.monotonic() < deadline:
        shorter = _shortcuts(variant, state, cut_loops(variant, state, moves), deadline)
        if len(shorter) >= len(moves):
            break
        moves = shorter
    out = [g.move_text(m) for m in moves]
    return out if _replay(variant, state, out) is not None else list(line)


def _replay(variant, state, line):
    """The game after the line (notation), or None when it is not legal or does not win."""
    g = Game(variant, state.copy())
    try:
        for text in line:
            g.play(text)
    except Exception:  # an illegal or unreadable move: the line is not kept
        return None
    return g if g.won else None


def cut_loops(variant, state, moves) -> list:
    """The moves without the stretches that come back to a position held before."""
    g = Game(variant, state.copy())
    first = {g.state.key(): 0}
    out: list = []
    keys = [g.state.key()]
    for m in moves:
        g.apply_unchecked(m)
        k = g.state.key()
        i = first.get(k)
        if i is not None:  # back where the line was after out[:i]: drop what lies between
            for gone in keys[i + 1 :]:
                first.pop(gone, None)
            del out[i:]
            del keys[i + 1 :]
            continue
        out.append(m)
        keys.append(k)
        first[k] = len(out)
    return out


def _shortcuts(variant, state, moves, deadline) -> list:
    """The moves with shorter ways between the line's positions, where a small search finds
    one."""
    g = Game(variant, state.copy())
    index = {g.state.key(): 0}  # the last time the line is at each position
    for n, m in enumerate(moves, 1):
        g.apply_unchecked(m)
        index[g.state.key()] = n
    g = Game(variant, state.copy())
    out: list = []
    i = 0
    while i < len(moves):
        found = _search(g, index, i, len(moves)) if time.monotonic() < deadline else None
        if found is not None:
            i, way = found
            for m in way:
                g.apply_unchecked(m)
            out.extend(way)
            continue
        g.apply_unchecked(moves[i])
        out.append(moves[i])
        i += 1
    return out


def _search(g, index, i, end):
    """Breadth-first from the game's position (the line's i-th): (j, moves) for the farthest
    later position j of the line (or a win: j = ``end``) that fewer than j - i moves reach,
    or None. The game is left as it was."""
    best = None
    layer: list = [()]
    seen = {g.state.key()}
    nodes = 0
    for depth in range(1, SHORTCUT_DEPTH + 1):
        nxt = []
        for path in layer:
            for m in path:
                g.apply_unchecked(m)
            for m in g.generate():
                nodes += 1
                g.apply_unchecked(m)
                k = g.state.key()
                j = end if g.won else index.get(k, -1)
                g.undo()
                if k in seen:
                    continue
                seen.add(k)
                if j - i > depth and (best is None or j - depth > best[0] - len(best[1])):
                    best = (j, path + (m,))
                nxt.append(path + (m,))
            for _ in path:
                g.undo()
            if nodes >= SHORTCUT_NODES:
                return best
        if best is not None:
            return best
        layer = nxt
    return best
