"""The validator's dynamic checks: seeded random playouts of a variant built with every
expression watched (V801-V809).

A rule that fails or gives the wrong kind of value is reported at its place in the file; a
listed move that does not do what it says, cards lost or duplicated, undo or redo that does
not restore the position, no progress in any game, a deal that overfills a pile, a game won
as soon as it is dealt, and a failure of rulesdsl itself. Each file's playouts share one
budget of listed moves (limits.py), so a huge layout costs no more than a small one.
"""

from __future__ import annotations

import random
from collections import Counter

from ..core.errors import Diagnostic, RulesdslError
from ..core.kinds import PROGRESS_ROLES
from ..core.limits import MAX_PLAY_WORK
from ..formats import notation
from ..play.game import Game
from ..variant.loader import load_report
from ..variant.schema import type_name

MAX_MOVES = 300  # moves per playout
SAMPLE = 6  # listed moves tried (played, checked, undone) at each step


class RuleFailed(RulesdslError):
    """An expression that raised, or gave the wrong kind of value, during a playout."""

    def __init__(self, path, want, *, exc=None, value=None, env=None):
        super().__init__(str(path))
        self.path, self.want, self.exc, self.value = path, want, exc, value
        self.context = (env.run, env.card, env.source, env.dest, env.cards) if env is not None else None


def _guard(fn, path, want):
    def guarded(e):
        try:
            r = fn(e)
        except RuleFailed:
            raise
        except Exception as exc:  # the language is meant to be total: report, with the rule
            raise RuleFailed(path, want, exc=exc, env=e) from None
        if r is not None:
            if want == "int" and (isinstance(r, bool) or not isinstance(r, int)):
                raise RuleFailed(path, want, value=r, env=e)
            if want == "bool" and not isinstance(r, bool):
                raise RuleFailed(path, want, value=r, env=e)
        return r

    return guarded


def _explain(exc: BaseException) -> str:
    text = str(exc)
    if isinstance(exc, TypeError) and "str" in text:
        return (
            "it does arithmetic or an order comparison (<, >) on text: with these options a "
            "name in it holds text, not a number"
        )
    if isinstance(exc, TypeError):
        return f"it combines values that do not go together ({text})"
    return f"it could not be computed ({type(exc).__name__}: {text})"


class _Playout:
    def __init__(self, doc, variant, combo, out):
        self.doc, self.v, self.combo, self.out = doc, variant, combo, out
        self.budget: list = [MAX_PLAY_WORK]  # moves still to list, shared by a file's playouts
        self.reported: set = set()

    def report(self, code, message, path=(), *, hint=None):
        tag = (code, tuple(path))
        if tag in self.reported:
            return
        self.reported.add(tag)
        # a whole rule (an action, a removal, a pile group) is pointed at by its name
        key = len(path) == 2 and path[0] in ("actions", "removals", "piles")
        self.out.append(self.doc.diag(code, message, path, hint=hint, key=key))

    @staticmethod
    def where(seed, step=None) -> str:
        if step is None:
            return f"in a random game (seed {seed}, at the deal)"
        return f"in a random game (seed {seed}, move {step + 1})"

    def rule_failed(self, f: RuleFailed, seed, step, doing):
        v = self.v
        judging = ""
        if (
            f.context is not None
            and f.path[0] in ("piles", "removals")
            and f.path[-1] in ("accept", "accept_empty", "max_run", "when", "points")
        ):
            run, card, source, dest, cards = f.context
            if f.path[0] == "piles" and doing == "listing" and run and source is not None and dest is not None:
                judging = f", judging {v.deck.text(run[0])}@{v.pile_name(source)}>{v.pile_name(dest)}"
            elif f.path[0] == "removals" and doing == "listing" and cards:
                judging = f", judging the removal of {' '.join(v.deck.text(c) for c in cards)}"
        if doing == "listing" and not judging:
            judging = ", while listing the legal moves"
        elif doing not in ("listing", "deal", "win"):
            judging = f", playing {doing}"
        at = self.where(seed, None if doing == "deal" else step) + judging
        if f.exc is not None:
            self.report(
                "V801",
                f"this expression failed {at}: {_explain(f.exc)}",
                f.path,
                hint="every value an expression reads must exist for all option values "
                "and positions; guard it with 'X if condition else Y'",
            )
        else:
            want = "a number" if f.want == "int" else "true or false"
            self.report(
                "V802",
                f"this expression gave {f.value!r} ({type_name(f.value)}) {at}, but {want} is needed here",
                f.path,
                hint="an option or parameter with values of another kind probably flows in here",
            )

    def bug(self, what, exc, seed, step):
        self.report(
            "V809",
            f"rulesdsl itself failed {what} {self.where(seed, step)}: {type(exc).__name__}: {exc}",
            (),
            hint="this is a bug in rulesdsl, not in your file; please report it with the file",
        )

    # -- one game ---------------------------------------------------------------------
    def run(self, seed) -> bool:
        """Play one random game; True when it made progress."""
        v = self.v
        try:
            g = Game.new(v, seed)
        except RuleFailed as f:
            self.rule_failed(f, seed, None, "deal")
            return False
        except Exception as exc:
            self.bug("while dealing", exc, seed, None)
            return False
        st = g.state
        self.deal_checks(g, seed)
        cards = sorted(c for p in st.piles for c in p)
        goal = {p for p in range(v.layout.size) if v.rules[p].role in PROGRESS_ROLES}
        progress = False
        rng = random.Random(seed * 7919 + 17)
        for step in range(MAX_MOVES):
            try:
                _ = g.score  # evaluated for the RuleFailed it may raise
                if g.won:
                    return True
                moves = g.legal_moves()
            except RuleFailed as f:
                self.rule_failed(f, seed, step, "listing")
                return progress
            except Exception as exc:
                self.bug("while listing the moves", exc, seed, step)
                return progress
            if not moves:
                return progress
            self.budget[0] -= len(moves)
            if self.budget[0] <= 0:
                return progress
            chosen = rng.choice(moves)
            tried = rng.sample(moves, min(SAMPLE, len(moves)))
            for m in tried:
                if m is not chosen and not self.try_move(g, m, moves, cards, seed, step, keep=False):
                    return progress
            if not self.try_move(g, chosen, moves, cards, seed, step, keep=True):
                return progress
            # progress: a card played (not dealt by an action) onto a foundation or discard pile
            if chosen.kind == "remove" or (chosen.kind == "move" and chosen.dest in goal):
                progress = True
        return progress

    def deal_checks(self, g, seed):
        v, st = self.v, g.state
        for p, pile in enumerate(st.piles):
            cap = v.rules[p].capacity
            if cap is not None and len(pile) > cap:
                group = v.layout.group_of[p]
                self.report(
                    "V807",
                    f"the deal puts {len(pile)} cards on {v.pile_name(p)}, whose capacity is {cap} (seed {seed})",
                    ("piles", group, "capacity"),
                    hint="deal fewer cards there, or raise the capacity",
                )
        try:
            won = g.won
        except RuleFailed as f:
            self.rule_failed(f, seed, None, "deal")
            return
        if won:
            self.report(
                "V808",
                f"the game is already won when it is dealt (seed {seed})",
                ("win",),
                hint="the win should describe the finished layout",
            )

    def try_move(self, g, m, moves, cards, seed, step, keep) -> bool:
        """Play a listed move with every check; undo it unless keep. False stops the game."""
        st = g.state
        text = g.move_text(m)
        rule = self.rule_path(m)
        before = st.key()
        if not self.listed_right(g, m, moves, text, rule, seed, step):
            return False
        try:
            g.apply_unchecked(m)
        except RuleFailed as f:
            self.rule_failed(f, seed, step, text)
            return False
        except Exception as exc:
            self.bug(f"playing {text}", exc, seed, step)
            return False
        after = st.key()
        if not self.cards_kept(g, m, cards, text, rule, seed, step):
            return False
        if not self.undo_redo(g, text, rule, before, after, seed, step):
            return False
        if not keep:
            g.undo()
            g.future.clear()
            g._legal = moves  # the position is the one they were listed for
        return True

    def listed_right(self, g, m, moves, text, rule, seed, step) -> bool:
        """V803: the move's cards are the face-up top of its source, and its text reads back as it."""
        v, st = self.v, g.state
        if m.kind == "move":
            src, n = m.sources[0], len(m.cards)
            pile = st.piles[src]
            if pile[-n:] != list(m.cards) or len(pile) - st.down[src] < n:
                self.report(
                    "V803",
                    f"the move {text} is listed but its cards are not the face-up top of "
                    f"{v.pile_name(src)} {self.where(seed, step)}",
                    rule,
                )
                return False
        try:
            spec = notation.parse_spec(v, text)
        except Exception as exc:
            self.report(
                "V803",
                f"the listed move {text} cannot be read back from its own text {self.where(seed, step)}: {exc}",
                rule,
                hint="give actions and removals names that differ from each other and from card moves",
            )
            return False
        if next((x for x in moves if notation.move_spec(v, x) == spec), None) != m:
            self.report(
                "V803",
                f"the move text {text} names another move too {self.where(seed, step)}",
                rule,
                hint="give each action a name of its own (names are read without case)",
            )
            return False
        return True

    def cards_kept(self, g, m, cards, text, rule, seed, step) -> bool:
        """V804, V803 after playing a move: no card lost or duplicated, face-down counts sound,
        and the cards where the move put them."""
        v, st = self.v, g.state
        now = sorted(c for p in st.piles for c in p)
        if now != cards:
            was, has = Counter(cards), Counter(now)
            lost = [v.deck.text(c) for c in (was - has).elements()]
            extra = [v.deck.text(c) for c in (has - was).elements()]
            what = "; ".join(
                x
                for x in (f"lost {' '.join(lost)}" if lost else "", f"duplicated {' '.join(extra)}" if extra else "")
                if x
            )
            self.report(
                "V804",
                f"playing {text} {self.where(seed, step)} {what}",
                rule,
                hint="cards may only move between piles",
            )
            return False
        bad = [p for p in range(v.layout.size) if not 0 <= st.down[p] <= len(st.piles[p])]
        # face-up cards under face-down ones (State.shown) lie under the top run, in normal form
        bad += [p for p, bits in st.shown.items() if not (st.down[p] and 0 < bits < 1 << (st.down[p] - 1))]
        if bad:
            self.report(
                "V804",
                f"after {text} {self.where(seed, step)} {v.pile_name(bad[0])} has "
                f"{st.down[bad[0]]} face-down cards but holds {len(st.piles[bad[0]])}",
                rule,
            )
            return False
        # (automatic moves and removals may have taken the cards on at once: then only the first
        # check counts)
        if (
            m.kind == "move"
            and st.piles[m.dest][-len(m.cards) :] != list(m.cards)
            and not any(a.kind in ("move", "remove") for a in v.autos)
        ):
            self.report(
                "V803", f"the move {text} did not put its cards on {v.pile_name(m.dest)} {self.where(seed, step)}", rule
            )
            return False
        return True

    def undo_redo(self, g, text, rule, before, after, seed, step) -> bool:
        """V805: undo gives back the position before the move, redo the one after it."""
        st = g.state
        g.undo()
        if st.key() != before:
            self.report(
                "V805",
                f"undoing {text} {self.where(seed, step)} does not restore the position",
                rule,
                hint="automatic follow-ups must be undone with the move that caused them",
            )
            return False
        try:
            g.redo()
        except RuleFailed as f:
            self.rule_failed(f, seed, step, text)
            return False
        if st.key() != after:
            self.report(
                "V805", f"redoing {text} {self.where(seed, step)} does not give the same position as playing it", rule
            )
            return False
        return True

    def rule_path(self, m) -> tuple:
        v = self.v
        if m.kind == "action":
            return ("actions", m.name)
        if m.kind == "remove":
            return ("removals", m.name)
        return ("piles", v.layout.group_of[m.dest])


def playouts(doc, path, combo, play, budget=None) -> list[Diagnostic]:
    """V8xx: ``play`` seeded random games of one option combination.

    ``budget`` (a one-item list) counts down the moves listed; at 0 the games stop, so a
    layout of a thousand piles costs no more to check than a small one (limits.py)."""
    try:
        variant = load_report(path, combo, wrap=_guard, document=doc).variant
    except Exception:  # pragma: no cover - the loader reported it already
        return []
    if variant is None:
        return []
    out: list[Diagnostic] = []
    runner = _Playout(doc, variant, combo, out)
    runner.budget = budget if budget is not None else [MAX_PLAY_WORK]
    progress = False
    for seed in range(1, play + 1):
        progress = runner.run(seed) or progress
    judged = any(r.role in PROGRESS_ROLES for r in variant.rules) or variant.removals
    if (
        not progress
        and judged
        and runner.budget[0] > 0
        and not any(d.severity == "error" for d in out)
        and not _progress_possible(variant)
    ):
        group = next((r.group for r in variant.rules if r.role in PROGRESS_ROLES), None)
        where = ("piles", group) if group else ("removals",)
        out.append(
            doc.diag(
                "V806",
                f"no random game ({play} seeded, up to {MAX_MOVES} moves each) ever moved a card onto "
                f"a foundation or discard pile, or removed one, and no position built from the deal lets "
                f"one take a card",
                where,
                key=True,
                hint="check that the accept rules of these piles can hold, and that cards can be lifted "
                "(lift) from the piles they start on",
            )
        )
    return out


def _chains(v, env, rules, start, cards) -> list:
    """Runs from `start` a player could build on a pile of this group, longest first tried.

    With a sequence rule: the longest run it allows, taking the first card that fits at
    each step (cards in id order). A group that lifts any face-up run (no sequence rule)
    holds whatever was built on it, so the usual built orders are tried: down and up in
    the card's suit, and down and up by rank alone.
    """
    if rules.lift != "run":
        return [[start]]
    if rules.sequence is not None:

        def fits(a, b):
            env.a, env.b = a, b
            return rules.sequence(env)

        tests: list = [fits]
    else:
        rank, suit = v.deck.rank_of, v.deck.suit_of
        tests = [
            lambda a, b, d=d, same=same: rank[b] == rank[a] + d and (not same or suit[b] == suit[a])
            for same in (True, False)
            for d in (-1, 1)
        ]
    out = []
    for fits in tests:
        run, left = [start], [c for c in cards if c != start]
        while True:
            nxt = next((c for c in left if fits(run[-1], c)), None)
            if nxt is None:
                break
            run.append(nxt)
            left.remove(nxt)
        out.append(run)
    return out


def _progress_possible(v) -> bool:
    """Can a foundation or discard pile ever take a card? Asked of built positions.

    Some correct games (a whole suit run to clear, say) almost never make progress in
    random play. Before warning, the validator builds positions from seed 1's deal: for each
    pile that cards leave, and each card, each run a player could build there from that card
    (`_chains`) is put face up on that pile (the cards taken from wherever they were), and the
    engine is asked whether any listed move then reaches a foundation or discard pile.
    """
    try:
        dealt = Game.new(v, 1).state
    except Exception:  # the playouts reported it
        return True
    goal = {p for p in range(v.layout.size) if v.rules[p].role in PROGRESS_ROLES}
    cards = sorted(c for p in dealt.piles for c in p)
    seen_groups = set()
    for s in v.sources:
        r = v.rules[s]
        if r.lift == "none" or r.group in seen_groups or s in goal:
            continue
        seen_groups.add(r.group)
        g = Game(v, dealt.copy())
        env = g._env
        env.st = g.state
        for run in (run for c in dict.fromkeys(cards) for run in _chains(v, env, r, c, cards)):
            for n in range(1, len(run) + 1):
                st = dealt.copy()
                take = Counter(run[:n])
                for p, pile in enumerate(st.piles):
                    kept = []
                    for c in pile:
                        if take[c]:
                            take[c] -= 1
                        else:
                            kept.append(c)
                    st.down[p] = min(st.down[p], len(kept))
                    st.piles[p] = kept
                st.down[s] = len(st.piles[s])
                st.piles[s].extend(run[:n])
                try:
                    moves = Game(v, st).legal_moves()
                except Exception:  # the playouts report failing rules
                    continue
                if any(m.kind == "remove" or (m.kind == "move" and m.dest in goal) for m in moves):
                    return True
    return False
