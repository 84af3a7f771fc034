"""fc-solve's formats, both ways: boards, and moves in standard and verbose notation.

A board (what ``fc-solve`` reads, and what pysol-cards prints)::

    Talon: 8H 2C JH ...          the talon, its top card first (Golf, Klondike)
    Foundations: H-0 C-A D-0 S-2 each suit's highest card on the foundations; or the
                                 top card of a single foundation (AS), or '-'
    Freecells: 6S - 9C -         each cell's card, '-' for an empty one
    JD KD 2S 4C 3S 6D 6S         then one column per line, bottom card first;
    : 2D KC KS                   a line may start with ':' (fc-solve -p); ':' alone is an
    <7H> TS                      empty column; <7H> is a face-down card

A variant's ``numbering:`` declaration says which piles take the columns, the cells, the
foundations and the talon. A foundation given as ``H-5`` holds AH..5H, on the foundation
pile where the variant's own deal places that suit's ace, else the one the rules let the
ace go to, else the first one free.

Moves (``fc-solve -m -snx``): ``5a`` column 5 to cell a, ``a5``, ``5h`` column 5 to the
foundations, ``ah``, ``ab``, ``21`` column 2 to column 1 (as many cards as fit), ``81v3``
three cards to an empty column; columns count from 1, cells are a..g then k, l, ...
(fc-solve skips h, i and j). A sequence sent to the foundations (Simple Simon) is
``Nh`` with the column counted from 0, as fc-solve writes it. ``fc-solve -m`` writes
the same moves in words, piles counted from 0: "Move a card from stack 4 to freecell 0",
"Move 3 cards from stack 1 to stack 2", "Move a card from freecell 1 to the
foundations", "Move the sequence on top of Stack 3 to the foundations". Headers,
separators, boards and the closing lines are skipped.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field

from ..core.errors import CardTextError, IllegalMoveError, InvalidMoveError, MoveError, PositionError
from ..core.limits import MAX_FCS_MOVES, MAX_FCS_TEXT, MAX_SEQUENCE_SEARCH
from ..core.state import State
from ..engine import moves as engine
from ..engine.deal import Place, Rest
from ..engine.moves import generate
from ..lang.runtime import Env

FOUNDATION_ORDER = "HCDS"  # the order fc-solve writes the foundations in
_RANK = {"0": 0, "A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
_RANK_TEXT = "0A23456789TJQK"
_CARD = re.compile(r"^(10|[A2-9TJQK])([A-Z])$", re.I)


# -- boards -------------------------------------------------------------------------


@dataclass
class Board:
    columns: list = field(default_factory=list)  # [[(card, down, where)]]
    cells: list | None = None  # [(card or None, where)]
    foundations: list | None = None  # [("suit", letter, rank, where) | ("card", card, where)]
    talon: list | None = None  # [(card, where)], top first


def looks_like_board(text: str) -> bool:
    """Is this position text an fc-solve board rather than rulesdsl's compact text?"""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    if any(re.match(r"^(Foundations|Freecells|Talon)\s*:", line, re.I) for line in lines):
        return True
    return all(line.startswith(":") or ":" not in line for line in lines)


def _card(token: str, where: str) -> str:
    if not _CARD.match(token):
        raise PositionError(f"{where}: {token!r} is not a card (expected rank then suit, like 7H, TD or 10D)")
    return token.upper()


def parse_board(text: str) -> Board:
    """Read fc-solve's board text; PositionError names the line and column of a bad token."""
    if len(text) > MAX_FCS_TEXT:
        raise PositionError(f"board text too long (at most {MAX_FCS_TEXT} characters)")
    board = Board()
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        head = re.match(r"^\s*(Foundations|Freecells|Talon)\s*:", line, re.I)
        body = line[head.end() :] if head else line
        offset = head.end() if head else 0
        if not head and body.lstrip().startswith(":"):
            offset += body.index(":") + 1
            body = line[offset:]
        tokens = [(m.group(), f"line {n}, column {offset + m.start() + 1}") for m in re.finditer(r"\S+", body)]
        kind = head.group(1).lower() if head else "column"
        if (
            head is not None
            and kind != "column"
            and getattr(board, {"foundations": "foundations", "freecells": "cells", "talon": "talon"}[kind]) is not None
        ):
            raise PositionError(f"line {n}: a second {head.group(1)} line")
        if kind == "foundations":
            board.foundations = [_foundation(t, w) for t, w in tokens]
        elif kind == "freecells":
            board.cells = [(None if t in ("-", "--") else _card(t, w), w) for t, w in tokens]
        elif kind == "talon":
            board.talon = [(_card(t, w), w) for t, w in tokens]
        else:
            col = []
            for t, w in tokens:
                down = t.startswith("<") and t.endswith(">")
                col.append((_card(t[1:-1] if down else t, w), down, w))
            board.columns.append(col)
    return board


def _foundation(token: str, where: str):
    m = re.match(r"^([A-Z])-(10|[0A2-9TJQK])$", token, re.I)
    if m:
        return ("suit", m.group(1).upper(), _RANK[m.group(2).upper()], where)
    if token in ("-", "--"):
        return ("card", None, where)
    if _CARD.match(token):
        return ("card", token.upper(), where)
    raise PositionError(
        f"{where}: {token!r} is not a foundation (expected a suit and its highest "
        f"rank, like H-5 or S-0, or a card, like AS)"
    )


def _need(v):
    if v.numbering is None:
        raise PositionError(f"{v.id} declares no numbering, so it has no fc-solve board format (see docs/interop.md)")
    return v.numbering


def board_lines(v, board: Board) -> list:
    """The board as position lines (where, pile name, card texts) for position._build."""
    num = _need(v)
    names = v.layout.pile_names
    piles: dict = {}

    def put(p, text, where):
        try:
            v.deck.parse_face(text.lstrip("#"))
        except CardTextError as exc:
            raise PositionError(f"{where}: {exc}") from None
        piles.setdefault(p, ([], where))[0].append(text)

    if len(board.columns) > len(num.columns):
        raise PositionError(f"the board has {len(board.columns)} columns; {v.id} has {len(num.columns)}")
    for col, p in zip(board.columns, num.columns):
        piles.setdefault(p, ([], col[0][2] if col else "board"))
        for card, down, where in col:
            put(p, ("#" if down and not num.face_up else "") + card, where)
    for part, given, targets in (("Freecells", board.cells, num.cells), ("Talon", board.talon, num.talon)):
        if given and not targets:
            raise PositionError(f"{given[0][-1]}: {v.id} has no pile for the {part} line")
    if board.cells:
        cards = [c for c in board.cells]
        if len(cards) > len(num.cells):
            raise PositionError(f"{cards[0][1]}: {len(cards)} free cells given; {v.id} has {len(num.cells)}")
        for (card, where), p in zip(cards, num.cells):
            if card is not None:
                put(p, card, where)
    if board.talon:
        # face up only where the variant's own deal leaves its stock face up
        open_talon = any(isinstance(s, Rest) and s.face_up and s.pile == num.talon[0] for s in v.deal)
        for card, where in reversed(board.talon):
            put(num.talon[0], ("" if open_talon else "#") + card, where)
    if board.foundations:
        _foundations(v, num, board.foundations, put)
    return [(where, names[p], cards) for p, (cards, where) in sorted(piles.items())]


def _foundations(v, num, given, put):
    if not num.foundations:
        raise PositionError(f"{given[0][-1]}: {v.id} has no pile for the Foundations line")
    deck = v.deck
    letters = [s.letter.upper() for s in deck.suits]
    homes = suit_homes(v)
    used: list = []
    cards_form = [g for g in given if g[0] == "card"]
    if cards_form:
        if len(cards_form) > len(num.foundations):
            raise PositionError(
                f"{given[0][-1]}: {len(cards_form)} foundations given; {v.id} has {len(num.foundations)}"
            )
        for (_, card, where), p in zip(cards_form, num.foundations):
            if card is not None:
                put(p, card, where)
    for g in given:
        if g[0] != "suit":
            continue
        _, letter, rank, where = g
        if letter not in letters:
            raise PositionError(
                f"{where}: '{letter}' is not a suit letter of this deck (expected one of {' '.join(letters)})"
            )
        if rank == 0:
            continue
        suit = letters.index(letter)
        pile = next((p for p in homes.get(suit, ()) if p not in used), None)
        if pile is None:
            pile = next((p for p in num.foundations if p not in used), None)
        if pile is None:
            raise PositionError(f"{where}: more suits on the foundations than {v.id} has foundations")
        used.append(pile)
        for r in deck.ranks:
            if r <= rank:
                put(pile, _RANK_TEXT[r] + deck.suits[suit].letter, where)


# suit_homes() per variant, computed on first use (a variant is frozen, so it cannot hold it)
_HOMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def suit_homes(v) -> dict:
    """suit index -> foundation piles that suit's run belongs on, best first: where the
    variant's own deal places the suit's lowest card, then where the rules let it go
    from the first column of an empty layout."""
    cached = _HOMES.get(v)
    if cached is not None:
        return cached
    num = v.numbering
    homes: dict = {}
    for step in v.deal:
        if isinstance(step, Place):
            for pile, rank, suit in step.cards:
                if pile in num.foundations and rank == v.deck.low:
                    homes.setdefault(suit, []).append(pile)
    if num.columns:
        for suit in range(len(v.deck.suits)):
            st = State.empty(v)
            st.piles[num.columns[0]].append(v.deck.copies(v.deck.low, suit)[0])
            try:
                dests = [m.dest for m in generate(v, st, Env(st)) if m.kind == "move"]
            except Exception:  # a rule that cannot judge an empty layout: no preference
                dests = []
            homes.setdefault(suit, []).extend(d for d in dests if d in num.foundations)
    _HOMES[v] = homes
    return homes


def to_text(v, st) -> str:
    """The position as fc-solve's board text. PositionError if a card lies where the
    format has no place for it."""
    num = _need(v)
    deck = v.deck
    mapped = set(num.columns) | set(num.cells) | set(num.foundations) | set(num.talon)
    for p, pile in enumerate(st.piles):
        if pile and p not in mapped:
            raise PositionError(f"{v.pile_name(p)} holds cards, and fc-solve's board format has no place for it")
    lines = []
    if num.talon:
        lines.append("Talon: " + " ".join(deck.text(c) for c in reversed(st.piles[num.talon[0]])))
    if num.foundations:
        lines.append("Foundations: " + _foundation_text(v, st, num))
    if num.cells:
        lines.append("Freecells: " + " ".join(deck.text(st.piles[p][-1]) if st.piles[p] else "-" for p in num.cells))
    for p in num.columns:
        pile = st.piles[p]
        cards = [f"<{deck.text(c)}>" if st.is_down(p, i) else deck.text(c) for i, c in enumerate(pile)]
        lines.append(" ".join(cards) if cards else ":")
    return "".join(line + "\n" for line in lines)


def _foundation_text(v, st, num) -> str:
    deck = v.deck
    if len(num.foundations) == 1:
        pile = st.piles[num.foundations[0]]
        return deck.text(pile[-1]) if pile else "-"
    best: dict = {}
    extra = []
    for p in num.foundations:
        pile = st.piles[p]
        if not pile:
            continue
        # a suit's highest card there (Simple Simon's foundations hold K..A, the ace on top)
        letter = deck.suits[deck.suit_of[pile[-1]]].letter.upper()
        rank = max(deck.rank_of[c] for c in pile)
        if letter in best and deck.decks > 1:
            extra.append(f"{letter}-{_RANK_TEXT[rank]}")
        else:
            best[letter] = max(best.get(letter, 0), rank)
    letters = [s.letter.upper() for s in deck.suits]
    order = [s for s in FOUNDATION_ORDER if s in letters] + [s for s in letters if s not in FOUNDATION_ORDER]
    return " ".join([f"{s}-{_RANK_TEXT[best.get(s, 0)]}" for s in order] + extra)


# -- moves --------------------------------------------------------------------------


@dataclass(frozen=True)
class FcsMove:
    """One fc-solve move: the readings it may have (fc-solve's notation is ambiguous in
    places: '110' with ten columns; 'Nh' for a card or a whole sequence)."""

    text: str
    line: int
    readings: tuple  # ((src, dst, count), ...); src/dst ("col", i) | ("cell", i) | ("found", 0)


_SKIP = re.compile(
    r"^(-=-=|=+$|This game is solveable|I could not solve|Total number of states|"
    r"This scan generated|Unable to|Iterations count exceeded|Foundations:|Freecells:|Talon:|:)",
    re.I,
)
_VERBOSE = [
    (
        re.compile(r"^Move a card from stack (\d+) to the foundations$", re.I),
        lambda a: (("col", a[0]), ("found", 0), 1),
    ),
    (
        re.compile(r"^Move a card from freecell (\d+) to the foundations$", re.I),
        lambda a: (("cell", a[0]), ("found", 0), 1),
    ),
    (
        re.compile(r"^Move a card from freecell (\d+) to stack (\d+)$", re.I),
        lambda a: (("cell", a[0]), ("col", a[1]), 1),
    ),
    (
        re.compile(r"^Move a card from freecell (\d+) to freecell (\d+)$", re.I),
        lambda a: (("cell", a[0]), ("cell", a[1]), 1),
    ),
    (
        re.compile(r"^Move a card from stack (\d+) to freecell (\d+)$", re.I),
        lambda a: (("col", a[0]), ("cell", a[1]), 1),
    ),
    (re.compile(r"^Move a card from stack (\d+) to stack (\d+)$", re.I), lambda a: (("col", a[0]), ("col", a[1]), 1)),
    (
        re.compile(r"^Move (\d+) cards? from stack (\d+) to stack (\d+)$", re.I),
        lambda a: (("col", a[1]), ("col", a[2]), a[0]),
    ),
    (
        re.compile(r"^Move the sequence on top of Stack (\d+) to the foundations$", re.I),
        lambda a: (("col", a[0]), ("found", 0), "seq"),
    ),
]
_SN = re.compile(r"^([0-9]+|[a-gk-z])([0-9]+|[a-gk-z]|h)(?:v([0-9a-f]+))?$", re.I)


_NO_SOLUTION = re.compile(r"^(I could not solve|Unable to|Iterations count exceeded)", re.I)


def no_solution(text: str) -> str | None:
    """fc-solve's verdict when a move file is its output for a game it did not solve ("I could
    not solve this game."), holding no move: that line, cut short; else None."""
    verdict = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#") or (_SKIP.match(s) and not _NO_SOLUTION.match(s)):
            continue
        if not _NO_SOLUTION.match(s):
            return None  # a move, or anything else: read as moves
        verdict = verdict or s[:80]
    return verdict


def looks_like_solution(text: str) -> bool:
    """Is this move file fc-solve's output (or standard notation) rather than rulesdsl's?"""
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("-=-=") or s.startswith("Move ") or s.startswith("===="):
            return True
        return all(_SN.match(t) for t in s.split())
    return False


def read_move(text: str):
    """One move typed in standard notation ('5a', 'a5', '5h', '21', '81v3') as an FcsMove,
    or None if the text is not one."""
    text = text.strip()
    if len(text) > 40 or not _SN.match(text):
        return None
    return FcsMove(text, 1, _sn_readings(text))


def _cell_index(ch: str) -> int:
    i = ord(ch.lower()) - ord("a")
    return i - 3 if i >= 10 else i


def _cell_char(i: int) -> str:
    return chr(ord("a") + (i + 3 if i >= 7 else i))


def _sn_readings(token: str) -> tuple:
    m = _SN.match(token)
    if m is None:
        return ()
    src_t, dst_t, v = m.group(1), m.group(2), m.group(3)
    count = int(v, 16) if v else None
    out: list[tuple] = []
    if src_t.isdigit() and dst_t.isdigit():
        # the digits split into two column numbers somewhere
        digits = src_t + dst_t
        for k in range(1, len(digits)):
            a, b = digits[:k], digits[k:]
            if a[0] != "0" and b[0] != "0":
                out.append((("col", int(a) - 1), ("col", int(b) - 1), count))
        return tuple(out)
    if src_t.isdigit():
        src = ("col", int(src_t) - 1)
        if dst_t.lower() == "h":
            out.append((src, ("found", 0), 1))
            out.append((("col", int(src_t)), ("found", 0), "seq"))  # fc-solve counts from 0 here
            return tuple(out)
        return ((src, ("cell", _cell_index(dst_t)), 1),)
    src = ("cell", _cell_index(src_t))
    if dst_t.isdigit():
        return ((src, ("col", int(dst_t) - 1), 1),)
    if dst_t.lower() == "h":
        return ((src, ("found", 0), 1),)
    return ((src, ("cell", _cell_index(dst_t)), 1),)


def read_solution(text: str) -> list:
    """fc-solve's solution (``-m``, ``-m -sn``, ``-m -snx``, or bare standard notation) as
    FcsMoves; MoveError names the line of anything else."""
    if len(text) > MAX_FCS_TEXT:
        raise InvalidMoveError(f"solution text too long (at most {MAX_FCS_TEXT} characters)")
    out: list = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.strip().startswith("#") else ""
        if not line or _SKIP.match(line):
            continue
        if line.lower().startswith("move "):
            for pattern, make in _VERBOSE:
                m = pattern.match(line)
                if m:
                    out.append(FcsMove(line, n, (make([int(g) for g in m.groups()]),)))
                    break
            else:
                raise InvalidMoveError(f"line {n}: cannot read fc-solve move {line[:80]!r}")
        else:
            for token in line.split():
                if not _SN.match(token):
                    raise InvalidMoveError(
                        f"line {n}: {token[:40]!r} is not a move in fc-solve's standard "
                        f"notation (like 5a, a5, 5h, 21 or 81v3)"
                    )
                out.append(FcsMove(token, n, _sn_readings(token)))
        if len(out) > MAX_FCS_MOVES:
            raise InvalidMoveError(f"more than {MAX_FCS_MOVES} moves in one solution")
    return out


def _pile(num, ref):
    kind, i = ref
    piles = num.columns if kind == "col" else num.cells
    return piles[i] if 0 <= i < len(piles) else None


def resolve(game, fm: FcsMove):
    """The legal move an fc-solve move names in this game; MoveError says why there is none."""
    v = game.variant
    num = v.numbering
    if num is None:
        raise InvalidMoveError(f"{v.id} declares no numbering, so it has no fc-solve moves")
    st = game.state
    legal = [m for m in game.legal_moves() if m.kind == "move"]
    for src_ref, dst_ref, count in fm.readings:
        src = _pile(num, src_ref)
        if src is None:
            continue
        from_src = [m for m in legal if m.sources[0] == src]
        if dst_ref[0] == "found":
            cands = [m for m in from_src if m.dest in num.foundations]
            if count == "seq":
                cands = sorted((m for m in cands if len(m.cards) > 1), key=lambda m: -len(m.cards))
            else:
                cands = [m for m in cands if len(m.cards) == 1]
            if cands:
                suit = v.deck.suit_of[cands[0].cards[0]]
                same = [m for m in cands if st.piles[m.dest] and v.deck.suit_of[st.piles[m.dest][-1]] == suit]
                return (same or cands)[0]
            continue
        dst = _pile(num, dst_ref)
        if dst is None:
            continue
        cands = [m for m in from_src if m.dest == dst]
        if not cands:  # an empty cell alike to the one the engine lists: the card goes where named
            cands = [engine.retarget(m, dst) for m in from_src if engine.alike(v, st.piles, m.dest, dst)]
        if count is None:
            count = 1 if not st.piles[dst] else None
        if count is not None:
            cands = [m for m in cands if len(m.cards) == count]
        if cands:
            return max(cands, key=lambda m: len(m.cards))
    raise IllegalMoveError(f"illegal move {fm.text}: {_why(game, fm)}")


def expand(game, fm) -> list:
    """The legal moves that play an fc-solve move: the one move it names, or, for a run that
    fc-solve moves as one "sequence move" through empty columns and cells where the variant's
    rules move fewer cards at a time (Beleaguered Castle, Streets and Alleys, Simple Simon),
    the shortest series of legal moves among the source, the destination and the piles that
    are empty, ending with exactly that run moved. MoveError if there is neither."""
    try:
        return [resolve(game, fm)]
    except MoveError as exc:
        error = exc
    num = game.variant.numbering
    st = game.state
    for src_ref, dst_ref, count in fm.readings:
        if src_ref[0] != "col" or dst_ref[0] != "col":
            continue
        src, dst = _pile(num, src_ref), _pile(num, dst_ref)
        if src is None or dst is None or src == dst:
            continue
        up = len(st.piles[src]) - st.down[src]
        if isinstance(count, int):
            counts = [count]
        else:
            # standard notation gives no count when the destination holds cards: every game
            # fc-solve plays builds down by rank, so the run starts one rank below its top
            top = st.piles[dst][-1] if st.piles[dst] else None
            counts = [
                k
                for k in range(2, up + 1)
                if top is not None and v_rank(game, st.piles[src][-k]) == v_rank(game, top) - 1
            ]
        for k in counts:
            path = _through_free_piles(game, src, dst, k)
            if path:
                return path
    raise error


def _through_free_piles(game, src, dst, k):
    v, st = game.variant, game.state
    num = v.numbering
    if not 2 <= k <= len(st.piles[src]) - st.down[src]:
        return None
    free = [p for p in num.columns + num.cells if p not in (src, dst) and not st.piles[p]]
    if not free:
        return None
    allowed = (src, dst, *free)
    run = st.piles[src][-k:]
    in_run = set(run)
    goal = (tuple(st.piles[src][:-k]), tuple(st.piles[dst] + run), ((),) * len(free))
    cells = set(num.cells)

    def key(g):
        # empty columns are interchangeable, and so are cells: one state however they are used
        piles = g.state.piles
        return (tuple(piles[src]), tuple(piles[dst]), tuple(sorted((p in cells, tuple(piles[p])) for p in free)))

    path = _park_and_return(game, src, dst, k, free, in_run)
    if path:
        return path
    start = game.clone()
    seen = {key(start)}
    frontier = [(start, [])]
    nodes = 0
    while frontier:  # breadth first: the shortest series (seen states pruned)
        nxt = []
        for g, path in frontier:
            for m in g.legal_moves():
                # only the run's cards move, and only among these piles
                if (
                    m.kind != "move"
                    or m.sources[0] not in allowed
                    or m.dest not in allowed
                    or not in_run.issuperset(m.cards)
                ):
                    continue
                nodes += 1
                if nodes > MAX_SEQUENCE_SEARCH:
                    return None
                child = g.clone()
                child.play(m)
                here = key(child)
                if here[:2] == goal[:2] and all(not x[1] for x in here[2]):
                    return path + [m]
                if here not in seen:
                    seen.add(here)
                    nxt.append((child, path + [m]))
        frontier = nxt
    return None


def _park_and_return(game, src, dst, k, free, in_run):
    """The usual way first: park the run's top pieces, largest first, one to each empty pile,
    move the rest to the destination, then bring the pieces back in turn."""
    g = game.clone()
    cells = set(game.variant.numbering.cells)
    path, parked, left = [], [], k
    while True:
        moves = [m for m in g.legal_moves() if m.kind == "move" and m.sources[0] == src and in_run.issuperset(m.cards)]
        direct = [m for m in moves if m.dest == dst and len(m.cards) == left]
        if direct:
            path.append(direct[0])
            g.play(direct[0])
            break
        out = [m for m in moves if m.dest in free and not g.state.piles[m.dest] and len(m.cards) < left]
        if not out:
            return None
        m = max(out, key=lambda m: (len(m.cards), m.dest in cells))
        path.append(m)
        g.play(m)
        parked.append(m.dest)
        left -= len(m.cards)
    for p in reversed(parked):
        n = len(g.state.piles[p])
        back = [
            m for m in g.legal_moves() if m.kind == "move" and m.sources[0] == p and m.dest == dst and len(m.cards) == n
        ]
        if not back:
            return None
        path.append(back[0])
        g.play(back[0])
    return path


def v_rank(game, card) -> int:
    return game.variant.deck.rank_of[card]


def _why(game, fm) -> str:
    v, num = game.variant, game.variant.numbering
    src_ref = fm.readings[0][0] if fm.readings else None
    if src_ref is None:
        return "it names no pile"
    src = _pile(num, src_ref)
    if src is None:
        what = "column" if src_ref[0] == "col" else "free cell"
        have = len(num.columns) if src_ref[0] == "col" else len(num.cells)
        return f"no {what} {src_ref[1] + (1 if src_ref[0] == 'col' else 0)} ({v.id} has {have})"
    if not game.state.piles[src]:
        return f"{v.pile_name(src)} is empty"
    return f"the rules do not allow it here (from {v.pile_name(src)})"


def move_text(v, st, move, legal=None) -> str | None:
    """A move in fc-solve's standard notation (with v counts), or None if it has none.
    ``legal``: the position's legal moves (computed if not given), to tell when a move to
    a column needs its count (Yukon: several runs of the source may fit there)."""
    num = v.numbering
    if num is None or move.kind != "move":
        return None
    src, dst, n = move.sources[0], move.dest, len(move.cards)
    if src in num.columns:
        s = str(num.columns.index(src) + 1)
    elif src in num.cells:
        s = _cell_char(num.cells.index(src))
    else:
        return None
    if dst in num.foundations:
        if n > 1:
            return f"{num.columns.index(src)}h" if src in num.columns else None
        return s + "h"
    if dst in num.columns:
        d = str(num.columns.index(dst) + 1)
        if src in num.columns and _splits(s + d, len(num.columns)) > 1:
            return None  # "112" could be 11 to 2 or 1 to 12: no standard text
        if n > 1 and not st.piles[dst] or _count_needed(v, st, move, legal):
            return f"{s}{d}v{n:x}"
        return s + d
    if dst in num.cells:
        return s + _cell_char(num.cells.index(dst))
    return None


def _splits(digits: str, columns: int) -> int:
    """In how many ways the digits read as two column numbers (1..columns, no leading 0)."""
    n = 0
    for k in range(1, len(digits)):
        a, b = digits[:k], digits[k:]
        if a[0] != "0" and b[0] != "0" and 1 <= int(a) <= columns and 1 <= int(b) <= columns:
            n += 1
    return n


def _count_needed(v, st, move, legal) -> bool:
    """Does another legal move take a different number of cards between the same piles?
    Then standard notation without a count ("the cards that fit") would name the other."""
    if not st.piles[move.dest]:
        return False
    if legal is None:
        legal = generate(v, st, Env(st))
    return any(
        m.kind == "move" and m.sources == move.sources and m.dest == move.dest and len(m.cards) != len(move.cards)
        for m in legal
    )
