"""Diagnostics: every complaint rulesdsl makes about input, with where it was found.

One rendering is used everywhere: ``FILE:LINE:COL: CODE message``, then the source
line and a caret under the offending column. Lines and columns count from 1.
"""
from __future__ import annotations

from dataclasses import dataclass


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
            text += "\n    " + self.source_line.rstrip("\n")
            text += "\n    " + " " * max(self.column - 1, 0) + "^"
        return text

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "file": self.file,
                "line": self.line, "column": self.column, "severity": self.severity,
                "hint": self.hint}

    def __str__(self) -> str:
        return self.render()


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



def suggest(word: str, choices) -> str | None:
    """The closest known name to a misspelt one, for 'did you mean' hints."""
    import difflib
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
