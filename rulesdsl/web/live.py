"""The games in memory: a capped LRU of sessions over the store, and the compiled variants.

A session is a Game with its stored record. Every change goes through a session method,
which plays it on the engine first and then commits it to the store, so memory and disk
never disagree; a game pushed out of the LRU is rebuilt from the store (replaying its
moves) the next time it is asked for. Undo and redo take a player's move together with
the moves autoplay played after it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .drafts import Drafts, key_in
from .engine_api import Game, declared_pick, load, safe_rule
from .store import Record, Store

MAX_LIVE = 256  # games kept in memory
MAX_VARIANTS = 32  # compiled variants (one per name and option set) kept in memory
MAX_AUTOPLAY = 500  # moves one autoplay may play


class Variants:
    """Compiled variants by (name, options), least recently used dropped past the cap; a
    name ``draft:KEY`` is the workbench's text under that key (drafts.py)."""

    def __init__(self, cap: int = MAX_VARIANTS, drafts: Drafts | None = None):
        self.cap, self.drafts = cap, drafts
        self._cache: OrderedDict = OrderedDict()
        self._lock = threading.Lock()  # loads run in worker threads (a first load takes a while)

    def get(self, name: str, options: dict):
        """load(name, options), cached; RulesError for an unknown option or value."""
        key = (name, tuple(sorted((k, str(v)) for k, v in options.items())))
        with self._lock:
            v = self._cache.get(key)
            if v is not None:
                self._cache.move_to_end(key)
                return v
        v = self.drafts.load(name, options) if self.drafts is not None and key_in(name) else load(name, options)
        with self._lock:
            self._cache[key] = v
            while len(self._cache) > self.cap:
                self._cache.popitem(last=False)
        return v


def deal_game(variant, seed: int | None, deal: str | None, start: str | None = None):
    """A new game of this variant: from a compact position, else the deal number's, else the seed's."""
    if start is not None:
        return Game.from_position(variant, start)
    if deal is not None:
        return variant.numbered_game(deal)
    return variant.new_game(seed if seed is not None else 1)


def can_autoplay(variant) -> bool:
    """Does this variant have moves autoplay may play (declared or derived safe)?"""
    return bool(variant.safe) or safe_rule(variant) is not None


def safe_move(game):
    """The first move autoplay may play here: one the variant declares safe (solver.safe), or
    one the solver derives safe from the rules (a card onto a foundation it can never be
    needed from); None when there is none."""
    v, st = game.variant, game.state
    moves = game.legal_moves()
    if not moves:
        return None
    m = declared_pick(v, st, moves)
    if m is None:
        rule = safe_rule(v)
        m = rule.pick(st, moves) if rule is not None else None
    return m


class Session:
    """One game in memory and its record; the only place a stored game changes."""

    def __init__(self, rec: Record, game, store: Store):
        self.rec, self.game, self.store = rec, game, store
        self.last = None  # the last move played (None after an undo or a load)

    @property
    def finished(self) -> bool:
        return self.rec.result is not None

    def _commit(self) -> None:
        """Store the moves; when the engine says the game is over, finish it."""
        g = self.game
        if self.rec.result is None and g.over:
            self.store.finish(self.rec, "won" if g.won else "lost", g.score)
        else:
            self.store.save_moves(self.rec)

    def _push(self, move, auto: bool) -> None:
        recs = self.rec.moves
        del recs[self.rec.cursor :]
        recs.append([self.game.move_text(move), auto])
        self.rec.cursor += 1
        self.last = move

    def play(self, text: str):
        """Play the move this notation names (MoveError if illegal: nothing changes), then
        the safe moves when autoplay is on."""
        move = self.game.play(text)
        self._push(move, False)
        if self.rec.autoplay:
            self._autoplay()
        self._commit()
        return move

    def _autoplay(self) -> int:
        n = 0
        while n < MAX_AUTOPLAY and not self.game.over:
            m = safe_move(self.game)
            if m is None:
                break
            self.game.play(m)
            self._push(m, True)
            n += 1
        return n

    def autoplay(self, enabled: bool | None) -> int:
        """Switch autoplay (None leaves it), then play the safe moves now."""
        if enabled is not None:
            self.rec.autoplay = enabled
        n = self._autoplay() if enabled is not False else 0
        self._commit()
        return n

    def undo(self) -> bool:
        """Take back the last player move and the autoplay moves after it."""
        g, recs = self.game, self.rec.moves
        if self.rec.cursor == 0:
            return False
        while self.rec.cursor > 0:
            g.undo()
            self.rec.cursor -= 1
            if not recs[self.rec.cursor][1]:
                break
        self.last = None
        self.store.save_moves(self.rec)
        return True

    def redo(self) -> bool:
        """Play again the move undone last and the autoplay moves that followed it."""
        g, recs = self.game, self.rec.moves
        if self.rec.cursor >= len(recs):
            return False
        self.last = g.redo()
        self.rec.cursor += 1
        while self.rec.cursor < len(recs) and recs[self.rec.cursor][1]:
            self.last = g.redo()
            self.rec.cursor += 1
        self._commit()
        return True

    def restart(self) -> None:
        """Back to the deal: every move can be redone (a finished game starts afresh)."""
        while self.rec.cursor > 0:
            self.game.undo()
            self.rec.cursor -= 1
        self.last = None
        if self.finished:
            self.store.reopen(self.rec)
        else:
            self.store.save_moves(self.rec)

    def resign(self) -> None:
        self.store.finish(self.rec, "resigned", self.game.score)


class Live:
    """The sessions in memory, at most ``cap``; the rest are rebuilt from the store."""

    def __init__(self, store: Store, variants: Variants, cap: int = MAX_LIVE):
        self.store, self.variants, self.cap = store, variants, cap
        self._sessions: OrderedDict[str, Session] = OrderedDict()

    def __len__(self) -> int:
        return len(self._sessions)

    def add(self, rec: Record, game) -> Session:
        self.store.create(rec)
        return self._keep(Session(rec, game, self.store))

    def _keep(self, s: Session) -> Session:
        self._sessions[s.rec.id] = s
        self._sessions.move_to_end(s.rec.id)
        while len(self._sessions) > self.cap:
            self._sessions.popitem(last=False)
        return s

    def forget(self, game_id: str) -> None:
        """Drop a game from memory (it is read back from the store when asked for again)."""
        self._sessions.pop(game_id, None)

    def cached(self, game_id: str) -> Session | None:
        """The session if it is in memory (on the event loop: no waiting)."""
        s = self._sessions.get(game_id)
        if s is not None:
            self._sessions.move_to_end(game_id)
        return s

    def load(self, game_id: str) -> Session | None:
        """A session rebuilt from the store, not yet kept (may run in a worker thread)."""
        rec = self.store.get(game_id)
        if rec is None:
            return None
        return Session(rec, self.rebuild(rec), self.store)

    def keep(self, s: Session) -> Session:
        """Keep a loaded session, unless another request kept this game meanwhile (then that one)."""
        return self.cached(s.rec.id) or self._keep(s)

    def get(self, game_id: str) -> Session | None:
        """The session, from memory or the store (in the calling thread)."""
        s = self.cached(game_id)
        if s is None:
            s = self.load(game_id)
            if s is not None:
                s = self.keep(s)
        return s

    def rebuild(self, rec: Record):
        """The game of a stored record: dealt again, its moves replayed, the undone ones undone."""
        v = self.variants.get(rec.variant, rec.options)
        g = deal_game(v, rec.seed, rec.deal, rec.start)
        for text, _auto in rec.moves:
            g.play(text)
        for _ in range(len(rec.moves) - rec.cursor):
            g.undo()
        return g
