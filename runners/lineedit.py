"""Line editing for the runner on a terminal: history, cursor keys and tab completion.

The standard library's ``readline`` does the editing, used only when standard input and
output are a terminal and the module exists (it does not on every system); piped input is
read as before, byte for byte (text.read_line). ``candidates`` is the completion itself,
a plain function of the game and the text typed, so it is tested without a terminal.
"""

from __future__ import annotations

import glob
import os
import sys

from rulesdsl.core.limits import MAX_COMPLETIONS

from .render import short_names

# Every command word, for completion (text.HELP documents them).
COMMANDS = (
    "help", "undo", "redo", "moves", "show", "hint", "solve", "play-out", "auto", "score", "rules",
    "save", "svg", "load", "new", "restart", "resign", "quit",
)  # fmt: skip
FILE_COMMANDS = ("save", "svg", "load")


def pile_names(v, piles=None) -> list[str]:
    """The full names (tableau[3]) and then the short ones (t3) of these piles (default: all)."""
    short = short_names(v)
    piles = range(v.layout.size) if piles is None else sorted(piles)
    out = [v.layout.pile_names[p] for p in piles]
    out += [f"{short[v.layout.group_of[p]]}{v.layout.index_of[p]}" for p in piles]
    return out


def _pile(v, text: str) -> int | None:
    """The pile a full or short name names, in any case."""
    p = v.layout.pile(text, any_case=True)
    if p is not None:
        return p
    short = short_names(v)
    for p in range(v.layout.size):
        if f"{short[v.layout.group_of[p]]}{v.layout.index_of[p]}" == text.lower():
            return p
    return None


def _files(text: str) -> list[str]:
    out = []
    for path in sorted(glob.glob(glob.escape(os.path.expanduser(text)) + "*"))[:MAX_COMPLETIONS]:
        out.append(path + os.sep if os.path.isdir(path) else path)
    return out


def _next_piles(game, before: str, sep: str) -> set:
    """The piles the legal moves allow after ``before`` and ``sep``: the sources of a card
    after CARD@, the destinations after CARD@PILE> or PILE>."""
    v = game.variant
    moves = [m for m in game.legal_moves() if m.kind == "move"]

    def names(m, card: str) -> bool:  # 8S, or 8S.1 with its copy
        c = m.cards[0]
        return card.lower() in (v.deck.text(c).lower(), v.deck.text(c, copy=True).lower())

    if sep == "@":
        return {m.sources[0] for m in moves if names(m, before)}
    card, at, src = before.rpartition("@")
    p = _pile(v, src)
    return {m.dest for m in moves if m.sources[0] == p and (not at or names(m, card))}


def candidates(game, line: str, text: str) -> list[str]:
    """What the word ``text`` being typed may become, ``line`` being the whole line up to it:
    a command (first word), a legal move's notation, after ``@`` the piles the card can
    leave, after ``>`` those it can go to (any pile when no legal move says), a pile name
    after a space, a file name after save, svg and load."""
    words = line.split()
    first = not words or (len(words) == 1 and not line.endswith(" "))
    if not first and words[0].lower() in FILE_COMMANDS:
        return _files(text)
    low = text.lower()
    v = game.variant
    found: list[str] = []
    if first:
        found += [c for c in COMMANDS if c.startswith(low)]
        found += [a.name for a in v.actions if a.name.lower().startswith(low)]
    found += [t for t in (game.move_text(m) for m in game.legal_moves()) if t.lower().startswith(low)]
    cut = max(text.rfind("@"), text.rfind(">"))
    head, frag = text[: cut + 1], text[cut + 1 :].lower()
    if cut >= 0 or not first:
        piles = _next_piles(game, text[:cut], text[cut]) if cut > 0 else set()
        names = pile_names(v, piles or None)
        found += [head + n for n in names if n.lower().startswith(frag)]
    return list(dict.fromkeys(found))


class Completer:
    """readline's completer: candidates() for the word under the cursor."""

    def __init__(self, runner, readline):
        self.runner = runner
        self.readline = readline
        self.found: list[str] = []

    def __call__(self, text: str, state: int) -> str | None:
        if state == 0:
            rl = self.readline
            line = rl.get_line_buffer()[: rl.get_begidx()]
            try:
                self.found = candidates(self.runner.g, line, text)
            except Exception:  # a completer's error is swallowed by readline: offer nothing
                self.found = []
        return self.found[state] if state < len(self.found) else None


def editor(runner, inp, out):
    """The readline module set up for this runner, or None where line editing is not to be
    used (input or output not the terminal, or no readline on this system)."""
    if inp is not sys.stdin or out is not sys.stdout or not (inp.isatty() and out.isatty()):
        return None
    try:
        import readline
    except ImportError:
        return None
    readline.set_completer(Completer(runner, readline))
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline
