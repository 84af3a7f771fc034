"""The text runner: play any declared variant in a terminal, or scripted through a pipe.

It shows the layout and the numbered legal moves, and reads one command per line.
Every bad command gets a one-line message and leaves the game as it was.
"""

from __future__ import annotations

import json
import re

from rulesdsl.core.errors import InvalidMoveError, MoveError, RulesdslError, short, suggest
from rulesdsl.core.files import write_text_atomic
from rulesdsl.core.kinds import Role
from rulesdsl.core.limits import DEFAULT_HINT_SECONDS, MAX_COMMAND_LINE, MAX_SOLVE_SECONDS
from rulesdsl.formats import fcs, svg
from rulesdsl.formats.describe import rules_text
from rulesdsl.play.game import Outcome
from rulesdsl.solve.hinting import HintMemo
from rulesdsl.solve.solver import UNWINNABLE, WON

from . import lineedit, session
from .lineedit import editor
from .render import board_width, render

HELP = """commands:
  N, #N            play legal move number N
  CARD@PILE>PILE, remove CARD@PILE ..., or an action's name   play a move by its notation;
                  piles by the legend's short names (7D@t0>t6), and shorter still:
  t0>t6           a run from t0 to t6 (the longest that may go; 7S@t0>t6 for another)
  7D, k♠, 7D>f    a card's move (its only one, else the hint's best: it says which); f: any foundation
  t0              a move from that pile (the hint's best)
  5a, a5, 5h, ah, 21, 81v3   a move in fc-solve's standard notation (variants with a numbering;
                  see docs/interop.md); when 21 is also a move number, #21 or 21v1 says which;
                  written in lower case (5H, AH are cards)
  u, undo         take back the last move (with its automatic follow-ups)
  r, redo         play again the move just taken back
  m, moves        list the legal moves
  s, show         draw the layout again
  h, hint         suggest a move: the solver's first move when it wins from here within the
                  time limit (2 s), else the heuristic's (it says which)
  solve [SECONDS] search for a winning line from here (default 10 s): its length and first
                  10 moves
  play-out [N|all]  play the next N moves of the line solve found (default 10; all: to the
                  end), the board after each
  a, auto         play cards to the foundations while any can go
  score           the score
  rules           the rules: the author's summary, then the rules generated from the file
  save FILE       save the game (it reloads with --position FILE, undo history included)
  svg FILE        write the position as an SVG picture, the last move framed
  load FILE       play a game saved with save (or a position file) of this variant
  new [SEED]      a new deal: that seed, else the next one (after a numbered deal, such
                  as FreeCell's 617: new 11982 is deal 11982, new the next number)
  restart         this deal again from the start
  resign          give up this game (then: another one? y/n)
  help, ?         this list
  q, quit         leave
On a terminal: the arrow keys edit the line and recall earlier ones; TAB completes
commands, pile names (tableau[3] or t3) and the legal moves' notations."""

SHOWN_LINE = 10  # the moves of a winning line solve shows, and play-out plays by default


# the runner's own command words, for "did you mean" when a line is neither a command nor a
# move (all of them for a word alone; those that take a word after them for a longer line)
COMMANDS = lineedit.COMMANDS
ARGUMENT_COMMANDS = ("solve", "play-out", "save", "svg", "load", "new")


class Runner:
    def __init__(self, game, out, color=False, hint_seconds=DEFAULT_HINT_SECONDS, width=None):
        self.g = game
        self.out = out
        self.color = color
        self.done = False
        self.hint_seconds = hint_seconds
        self.width = width  # the board's width: None for the terminal's
        self.asking = False  # has resign asked whether to start another game?
        self.memo = HintMemo()  # the hints' last winning line, positions proved lost, the searches' proofs

    def say(self, text=""):
        print(text, file=self.out)

    def show(self):
        self.say(render(self.g, color=self.color, width=self.width))
        self.list_moves()

    def list_moves(self):
        g = self.g
        moves = g.legal_moves()
        outcome = g.outcome
        if outcome is Outcome.WON:
            self.say(f"*** You won! Score: {g.score}. (undo, new, restart or quit) ***")
            return
        if outcome is Outcome.LOST:
            self.say(f"Game over: no legal move left. Score: {g.score}. (undo, new, restart or quit)")
            return
        line = "moves:"
        for i, m in enumerate(moves, 1):
            item = f"{i}) {g.move_text(m)}"
            if len(line) + 2 + len(item) > board_width(self.width):
                self.say(line)
                line = " "
            line += "  " + item
        self.say(line)
        if outcome is Outcome.STALLED:
            self.say(
                "Every move left only shuffles cards back and forth (nothing turns up or goes "
                "up): type resign to end the game."
            )

    def solver_line(self, seconds):
        """The solver's verdict from here, and a winning line. A line found earlier is reused
        while the position is one it passes through (whatever commands led there), and a
        position below one proved lost is lost (solve/hinting.py)."""
        verdict, line, _source = self.memo.answer(self.g, seconds)
        return verdict, line

    def solver_hint(self):
        """(move, why): the solver's first move, else the heuristic's and why."""
        g = self.g
        if not g.legal_moves():
            return None, ""
        verdict, line = self.solver_line(self.hint_seconds)
        if verdict == WON and line:
            try:
                return g.parse_move(line[0]), f"the solver wins from here in {len(line)} move(s)"
            except MoveError:
                pass
        if verdict == UNWINNABLE:
            why = "heuristic: the solver proved that this position cannot be won"
        else:
            why = f"heuristic: the solver found no win within {self.hint_seconds:g} s"
        return self.hint(), why

    def hint(self):
        """The heuristic's best move (Game.hint_rank), or None."""
        moves = self.g.legal_moves()
        return self.g.by_hint(moves)[0] if moves else None

    def solve_command(self, args):
        g = self.g
        seconds = 10.0
        if len(args) > 1:
            self.say("solve takes at most one number: the seconds to search")
            return
        if args:
            try:
                seconds = float(args[0])
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= MAX_SOLVE_SECONDS:
                self.say(
                    f"solve: the seconds are a number above 0 and at most {MAX_SOLVE_SECONDS}, not {short(args[0])!r}"
                )
                return
        if g.won:
            self.say("solve: the game is already won")
            return
        verdict, line = self.solver_line(seconds)
        if verdict == WON:
            seen = " (the solver sees face-down cards)" if session.hides_cards(g) else ""
            first = f"; the first {SHOWN_LINE}" if len(line) > SHOWN_LINE else ""
            self.say(f"solve: won in {len(line)} move(s) from here{seen}{first}:")
            self.say_items("  ", [f"{i}) {text}" for i, text in enumerate(line[:SHOWN_LINE], 1)])
            if line:
                self.say("(play-out plays them one by one, the board after each: play-out N or play-out all)")
        elif verdict == UNWINNABLE:
            self.say("solve: this position cannot be won (every reachable position was explored)")
        else:
            self.say(f"solve: no verdict within {seconds:g} s (try solve {min(seconds * 4, MAX_SOLVE_SECONDS):g})")

    def say_items(self, lead, items):
        """Items on as few lines as the board's width allows, each line starting with lead."""
        line = lead
        for item in items:
            if line.strip() and len(line) + 2 + len(item) > board_width(self.width):
                self.say(line)
                line = lead
            line += ("  " if line.strip() else "") + item
        if line.strip():
            self.say(line)

    def play_out(self, args):
        """play-out [N|all]: the next moves of the winning line found through this position."""
        g = self.g
        if len(args) > 1 or args and args[0].lower() != "all" and not (args[0].isascii() and args[0].isdigit()):
            self.say("play-out takes one count of moves, or all: play-out 5, play-out all")
            return
        rest = self.memo.follow(g)
        if rest is None:
            self.say("play-out: no winning line found through this position: type solve first")
            return
        n = len(rest) if args and args[0].lower() == "all" else int(args[0][:9]) if args else SHOWN_LINE
        if n < 1:
            self.say("play-out: the count of moves is 1 or more")
            return
        for i, text in enumerate(rest[:n], 1):
            m = g.play(text)
            self.say(f"play-out {i}/{min(n, len(rest))}: {g.move_text(m)}")
            self.show()
        left = len(rest) - min(n, len(rest))
        self.say(
            f"play-out: {left} move(s) of the line left (play-out continues)"
            if left
            else "play-out: the line is played"
        )

    def change_game(self, cmd, words, rest):
        """new [SEED], restart, load FILE: another game from here on."""
        g = self.g
        if cmd == "new" and len(words) > 2:
            self.say("new takes at most one seed: new, or new 42")
        elif cmd == "new":
            self.switch(session.new_game(g, words[1] if len(words) > 1 else None), "a new game:")
        elif cmd == "restart":
            self.switch(session.restart(g), "the same deal from the start:")
        elif not rest:
            self.say("load needs one file name: load FILE (a file written by save)")
        else:
            self.switch(session.load_game(g, rest), f"loaded {rest}:")

    def switch(self, game, what):
        """Play another game from here on."""
        self.g = game
        self.memo = HintMemo()
        self.say(what)
        self.show()

    def resign(self):
        self.say(f"resigned. Score: {self.g.score}. Another game (the next deal)? y/n")
        self.asking = True

    def answer(self, line):
        """The answer to resign's question: yes starts the next deal, anything else leaves."""
        self.asking = False
        if line.strip().lower() in ("y", "yes"):
            self.switch(session.new_game(self.g, None), "a new game:")
        else:
            self.done = True

    def auto(self) -> int:
        g = self.g
        v = g.variant
        played = 0
        while played < 1000:
            up = [
                m
                for m in g.legal_moves()
                if m.kind == "move"
                and v.rules[m.dest].role == Role.FOUNDATION
                and v.rules[m.sources[0]].role != Role.FOUNDATION
            ]
            if not up:
                break
            g.play(up[0])
            played += 1
        return played

    def command(self, line: str):
        """Act on one line: a command word (HANDLERS), a move number, or a move's text."""
        words = line.split()
        if not words:
            return
        cmd = words[0].lower()
        handler = HANDLERS.get(cmd)
        if handler is not None:
            handler(self, words, line.strip()[len(words[0]) :].strip())
        elif cmd.isascii() and (cmd.isdigit() or cmd[:1] == "#" and cmd[1:].isdigit()):
            self.numbered(cmd, words)
        else:
            self.typed(line.strip(), cmd, words)

    # -- the command words: each handler takes (words, rest), rest the line after the word --
    def quit(self, words, rest):
        self.done = True

    def help(self, words, rest):
        self.say(HELP)

    def undo(self, words, rest):
        m = self.g.undo()
        self.say(f"undone: {self.g.move_text(m)}" if m else "nothing to undo")
        if m:
            self.show()

    def redo(self, words, rest):
        m = self.g.redo()
        self.say(f"redone: {self.g.move_text(m)}" if m else "nothing to redo")
        if m:
            self.show()

    def hint_command(self, words, rest):
        m, why = self.solver_hint()
        self.say(f"hint: {self.g.move_text(m)} ({why})" if m else "no move left")

    def auto_command(self, words, rest):
        n = self.auto()
        self.say(f"auto: {n} card(s) played to the foundations")
        if n:
            self.show()

    def save_command(self, words, rest):
        if not rest:
            self.say("save needs one file name: save FILE")
            return
        try:
            write_text_atomic(rest, json.dumps(self.g.save(), indent=1) + "\n")
            self.say(f"saved to {rest}")
        except (OSError, ValueError) as exc:
            self.say(f"cannot save to {rest}: {getattr(exc, 'strerror', None) or exc}")

    def svg_command(self, words, rest):
        g = self.g
        if not rest:
            self.say("svg needs one file name: svg FILE")
            return
        history = g.history if g.ply else []
        try:
            write_text_atomic(rest, svg.position(g, history[-1] if history else None))
            self.say(f"picture written to {rest}")
        except (OSError, ValueError) as exc:
            self.say(f"cannot write to {rest}: {getattr(exc, 'strerror', None) or exc}")

    # -- moves typed as a number, or as text -------------------------------------------
    def numbered(self, cmd, words):
        """N or #N: legal move number N (or, for N alone, fc-solve's move N when that is one)."""
        g = self.g
        if len(words) > 1:
            self.say("one move at a time: type its number alone")
            return
        moves = g.legal_moves()
        digits = cmd.lstrip("#")
        n = int(digits) if len(digits) <= 9 else 0  # no game lists a billion moves
        numbered = moves[n - 1] if 1 <= n <= len(moves) else None
        fc = None if cmd[0] == "#" else self.fcs_moves(cmd)
        if isinstance(fc, list) and numbered is not None:
            self.say(
                f"{cmd} is ambiguous: legal move {n} ({g.move_text(numbered)}) or fc-solve's "
                f"{cmd} ({self.moves_text(fc)}): type #{n} or {cmd}v{self.fcs_count(fc):x}"
            )
            return
        if isinstance(fc, list):
            self.play_fcs(cmd, fc)
            return
        if numbered is None:
            why = f"; as fc-solve's notation, {fc}" if isinstance(fc, MoveError) else ""
            self.say(
                (f"no move {short(cmd)}: there are {len(moves)} legal move(s)" if moves else "no legal move left") + why
            )
            return
        g.play(numbered)
        self.say(f"played: {g.move_text(numbered)}")
        self.show()

    def typed(self, text, cmd, words):
        """A move's text (notation, short forms, an action's name) or fc-solve's notation."""
        g = self.g
        # fc-solve writes lower case (5h, ah): read so first; 5H, AH are the cards
        fc = self.fcs_moves(text) if text == text.lower() else None
        if isinstance(fc, list):
            self.play_fcs(text, fc)
            return
        try:
            chosen = g.resolve(text)
        except MoveError as exc:
            if text != text.lower():  # 7D names a card: fc-solve's 7d only when no card is meant
                fc = self.fcs_moves(text) if isinstance(exc, InvalidMoveError) else None
            if isinstance(fc, list):
                self.play_fcs(text, fc)
            else:  # fc-solve's complaint for its own lower-case text, or text only it reads
                theirs = isinstance(fc, MoveError) and not names_piles(g.variant, text)
                if theirs and text == text.lower():
                    told = str(fc)
                elif theirs and isinstance(exc, InvalidMoveError):  # QX: both readings fail
                    told = f"{exc}; as fc-solve's notation, {str(fc).removeprefix(f'illegal move {text}: ')}"
                else:
                    told = str(exc)
                words_known = COMMANDS if len(words) == 1 else ARGUMENT_COMMANDS
                guess = None if "did you mean" in told or cmd == "remove" else suggest(cmd, words_known)
                told += f"; did you mean the command {guess}?" if guess else ""
                self.say(f"{told} (type help for commands)")
            return
        m = g.play(chosen.move)
        self.say(f"played: {g.move_text(m)}" + (f" ({chosen.note})" if chosen.note else ""))
        self.show()

    # -- fc-solve's standard notation (variants with a numbering) ------------------
    def fcs_moves(self, text):
        """The legal moves an fc-solve move names (a list: several for a sequence move played
        step by step), a MoveError saying why it names none, or None if the variant has no
        fc-solve notation or the text is not written in it."""
        if self.g.variant.numbering is None:
            return None
        fm = fcs.read_move(text)
        if fm is None:
            return None
        try:
            return fcs.expand(self.g, fm)
        except MoveError as exc:
            return exc

    def fcs_count(self, moves) -> int:
        """How many cards an fc-solve move takes off its source, all steps played."""
        g = self.g.clone()
        src = moves[0].sources[0]
        before = len(g.state.piles[src])
        for m in moves:
            g.play(m)
        return before - len(g.state.piles[src])

    def moves_text(self, moves) -> str:
        return "; ".join(self.g.move_text(m) for m in moves)

    def play_fcs(self, text, moves):
        for m in moves:
            self.g.play(m)
        self.say(f"played: {self.moves_text(moves)} (fc-solve {text})")
        self.show()


def names_piles(v, text: str) -> bool:
    """Is the text piles alone (s0, w0>f, t9 of a known group), as the legend writes them? Then
    its refusal is about them, not fc-solve's reading of the same letters (s0: cell s, column 0)."""
    for part in text.split(">"):
        m = re.fullmatch(r"([A-Za-z_]+)(\d+|\[\d+\])?", part)
        if not (v.layout.typed(part) or m and m.group(2) and v.layout.group_named(m.group(1))):
            return False
    return True


# each command word (and its short forms) -> the Runner method that answers it
HANDLERS = {
    **dict.fromkeys(("q", "quit", "exit"), Runner.quit),
    **dict.fromkeys(("help", "?"), Runner.help),
    **dict.fromkeys(("u", "undo"), Runner.undo),
    **dict.fromkeys(("r", "redo"), Runner.redo),
    **dict.fromkeys(("m", "moves"), lambda r, words, rest: r.list_moves()),
    **dict.fromkeys(("s", "show"), lambda r, words, rest: r.show()),
    **dict.fromkeys(("h", "hint"), Runner.hint_command),
    "solve": lambda r, words, rest: r.solve_command(words[1:]),
    **dict.fromkeys(("a", "auto"), Runner.auto_command),
    "score": lambda r, words, rest: r.say(f"score: {r.g.score}"),
    "rules": lambda r, words, rest: r.say(rules_text(r.g.variant)),
    "save": Runner.save_command,
    "svg": Runner.svg_command,
    "play-out": lambda r, words, rest: r.play_out(words[1:]),
    **{w: (lambda r, words, rest: r.change_game(words[0].lower(), words, rest)) for w in ("new", "restart", "load")},
    "resign": lambda r, words, rest: r.resign(),
}


class Refused:
    """A line the runner will not act on (too long, or not UTF-8), with what to tell the player."""

    def __init__(self, message: str):
        self.message = message


def read_line(inp):
    """The next command line: text, a Refused, or None at the end of input.

    Reads bytes when the stream has them (standard input does), so a line that is not UTF-8
    is answered and skipped instead of ending the game; reads at most MAX_COMMAND_LINE + 1
    characters at a time, so an endless line costs no memory: the rest of it is skipped.
    """
    raw = getattr(inp, "buffer", inp)
    limit = MAX_COMMAND_LINE + 1
    line = raw.readline(limit)
    if not line:
        return None
    newline = b"\n" if isinstance(line, bytes) else "\n"
    if len(line) >= limit and not line.endswith(newline):
        while True:  # skip the rest of the line, a piece at a time
            rest = raw.readline(1 << 16)
            if not rest or rest.endswith(newline):
                break
        return Refused(f"command too long (over {MAX_COMMAND_LINE} characters): ignored")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return Refused(f"that line is not UTF-8 text (byte {exc.start + 1}): ignored")
    if len(line.rstrip("\r\n")) > MAX_COMMAND_LINE:
        return Refused(f"command too long (over {MAX_COMMAND_LINE} characters): ignored")
    return line


def edited_line(readline, prompt):
    """The next line typed on the terminal, edited with readline; None at the end of input."""
    try:
        line = input(prompt)
    except EOFError:
        return None
    except UnicodeDecodeError as exc:
        return Refused(f"that line is not UTF-8 text (byte {exc.start + 1}): ignored")
    if len(line) > MAX_COMMAND_LINE:
        readline.remove_history_item(readline.get_current_history_length() - 1)
        return Refused(f"command too long (over {MAX_COMMAND_LINE} characters): ignored")
    return line


def run(game, inp, out, hint_seconds=DEFAULT_HINT_SECONDS, width=None) -> int:
    """Run until quit or end of input. Prompts only on a terminal (with line editing where
    readline is there); always prints the board. ``width``: the board's, else the terminal's."""
    interactive = hasattr(inp, "isatty") and inp.isatty()
    color = interactive and hasattr(out, "isatty") and out.isatty()
    r = Runner(game, out, color, hint_seconds, width)
    rl = editor(r, inp, out) if interactive else None
    r.say(f"{game.variant.name}: type help for commands")
    r.show()
    while not r.done:
        prompt = "another game? y/n > " if r.asking else "> "
        try:
            if rl is not None:
                line = edited_line(rl, prompt)
            else:
                if interactive:
                    print(prompt, end="", file=out, flush=True)
                line = read_line(inp)
        except KeyboardInterrupt:  # Ctrl-C at the prompt leaves, on a line of its own
            r.say()
            raise
        if line is None:
            if interactive:
                r.say()
            break
        if isinstance(line, Refused):
            r.say(line.message)
            continue
        try:
            if r.asking:
                r.answer(line)
            else:
                r.command(line)
        except RulesdslError as exc:
            r.say(f"error: {exc}")
        except KeyboardInterrupt:  # Ctrl-C stops a long command (solve 60, play-out all), not the game
            r.say("\ninterrupted (the game goes on from here; quit leaves)")
    return 0
