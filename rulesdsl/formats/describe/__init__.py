"""The rules in English, written from the compiled variant: ``describe(variant) -> str``.

Everything here is read off the Variant the loader built, with its option values bound: the
deck, the pile groups, the deal program's steps, the actions, removals and follow-ups, and
the checked expression trees (``Variant.exprs``, checker.py) of every rule. An expression is
never quoted: it is rendered from its tree, with phrasing of its own for the common patterns
(a card one rank lower than the top card and of the other colour) and a general rendering
of any tree otherwise. Constants are already folded by the checker, and branches decided by
the options are dropped here, so the text follows the options chosen.

Names the author gave (pile groups, actions, options) appear as they are: a player meets
them in the runner and in move text.

The package, from words up: words.py (English words), trees.py (reading checked trees),
sequence.py (a run's sequence rule as a phrase), speaker.py (any expression in English),
takes.py (what a pile takes), writer.py (the sections); this module holds the entry points.
"""

from __future__ import annotations

from typing import Any

# the phrasing other modules reuse (the refusal reasons speak with it)
from .sequence import sequence_phrase
from .speaker import HISTORY_WORDS, Speaker
from .takes import what_it_takes
from .trees import simplify
from .words import a_rank, join, number, plural, rank_word, ranks_word, sentence, times
from .writer import _Writer

__all__ = [
    "HISTORY_WORDS",
    "SECTIONS",
    "Speaker",
    "a_rank",
    "describe",
    "join",
    "number",
    "plural",
    "rank_word",
    "ranks_word",
    "rules_text",
    "sections",
    "sentence",
    "sequence_phrase",
    "simplify",
    "times",
    "what_it_takes",
]

SECTIONS = (
    "The deck",
    "The layout and the deal",
    "Moving cards",
    "Actions",
    "Automatic moves",
    "Winning and score",
)


def describe(variant: Any) -> str:
    """The rules of a compiled variant in English, section by section (SECTIONS)."""
    return "\n\n".join(f"{title}\n{'-' * len(title)}\n{body}" for title, body in sections(variant))


def rules_text(variant: Any) -> str:
    """What `rulesdsl rules` and the runner's `rules` print: the author's own text (the file's
    `rules:`, else its description) under one heading, the generated rules under another."""
    own = (variant.text or "").strip() or (variant.description or "").strip() or "(the file has no rules text)"
    title = f"{variant.name}: the author's summary"
    gen = "Rules generated from the file"
    return f"{title}\n{'=' * len(title)}\n{own}\n\n{gen}\n{'=' * len(gen)}\n{describe(variant)}"


def sections(variant: Any) -> list[tuple[str, str]]:
    w = _Writer(variant)
    return [
        (SECTIONS[0], w.deck()),
        (SECTIONS[1], w.layout_and_deal()),
        (SECTIONS[2], w.moving()),
        (SECTIONS[3], w.actions()),
        (SECTIONS[4], w.autos()),
        (SECTIONS[5], w.win_and_score()),
    ]
