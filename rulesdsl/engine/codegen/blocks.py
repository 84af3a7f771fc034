"""The generated move generator's text: ``generate(st, env)`` laid out from the translated rules.

One block per source pile in pile order (or, in loop mode, one loop per run of a group's
piles), each with the tests of every destination in pile order, so that the moves come out
in the documented order; then the removals and the actions. The rules inside the tests are
translate.py's expressions; the package's ``__init__`` compiles the text and binds the
tables it names.
"""

from __future__ import annotations

from ...core.kinds import ActionKind
from ..moves import Move
from .translate import _ALL, _Ctx, _Gen

# -- the generator's source ------------------------------------------------------------


class _Out:
    """Lines of source with their indentation."""

    def __init__(self):
        self.lines: list[str] = []
        self.depth = 1

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> None:
        self.depth += 1

    def dedent(self) -> None:
        self.depth -= 1


class _Dest:
    """What a card move from one source to one destination pile needs: the translated tests."""

    def __init__(self, d, full, full_run, empty, empty_run, fallback, reads, cap, alike):
        self.d = d
        self.full, self.full_run = full, full_run  # accept and the run bound, or None
        self.empty, self.empty_run = empty, empty_run  # accept_empty and the run bound, or None
        self.fallback = fallback  # a closure reads env.dest
        self.reads = reads
        self.cap = cap
        self.alike = alike  # the number of its interchangeable group, or None
        self.bound: int | None = None  # the longest run it may take, when its rules say
        self.n_const: int | None = None  # the run length, when known (lift top; bound 1)


def _low(s: str, r) -> str:
    """The text of the height a run of pile s is lifted from: above its face-down cards and
    the cards it keeps."""
    return f"max(down[{s}], {int(r.keep)})" if r.keep else f"down[{s}]"


def _cond(parts: list[str]) -> str:
    return " and ".join(parts) if parts else "True"


class _Lift:
    """What a source's rules ask of its run, gathered over its destinations: the moving
    card's values read once per run length (card_atoms), the run as a tuple (uses_run), the
    run lifted off its pile (needs_lift), a closure that reads the context (fallback)."""

    def __init__(self) -> None:
        self.card_atoms: dict = {}
        self.uses_run = False
        self.needs_lift = False
        self.fallback = False

    def took(self, ctx: _Ctx) -> None:
        """What a rule translated in ctx needs."""
        self.uses_run = self.uses_run or ctx.uses_run
        self.card_atoms.update(ctx.card_atoms)

    def settle(self) -> None:
        """A closure reads the lifted run; a lifted run is a tuple."""
        if self.fallback:
            self.needs_lift = True
        if self.needs_lift:
            self.uses_run = True


def _kept(parts: dict) -> tuple | None:
    """(accept, its run bound, accept_empty, its run bound) with a rule that folds to false
    left out, or None when neither is left: the destination never takes the cards."""
    full, full_run = parts["accept"]
    empty, empty_run = parts["accept_empty"]
    if full is not None and full.is_const and not full.const:
        full = None
    if empty is not None and empty.is_const and not empty.const:
        empty = None
    if full is None and empty is None:
        return None
    return full, full_run, empty, empty_run


class _Build(_Gen):
    # True: each card move listed as (source, dest, count), no Move built (lean_generator)
    lean = False

    def source(self, loop: bool, only: frozenset | None = None, onto: int | None = None) -> str:
        """The text of generate(st, env); loop: loop mode (many piles), else unrolled.
        ``only`` (unrolled): the card moves from those piles alone, each block as in the
        whole generator (a block reads the piles' tops and nothing another block sets), so
        they come in the same order; no removal, no action. ``onto``: with them, the moves
        of every other pile onto that pile (its own tests as in the whole generator; while
        it is empty, an alike empty pile before it may take a move instead there)."""
        v = self.v
        o = _Out()
        rules, layout = v.rules, v.layout
        takers = [d for d in range(layout.size) if rules[d].takes]
        groups = {name: i for i, name in enumerate(layout.groups)}
        body = _Out()
        body.depth = 1
        if loop:
            for srcs in _runs(v, v.sources):
                self.source_loop(body, srcs, _runs(v, takers))
        else:
            for s in v.sources:
                if only is None or s in only:
                    self.source_block(body, s, takers, groups)
                elif onto is not None and onto in takers:
                    self.source_block(body, s, [onto], groups)
        if v.removals and only is None:
            body("# removals: the reference engine's own function")
            body("REMOVE(V, st, env, out)")
        for i, a in enumerate(v.actions if only is None else ()):
            self.action(body, i, a)
        o("piles = st.piles")
        o("down = st.down")
        o("used = st.used")
        o("env.st = st")
        o("out = []")
        for d in [] if loop else takers:
            o(f"q{d} = piles[{d}]")
            atoms = self.dest_atoms.get(d)
            if atoms:
                o(f"if q{d}:")
                o.indent()
                for name, code in atoms.items():
                    o(f"{name} = {code}")
                o.dedent()
        head = [
            "# The move generator generated by rulesdsl/codegen.py from the checked rules.",
            "# Names it reads from its namespace: Move; K, the table of constants (text and",
            "# objects, never copied into this source); F, compiled rules it calls as closures;",
            "# RANK, SUIT, COLOR, COPY (by card id), SUCC, PRED (by rank); V, the variant;",
            "# REMOVE and ALLOWED, the reference engine's removals and action test; PAIRS;",
            "# SAT and POW, ops.py's saturating arithmetic;",
            "# FREE (no pile of a list holds a card); P_<attr>, a pile attribute by pile number;",
            "# S<i>, D<i>, the pile numbers a loop runs over (loop mode, with s, d, q = piles[d]).",
            "# Piles are numbered globally (rulesdsl explain lists them); q<d> is pile d,",
            "# t<d>_<attr> its top card's attribute, c the moving run's first card, n its length.",
        ]
        lines = head + ["def generate(st, env):"] + o.lines + body.lines + ["    return out"]
        return "\n".join(lines) + "\n"

    def source_block(self, o: _Out, s: int, takers: list, groups: dict) -> None:
        """One source pile's block (unrolled): its run grown card by card, and under it the
        tests of each destination that can take it, in pile order."""
        v = self.v
        r = v.rules[s]
        n_const = 1 if r.lift == "top" else None
        lift = _Lift()
        dests = [x for d in takers if d != s and (x := self.block_dest(s, d, n_const, groups, lift)) is not None]
        seq, seq_ok = self.sequence(r, lift)
        if not dests:
            # nothing can take its cards: the pile gives no move
            return
        lift.fallback = lift.fallback or r.lift_when is not None  # a closure judges the lifted run
        lift.settle()
        covers = v.layout.covers[s]
        o(f"# pile {s}: gives cards (lift {r.lift})")
        o(f"p = piles[{s}]")
        free = "".join(f" and not piles[{q}]" for q in covers)
        o(f"if len(p) > {_low(str(s), r)}{free}:")
        o.indent()
        self.open_run(o, str(s), n_const, lift, r)
        for g in sorted({x.alike for x in dests if x.alike is not None}):
            o(f"al{g} = False")
        run_code = "run" if lift.uses_run else ("(c,)" if n_const == 1 else "tuple(p[k:])")
        move = f'out.append(Move("move", ({s},), {{d}}, {run_code}))'
        if self.lean:
            move = f"out.append(({s}, {{d}}, n))"
        # destinations side by side that take runs of at most B cards (their rules' plans and
        # capacities say so) are asked under one test n <= B
        group_bound = None
        for x in dests:
            b = x.bound
            if b != group_bound:
                if group_bound is not None:
                    o.dedent()
                if b is not None:
                    o(f"if n <= {b}:")
                    o.indent()
                group_bound = b
            one = move if lift.uses_run or x.n_const != 1 else move.replace("tuple(p[k:])", "(c,)")
            if self.lean and x.n_const == 1:
                one = move.replace(", n))", ", 1))")  # (a constant tuple)
            self.dest_block(o, x, x.n_const, one)
        if group_bound is not None:
            o.dedent()
        if r.lift_when is not None:
            o.dedent()
        self.close_run(o, n_const, lift.needs_lift, seq, seq_ok)

    def block_dest(self, s: int, d: int, n_const, groups: dict, lift: _Lift) -> _Dest | None:
        """The tests of a move from pile s to pile d (unrolled), or None when d never takes
        its cards."""
        v = self.v
        r, rd = v.rules[s], v.rules[d]
        b = None if n_const is not None else self.run_bound(rd)
        dn = 1 if b == 1 else n_const  # asked only under n <= 1: the run is one card
        parts, fb, reads = self.accepts(r, rd, dn, lift, lambda is_empty: _Ctx("move", s, d, dest_empty=is_empty, n=dn))
        if s in v.layout.covers[d]:
            reads |= {s}
        kept = _kept(parts)
        if kept is None:
            return None
        full, full_run, empty, empty_run = kept
        alike = groups[rd.group] if rd.interchangeable and empty is not None else None
        x = _Dest(d, full, full_run, empty, empty_run, fb, reads, rd.capacity, alike)
        x.bound, x.n_const = b, dn
        lift.fallback = lift.fallback or fb
        lift.needs_lift = lift.needs_lift or s in reads or -1 in reads
        return x

    def accepts(self, r, rd, dn, lift: _Lift, where) -> tuple[dict, bool, frozenset]:
        """A destination's accept and accept_empty translated, each with the source's max_run
        (r the source's rules, rd the destination's, where(is_empty) the context): (parts by
        key, a closure reads env, the piles they read)."""
        path = ("piles", rd.group)
        parts: dict = {}
        fb = False
        reads: frozenset = frozenset()
        for key, fn, is_empty in (("accept", rd.accept, False), ("accept_empty", rd.accept_empty, True)):
            if fn is None:
                parts[key] = (None, None)
                continue
            ctx = where(is_empty)
            val, ok = self.rule(path + (key,), fn, ctx)
            bound = None
            if r.max_run is not None and dn != 1:
                ctx2 = where(is_empty)
                bound, ok2 = self.rule(("piles", r.group, "max_run"), r.max_run, ctx2)
                ok = ok and ok2
                lift.took(ctx2)
                reads |= bound.reads
            fb = fb or not ok
            lift.took(ctx)
            reads |= val.reads
            parts[key] = (val, bound)
        return parts, fb, reads

    def sequence(self, r, lift: _Lift) -> tuple:
        """The source's sequence rule, tested on each new pair as the run grows: (value, translated?)."""
        seq, seq_ok = None, True
        if r.lift == "run" and r.sequence is not None:
            sctx = _Ctx("sequence")
            seq, seq_ok = self.rule(("piles", r.group, "sequence"), r.sequence, sctx)
            lift.card_atoms.update(sctx.card_atoms)
        return seq, seq_ok

    def open_run(self, o: _Out, s: str, n_const, lift: _Lift, r) -> None:
        """The moving run's first card c and length n (a loop that grows the run, unless the
        pile gives its top card only), its values, and the run lifted when a rule reads the
        pile; s is the source pile's number or its loop variable; r the source's rules (a
        run grows down to its keep, and its lift_when opens a test the caller closes)."""
        if n_const == 1:
            o("c = p[-1]")
            o("n = 1")
        else:
            o("k = len(p) - 1")
            o(f"lo = {_low(s, r)}")
            o("n = 1")
            o("while True:")
            o.indent()
            o("c = p[k]")
        for name, code in lift.card_atoms.items():
            o(f"{name} = {code}")
        if lift.uses_run:
            o("run = (c,)" if n_const == 1 else "run = tuple(p[k:])")
        if lift.needs_lift:
            o("del p[-n:]" if n_const is None else "p.pop()")
        if lift.fallback:
            o(f"env.source = {s}")
            o("env.run = run")
            o("env.card = c")
        if r.lift_when is not None:
            o(f"if {self.fn(r.lift_when)}(env):")
            o.indent()

    def close_run(self, o: _Out, n_const, needs_lift: bool, seq, seq_ok: bool) -> None:
        """The run put back, and grown by the next card while the sequence rule holds."""
        if needs_lift:
            o("p.extend(run)" if n_const is None else "p.append(c)")
        if n_const is None:
            o("if k <= lo:")
            o("    break")
            if seq is not None:
                o("a = p[k - 1]")
                if not seq_ok:
                    o("env.a = a")
                    o("env.b = c")
                if not (seq.is_const and seq.const):
                    o(f"if not {seq.code}:")
                    o("    break")
            o("k -= 1")
            o("n += 1")
            o.dedent()
        o.dedent()

    def source_loop(self, o: _Out, srcs: tuple, druns: list) -> None:
        """Loop mode: the source piles srcs (one group, one set of rules) as a loop over s,
        each run of destinations as a loop over d: the same tests as source_block, in the
        same order, with the pile numbers read from the loop variables."""
        v = self.v
        layout = v.layout
        r = v.rules[srcs[0]]
        n_const = 1 if r.lift == "top" else None
        lift = _Lift()
        plans = [p for dests in druns if (p := self.loop_dest(srcs, dests, n_const, lift)) is not None]
        seq, seq_ok = self.sequence(r, lift)
        if not plans:
            return
        lift.fallback = lift.fallback or r.lift_when is not None  # a closure judges the lifted run
        lift.settle()
        src_table = self.loop_table("S", srcs)
        o(f"# piles {srcs[0]}..{srcs[-1]} ({len(srcs)}): give cards (lift {r.lift}), s the pile")
        o(f"for s in {src_table}:")
        o.indent()
        o("p = piles[s]")
        free = ""
        if any(layout.covers[s] for s in srcs):
            self.table_values["P_covers"] = tuple(layout.covers)
            free = " and FREE(piles, P_covers[s])"
        o(f"if len(p) > {_low('s', r)}{free}:")
        o.indent()
        self.open_run(o, "s", n_const, lift, r)
        for i, (_dests, _covered, x) in enumerate(plans):
            if x.alike:
                o(f"al{i} = False")
        run_code = "run" if lift.uses_run else ("(c,)" if n_const == 1 else "tuple(p[k:])")
        move = f'out.append(Move("move", (s,), d, {run_code}))'
        for i, (dests, covered, x) in enumerate(plans):
            opened = 0
            if x.bound is not None:
                o(f"if n <= {x.bound}:")
                o.indent()
                opened += 1
            o(f"for d in {self.loop_table('D', dests)}:")
            o.indent()
            opened += 1
            if srcs[0] <= dests[-1] and dests[0] <= srcs[-1] and set(srcs) & set(dests):
                o("if d == s:")
                o("    continue")
            if covered:
                self.table_values["P_covers"] = tuple(layout.covers)
                o("if not FREE(piles, P_covers[d]):")
                o("    continue")
            o("q = piles[d]")
            x.alike = i if x.alike else None
            one = move if lift.uses_run or x.n_const != 1 else move.replace("tuple(p[k:])", "(c,)")
            if self.lean and x.n_const == 1:
                one = move.replace(", n))", ", 1))")  # (a constant tuple)
            self.dest_tests(o, x, x.n_const, one, "q", "d")
            for _ in range(opened):
                o.dedent()
        if r.lift_when is not None:
            o.dedent()
        self.close_run(o, n_const, lift.needs_lift, seq, seq_ok)
        o.dedent()

    def loop_dest(self, srcs: tuple, dests: tuple, n_const, lift: _Lift) -> tuple | None:
        """A run of destinations (one group, one set of rules) seen from a loop over srcs:
        (dests, covered, its tests), or None when none of them takes the cards."""
        v = self.v
        layout = v.layout
        r, rd = v.rules[srcs[0]], v.rules[dests[0]]
        b = None if n_const is not None else self.run_bound(rd)
        dn = 1 if b == 1 else n_const

        def where(is_empty: bool) -> _Ctx:
            ctx = _Ctx("move", None, None, dest_empty=is_empty, n=dn)
            ctx.sg, ctx.dg = r.group, rd.group
            return ctx

        parts, fb, reads = self.accepts(r, rd, dn, lift, where)
        kept = _kept(parts)
        if kept is None:
            return None
        full, full_run, empty, empty_run = kept
        covered = any(layout.covers[d] for d in dests)
        if covered and set(srcs) & {q for d in dests for q in layout.covers[d]}:
            reads |= _ALL
        alike = rd.interchangeable and empty is not None
        x = _Dest(None, full, full_run, empty, empty_run, fb, reads, rd.capacity, alike)
        x.bound, x.n_const = b, dn
        lift.fallback = lift.fallback or fb
        lift.needs_lift = lift.needs_lift or bool(reads)
        return dests, covered, x

    def loop_table(self, prefix: str, piles: tuple) -> str:
        name = f"{prefix}{sum(1 for k in self.table_values if k.startswith(prefix) and k[1:].isdigit())}"
        self.table_values[name] = piles
        return name

    def run_bound(self, rd) -> int | None:
        """The longest run a pile of these rules may take, from the plans of its accept rules
        (compiler.Plan) and its capacity, or None when nothing bounds it."""
        bounds = []
        for rule, plan in ((rd.accept, rd.accept_plan), (rd.accept_empty, rd.empty_plan)):
            if rule is None:
                continue
            b = plan.max_run if plan is not None else None
            if rd.capacity is not None:
                b = rd.capacity if b is None else min(b, rd.capacity)
            bounds.append(b)
        if not bounds or None in bounds:
            return None
        return max(b for b in bounds if b is not None)

    def dest_block(self, o: _Out, x: _Dest, n_const, move: str) -> None:
        d = x.d
        covers = self.v.layout.covers[d]
        opened = 0
        if covers:
            o(f"if not ({' or '.join(f'piles[{q}]' for q in covers)}):")
            o.indent()
            opened += 1
        self.dest_tests(o, x, n_const, move.format(d=d), f"q{d}", repr(d))
        for _ in range(opened):
            o.dedent()

    def dest_tests(self, o: _Out, x: _Dest, n_const, add: str, q: str, d: str) -> None:
        """The tests of a move to one destination, its pile being q and its number d."""
        if x.fallback:
            o(f"env.dest = {d}")
        if x.full is not None:
            o(f"if {q}:" if x.empty is not None else f"if {q}:  # to pile {d}")
            o.indent()
            tests = []
            if x.cap is not None:
                tests.append(f"len({q}) < {x.cap}" if n_const == 1 else f"len({q}) + n <= {x.cap}")
            if not x.full.is_const:
                tests.append(x.full.code)
            tests += _run_bound(x.full_run, n_const)
            o(f"if {_cond(tests)}:")
            o(f"    {add}")
            o.dedent()
        if x.empty is not None:
            o("else:" if x.full is not None else f"if not {q}:")
            o.indent()
            tests = []
            if x.alike is not None:
                tests.append(f"not al{x.alike}")
            if x.cap is not None and (n_const != 1 or x.cap < 1):
                tests.append(f"n <= {x.cap}")
            if not x.empty.is_const:
                tests.append(x.empty.code)
            tests += _run_bound(x.empty_run, n_const)
            o(f"if {_cond(tests)}:")
            o(f"    {add}")
            if x.alike is not None:
                o(f"    al{x.alike} = True")
            o.dedent()

    def action(self, o: _Out, i: int, a) -> None:
        if a.step_only:
            o(f"# action {i}: played only as a step of a sequence")
            return
        move = self.lit(Move("action", (a.source,), None, (), a.name))
        o(f"# action {i}")
        if a.kind not in (ActionKind.DEAL, ActionKind.RECYCLE):
            o(f"if ALLOWED({self.lit(a)}, {i}, st, env):")
            o(f"    out.append({move})")
            return
        tests = [f"piles[{a.source}]"]
        if a.kind == ActionKind.RECYCLE:
            tests.append(f"not piles[{a.targets[0]}]")
        path = ("actions", a.name)
        if a.limit is not None:
            lim, _ok = self.rule(path + ("limit",), a.limit, _Ctx("state"))
            if lim.is_const:
                if lim.const is not None:
                    tests.append(f"used[{i}] < {self.lit(lim.const)}")
            elif not lim.null:
                tests.append(f"used[{i}] < {lim.code}")
            else:
                t = self.temp()
                tests.append(f"(({t} := {lim.code}) is None or used[{i}] < {t})")
        if a.when is not None:
            when, _ok = self.rule(path + ("when",), a.when, _Ctx("state"))
            if when.is_const:
                if not when.const:
                    return
            else:
                tests.append(when.code)
        o(f"if {_cond(tests)}:")
        o(f"    out.append({move})")


def _run_bound(bound, n_const) -> list[str]:
    """The source's max_run as a test (a run of one card is never bounded)."""
    if bound is None or n_const == 1:
        return []
    if bound.is_const:
        return ["n == 1"] if bound.const is None else [f"(n == 1 or n <= {bound.code})"]
    if not bound.null:
        return [f"(n == 1 or n <= {bound.code})"]
    return [f"(n == 1 or ((_lim := {bound.code}) is not None and n <= _lim))"]


def _runs(v, piles) -> list:
    """The piles in their order, cut into runs of one group and one set of rules (loop mode)."""
    out: list = []
    for p in piles:
        if out and v.rules[out[-1][-1]] is v.rules[p] and out[-1][-1] < p:
            out[-1].append(p)
        else:
            out.append([p])
    return [tuple(r) for r in out]
