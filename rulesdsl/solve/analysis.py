"""What the rules let the solver merge: which pile groups no rule can tell apart, whether
any rule reads action counters, which piles only their size and top matter for.

The answers come from the rules' text as the loader kept it (``Variant.rules_text``), read
once per variant before a search; the keys (keys.py) and the table (table.py) use them.
Everything here is sound, not complete: what it cannot see through counts against merging.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ..core.kinds import ActionKind


@dataclass(frozen=True)
class Analysis:
    interchangeable: tuple  # tuples of pile indices whose order does not matter
    reads_used: bool  # some expression calls used(): counters go in the key as is
    limited: tuple  # indices of actions with a limit
    sealed: tuple = ()  # piles of which only size, top and face-down count matter
    faces: bool = False  # copies of a card (several decks) are keyed alike: no rule reads .copy
    shrinking: tuple = ()  # piles no move, action or automatic move ever puts a card on
    suit_perms: tuple = ()  # permutations of the suits no rule tells apart (identity left out)


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PILE_ATTR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)?\s*\.\s*(index|prev|next|at)\b")
_USED = re.compile(r"\bused\s*\(")
_DEEP = re.compile(r"\.\s*(cards|bottom)\b|\bcards\s*\(")
_COPY = re.compile(r"\.\s*copy\b")


def analyse(variant) -> Analysis:
    """Which pile groups no rule can tell apart, whether any rule reads action counters.

    A group is proved interchangeable when all of these hold: its piles share one rule set
    (always true: rules are per group); no pile of it covers or is covered by another
    pile; no action, refill or removal names some of its piles and not others (an action
    deals to its targets in order, so naming any pile of the group is enough to refuse);
    and no expression names the group other than as a quantifier's domain (``x in G:``)
    or reads ``index``, ``prev``, ``next`` or ``at`` of a pile that could be one of its piles.
    Anything this test cannot see through counts against the group (sound, not complete).
    """
    layout = variant.layout
    groups = layout.groups
    limited = tuple(i for i, a in enumerate(variant.actions) if a.limit is not None)
    text = variant.rules_text
    if text is None:
        return Analysis((), True, limited)
    tainted, own, reads_used, deep, copies = _read_text(text.strings, groups)
    named = _named_in_part(variant)
    tainted |= named
    told_apart = (tainted - own) | named  # by anything but the group's own rules' pile reads
    declared = set(getattr(variant, "interchangeable", ()) or ())
    out = []
    # the last move names its piles: a position and its permutation differ in what it names
    names_piles = "last" in getattr(variant, "history_in_play", ())
    for name, g in groups.items():
        if g.count < 2 or names_piles:
            continue
        geometry = any(layout.covers[p] or layout.under[p] for p in g.piles)
        if name in declared or (name not in tainted and not geometry):
            out.append(tuple(g.piles))
        elif variant.groups[name].classes and name not in told_apart and not geometry:
            # interchangeable by key: the loader proved that the group's own rules read which
            # pile they judge only through values one class shares (variant/sections/alike.py)
            out.extend(c for c in variant.groups[name].classes if len(c) > 1)
    # A pile nothing leaves (lift none, no action, refill or removal takes from it) whose
    # cards below the top no expression reads (no .cards, .bottom or cards()): its order
    # below the top never matters again, only its size and top.
    sealed: tuple = ()
    if not deep:
        given = {a.source for a in variant.actions}
        given |= {p for a in variant.actions for p in a.gather}  # a redeal reads every card it gathers
        given |= {s for auto in variant.autos for s in auto.sources}
        given |= {s for r in variant.removals for s in r.sources}
        sealed = tuple(p for p, r in enumerate(variant.rules) if r.lift == "none" and p not in given)
    # A pile that never receives a card only ever loses its top ones: in one search its
    # cards are the bottom of what it held at the start, so its size and face-down count
    # say everything. Such piles are keyed apart, not sorted with their group (their keys no
    # longer name cards, so sorting them would merge different positions; two of them
    # never hold the same cards anyway, unless both are empty).
    shrinking = _shrinking(variant)
    if shrinking:
        out = [g for g in (tuple(p for p in g if p not in shrinking) for g in out) if len(g) > 1]
    # Copies of one card (two decks or more): the language names no card by its id, so
    # swapping two copies everywhere changes nothing a rule can see unless it reads .copy
    # (card.name has no copy mark): such positions have the same future.
    faces = variant.deck.decks > 1 and not copies
    # A shuffling redeal draws its shuffle from how often it was used before: two positions
    # that differ only in that count have different futures (neither covers the other), so
    # with one the counters go in the key as they are.
    if any(a.kind == ActionKind.REDEAL and a.shuffle for a in variant.actions):
        reads_used = True
    perms = suit_symmetry(variant)
    return Analysis(tuple(out), reads_used, limited, sealed, faces, tuple(sorted(shrinking)), perms)


# .name spells the suit; .suit_index numbers it (the deck's order tells suits apart)
_NAME_ATTR = re.compile(r"\.\s*(name|suit_index)\b")
_COLOR_ATTR = re.compile(r"\.\s*colou?r\b")


def suit_symmetry(variant) -> tuple:
    """The permutations of the suits (each a tuple: suit i becomes perm[i]) under which
    every rule of play gives the same answer, the identity left out; () when none is proved.

    Proof: the language reads a suit only as ``card.suit`` and a colour only as ``card.color``,
    and compares them only by equality and membership (ordering is for numbers; no builtin
    takes a suit). So when no rule names a suit or a colour (their names are the only
    literals) and none reads ``.name`` (the card's text, which spells its suit) or ``.suit_index``, every rule
    holds of a position exactly when it holds of the position with the suits renamed by a
    permutation that keeps equal suits equal (any permutation) and, when some rule reads
    ``.color``, equal colours equal (suits move within a colour, or colours swap whole).
    The deck must give every suit the same ranks and copies, so the renamed position has the
    same cards; no action may shuffle (a redeal's order depends on the cards' ids). Then a
    move is legal in a position exactly when its renamed move is legal in the renamed
    position, and one wins exactly when the other does: the two have the same verdict. The
    deal and the numbering are read only before the search and are left out."""
    text = variant.rules_text
    deck = variant.deck
    if text is None or not 2 <= len(deck.suits) <= 4 or any(a.kind == ActionKind.REDEAL for a in variant.actions):
        return ()
    names = {s.name for s in deck.suits} | set(deck.colors)
    colour = False
    for path, body in text.strings:
        if path and path[0] in ("numbering", "deal"):
            continue
        if _NAME_ATTR.search(body) or names & set(_IDENT.findall(body)):
            return ()
        colour = colour or bool(_COLOR_ATTR.search(body))
    faces: list = [[] for _ in deck.suits]
    for c in range(deck.size):
        faces[deck.suit_of[c]].append((deck.rank_of[c], deck.copy_of[c]))
    faces = [sorted(f) for f in faces]
    if any(f != faces[0] for f in faces):
        return ()
    colours = [deck.colors.index(s.color) for s in deck.suits]
    out = []
    for perm in itertools.permutations(range(len(deck.suits))):
        if perm == tuple(range(len(perm))):
            continue
        # equal colours stay equal and unequal ones unequal: a bijection of the colours
        if colour and len({(colours[i], colours[perm[i]]) for i in range(len(perm))}) != len(set(colours)):
            continue
        out.append(perm)
    return tuple(out)


def _read_text(strings, groups):
    """From the rules' strings: the groups some expression tells apart (by naming them, or
    by reading a pile's index, prev, next or at), those of them told apart only by a pile
    read in their own rules (own: their accept, accept_empty, points or max_run, which an
    interchangeable key has been checked against), and whether any reads used(), the
    cards below a top (.cards, .bottom, cards()) or a card's .copy."""
    tainted: set = set()
    others: set = set()  # groups told apart otherwise
    everything = set(groups)
    reads_used = deep = copies = False
    for path, text in strings:
        body = _QUOTED.sub("''", text)
        if _USED.search(body):
            reads_used = True
        if _COPY.search(body):
            copies = True
        if _DEEP.search(body):
            deep = True
        owner = path[1] if len(path) >= 3 and path[0] == "piles" else None
        fld = path[2] if owner else None
        if fld == "interchangeable":
            continue  # the key itself reads the pile's index, as a key must
        for m in _PILE_ATTR.finditer(body):
            obj = m.group(1)
            if owner in groups and (
                (obj == "dest" and fld in ("accept", "accept_empty", "points"))
                or (obj == "source" and fld in ("max_run", "lift_when"))
            ):
                tainted.add(owner)
            else:
                tainted |= everything
                others |= everything
        if text.strip() in groups:  # names a whole group (flip: tableau)
            continue
        for m in _IDENT.finditer(body):
            name = m.group()
            if name not in groups:
                continue
            before, after = body[: m.start()].rstrip(), body[m.end() :].lstrip()
            if re.search(r"(^|[^A-Za-z0-9_])in$", before) and after.startswith(":"):
                continue  # a quantifier's domain: order-free
            tainted.add(name)
            others.add(name)
    return tainted, tainted - others, reads_used, deep, copies


def _named_in_part(variant) -> set:
    """The groups an action, automatic move or removal names only some piles of (or names
    at all, for those that deal to their piles in order)."""
    layout = variant.layout
    groups = layout.groups
    pile_group = layout.group_of
    tainted: set = set()

    def names(piles):
        return {pile_group[p] for p in piles}

    for a in variant.actions:  # a redeal gathers its piles in order too
        tainted |= names((a.source,) + tuple(a.targets) + tuple(a.gather))
    for auto in variant.autos:
        if auto.kind != "flip":
            tainted |= names(tuple(auto.piles) + tuple(auto.sources) + tuple(auto.targets))
        else:
            for g in names(auto.piles):
                if set(auto.piles) & set(groups[g].piles) != set(groups[g].piles):
                    tainted.add(g)
    for r in variant.removals:
        tainted |= names((r.dest,))
        for g in names(r.sources):
            if set(r.sources) & set(groups[g].piles) != set(groups[g].piles):
                tainted.add(g)
    return tainted


def _shrinking(variant) -> set:
    """The piles nothing ever puts a card on: no destination rule, no action, refill,
    automatic move or removal gives them cards (a compacting action may move any pile's
    cards, so with one nothing counts)."""
    taking = {p for p, r in enumerate(variant.rules) if r.takes}
    for a in variant.actions:
        if a.kind == ActionKind.COMPACT:
            return set()
        taking |= set(a.targets)
        if a.kind == ActionKind.REDEAL:
            taking |= set(a.gather) | {a.source}
    for auto in variant.autos:
        if auto.kind == "refill":
            taking |= set(auto.piles)
        elif auto.kind != "flip":
            taking |= set(auto.targets)
    taking |= {r.dest for r in variant.removals}
    return set(range(len(variant.rules))) - taking
