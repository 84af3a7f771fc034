"""The rules text section by section, written from the compiled Variant: the deck, the
layout and the deal program, moving cards, actions, automatic moves, winning and score.
Each section reads the Variant's fields and its checked trees, and speaks them with Speaker."""

from __future__ import annotations

from typing import Any

from ...core.cards import rank_text
from ...core.kinds import ActionKind, AutoKind
from ...engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from ...lang import checker as ck
from .sequence import sequence_phrase
from .speaker import Speaker
from .takes import what_it_takes
from .trees import _all_of_size, _rank_of, _walk, simplify
from .words import _UNLIMITED, join, number, plural, rank_word, ranks_word, sentence, times

_MOVE_NAMES = {
    "card": "the card moved",
    "run": "the cards moved",
    "source": "the pile it comes from",
    "dest": "this pile",
}


class _Writer:
    def __init__(self, v: Any):
        self.v = v
        self.lay = v.layout
        self.runs = any(r.lift == "run" for r in v.groups.values())

    def tree(self, *path: Any) -> ck.Expr | None:
        c = self.v.exprs.get(tuple(path))
        return None if c is None else c.tree

    def speaker(self, role: str, **names: str) -> Speaker:
        base = {
            "move": _MOVE_NAMES,
            "sequence": {"a": "the card below", "b": "the card on it"},
            "remove": {"cards": "the cards", "piles": "their piles"},
            "card": {"card": "the card"},
            "pile": {"pile": "the pile"},
        }.get(role, {})
        return Speaker(self.v, {**base, **names})

    def piles_text(self, piles: tuple) -> str:
        """'the tableau piles', 'tableau[0], tableau[1] and tableau[2]', 'the waste pile'."""
        piles = tuple(piles)
        for name, g in self.lay.groups.items():
            if piles == tuple(g.piles):
                return f"the {name} pile" if g.count == 1 else f"the {number(g.count)} {name} piles"
        sp = self.speaker("state")
        return join([sp.pile(p) for p in piles])

    # -- sections ---------------------------------------------------------------------------
    def deck(self) -> str:
        d = self.v.deck
        lines = []
        if self.v.options:
            helps = {o.name: o.help for o in self.v.option_decls}
            lines.append("Options chosen:")
            for k, val in self.v.options.items():
                lines.append(f"- {k}={val}" + (f": {helps[k]}" if helps.get(k) else ""))
        suits = join([f"{s.name} ({s.symbol}, {s.color})" if s.symbol else f"{s.name} ({s.color})" for s in d.suits])
        ranks = d.ranks
        if ranks == tuple(range(ranks[0], ranks[-1] + 1)):
            rtext = f"{rank_text(ranks[0])} to {rank_text(ranks[-1])}"
        else:
            rtext = " ".join(rank_text(r) for r in ranks)
        decks = "One deck" if d.decks == 1 else f"{number(d.decks).capitalize()} decks shuffled together"
        lines.append(
            f"{decks}: {d.size} cards, of {plural(len(d.suits), 'suit')}: {suits}; ranks {rtext}"
            f"{' (ace low)' if ranks[0] == 1 and not d.wrap else ''}."
        )
        if d.wrap:
            lines.append("The ranks wrap round: the ace follows the king, and the king comes before the ace.")
        removed = self.removed_count()
        rules = [s for s in self.v.deal if isinstance(s, RemoveCards)]
        if rules:
            what = join([self.card_kind(t, plural=True) for t in self.step_trees("remove")])
            lines.append(f"Cards removed: after the deal {what} are taken out of the game ({removed} cards).")
        else:
            lines.append("No card is removed: every card is in play.")
        return "\n".join(lines)

    def removed_count(self) -> int:
        g = self.v.new_game(1)
        return self.v.deck.size - sum(len(p) for p in g.state.piles)

    def step_trees(self, key: str) -> list:
        """The checked trees of the deal steps' `key` expressions, in step order."""
        found = sorted(
            (p[1], c.tree) for p, c in self.v.exprs.items() if len(p) == 3 and p[0] == "deal" and p[2] == key
        )
        return [t for _, t in found]

    def card_kind(self, e: ck.Expr, plural: bool = False) -> str:
        """'every king' / 'the kings' for a card test; a clause otherwise."""
        e = simplify(e)
        if isinstance(e, ck.Binary) and e.op == "==" and _rank_of(e.left) is not None and e.right.is_const:
            return f"the {ranks_word(e.right.const)}" if plural else f"every {rank_word(e.right.const)}"
        sp = self.speaker("card")
        return f"the cards for which {sp.cl(e)}"

    def layout_and_deal(self) -> str:
        lines = []
        for name, g in self.lay.groups.items():
            r = self.v.groups[name]
            bits = [plural(g.count, "pile")]
            if r.label and r.label != name:
                bits.append(f"shown as \u201c{r.label}\u201d")
            bits.append(f"role {r.role}")
            if g.rows and len(set(g.rows)) == 1 and len(g.rows) > 1:
                bits.append(f"laid out in {number(len(g.rows))} rows of {number(g.rows[0])}")
            elif g.rows:
                bits.append(f"laid out in rows of {join([str(n) for n in g.rows])}")
                if g.overlap:
                    bits.append("each row lying partly over the row before it")
            if r.capacity is not None:
                bits.append(f"{'each ' if g.count > 1 else ''}holding at most {plural(r.capacity, 'card')}")
            if name in self.ringed():
                bits.append(
                    "its piles following one another in reading order as a ring (after the last comes the first)"
                )
            lines.append(f"- {name}: {', '.join(bits)}.")
        if any(g.overlap for g in self.lay.groups.values()):
            lines.append(
                "A pile is covered while a pile of the next row overlapping it holds a card; a covered pile "
                "neither gives nor takes cards."
            )
        lines.append("")
        lines.append("The deal:")
        lines.extend(self.deal_steps())
        return "\n".join(lines)

    def ringed(self) -> set:
        """The groups whose rules read a pile's neighbours (``prev``, ``next``)."""
        out = set()
        for path, c in self.v.exprs.items():
            if path[0] == "piles" and any(
                isinstance(n, ck.Attr) and n.attr is not None and n.attr.name in ("prev", "next") for n in _walk(c.tree)
            ):
                out.add(path[1])
        return out

    def deal_steps(self) -> list[str]:
        out: list[str] = []
        d = self.v.deck
        shuffled = False
        left = d.size
        new_piles = iter(self.step_trees("new_pile"))
        to_bottom = iter(self.step_trees("to_bottom"))
        takes = iter(self.step_trees("take"))
        intos = iter(self.step_trees("into"))
        for step in self.v.deal:
            if isinstance(step, Shuffle):
                out.append("- The cards are shuffled." if not shuffled else "- The cards left are shuffled.")
                shuffled = True
            elif isinstance(step, Place):
                placed = [
                    f"{rank_text(r)}{d.suits[s].symbol or d.suits[s].letter} on {self.piles_text((p,))}"
                    for p, r, s in step.cards
                ]
                when = "Before the shuffle, these" if not shuffled else "These"
                out.append(f"- {when} cards are set out face up: {join(placed)}.")
                left -= len(step.cards)
            elif isinstance(step, DealTo):
                out.append("- " + self.deal_to(step, next(new_piles, None) if step.new_pile else None))
                left = 0 if step.new_pile else left - sum(step.counts)
            elif isinstance(step, ToBottom):
                t = next(to_bottom, None)
                what = self.card_kind(t, plural=True) if t is not None else "some cards"
                out.append(
                    f"- Then, in each of {self.piles_text(step.piles)}, {what} go down to the bottom of the pile."
                )
            elif isinstance(step, Rest):
                face = "face up" if step.face_up else "face down"
                out.append(f"- The {plural(left, 'card')} left go {face} to {self.piles_text((step.pile,))}.")
                left = 0
            elif isinstance(step, RemoveCards):
                out.append("- Then the cards named under \u201cThe deck\u201d are taken out, leaving gaps.")
            elif isinstance(step, BaseRank):
                whose = (
                    f"the first of {self.piles_text(step.piles)} that holds a card"
                    if len(step.piles) > 1
                    else self.piles_text(step.piles)
                )
                out.append(
                    f"- The rank of the bottom card of {whose} is the base rank of the game, fixed until its end."
                )
            elif isinstance(step, Take):
                out.append("- " + self.take(step, next(takes, None), next(intos, None) if step.into else None))
                left -= step.count or 0
        return out

    def take(self, step: Take, test: ck.Expr | None, into: ck.Expr | None) -> str:
        """A take step: the cards it picks, and where each goes."""
        sp = self.speaker("card")
        if test is None or (test.is_const and test.const is True):
            which = "each card still in the deck"
        else:
            which = f"each card still in the deck for which {sp.cl(test)}"
        most = f" (at most {plural(step.count, 'card')})" if step.count is not None else ""
        if step.into is None:
            where = f"to the first of {self.piles_text(step.onto)} that takes it"
        else:
            where = f"to {sp.np(into)}" if into is not None else "to the pile worked out from it"
            where += " (if there is such a pile, with room" + (
                f", and it has not had {plural(step.per_pile, 'card')} from this step yet)"
                if step.per_pile is not None
                else ")"
            )
        return f"Then {which} goes face up, in deck order, {where}{most}."

    def deal_to(self, step: DealTo, new_pile: ck.Expr | None) -> str:
        where = self.piles_text(step.piles)
        group = self.lay.groups[self.lay.group_of[step.piles[0]]]
        skipped = [p for p in group.piles if p not in step.piles]
        if skipped and len(step.piles) > 1 and all(self.lay.group_of[p] == group.name for p in step.piles):
            gaps = join([self.lay.name(p) for p in skipped])
            where = f"the {group.name} piles but {gaps} ({'it stays' if len(skipped) == 1 else 'they stay'} empty)"
        if new_pile is not None:
            test = self.card_kind(new_pile)
            return (
                f"Every card left is dealt face up onto the first of {where}; before {test} the deal moves on "
                f"to the next pile (unless the current one is still empty)."
            )
        counts, downs = step.counts, step.downs
        if len(set(counts)) == 1:
            many = (
                f"{plural(counts[0], 'card')} to each of {where}"
                if len(counts) > 1
                else f"{plural(counts[0], 'card')} to {where}"
            )
        else:
            many = f"{join([str(c) for c in counts])} cards to {where} in turn"
        if not any(downs):
            face = "face up"
        elif all(dn == c - 1 for c, dn in zip(counts, downs)):
            face = "only the top card of each pile face up" if len(counts) > 1 else "only the top card face up"
        elif all(dn == c for c, dn in zip(counts, downs)):
            face = "face down"
        else:
            face = f"the first {join([str(x) for x in downs])} cards of each pile in turn face down, the rest face up"
        order = "round after round, one card to each pile in turn" if step.by_row else "pile by pile"
        text = f"Deal {many}, {face}" + (f" ({order})" if max(counts) > 1 and len(counts) > 1 else "")
        if step.over_up:
            text += "; a face-down card dealt onto face-up ones leaves them face up beneath it"
        if step.play:
            text += (
                f". Each card about to be dealt face up first goes to {self.piles_text(step.play)} if one of them "
                f"takes it (by the rules below), and then takes its place in the deal"
            )
        return text + "."

    def moving(self) -> str:
        lines = []
        for name, g in self.lay.groups.items():
            r = self.v.groups[name]
            title = f"{name} ({'1 pile' if g.count == 1 else f'{g.count} piles'})"
            bits = []
            sp = self.speaker("move")
            removable = [rm.name for rm in self.v.removals if set(g.piles) & set(rm.sources)]
            if r.lift == "none" and removable:
                bits.append(f"Its cards leave it only by removal ({join(removable, 'or')}, below).")
            elif r.lift == "none" and self.leaves(g):
                bits.append(f"No card may be picked up from it; cards leave it only by {join(self.leaves(g), 'or')}.")
            elif r.lift == "none":
                bits.append("Its cards never leave it.")
            elif r.lift == "top":
                bits.append("Its top card may be moved.")
            else:
                seq = self.tree("piles", name, "sequence")
                if seq is None:
                    bits.append("Any face-up card may be moved together with all the cards on it, in whatever order.")
                else:
                    phrase = sequence_phrase(seq)
                    if phrase is None:
                        phrase = "where each card meets this: " + self.speaker("sequence").cl(seq)
                    going = "going " if phrase.startswith(("up", "down")) else ""
                    bits.append(
                        f"Its top card may be moved, or a run of face-up cards from the top {going}{phrase}, as a unit."
                    )
            if r.keep and r.lift != "none":
                bits.append(
                    "Its bottom card never leaves it." if r.keep == 1 else f"Its bottom {r.keep} cards never leave it."
                )
            lw = self.tree("piles", name, "lift_when")
            if lw is not None:
                lsp = self.speaker("move", source="the pile")
                bits.append(f"Cards may leave it only when {lsp.cl(lw)} (the cards already lifted off).")
            mr = self.tree("piles", name, "max_run")
            if mr is not None:
                msp = self.speaker("move", dest="the destination")
                bits.append(f"The most cards that may move from it at once: {msp.np(mr)}.")
            accept, empty = self.tree("piles", name, "accept"), self.tree("piles", name, "accept_empty")
            if r.accept is None and r.accept_empty is None and self.arrives(g):
                bits.append(
                    f"No card may be put on it by hand; cards come to it only by {join(self.arrives(g), 'or')}."
                )
            elif r.accept is None and r.accept_empty is None:
                bits.append("It takes no cards.")
            else:
                on_card = on_empty = None
                if r.accept is not None and accept is not None:
                    on_card = what_it_takes(sp, accept, False, self.runs)
                if r.accept_empty is not None and empty is not None:
                    on_empty = what_it_takes(self.speaker("move", dest="the empty pile"), empty, True, self.runs)
                if on_card is not None and on_card == on_empty:
                    bits.append(f"Whether empty or not, it takes {on_card}.")
                else:
                    bits.append(f"On its top card it takes {on_card}." if on_card else "It takes nothing on a card.")
                    bits.append(f"When empty it takes {on_empty}." if on_empty else "An empty pile takes nothing.")
            if r.capacity is not None:
                bits.append(f"It holds at most {plural(r.capacity, 'card')}.")
            lines.append(f"- {title}: " + " ".join(bits))
        if self.runs:
            lines.append(
                "Where a rule speaks of \u201cthe card moved\u201d, a run is judged by its bottom card; "
                "every move is judged with the moving cards already lifted."
            )
        for rm in self.v.removals:
            lines.append("- " + self.removal(rm))
        return "\n".join(lines)

    def leaves(self, g: Any) -> list[str]:
        """How cards leave a group's piles other than by hand: its actions and refills."""
        piles = set(g.piles)
        out = [
            f"the action {a.name}"
            for a in self.v.actions
            if a.source in piles or piles & set(a.gather) or (a.kind is ActionKind.COMPACT and piles & set(a.targets))
        ]
        if any(au.kind is AutoKind.REFILL and piles & set(au.sources) for au in self.v.autos):
            out.append("the automatic refill")
        return out

    def arrives(self, g: Any) -> list[str]:
        """How cards come to a group's piles other than by hand: actions, refills, automatic moves."""
        piles = set(g.piles)
        out = [f"the action {a.name}" for a in self.v.actions if piles & set(a.targets)]
        out += [f"removal {rm.name}" for rm in self.v.removals if rm.dest in piles]
        if any(au.kind is AutoKind.REFILL and piles & set(au.piles) for au in self.v.autos):
            out.append("the automatic refill")
        return out

    def removal(self, rm: Any) -> str:
        sp = self.speaker("remove")
        sp.cards_count = rm.cards  # type: ignore[attr-defined]
        when = self.tree("removals", rm.name, "when")
        cond = sp.cl(when) if when is not None else "always"
        srcs = join(
            [self.piles_text(self.lay.groups[n].piles) for n in dict.fromkeys(self.lay.group_of[p] for p in rm.sources)]
        )
        what = "a free face-up top card" if rm.cards == 1 else f"{number(rm.cards)} free face-up top cards"
        go = "goes" if rm.cards == 1 else "go together"
        text = f"Removal \u201c{rm.name}\u201d: {what} of {srcs} {go} to {self.piles_text((rm.dest,))} when {cond}."
        pts = self.tree("removals", rm.name, "points")
        if pts is not None:
            text += f" It scores {sp.np(pts)}."
        return text

    def actions(self) -> str:
        lines = []
        for a in self.v.actions:
            if a.step_only:
                lines.append(f"- {a.name} (played only as a step of a sequence): " + self.action(a))
                continue
            lines.append(
                f"- {a.name}"
                + (f" (\u201c{a.label}\u201d)" if a.label and a.label != a.name else "")
                + ": "
                + self.action(a)
            )
        if not lines:
            return "No actions: every move is a card move."
        return "\n".join(lines)

    def action(self, a: Any) -> str:
        sp = self.speaker("state")
        count = self.tree("actions", a.name, "count")
        n = count.const if count is not None and count.is_const else (1 if count is None else None)
        nwords = number(n) if n is not None else sp.np(count)  # type: ignore[arg-type]
        src = self.piles_text((a.source,))
        if a.kind is ActionKind.DEAL:
            if len(a.targets) == 1:
                body = f"deal {nwords} card{'s' if n != 1 else ''} from {src} face up onto {self.piles_text(a.targets)}"
            else:
                per = "one card" if n == 1 else f"{nwords} cards"
                body = f"deal {per} from {src} face up onto each of {self.piles_text(a.targets)}, in order"
            body += " (fewer when fewer are left)" if n != 1 else ""
        elif a.kind is ActionKind.RECYCLE:
            face = "face up" if a.face_up else "face down"
            body = (
                f"when {self.piles_text(a.targets)} is empty, turn {src} over onto it, {face}, so that its cards "
                f"come again in the same order"
            )
        elif a.kind is ActionKind.REDEAL:
            body = f"gather the cards of {self.piles_text(a.gather)}"
            body += " (each pile top card first)" if a.top_first else ""
            keep = self.tree("actions", a.name, "keep")
            if keep is not None:
                body += f" (a pile's cards stay where they are when {self.speaker('pile').cl(keep)})"
            body += ", shuffle them" if a.shuffle else " in order"
            face = "face down" if a.face_down else "face up"
            body += f" and deal them back {face} onto {self.piles_text(a.targets)}, {nwords} to a pile"
            skip = self.tree("actions", a.name, "skip")
            if skip is not None:
                body += f", passing over a pile when {self.speaker('pile').cl(skip)}"
        elif a.kind is ActionKind.SEQUENCE:
            names = join([self.v.actions[j].name for j in a.steps], "then")
            body = f"play {names}, each when it is possible at its turn, as one move (undone as one)"
        elif a.kind is ActionKind.COMPACT:
            body = (
                f"the piles of {self.piles_text(a.targets)} that hold cards slide up to close the gaps, and each "
                f"empty pile at the end gets the top card of {src}, face up"
            )
        else:
            body = str(a.kind)
        limit = self.tree("actions", a.name, "limit")
        if limit is not None:
            if limit.is_const and isinstance(limit.const, int):
                lim = limit.const
                if lim >= _UNLIMITED:
                    body += f"; any number of times (the limit is {lim:,})"
                elif lim <= 0:
                    body += "; never (its limit is 0)"
                else:
                    body += f"; at most {times(lim)} in a game"
                    if a.kind is ActionKind.RECYCLE:
                        draws = [b for b in self.v.actions if b.kind is ActionKind.DEAL and b.source == a.targets[0]]
                        if draws:
                            passes = plural(lim + 1, "pass", "passes")
                            body += f" (so at most {passes} through {self.piles_text(a.targets)})"
            else:
                body += f"; at most {sp.np(limit)} times in a game"
        else:
            body += "; any number of times"
        when = self.tree("actions", a.name, "when")
        if when is not None and simplify(when).is_const:
            if not simplify(when).const:
                return body.split("; ")[0] + "; never possible (its condition is always false)."
        elif when is not None:
            body += f"; only when {sp.cl(when)}"
        pts = self.tree("actions", a.name, "points")
        if pts is not None:
            body += f"; it scores {sp.np(pts)}"
        return body + "."

    def autos(self) -> str:
        lines = []
        for i, au in enumerate(self.v.autos):
            if au.kind is AutoKind.FLIP:
                where = self.piles_text(au.piles)
                where = where if len(au.piles) == 1 else "one of " + where
                when = self.tree("auto", i, "when")
                cond = f", and only when {self.speaker('pile', pile='the pile').cl(when)}" if when is not None else ""
                joins = "; the face-up cards just under it then join it in the face-up run on top"
                joins = joins if self.v.mixed_facing else ""
                free = "turns face up as soon as the pile is free"
                lines.append(f"- A face-down card on top of {where} {free}{cond}{joins}.")
            elif au.kind is AutoKind.REFILL:
                srcs = join([self.piles_text((p,)) for p in au.sources], "or else of")
                when = self.tree("auto", i, "when")
                cond = f", but only when {self.speaker('pile', pile='the pile').cl(when)}" if when is not None else ""
                lines.append(
                    f"- An empty pile of {self.piles_text(au.piles)} is refilled at once, face up, with the top card "
                    f"of {srcs}{cond}."
                )
            elif au.kind is AutoKind.TURN_DOWN:
                when = self.tree("auto", i, "when")
                cond = self.speaker("pile", pile="the pile").cl(when) if when is not None else "it is chosen"
                where = self.piles_text(au.piles)
                lines.append(f"- A pile of {where} turns all its cards face down as soon as {cond}.")
            elif au.kind is AutoKind.REMOVE:
                lines.append(
                    f"- As soon as removal \u201c{au.removal.name}\u201d is possible it is made by itself "
                    "(the first set it finds), again while it is."
                )
            elif au.kind is AutoKind.MOVE:
                when = self.tree("auto", i, "when")
                cond = f" and {self.speaker('move', dest='the destination').cl(when)}" if when is not None else ""
                lines.append(
                    f"- Whenever a legal move from {self.piles_text(au.piles)} to {self.piles_text(au.targets)} "
                    f"exists{cond}, it is played at once, by itself."
                )
        if not lines:
            return "None: every card moves by the player's hand."
        lines.append("Automatic moves belong to the move that caused them and are undone with it.")
        return "\n".join(lines)

    def win_and_score(self) -> str:
        lines = []
        sp = self.speaker("state")
        win = self.tree("win")
        if win is not None and simplify(win).is_const:
            always = bool(simplify(win).const)
            lines.append(
                "The game is won at once: the win rule always holds." if always else "The game can never be won."
            )
        elif win is not None:
            text = sp.cl(win)
            whole = _all_of_size(simplify(win), self.v)
            if whole:
                text += f" (all {self.v.deck.size} cards)"
            lines.append(sentence(f"The game is won when {text}"))
        lines.append("It is lost when it is not won and no move is left.")
        score = self.tree("score")
        events = []
        for name in self.v.groups:
            pts = self.tree("piles", name, "points")
            if pts is not None:
                psp = self.speaker("move", dest="the pile")
                events.append(f"each move onto {self.piles_text(self.lay.groups[name].piles)} scores {psp.np(pts)}")
        for a in self.v.actions:
            pts = self.tree("actions", a.name, "points")
            if pts is not None:
                events.append(f"each use of {a.name} scores {sp.np(pts)}")
        for rm in self.v.removals:
            pts = self.tree("removals", rm.name, "points")
            if pts is not None:
                rsp = self.speaker("remove")
                rsp.cards_count = rm.cards  # type: ignore[attr-defined]
                events.append(f"each removal \u201c{rm.name}\u201d scores {rsp.np(pts)}")
        s = simplify(score) if score is not None else None
        if s is not None and not (s.is_const and s.const == 0):
            lines.append(sentence(f"Score: {sp.np(s)}"))
        if events:
            lines.append(sentence("Points: " + "; ".join(events)))
        if (s is None or (s.is_const and s.const == 0)) and not events:
            lines.append("No score is kept.")
        return "\n".join(lines)
