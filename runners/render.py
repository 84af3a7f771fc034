"""The position drawn in plain text (colour optional), from the variant's layout alone.

Rows come from the variant's ``layout:`` (or one row per pile group). A group laid out
in geometric rows (a pyramid, staggered rows, a grid) is drawn place by place with its
offsets; a group shown as ``fan`` is drawn as columns; anything else as a line of piles
showing their top card and size.
"""
from __future__ import annotations

from rulesdsl.cards import DOWN

RED = "\033[31m"
RESET = "\033[0m"


class Painter:
    def __init__(self, game, reveal=False, color=False):
        self.g = game
        self.v = game.variant
        self.reveal = reveal
        self.color = color

    def card(self, p, i) -> str:
        st = self.g.state
        c = st.piles[p][i]
        if i < st.down[p] and not self.reveal:
            return DOWN
        text = self.v.deck.pretty(c) if self.color else self.v.deck.text(c)
        if i < st.down[p]:
            text = text.lower()
        if self.color and self.v.deck.suits[self.v.deck.suit_of[c]].color == "red":
            return RED + text + RESET
        return text

    def top(self, p) -> str:
        pile = self.g.state.piles[p]
        return self.card(p, len(pile) - 1) if pile else "--"


def _expand(v, names):
    out = []
    for name in names:
        if name == ".":
            out.append(None)
        elif name in v.layout.groups:
            out.extend(v.layout.groups[name].piles)
        else:
            p = v.pile_index(name)
            if p is not None:
                out.append(p)
    return out


def _visible_len(s: str) -> int:
    import re
    return len(re.sub(r"\033\[[0-9;]*m", "", s))


def _pad(s: str, width: int) -> str:
    return s + " " * max(width - _visible_len(s), 0)


def render_geometry(pt: Painter, group) -> list[str]:
    """Places in rows with offsets; covered places in parentheses, gaps as '--'."""
    v, st = pt.v, pt.g.state
    lines = []
    offs = group.offsets or (0,) * len(group.rows)
    base = min(offs)
    p = group.start
    label_w = len(str(group.count))
    for r, n in enumerate(group.rows):
        line = f"{group.name}[{p - group.start:>{label_w}}..] " + " " * (3 * (offs[r] - base))
        for _ in range(n):
            pile = st.piles[p]
            free = v.layout.free(st.piles, p)
            text = pt.top(p)
            if len(pile) > 1:
                text += f"+{len(pile) - 1}"
            cell = text if free or not pile else f"({text})"
            line += _pad(cell, 6)
            p += 1
        lines.append(line.rstrip())
    return lines


def render_fan(pt: Painter, piles) -> list[str]:
    v, st = pt.v, pt.g.state
    width = 5
    head = "".join(_pad(f"{v.pile_name(p).split('[')[0][:1]}{v.layout.index_of[p]}", width) for p in piles)
    lines = [head.rstrip()]
    depth = max((len(st.piles[p]) for p in piles), default=0)
    for i in range(max(depth, 1)):
        row = ""
        for p in piles:
            pile = st.piles[p]
            row += _pad(pt.card(p, i) if i < len(pile) else ("--" if i == 0 else ""), width)
        lines.append(row.rstrip())
    return lines


def _cell(pt: Painter, p) -> str:
    if p is None:
        return ""
    n = len(pt.g.state.piles[p])
    return f"{pt.v.pile_name(p)}: {pt.top(p)}" + (f" ({n})" if n > 1 else "")


def render_cells(pt: Painter, items, width) -> list[str]:
    """Piles side by side, each showing its top card and size, in columns of one width."""
    return ["".join(_pad(_cell(pt, p), width) for p in items).rstrip()]


def render(game, reveal=False, color=False) -> str:
    v = game.variant
    pt = Painter(game, reveal, color)
    rows = v.display or tuple((g,) for g in v.layout.groups)
    width = 2 + max((_visible_len(_cell(pt, p)) for row in rows for p in _expand(v, row)), default=0)
    lines = []
    for row in rows:
        groups = [v.layout.groups[n] for n in row if n in v.layout.groups]
        if len(row) == 1 and groups and groups[0].rows:
            lines.extend(render_geometry(pt, groups[0]))
            continue
        piles = _expand(v, row)
        real = [p for p in piles if p is not None]
        if real and all(v.rules[p].show == "fan" for p in real):
            lines.extend(render_fan(pt, real))
        else:
            lines.extend(render_cells(pt, piles, width))
    status = [f"{v.name}", f"score {game.score}"]
    if game.seed is not None:
        status.append(f"seed {game.seed}")
    for i, a in enumerate(v.actions):
        if game.state.used[i]:
            status.append(f"{a.name} used {game.state.used[i]}")
    return "  ".join(status) + "\n" + "\n".join(lines)
