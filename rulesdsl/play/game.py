"""A game in progress: a position, its history, and the OpenSpiel-like verbs on it.

``legal_moves``, ``generate``, ``play``, ``undo``, ``redo``, ``outcome`` (with ``won``
and ``over``), ``score``, ``clone``, and the position as JSON. Undo keeps only the
primitive operations of each move, so a long history stays small.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from array import array
from dataclasses import dataclass

from ..core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError, PositionError, SeedError
from ..core.kinds import PROGRESS_ROLES, Role
from ..core.state import State
from ..engine import codegen, codes, genapply
from ..engine import moves as engine
from ..engine.deal import MAX_SEED, deal
from ..formats import fcs, notation, numbering, position
from ..lang.runtime import Env
from . import why


class Outcome(enum.Enum):
    """Where a game stands. A game is *over* when it is won or lost: a won game is over even
    when moves remain (the win rule is asked first), a lost one has no legal move left. A
    stalled game is not over: moves remain, but none of them matters (Game.stalled), so a
    player may resign it."""

    ONGOING = "ongoing"
    WON = "won"
    LOST = "lost"
    STALLED = "stalled"

    @property
    def over(self) -> bool:
        return self is Outcome.WON or self is Outcome.LOST


@dataclass(frozen=True)
class Resolved:
    """The legal move a move text names (Game.resolve), and how it was chosen: '' when the
    text named it alone, else a note for the player ("chosen from 3 legal moves ...")."""

    move: engine.Move
    note: str = ""


class Game:
    def __init__(self, variant, state: State, seed: int | None = None):
        self.variant = variant
        self.state = state
        self.seed = seed
        if seed is not None:
            state.seed = seed  # shuffling redeals draw from the game's seed
        self.start = state.copy()
        self._codes = array("q")  # the moves played, packed (engine/codes.py)
        self._ops = array("q")  # their undo operations, packed, all moves end to end
        self._marks = array("I")  # where each move's operations start in _ops
        self.future: list = []  # moves undone, for redo (newest last)
        self._env = Env(state)
        self._do, self._undo = genapply.engine(variant)  # apply and undo (generated, or the closures)
        self._legal: list | None = None
        self._generate = None  # the generated engine (codegen.py), or the reference: on first use
        self.deal: int | str | None = None  # the deal number, when numbered (Game.numbered)

    @classmethod
    def new(cls, variant, seed: int = 1) -> "Game":
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise SeedError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
        g = cls(variant, deal(variant, seed), seed)
        return g

    @classmethod
    def numbered(cls, variant, deal) -> "Game":
        """Deal number ``deal`` of the variant's numbering (numbering.py): an int, or text
        such as '617' or 'ms617'. numbering.DealError says why there is no such deal."""
        num = variant.numbering
        if num is None:
            raise numbering.DealError(
                f"{variant.id} declares no numbering, so its deals have no numbers "
                f"(use --seed; docs/interop.md lists the numbered variants)"
            )
        number, ms = numbering.parse_deal(deal, num.scheme)
        board = fcs.parse_board(numbering.board_text(num, number, ms))
        st = position.build(variant, fcs.board_lines(variant, board))
        g = cls(variant, st)
        g.deal = f"ms{number}" if ms and num.scheme != "ms" else number
        return g

    @classmethod
    def from_position(cls, variant, data) -> "Game":
        """From a position dict (JSON) or compact text."""
        if isinstance(data, str):
            st = position.load_position(variant, data)
        else:
            st = position.from_dict(variant, data)
            seed = data.get("seed")
            if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 64:
                return cls(variant, st, seed)  # a saved position keeps its redeals' shuffles
        return cls(variant, st)

    # -- moves ------------------------------------------------------------------
    def legal_moves(self) -> list:
        """The legal moves in the documented order (moves.py), kept until the position
        changes: do not change the list."""
        if self._legal is None:
            self._legal = self.generate()
        return self._legal

    def generate(self) -> list:
        """The legal moves computed afresh, without the cache (a new list each call): what
        the benchmarks time."""
        gen = self._generate
        if gen is None:
            gen = self._generate = codegen.generator(self.variant)
        return gen(self.state, self._env)

    def parse_move(self, text: str):
        """The legal move a piece of notation names, in full or short (resolve). InvalidMoveError:
        the text is not a move; IllegalMoveError: no legal move has it (the message says which
        rule refused it: why.py); AmbiguousMoveError: several do."""
        return self.resolve(text).move

    def resolve(self, text: str) -> "Resolved":
        """The legal move that move text names, and how it was chosen when the text left
        something out (docs/positions.md): a text written in full names one move (or is
        ambiguous); a short one (``t0>t6``, ``7D``) takes the only move that fits, else the
        longest run when no card is named, else the first by the hint's order (hint_rank)."""
        v = self.variant
        pat = notation.parse(v, text)
        legal = self.legal_moves()
        found = [m for m in legal if notation.matches(v, pat, m)]
        if not found:  # 7D typed for the second deck's 7D
            found = [m for m in legal if notation.matches(v, pat, m, strict=False)]
        if not found and pat.kind == "move" and pat.dest is not None and len(pat.dest) == 1:
            # to another empty pile of an interchangeable group: listed once, to the first
            d, anywhere = pat.dest[0], dataclasses.replace(pat, dest=None)
            found = [
                engine.retarget(m, d)
                for m in legal
                if m.kind == "move"
                and engine.alike(v, self.state.piles, m.dest, d)
                and notation.matches(v, anywhere, m, strict=False)
            ]
        if not found:
            raise IllegalMoveError(why.refused(self, pat))
        if len(found) == 1:
            return Resolved(found[0], "" if pat.explicit else "the only legal move that fits")
        if pat.explicit:
            raise AmbiguousMoveError(self.why_ambiguous(found, text))
        if pat.kind == "move" and pat.parts[0][0] is None and pat.dest is not None:  # t0>t6: the longest run
            order, how = (lambda m: (-len(m.cards), self.hint_rank(m))), "the longest run, then the hint's order"
        elif pat.kind == "move" and pat.parts[0][0] is None:  # t0: the hint's best, the longest run among equals
            order, how = (lambda m: (self.hint_rank(m), -len(m.cards))), "the hint's order, then the longest run"
        else:
            order, how = (lambda m: (self.hint_rank(m), 0)), "the hint's order"
        best = min(found, key=order)
        others = [notation.move_text(v, m) for m in found if m is not best]
        shown = ", ".join(others[:4]) + (f" and {len(others) - 4} more" if len(others) > 4 else "")
        return Resolved(best, f"chosen from {len(found)} legal moves by {how}; the others: {shown}")

    def hint_rank(self, move) -> int:
        """The heuristic's order of moves, best first (0): to a foundation or a removal;
        turning up a face-down card; emptying a pile (not onto a cell); another card move;
        a card move to a cell; an action. The runner's hint falls back on it, and resolve
        chooses by it among the moves a short text fits."""
        v, st = self.variant, self.state
        if move.kind == "remove":
            return 0
        if move.kind != "move":
            return 5
        if v.rules[move.dest].role == Role.FOUNDATION:
            return 0
        src = move.sources[0]
        if st.down[src] and len(st.piles[src]) - st.down[src] == len(move.cards):
            return 1  # uncovers a face-down card
        if len(st.piles[src]) == len(move.cards) and v.rules[move.dest].role != Role.CELL:
            return 2  # empties a pile
        return 4 if v.rules[move.dest].role == Role.CELL else 3

    def by_hint(self, moves) -> list:
        """The moves sorted by hint_rank, the documented move order kept among equals."""
        return sorted(moves, key=self.hint_rank)

    def why_ambiguous(self, found: list, text: str) -> str:
        v = self.variant
        told = [notation.move_text(v, m, copy=True) for m in found]
        if len(set(told)) == len(told):  # copies of one card: the copy says which
            which = ", ".join(told)
        else:  # removals by different rules
            which = ", ".join(f"{t} (removal '{m.name}')" for t, m in zip(told, found))
        return f"ambiguous move {text.strip()}: it names {len(found)} legal moves: {which}"

    def is_legal(self, move) -> bool:
        """A legal move, or the same card move to another empty pile of an interchangeable
        group (listed once, to the group's first empty pile; played where it is sent)."""
        legal = self.legal_moves()
        if move in legal:
            return True
        if move.kind != "move":
            return False
        piles = self.state.piles
        return any(
            m.kind == "move"
            and m.sources == move.sources
            and m.cards == move.cards
            and engine.alike(self.variant, piles, m.dest, move.dest)
            for m in legal
        )

    def play(self, move) -> object:
        """Play a Move or its notation; raise MoveError (position unchanged) if illegal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, engine.Move):
            raise InvalidMoveError(f"a move is a Move from legal_moves() or its notation, not {type(move).__name__}")
        elif not self.is_legal(move):
            raise IllegalMoveError(f"illegal move {notation.move_text(self.variant, move)}")
        self._apply(move)
        self.future.clear()
        return move

    def apply_unchecked(self, move):
        """Play a move taken from legal_moves() without looking it up again (playouts)."""
        self._apply(move)
        self.future.clear()

    def _apply(self, move):
        self._codes.append(codes.encode(self.variant, move))
        self._marks.append(len(self._ops))
        self._do(self.state, move, self._env, self._ops)
        self._legal = None

    def undo(self):
        """Take back the last move with its follow-ups and points; return it (None if none)."""
        if not self._codes:
            return None
        code = self._codes.pop()
        self._undo(self.state, self._ops, self._marks.pop())
        move = codes.decode(self.variant, self.state, code)
        self.future.append(move)
        self._legal = None
        return move

    def redo(self):
        if not self.future:
            return None
        move = self.future.pop()
        self._apply(move)
        return move

    @property
    def history(self) -> list:
        """The moves played, oldest first (rebuilt from the packed history)."""
        st = self.start.copy()
        out = []
        env = Env(st)
        log = array("q")
        for code in self._codes:
            m = codes.decode(self.variant, st, code)
            self._do(st, m, env, log)
            out.append(m)
        return out

    @property
    def ply(self) -> int:
        """How many moves have been played (and not undone)."""
        return len(self._codes)

    # -- outcome ----------------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        """WON when the win rule holds (moves may remain); else LOST when no move is legal;
        else STALLED when every move left only shuffles cards (``stalled``); else ONGOING."""
        return self._outcome(stall_test=True)

    def _outcome(self, stall_test: bool) -> Outcome:
        if self._win_holds():
            return Outcome.WON
        if not self.legal_moves():
            return Outcome.LOST
        if stall_test and self.stalled():
            return Outcome.STALLED
        return Outcome.ONGOING

    def _win_holds(self) -> bool:
        env = self._env
        env.st = self.state
        return bool(self.variant.win(env)) if self.variant.win else False

    @property
    def won(self) -> bool:
        """The outcome is WON: the win rule holds. Asked first, so this needs no move list."""
        return self._win_holds()

    @property
    def over(self) -> bool:
        """The outcome is WON or LOST (a stalled game is not over: it can be resigned)."""
        return self._outcome(stall_test=False).over

    def stalled(self) -> bool:
        """True when moves remain but none of them matters: each is a card move that its
        reverse undoes, turns up no card, frees no covered pile and puts nothing on a
        foundation (a king shuttled between empty columns). The runner then offers resigning."""
        moves = self.legal_moves()
        if not moves or self._win_holds():
            return False
        v = self.variant
        for m in moves:
            if m.kind != "move" or v.rules[m.dest].role in PROGRESS_ROLES:
                return False
            src = m.sources[0]
            before_down = sum(self.state.down)
            freed = [p for p in v.layout.under[src] if not v.layout.free(self.state.piles, p)]
            self._apply(m)  # not apply_unchecked: the redo list must survive
            try:
                if sum(self.state.down) != before_down:
                    return False
                if any(v.layout.free(self.state.piles, p) for p in freed):
                    return False
                back = [
                    r
                    for r in self.legal_moves()
                    if r.kind == "move" and r.sources == (m.dest,) and r.dest == src and r.cards == m.cards
                ]
                if not back:
                    return False
            finally:
                self.undo()
                self.future.pop()
        return True

    @property
    def base_rank(self) -> int | None:
        """The base rank the rules read now: the one the deal fixed, or, fixed by play (a
        base_rank step with played: true), the rank of the first card on its piles."""
        v, st = self.variant, self.state
        for p in getattr(v, "base_live", ()):
            if st.piles[p]:
                return v.deck.rank_of[st.piles[p][0]]
        return st.base_rank

    @property
    def score(self) -> int:
        extra = 0
        if self.variant.score is not None:
            self._env.st = self.state
            extra = self.variant.score(self._env) or 0
        return self.state.points + extra

    def footprint(self) -> int:
        """The bytes this game holds, its history included: a deterministic deep size of
        everything reachable from it but the variant (shared by every game of it)."""
        return deep_size(self, skip=(self.variant,))

    # -- copies and data ---------------------------------------------------------
    def clone(self) -> "Game":
        g = Game(self.variant, self.state.copy(), self.seed)
        g.start, g.deal = self.start, self.deal
        g._codes, g._ops, g._marks = array("q", self._codes), array("q", self._ops), array("I", self._marks)
        g.future = list(self.future)
        return g

    def position(self, reveal: bool = True) -> dict:
        d = position.to_dict(self.variant, self.state, reveal=reveal)
        if self.seed is not None:
            d["seed"] = self.seed
        if self.deal is not None:
            d["deal"] = self.deal
        return d

    def move_text(self, move) -> str:
        return notation.move_text(self.variant, move)

    def move_json(self, move) -> dict:
        return notation.move_json(self.variant, move)

    def save(self) -> dict:
        """Everything needed to reload this game identically, undo history included."""
        return {
            "format": "rulesdsl-save/1",
            "variant": self.variant.id,
            "options": dict(self.variant.options),
            "seed": self.seed,
            **({"deal": self.deal} if self.deal is not None else {}),
            "start": position.to_dict(self.variant, self.start),
            "moves": [self.move_text(m) for m in self.history],
            "redo": [self.move_text(m) for m in reversed(self.future)],
        }

    @classmethod
    def load_save(cls, variant, data) -> "Game":
        if not isinstance(data, dict) or data.get("format") != "rulesdsl-save/1":
            raise PositionError("not a rulesdsl save (expected format 'rulesdsl-save/1')")
        position.check_variant(variant, data)
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise PositionError(f"'seed' must be null or a whole number from 0 to {MAX_SEED}")
        g = cls(variant, position.from_dict(variant, data.get("start")), seed)
        g.deal = cls._saved_deal(variant, data.get("deal"))
        moves = data.get("moves", [])
        redo = data.get("redo", [])
        if not all(isinstance(x, list) and all(isinstance(t, str) for t in x) for x in (moves, redo)):
            raise PositionError("'moves' and 'redo' must be lists of move texts")
        for i, text in enumerate(moves + redo, 1):
            try:
                g.play(text)
            except MoveError as exc:
                shown = text if len(text) <= 60 else text[:60] + "..."
                raise PositionError(f"saved move {i} ({shown!r}) does not apply: {exc}") from None
        for _ in redo:
            g.undo()
        return g

    @staticmethod
    def _saved_deal(variant, deal) -> int | str | None:
        """A save's deal number (so that new deals the next one), read as Game.numbered reads it."""
        if deal is None:
            return None
        num = variant.numbering
        if num is None or isinstance(deal, bool) or not isinstance(deal, (int, str)):
            raise PositionError("'deal' must be null, or a deal number of the variant's numbering")
        try:
            number, ms = numbering.parse_deal(str(deal), num.scheme)
        except numbering.DealError as exc:
            raise PositionError(f"'deal': {exc}") from None
        return f"ms{number}" if ms and num.scheme != "ms" else number


def deep_size(root: object, skip: tuple = ()) -> int:
    """sys.getsizeof summed over every object reachable from root (lists, tuples, sets,
    dicts, arrays, objects with __dict__ or __slots__), each counted once; the objects in
    skip and everything reached only through them are left out. Classes, functions and
    modules are not followed."""
    seen = {id(x) for x in skip}
    total = 0
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or callable(obj) and not hasattr(obj, "__slots__"):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
        elif isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (str, bytes, int, float, array, enum.Enum)) or obj is None:
            continue
        else:
            todo.extend(vars(obj).values() if hasattr(obj, "__dict__") else ())
            for name in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, name):
                    todo.append(getattr(obj, name))
    return total
