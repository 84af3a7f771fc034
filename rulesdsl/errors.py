"""Diagnostics: every complaint rulesdsl makes about input, with where it was found.

One rendering is used everywhere: ``FILE:LINE:COL: CODE message``, then the source
line and a caret under the offending column. Lines and columns count from 1.
"""
from __future__ import annotations

from dataclasses import dataclass

from .limits import ECHO_LIMIT


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    file: str = "<input>"
    line: int = 0
    column: int = 0
    severity: str = "error"          # "error" or "warning"
    source_line: str | None = None   # the text of the line, for the caret
    hint: str | None = None          # what would be right, when known

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
        return {"code": self.code, "message": self.message, "file": self.file,
                "line": self.line, "column": self.column, "severity": self.severity,
                "hint": self.hint}

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


class RulesError(Exception):
    """Raised with one or more diagnostics; the message is their rendering."""

    def __init__(self, diagnostics):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]


class MoveError(ValueError):
    """A move that is not legal now, or text that is not a move."""


class PositionError(ValueError):
    """A position (JSON or compact text) that cannot be read, with where it went wrong."""



def short(value, limit: int = ECHO_LIMIT) -> str:
    """User input (a name, a pile index, an option value, a number) cut to a readable length.

    Every message that repeats what a user wrote goes through here: text longer than
    ``limit`` characters is cut and says how long it was; a number of more than 20 digits
    is described by its length (Python would refuse to print one of over 4,300 digits);
    lists and mappings are shown up to ``limit`` characters.
    """
    if isinstance(value, str):
        text = value
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        text = str(value)
    elif isinstance(value, int):
        digits = digit_count(value)
        if digits > 20:
            return f"a {'negative ' if value < 0 else ''}{digits:,}-digit number"
        return str(value)
    elif isinstance(value, (list, tuple, dict)):
        text = _bounded(value, limit + 1)
    else:
        text = str(value)
    if len(text) <= limit:
        return text
    return text[:limit] + f"... ({len(text):,} characters)" if isinstance(value, str) else text[:limit] + "..."


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
        return None          # nothing that long is a misspelling of a name
    found = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return found[0] if found else None


def say_number(value, limit: int = 12) -> str:
    """A whole number (or its digits) short enough to quote in a message: 1234567890123 stays,
    a 5,000-digit one becomes '12345678...(5000 digits)'. Never converts a huge int to text."""
    if isinstance(value, int) and not isinstance(value, bool):
        bits = abs(value).bit_length()
        if bits > 3 * limit + 8:      # surely longer than the limit: no full conversion
            sign = "-" if value < 0 else ""
            return f"{sign}a number of about {int(bits * 0.30103) + 1:,} digits"
        value = str(value)
    text = str(value)
    sign = "-" if text.startswith("-") else ""
    digits = text[len(sign):]
    if len(digits) <= limit:
        return text
    return f"{sign}{digits[:8]}...({len(digits):,} digits)"
