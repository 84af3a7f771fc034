"""Diagnostics and errors: every complaint rulesdsl makes, with where it was found.

One rendering is used everywhere: ``FILE:LINE:COL: CODE message``, then the source
line and a caret under the offending column. Lines and columns count from 1. Every code
is declared once, in diagnostics.py; a Diagnostic with an undeclared code is a bug.

Every exception rulesdsl raises on purpose derives from ``RulesdslError``::

    RulesdslError
      RulesError             one or more diagnostics about a variant file (or a variant name)
      ExprError              an expression that cannot be read or compiled, at a column
        ExprSyntaxError        (parser.py)
        CompileError           (checker.py: unknown names, wrong types, constants out of range)
      MoveError              (also a ValueError) no move was played
        InvalidMoveError       text that is not a move
        IllegalMoveError       a move that the rules do not allow now
        AmbiguousMoveError     text that names more than one legal move
      PositionError          (also a ValueError) a position or save that cannot be read
      CardTextError          (also a ValueError) text that is not a card of the deck
      InputError             bad input from the command line or an API argument
        ArgumentError          (also a ValueError) a bad argument to an API function
          SeedError              a seed out of range
        DealError              (numbering.py) a deal number that does not exist
      RuleFailed             (playouts.py) a rule that failed during a playout
      InternalError          a case rulesdsl's own code does not handle: a bug (exit 70)
        UnknownKind            (kinds.py) a kind of action or follow-up with no case

Anything else escaping is a bug in rulesdsl: the command line says so (exit 70).
"""

from __future__ import annotations

from dataclasses import dataclass

from .diagnostics import severity_of
from .limits import ECHO_LIMIT


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    file: str = "<input>"
    line: int = 0
    column: int = 0
    severity: str = ""  # "error" or "warning": diagnostics.py declares it per code
    source_line: str | None = None  # the text of the line, for the caret
    hint: str | None = None  # what would be right, when known

    def __post_init__(self) -> None:
        declared = severity_of(self.code)  # KeyError: an undeclared code is a bug
        if not self.severity:
            object.__setattr__(self, "severity", declared)
        elif self.severity != declared:
            raise ValueError(f"{self.code} is declared as {declared}, not {self.severity}")

    def render(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        sev = "" if self.severity == "error" else f"{self.severity}: "
        text = f"{where}: {self.code} {sev}{self.message}"
        if self.hint:
            text += f" ({self.hint})"
        if self.source_line is not None and self.line:
            line, col = _window(self.source_line.rstrip("\n"), max(self.column - 1, 0))
            text += "\n    " + line
            text += "\n    " + " " * col + "^"
        return text

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity,
            "hint": self.hint,
        }

    def __str__(self) -> str:
        return self.render()


def _window(line: str, col: int, width: int = 2 * ECHO_LIMIT) -> tuple[str, int]:
    """A long source line cut to about `width` characters around column col (from 0)."""
    if len(line) <= width:
        return line, col
    start = max(0, min(col - width // 2, len(line) - width))
    end = start + width
    head = "..." if start > 0 else ""
    tail = "..." if end < len(line) else ""
    return head + line[start:end] + tail, col - start + len(head)


class RulesdslError(Exception):
    """The root of every error rulesdsl raises on purpose; anything else is a bug."""


class InternalError(RulesdslError):
    """A case rulesdsl's own code does not handle (kinds.UnknownKind): raised on purpose, so
    it is in the family, but a bug, never bad input; the command line exits 70 for it."""


class RulesError(RulesdslError):
    """Raised with one or more diagnostics; the message is their rendering."""

    def __init__(self, diagnostics):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]


class ExprError(RulesdslError):
    """A problem in expression text at a column (1-based), with its code and a hint."""

    def __init__(self, code: str, message: str, col: int, hint: str | None = None):
        severity_of(code)  # KeyError: an undeclared code is a bug
        super().__init__(message)
        self.code, self.message, self.col, self.hint = code, message, col, hint


class ExprSyntaxError(ExprError):
    """Expression text that cannot be read (E1..)."""


class CompileError(ExprError):
    """An expression that reads but has an unknown name or a wrong type (E2..)."""


class MoveError(RulesdslError, ValueError):
    """No move was played: the common base of the three below (catch it for all)."""


class InvalidMoveError(MoveError):
    """Text that is not a move: it cannot be read as CARD@PILE>PILE, a removal or an action."""


class IllegalMoveError(MoveError):
    """A move (or move text that reads) that the rules do not allow in this position."""


class AmbiguousMoveError(MoveError):
    """Move text that names more than one legal move."""


class PositionError(RulesdslError, ValueError):
    """A position (JSON or compact text) that cannot be read, with where it went wrong."""


class CardTextError(RulesdslError, ValueError):
    """Text that is not a card of this deck (cards.py); callers say where it was."""


class InputError(RulesdslError):
    """Bad input from the command line or an API argument; the message is shown as is."""


class ArgumentError(InputError, ValueError):
    """A bad argument to a function of the API (a number out of its range, ...)."""


class SeedError(ArgumentError):
    """A seed that is not a whole number from 0 to 2**64 - 1."""


def short(value, limit: int = ECHO_LIMIT, *, quote: bool = False, digits: int | None = None) -> str:
    """User input (a name, a pile index, an option value, a number) cut to a readable length.

    Every message that repeats what a user wrote goes through here: text longer than
    ``limit`` characters is cut and says how long it was; lists and mappings are shown up
    to ``limit`` characters. ``quote`` shows text in quotes, as its author wrote it.

    Numbers: by default, an int of more than 20 digits is described by its length (Python
    would refuse to print one of over 4,300 digits). With ``digits``, a whole number (an int,
    or text that is one) longer than ``digits`` digits shows its first 8 digits and its
    length, '12345678...(5,000 digits)', for messages about a number out of range; an int too
    long to print at all says about how many digits it has.
    """
    if digits is not None and _is_whole(value):
        text = _cut_number(value, digits)
        return repr(text) if quote else text
    if isinstance(value, str):
        text = value
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        text = str(value)
    elif isinstance(value, int):
        count = digit_count(value)
        if count > 20:
            return f"a {'negative ' if value < 0 else ''}{count:,}-digit number"
        return str(value)
    elif isinstance(value, (list, tuple, dict)):
        text = _bounded(value, limit + 1)
    else:
        text = str(value)
    if len(text) > limit:
        if isinstance(value, str):
            text = text[:limit] + f"... ({len(text):,} characters)"
        else:
            text = text[:limit] + "..."
    return repr(text) if quote and isinstance(value, str) else text


def say_number(value, limit: int = 12) -> str:
    """``short(value, digits=limit)``: kept so that compiler.py's one call reads as before."""
    return short(value, digits=limit)


def _is_whole(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, str) and value.strip().lstrip("+-")[:1].isdigit()  # 0x.., 1_000 too


def _cut_number(value, limit: int) -> str:
    """A whole number (or its digits) short enough to quote; never converts a huge int to text."""
    if isinstance(value, int):
        bits = abs(value).bit_length()
        if bits > 3 * limit + 8:  # surely longer than the limit: no full conversion
            sign = "-" if value < 0 else ""
            return f"{sign}a number of about {int(bits * 0.30103) + 1:,} digits"
        value = str(value)
    text = str(value).strip()
    sign = "-" if text.startswith("-") else ""
    number = text[len(sign) :]
    if len(number) <= limit:
        return text
    return f"{sign}{number[:8]}...({len(number):,} digits)"


def digit_count(value: int) -> int:
    """Decimal digits of an integer, without printing one too long to print."""
    known = getattr(value, "digits", None)
    if known is not None:
        return known
    bits = abs(value).bit_length()
    if bits <= 10_000:
        return len(str(abs(value)))
    return int(bits * 0.30103) + 1


def _bounded(value, limit: int) -> str:
    """Python's rendering of a list or mapping, stopped once it is longer than limit."""
    parts: list[str] = []
    size = 0

    def add(text):
        nonlocal size
        parts.append(text)
        size += len(text)

    def walk(v):
        if size > limit:
            return
        if isinstance(v, dict):
            add("{")
            for i, (k, x) in enumerate(v.items()):
                if size > limit:
                    break
                add((", " if i else "") + repr(short(k, limit)) + ": ")
                walk(x)
            add("}")
        elif isinstance(v, (list, tuple)):
            add("[")
            for i, x in enumerate(v):
                if size > limit:
                    break
                add(", " if i else "")
                walk(x)
            add("]")
        elif isinstance(v, str):
            add(repr(short(v, limit)))
        else:
            add(short(v, limit))

    walk(value)
    return "".join(parts)


def suggest(word: str, choices) -> str | None:
    """The closest known name to a misspelt one, for 'did you mean' hints."""
    import difflib

    if not isinstance(word, str):
        word = short(word)
    if len(word) > 2 * ECHO_LIMIT:
        return None  # nothing that long is a misspelling of a name
    found = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return found[0] if found else None
