"""The text runner: play any declared variant in a terminal, or scripted through a pipe.

It shows the layout and the numbered legal moves, and reads one command per line.
Every bad command gets a one-line message and leaves the game as it was.
"""
from __future__ import annotations

import json

from rulesdsl import MoveError, PositionError
from rulesdsl.errors import short

from .render import render

HELP = """commands:
  N               play legal move number N
  CARD@PILE>PILE, remove CARD@PILE ..., or an action's name   play a move by its notation
  u, undo         take back the last move (with its automatic follow-ups)
  r, redo         play again the move just taken back
  m, moves        list the legal moves
  s, show         draw the layout again
  h, hint         suggest a move
  a, auto         play cards to the foundations while any can go
  score           the score
  rules           the rules of this variant
  save FILE       save the game (it reloads with --position FILE, undo history included)
  resign          give up this game
  q, quit         leave"""


class Runner:
    def __init__(self, game, out, color=False):
        self.g = game
        self.out = out
        self.color = color
        self.done = False

    def say(self, text=""):
        print(text, file=self.out)

    def show(self):
        self.say(render(self.g, color=self.color))
        self.list_moves()

    def list_moves(self):
        g = self.g
        moves = g.legal_moves()
        if g.won:
            self.say(f"*** You won! Score: {g.score}. (undo, or quit) ***")
            return
        if not moves:
            self.say(f"Game over: no legal move left. Score: {g.score}. (undo, or quit)")
            return
        line = "moves:"
        for i, m in enumerate(moves, 1):
            item = f"{i}) {g.move_text(m)}"
            if len(line) + 2 + len(item) > 100:
                self.say(line)
                line = " "
            line += "  " + item
        self.say(line)
        if g.stalled():
            self.say("Every move left only shuffles cards back and forth (nothing turns up or goes "
                     "up): type resign to end the game.")

    def hint(self):
        g = self.g
        v = g.variant
        moves = g.legal_moves()
        if not moves:
            return None
        def rank(m):
            if m.kind == "remove":
                return 0
            if m.kind == "move" and v.rules[m.dest].role == "foundation":
                return 0
            if m.kind == "move":
                src = m.sources[0]
                if g.state.down[src] and len(g.state.piles[src]) - g.state.down[src] == len(m.cards):
                    return 1          # uncovers a face-down card
                if len(g.state.piles[src]) == len(m.cards) and v.rules[m.dest].role != "cell":
                    return 2          # empties a pile
                return 3
            return 4
        return min(moves, key=rank)

    def auto(self) -> int:
        g = self.g
        v = g.variant
        played = 0
        while played < 1000:
            up = [m for m in g.legal_moves()
                  if m.kind == "move" and v.rules[m.dest].role == "foundation"
                  and v.rules[m.sources[0]].role != "foundation"]
            if not up:
                break
            g.play(up[0])
            played += 1
        return played

    def command(self, line: str):
        g = self.g
        words = line.split()
        if not words:
            return
        cmd = words[0].lower()
        if cmd in ("q", "quit", "exit"):
            self.done = True
        elif cmd in ("help", "?"):
            self.say(HELP)
        elif cmd in ("u", "undo"):
            m = g.undo()
            self.say(f"undone: {g.move_text(m)}" if m else "nothing to undo")
            if m:
                self.show()
        elif cmd in ("r", "redo"):
            m = g.redo()
            self.say(f"redone: {g.move_text(m)}" if m else "nothing to redo")
            if m:
                self.show()
        elif cmd in ("m", "moves"):
            self.list_moves()
        elif cmd in ("s", "show"):
            self.show()
        elif cmd in ("h", "hint"):
            m = self.hint()
            self.say(f"hint: {g.move_text(m)}" if m else "no move left")
        elif cmd in ("a", "auto"):
            n = self.auto()
            self.say(f"auto: {n} card(s) played to the foundations")
            if n:
                self.show()
        elif cmd == "score":
            self.say(f"score: {g.score}")
        elif cmd == "rules":
            self.say(g.variant.text.strip() or g.variant.description or "no rules text in this variant")
        elif cmd == "save":
            name = line.strip()[len(words[0]):].strip()
            if not name:
                self.say("save needs one file name: save FILE")
                return
            try:
                with open(name, "w", encoding="utf-8") as fh:
                    json.dump(g.save(), fh, indent=1)
                self.say(f"saved to {name}")
            except OSError as exc:
                self.say(f"cannot save to {name}: {exc.strerror or exc}")
        elif cmd == "resign":
            self.say(f"resigned. Score: {g.score}")
            self.done = True
        elif cmd.isascii() and cmd.isdigit():
            if len(words) > 1:
                self.say("one move at a time: type its number alone")
                return
            moves = g.legal_moves()
            n = int(cmd) if len(cmd) <= 9 else 0      # no game lists a billion moves
            if not 1 <= n <= len(moves):
                self.say(f"no move {short(cmd)}: there are {len(moves)} legal move(s)" if moves else "no legal move left")
                return
            g.play(moves[n - 1])
            self.say(f"played: {g.move_text(moves[n - 1])}")
            self.show()
        else:
            try:
                m = g.play(line.strip())
            except MoveError as exc:
                self.say(f"{exc} (type help for commands)")
                return
            self.say(f"played: {g.move_text(m)}")
            self.show()


def run(game, inp, out) -> int:
    """Run until quit or end of input. Prompts only on a terminal; always prints the board."""
    interactive = hasattr(inp, "isatty") and inp.isatty()
    color = interactive and hasattr(out, "isatty") and out.isatty()
    r = Runner(game, out, color)
    r.say(f"{game.variant.name}: type help for commands")
    r.show()
    while not r.done:
        if interactive:
            print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            if interactive:
                r.say()
            break
        if len(line) > 1000:
            r.say("command too long")
            continue
        try:
            r.command(line)
        except (MoveError, PositionError, ValueError) as exc:
            r.say(f"error: {exc}")
    return 0
