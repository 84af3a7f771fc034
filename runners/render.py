"""The position drawn in plain text (colour optional), from the variant's layout alone.

Rows come from the variant's ``layout:`` (or one row per pile group). What a pile shows
follows the SVG picture (svg.py): a pile shown as ``fan`` or ``row`` shows every card
(face-down ones as ``##``), any other only its top card and its size; a place of a group
laid out in geometric rows (a pyramid, staggered rows, a grid) is a fan or a stack. So
every face-up card a player could see on the table is on the board.

Piles are drawn as labelled columns side by side; a ``row`` group, and a fan deeper than
``TALL`` cards, as one line per pile. A row of the layout wider than the terminal wraps:
what does not fit goes on the lines below, each column keeping its label.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field

from rulesdsl.core.cards import DOWN, rank_text
from rulesdsl.core.limits import MAX_BOARD_WIDTH, MIN_BOARD_WIDTH

RED = "\033[31m"
RESET = "\033[0m"
TALL = 24  # a fan group deeper than this is drawn one pile per line, not as columns
SEP = "  "  # between columns
GAP = " " * 3  # what a '.' of the layout adds


def mode(v, p: int) -> str:
    """fan (every card, a column), row (every card, sideways) or stack (top and size): as svg.py."""
    group = v.layout.groups[v.layout.group_of[p]]
    show = v.rules[p].show
    if group.rows:
        return "fan" if show == "fan" else "stack"
    return show if show in ("fan", "row") else "stack"


def board_width(width: int | None = None) -> int:
    """The width to draw in: the one given, else the terminal's ($COLUMNS, else 80), kept
    within the limits (a terminal narrower than the least is drawn as if that wide)."""
    if width is None:
        width = shutil.get_terminal_size((80, 24)).columns
    return min(max(width, MIN_BOARD_WIDTH), MAX_BOARD_WIDTH)


class Painter:
    def __init__(self, game, reveal=False, color=False):
        self.g = game
        self.v = game.variant
        self.reveal = reveal
        self.color = color
        self.short = short_names(self.v)

    def card(self, p, i) -> str:
        st = self.g.state
        c = st.piles[p][i]
        down = st.is_down(p, i)  # a face-up card between face-down ones shows too
        if down and not self.reveal:
            return DOWN
        text = self.v.deck.pretty(c) if self.color else self.v.deck.text(c)
        if down:
            text = text.lower()
        if self.color and self.v.deck.suits[self.v.deck.suit_of[c]].color == "red":
            return RED + text + RESET
        return text

    def top(self, p) -> str:
        pile = self.g.state.piles[p]
        return self.card(p, len(pile) - 1) if pile else "--"

    def name(self, p) -> str:
        """The short name the legend gives (t3 for tableau[3])."""
        return f"{self.short[self.v.layout.group_of[p]]}{self.v.layout.index_of[p]}"

    def cards(self, p) -> list[str]:
        """What pile p shows, from the bottom up: every card, or its top with the size."""
        n = len(self.g.state.piles[p])
        if not n:
            return ["--"]
        if mode(self.v, p) == "stack":
            return [self.top(p) + (f"({n})" if n > 1 else "")]
        return [self.card(p, i) for i in range(n)]


@dataclass
class Unit:
    """A block of lines, all drawn within ``width`` columns."""

    width: int
    lines: list[str] = field(default_factory=list)


def _visible_len(s: str) -> int:
    return len(re.sub(r"\033\[[0-9;]*m", "", s))


def _pad(s: str, width: int) -> str:
    return s + " " * max(width - _visible_len(s), 0)


def short_names(v) -> dict:
    """Each group's short name (t for tableau, ...): the layout's, which move text reads too."""
    return v.layout.short_names


def columns(pt: Painter, piles) -> list[Unit]:
    """One labelled column per pile, all as wide as the widest."""
    cols = [[pt.name(p), *pt.cards(p)] for p in piles]
    width = max((_visible_len(s) for col in cols for s in col), default=2)
    return [Unit(width, col) for col in cols]


def pile_lines(pt: Painter, piles, width: int) -> Unit:
    """One pile per line (``t5: 8D 7D ...``), wrapped to ``width`` under its first card."""
    label_w = max(len(pt.name(p)) for p in piles) + 2
    lines = []
    for p in piles:
        line = _pad(pt.name(p) + ":", label_w)
        filled = False
        for text in pt.cards(p):
            if filled and _visible_len(line) + 1 + _visible_len(text) > width:
                lines.append(line)
                line, filled = " " * label_w, False
            line += (" " if filled else "") + text
            filled = True
        lines.append(line)
    return Unit(min(width, max(_visible_len(s) for s in lines)), lines)


def geometry(pt: Painter, group, width: int) -> Unit:
    """Places in rows at their offsets, each under its name; covered places in parentheses.

    When the rows are wider than ``width`` the offsets are dropped and each row wraps."""
    v, st = pt.v, pt.g.state
    cells = {}
    for p in group.piles:
        cards = pt.cards(p)
        if mode(v, p) == "stack" and len(st.piles[p]) > 1:  # a place shows what lies under its top
            cards = [f"{pt.top(p)}+{len(st.piles[p]) - 1}"]
        if st.piles[p] and not v.layout.free(st.piles, p):
            cards = [f"({c})" for c in cards]
        cells[p] = [pt.name(p), *cards]
    half = (max(_visible_len(s) for c in cells.values() for s in c) + 2) // 2
    offs = group.offsets or (0,) * len(group.rows)
    base = min(offs)
    span = max((offs[r] - base + 2 * n) * half for r, n in enumerate(group.rows))
    rows, p = [], group.start
    if span <= width:
        for r, n in enumerate(group.rows):
            rows.append([((offs[r] - base + 2 * c) * half, q) for c, q in enumerate(range(p, p + n))])
            p += n
    else:
        per = max(1, (width + 1) // (2 * half))
        for n in group.rows:
            for k in range(p, p + n, per):
                rows.append([(2 * half * c, q) for c, q in enumerate(range(k, min(k + per, p + n)))])
            p += n
    lines = []
    for row in rows:
        depth = max(len(cells[q]) for _, q in row)
        for i in range(depth):
            line = ""
            for x, q in row:
                if i < len(cells[q]):
                    line = _pad(line, x) + cells[q][i]
            lines.append(line.rstrip())
    return Unit(min(width, max(_visible_len(s) for s in lines)), lines)


def _units(pt: Painter, row, width: int, drawn: set) -> list[Unit | None]:
    """The blocks of one row of the layout, in order; None for a '.' gap."""
    v = pt.v
    out: list[Unit | None] = []
    for name in row:
        if name == ".":
            out.append(None)
            continue
        group = v.layout.groups.get(name)
        if group is not None:
            piles = [p for p in group.piles if p not in drawn]
        else:
            p = v.pile_index(name)
            piles = [] if p is None or p in drawn else [p]
        drawn.update(piles)
        if not piles:
            continue
        if group is not None and group.rows:
            out.append(geometry(pt, group, width))
            continue
        how = mode(v, piles[0])
        deep = max(len(pt.g.state.piles[p]) for p in piles) > TALL
        if how == "row" or (how == "fan" and deep):
            out.append(pile_lines(pt, piles, width))
        else:
            out.extend(columns(pt, piles))
    return out


def pack(units: list[Unit | None], width: int) -> list[str]:
    """Blocks side by side, as many as fit in ``width``, the rest on the lines below."""
    bands: list[list[Unit]] = [[]]
    used = 0
    for u in units:
        if u is None:
            if bands[-1]:
                used += len(GAP)
                bands[-1].append(Unit(len(GAP) - len(SEP), []))
            continue
        need = u.width if not bands[-1] else used + len(SEP) + u.width
        if bands[-1] and need > width:
            bands.append([])
            need = u.width
        bands[-1].append(u)
        used = need
    lines = []
    for band in bands:
        while band and not band[-1].lines:
            band.pop()  # a gap at the end of a band
        for i in range(max((len(u.lines) for u in band), default=0)):
            cells = [_pad(u.lines[i] if i < len(u.lines) else "", u.width) for u in band]
            lines.append(SEP.join(cells).rstrip())
    return lines


def _wrap(items: list[str], width: int) -> list[str]:
    lines = [""]
    for item in items:
        if lines[-1] and len(lines[-1]) + 2 + len(item) > width:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + item
    return lines


def board(game, reveal=False, color=False, width: int | None = None) -> list[str]:
    """The piles' lines alone, ``width`` columns at most (default: the terminal's width)."""
    v = game.variant
    width = board_width(width)
    pt = Painter(game, reveal, color)
    rows = [list(r) for r in (v.display or tuple((g,) for g in v.layout.groups))]
    drawn: set = set()
    lines = []
    for row in rows:
        lines.extend(pack(_units(pt, row, width, drawn), width))
    missing = [v.pile_name(p) for p in range(v.layout.size) if p not in drawn]
    if missing:  # a pile the layout leaves out is drawn anyway, on a row of its own
        lines.extend(pack(_units(pt, missing, width, drawn), width))
    return lines


def render(game, reveal=False, color=False, width: int | None = None) -> str:
    """The status line, the board and its legend, ``width`` columns at most (default: the
    terminal's width)."""
    v = game.variant
    width = board_width(width)
    lines = board(game, reveal, color, width)
    status = [f"{v.name}", f"score {game.score}"]
    if game.deal is not None:
        status.append(f"deal {game.deal}")
    elif game.seed is not None:
        status.append(f"seed {game.seed}")
    if game.base_rank is not None:
        status.append(f"base rank {rank_text(game.base_rank)}")
    for i, a in enumerate(v.actions):
        if game.state.used[i]:
            status.append(f"{a.name} used {game.state.used[i]}")
    short = short_names(v)
    legend = [f"{short[g]}N = {g}[N]" for g in v.layout.groups if short[g] != g]
    if any(game.state.down):
        legend.append(f"{DOWN} face down")
    if any(g.overlap for g in v.layout.groups.values()):
        legend.append("(7D) covered")
    if any(mode(v, p) == "stack" and len(game.state.piles[p]) > 1 for p in range(v.layout.size)):
        legend.append("7D(5) = 5 cards, 7D on top")
    if legend:
        legend = _wrap(legend, width - 2)
        legend[0] = "(" + legend[0]
        legend[-1] += ")"
    return "\n".join(_wrap(status, width) + lines + legend)
