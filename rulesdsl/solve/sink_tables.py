"""The destination rules of sinks as tables of cards, when the rules' text allows it.

Safe moves (safe_moves.py), dead ends (dead_ends.py) and the next cards of the guidance
(guidance.py) all need to know, for a pile nothing leaves, which cards it takes on which top.
Where a rule reads only the moving card, the destination's top card and index, the source's
group or role (it is *context-free*), that is a table evaluated once per pair of cards at
analysis time; anything else proves nothing (None).
"""

from __future__ import annotations

import re

from ..core.state import State
from ..lang.runtime import Env
from .analysis import _IDENT, _QUOTED

_FREE_NAMES = {
    "card",
    "dest",
    "top",
    "rank",
    "suit",
    "color",
    "index",
    "source",
    "group",
    "role",
    "and",
    "or",
    "not",
    "in",
    "true",
    "false",
    "abs",
    "succ",
    "pred",
    "A",
    "J",
    "Q",
    "K",
    "T",
    "red",
    "black",
}
_RUN_FIRST = re.compile(r"^\s*run\s*\.\s*size\s*==\s*1\s+and\s+(.*)$", re.S)
_EMPTY_COUNT = re.compile(
    r"count\(\s*(\w+)\s+in\s+\w+\s*:\s*\1\s*\.\s*empty"
    r"(?:\s+and\s+\1\s*!=\s*(?:dest|source))*\s*\)"
)


def _context_free(text, names) -> bool:
    """True when a destination rule's text reads only what the proof allows."""
    if not isinstance(text, (str, bool)):
        return False
    body = _QUOTED.sub("''", str(text).lower() if isinstance(text, bool) else text)
    m = _RUN_FIRST.match(body)
    if m:
        body = m.group(1)
        if re.search(r"\bor\b", body) and not _one_group(body):  # 'run.size == 1 and X or Y' is not a conjunct
            return False
    return all(w in names for w in _IDENT.findall(body))


def _one_group(body) -> bool:
    """Is the text one parenthesised group ('(X or Y)')? Then an 'or' in it stays inside."""
    body = body.strip()
    if not body.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return i == len(body) - 1
    return False


def _free_defines(defines, names) -> set:
    """The defines (docs/expressions.md) whose text reads only what the proof allows, besides
    their parameters (a use's arguments are read where it is written) and such defines."""
    heads = {}
    for key, text in defines:
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?:\(([^()]*)\))?\s*", str(key))
        if m:
            heads[m.group(1)] = (set(_IDENT.findall(m.group(2) or "")), text)
    free: set = set()
    grew = True
    while grew:  # defines using defines: until nothing more is found free
        grew = False
        for name, (params, text) in heads.items():
            if name not in free and name not in names and _context_free(text, names | free | params):
                free.add(name)
                grew = True
    return free


def _monotone_run(text) -> bool:
    """A max_run that only grows with the number of empty piles."""
    if isinstance(text, int) and not isinstance(text, bool):
        return True
    if not isinstance(text, str):
        return False
    rest = _EMPTY_COUNT.sub("1", text)
    return re.fullmatch(r"[0-9\s+*()]*", rest) is not None and rest.strip() != ""


def sink_tables(variant, sinks, extra_names=()):
    """The sinks' destination rules as tables (top -> cards taken; cards taken when empty)
    and, for non-sink piles, what they would put onto each card; None when some rule is
    not context-free (see _context_free) or cannot be judged out of play."""
    layout = variant.layout
    rules = variant.rules
    deck = variant.deck
    names = set(_FREE_NAMES) | {s.name for s in deck.suits} | set(deck.colors) | set(extra_names)
    text = variant.rules_text
    names |= _free_defines(text.defines, names)
    for name, spec in text.piles:
        if spec is None or name not in layout.groups:
            return None
        for key in ("accept", "accept_empty"):
            if key in spec and not _context_free(spec[key], names):
                return None
        if "max_run" in spec and not _monotone_run(spec["max_run"]):
            return None
    st = State.empty(variant)
    env = Env(st)
    cards = range(deck.size)
    givers = [p for p, r in enumerate(rules) if r.lift != "none"]
    source_of = {}  # one giving pile per (group, role): all the rules read
    for p in givers:
        source_of.setdefault((rules[p].group, rules[p].role), p)
    sources = list(source_of.values())

    def accepts(fn, d, top, x) -> bool:
        st.piles[d][:] = [] if top is None else [top]
        env.st, env.card, env.run, env.dest = st, x, (x,), d
        for s in sources:
            if s == d:
                continue
            env.source = s
            if fn(env):
                return True
        return False

    want = [set() for _ in cards]
    takes_on: dict = {f: {} for f in sinks if rules[f].takes}
    takes_empty = {f: frozenset() for f in takes_on}
    try:
        for d, r in enumerate(rules):
            if d in takes_on:
                if r.accept_empty is not None:
                    takes_empty[d] = frozenset(x for x in cards if accepts(r.accept_empty, d, None, x))
                if r.accept is not None:
                    for t in cards:
                        xs = frozenset(x for x in cards if x != t and accepts(r.accept, d, t, x))
                        if xs:
                            takes_on[d][t] = xs
            elif r.accept is not None:
                for t in cards:
                    for x in cards:
                        if x != t and accepts(r.accept, d, t, x):
                            want[t].add(x)
            st.piles[d][:] = []
    except Exception:  # a rule that cannot be judged out of play: no proof
        return None
    return want, takes_on, takes_empty


def sink_takes(variant, sinks):
    """The sinks' tables alone (top -> cards taken; cards taken when empty), options and
    params counting as known names; None when sink_tables proves nothing."""
    tables = sink_tables(variant, sinks, variant.rules_text.params)
    return None if tables is None else tables[1:]
