"""English words and phrases for the rules text: numbers, ranks, plurals, lists, sentences,
and the noun phrases built from a group's name. Nothing here reads a tree."""

from __future__ import annotations

from typing import Any

_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("first", "second", "third", "fourth")
_UNLIMITED = 100_000  # a limit this high is "no limit" in effect (klondike's passes=unlimited)
_COMPARE = {"<": "less than", "<=": "at most", ">": "more than", ">=": "at least"}


def number(n: Any) -> str:
    if isinstance(n, bool) or not isinstance(n, int):
        return str(n)
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else f"{n:,}"


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{number(n)} times")


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{number(n)} {word if n == 1 else (many or word + 's')}"


def rank_word(r: Any) -> str:
    """'ace', '7', 'king'."""
    return _RANK_WORDS.get(r, str(r)) if isinstance(r, int) else str(r)


def a_rank(r: Any) -> str:
    """'an ace', 'a 7', 'an 8', 'a king'."""
    w = rank_word(r)
    return ("an " if w[0] in "aeiou8" or w in ("11", "18") else "a ") + w


def ranks_word(r: Any) -> str:
    w = rank_word(r)
    return w + "s"


def join(items: list[str], last: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def _of(coll: str, noun: str) -> str:
    """'the pile of the foundation piles' -> 'the foundation pile'."""
    if coll.startswith("the ") and coll.endswith(f" {noun}s"):
        return coll[:-1]
    return f"the {noun} of {coll}"


def _plural_of(of: str) -> str:
    of = of[4:] if of.startswith("the ") else of
    first, sep, rest = of.partition(" of ")
    if sep:
        return first + "s of " + rest
    return of + "s"


def _one_of(group_np: str) -> str:
    """'the tableau piles' -> 'a tableau pile'."""
    g = group_np[4:] if group_np.startswith("the ") else group_np
    return "a " + (g[:-1] if g.endswith("piles") else g)


def _bare(np: str) -> str:
    return np[4:] if np.startswith("the ") else np


def _verb_phrases(parts: list[str], token: str) -> list[str] | None:
    """The verb phrases of a clause whose every part starts with the quantifier's variable."""
    if all(p.startswith(token + " ") for p in parts):
        return [p[len(token) + 1 :] for p in parts]
    return None


def _pluralise(vp: str) -> str:
    first, _, rest = vp.partition(" ")
    first = {"is": "are", "holds": "hold", "has": "have", "runs": "run"}.get(first, first)
    return f"{first} {rest}".strip()
