"""The generated move generator: specialised Python source of ``generate(st, env)`` for one
compiled variant (one option set), built from the checked rule trees and compiled once.

The closure engine (moves.generate) is the reference: the generated function lists the same
moves in the same order, position for position (tests/engine/test_codegen_differential.py). What
changes is the work done per position:

* loops over known piles are unrolled: one block of code per source pile, and inside it one
  test per destination pile, in pile order, with the pile numbers as literals;
* the rules are translated from their checked trees (checker.py) into Python expressions over
  local variables (the moving card, the run length ``n``, the destination's top card):
  ``source`` and ``dest`` are constants in each block, so ``source.group``, ``dest.index``,
  option values and quantifiers over a known group fold or unroll at generation time; a rule
  that folds to false leaves no code, one that folds to true leaves no test;
* rank, suit and colour are tuples indexed by card id; the moving card's values are read
  once per run length, each destination's top card once per position (and its attribute
  plus or minus a constant, ``dest.top.rank - 1``, computed there too: translate.dest_shifted);
* the run grows one card at a time and its sequence rule is tested on the new pair only;
* the run is lifted from its pile only when a rule reads that pile;
* loop mode: above limits.MAX_GENERATED_PAIRS pile pairs, groups are unrolled instead of
  piles: a loop over each run of one group's source piles (``s``), and inside it over each
  run of destinations (``d``), in pile order; ``source.group`` and ``dest.group`` still fold,
  the layout's other pile attributes are read from tables by pile number (``P_index[d]``).

The source holds only this module's own identifiers and ``repr()`` of ints, booleans, None
and tuples of them; every other value (text, an action's name) sits in the table ``K`` and is
read by index, so no text of the variant file is ever copied into code. A rule the translator
does not specialise (card names, ``cards()``, a pile known only at play time, ...) is called
as its compiled closure (table ``F``) with the context filled as the reference engine fills
it (only that operand, when it is an operand of and/or reading no quantifier variable);
removals and the actions that gather or slide piles call the reference engine's own
functions.

``generator(variant)`` gives the function (cached per variant object, so per option set);
``source(variant)`` the text that ``rulesdsl explain --generated`` prints. Setting the
environment variable RULESDSL_ENGINE=closures selects the reference engine instead.

The package: translate.py turns a rule's checked tree into a Python expression; blocks.py
lays those out into the text of ``generate``; this module compiles the text once per variant
and binds the tables it names.
"""

from __future__ import annotations

import dis
import os
import weakref

from ...core.limits import MAX_GENERATED_PAIRS
from ...lang import ops
from .. import moves
from ..moves import Move
from .blocks import _Build
from .translate import _Ctx

ENGINE_VAR = "RULESDSL_ENGINE"  # "closures": the reference engine (moves.generate)
NOT_COMPILED = "the generated source did not compile"  # heads the source in that case (a bug)


# -- compiled once per variant --------------------------------------------------------

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _pairs(xs):
    """Consecutive pairs of a list, for the generated quantifiers over pairs(...)."""
    return zip(xs, xs[1:])


def _free_of(piles, covering) -> bool:
    """No pile of covering holds a card (the generated FREE)."""
    for q in covering:
        if piles[q]:
            return False
    return True


def unrolled(v) -> bool:
    """Is the variant small enough for the unrolled generator (limits.MAX_GENERATED_PAIRS)?"""
    return len(v.sources) * sum(1 for r in v.rules if r.takes) <= MAX_GENERATED_PAIRS


def _compiled(v) -> tuple:
    found = _CACHE.get(v)
    if found is None:
        b = _Build(v)
        text = b.source(loop=not unrolled(v))
        found = _CACHE[v] = _compile(v, b, text)
    return found


def _compile(v, b, text) -> tuple:
    """(text, generate) for a generator's text built by b; the closure engine where it fails."""
    space: dict = {
        "Move": Move,
        "K": tuple(b.consts),
        "F": tuple(b.fns),
        "V": v,
        "REMOVE": moves._removals,
        "ALLOWED": moves.action_allowed,
        "PAIRS": _pairs,
        "FREE": _free_of,
        "SAT": ops.saturate,
        "POW": ops.power,
        **b.table_values,
    }
    try:
        code = compile(text, f"<rulesdsl generated: {v.id}>", "exec")
    except (SyntaxError, RecursionError, MemoryError) as exc:  # a bug here: never a crash
        note = f"# {NOT_COMPILED} ({type(exc).__name__}): the closure engine instead\n"
        return (note + text, reference(v))
    exec(code, space)  # our own source, holding no text of the variant file
    return (text, space["generate"])


_LEAN_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def lean_generator(v):
    """``f(st, env) -> list of (source, dest, count)``: the card moves the generator lists,
    in its order, as tuples, no Move built (a Move costs more than the tests that find it;
    the solver's fused expansion builds one only for a new child). None where the variant
    has actions or removals, or no unrolled generated generator."""
    if v.watched or v.actions or v.removals or not unrolled(v) or os.environ.get(ENGINE_VAR) == "closures":
        return None
    if v not in _LEAN_CACHE:
        b = _Build(v)
        b.lean = True
        text, fn = _compile(v, b, b.source(loop=False))
        _LEAN_CACHE[v] = None if text.startswith(f"# {NOT_COMPILED}") else fn
    return _LEAN_CACHE[v]


_FROM_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def moves_from(v, piles: frozenset, onto: int | None = None):
    """``f(st, env) -> list``: the card moves from those piles alone, exactly those the
    generator lists, in its order (the solver's stock walk asks only these); with ``onto``,
    also every move onto that pile, exactly the generator's while that pile holds a card
    (the partial-run test asks these). None where there is no such generator (loop mode,
    the closure engine, a watched variant)."""
    if v.watched or not unrolled(v) or os.environ.get(ENGINE_VAR) == "closures":
        return None
    per = _FROM_CACHE.setdefault(v, {})
    if (piles, onto) not in per:
        b = _Build(v)
        text, fn = _compile(v, b, b.source(loop=False, only=piles, onto=onto))
        per[piles, onto] = None if text.startswith(f"# {NOT_COMPILED}") else fn  # (then every move)
    return per[piles, onto]


def source(v) -> str:
    """The generated source of the variant's move generator (what explain --generated prints)."""
    return _compiled(v)[0]


def generated(v):
    """The generated move generator, ``f(st, env) -> list of moves`` (compiled on first use,
    then cached; the closure engine for a variant whose rules the validator watches, which
    keeps no checked trees)."""
    if v.watched:
        return reference(v)
    return _compiled(v)[1]


def generator(v):
    """The variant's move generator for Game: the generated one, or the reference
    (moves.generate) when RULESDSL_ENGINE=closures."""
    if os.environ.get(ENGINE_VAR) == "closures":
        return reference(v)
    return generated(v)


def reference(v):
    """The closure engine, as a generator function (the differential test compares)."""
    return lambda st, env: moves.generate(v, st, env)


# -- one rule of a position, for the solver's guidance --------------------------------

_SAFE_BUILTINS = frozenset({"len", "min", "max", "sum", "all", "any", "range", "tuple", "zip", "abs", "bool", "int"})


def _global_names(code) -> set:
    """The global names a code object and the code nested in it read (not attributes)."""
    out = {i.argval for i in dis.get_instructions(code) if i.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    for c in code.co_consts:
        if hasattr(c, "co_names"):
            out |= _global_names(c)
    return out


def position_rule(v, path, closure, role: str = "move", source: int | None = None, dest: int | None = None):
    """The rule at ``path`` (the win, or a card move's such as a group's max_run, judged with
    source and dest fixed and no moving cards) as generated code ``f(st, env)`` of the
    position alone: the solver asks it once per position. None when the translator leaves a
    part to a closure, or the text reads the moving cards (then the caller keeps the
    closure); the test compares the two on random positions."""
    if v.watched or os.environ.get(ENGINE_VAR) == "closures" or closure is None:
        return None
    known = _RULES.setdefault(v, {})
    key = (path, role, source, dest)
    if key not in known:
        known[key] = _position_rule(v, path, closure, role, source, dest)
    return known[key]


_RULES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # variant -> (path, ...) -> rule


def _position_rule(v, path, closure, role, source, dest):
    b = _Build(v)
    ctx = _Ctx(role, source, dest)
    val, ok = b.rule(path, closure, ctx)
    if not ok or ctx.uses_run or ctx.card_atoms:
        return None
    lines = ["def rule(st, env):", "    piles = st.piles", "    down = st.down", "    used = st.used"]
    if dest is not None:
        lines.append(f"    q{int(dest)} = piles[{int(dest)}]")
    if dest is not None and b.dest_atoms.get(dest):
        return None  # it reads the destination's top card, which the generator reads only under a test
    lines.append(f"    return {val.code}")
    space: dict = {"K": tuple(b.consts), "F": tuple(b.fns), "V": v, "PAIRS": _pairs, "FREE": _free_of}
    space.update(SAT=ops.saturate, POW=ops.power, **b.table_values)
    try:
        code = compile("\n".join(lines) + "\n", f"<rulesdsl generated rule: {v.id}>", "exec")
    except (SyntaxError, RecursionError, MemoryError):
        return None
    if not _global_names(code) <= set(space) | _SAFE_BUILTINS | {"rule"}:
        return None  # it reads the moving card or the run length: not a rule of the position
    exec(code, space)  # our own source, holding no text of the variant file
    return space["rule"]
