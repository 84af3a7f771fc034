"""Why a move is refused: the rule that said no, in the words of ``rulesdsl rules``.

A front end calls ``refusal(game, text)``: '' when the text names a legal move, else the
one-line message a player sees. The text runner shows it, and a web server answering
``POST /api/games/{id}/moves`` should send it as it is: ``Game.play`` and
``Game.parse_move`` raise MoveError with the same message.

The rules are judged as the engine judges them (the run lifted first), but part by part:
the source (the card there and face up, the pile free, its lift rule and sequence), then
the destination (free, its capacity, whether it takes cards at all, each conjunct of its
``accept`` or ``accept_empty`` in turn), then ``max_run``. The first part that is false is
named: the rule as describe.py words it, and the conjunct that failed with the cards of the
move in it ("6D is not one rank lower than the top card of tableau[3] (8S)"). Each conjunct
is compiled from its checked tree (Variant.exprs) by compiler.py, only when a move is refused.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import rank_text
from ..core.errors import MoveError, short
from ..core.kinds import ActionKind
from ..formats.describe import Speaker, a_rank, number, plural, sequence_phrase, simplify, times, what_it_takes
from ..lang import checker as ck
from ..lang.checker import World
from ..lang.compiler import Compiler
from ..lang.runtime import Env
from ..lang.types import CARD, INT

_GENERIC = {"card": "the card moved", "run": "the cards moved", "source": "the pile it comes from", "dest": "this pile"}


def refusal(game: Any, text: str) -> str:
    """'' when the move text names a legal move of the game now (in full or short), else
    why not: the message of the MoveError that Game.play would raise (bad text, an
    ambiguous text, or the rule that refuses the move). The position is left as it was."""
    try:
        game.resolve(text)
    except MoveError as exc:
        return str(exc)
    return ""


class _Concrete(Speaker):
    """A Speaker for one attempted move: the context's slots are this move's cards and
    piles, and a card or number the rule reads is shown with its value here."""

    def __init__(self, v: Any, names: dict[str, str], env: Env):
        super().__init__(v, names)
        self.env = env
        self.compiler = Compiler(World(v.deck, v.layout))
        self.inside = 0  # within a number shown with its value
        self.in_card = 0  # within a card shown with its value
        self.cards_shown = 0

    def np(self, e: ck.Expr) -> str:
        e = simplify(e)
        if self.vars or e.is_const or e.type not in (CARD, INT) or isinstance(e, ck.Name):
            return super().np(e)
        if e.type == CARD and self.in_card:
            return super().np(e)
        if e.type == INT and self.inside:
            return super().np(e)
        kind = "in_card" if e.type == CARD else "inside"
        cards_before = self.cards_shown
        setattr(self, kind, getattr(self, kind) + 1)
        try:
            words = super().np(e)
        finally:
            setattr(self, kind, getattr(self, kind) - 1)
        if e.type == INT and self.cards_shown > cards_before:
            return words  # the cards it reads are shown: enough
        if e.type == CARD:
            self.cards_shown += 1
        return f"{words} ({self.shown(e, self.compiler.build(e)(self.env))})"

    def negate(self, e: ck.Expr) -> str:
        e = simplify(e)
        if (
            isinstance(e, ck.Binary)
            and isinstance(e.left, ck.Attr)
            and e.left.attr is not None
            and e.left.attr.name == "size"
            and isinstance(e.left.obj, ck.Name)
            and e.left.obj.id == "run"
            and e.right.is_const
            and self.env.run is not None
        ):  # run.size == 13 is false: say how many move
            n = len(self.env.run)
            moved = f"{number(n)} card{'' if n == 1 else 's'} would move"
            return moved + (f", not {number(e.right.const)}" if e.op == "==" else "")
        return super().negate(e)

    def shown(self, e: ck.Expr, value: Any) -> str:
        if value is None:
            return "none"
        if e.type == CARD and isinstance(value, int):
            return self.v.deck.text(value)
        if isinstance(e, ck.Attr) and e.attr is not None and e.attr.name == "rank" and isinstance(value, int):
            return a_rank(value)
        return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _tree(v: Any, *path: str) -> ck.Expr | None:
    """The checked tree of a rule, by its path in the file (Variant.exprs)."""
    c = v.exprs.get(path)
    return None if c is None else c.tree


def _conjuncts(tree: ck.Expr) -> list:
    t = simplify(tree)
    return list(t.items) if isinstance(t, ck.BoolOp) and t.op == "and" else [t]


def _first_false(v: Any, tree: ck.Expr, env: Env) -> ck.Expr | None:
    """The first conjunct of a rule that is false in this context (None if all hold)."""
    comp = Compiler(World(v.deck, v.layout))
    for part in _conjuncts(tree):
        if not comp.build(part)(env):
            return part
    return None


def _group_np(v: Any, p: int) -> str:
    g = v.layout.group_of[p]
    return f"the {g} pile" if v.layout.groups[g].count == 1 else f"a {g} pile"


def _covering(v: Any, st: Any, p: int) -> list:
    return [q for q in v.layout.covers[p] if st.piles[q]]


# -- card moves ---------------------------------------------------------------------------------
def _find(v: Any, st: Any, face: tuple, p: int) -> list:
    """Indexes in pile p of the cards with this face (and copy, when given)."""
    d = v.deck
    return [
        i
        for i, c in enumerate(st.piles[p])
        if d.rank_of[c] == face[0] and d.suit_of[c] == face[1] and (face[2] is None or d.copy_of[c] == face[2])
    ]


def _elsewhere(v: Any, st: Any, face: tuple) -> str:
    """' (it is on waste[0])' when the card lies face up elsewhere, else '' (a face-down
    card's place is not told: the player cannot see it)."""
    for p in range(v.layout.size):
        idx = _find(v, st, face, p)
        if idx and not st.is_down(p, idx[-1]):
            return f" (it is on {v.pile_name(p)})"
    return ""


def source_reason(v: Any, st: Any, face: tuple, src: int) -> tuple[str | None, int]:
    """Why the card cannot leave src (None if it may), and its index in the pile."""
    card = _face_text(v, face)
    name = v.pile_name(src)
    found = _find(v, st, face, src)
    idx = [i for i in found if i >= st.down[src]]
    if not idx and any(not st.is_down(src, i) for i in found):  # face up, under a face-down card
        return f"{card} lies under a face-down card on {name}: only the face-up cards on top move", -1
    if not idx:
        return f"{card} is not face up on {name}{_elsewhere(v, st, face)}", -1
    i = idx[-1]
    cover = _covering(v, st, src)
    if cover:
        return f"{name} is covered by {', '.join(v.pile_name(q) for q in cover)}: a covered pile gives no card", i
    r, pile = v.rules[src], st.piles[src]
    if r.lift == "none":
        removals = _removals_from(v, src)
        if removals:
            return f"cards leave {name} only by a removal ({removals}), never by a move", i
        return f"cards never leave {name} by hand", i
    if r.lift == "top" and i != len(pile) - 1:
        return f"only the top card of {name} may be moved, and that is {v.deck.text(pile[-1])}", i
    if i < r.keep:
        kept = "card" if r.keep == 1 else f"{r.keep} cards"
        return f"the bottom {kept} of {name} never {'leaves' if r.keep == 1 else 'leave'} it", i
    if r.lift_when is not None:
        why = _lift_refused(v, st, src, i)
        if why is not None:
            return why, i
    tree = _tree(v, "piles", r.group, "sequence")
    if r.lift == "run" and r.sequence is not None and tree is not None:
        env = Env(st)
        for k in range(i, len(pile) - 1):
            env.a, env.b = pile[k], pile[k + 1]
            if not r.sequence(env):
                a, b = v.deck.text(pile[k]), v.deck.text(pile[k + 1])
                sp = _Concrete(v, {"a": a, "b": b}, env)
                part = _first_false(v, tree, env)
                said = sp.negate(part) if part is not None else "the sequence rule is false"
                phrase = sequence_phrase(tree)
                going = "going " if phrase and phrase.startswith(("up", "down")) else ""
                rule = f"a run {going}{phrase}" if phrase else "a run"
                return f"only {rule} may be lifted from {name}, and {b} lies on {a}: {said}", i
    return None, i


def _lift_refused(v: Any, st: Any, src: int, i: int) -> str | None:
    """Why the run from index i up may not leave src by its group's lift_when (None: it may),
    judged as the engine judges it: with the run lifted off the pile."""
    r, pile = v.rules[src], st.piles[src]
    run = tuple(pile[i:])
    env = Env(st)
    env.source, env.run, env.card = src, run, run[0]
    del pile[i:]
    try:
        if r.lift_when(env):
            return None
        tree = _tree(v, "piles", r.group, "lift_when")
        part = _first_false(v, tree, env) if tree is not None else None
        sp = _Concrete(v, {"run": "the cards moved", "card": v.deck.text(run[0]), "source": v.pile_name(src)}, env)
        said = sp.negate(part) if part is not None else "its lift_when rule is false"
        return f"these cards may not leave {v.pile_name(src)}: {said}"
    finally:
        pile.extend(run)


def _face_text(v: Any, face: tuple) -> str:
    copy = f".{face[2]}" if face[2] else ""
    return f"{rank_text(face[0])}{v.deck.suits[face[1]].letter}{copy}"


def move_reason(game: Any, face: tuple, src: int, dest: int) -> str:
    """Why the run whose bottom card has this face may not go from src to dest now."""
    v, st = game.variant, game.state
    why, i = source_reason(v, st, face, src)
    if why is not None:
        return why
    if dest == src:
        return "a card cannot go back onto its own pile"
    pile = st.piles[src]
    run = tuple(pile[i:])
    del pile[i:]  # judged with the run lifted, as the engine judges
    try:
        return _dest_reason(game, run, src, dest) or "the rules do not allow it here"
    finally:
        pile.extend(run)


def _dest_reason(game: Any, run: tuple, src: int, dest: int) -> str | None:
    v, st = game.variant, game.state
    name, r, n = v.pile_name(dest), v.rules[dest], len(run)
    cover = _covering(v, st, dest)
    if cover:
        return f"{name} is covered by {', '.join(v.pile_name(q) for q in cover)}: a covered pile takes no card"
    size = len(st.piles[dest])
    if r.capacity is not None and size + n > r.capacity:
        if size == 0:
            return f"{name} holds at most {plural(r.capacity, 'card')}, and {number(n)} would move"
        return f"{name} holds at most {plural(r.capacity, 'card')}, and it holds {plural(size, 'card')} already"
    empty = size == 0
    rule = r.accept_empty if empty else r.accept
    if rule is None:
        if not r.takes:
            return f"{name} takes no cards by hand"
        return f"an empty {r.group} pile takes nothing" if empty else f"{name} takes nothing on a card"
    env = Env(st)
    env.run, env.card, env.source, env.dest = run, run[0], src, dest
    tree = _tree(v, "piles", r.group, "accept_empty" if empty else "accept")
    if not rule(env):
        if tree is None:
            return None
        runs = any(x.lift == "run" for x in v.groups.values())
        takes = what_it_takes(Speaker(v, _GENERIC), tree, empty, runs)
        lead = f"when empty {_group_np(v, dest)}" if empty else f"on its top card {_group_np(v, dest)}"
        part = _first_false(v, tree, env)
        card = v.deck.text(run[0], copy=v.deck.decks > 1 and v.rules[src].lift == "run")
        moved = "the cards moved" if n > 1 else card
        sp = _Concrete(v, {"card": card, "run": moved, "source": v.pile_name(src), "dest": name}, env)
        said = sp.negate(part) if part is not None else "the rule is false"
        return f"{lead} takes {takes}, and {said}"
    r_src = v.rules[src]
    if n > 1 and r_src.max_run is not None:
        limit = r_src.max_run(env)
        if limit is None or n > limit:
            tree = _tree(v, "piles", r_src.group, "max_run")
            most = Speaker(v, {**_GENERIC, "dest": "the destination"}).np(tree) if tree is not None else "its max_run"
            now = "no number of cards" if limit is None else f"at most {plural(limit, 'card')}"
            return f"{now} may move from {v.pile_name(src)} now, and this run has {n}: the most is {most}"
    return None


# -- what a short text fits -------------------------------------------------------------------------
def refused(game: Any, pat: Any) -> str:
    """The message for a notation.Pattern that fits no legal move (Game.resolve raises it)."""
    head = f"illegal move {short(pat.text)}"
    if pat.kind == "action":
        return f"{head}: {action_reason(game, pat.name)}"
    if pat.kind == "remove" or pat.kind == "cards" and len(pat.parts) > 1:
        return f"{head}: {removal_reason(game, pat)}"
    return f"{head}: {_card_move_reason(game, pat)}"


def _card_move_reason(game: Any, pat: Any) -> str:
    v, st = game.variant, game.state
    face, srcs = pat.parts[0]
    if srcs is None:  # the card's own pile
        srcs = tuple(p for p in range(v.layout.size) if [i for i in _find(v, st, face, p) if i >= st.down[p]])
        if not srcs:
            return f"no {_face_text(v, face)} is face up"
    if face is None:  # t0>t6: the top card of the first source holding cards
        src = next((p for p in srcs if st.piles[p]), None)
        if src is None:
            return f"{_names(v, srcs)} {'is' if len(srcs) == 1 else 'are'} empty"
        if len(st.piles[src]) <= st.down[src]:  # its top is face down: which card it is stays hidden
            return f"the top card of {v.pile_name(src)} is face down"
        top = st.piles[src][-1]
        face = (v.deck.rank_of[top], v.deck.suit_of[top], v.deck.copy_of[top] if v.deck.decks > 1 else None)
    else:
        src = next((p for p in srcs if _find(v, st, face, p)[-1:] >= [st.down[p]]), srcs[0])
    card = _face_text(v, face)
    if pat.dest is None:
        why, _ = source_reason(v, st, face, src)
        removals = _removals_from(v, src) if v.rules[src].lift == "none" else ""
        if why is not None and removals and why.startswith("cards leave"):
            return (
                f"{card} (on {v.pile_name(src)}) has no legal move now: it leaves only by a removal "
                f"({removals}), and none takes it with the free cards now"
            )
        if why is not None:
            return why
        return f"{card} (on {v.pile_name(src)}) has no legal move now"
    dests = [d for d in pat.dest if d != src] or list(pat.dest)
    why = move_reason(game, face, src, dests[0])
    if len(pat.dest) > 1:
        g = v.layout.group_of[dests[0]]
        return f"no {g} pile takes {card} from {v.pile_name(src)}; {v.pile_name(dests[0])}: {why}"
    if pat.explicit:
        return why
    return f"{card}@{v.pile_name(src)}>{v.pile_name(dests[0])}: {why}"


def _removals_from(v: Any, src: int) -> str:
    """The names of the removals that take cards from pile src ('' if none does)."""
    return ", ".join(rm.name for rm in v.removals if src in rm.sources)


def _names(v: Any, piles: tuple) -> str:
    return ", ".join(v.pile_name(p) for p in piles[:4]) + (" ..." if len(piles) > 4 else "")


def removal_reason(game: Any, pat: Any) -> str:
    """Why these cards may not be removed together now."""
    v, st = game.variant, game.state
    if not v.removals:
        return "this game has no removal moves"
    picked = []
    for face, piles in pat.parts:
        where = piles if piles is not None else tuple(range(v.layout.size))
        spots = [(p, st.piles[p][-1]) for p in where if _find(v, st, face, p)[-1:] == [len(st.piles[p]) - 1]]
        free = [(p, c) for p, c in spots if st.down[p] < len(st.piles[p]) and not _covering(v, st, p)]
        if not free:
            card = _face_text(v, face)
            if spots:
                p = spots[0][0]
                cover = _covering(v, st, p)
                return f"{card} on {v.pile_name(p)} is covered by {', '.join(v.pile_name(q) for q in cover)}"
            return f"{card} is not a free top card{_elsewhere(v, st, face)}"
        picked.append(free[0])
    rules = [rm for rm in v.removals if rm.cards == len(picked)]
    if not rules:
        sizes = ", ".join(f"{rm.name} {plural(rm.cards, 'card')}" for rm in v.removals)
        return f"no removal takes {plural(len(picked), 'card')} ({sizes})"
    for rm in rules:
        outside = [p for p, _ in picked if p not in rm.sources]
        if outside:
            continue
        env = Env(st)
        env.cards, env.piles = tuple(c for _, c in picked), tuple(p for p, _ in picked)
        tree = _tree(v, "removals", rm.name, "when")
        if tree is None or rm.when(env):
            continue
        part = _first_false(v, tree, env)
        sp = _Concrete(v, {"cards": "the cards", "piles": "their piles"}, env)
        sp.cards_count = rm.cards  # type: ignore[attr-defined]
        rule = Speaker(v, {"cards": "the cards", "piles": "their piles"})
        rule.cards_count = rm.cards  # type: ignore[attr-defined]
        said = sp.negate(part) if part is not None else "its rule is false"
        return f"removal {rm.name} takes its cards when {rule.cl(tree)}, and {said}"
    return "no removal rule takes these cards from these piles"


def action_reason(game: Any, name: str) -> str:
    """Why the action may not be taken now."""
    v, st = game.variant, game.state
    i = v.action_index[name]
    a = v.actions[i]
    src = v.pile_name(a.source)
    if a.step_only:
        by = [b.name for b in v.actions if i in b.steps]
        return f"{name} is played only as a step of {' or '.join(by) or 'a sequence'}, never on its own"
    if a.kind == ActionKind.SEQUENCE:
        return _sequence_reason(game, name, a, i)
    if a.kind == ActionKind.REDEAL:
        return f"{name} would gather no card"
    if a.kind == ActionKind.COMPACT:
        return f"{name} would move no card"
    if not st.piles[a.source]:
        return f"{src} is empty"
    if a.kind == ActionKind.RECYCLE and st.piles[a.targets[0]]:
        return f"{name} turns {src} over onto {v.pile_name(a.targets[0])} only when that is empty"
    return _limit_or_when(game, name, a, i) or f"'{name}' is not allowed now"


def _sequence_reason(game: Any, name: str, a: Any, i: int) -> str:
    """Why a sequence may not be played: its own limit or condition, else its first step's."""
    own = _limit_or_when(game, name, a, i)
    if own:
        return own
    first = game.variant.actions[a.steps[0]].name
    return f"{name} starts with {first}, and " + _step_reason(game, first)


def _step_reason(game: Any, name: str) -> str:
    """Why a step may not be played (as action_reason says it of an action on its own)."""
    v = game.variant
    a = v.actions[v.action_index[name]]
    if a.kind == ActionKind.REDEAL:
        return f"{name} would gather no card"
    if a.kind == ActionKind.COMPACT:
        return f"{name} would move no card"
    if not game.state.piles[a.source]:
        return f"{v.pile_name(a.source)} is empty"
    return _limit_or_when(game, name, a, v.action_index[name]) or f"'{name}' is not allowed now"


def _limit_or_when(game: Any, name: str, a: Any, i: int) -> str:
    """The action's limit or condition, when one of them refuses it now ('' when neither does)."""
    v, st = game.variant, game.state
    env = Env(st)
    if a.limit is not None:
        limit = a.limit(env)
        if limit is not None and st.used[i] >= limit:
            if limit <= 0:
                return f"{name} is not allowed in this game (with these options its limit is 0)"
            return f"{name} is not allowed now: it may be used only {times(limit)} in a game, and it has been"
    tree = _tree(v, "actions", name, "when")
    if a.when is not None and tree is not None and not a.when(env):
        part = _first_false(v, tree, env)
        said = _Concrete(v, {}, env).negate(part) if part is not None else "its rule is false"
        return f"{name} is allowed only when {Speaker(v, {}).cl(tree)}, and {said}"
    return ""
