"""Apply and undo, generated per variant: specialised Python source, compiled once.

For each compiled Variant (one option set), ``source`` writes the text of a module that
applies a move with its automatic follow-ups, scoring and flips, and undoes it, for that
variant alone: pile numbers, capacities, the cover relation, which piles score, the
actions' kinds and constant counts are known, so loops over piles are unrolled, absent
rules disappear and constant rules are folded. The text holds only our own identifiers,
integers and ``repr()`` literals, never the author's text: every rule is a closure the
compiler made, reached through a name of the namespace (``_acc3``, ``_cnt0``). It is
compiled with ``compile()`` and run in a fresh namespace, the technique of dataclasses
and attrs, once per variant (``functions`` keeps the result).

The operations logged are moves.py's packed ints, one for one, so the two engines'
logs are interchangeable: a move applied by one is undone by the other, and the solver
reads either. The closure engine in moves.py stays the reference; ``RULESDSL_ENGINE=
closures`` selects it (``engine``). Constructs not worth specialising call moves.py:
a redeal, a compaction, a recycle, the packing of a score.
"""

from __future__ import annotations

import os
import weakref
from typing import Any, Callable

from ..core.kinds import ActionKind, AutoKind, UnknownKind
from ..core.limits import MAX_AUTO_MOVES
from . import moves

_CONST_CODE = (lambda v: lambda e: v)(0).__code__


def constant(fn: Any) -> tuple[bool, Any]:
    """(True, value) when a compiled rule is a folded constant (ops.const) holding an int,
    a bool or none; (False, None) otherwise."""
    if fn is None:
        return True, None
    code = getattr(fn, "__code__", None)
    if code is None or code.co_code != _CONST_CODE.co_code or not fn.__closure__:
        return False, None
    value = fn.__closure__[0].cell_contents
    if value is None or type(value) in (int, bool):
        return True, value
    return False, None


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, object] = {}
        self.depth = 0

    def __call__(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def bind(self, prefix: str, obj: object) -> str:
        """A namespace name for an object (a closure, a rule): the text shows only the name."""
        name = f"_{prefix}"
        self.names[name] = obj
        return name


def _free_test(piles_var: str, covering: tuple) -> str:
    """The text of "no pile in covering has cards" (empty text: always free)."""
    return " and ".join(f"not {piles_var}[{int(q)}]" for q in covering)


def _transfer1(w: _Writer, src: int, dst: int) -> None:
    """Inline moves.transfer of one card, face up, not reversed."""
    w(f"log.append({src << 2 | dst << 12 | 1 << 22} | down[{src}] << 34 | down[{dst}] << 45)")
    w(f"piles[{dst}].append(piles[{src}].pop())")
    w(f"if down[{src}] > len(piles[{src}]):")
    w(f"    down[{src}] = len(piles[{src}])")


def _build(v: Any, w: _Writer) -> None:
    """The module's text: the card move, one function per automatic move, the follow-ups,
    apply and undo; the namespace names they read are bound on w."""
    rules = v.rules
    npiles = len(rules)
    scoring = [p for p in range(npiles) if rules[p].points is not None]
    w.names.update(
        _transfer=moves.transfer,
        _score=moves._score,
        _redeal=moves.redeal,
        _compact=moves.compact,
        _liftable=moves._liftable,
        _UnknownKind=UnknownKind,
        _BIAS=moves.BIAS,
        _undo_redeal=moves._undo_redeal,
        _play_action=moves.play_action,
        _allowed=moves.action_allowed,
        _auto_remove=moves.auto_remove,
        _turn_down=moves.turn_down,
        _v=v,
        _flip_top=moves.flip_top,
        _unflip_top=moves.unflip_top,
    )
    _write_card_move(v, w, scoring)
    for k, auto in enumerate(v.autos):
        if auto.kind == AutoKind.MOVE:
            _write_auto(v, w, k, auto)
    flips_only = all(auto.kind == AutoKind.FLIP for auto in v.autos)
    _write_follow(v, w, flips_only)
    _write_apply(v, w, scoring, flips_only)
    _write_undo(v, w)


def _write_card_move(v: Any, w: _Writer, scoring: list) -> None:
    """A card move (the player's or an automatic one) with its destination's points."""
    rules = v.rules
    w("def _card_move(st, piles, down, s, d, n, env, log):")
    w.depth += 1
    if scoring:
        w("pts = _points[d]")
        w.names["_points"] = tuple(r.points for r in rules)
        w("if pts is not None:")
        w("    pile = piles[s]")
        w("    run = tuple(pile[-n:])")
        w("    del pile[-n:]")
        w("    env.run = run; env.card = run[0]; env.source = s; env.dest = d")
        w("    gained = pts(env) or 0")
        w("    pile.extend(run)")
        w("    _score(st, gained, log)")
    w("sp = piles[s]")
    w("log.append(s << 2 | d << 12 | n << 22 | down[s] << 34 | down[d] << 45)")
    w("piles[d].extend(sp[-n:])")
    w("del sp[-n:]")
    w("if down[s] > len(sp):")
    w("    down[s] = len(sp)")
    w.depth -= 1
    w("")


def _write_auto(v: Any, w: _Writer, k: int, auto: Any) -> None:
    """One automatic move as the function _auto<k>: its sources in order, sources and
    targets unrolled; it makes the first move it finds and says whether it did."""
    rules = v.rules
    when = w.bind(f"when{k}", auto.when) if auto.when is not None else None
    w(f"def _auto{k}(st, piles, down, env, log):")
    w.depth += 1
    body = False
    for s in auto.piles:
        r = rules[s]
        if r.lift == "none":
            continue  # nothing ever leaves this pile
        targets = []
        for d in auto.targets:
            dr = rules[d]
            if d == s or dr.accept is None and dr.accept_empty is None:
                continue
            targets.append(d)
        if not targets:
            continue
        lo, hi = _run_range(v, targets)
        if hi is not None and hi < lo:
            continue  # no run length any target takes
        body = True
        _write_auto_source(v, w, s, targets, when, lo, hi)
    if not body:
        w("pass")
    w("return False")
    w.depth -= 1
    w("")


def _write_auto_source(v: Any, w: _Writer, s: int, targets: list, when: str | None, lo: int, hi: int | None) -> None:
    """The tries of one source pile: each run length from lo to hi (or the longest it can
    lift), each target in order, under one test per row of alike piles."""
    r = v.rules[s]
    covers = v.layout.covers
    free = _free_test("piles", covers[s])
    w(f"pile = piles[{s}]")
    w(f"if {'len(pile) - down[%d] >= %d' % (s, lo) if lo > 1 else 'pile'}{' and ' + free if free else ''}:")
    w.depth += 1
    if r.keep:
        w(f"longest = _liftable(_rule{s}, pile, len(pile) - down[{s}], env)")
        w.names[f"_rule{s}"] = r
    elif r.lift == "top":
        w(f"longest = 1 if len(pile) > down[{s}] else 0")
    elif r.sequence is None:
        w(f"longest = len(pile) - down[{s}]")
    else:
        w(f"longest = _liftable(_rule{s}, pile, len(pile) - down[{s}], env)")
        w.names[f"_rule{s}"] = r
    w(f"env.source = {s}")
    top = "longest" if hi is None else f"min(longest, {hi})"
    w(f"for n in range({lo}, {top} + 1):")
    w.depth += 1
    w("run = tuple(pile[-n:])")
    w("del pile[-n:]")
    w("env.run = run; env.card = run[0]")
    if r.lift_when is not None:
        w(f"if not {w.bind(f'lw{s}', r.lift_when)}(env):")
        w("    pile.extend(run)")
        w("    continue")
    w("hit = -1")
    for group in _runs_of_alike(v, targets, r.max_run is None and when is None):
        _write_auto_target(v, w, s, group, when)
    w("pile.extend(run)")
    w("if hit >= 0:")
    w(f"    _card_move(st, piles, down, {s}, hit, n, env, log)")
    w("    return True")
    w.depth -= 2


def _write_auto_target(v: Any, w: _Writer, s: int, group: list, when: str | None) -> None:
    """The test of one target of an automatic move (or of a row of alike empty piles,
    asking the first only), setting hit to the pile that takes the run."""
    rules, covers = v.rules, v.layout.covers
    r = rules[s]
    d = group[0]
    dr = rules[d]
    if len(group) > 1:
        # one rule, blind to the destination, over empty (or non-empty) piles
        # alike: its answer is the same for each, so only the first is asked
        empty = dr.accept is None
        first = " else ".join(f"{q} if {'not ' if empty else ''}piles[{q}]" for q in group)
        fn = w.bind(f"ace{d}" if empty else f"acc{d}", dr.accept_empty if empty else dr.accept)
        w("if hit < 0:")
        w(f"    d = {first} else -1")
        w("    if d >= 0:")
        w("        env.dest = d")
        w(f"        if {fn}(env):")
        w("            hit = d")
        return
    conds = []
    if dr.capacity is not None:
        conds.append(f"len(piles[{d}]) + n <= {int(dr.capacity)}")
    fd = _free_test("piles", covers[d])
    if fd:
        conds.append(fd)
    acc = w.bind(f"acc{d}", dr.accept) if dr.accept is not None else None
    ace = w.bind(f"ace{d}", dr.accept_empty) if dr.accept_empty is not None else None
    if acc and ace:
        test = f"({acc}(env) if piles[{d}] else {ace}(env))"
    elif acc:
        test = f"piles[{d}] and {acc}(env)"
    else:
        test = f"not piles[{d}] and {ace}(env)"
    w(f"if hit < 0{''.join(' and ' + c for c in conds)}:")
    w(f"    env.dest = {d}")
    extra = ""
    if r.max_run is not None:
        mr = w.bind(f"maxrun{s}", r.max_run)
        extra += f" and (n == 1 or (lim := {mr}(env)) is not None and n <= lim)"
    if when is not None:
        extra += f" and {when}(env)"
    w(f"    if {test}{extra}:")
    w(f"        hit = {d}")


def _write_follow(v: Any, w: _Writer, flips_only: bool) -> None:
    """The follow-ups, repeated until nothing changes."""
    npiles = len(v.rules)
    w("def _follow(st, piles, down, env, log):")
    w.depth += 1
    if not v.autos:
        w("return")
    elif flips_only:
        # a flip changes no pile's cards, only its face-down count, and a pile turned up
        # does not turn again: after one pass the next would find nothing (moves.follow_ups
        # makes it), so one pass, inline in apply
        _flips(v, w)
    else:
        w("moved = 0")
        w("passes = 0")
        w(f"while passes <= {npiles} + moved:")
        w.depth += 1
        w("passes += 1")
        w("changed = False")
        for k, auto in enumerate(v.autos):
            if auto.kind == AutoKind.MOVE:
                w(f"while moved < {MAX_AUTO_MOVES} and _auto{k}(st, piles, down, env, log):")
                w("    moved += 1")
                w("    changed = True")
            elif auto.kind == AutoKind.FLIP:
                _flips(v, w, auto, "changed = True")
            elif auto.kind == AutoKind.TURN_DOWN:  # moves.turn_down itself: a pass over its piles
                w(f"if _turn_down({w.bind(f'td{k}', auto)}, st, env, log):")
                w("    changed = True")
            elif auto.kind == AutoKind.REMOVE:
                rm = w.bind(f"rm{k}", auto.removal)
                w(f"while moved < {MAX_AUTO_MOVES} and _auto_remove(_v, st, {rm}, env, log):")
                w("    moved += 1")
                w("    changed = True")
            elif auto.kind == AutoKind.REFILL:
                when = w.bind(f"rw{k}", auto.when) if auto.when is not None else None
                for p in auto.piles:
                    if not auto.sources:
                        continue
                    if when is None:
                        w(f"if not piles[{p}]:")
                    else:  # as moves._refill: the condition read with the pile named
                        w(f"env.pile = {p}")
                        w(f"if not piles[{p}] and {when}(env):")
                    w.depth += 1
                    for j, s in enumerate(auto.sources):
                        w(f"{'if' if j == 0 else 'elif'} piles[{s}]:")
                        w.depth += 1
                        _transfer1(w, s, p)
                        w("changed = True")
                        w.depth -= 1
                    w.depth -= 1
            else:
                # raised when reached, as moves.follow_ups does
                w(f'raise _UnknownKind("follow-up kind", {w.bind(f"kind{k}", auto.kind)})')
        w("if not changed:")
        w("    return")
        w.depth -= 1
    w.depth -= 1
    w("")


def _write_apply(v: Any, w: _Writer, scoring: list, flips_only: bool) -> None:
    """apply(st, move, env, log): the move, its points, then the follow-ups."""
    w("def apply(st, move, env, log):")
    w.depth += 1
    w("env.st = st")
    w("piles = st.piles")
    w("down = st.down")
    w("kind = move.kind")
    w("if kind == 'move':")
    if scoring:
        w("    _card_move(st, piles, down, move.sources[0], move.dest, len(move.cards), env, log)")
    else:  # the card move inline: no call
        w("    s = move.sources[0]")
        w("    d = move.dest")
        w("    n = len(move.cards)")
        w("    sp = piles[s]")
        w("    log.append(s << 2 | d << 12 | n << 22 | down[s] << 34 | down[d] << 45)")
        w("    piles[d].extend(sp[-n:])")
        w("    del sp[-n:]")
        w("    if down[s] > len(sp):")
        w("        down[s] = len(sp)")
    if v.removals:
        w("elif kind == 'remove':")
        w.depth += 1
        w("rule = _removal_index[move.name]")
        w.names["_removal_index"] = v.removal_index
        w("if rule.points is not None:")
        w("    env.cards = move.cards; env.piles = move.sources")
        w("    _score(st, rule.points(env) or 0, log)")
        w("dest = move.dest")
        w("for p in move.sources:")
        w("    log.append(p << 2 | dest << 12 | 1 << 22 | down[p] << 34 | down[dest] << 45)")
        w("    piles[dest].append(piles[p].pop())")
        w("    if down[p] > len(piles[p]):")
        w("        down[p] = len(piles[p])")
        w.depth -= 1
    if v.actions:
        w("else:")
        w.depth += 1
        w("i = _action_index[move.name]")
        w.names["_action_index"] = v.action_index
        for i, a in enumerate(v.actions):
            w(f"{'if' if i == 0 else 'elif'} i == {i}:")
            w.depth += 1
            _action(v, w, i, a)
            w(f"st.used[{i}] += 1")
            w(f"log.append({moves.T_USED | i << 2})")
            if a.points is not None:
                known, value = constant(a.points)
                if known:
                    if value:
                        w(f"_score(st, {int(value)}, log)")
                else:
                    w(f"_score(st, {w.bind(f'apts{i}', a.points)}(env) or 0, log)")
            w.depth -= 1
        w.depth -= 1
    if v.autos and flips_only:
        _flips(v, w)
    elif v.autos:
        w("_follow(st, piles, down, env, log)")
    w.depth -= 1
    w("")


def _write_undo(v: Any, w: _Writer) -> None:
    """undo(st, log, start=0): moves.undo with the branches this variant never logs left out."""
    snaps = any(a.kind in (ActionKind.REDEAL, ActionKind.COMPACT) for a in v.actions)
    snaps = snaps or any(a.kind == AutoKind.TURN_DOWN for a in v.autos)  # moves.turn_down's snapshots
    w("def undo(st, log, start=0):")
    w.depth += 1
    w("piles = st.piles")
    w("down = st.down")
    w("pop = log.pop")
    w("while len(log) > start:")
    w.depth += 1
    w("op = pop()")
    w("kind = op & 3")
    w("if kind == 0:")
    w("    n = op >> 22 & 2047")
    w("    d = piles[op >> 12 & 1023]")
    w("    cards = d[-n:]")
    w("    del d[-n:]")
    w("    if op >> 33 & 1:")
    w("        cards.reverse()")
    w("    src = op >> 2 & 1023")
    w("    piles[src].extend(cards)")
    w("    down[src] = op >> 34 & 2047")
    w("    down[op >> 12 & 1023] = op >> 45 & 2047")
    w("elif kind == 1:")
    if snaps:
        w(f"    if op & {moves.SNAP}:")
        w("        p = op >> 14 & 1023")
        w("        cards = [pop() >> 14 for _ in range(op >> 24 & 2047)]")
        w("        cards.reverse()")
        w("        piles[p][:] = cards")
        w("        down[p] = op >> 35 & 2047")
        w(f"    elif op & {moves.REDEAL}:")
        w("        _undo_redeal(_v, st, log, op)")
        if v.mixed_facing:
            w("    elif op >> 14:")
            w("        _unflip_top(st, op >> 2 & 1023, op >> 14)")
        w("    else:")
        w("        down[op >> 2] += 1")
    elif v.mixed_facing:
        w("    if op >> 14:")
        w("        _unflip_top(st, op >> 2 & 1023, op >> 14)")
        w("    else:")
        w("        down[op >> 2] += 1")
    else:
        w("    down[op >> 2] += 1")
    w("elif kind == 2:")
    w("    st.used[op >> 2] -= 1")
    w("else:")
    w("    st.points -= (op >> 2) - _BIAS")
    w.depth -= 2


def _flips(v: Any, w: _Writer, only: Any = None, then: str = "") -> None:
    """The flips of one auto (of every auto, all flips, when only is None), unrolled."""
    covers = v.layout.covers
    for auto in [only] if only is not None else v.autos:
        for p in auto.piles:
            free = _free_test("piles", covers[p])
            w(f"pile = piles[{p}]")
            w(f"if pile and down[{p}] >= len(pile){' and ' + free if free else ''}:")
            if v.mixed_facing:  # face-up cards under it may join its run (State.shown)
                w(f"    log.append({moves.T_FLIP | p << 2} | _flip_top(st, {p}) << 14)")
            else:
                w(f"    down[{p}] = len(pile) - 1")
                w(f"    log.append({moves.T_FLIP | p << 2})")
            if then:
                w(f"    {then}")


def _action(v: Any, w: _Writer, i: int, a: Any) -> None:
    if a.kind == ActionKind.SEQUENCE:  # each step as moves.play_action plays it, when allowed
        for j, part in zip(a.steps, a.parts):
            w(f"if _allowed({w.bind(f'act{j}', part)}, {j}, st, env):")
            w(f"    _play_action(_v, {j}, st, env, log)")
        if not a.steps:
            w("pass")
    elif a.kind == ActionKind.REDEAL:
        w(f"_redeal(_act{i}, {i}, st, env, log)")
        w.names[f"_act{i}"] = a
    elif a.kind == ActionKind.COMPACT:
        w(f"_compact(_act{i}, st, log)")
        w.names[f"_act{i}"] = a
    elif a.kind == ActionKind.RECYCLE:
        src, dst = a.source, a.targets[0]
        w(f"_transfer(st, {src}, {dst}, len(piles[{src}]), True, {not a.face_up!r}, log)")
    elif a.kind == ActionKind.DEAL:
        known, count = constant(a.count)
        if a.count is None:
            known, count = True, 1
        if len(a.targets) == 1 and known and count == 1:
            w(f"if piles[{a.source}]:")
            w.depth += 1
            _transfer1(w, a.source, a.targets[0])
            w.depth -= 1
            return
        if len(a.targets) == 1:  # as moves.apply: one reversed transfer
            src, t = a.source, a.targets[0]
            got = str(int(count or 0)) if known else f"({w.bind(f'cnt{i}', a.count)}(env) or 0)"
            w(f"n = min({got}, len(piles[{src}]))")
            w("if n > 0:")
            w(f"    _transfer(st, {src}, {t}, n, n > 1, False, log)")
            return
        if known:
            w(f"for _ in range({int(count or 0)}):")
        else:
            w(f"for _ in range({w.bind(f'cnt{i}', a.count)}(env) or 0):")
        w.depth += 1
        for t in a.targets:
            w(f"if not piles[{a.source}]:")
            w("    break")
            _transfer1(w, a.source, t)
        if not a.targets:
            w("pass")
        w.depth -= 1
    else:
        w(f'raise _UnknownKind("action kind", {w.bind(f"akind{i}", a.kind)})')  # when played, as moves.apply


def _run_range(v: Any, targets: list) -> tuple[int, int | None]:
    """The run lengths any of the targets may take, (lowest, highest or None), from the
    plans of their accept rules (run.size == k, run.size <= k) and their capacities."""
    lo: int | None = None
    hi: int | None = 0
    for d in targets:
        r = v.rules[d]
        for rule, plan in ((r.accept, r.accept_plan), (r.accept_empty, r.empty_plan)):
            if rule is None:
                continue
            known, value = constant(rule)
            if known and not value:
                continue  # takes nothing
            least = plan.min_run if plan is not None and plan.min_run is not None else 1
            most = plan.max_run if plan is not None else None
            if r.capacity is not None:
                most = r.capacity if most is None else min(most, r.capacity)
            lo = least if lo is None else min(lo, least)
            hi = None if hi is None or most is None else max(hi, most)
    return (1 if lo is None else max(lo, 1)), hi


def _blind(rule: Any, plan: Any) -> bool:
    """Does a compiled accept rule give the same answer whatever the destination pile?"""
    if constant(rule)[0]:
        return True
    return plan is not None and plan.reads is not None and not any(x.startswith("dest") for x in plan.reads)


def _runs_of_alike(v: Any, targets: list, may_group: bool) -> list:
    """The targets cut into runs of neighbours that one test answers for all: the same
    rule object, taking only on empty piles (or only on non-empty ones), with no capacity
    and no cover, the rule blind to the destination. Other targets stand alone."""
    out: list = []
    for d in targets:
        r = v.rules[d]
        key = None
        if may_group and r.capacity is None and not v.layout.covers[d]:
            if r.accept is None and _blind(r.accept_empty, r.empty_plan):
                key = ("empty", id(r.accept_empty))
            elif r.accept_empty is None and _blind(r.accept, r.accept_plan):
                key = ("full", id(r.accept))
        if key is not None and out and out[-1][0] == key:
            out[-1][1].append(d)
        else:
            out.append((key, [d]))
    return [g for _, g in out]


def source(variant: Any) -> str:
    """The generated text of a variant's apply and undo."""
    w = _Writer()
    _build(variant, w)
    return "\n".join(w.lines) + "\n"


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def functions(variant: Any) -> tuple[Callable, Callable]:
    """(apply, undo) generated for a variant, compiled once and kept while the variant lives:
    apply(st, move, env, log), undo(st, log, start=0), as moves.apply and moves.undo."""
    got = _CACHE.get(variant)
    if got is None:
        w = _Writer()
        _build(variant, w)
        text = "\n".join(w.lines) + "\n"
        namespace: dict = dict(w.names)
        exec(compile(text, "<rulesdsl generated apply>", "exec"), namespace)  # our own text only
        got = (namespace["apply"], namespace["undo"])
        _CACHE[variant] = got
    return got


def _closures(variant: Any) -> tuple[Callable, Callable]:
    return (
        lambda st, move, env, log: moves.apply(variant, st, move, env, log),
        lambda st, log, start=0: moves.undo(st, log, start, variant),
    )


def engine(variant: Any) -> tuple[Callable, Callable]:
    """The (apply, undo) a game uses: generated, or moves.py's closures when the
    environment variable RULESDSL_ENGINE is ``closures`` (the reference engine), and for
    the rules ``reference_only`` names."""
    if os.environ.get("RULESDSL_ENGINE") == "closures":
        return _closures(variant)
    if reference_only(variant):
        return _closures(variant)
    return functions(variant)


def reference_only(variant: Any) -> bool:
    """Rules the generated source does not cover yet, left to moves.py: the history (the
    last move and the streak, recorded by moves.record) and flips with a condition."""
    return variant.records_history or any(a.kind == AutoKind.FLIP and a.when is not None for a in variant.autos)
