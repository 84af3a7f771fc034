"""Positions as data: a JSON dict that round-trips, and a compact text form for people.

JSON (what a save holds)::

    {"format": "rulesdsl-position/1", "variant": "sakhmet", "options": {"level": "draw3"},
     "piles": {"tableau[0]": ["#9C", "8D", "7S"], "stock[0]": ["#2C", "#3D"]},
     "used": {"recycle": 1}, "points": 20}

Each pile lists its cards bottom first; a ``#`` before a card means it lies face down.
Face-down cards lie under the face-up ones, except in a variant whose deal lays face-down
cards on face-up ones (Martha: ``#9C 8D #7S 6H``).
With several decks, ``7D.1`` is the 7D of the second deck (``card.copy == 1``); a card
written without a copy takes the first copy not placed elsewhere.
Piles not listed are empty. What a player is shown masks face-down cards as ``##``.

Compact text (like chess's FEN; lines, or ``;`` between them)::

    tableau[0]: #9C 8D 7S
    tableau[1]: 9S
    stock[0]: *
    used: recycle=1
    points: 20
    base_rank: 7
    last: move tableau[0] tableau[1]
    streak: 2

``last`` and ``streak`` (the history, docs/expressions.md) appear only in the positions of a
variant whose rules read them: ``last: move SOURCE DEST``, ``last: remove RULE SOURCE DEST``
or ``last: action NAME``; in JSON ``{"kind": "move", "source": ..., "dest": ...}``, with
``"name"`` for a removal or an action.

``##`` stands for any card not placed elsewhere, face down (the lowest such card), and
``*`` for every card not placed elsewhere, face down, in deck order with the first on top.
A hand-made position need not hold the whole deck. ``base_rank`` is the rank the deal fixed
(a variant with a ``base_rank`` deal step); see ``_base_rank`` for when it may be left out.
"""

from __future__ import annotations

import json

from ..core.cards import DOWN, parse_rank, rank_text
from ..core.errors import CardTextError, PositionError, short
from ..core.limits import MAX_INT, MAX_INT_TEXT, MAX_STREAK
from ..core.limits import MAX_POSITION_TEXT as MAX_TEXT
from ..core.state import LAST_KINDS, State, last_dest, last_kind, last_number, last_source, pack_last
from . import fcs

FORMAT = "rulesdsl-position/1"


def parse_json(text: str):
    """``json.loads``, with a whole number longer than MAX_INT_TEXT characters refused
    (PositionError) before Python converts it: no 5,000-digit int, no "Exceeds the limit"."""
    return json.loads(text, parse_int=_json_int)


def _json_int(text: str) -> int:
    if len(text) > MAX_INT_TEXT:
        raise PositionError(
            f"the number {short(text, digits=12)} is outside the integer range -{MAX_INT:,}..{MAX_INT:,}"
        )
    return int(text)


def _whole(text: str, where: str) -> int | None:
    """A whole number of a compact position, or None when the text is not one; one longer
    than MAX_INT_TEXT characters is refused (PositionError) before Python converts it."""
    text = text.strip()
    if len(text) > MAX_INT_TEXT:
        if text.lstrip("+-").isdigit():
            raise PositionError(
                f"{where}: the number {short(text, digits=12)} is outside the integer range -{MAX_INT:,}..{MAX_INT:,}"
            )
        return None
    try:
        return int(text)
    except ValueError:
        return None


def to_dict(v, st: State, *, reveal: bool = True) -> dict:
    piles = {}
    for p, pile in enumerate(st.piles):
        if not pile:
            continue
        cards = []
        for i, c in enumerate(pile):
            if st.is_down(p, i):
                cards.append("#" + v.deck.text(c, copy=True) if reveal else DOWN)
            else:
                cards.append(v.deck.text(c, copy=True))
        piles[v.layout.pile_names[p]] = cards
    out = {
        "format": FORMAT,
        "variant": v.id,
        "options": dict(v.options),
        "piles": piles,
        "used": {a.name: st.used[i] for i, a in enumerate(v.actions) if st.used[i]},
        "points": st.points,
    }
    if st.last:
        out["last"] = _last_dict(v, st.last)
    if st.streak:
        out["streak"] = st.streak
    if st.base_rank is not None:
        out["base_rank"] = rank_text(st.base_rank)
    return out


def _last_dict(v, x: int) -> dict:
    kind = last_kind(x)
    if kind == "action":
        return {"kind": kind, "name": v.actions[last_number(x)].name}
    out: dict = {"kind": kind}
    if kind == "remove":
        out["name"] = v.removals[last_number(x)].name
    src, dst = last_source(x), last_dest(x)
    out["source"] = None if src is None else v.layout.pile_names[src]
    out["dest"] = None if dst is None else v.layout.pile_names[dst]
    return out


def _last_text(v, x: int) -> str:
    d = _last_dict(v, x)
    return " ".join(str(d[k]) for k in ("kind", "name", "source", "dest") if k in d)


def _history(v, last, streak) -> tuple[int, int]:
    """The packed last move and the streak of a position, checked against the variant."""
    if last is None and not streak:
        return 0, 0
    if not v.records_history:
        raise PositionError(
            f"'last' and 'streak': the rules of {v.id} never read the moves played, so its positions do not hold them"
        )
    if isinstance(streak, bool) or not isinstance(streak, int) or not 0 <= streak <= MAX_STREAK:
        raise PositionError(f"'streak' must be a whole number from 0 to {MAX_STREAK:,}")
    if last is None:
        if streak:
            raise PositionError("'streak' counts moves of the last move's kind: give 'last' too")
        return 0, 0
    if not isinstance(last, dict):
        raise PositionError("'last' must be an object with 'kind' (and 'name', 'source', 'dest')")
    kind = last.get("kind")
    if kind not in LAST_KINDS:
        raise PositionError(f"last: 'kind' must be one of {', '.join(LAST_KINDS)}, not {short(kind)!r}")
    name = last.get("name")
    if kind == "action":
        if name not in v.action_index:
            raise PositionError(f"last: no action {short(name)!r} (actions: {', '.join(v.action_index) or 'none'})")
        i = v.action_index[name]
        a = v.actions[i]
        packed = pack_last(3, a.source, a.targets[0] if a.targets else None, i)
    else:
        number = 0
        if kind == "remove":
            if name not in v.removal_number:
                names = ", ".join(v.removal_number) or "none"
                raise PositionError(f"last: no removal {short(name)!r} (removals: {names})")
            number = v.removal_number[name]
        ends = []
        for key in ("source", "dest"):
            pile = last.get(key)
            p = v.layout.pile(pile) if isinstance(pile, str) else None
            if p is None:
                raise PositionError(f"last: {key} must name a pile of {v.id}, not {short(pile)!r}")
            ends.append(p)
        packed = pack_last(1 if kind == "move" else 2, ends[0], ends[1], number)
    return packed, max(streak, 1)


def check_variant(v, data) -> None:
    """A position or save that names its variant must name this one."""
    named = data.get("variant")
    if named is not None and named != v.id:
        shown = named if isinstance(named, str) and len(named) <= 60 else f"{str(named)[:60]}..."
        raise PositionError(f"this position is for '{shown}', not '{v.id}', the variant asked for")


def from_dict(v, data) -> State:
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object with 'piles'")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionError(f"unknown position format {short(fmt)!r} (expected {FORMAT!r})")
    check_variant(v, data)
    piles = data.get("piles")
    if not isinstance(piles, dict):
        raise PositionError("'piles' must be an object mapping pile names to card lists")
    lines = []
    for name, cards in piles.items():
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise PositionError(f"pile '{short(name)}' must be a list of card texts")
        lines.append((f"piles.{name}", name, cards))
    used = data.get("used", {})
    points = data.get("points", 0)
    if not isinstance(used, dict) or not all(isinstance(x, int) and not isinstance(x, bool) for x in used.values()):
        raise PositionError("'used' must map action names to whole numbers")
    if not isinstance(points, int) or isinstance(points, bool):
        raise PositionError("'points' must be a whole number")
    base = data.get("base_rank")
    if base is not None and not isinstance(base, str):
        raise PositionError('\'base_rank\' must be a rank as text, like "7" or "Q"')
    history = _history(v, data.get("last"), data.get("streak", 0))
    return _build(v, lines, used, points, history, base)


def _base_rank(v, st: State, text: str | None, where: str) -> int | None:
    """The base rank of a position: as given; or, when not given, the bottom card's rank of
    the pile the deal reads it from (the first of its piles that holds a card), when cards
    can never leave that pile (lift: none), so that its bottom card is still the base card;
    else the position is refused."""
    if text is None:
        if v.base_pile is None:
            return None
        base = next((p for p in v.base_piles if st.piles[p]), v.base_pile)
        pile = st.piles[base]
        name = v.layout.pile_names[base]
        if pile and v.rules[base].lift == "none":
            return v.deck.rank_of[pile[0]]
        raise PositionError(
            f"this position gives no base_rank, and {v.id} fixes one at the deal "
            f"(the rank of {name}'s first card, which "
            + ("is empty here" if not pile else "may have moved since")
            + '): add \'base_rank: 7\' (or "base_rank": "7" in JSON)'
        )
    if v.base_pile is None and v.base_live:
        raise PositionError(
            f"{where}: {v.id}'s base rank is fixed by play (the first card played to "
            f"{v.layout.group_of[v.base_live[0]]}): the piles say it, so a position gives no base_rank"
        )
    if v.base_pile is None:
        raise PositionError(f"{where}: {v.id} fixes no base rank at the deal (no base_rank deal step)")
    rank = parse_rank(text.strip())
    if rank is None or rank not in v.deck.ranks:
        raise PositionError(
            f"{where}: {short(text)!r} is not a rank of this deck "
            f"(expected one of {' '.join(rank_text(r) for r in v.deck.ranks)})"
        )
    return rank


def _build(v, lines, used, points, history=(0, 0), base=None, base_where="base_rank") -> State:
    """The position the lines describe ((where, pile name, card texts) each), with the action
    counters, points and history given; PositionError naming the line for what cannot be."""
    st = State.empty(v)
    placed, rest_pile = _placed(v, st, lines)
    ids, free = _card_ids(v, placed)
    facing: dict = {}  # pile -> each card face down?
    for k, (p, _face, down) in enumerate(placed):
        st.piles[p].append(ids[k])
        facing.setdefault(p, []).append(down)
    for p, flags in facing.items():
        st.set_facing(p, flags)
    if rest_pile is not None:
        if not all(facing.get(rest_pile, ())):
            raise PositionError(
                f"{v.layout.pile_names[rest_pile]}: '*' (the rest of the deck, face down) cannot lie on face-up cards"
            )
        st.piles[rest_pile].extend(reversed(free))
        st.down[rest_pile] = len(st.piles[rest_pile])
    for name, count in used.items():
        if name not in v.action_index:
            raise PositionError(f"used: no action '{name}' (actions: {', '.join(v.action_index) or 'none'})")
        if count < 0:
            raise PositionError(f"used: {name} cannot be negative")
        st.used[v.action_index[name]] = count
    st.points = points
    st.last, st.streak = history
    st.base_rank = _base_rank(v, st, base, base_where)
    return st


def _placed(v, st: State, lines) -> tuple[list, int | None]:
    """The cards each line names, read in order: (pile, face or None for '##', face down?)
    each, and the pile that takes the rest of the deck ('*'), or None."""
    deck = v.deck
    rest_pile = None
    placed: list = []  # (pile, face or None, down)
    for where, name, cards in lines:
        p = v.layout.pile(name)
        if p is None:
            raise PositionError(
                f"{short(where)}: no pile '{short(name)}' in {v.id} (groups: {short(', '.join(v.layout.groups), 180)})"
            )
        if st.piles[p] or any(q == p for q, *_ in placed):
            raise PositionError(f"{short(where)}: pile '{short(name)}' is given twice")
        seen_up = False
        for i, text in enumerate(cards):
            t = text.strip()
            if t == "*":
                if i != len(cards) - 1 or rest_pile is not None:
                    raise PositionError(f"{where}: '*' (the rest of the deck) must end a pile, once")
                rest_pile = p
                continue
            down = t.startswith("#")
            if down and seen_up and not v.mixed_facing:
                raise PositionError(
                    f"{where}: face-down card {t} lies on a face-up card (face-down cards go at "
                    f"the bottom: {v.id}'s deal never lays face-down cards on face-up ones)"
                )
            seen_up = seen_up or not down
            if t == DOWN:
                placed.append((p, None, True))
                continue
            face = t[1:] if down else t
            if not face or face.startswith("#"):
                raise PositionError(
                    f"{where}: card {i + 1}: {t!r} is not a card (write 8D, #8D face down, "
                    f"or ## for any card face down)"
                )
            try:
                placed.append((p, deck.parse_card(face), down))
            except CardTextError as exc:
                raise PositionError(f"{where}: card {i + 1}: {exc}") from None
    return placed, rest_pile


def _card_ids(v, placed: list) -> tuple[dict, list]:
    """A card id for each placed card (its index in ``placed`` -> id), and the ids left over.
    Cards of a given copy first, then other named cards, then placeholders."""
    deck = v.deck
    free = list(range(deck.size))
    free_set = set(free)
    ids: dict = {}
    for k, (p, face, _down) in enumerate(placed):
        if face is None or face[2] is None:
            continue
        cid = deck.copies(face[0], face[1])[face[2]]
        if cid not in free_set:
            raise PositionError(f"{v.layout.pile_names[p]}: {deck.text(cid, copy=True)} is placed twice")
        free_set.discard(cid)
        ids[k] = cid
    for k, (p, face, _down) in enumerate(placed):
        if face is None or face[2] is not None:
            continue
        for cid in deck.copies(face[0], face[1]):
            if cid in free_set:
                free_set.discard(cid)
                ids[k] = cid
                break
        else:
            raise PositionError(
                f"{v.layout.pile_names[p]}: {deck.text(deck.copies(face[0], face[1])[0])} "
                f"appears more often than the deck holds it ({deck.decks})"
            )
    free = [c for c in free if c in free_set]
    for k, (p, face, _down) in enumerate(placed):
        if face is None:
            if not free:
                raise PositionError(f"{v.layout.pile_names[p]}: '##' but every card is already placed")
            ids[k] = free.pop(0)
    return ids, free


def to_text(v, st: State) -> str:
    d = to_dict(v, st)
    lines = [f"{name}: {' '.join(cards)}" for name, cards in d["piles"].items()]
    if d["used"]:
        lines.append("used: " + " ".join(f"{k}={n}" for k, n in d["used"].items()))
    if d["points"]:
        lines.append(f"points: {d['points']}")
    if st.last:
        lines.append(f"last: {_last_text(v, st.last)}")
    if st.streak:
        lines.append(f"streak: {st.streak}")
    if "base_rank" in d:
        lines.append(f"base_rank: {d['base_rank']}")
    return "\n".join(lines) + "\n"


def from_text(v, text: str) -> State:
    if len(text) > MAX_TEXT:
        raise PositionError("position text too long")
    lines, used, points = [], {}, 0
    last: dict | None = None
    streak = 0
    base, base_where = None, "base_rank"
    raw = [seg for line in text.splitlines() for seg in line.split(";")]
    for n, line in enumerate(raw, 1):
        line = line.split("//")[0].strip()
        if not line or line.partition(":")[0].strip() == "variant":
            continue
        if ":" not in line:
            raise PositionError(
                f"line {n}: expected 'pile: cards', 'used: name=N', 'points: N' or 'base_rank: R', got {line!r}"
            )
        key, _, rest = line.partition(":")
        key = key.strip()
        if key == "used":
            for item in rest.split():
                name, _, count = item.partition("=")
                value = _whole(count, f"line {n}: used: {short(name)}")
                if value is None:
                    raise PositionError(f"line {n}: used: expected name=N, got {short(item)!r}")
                used[name] = value
        elif key == "base_rank":
            base, base_where = rest.strip(), f"line {n}: base_rank"
        elif key == "points":
            number = _whole(rest, f"line {n}: points")
            if number is None:
                raise PositionError(f"line {n}: points: expected a whole number, got {short(rest.strip())!r}")
            points = number
        elif key == "streak":
            number = _whole(rest, f"line {n}: streak")
            if number is None:
                raise PositionError(f"line {n}: streak: expected a whole number, got {short(rest.strip())!r}")
            streak = number
        elif key == "last":
            words = rest.split()
            shapes = {"move": ("source", "dest"), "remove": ("name", "source", "dest"), "action": ("name",)}
            if not words or words[0] not in shapes or len(words) != 1 + len(shapes[words[0]]):
                raise PositionError(
                    f"line {n}: last: expected 'move SOURCE DEST', 'remove RULE SOURCE DEST' or 'action NAME', "
                    f"got {short(rest.strip())!r}"
                )
            last = {"kind": words[0], **dict(zip(shapes[words[0]], words[1:], strict=True))}
        else:
            lines.append((f"line {n}", key, rest.split()))
    return _build(v, lines, used, points, _history(v, last, streak), base, base_where)


def build(v, lines) -> State:
    """A position from (where, pile name, card texts) lines, as compact text gives them."""
    return _build(v, lines, {}, 0)


def load_position(v, text: str) -> State:
    """A position from JSON, compact text or an fc-solve board (docs/interop.md), told
    apart by their first characters and lines."""
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        try:
            data = parse_json(text)
        except json.JSONDecodeError as exc:
            raise PositionError(f"bad JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
        except RecursionError:
            raise PositionError("bad JSON: nested too deeply") from None
        return from_dict(v, data)
    if v.numbering is not None:
        if fcs.looks_like_board(text):
            return build(v, fcs.board_lines(v, fcs.parse_board(text)))
    return from_text(v, text)
