"""The workbench's variants: a variant's text kept under a key derived from the text.

A variant the designer writes in the browser has no file and no registered name. The server
keeps its text in the store (SQLite in the data folder, never under the package), under the
first 32 hex digits of its SHA-256, so the same text always has the same key and a key names
nothing but a text. Games of it name the variant ``draft:KEY``, which no registered name can
be (those are ``[a-z0-9_]``), and replay from the kept text. The text is loaded by
``load_text``, with the loader's own limits: an ``extends`` reaches only a shipped variant
by name, never a file. At most ``MAX_DRAFTS`` texts of at most ``MAX_DRAFT_BYTES`` are kept,
the least recently used dropped first; a game of a dropped draft no longer replays.
"""

from __future__ import annotations

import hashlib
import re

from .engine_api import Diagnostic, RulesError, load_text
from .store import Store

PREFIX = "draft:"  # a game's variant name for a workbench variant: draft:KEY
KEY = re.compile(r"^[0-9a-f]{32}$")
LABEL = "workbench.yaml"  # the file name the workbench's diagnostics name
MAX_DRAFTS = 256  # texts kept
MAX_DRAFT_BYTES = 64 * 1024  # one text (shipped variants are under 5 KB)


def key_of(text: str) -> str:
    """The key of a text: the first 32 hex digits of the SHA-256 of its UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def key_in(name: object) -> str | None:
    """The key a variant name ``draft:KEY`` holds, else None (a registered name, or nonsense)."""
    if isinstance(name, str) and name.startswith(PREFIX) and KEY.match(name[len(PREFIX) :]):
        return name[len(PREFIX) :]
    return None


def load_draft(text: str, options: dict | None = None):
    """The compiled Variant of a workbench text (RulesError listing every problem)."""
    return load_text(text, options, label=LABEL)


class Drafts:
    """The kept texts, over the store."""

    def __init__(self, store: Store, cap: int = MAX_DRAFTS):
        self.store, self.cap = store, cap

    def put(self, text: str) -> str:
        """Keep a text (which the caller has checked for size); its key."""
        key = key_of(text)
        self.store.put_draft(key, text, self.cap)
        return key

    def text(self, key: str) -> str | None:
        return self.store.draft(key) if KEY.match(key) else None

    def text_of(self, name: str) -> str | None:
        """The text of a variant name ``draft:KEY``; None for a registered name or an unknown key."""
        key = key_in(name)
        return None if key is None else self.text(key)

    def load(self, name: str, options: dict | None = None):
        """The Variant of ``draft:KEY``; RulesError when the key is not kept (any more)."""
        text = self.text_of(name)
        if text is None:
            raise RulesError(
                Diagnostic(
                    "R001",
                    "no workbench variant with this key (the server keeps the most recent ones only)",
                    LABEL,
                    hint="open the variant in the workbench again and press Play",
                )
            )
        return load_draft(text, options)
