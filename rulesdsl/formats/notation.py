"""Move text, both ways. ``parse(variant, str(move))`` names the same move.

    8D@tableau[0]>tableau[3]        a run whose bottom card is 8D, from one pile to another
    remove 9C@pyramid[21] 4D@pyramid[22]
                                    a removal of free cards
    draw                            an action, by its declared name

Cards are rank then suit letter (``T`` for ten; ``10D`` is read too). With several decks,
a run lifted from a ``lift: run`` pile is named by its bottom card with its copy, ``7D.1``
(as in positions), since two 7D may lie in one such pile; ``7D`` typed for ``7D.1`` is read
when nothing else fits (when two copies fit, the text is ambiguous: AmbiguousMoveError).
Elsewhere the pile tells copies apart. Piles are ``group[i]`` counted from 0. Case and spaces
around the punctuation do not matter.
"""

from __future__ import annotations

import re

from ..core.errors import CardTextError, InvalidMoveError, short

_PART = re.compile(r"^\s*([0-9A-Za-z]{2,3}(?:\.\d{1,2})?)\s*@\s*([A-Za-z_][A-Za-z_0-9]*\s*\[\s*\d+\s*\])\s*$")


def _copy_named(v, src: int) -> bool:
    """Does move text name the copy of a card moved from this pile? Only when two copies
    of a card may lie within reach in it: several decks and lift: run."""
    return v.deck.decks > 1 and v.rules[src].lift == "run"


def move_text(v, move, copy: bool = False) -> str:
    """The text of a move; with copy, every card's copy is shown, where the text would not
    need it (to tell apart the moves an ambiguous text names)."""
    if move.kind == "action":
        return move.name
    names = v.layout.pile_names
    if move.kind == "remove":
        return "remove " + " ".join(f"{v.deck.text(c, copy)}@{names[p]}" for p, c in zip(move.sources, move.cards))
    c, src = move.cards[0], move.sources[0]
    return f"{v.deck.text(c, copy=copy or _copy_named(v, src))}@{names[src]}>{names[move.dest]}"


def move_spec(v, move) -> tuple:
    """What the text of a move pins down: kind, piles, card faces (with the copy where the
    text names it, else None), name."""
    faces = tuple((v.deck.rank_of[c], v.deck.suit_of[c], None) for c in move.cards)
    if move.kind == "move":
        c = move.cards[0]
        copy = v.deck.copy_of[c] if _copy_named(v, move.sources[0]) else None
        return ("move", move.sources, move.dest, (faces[0][:2] + (copy,),), None)
    if move.kind == "remove":
        return ("remove", tuple(sorted(zip(move.sources, faces))), None, (), None)
    return ("action", (), None, (), move.name)


def _pile(v, text: str) -> int:
    p = v.layout.pile(text, any_case=True)
    if p is not None:
        return p
    raise InvalidMoveError(
        f"no pile '{short(text.strip())}' (piles are written like "
        f"{v.layout.pile_names[0]}; groups: {short(', '.join(v.layout.groups), 180)})"
    )


def _part(v, text: str):
    m = _PART.match(text)
    if not m:
        raise InvalidMoveError(f"'{short(text.strip())}' is not CARD@PILE (like 8D@tableau[0])")
    try:
        rank, suit, copy = v.deck.parse_card(m.group(1))
    except CardTextError as exc:
        raise InvalidMoveError(str(exc)) from None
    return _pile(v, m.group(2)), (rank, suit, copy or 0)  # the copy is dropped unless it is named


def loose(spec) -> tuple:
    """A spec without the copies of its cards: what a player typing 7D for 7D.1 means."""
    kind, sources, dest, faces, name = spec
    if kind == "remove":
        sources = tuple((p, f[:2]) for p, f in sources)
    return kind, sources, dest, tuple(f[:2] for f in faces), name


def parse_spec(v, text: str) -> tuple:
    """Read move text into the spec that ``move_spec`` gives; raise InvalidMoveError on bad text."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidMoveError("empty move")
    t = text.strip()
    if len(t) > 500:
        raise InvalidMoveError("move text too long")
    action_names = [a.name for a in v.actions]
    if t.lower() in (a.lower() for a in action_names):
        return ("action", (), None, (), next(a for a in action_names if a.lower() == t.lower()))
    if t.lower().startswith("remove"):
        parts = re.sub(r"\s*([@\[])\s*|\s*(\])", r"\1\2", t[6:]).split()
        if not parts:
            where = v.layout.pile_names[v.removals[0].sources[0]] if v.removals else v.layout.pile_names[0]
            raise InvalidMoveError(
                f"remove needs the cards, like: remove KH@{where}"
                + ("" if v.removals else " (this game has no removal moves)")
            )
        got = [(p, face[:2] + (None,)) for p, face in (_part(v, x) for x in parts)]
        return ("remove", tuple(sorted(got)), None, (), None)
    if ">" in t:
        left, right = t.split(">", 1)
        src, face = _part(v, left)
        if not _copy_named(v, src):
            face = face[:2] + (None,)
        return ("move", (src,), _pile(v, right), (face,), None)
    raise InvalidMoveError(
        f"cannot read move '{short(t)}': expected CARD@PILE>PILE (like 8D@tableau[0]>tableau[3]), "
        f"'remove CARD@PILE ...', or an action ({short(', '.join(action_names), 180) or 'none'})"
    )


def move_json(v, move) -> dict:
    names = v.layout.pile_names
    out = {"kind": move.kind, "notation": move_text(v, move)}
    if move.kind == "action":
        a = v.actions[v.action_index[move.name]]
        out.update(name=move.name, source=names[a.source], dest=[names[t] for t in a.targets], cards=[])
    elif move.kind == "remove":
        out.update(
            name=move.name,
            source=[names[p] for p in move.sources],
            dest=names[move.dest],
            cards=[v.deck.text(c) for c in move.cards],
        )
    else:
        out.update(source=names[move.sources[0]], dest=names[move.dest], cards=[v.deck.text(c) for c in move.cards])
    return out
