"""A position drawn as one standalone SVG picture, from the variant's layout alone.

``position(game, highlight=None)`` returns the SVG text. Nothing here knows a game: the
rows come from the variant's ``layout:`` (or one row per pile group), a group laid out in
geometric rows (a pyramid, staggered rows, a grid, a ring) is drawn place by place at its
offsets, a group shown as ``row`` is drawn as horizontal rows one under the other, a pile
shown as ``fan`` as a column, anything else as a stack with its size.

Every card of the position is drawn once, as an element with ``data-card`` (``7D`` for a
face-up card, as the notation writes it, ``7D.1`` for a second deck's copy, ``#`` for a
face-down one), ``data-pile`` and an ``aria-label`` in words; every pile is one group with
``data-pile`` and its own ``aria-label``, so a page can find and name both without pixels.
Captions use the variant's own labels (``Columns``, ``Draw Pile``), one per group, each
kept to the width of what it names so that captions never run together.
Empty piles are dashed outlines with their names. The picture has no external resource:
generic font families only, the card backs a pattern of its own shapes. Text from the
variant file is escaped. The same position always gives the same text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from ..core.cards import rank_text
from ..core.errors import InputError, short
from ..engine.moves import Move

W, H = 60, 84  # a card, in SVG units
GAP = 12  # between piles side by side
MARGIN = 16
HEAD = 34  # the title line
ROW_GAP = 20  # between the rows of the layout
CAPTION = 18  # the line above each row of the layout that names its piles
FAN_UP, FAN_DOWN = 22, 10  # a column: the step after a face-up / face-down card
ROW_UP, ROW_DOWN = 30, 10  # a horizontal row: the same, sideways
DEPTH = 1.5  # a stack: the offset of each of the cards just under its top (at most 3)
FONT = "sans-serif"  # a generic family only: no font is named or fetched

# The colours of a deck's colour names; any other name takes the next colour of PALETTE not taken.
COLOURS = {
    "black": "#111111",
    "red": "#c8102e",
    "blue": "#1f4fbf",
    "green": "#17803a",
    "purple": "#7a3fb0",
    "orange": "#c05a00",
}
PALETTE = ("#111111", "#c8102e", "#1f4fbf", "#17803a", "#7a3fb0", "#c05a00", "#00808a", "#8a5a00")
SOURCE_COLOUR, DEST_COLOUR = "#0a7cff", "#ff8c00"

RANK_WORDS = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
RANK_WORDS.update({8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king"})

_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(s) -> str:
    """Text for an element: characters XML cannot hold dropped, the rest escaped."""
    return escape(_NOT_XML.sub("", str(s)))


def _attr(s) -> str:
    """A quoted attribute value, escaped (quotes included)."""
    return quoteattr(_NOT_XML.sub("", str(s)))


def _num(x: float) -> str:
    """A coordinate as short, stable text (most are whole: those the quick way)."""
    i = int(x)
    if i == x and i:
        return str(i)
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _fits(text: str, size: float, width: float) -> str:
    """textLength when the text would be wider than ``width`` (a rough estimate of glyphs)."""
    if len(text) * size * 0.6 <= width:
        return ""
    return f' textLength="{_num(width)}" lengthAdjust="spacingAndGlyphs"'


def card_words(v, card: int) -> str:
    """A face-up card in words, for a screen reader: ``seven of diamonds``."""
    rank = v.deck.rank_of[card]
    return f"{RANK_WORDS.get(rank, rank_text(rank))} of {v.deck.suits[v.deck.suit_of[card]].name}"


def group_label(v, group) -> str:
    """The name a player sees for a pile group: its ``label`` when the file gives one."""
    return v.rules[group.start].label or group.name


def pile_words(v, p: int) -> str:
    """A pile as a player names it: ``Columns 3``, ``Foundation`` (a group of one), from the labels."""
    group = v.layout.groups[v.layout.group_of[p]]
    label = group_label(v, group)
    return label if group.count == 1 else f"{label} {v.layout.index_of[p] + 1}"


# A card's markup depends on the variant, the card (-1: face down), its pile and whether its
# big symbol shows; only its place changes from one picture to the next. Its text pieces are
# kept, with the coordinates left out (the pieces between them), for svg.position's speed.
@lru_cache(maxsize=8192)
def _card_parts(v, colour: str, c: int, p: int, pip: bool) -> tuple[str, ...]:
    pile = _attr(v.pile_name(p))
    where = pile_words(v, p)
    size = f'" width="{W}" height="{H}" rx="5" fill="#ffffff" stroke="#333333"/>'
    if c < 0:
        label = _attr(f"face-down card, {where}")
        return (
            f'<g data-card="#" data-pile={pile} aria-label={label}><rect x="',
            '" y="',
            size + '<rect x="',
            '" y="',
            f'" width="{W - 8}" height="{H - 8}" rx="3" fill="url(#rulesdsl-back)"/></g>',
        )
    suit = v.deck.suits[v.deck.suit_of[c]]
    rank = v.deck.rank_of[c]
    index = ("10" if rank == 10 else rank_text(rank)) + suit.symbol
    head = (
        f"<g data-card={_attr(v.deck.text(c, copy=True))} data-pile={pile} "
        f'aria-label={_attr(card_words(v, c) + ", " + where)} fill="{colour}"><rect x="'
    )
    corner = f'" font-size="16" font-weight="bold"{_fits(index, 16, W - 8)}>{_text(index)}</text>'
    if not pip:
        return head, '" y="', size + '<text x="', '" y="', corner + "</g>"
    big = f'" font-size="30" text-anchor="middle"{_fits(suit.symbol, 30, W - 8)}>{_text(suit.symbol)}</text></g>'
    return head, '" y="', size + '<text x="', '" y="', corner + '<text x="', '" y="', big


class _Picture:
    def __init__(self, game):
        self.g = game
        self.v = game.variant
        self.st = game.state
        v = self.v
        self.mode = [self._mode(p) for p in range(v.layout.size)]
        self.boxes: dict[int, tuple[float, float, float, float]] = {}  # pile -> x, y, width, height
        self.at: dict[int, tuple[float, float]] = {}  # pile -> where its first card lies
        self.order: list[int] = []  # piles in drawing order
        self.captions: list[tuple[float, float, float, str]] = []  # x, y, width, text
        colours = {n: COLOURS[n.lower()] for n in v.deck.colors if n.lower() in COLOURS}
        spare = [c for c in PALETTE if c not in colours.values()] or list(PALETTE)
        for i, name in enumerate(n for n in v.deck.colors if n not in colours):
            colours[name] = spare[i % len(spare)]
        self.colour = [colours[s.color] for s in v.deck.suits]

    def _mode(self, p: int) -> str:
        """fan (a column), row (sideways) or stack (the top card and the size)."""
        v = self.v
        group = v.layout.groups[v.layout.group_of[p]]
        show = v.rules[p].show
        if group.rows:  # a place of a geometric layout: a column at most, never sideways
            return "fan" if show == "fan" else "stack"
        return show if show in ("fan", "row") else "stack"

    # -- sizes and places --------------------------------------------------------------
    def steps(self, p: int) -> list[float]:
        """Each card's offset from the pile's first card along its fan (0 for a stack)."""
        mode = self.mode[p]
        n, st = len(self.st.piles[p]), self.st
        if mode == "stack":
            return [0.0] * n
        up, dn = (FAN_UP, FAN_DOWN) if mode == "fan" else (ROW_UP, ROW_DOWN)
        out, at = [], 0.0
        for i in range(n):
            out.append(at)
            at += dn if st.is_down(p, i) else up
        return out

    def size(self, p: int) -> tuple[float, float]:
        steps = self.steps(p)
        last = steps[-1] if steps else 0.0
        mode = self.mode[p]
        if mode == "fan":
            return W, H + last
        if mode == "row":
            return W + last, H
        depth = DEPTH * min(len(self.st.piles[p]) - 1, 3) if self.st.piles[p] else 0
        return W + depth, H + depth

    def place(self, p: int, x: float, y: float) -> None:
        if p in self.boxes:
            return
        w, h = self.size(p)
        self.boxes[p] = (x, y, w, h)
        self.at[p] = (x, y)
        self.order.append(p)

    def geometry(self, group, x0: float, y0: float) -> tuple[float, float]:
        """A group laid out in rows: each place at its offset (half-card units); rows that
        overlap lie half a card apart, others one under the other. Returns width, height."""
        unit = (W + GAP) / 2
        offs = group.offsets or (0,) * len(group.rows)
        base = min(offs)
        y, bottom, right = y0, y0, x0
        p = group.start
        for r, n in enumerate(group.rows):
            tallest = float(H)
            for c in range(n):
                x = x0 + (offs[r] - base + 2 * c) * unit
                self.place(p, x, y)
                w, h = self.size(p)
                tallest = max(tallest, h)
                bottom = max(bottom, y + h)
                right = max(right, x + w)
                p += 1
            y += H / 2 if group.overlap else tallest + GAP
        return right - x0, bottom - y0

    def rows_block(self, group, x0: float, y0: float) -> tuple[float, float]:
        """A group shown as ``row``: one horizontal row per pile, one under the other, all
        as wide as the longest (or as the group's capacity, up to a suit's length)."""
        cap = self.v.rules[group.start].capacity or 1
        width: float = W + ROW_UP * (min(cap, len(self.v.deck.ranks)) - 1)
        y = y0
        for p in group.piles:
            self.place(p, x0, y)
            width = max(width, self.size(p)[0])
            y += H + GAP
        return width, y - GAP - y0

    def lay_out(self) -> tuple[float, float]:
        v = self.v
        rows = [list(r) for r in (v.display or tuple((g,) for g in v.layout.groups))]
        listed = set()
        for row in rows:
            for name in row:
                if name in v.layout.groups:
                    listed.update(v.layout.groups[name].piles)
                elif v.pile_index(name) is not None:
                    listed.add(v.pile_index(name))
        missing = [v.pile_name(p) for p in range(v.layout.size) if p not in listed]
        if missing:  # a pile the layout leaves out is drawn anyway, on a row of its own
            rows.append(missing)
        y = float(MARGIN + HEAD)
        width = 0.0
        for row in rows:
            x = float(MARGIN)
            tallest = 0.0
            top, y = y, y + CAPTION
            for name in row:
                if name == ".":
                    x += W + GAP
                    continue
                group = v.layout.groups.get(name)
                if group is not None and all(p in self.boxes for p in group.piles):
                    continue  # a group the layout names twice is drawn once
                if group is not None and (group.rows or v.rules[group.start].show == "row"):
                    w, h = (self.geometry if group.rows else self.rows_block)(group, x, y)
                    self.captions.append((x, top, w, group_label(v, group)))
                else:
                    piles = list(group.piles) if group is not None else [v.pile_index(name)]
                    placed = [p for p in piles if p is not None and p not in self.boxes]
                    w, h = 0.0, 0.0
                    for p in placed:
                        self.place(p, x + w, y)
                        pw, ph = self.size(p)
                        w += (pw if self.mode[p] == "row" else W) + GAP  # a stack's edges lie in the gap
                        h = max(h, ph)
                    w = max(w - GAP, 0.0)
                    if placed:  # one caption: the group's label, or the pile's own words when alone
                        alone = group is None or group.count == 1
                        text = pile_words(v, placed[0]) if alone else group_label(v, group)
                        self.captions.append((x, top, max(w, W), text))
                x += w + GAP
                tallest = max(tallest, h)
            width = max(width, x - GAP)
            y += tallest + ROW_GAP
        return max(width + MARGIN, 360.0), y - ROW_GAP + MARGIN

    # -- drawing -----------------------------------------------------------------------
    def outline(self, p: int) -> str:
        x, y, _, _ = self.boxes[p]
        name = self.v.pile_name(p)
        group, _, index = name.partition("[")
        index = "[" + index
        cx = x + W / 2
        # In overlapping rows a place's upper half lies over the cards it covers and its lower
        # half under the cards covering it: the name goes where no card lies, if it can.
        piles, lay = self.st.piles, self.v.layout
        over = any(piles[q] for q in lay.covers[p])
        under = any(piles[q] for q in lay.under[p])
        ty = y + H - 26 if under and not over else y + 16 if over and not under else y + H / 2 - 3
        return (
            f'<g data-empty={_attr(name)}><rect x="{_num(x)}" y="{_num(y)}" width="{W}" height="{H}" rx="6" '
            f'fill="#ffffff" fill-opacity="0.06" stroke="#cfe3cf" stroke-width="1.5" stroke-dasharray="5 3"/>'
            f'<text x="{_num(cx)}" y="{_num(ty)}" font-size="10" text-anchor="middle" '
            f'fill="#e6f2e6"{_fits(group, 10, W - 6)}>{_text(group)}</text>'
            f'<text x="{_num(cx)}" y="{_num(ty + 13)}" font-size="10" text-anchor="middle" '
            f'fill="#e6f2e6">{_text(index)}</text></g>'
        )

    def card(self, p: int, i: int, x: float, y: float, pip: bool = True) -> str:
        v, st = self.v, self.st
        c = st.piles[p][i]
        down = st.is_down(p, i)
        parts = _card_parts(v, self.colour[v.deck.suit_of[c]], -1 if down else c, p, pip)
        if down:
            at: tuple[float, ...] = (x, y, x + 4, y + 4)
        else:
            at = (x, y, x + 4, y + 17, x + W / 2, y + H - 18) if pip else (x, y, x + 4, y + 17)
        out = [parts[0]]
        for value, part in zip(at, parts[1:]):
            out.append(_num(value))
            out.append(part)
        return "".join(out)

    def pile(self, p: int) -> list[str]:
        x, y = self.at[p]
        n = len(self.st.piles[p])
        mode = self.mode[p]
        pip = self.v.layout.free(self.st.piles, p)  # a covered card shows its corner only
        out = []
        for i, step in enumerate(self.steps(p)):
            if mode == "fan":
                out.append(self.card(p, i, x, y + step, pip))
            elif mode == "row":  # sideways, a card's big symbol would peek out from under the next
                out.append(self.card(p, i, x + step, y, pip and i == n - 1))
            else:  # a stack: the cards just under the top peek out below and to the right
                d = DEPTH * min(n - 1 - i, 3)
                out.append(self.card(p, i, x + d, y + d, pip))
        if mode == "stack" and n > 1:
            bx, by, bw = x + W - 3, y + H - 3, 8 + 7 * len(str(n))  # the bottom right corner, under the symbol
            out.append(
                f'<g data-count="{n}" aria-hidden="true">'
                f'<rect x="{_num(bx - bw)}" y="{_num(by - 14)}" width="{bw}" height="14" rx="7" '
                f'fill="#333333" opacity="0.85"/><text x="{_num(bx - bw / 2)}" y="{_num(by - 3.5)}" '
                f'font-size="11" text-anchor="middle" fill="#ffffff">{n}</text></g>'
            )
        return out

    def pile_label(self, p: int) -> str:
        """``Columns 3: 5 cards, 2 face down, seven of diamonds on top`` or ``Foundation: empty``."""
        cards, down = self.st.piles[p], self.st.down_count(p)
        if not cards:
            return f"{pile_words(self.v, p)}: empty"
        words = [f"{len(cards)} card{'s' if len(cards) > 1 else ''}"]
        if down:
            words.append(f"{down} face down" if down < len(cards) else "all face down")
        if self.st.down[p] < len(cards):
            words.append(f"{card_words(self.v, cards[-1])} on top")
        return f"{pile_words(self.v, p)}: " + ", ".join(words)

    def frame(self, p: int, role: str) -> str:
        x, y, w, h = self.boxes[p]
        colour = SOURCE_COLOUR if role == "source" else DEST_COLOUR
        return (
            f'<rect data-highlight="{role}" data-pile={_attr(self.v.pile_name(p))} x="{_num(x - 4)}" '
            f'y="{_num(y - 4)}" width="{_num(w + 8)}" height="{_num(h + 8)}" rx="8" fill="none" '
            f'stroke="{colour}" stroke-width="4"/>'
        )

    def title(self) -> str:
        g, v = self.g, self.v
        parts = [v.name]
        if g.deal is not None:
            parts.append(f"deal {g.deal}")
        elif g.seed is not None:
            parts.append(f"seed {g.seed}")
        parts.append(f"score {g.score}")
        for i, a in enumerate(v.actions):
            if self.st.used[i]:
                parts.append(f"{a.name} used {self.st.used[i]}")
        if g.won:
            parts.append("won")
        return " \u00b7 ".join(parts)

    def draw(self, highlight) -> str:
        width, height = self.lay_out()
        title = self.title()
        width = max(width, 2 * MARGIN + min(len(title) * 16 * 0.62, 1200))  # room for the title line
        sources, dests = _highlighted(self.v, highlight)
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
            f'viewBox="0 0 {_num(width)} {_num(height)}" font-family={_attr(FONT)}>',
            f"<title>{_text(title)}</title>",
            "<defs>"
            '<pattern id="rulesdsl-back" width="8" height="8" patternUnits="userSpaceOnUse">'
            '<rect width="8" height="8" fill="#2b4f9e"/>'
            '<path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="#8fb0f0" stroke-width="1.4"/>'
            '<circle cx="4" cy="4" r="1" fill="#ffffff"/>'
            "</pattern></defs>",
            f'<rect width="{_num(width)}" height="{_num(height)}" fill="#1f6b3a"/>',
            f'<text x="{MARGIN}" y="{MARGIN + 14}" font-size="16" fill="#ffffff"'
            f"{_fits(title, 16, width - 2 * MARGIN)}>{_text(title)}</text>",
        ]
        for x, y, w, text in self.captions:
            out.append(
                f'<text data-caption="" x="{_num(x)}" y="{_num(y + 11)}" font-size="10" '
                f'fill="#cfe3cf"{_fits(text, 10, w)}>{_text(text)}</text>'
            )
        # empty piles first, so that an outline never lies over a card (overlapping rows)
        for p in sorted(self.order, key=lambda p: bool(self.st.piles[p])):
            body = self.pile(p) if self.st.piles[p] else [self.outline(p)]
            role = _attr(str(self.v.rules[p].role.value))
            out.append(
                f"<g data-pile={_attr(self.v.pile_name(p))} data-role={role} aria-label={_attr(self.pile_label(p))}>"
            )
            out.extend(body)
            out.append("</g>")
        for p in sources:
            out.append(self.frame(p, "source"))
        for p in dests:
            out.append(self.frame(p, "dest"))
        out.append("</svg>")
        return "\n".join(out) + "\n"


def _pile_of(v, item) -> int:
    like = f"{v.layout.name(0)} or {v.layout.short_name(0)}"  # the variant's own names
    if isinstance(item, bool) or not isinstance(item, (int, str)):
        raise InputError(f"a pile to highlight is an index or a name like {like}, not {short(item)!r}")
    if isinstance(item, str):
        found = v.layout.typed(item) if len(item) <= 100 else None
        if not found or len(found) != 1:
            raise InputError(f"no pile named {short(item)!r} in {v.id} (piles are named like {like})")
        return found[0]
    if not 0 <= item < v.layout.size:
        raise InputError(f"pile {item} does not exist: {v.id} has piles 0 to {v.layout.size - 1}")
    return item


def _highlighted(v, highlight) -> tuple[list[int], list[int]]:
    """The source and destination piles of a Move, or of a (source, dest) pair."""
    if highlight is None:
        return [], []
    if isinstance(highlight, Move):
        if highlight.kind == "action":
            i = v.action_index.get(highlight.name)
            if i is None:
                raise InputError(f"{v.id} has no action {short(highlight.name)!r}")
            parts = v.actions[i].parts or (v.actions[i],)  # a sequence: the piles of its steps
            src = list(dict.fromkeys(p for a in parts for p in (a.source, *a.gather)))
            return src, [p for p in dict.fromkeys(t for a in parts for t in a.targets) if p not in src]
        return list(dict.fromkeys(highlight.sources)), [highlight.dest]
    if isinstance(highlight, (tuple, list)) and len(highlight) == 2:
        return [_pile_of(v, highlight[0])], [_pile_of(v, highlight[1])]
    raise InputError("highlight is a Move, or a pair (source pile, destination pile) of indices or names")


def position(game, highlight=None) -> str:
    """The position of ``game`` as one standalone SVG document (text).

    ``highlight``: a Move (the source and destination piles are framed; for an action,
    the pile it takes from and the piles it deals to), or a pair (source, dest) of pile
    indices or names (``"tableau[3]"``). Face-down cards are drawn as backs and never
    named. The same position always gives the same text.
    """
    return _Picture(game).draw(highlight)
