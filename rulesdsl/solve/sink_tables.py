"""The destination rules of sinks as tables of cards, when the rules' text allows it.

Safe moves (safe_moves.py), dead ends (dead_ends.py) and the next cards of the guidance
(guidance.py) all need to know, for a pile nothing leaves, which cards it takes on which top.
Where a rule reads only the moving card, the destination's top card and index, the source's
group or role (it is *context-free*), that is a table evaluated once per pair of cards at
analysis time; anything else proves nothing (None).
"""

from __future__ import annotations

import re
import weakref

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


# sink_tables' answers, per compiled variant and arguments: the safe moves, the dead ends,
# the guidance, the stuck cards and the stock symmetry ask for the same tables
_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def sink_tables(variant, sinks, extra_names=()):
    """The sinks' destination rules as tables (top -> cards taken; cards taken when empty)
    and, for non-sink piles, what they would put onto each card; None when some rule is
    not context-free (see _context_free) or cannot be judged out of play. Computed once per
    compiled variant and arguments: the answer is shared, and read only by its callers."""
    memo = _TABLES.get(variant)
    if memo is None:
        memo = _TABLES[variant] = {}
    key = (tuple(sinks), frozenset(extra_names))
    if key not in memo:
        memo[key] = _sink_tables(variant, tuple(sinks), extra_names, memo.setdefault("piles", {}))
    return memo[key]


def _sink_tables(variant, sinks, extra_names, done):
    """sink_tables() computed; ``done``: the piles' tables computed so far for the variant
    (by pile, or by the class of alike piles below), shared between calls."""
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
    # A context-free rule reads of its destination only the top card, the group, the role and
    # the index: where neither the group's rules nor any define name ``index``, two piles of
    # one group with the same rules (and alike as sources: the source piles above skip
    # themselves) give the same tables, computed once.
    alike = _index_free(text)
    try:
        for d, r in enumerate(rules):
            if r.accept is None and (d not in takes_on or r.accept_empty is None):
                continue
            cls = (r.group, r.role, id(r.accept), id(r.accept_empty), d in sources, d in takes_on)
            if r.group not in alike:
                cls = (d, d in takes_on)
            got = done.get(cls)
            if got is None:
                got = done[cls] = _pile_table(accepts, d, r, d in takes_on, cards)
            if d in takes_on:
                takes_empty[d], takes_on[d] = got[0], dict(got[1])
            else:
                for t, x in got[1]:
                    want[t].add(x)
            st.piles[d][:] = []
    except Exception:  # a rule that cannot be judged out of play: no proof
        return None
    return want, takes_on, takes_empty


def _index_free(text) -> set:
    """The groups whose destination rules cannot read ``index``: neither their text nor any
    define's names it (a define may be used by any rule)."""
    if any("index" in _IDENT.findall(str(t)) for _, t in text.defines):
        return set()
    return {
        name
        for name, spec in text.piles
        if not any("index" in _IDENT.findall(str(spec[k])) for k in ("accept", "accept_empty") if k in spec)
    }


def _pile_table(accepts, d, r, sink, cards) -> tuple:
    """Pile d's table: for a sink (cards taken when empty, {top: cards taken on it}); for any
    other pile (None, the pairs (top, card) it would take)."""
    if sink:
        empty: frozenset = frozenset()
        if r.accept_empty is not None:
            empty = frozenset(x for x in cards if accepts(r.accept_empty, d, None, x))
        on = {}
        if r.accept is not None:
            for t in cards:
                xs = frozenset(x for x in cards if x != t and accepts(r.accept, d, t, x))
                if xs:
                    on[t] = xs
        return empty, on
    return None, [(t, x) for t in cards for x in cards if x != t and accepts(r.accept, d, t, x)]


def sink_takes(variant, sinks):
    """The sinks' tables alone (top -> cards taken; cards taken when empty), options and
    params counting as known names; None when sink_tables proves nothing."""
    tables = sink_tables(variant, sinks, variant.rules_text.params)
    return None if tables is None else tables[1:]
