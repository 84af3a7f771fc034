"""Games and statistics in SQLite, so that a reload, a restart or a SIGKILL loses nothing.

A game is stored as what made it: variant, options, seed or deal number, and its move list
(notation text, each marked when autoplay played it) with a cursor (the moves after it can
be redone). Loading a game replays its moves through the engine, so a stored game can never
hold a position the rules do not reach. Every change is its own transaction, committed
before the answer goes out; the database is in WAL mode with ``synchronous=NORMAL``, which
keeps every committed transaction through a killed process (only a power cut may lose the
last ones). A game's end and the statistics it changes are one transaction.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

IDLE_CAP = 300.0  # seconds: a longer pause between two actions counts as this much play time
MAX_STORED = 10_000  # games kept per state (in progress, finished); the oldest go first

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT,
    deal TEXT,
    start TEXT,
    moves TEXT NOT NULL,
    cursor INTEGER NOT NULL,
    autoplay INTEGER NOT NULL DEFAULT 0,
    seconds REAL NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    result TEXT,
    score INTEGER
);
CREATE INDEX IF NOT EXISTS games_by_variant ON games (variant, result, updated);
CREATE TABLE IF NOT EXISTS drafts (
    key TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    used REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS stats (
    variant TEXT PRIMARY KEY,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    best_score INTEGER,
    total_seconds REAL NOT NULL DEFAULT 0,
    best_seconds REAL
);
"""


def data_dir() -> Path:
    """RULESDSL_DATA, else $XDG_DATA_HOME/rulesdsl, else ~/.local/share/rulesdsl."""
    env = os.environ.get("RULESDSL_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "rulesdsl"


@dataclass
class Record:
    """One stored game: what made it, its moves ([text, by_autoplay]) and the cursor."""

    id: str
    variant: str
    options: dict
    seed: int | None
    deal: str | None
    start: str | None = None  # a compact position the game started from, instead of a deal
    moves: list = field(default_factory=list)
    cursor: int = 0
    autoplay: bool = False
    seconds: float = 0.0
    created: float = 0.0
    updated: float = 0.0
    result: str | None = None  # None in progress; "won", "lost" or "resigned"
    score: int | None = None


_COLUMNS = "id, variant, options, seed, deal, start, moves, cursor, autoplay, seconds, created, updated, result, score"


def _record(row) -> Record:
    rid, variant, options, seed, deal, start, moves, cursor, autoplay, seconds, created, updated, result, score = row
    return Record(
        rid,
        variant,
        json.loads(options),
        None if seed is None else int(seed),
        deal,
        start,
        json.loads(moves),
        cursor,
        bool(autoplay),
        seconds,
        created,
        updated,
        result,
        score,
    )


class Store:
    """The database of one data folder. One connection, used under a lock."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else data_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "rulesdsl.sqlite3"
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args=()) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    # -- games ------------------------------------------------------------------------
    def create(self, rec: Record) -> None:
        now = time.time()
        rec.created = rec.updated = now
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    f"INSERT INTO games ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        rec.id,
                        rec.variant,
                        json.dumps(rec.options, sort_keys=True),
                        None if rec.seed is None else str(rec.seed),
                        rec.deal,
                        rec.start,
                        json.dumps(rec.moves),
                        rec.cursor,
                        int(rec.autoplay),
                        rec.seconds,
                        rec.created,
                        rec.updated,
                        rec.result,
                        rec.score,
                    ),
                )
                for finished in ("IS NULL", "IS NOT NULL"):  # the oldest beyond the cap go
                    self._db.execute(
                        f"DELETE FROM games WHERE id IN (SELECT id FROM games WHERE result {finished} "
                        "ORDER BY updated DESC LIMIT -1 OFFSET ?)",
                        (MAX_STORED,),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def get(self, game_id: str) -> Record | None:
        with self._lock:
            row = self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return _record(row) if row else None

    def in_progress(self, variant: str | None = None, limit: int = 20) -> list[Record]:
        """Games not finished, the most recently played first."""
        where, args = ("AND variant = ?", (variant,)) if variant else ("", ())
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_COLUMNS} FROM games WHERE result IS NULL {where} ORDER BY updated DESC LIMIT ?",
                (*args, limit),
            ).fetchall()
        return [_record(r) for r in rows]

    def _touch(self, rec: Record) -> None:
        now = time.time()
        rec.seconds += max(0.0, min(now - rec.updated, IDLE_CAP))
        rec.updated = now

    def save_moves(self, rec: Record) -> None:
        """The moves, cursor and autoplay switch of a game in progress, as they are now."""
        self._touch(rec)
        self._write(
            "UPDATE games SET moves = ?, cursor = ?, autoplay = ?, seconds = ?, updated = ? WHERE id = ?",
            (json.dumps(rec.moves), rec.cursor, int(rec.autoplay), rec.seconds, rec.updated, rec.id),
        )

    def finish(self, rec: Record, result: str, score: int) -> None:
        """The game ends ("won", "lost", "resigned"): its moves, its result and the
        variant's statistics, in one transaction."""
        self._touch(rec)
        rec.result, rec.score = result, score
        won = result == "won"
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "UPDATE games SET moves = ?, cursor = ?, autoplay = ?, seconds = ?, updated = ?, result = ?, "
                    "score = ? WHERE id = ?",
                    (
                        json.dumps(rec.moves),
                        rec.cursor,
                        int(rec.autoplay),
                        rec.seconds,
                        rec.updated,
                        result,
                        score,
                        rec.id,
                    ),
                )
                self._db.execute("INSERT OR IGNORE INTO stats (variant) VALUES (?)", (rec.variant,))
                self._db.execute(
                    "UPDATE stats SET played = played + 1, won = won + ?, lost = lost + ?, "
                    "streak = CASE WHEN ? THEN streak + 1 ELSE 0 END, "
                    "best_streak = MAX(best_streak, CASE WHEN ? THEN streak + 1 ELSE 0 END), "
                    "best_score = CASE WHEN best_score IS NULL OR ? > best_score THEN ? ELSE best_score END, "
                    "total_seconds = total_seconds + ?, "
                    "best_seconds = CASE WHEN ? AND (best_seconds IS NULL OR ? < best_seconds) THEN ? "
                    "ELSE best_seconds END WHERE variant = ?",
                    (
                        int(won),
                        int(not won),
                        int(won),
                        int(won),
                        score,
                        score,
                        rec.seconds,
                        int(won),
                        rec.seconds,
                        rec.seconds,
                        rec.variant,
                    ),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def reopen(self, rec: Record) -> None:
        """A finished game played again from its start (restart): in progress once more."""
        rec.result, rec.score, rec.seconds = None, None, 0.0
        self._touch(rec)
        self._write(
            "UPDATE games SET moves = ?, cursor = ?, seconds = 0, updated = ?, result = NULL, score = NULL "
            "WHERE id = ?",
            (json.dumps(rec.moves), rec.cursor, rec.updated, rec.id),
        )

    # -- the workbench's variants (drafts.py decides keys and caps) ---------------------
    def put_draft(self, key: str, text: str, cap: int) -> None:
        """Keep a variant's text under its key; past ``cap`` drafts, the least recently used go."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO drafts (key, text, used) VALUES (?, ?, ?)", (key, text, time.time())
                )
                self._db.execute(
                    "DELETE FROM drafts WHERE key IN (SELECT key FROM drafts ORDER BY used DESC LIMIT -1 OFFSET ?)",
                    (cap,),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def draft(self, key: str) -> str | None:
        """The text kept under this key (marked as used now), or None."""
        with self._lock:
            row = self._db.execute("SELECT text FROM drafts WHERE key = ?", (key,)).fetchone()
        if row is not None:
            self._write("UPDATE drafts SET used = ? WHERE key = ?", (time.time(), key))
        return row[0] if row else None

    # -- statistics ---------------------------------------------------------------------
    def stats(self, variant: str) -> dict:
        with self._lock:
            row = self._db.execute(
                "SELECT played, won, lost, streak, best_streak, best_score, total_seconds, best_seconds "
                "FROM stats WHERE variant = ?",
                (variant,),
            ).fetchone()
            going = self._db.execute(
                "SELECT COUNT(*) FROM games WHERE variant = ? AND result IS NULL", (variant,)
            ).fetchone()[0]
        played, won, lost, streak, best_streak, best_score, total, best_seconds = row or (
            0,
            0,
            0,
            0,
            0,
            None,
            0.0,
            None,
        )
        return {
            "variant": variant,
            "played": played,
            "won": won,
            "lost": lost,
            "win_rate": round(won / played, 4) if played else None,
            "streak": streak,
            "best_streak": best_streak,
            "best_score": best_score,
            "total_seconds": round(total, 1),
            "best_seconds": None if best_seconds is None else round(best_seconds, 1),
            "in_progress": going,
        }
