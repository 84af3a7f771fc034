"""The position drawn in plain text (colour optional), from the variant's layout alone.

Rows come from the variant's ``layout:`` (or one row per pile group). A group laid out
in geometric rows (a pyramid, staggered rows, a grid) is drawn place by place with its
offsets; a group shown as ``fan`` is drawn as columns; anything else as a line of piles
showing their top card and size.
"""

from __future__ import annotations

import re

from rulesdsl.core.cards import DOWN, rank_text

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
    short = short_names(v)
    head = "".join(_pad(f"{short[v.layout.group_of[p]]}{v.layout.index_of[p]}", width) for p in piles)
    lines = [head.rstrip()]
    depth = max((len(st.piles[p]) for p in piles), default=0)
    for i in range(max(depth, 1)):
        row = ""
        for p in piles:
            pile = st.piles[p]
            row += _pad(pt.card(p, i) if i < len(pile) else ("--" if i == 0 else ""), width)
        lines.append(row.rstrip())
    return lines


def short_names(v) -> dict:
    """Each group's short name (t for tableau, ...): the layout's, which move text reads too."""
    return v.layout.short_names


def _cell(pt: Painter, p, short) -> str:
    if p is None:
        return ""
    n = len(pt.g.state.piles[p])
    name = f"{short[pt.v.layout.group_of[p]]}{pt.v.layout.index_of[p]}"
    return f"{name}:{pt.top(p)}" + (f"({n})" if n > 1 else "")


def render_cells(pt: Painter, items, width, short) -> list[str]:
    """Piles side by side, each showing its top card and size, in columns of one width."""
    return ["".join(_pad(_cell(pt, p, short), width) for p in items).rstrip()]


def render(game, reveal=False, color=False) -> str:
    v = game.variant
    pt = Painter(game, reveal, color)
    rows = v.display or tuple((g,) for g in v.layout.groups)
    short = short_names(v)
    width = 2 + max((_visible_len(_cell(pt, p, short)) for row in rows for p in _expand(v, row)), default=0)
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
            lines.extend(render_cells(pt, piles, width, short))
    status = [f"{v.name}", f"score {game.score}"]
    if game.seed is not None:
        status.append(f"seed {game.seed}")
    if game.state.base_rank is not None:
        status.append(f"base rank {rank_text(game.state.base_rank)}")
    for i, a in enumerate(v.actions):
        if game.state.used[i]:
            status.append(f"{a.name} used {game.state.used[i]}")
    legend = "  ".join(f"{short[g]}N = {g}[N]" for g in v.layout.groups if short[g] != g)
    return "  ".join(status) + "\n" + "\n".join(lines) + (f"\n({legend})" if legend else "")
