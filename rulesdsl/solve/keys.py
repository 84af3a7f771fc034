"""Canonical keys: one byte string per position, so that positions with the same future
meet in the table.

A key is joined from one piece per pile, kept up to date incrementally: after a move (or its
undo) only the piles its primitive operations touched are encoded again (read from the
game's packed op log, ``touched_piles``). Interchangeable piles are sorted before joining; what
may be merged is analysis.py's finding. The win finder's key (``BeamKeys``) is a hash of
the same pieces, each pile's hashed on its own.
"""

from __future__ import annotations

from array import array
from operator import itemgetter
from typing import Any

from ..core.kinds import AutoKind
from .analysis import Analysis, analyse


class Keyer:
    """The canonical key of the game's position, one byte string per pile kept up to date."""

    # False: the key joined by itemgetter and sorted() and child() encoding a sealed
    # destination (the first paths; tests/solve/test_key_paths.py compares the two)
    GENERATED = True

    def __init__(self, variant, state, analysis: Analysis, top_class=None, *, symmetry: bool = False, pile_key=None):
        self.st = state
        # pile_key: a derivation's own keying of some piles (stock_cycle.StockKey): called as
        # pile_key(state, p) for p in pile_key.piles, which are re-encoded together
        self.pile_key = pile_key
        self.hooked = frozenset(pile_key.piles) if pile_key is not None else frozenset()
        self.top_class = top_class or {}  # sealed pile -> card -> class of its top
        n = len(state.piles)
        self.wide = sum(len(p) for p in state.piles) > 250  # a length or id may not fit a byte
        grouped = {p for g in analysis.interchangeable for p in g}
        self.fixed = [p for p in range(n) if p not in grouped]
        self.groups = [list(g) for g in analysis.interchangeable]
        self.sealed = set(analysis.sealed) | self.hooked  # (the Scorer reads no piece of these)
        self.shrinking = set(analysis.shrinking)
        self.face: Any = None  # card id -> the id keyed (its first copy's), when copies are alike
        if analysis.faces:
            deck = variant.deck
            first: dict = {}
            face = [first.setdefault((deck.rank_of[c], deck.suit_of[c]), c) for c in range(deck.size)]
            if face != list(range(deck.size)):
                self.face = face
                if not self.wide:
                    self.face = bytes(face + list(range(len(face), 256)))
        # face-up cards under face-down ones (State.shown): every piece ends with its pile's
        # bits of them, in as many bytes as its size needs (so the pieces stay self-delimiting)
        self.mixed = bool(getattr(variant, "mixed_facing", False))
        # piles keyed by their cards as they lie (no face map, no special case): the fast path
        self.plain = [
            not self.wide and not self.mixed and self.face is None and p not in self.sealed and p not in self.shrinking
            for p in range(n)
        ]
        self.piece = [self._piece(p) for p in range(n)]
        # rules of play read points, last or streak: they are part of the position
        self.history = bool(getattr(variant, "history_in_play", ()))
        self.get_fixed = _getter(self.fixed)
        self.get_groups = [_getter(g) for g in self.groups]
        # suit symmetry (analysis.suit_symmetry): the key is the least over the renamings
        self.renames = self._renames(variant, analysis) if symmetry else []
        self._join = _joiner(self.get_fixed, self.get_groups)
        if self.GENERATED:  # the same bytes from generated code (see _generated_joiner)
            self._join = _generated_joiner(self.fixed, self.groups)
        # piles keyed by their size, face-down count and top alone (sealed, no class map of a
        # size or face-up bits): child() writes such a destination's piece from the moving
        # run's top without encoding the pile (see _sealed_piece)
        self.sealed_top = [
            not self.wide and not self.mixed and p in self.sealed and p not in self.shrinking and p not in self.hooked
            for p in range(n)
        ]
        self.joined = None  # key() as the join alone, where it is (child() calls it so)
        self.moved: Any = None  # moved_key's last move and child pieces: (s, d, n, piles, pieces)
        if not self.renames and not self.history:
            join, piece = self._join, self.piece
            self.joined = join
            self.key = lambda: join(piece)  # type: ignore[method-assign]  # the common case, one call

    def _renames(self, variant, analysis) -> list:
        """One translation of card ids per suit permutation the analysis proved, where the key
        can take one: it must tell apart every position, reachable or not (so no pile keyed by
        its size alone, no sink keyed by classes of its top), and card ids fit a byte."""
        if not analysis.suit_perms or self.wide or self.shrinking or self.top_class or self.history or self.hooked:
            return []
        deck = variant.deck
        first: dict = {}
        for c in range(deck.size):
            first.setdefault((deck.rank_of[c], deck.suit_of[c], 0 if self.face is not None else deck.copy_of[c]), c)
        out = []
        for perm in analysis.suit_perms:
            table = list(range(256))
            for c in range(deck.size):
                copy = 0 if self.face is not None else deck.copy_of[c]
                table[c] = first[(deck.rank_of[c], perm[deck.suit_of[c]], copy)]
            out.append(bytes(table))
        return out

    def _piece(self, p) -> bytes:
        if p in self.hooked:
            return self.pile_key(self.st, p)
        pile = self.st.piles[p]
        if self.plain[p]:
            return bytes((len(pile), self.st.down[p])) + bytes(pile)
        return self._encode(p, pile, self.st.down[p])

    def _encode(self, p, pile, down) -> bytes:
        """The piece of pile p if it held ``pile`` with ``down`` cards under its top run."""
        if self.mixed:
            bits = self.st.shown.get(p, 0) & ((1 << down) - 1)
            return self._encode_cards(p, pile, down) + bits.to_bytes((len(pile) + 7) // 8, "little")
        return self._encode_cards(p, pile, down)

    def _encode_cards(self, p, pile, down) -> bytes:
        if p in self.shrinking:
            if self.wide:
                return array("H", (len(pile), down)).tobytes()
            return bytes((len(pile), down))
        face = self.face
        if p in self.sealed and pile:
            cls = self.top_class.get(p)
            top = pile[-1] if face is None else face[pile[-1]]
            tops = [top] if cls is None else [cls[pile[-1]]]
            if self.wide:
                return array("H", [len(pile), down, 65535] + tops).tobytes()
            return bytes((len(pile), down, 255)) + bytes(tops)
        if self.wide:
            if face is not None:
                pile = [face[c] for c in pile]
            return array("H", [len(pile), down] + list(pile)).tobytes()
        if face is not None:
            return bytes((len(pile), down)) + bytes(pile).translate(face)
        return bytes((len(pile), down)) + bytes(pile)

    def child_key(self, s, d, n) -> bytes:
        """The key after moving the top n cards of pile s onto pile d, with nothing else
        changed (a card move with no follow-up), computed without playing it. Not for piles
        a pile_key keys (the search does not call it when there is one)."""
        return self.child(s, d, n)[0]

    def child(self, s, d, n) -> tuple:
        """child_key()'s key with the two pieces it gave piles s and d: (key, piece s,
        piece d), so that a search that then plays the move needs not encode them again."""
        piece = self.piece
        old_s, old_d = piece[s], piece[d]
        if self.plain[s] and self.plain[d]:
            # both pieces are (size, face-down count) and the cards as they lie, up to date:
            # the new ones are slices of the old ones behind a new head
            left = old_s[0] - n
            ds = old_s[1] if old_s[1] <= left else left
            head = _HEADS[left]
            ps = piece[s] = head[ds] + old_s[2 : 2 + left]
            pd = piece[d] = _HEADS[old_d[0] + n][old_d[1]] + old_d[2:] + old_s[2 + left :]
            out = self.key() if self.joined is None else self.joined(piece)
            piece[s], piece[d] = old_s, old_d
            return out, ps, pd
        piles, down = self.st.piles, self.st.down
        src, dst = piles[s], piles[d]
        if self.plain[s] and self.sealed_top[d] and self.GENERATED:  # (the common move to a foundation)
            left = old_s[0] - n
            ps = piece[s] = _HEADS[left][old_s[1] if old_s[1] <= left else left] + old_s[2 : 2 + left]
            pd = piece[d] = self._sealed_piece(d, len(dst) + n, down[d], old_s[-1])
            out = self.key() if self.joined is None else self.joined(piece)
            piece[s], piece[d] = old_s, old_d
            return out, ps, pd
        left = len(src) - n
        ds = down[s] if down[s] <= left else left
        if self.plain[s]:
            ps = piece[s] = bytes((left, ds)) + bytes(src[:left])
        else:
            ps = piece[s] = self._encode(s, src[:left], ds)
        if self.plain[d]:
            pd = piece[d] = bytes((len(dst) + n, down[d])) + bytes(dst) + bytes(src[left:])
        else:
            pd = piece[d] = self._encode(d, dst + src[left:], down[d])
        out = self.key()
        piece[s], piece[d] = old_s, old_d
        return out, ps, pd

    def moved_key(self, s, d, n, flips) -> bytes:
        """The key after moving the top n cards of pile s onto pile d where the follow-ups
        are flips with no condition on the piles ``flips`` (no covering pile, no face-up
        bits), from a settled position, computed without the game's apply. What the apply
        does (engine/moves.py): the transfer, s's face-down count cut to its size, then
        the follow-ups, of which only s's flip can act: every other pile was settled and
        only s and d changed, and d's top is a face-up card of the run. s flips when it
        holds cards all face down (flip_top turns its top up). A pile_key's piles (the
        stock's) and any pile not keyed plainly are encoded on the lists moved and put back.
        The child's pieces are kept in ``moved`` (with s, d and n), for update() should the
        move be played."""
        st = self.st
        src = st.piles[s]
        left = len(src) - n
        was = st.down[s]
        ds = was if was < left else left
        if ds == left and left and s in flips:
            ds = left - 1  # the flip of s's new top
        piece, plain = self.piece, self.plain
        old_s, old_d = piece[s], piece[d]
        if plain[s] and (plain[d] or self.sealed_top[d]):
            piece[s] = _HEADS[left][ds] + old_s[2 : 2 + left]
            if plain[d]:
                piece[d] = _HEADS[old_d[0] + n][old_d[1]] + old_d[2:] + old_s[2 + left :]
            else:  # a sealed destination's piece from the run's top (the last byte of s's)
                piece[d] = self._sealed_piece(d, len(st.piles[d]) + n, st.down[d], old_s[-1])
            out = self.key() if self.joined is None else self.joined(piece)
            self.moved = (s, d, n, (s, d), (piece[s], piece[d]))
            piece[s], piece[d] = old_s, old_d
            return out
        dst, down = st.piles[d], st.down
        dst.extend(src[-n:])
        del src[-n:]
        down[s] = ds
        piles = self._with_hooked((s, d))
        old = [piece[p] for p in piles]
        for p in piles:
            piece[p] = self._piece(p)
        out = self.key()
        self.moved = (s, d, n, piles, [piece[p] for p in piles])
        for p, o in zip(piles, old):
            piece[p] = o
        src.extend(dst[-n:])
        del dst[-n:]
        down[s] = was
        return out

    def _sealed_piece(self, p, size, down, top) -> bytes:
        """_encode_cards() of sealed pile p (sealed_top[p]) holding ``size`` cards, ``down``
        of them face down, whose top is card ``top``: the same bytes, read from the top alone
        (size >= 1)."""
        cls = self.top_class.get(p)
        if cls is not None:
            return bytes((size, down, 255, cls[top]))
        face = self.face
        return bytes((size, down, 255, top if face is None else face[top]))

    def touch(self, piles) -> None:
        if piles is None:
            piles = range(len(self.piece))
        elif self.hooked and not self.hooked.isdisjoint(piles):
            piles = self.hooked.union(piles)
        for p in piles:
            self.piece[p] = self._piece(p)

    def update(self, piles, known=None) -> list:
        """Encode the given piles again (None: all); the pieces they had, for restore().
        ``known``: pile -> its piece now, where moved_key gave it (the same bytes)."""
        piece, enc = self.piece, self._piece
        if piles is None:
            old = piece[:]
            piece[:] = [enc(p) for p in range(len(piece))]
            return old
        piles = self._with_hooked(piles)
        old = [piece[p] for p in piles]
        if known is None:
            for p in piles:
                piece[p] = enc(p)
        else:
            for p in piles:
                piece[p] = known[p] if p in known else enc(p)
        return old

    def restore(self, piles, old) -> None:
        """Put back the pieces update() replaced (the position is back where it was)."""
        piece = self.piece
        if piles is None:
            piece[:] = old
            return
        for p, o in zip(self._with_hooked(piles), old):
            piece[p] = o

    def _with_hooked(self, piles):
        """The piles, and all of a pile_key's piles when one of them is among them (they are
        keyed together); the same answer for update() and restore()."""
        if self.hooked and not self.hooked.isdisjoint(piles):
            return sorted(self.hooked.union(piles))
        return piles

    def key(self) -> bytes:
        return self._key_of(self.piece)

    def _key_of(self, piece) -> bytes:
        out = self._join(piece)
        for table in self.renames:  # the least key over the suits' renamings
            other = self._join([x[:2] + x[2:].translate(table) for x in piece])
            if other < out:
                out = other
        if self.history:  # the rules read the history: it is part of the position
            out += array("q", (self.st.points, self.st.last, self.st.streak)).tobytes()
        return out

    def full_key(self) -> bytes:
        """The same key computed from scratch (tests compare the two)."""
        return self._key_of([self._piece(p) for p in range(len(self.piece))])


# the two bytes heading a plain piece, by size and face-down count (both under 256: plain)
_HEADS = [[bytes((size, down)) for down in range(size + 1)] for size in range(256)]


def _joiner(get_fixed, get_groups):
    """piece list -> the key's bytes: the fixed piles' pieces, then each group's sorted."""
    join = b"".join
    if len(get_groups) == 1:
        (g1,) = get_groups
        return lambda piece: join(get_fixed(piece)) + join(sorted(g1(piece)))
    if len(get_groups) == 2:
        g1, g2 = get_groups
        return lambda piece: join(get_fixed(piece)) + join(sorted(g1(piece))) + join(sorted(g2(piece)))

    def joined(piece) -> bytes:
        out = join(get_fixed(piece))
        for get in get_groups:
            out += join(sorted(get(piece)))
        return out

    return joined


# The generated joiners made so far, by the layout of piles (the fixed piles and each group,
# as tuples): the code reads nothing else, so one made for an earlier search of any deal is
# the same function (a search built one per deal, compile() a third of its set-up).
_JOINERS: dict[tuple, Any] = {}


def _generated_joiner(fixed, groups):
    """_joiner()'s function as generated code for this layout of piles (made once per layout,
    see _JOINERS): each group's pieces taken by a slice where its piles are consecutive and
    sorted in place, the fixed piles' pieces by a slice or by index. The same bytes: the same
    pieces in the same order, and sorting a list in place orders it as sorted() does."""
    layout = (tuple(fixed), tuple(tuple(g) for g in groups))
    made = _JOINERS.get(layout)
    if made is None:
        made = _JOINERS[layout] = _make_joiner(fixed, groups)
    return made


def _make_joiner(fixed, groups):
    """The code of _generated_joiner, compiled."""

    def taken(piles) -> str:
        if piles and list(piles) == list(range(piles[0], piles[-1] + 1)):
            return f"piece[{piles[0]}:{piles[-1] + 1}]"
        return "[" + "".join(f"piece[{p}], " for p in piles) + "]"

    lines = ["def joined(piece):"]
    parts = [f"join({taken(fixed)})"] if fixed else []
    for i, g in enumerate(groups):
        lines += [f"    g{i} = {taken(g)}", f"    g{i}.sort()"]
        parts.append(f"join(g{i})")
    lines.append(f"    return {' + '.join(parts) or 'bytes()'}")
    space: dict = {"join": b"".join}
    exec(compile("\n".join(lines), "<rulesdsl generated key join>", "exec"), space)  # our own text: pile indices only
    return space["joined"]


def _getter(piles):
    """A function from the list of pieces to the tuple of the given piles' pieces."""
    if len(piles) > 1:
        return itemgetter(*piles)
    if len(piles) == 1:
        only = piles[0]
        return lambda piece: (piece[only],)
    return lambda piece: ()


def flip_piles(variant, keyer):
    """The piles the follow-ups flip, where Keyer.moved_key gives a card move's child key
    (the caller checks that the start is settled): every follow-up a flip with no condition,
    no covering pile, no face-up cards under face-down ones, no history read; else None."""
    if keyer.history or variant.records_history or getattr(variant, "mixed_facing", False):
        return None
    if any(variant.layout.covers) or any(a.kind != AutoKind.FLIP or a.when is not None for a in variant.autos):
        return None
    return frozenset(p for a in variant.autos for p in a.piles)


def touched_piles(game, start):
    """The piles the operations logged since ``start`` changed (None: cannot tell, all)."""
    ops = getattr(game, "_ops", None)
    if ops is None:
        return None
    out = set()
    for i in range(start, len(ops)):
        op = ops[i]
        kind = op & 3
        if kind == 0:  # a transfer: source and destination
            out.add(op >> 2 & 1023)
            out.add(op >> 12 & 1023)
        elif kind == 1:  # a flip, or a redeal's record of a pile (moves.SNAP)
            if op & 1 << 13 and not op & 1 << 12:  # a redeal (moves.REDEAL): cannot tell
                return None
            if not op & 1 << 12:
                out.add(op >> 2 & 1023)  # (a flip that joined face-up cards keeps their count above)
            elif not op & 1 << 13:
                out.add(op >> 14 & 1023)
    return out


class BeamKeys:
    """A position's key for the win finder, hashed: the piles of a group no rule tells apart
    sorted, and the copies of a card alike where no rule reads ``.copy`` (analysis.py, as
    the solver's keys merge them). A position merged with another is only not expanded
    twice; the line kept is the real one to the position kept. Each pile's piece is a hash
    (``piece``), so two piles whose pieces collide are taken as equal, as two positions whose
    keys collide already were: the finder says only won, with a line replayed move by move."""

    def __init__(self, variant, stock=None):
        a = analyse(variant)
        self.groups = [tuple(g) for g in a.interchangeable if len(g) > 1]
        grouped = {p for g in self.groups for p in g}
        self.fixed = _getter([p for p in range(variant.layout.size) if p not in grouped])
        self.grouped = [_getter(g) for g in self.groups]
        deck = variant.deck
        self.face = [deck.rank_of[c] * 64 + deck.suit_of[c] for c in range(deck.size)] if a.faces else None
        # the stock's piles keyed by the talon where the stock symmetry holds (beam._Stock.hook),
        # the counters then left out (as the search's table leaves them out)
        self.hook = stock.hook if stock is not None else None

    def pieces(self, st) -> list:
        """Per pile, its piece of the key (unsorted): a child's are its parent's but for the
        piles its move touched (``piece``), so a level does not rebuild every pile."""
        return [self.piece(st, p) for p in range(len(st.piles))]

    def piece(self, st, p) -> int:
        """Pile p's piece: the hash of what the key reads of it. Why a hash: a group's pieces
        are sorted and the key hashed for every child, and ints sort and hash at once where
        tuples are compared and hashed again card by card (House in the Wood: 35 columns)."""
        hook = self.hook
        if hook is not None and p in hook.piles:
            return hash((hook(st, p),))
        face = self.face
        pile = st.piles[p]
        return hash((tuple(pile) if face is None else tuple([face[c] for c in pile]), st.down[p]))

    def hashed(self, pieces, st) -> int:
        """The key's hash: the other piles' pieces in order, then each group's sorted (the
        same positions are equal as with the sorted pieces put back in their group's places,
        without a loop over the piles in Python)."""
        parts = (self.fixed(pieces), *[tuple(sorted(get(pieces))) for get in self.grouped])
        shown = tuple(sorted(st.shown.items())) if st.shown else ()
        used = () if self.hook is not None else tuple(st.used)
        return hash((parts, used, st.last, st.streak, shown, st.base_rank))

    def __call__(self, st) -> int:
        return self.hashed(self.pieces(st), st)
