"""Expressions that follow the grammar and, mostly, the types: a generator for fuzzing.

``expression(rng, want, slot)`` writes the text of an expression of type ``want`` that a
rule of the slot's kind may contain: the names that kind of rule sees, the pile groups and
options of ``BASE`` (a variant with every place an expression may stand), quantifiers
with their own variables, and every operator. A small share is wrong on purpose: another
type, an unknown name, a literal too large, a chain too deep, a quantifier nested the way
the loader refuses. ``variant(slot, text)`` is ``BASE`` with that slot's expression replaced.

Used by tests/lang/test_hostile_expressions.py (a few hundred, in CI) and
bench/fuzz_expressions.py (10,000, with figures).
"""

from __future__ import annotations

import json
import random

# slot -> (YAML placeholder, role, wanted type, default text); the 16 places of the format
SLOTS = {
    "params": ("role: const", "int", "n + 1"),
    "count": ("role: count", "int", "n + 3"),
    "sequence": ("role: sequence", "bool", "b.rank == a.rank - 1"),
    "max_run": ("role: move", "int", "13"),
    "accept": ("role: move", "bool", "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"),
    "accept_empty": ("role: move", "bool", "card.rank == K"),
    "pile_points": ("role: move", "int", "10"),
    "remove": ("role: card", "bool", "card.rank > 13"),
    "action_count": ("role: state", "int", "1"),
    "action_limit": ("role: state", "int", "n * 10"),
    "action_when": ("role: state", "bool", "true"),
    "action_points": ("role: state", "int", "0 - 1"),
    "removal_when": ("role: remove", "bool", "cards[0].rank + cards[1].rank == 13"),
    "removal_points": ("role: remove", "int", "2"),
    "win": ("role: state", "bool", "all(f in foundation: f.size == 13)"),
    "score": ("role: state", "int", "sum(f in foundation: f.size)"),
}
ROLE = {slot: spec[0].split(": ")[1] for slot, spec in SLOTS.items()}
WANT = {slot: spec[1] for slot, spec in SLOTS.items()}

BASE = """\
name: Slots
description: Every place an expression may stand, for the hostile-input tests.
options:
  level: {{values: [easy, hard], default: easy}}
  n: {{default: 3, min: 1, max: 9}}
params:
  p: {params}
deck: {{}}
piles:
  stock: {{role: stock}}
  waste: {{role: waste, lift: top}}
  foundation:
    count: 4
    role: foundation
    accept_empty: "card.rank == A"
    accept: {accept}
    points: {pile_points}
  tableau:
    count: {count}
    role: tableau
    lift: run
    sequence: {sequence}
    max_run: {max_run}
    accept: "card.rank == dest.top.rank - 1"
    accept_empty: {accept_empty}
  discard: {{role: other}}
deal:
  - shuffle
  - {{to: tableau, count: 2}}
  - remove: {remove}
  - {{rest: "stock[0]"}}
actions:
  draw:
    kind: deal
    from: "stock[0]"
    to: "waste[0]"
    count: {action_count}
    limit: {action_limit}
    when: {action_when}
    points: {action_points}
removals:
  pair:
    from: [tableau, waste]
    to: "discard[0]"
    cards: 2
    when: {removal_when}
    points: {removal_points}
win: {win}
score: {score}
"""


def variant(slot: str | None = None, text: str | None = None, **more) -> str:
    """The base variant with one slot's expression (or several, as keywords) replaced."""
    texts = {s: spec[2] for s, spec in SLOTS.items()}
    if slot is not None:
        texts[slot] = text
    texts.update(more)
    return BASE.format(**{s: json.dumps(t) for s, t in texts.items()})


def line_of(slot: str) -> int:
    """The line of the base variant on which a slot's expression stands."""
    marker = "{" + slot + "}"
    for i, line in enumerate(BASE.splitlines(), 1):
        if marker in line:
            return i
    raise KeyError(slot)


# -- what each kind of rule sees ------------------------------------------------------------------

GROUPS = ["stock", "waste", "foundation", "tableau", "discard"]
ROLE_NAMES = {
    "state": {},
    "const": {},
    "count": {},
    "sequence": {"a": "card", "b": "card"},
    "move": {"run": "list[card]", "card": "card", "source": "pile", "dest": "pile"},
    "remove": {"cards": "list[card]"},
    "card": {"card": "card"},
}
CONSTS = {"n": "int", "level": "str"}  # options (and the param p, except in count)
HISTORY = {"int": ["points", "streak"], "pile": ["last.source", "last.dest"], "str": ["last.kind"]}
HISTORY_ROLES = ("state", "sequence", "move", "remove")
SUITS = ["spades", "hearts", "diamonds", "clubs"]
TYPES = ["int", "bool", "card", "pile", "list[card]", "list[pile]", "suit", "color", "str"]


class Gen:
    """One expression: a random walk down the grammar, steered by the wanted type."""

    def __init__(self, rng: random.Random, role: str, wrong: float = 0.04):
        self.rng, self.role, self.wrong = rng, role, wrong
        self.scope: dict[str, str] = {}  # quantifier variables in scope -> type
        self.fresh = 0

    # names of a type visible here
    def names(self, t):
        out = [k for k, v in ROLE_NAMES[self.role].items() if v == t]
        out += [k for k, v in self.scope.items() if v == t]
        out += [k for k, v in CONSTS.items() if v == t]
        if t == "int" and self.role != "count":
            out.append("p")
        if t == "list[pile]" and self.role not in ("const", "count"):
            out += GROUPS
        if self.role in HISTORY_ROLES:  # the history (docs/expressions.md)
            out += HISTORY.get(t, [])
        return out

    def const_only(self):
        return self.role in ("const", "count")

    def pick(self, options):
        return self.rng.choice(options)

    def gen(self, t: str, depth: int) -> str:
        r = self.rng.random()
        if r < self.wrong:  # wrong on purpose, now and then
            return self.mistake(t, depth)
        if depth <= 0 or r < 0.15:
            return self.leaf(t)
        return getattr(self, "g_" + t.replace("[", "_").replace("]", ""))(depth - 1)

    def mistake(self, t, depth):
        kind = self.rng.randrange(7)
        if kind == 0:
            return self.gen(self.pick([x for x in TYPES if x != t]), depth - 1)  # another type
        if kind == 1:
            return self.pick(["nope", "cardd", "tableau.size", "run.rank", "used(nope)", "f(1)"])
        if kind == 2:
            return str(self.pick([1_000_001, 10**12, 2**31, 10**40]))
        if kind == 3:  # too deep
            op = self.pick([" + 1", " * 1", " ** 1", " - 1"])
            return "1" + op * self.rng.randrange(40, 80)
        if kind == 4:
            return "not " * self.rng.randrange(45, 70) + "true"
        if kind == 5:
            return "2 ** 40" if t == "int" else "1000000 * 1000000 > 0"
        return self.pick(["(", "1 +", "[1, 2", "'x", "a..b", "1 == 2 == 3"])

    def leaf(self, t):
        names = self.names(t)
        if names and self.rng.random() < 0.6:
            return self.pick(names)
        if t == "int":
            return self.pick(["0", "1", "2", "7", "13", "A", "K", "Q", "J", "T", "100", "1000000"])
        if t == "bool":
            return self.pick(["true", "false"])
        if t == "suit":
            return self.pick(SUITS)
        if t == "color":
            return self.pick(["red", "black"])
        if t == "str":
            return self.pick(["'easy'", "'hard'", '"tableau"', "'KS'", "''"])
        if t == "card":
            return self.pick(["none", "foundation[0].top"]) if not self.const_only() else "none"
        if t == "pile":
            return f"{self.pick(GROUPS)}[0]" if not self.const_only() else "none"
        if t == "list[card]":
            return "cards(tableau)" if not self.const_only() else "[]"
        if t == "list[pile]":
            return self.pick(GROUPS) if not self.const_only() else "[]"
        return "none"

    # -- one method per type -------------------------------------------------------------------
    def g_int(self, d):
        g, k = self.gen, self.rng.randrange(16)
        if k < 5:
            return f"{g('int', d)} {self.pick(['+', '-', '*', '/', '%'])} {g('int', d)}"
        if k == 5:
            return f"{g('int', d)} ** {self.pick(['0', '1', '2', '3', '31', '64', '65'])}"
        if k == 6:
            return f"-{g('int', d)}"
        if k == 7:
            return f"({g('int', d)})"
        if k == 8:
            return f"{self.pick(['abs', 'succ', 'pred'])}({g('int', d)})"
        if k == 9:
            return f"{self.pick(['min', 'max'])}({g('int', d)}, {g('int', d)})"
        if k == 10:
            return f"{g('int', d)} if {g('bool', d)} else {g('int', d)}"
        if self.const_only():
            return self.leaf("int")
        if k == 11:
            return f"{g('card', d)}.{self.pick(['rank', 'copy'])}"
        if k == 12:
            return f"{g('pile', d)}.{self.pick(['size', 'down', 'up', 'index'])}"
        if k == 13:
            return f"len({g(self.pick(['list[card]', 'list[pile]']), d)})"
        if k == 14:
            return self.quant(self.pick(["count", "sum"]), d)
        return self.pick(["used('draw')", f"{g('list[card]', d)}.size"])

    def g_bool(self, d):
        g, k = self.gen, self.rng.randrange(13)
        if k < 3:
            return f"{g('int', d)} {self.pick(['==', '!=', '<', '<=', '>', '>='])} {g('int', d)}"
        if k == 3:
            t = self.pick(["suit", "color", "str", "card", "pile"])
            return f"{g(t, d)} {self.pick(['==', '!='])} {g(t, d)}"
        if k == 4:
            return f"not {g('bool', d)}"
        if k == 5:
            op = self.pick([" and ", " or "])
            return op.join(g("bool", d) for _ in range(self.rng.randrange(2, 5)))
        if k == 6:
            return f"({g('bool', d)})"
        if k == 7:
            return f"{g('bool', d)} if {g('bool', d)} else {g('bool', d)}"
        if k == 8:
            return f"level {self.pick(['==', '!='])} {self.pick(['easy', 'hard'])!r}"
        if self.const_only():
            return self.leaf("bool")
        if k == 9:
            return f"{g('pile', d)}.{self.pick(['empty', 'free', 'covered'])}"
        if k == 10:
            t = self.pick(["card", "pile"])
            return f"{g(t, d)} {self.pick(['in', 'not in'])} {g('list[' + t + ']', d)}"
        return self.quant(self.pick(["all", "any"]), d)

    def g_card(self, d):
        if self.const_only():
            return "none"
        k = self.rng.randrange(4)
        if k == 0:
            return f"{self.gen('pile', d)}.{self.pick(['top', 'bottom'])}"
        if k == 1:
            return f"{self.gen('list[card]', d)}.{self.pick(['first', 'last'])}"
        if k == 2:
            return f"{self.gen('list[card]', d)}[{self.pick(['0', '1', '-1', '99'])}]"
        return self.leaf("card")

    def g_pile(self, d):
        if self.const_only():
            return "none"
        k = self.rng.randrange(4)
        if k == 0:
            return f"{self.pick(GROUPS)}[{self.pick(['0', '1', '3', '-1'])}]"
        if k == 1:
            return f"{self.gen('pile', d)}.{self.pick(['prev', 'next'])}"
        if k == 2:
            return f"{self.gen('list[pile]', d)}.{self.pick(['first', 'last'])}"
        return self.leaf("pile")

    def g_list_card(self, d):
        if self.const_only():
            return "[]"
        k = self.rng.randrange(4)
        if k == 0:
            return f"{self.gen('pile', d)}.cards"
        if k == 1:
            return f"{self.pick(['cards', 'tops'])}({self.gen('list[pile]', d)})"
        if k == 2:
            return "[" + ", ".join(self.gen("card", d) for _ in range(self.rng.randrange(0, 3))) + "]"
        return self.leaf("list[card]")

    def g_list_pile(self, d):
        if self.const_only():
            return "[]"
        k = self.rng.randrange(3)
        if k == 0:
            return f"{self.gen('pile', d)}.covered_by"
        if k == 1:
            return "[" + ", ".join(self.gen("pile", d) for _ in range(self.rng.randrange(1, 3))) + "]"
        return self.leaf("list[pile]")

    def g_suit(self, d):
        return f"{self.gen('card', d)}.suit" if not self.const_only() and self.rng.random() < 0.6 else self.pick(SUITS)

    def g_color(self, d):
        return (
            f"{self.gen('card', d)}.color"
            if not self.const_only() and self.rng.random() < 0.6
            else self.pick(["red", "black"])
        )

    def g_str(self, d):
        if not self.const_only() and self.rng.random() < 0.5:
            return self.pick([f"{self.gen('card', d)}.name", f"{self.gen('pile', d)}.group"])
        return self.leaf("str")

    def quant(self, kind, d):
        """A quantifier; a nested one ranges over the outer variable's cards (mostly)."""
        body_t = "int" if kind == "sum" else "bool"
        outer = [k for k, v in self.scope.items() if v == "pile"]
        pairs = self.rng.random() < 0.25
        if self.scope and self.rng.random() < 0.85:
            if outer:
                coll, et = f"{self.pick(outer)}.cards", "card"
            else:
                return self.leaf(body_t)
        else:
            et = self.pick(["card", "pile"])
            coll = self.gen("list[" + et + "]", d)
        self.fresh += 1
        names = [f"x{self.fresh}", f"y{self.fresh}"] if pairs else [f"x{self.fresh}"]
        for nm in names:
            self.scope[nm] = et
        try:
            body = self.gen(body_t, d)
        finally:
            for nm in names:
                del self.scope[nm]
        if pairs:
            return f"{kind}({names[0]}, {names[1]} in pairs({coll}): {body})"
        return f"{kind}({names[0]} in {coll}: {body})"


def expression(rng: random.Random, slot: str, depth: int | None = None) -> str:
    """A mostly valid expression for a slot, at most 2,000 characters (cut if longer)."""
    g = Gen(rng, ROLE[slot])
    text = g.gen(WANT[slot], rng.randrange(1, 7) if depth is None else depth)
    return text[:2000]


def cases(count: int, seed: int = 0):
    """count (slot, text) pairs, the slots in turn, reproducible from the seed."""
    rng = random.Random(seed)
    names = list(SLOTS)
    for i in range(count):
        slot = names[i % len(names)]
        yield slot, expression(rng, slot)


# -- one case: write, check, load, play --------------------------------------------------------


def run_case(slot: str, text: str, path, *, moves: int = 12, seed: int = 1) -> tuple:
    """Put text in the slot, check the file, and play a few moves when it loads.

    Returns ("loaded", codes) or ("refused", codes): codes are the diagnostics' codes, errors
    and warnings. Anything else that goes wrong is raised, for the caller to count.
    """
    import rulesdsl
    from rulesdsl.core.errors import RulesError
    from rulesdsl.validation.validate import check_file

    path.write_text(variant(slot, text), encoding="utf-8")
    diags = check_file(path, play=0)
    codes = tuple(sorted({d.code for d in diags}))
    unlocated = [d for d in diags if not d.line or not d.column]
    if unlocated:
        raise AssertionError(f"a diagnostic with no line and column: {unlocated[0].render()}")
    try:
        v = rulesdsl.load_path(path)
    except RulesError as exc:
        return "refused", codes or tuple(sorted({d.code for d in exc.diagnostics}))
    rng = random.Random(seed)
    g = v.new_game(seed)
    for _ in range(moves):
        legal = g.legal_moves()
        g.won, g.over, g.score
        if not legal:
            break
        g.play(rng.choice(legal))
    g.undo()  # None when no move was played
    return "loaded", codes
