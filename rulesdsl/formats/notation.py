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

A player may type less (``parse`` gives a Pattern; Game.resolve picks the legal move):

    t0>t6     7D>t6     7D@t0     7D     k♠     t0>f     9C 4D

piles by the runner's short names (Layout.short_names: ``t0`` is ``tableau[0]``) or a
group alone (``f``: any foundation pile), the card or the piles left out, the suit as the
board's symbol. docs/positions.md says how the move is chosen when several fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from ..core.cards import rank_text
from ..core.errors import CardTextError, InvalidMoveError, short, suggest


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


def _example_pile(v) -> str:
    """A pile of this variant to show in messages: one that gives cards, else the first."""
    return v.layout.pile_names[v.sources[0] if v.sources else 0]


def example_card(v) -> str:
    """A card of this variant's deck to show in messages (8D in a standard deck)."""
    d = v.deck
    rank = 8 if 8 in d.ranks else d.ranks[len(d.ranks) // 2]
    return rank_text(rank) + d.suits[min(2, len(d.suits) - 1)].letter


def example_move(v) -> str:
    """A card move written with this variant's own piles (8D@tableau[0]>tableau[3]): between
    two piles of one group when a group gives and takes, else between any two; '' when no
    pile gives cards that another takes."""
    lay = v.layout
    takers = [p for p in range(lay.size) if v.rules[p].takes]
    wide = sorted(v.sources, key=lambda s: -lay.groups[lay.group_of[s]].count)  # tableau before waste
    for same in (True, False):
        for s in wide:
            d = next((p for p in takers if p != s and (lay.group_of[p] == lay.group_of[s]) == same), None)
            if d is not None:
                return f"{example_card(v)}@{v.pile_name(s)}>{v.pile_name(d)}"
    return ""


def _piles(v, text: str) -> tuple:
    """The piles a typed pile names (Layout.typed), or InvalidMoveError saying why none."""
    found = v.layout.typed(text)
    if found:
        return found
    t = "".join(text.split())
    lay = v.layout
    g = lay.group_named(t.split("[")[0].rstrip("0123456789"))
    if g is not None and not lay.groups[g].count:
        raise InvalidMoveError(f"no pile '{short(t)}': {g} has no piles in this game")
    if g is not None:
        grp = lay.groups[g]
        last = grp.start + grp.count - 1
        raise InvalidMoveError(
            f"no pile '{short(t)}': {g} has {grp.count} pile(s), {lay.name(grp.start)} to {lay.name(last)}"
            f" ({lay.short_name(grp.start)} to {lay.short_name(last)})"
        )
    guess = suggest(t.split("[")[0], list(lay.groups) + list(lay.short_names.values()))
    ex = _example_pile(v)
    raise InvalidMoveError(
        f"no pile '{short(t)}' (piles are written like {ex} or {lay.short_name(lay.pile(ex) or 0)}; "
        f"groups: {short(', '.join(lay.groups), 180)})" + (f"; did you mean {guess}?" if guess else "")
    )


def _pile(v, text: str) -> int:
    """One pile, as the full notation names it."""
    found = _piles(v, text)
    if len(found) != 1:
        raise InvalidMoveError(f"'{short(text.strip())}' names a group of {len(found)} piles here, not one pile")
    return found[0]


def _card(v, text: str) -> tuple:
    """(rank, suit, copy or None) of typed card text; CardTextError if it is none."""
    return v.deck.parse_card(text.strip())


def loose(spec) -> tuple:
    """A spec without the copies of its cards: what a player typing 7D for 7D.1 means."""
    kind, sources, dest, faces, name = spec
    if kind == "remove":
        sources = tuple((p, f[:2]) for p, f in sources)
    return kind, sources, dest, tuple(f[:2] for f in faces), name


def parse_spec(v, text: str) -> tuple:
    """Read the full notation (CARD@PILE>PILE, remove CARD@PILE ..., an action) into the spec
    that ``move_spec`` gives; raise InvalidMoveError on other text. Game.parse_move reads the
    short forms too (parse)."""
    pat = parse(v, text)
    if pat.kind == "action":
        return ("action", (), None, (), pat.name)
    if pat.kind == "remove" and all(f is not None and ps is not None and len(ps) == 1 for f, ps in pat.parts):
        return ("remove", tuple(sorted((ps[0], f[:2] + (None,)) for f, ps in pat.parts)), None, (), None)
    if pat.kind == "move" and pat.explicit:
        face, src = pat.parts[0][0], pat.parts[0][1][0]
        face = face if _copy_named(v, src) else face[:2] + (None,)
        if face[2] is None and _copy_named(v, src):
            face = face[:2] + (0,)
        return ("move", (src,), (pat.dest or (None,))[0], (face,), None)
    raise InvalidMoveError(f"'{short(text.strip())}' is not written in full (like {example_move(v) or 'an action'})")


@dataclass(frozen=True)
class Pattern:
    """What a piece of move text asks for. What it leaves out (None) the legal moves fill in:
    the card of ``t0>t6``, the piles of ``7D``, the pile of a group (``f``)."""

    kind: str  # "move", "remove", "action", or "cards": card(s) alone, moved or removed
    parts: tuple = ()  # ((face or None, piles or None), ...): a card and the piles it may be on
    dest: tuple | None = None  # the piles it may go to (None: any)
    name: str | None = None  # an action's name
    text: str = ""

    @property
    def explicit(self) -> bool:
        """Written in full: one card, one source pile, one destination (or an action, or a
        removal naming each card's pile)."""
        if self.kind == "action":
            return True
        if self.kind == "remove":
            return all(f is not None and ps is not None and len(ps) == 1 for f, ps in self.parts)
        if self.kind != "move":
            return False
        face, ps = self.parts[0]
        return face is not None and ps is not None and len(ps) == 1 and self.dest is not None and len(self.dest) == 1


def _face_ok(v, face, c, src, strict: bool) -> bool:
    d = v.deck
    if d.rank_of[c] != face[0] or d.suit_of[c] != face[1]:
        return False
    if face[2] is not None:
        return d.copy_of[c] == face[2]
    return not strict or not _copy_named(v, src) or d.copy_of[c] == 0


def matches(v, pat: Pattern, m, strict: bool = True) -> bool:
    """Does the legal move m fit the pattern? strict: a card typed without its copy, from a
    pile where copies are named, is the first deck's (the loose reading takes any copy)."""
    if pat.kind == "action":
        return m.kind == "action" and m.name == pat.name
    if m.kind == "action":
        return False
    if pat.kind == "move" or (pat.kind == "cards" and len(pat.parts) == 1 and m.kind == "move"):
        if m.kind != "move":
            return False
        face, ps = pat.parts[0]
        src = m.sources[0]
        if ps is not None and src not in ps or pat.dest is not None and m.dest not in pat.dest:
            return False
        return face is None or _face_ok(v, face, m.cards[0], src, strict)
    if m.kind != "remove" or pat.kind == "remove" and len(pat.parts) != len(m.cards):
        return False
    pairs = list(zip(m.sources, m.cards))
    return any(
        all(
            (ps is None or p in ps) and _face_ok(v, face, c, p, strict) for (face, ps), (p, c) in zip(pat.parts, chosen)
        )
        for chosen in permutations(pairs, len(pat.parts))
    )


def _action(v, t: str) -> str | None:
    low = t.lower()
    return next((a.name for a in v.actions if a.name.lower() == low), None)


def _is_card(v, text: str) -> bool:
    try:
        _card(v, text)
    except CardTextError:
        return False
    return True


def _cards_part(v, text: str):
    """CARD or CARD@PILE -> (face, piles or None)."""
    card, at, where = text.partition("@")
    try:
        face = _card(v, card)
    except CardTextError as exc:
        raise InvalidMoveError(str(exc)) from None
    return face, (_piles(v, where) if at else None)


def _unreadable(v, t: str) -> InvalidMoveError:
    """Why text is not a move, with examples in the variant's own names and a guess."""
    actions = [a.name for a in v.actions]
    forms = []
    ex = example_move(v)
    if ex:
        src, dst = ex.split("@")[1].split(">")
        lay = v.layout
        s, d = lay.short_name(lay.pile(src) or 0), lay.short_name(lay.pile(dst) or 0)
        forms.append(f"CARD@PILE>PILE (like {ex}, or {ex.split('@')[0]}@{s}>{d}, {s}>{d}, {ex.split('@')[0]})")
    if v.removals:
        card = example_card(v)
        where = v.pile_name(v.removals[0].sources[0]) if v.removals[0].sources else _example_pile(v)
        forms.append(f"CARD or 'remove CARD@PILE ...' (like {card} or remove {card}@{where})")
    if actions or not forms:
        forms.append(f"an action ({short(', '.join(actions), 180) or 'this game has none'})")
    word = t.split()[0] if t.split() else t
    guess = suggest(word.lower(), actions + list(v.layout.groups) + (["remove"] if v.removals else []))
    return InvalidMoveError(
        f"cannot read move '{short(t)}': expected {', '.join(forms[:-1])}{' or ' if len(forms) > 1 else ''}{forms[-1]}"
        + (f"; did you mean {guess}?" if guess else "")
    )


def parse(v, text: str) -> Pattern:
    """Read move text, in full or short, into a Pattern; raise InvalidMoveError on bad text.

    In full: CARD@PILE>PILE, remove CARD@PILE ..., an action's name. Short: the piles as the
    runner's legend writes them (t0 for tableau[0]) or a group (f: any foundation); SOURCE>DEST
    without the card; CARD>DEST; CARD@SOURCE; a card alone (7D, k\u2660); a pile alone (w: a
    move from it); cards alone for a removal (9C 4D)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidMoveError("empty move")
    t = text.strip()
    if len(t) > 500:
        raise InvalidMoveError("move text too long")
    name = _action(v, t)
    if name is not None:
        return Pattern("action", name=name, text=t)
    t = re.sub(r"\s*([@\[>])\s*|\s*(\])", r"\1\2", t)  # no spaces round the punctuation
    if t.lower() == "remove" or t.lower().startswith("remove "):
        parts = t[6:].split()
        if not parts:
            where = v.layout.pile_names[v.removals[0].sources[0]] if v.removals else _example_pile(v)
            raise InvalidMoveError(
                f"remove needs the cards, like: remove {example_card(v)}@{where}"
                + ("" if v.removals else " (this game has no removal moves)")
            )
        return Pattern("remove", tuple(_cards_part(v, x) for x in parts), text=t)
    if ">" in t:
        left, right = t.split(">", 1)
        dest = _piles(v, right)
        if "@" in left:
            return Pattern("move", (_cards_part(v, left),), dest, text=t)
        try:
            return Pattern("move", ((_card(v, left), None),), dest, text=t)
        except CardTextError:
            pass
        found = v.layout.typed(left)
        if found:
            return Pattern("move", ((None, found),), dest, text=t)
        if v.layout.group_named(left.split("[")[0].rstrip("0123456789")) is not None:
            _piles(v, left)  # a pile of a known group past its end: say so
        raise InvalidMoveError(
            f"'{short(left)}' is neither a card nor a pile (before '>' comes CARD@PILE, a card or a pile)"
        )
    if " " not in t and "@" not in t and not _is_card(v, t):
        found = v.layout.typed(t)
        if found:  # a pile alone: a move from it
            return Pattern("move", ((None, found),), None, text=t)
        if re.fullmatch(r"[A-Za-z_]+(\d+|\[\d+\])", t) and v.layout.group_named(re.split(r"[\d\[]", t)[0]):
            _piles(v, t)  # t9 of a game with seven: a pile of a known group past its end
    try:
        cards = tuple(_cards_part(v, w) for w in t.split())
    except InvalidMoveError as exc:
        if "@" in t:
            raise exc from None
        raise _unreadable(v, text.strip()) from None
    return Pattern("cards", cards, text=t)


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
