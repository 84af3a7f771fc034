"""The deal: section to the deal program (engine/deal.py's steps), checked against the deck:
every card dealt once, face-down cards under face-up ones, a base rank read where a card lies;
and, once the Variant stands, a take step's deal counted on one game.
"""

from __future__ import annotations

from ...core.errors import CardTextError, short
from ...core.kinds import ActionKind, AutoKind, Role
from ...engine import deal as dealing
from ...engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from ...lang import checked as ck
from .base import Context


def build_deal(cx: Context) -> tuple:
    """The deal program, its steps in the file's order (those whose 'when' holds)."""
    raw = cx.data.get("deal")
    cx.base_pile = None
    cx.base_piles = ()
    cx.over_up = []  # (pile, path): face-down cards dealt onto face-up ones (over_up_fits)
    if not isinstance(raw, list):
        return ()
    deal = _Deal(cx)
    for i, step in enumerate(raw):
        deal.step(("deal", i), step)
    deal.finish()
    return tuple(deal.steps)


class _Deal:
    """The deal's steps being built, with what the checks of the steps after need to know:
    the cards left in the deck, the cards placed by name, the piles dealt to and face up."""

    def __init__(self, cx: Context):
        self.cx = cx
        self.deck = cx.world.deck
        self.steps: list = []
        self.remaining = self.deck.size
        self.taken: dict = {}
        self.has_shuffle = False
        self.dealt = False  # has a step dealt cards from the deck yet?
        self.dealt_to: set = set()  # piles a step has put cards on so far
        self.uncounted = False  # a take step without count: how many cards it takes is known at deal time
        self.overdrawn = False  # D502 said once: the steps after the one that runs out follow from it
        self.face_up: set = set()  # piles that hold face-up cards so far
        self.played = False  # has a base_rank step with played: true been met?

    def step(self, path: tuple, step) -> None:
        """One step of the deal: checks every step shares, then the step by its kind."""
        if step == "shuffle":
            self.steps.append(Shuffle())
            self.has_shuffle = True
            return
        if not isinstance(step, dict):
            return
        if "when" in step and not self.cx.const_bool(path + ("when",)):
            return  # not part of the deal with these options
        if "face_up" in step and "rest" not in step:
            self.cx.err(
                "P324",
                "face_up belongs to a rest step (the cards left over), not to this step",
                path + ("face_up",),
                key=True,
                hint="deal face-up cards with up: (or down:) in a 'to' step",
            )
        for key, needs in (
            ("play", "to"),
            ("new_pile", "to"),
            ("in", "to_bottom"),
            ("onto", "take"),
            ("into", "take"),
            ("per_pile", "into"),
            ("played", "base_rank"),
        ):
            if key in step and needs not in step:
                self.cx.err(
                    "D521",
                    f"'{key}' belongs to a '{needs}' step",
                    path + (key,),
                    key=True,
                    hint=f"put it in the step with '{needs}', or remove it",
                )
        if "place" in step and isinstance(step["place"], dict):
            self.place(path, step)
        elif "to" in step:
            self.to(path, step)
        elif "to_bottom" in step:
            self.to_bottom(path, step)
        elif "rest" in step:
            self.rest(path, step)
        elif "remove" in step:
            self.remove(path, step)
        elif "base_rank" in step:
            self.base_rank(path, step)
        elif "take" in step:
            self.take(path, step)
        if self.remaining < 0 and not self.uncounted:
            if not self.overdrawn:
                self.cx.err(
                    "D502",
                    f"the deal needs {self.deck.size - self.remaining} cards but the deck has {self.deck.size}",
                    path,
                    hint="deal fewer cards, or shuffle more decks together (deck.decks)",
                )
            self.overdrawn = True
            self.remaining = 0

    def finish(self) -> None:
        """After the last step: every card dealt (D501), and a shuffle somewhere (D506)."""
        if self.remaining > 0 and not self.uncounted and not self.cx.bad_pile_named():  # else a count of unknown piles
            raw_piles = self.cx.data.get("piles")
            groups = raw_piles if isinstance(raw_piles, dict) else {}
            stock = next((n for n, g in groups.items() if isinstance(g, dict) and g.get("role") == Role.STOCK), None)
            self.cx.err(
                "D501",
                f"the deal leaves {self.remaining} of the {self.deck.size} cards undealt: deal them, "
                f"or end with a 'rest' step",
                ("deal",),
                key=True,
                hint=f"add '- rest: {stock}[0]'"
                if stock
                else "add a pile group with role: stock, and end the deal with '- rest: stock[0]'",
            )
        if not self.has_shuffle:
            self.cx.out.append(
                self.cx.doc.diag("D506", "the deal never shuffles: every game will be the same", ("deal",))
            )

    def place(self, path: tuple, step: dict) -> None:
        """A place step: named cards put on piles before the others are dealt (D503, D507)."""
        if self.dealt:
            self.cx.err(
                "D507",
                "a place step comes after cards were dealt, so the cards it names may be gone already",
                path + ("place",),
                key=True,
                hint="move the place step before the steps that deal (to, rest)",
            )
        placed = []
        for pname, cards in step["place"].items():
            pp = path + ("place", pname)
            piles = self.cx.piles_ref(pname, pp, single=True)
            if len(piles) != 1:
                continue
            for j, text in enumerate(cards if isinstance(cards, list) else [cards]):
                cpath = pp + (j,) if isinstance(cards, list) else pp
                try:
                    rank, suit = self.deck.parse_face(str(text))
                except CardTextError as exc:
                    self.cx.err("D503", f"cannot place {exc}", cpath)
                    continue
                self.taken[(rank, suit)] = self.taken.get((rank, suit), 0) + 1
                if self.taken[(rank, suit)] > self.deck.decks:
                    self.cx.err(
                        "D503",
                        f"{short(text)} is placed more times than the deck has it "
                        f"({self.deck.decks} cop{'y' if self.deck.decks == 1 else 'ies'})",
                        cpath,
                        hint="place each card once, or shuffle more decks together (deck.decks)",
                    )
                placed.append((piles[0], rank, suit))
                self.face_up.add(piles[0])
                self.dealt_to.add(piles[0])
                self.remaining -= 1
        self.steps.append(Place(tuple(placed)))

    def to(self, path: tuple, step: dict) -> None:
        """A 'to' step: cards dealt to piles, so many each, face down or up (D504, D505, D509, D522)."""
        self.dealt = True
        piles = self.cx.piles_ref(step["to"], path + ("to",))
        skip = step.get("skip") or []
        for s in skip if isinstance(skip, list) else []:
            if isinstance(s, int) and not 0 <= s < len(piles):
                self.cx.err("D504", f"skip {s}: the target has piles 0 to {len(piles) - 1}", path + ("skip",))
        left_out = {s for s in skip if isinstance(s, int)} if isinstance(skip, list) else set()
        piles = tuple(p for j, p in enumerate(piles) if j not in left_out)
        counts = per_pile(self.cx, step.get("count", 1), len(piles), path + ("count",))
        if "down" in step and "up" in step:
            self.cx.err(
                "D505",
                "give down or up, not both",
                path + ("up",),
                key=True,
                hint="down counts the face-down cards of each pile, up the face-up ones; either fixes the other",
            )
        if "up" in step:
            ups = per_pile(self.cx, step["up"], len(piles), path + ("up",))
            downs = tuple(max(c - u, 0) for c, u in zip(counts, ups))
        else:
            downs = per_pile(self.cx, step.get("down", 0), len(piles), path + ("down",))
            for c, d in zip(counts, downs):
                if d > c:
                    self.cx.err(
                        "D505",
                        f"{d} face-down cards asked of a pile dealt {c}",
                        path + ("down",),
                        hint="down can be at most count",
                    )
                    break
        play = self.cx.piles_ref(step["play"], path + ("play",)) if "play" in step else ()
        new_pile = None
        if "new_pile" in step:
            for key in ("count", "down", "up", "by", "skip"):
                if key in step:
                    self.cx.err(
                        "D522",
                        f"'{key}' means nothing with new_pile: every card left is "
                        f"dealt face up, one pile after another",
                        path + (key,),
                        key=True,
                        hint=f"remove '{key}'",
                    )
            new_pile = self.cx.expr(path + ("new_pile",), "card", "bool")
            counts, downs = (0,) * len(piles), (0,) * len(piles)
        plain, noted = not play and new_pile is None, len(self.cx.over_up)
        down_onto_up(self.cx, piles, counts, downs, self.face_up, path + ("up" if "up" in step else "down",), plain)
        by_row, over = step.get("by", "row") == "row", len(self.cx.over_up) > noted
        self.steps.append(DealTo(piles, counts, downs, by_row, play, new_pile, over))
        self.dealt_to.update(p for p, c in zip(piles, counts) if c or new_pile is not None)
        self.dealt_to.update(play)
        self.face_up.update(play)  # a card offered to them goes face up: may lie under later ones
        if new_pile is not None:
            self.face_up.update(piles)
            self.remaining = 0
        self.face_up.update(p for p, c, d in zip(piles, counts, downs) if c > d)
        self.remaining -= sum(counts)

    def to_bottom(self, path: tuple, step: dict) -> None:
        """A to_bottom step: the cards a rule picks moved under their piles (D520)."""
        if "in" not in step:
            self.cx.err(
                "D520",
                "to_bottom needs 'in': the piles whose cards it moves down",
                path,
                key=True,
                hint="add 'in: tableau'",
            )
            return
        piles = self.cx.piles_ref(step["in"], path + ("in",))
        fn = self.cx.expr(path + ("to_bottom",), "card", "bool")
        if fn is not None and piles:
            self.steps.append(ToBottom(piles, fn))

    def rest(self, path: tuple, step: dict) -> None:
        """A rest step: every card left, to one pile (D508)."""
        self.dealt = True
        piles = self.cx.piles_ref(step["rest"], path + ("rest",), single=True)
        if len(piles) == 1 and piles[0] in self.face_up and step.get("face_up") is not True:
            self.cx.err(
                "D508",
                f"rest puts the remaining cards face down on "
                f"{self.cx.world.layout.pile_names[piles[0]]}, which already holds face-up "
                f"cards (face-down cards lie under face-up ones)",
                path + ("rest",),
                hint="send the rest to a pile that is empty or face down, like the stock",
            )
        if piles:
            self.steps.append(Rest(piles[0], step.get("face_up") is True))
            self.dealt_to.add(piles[0])
        self.remaining = 0

    def remove(self, path: tuple, step: dict) -> None:
        """A remove step: the cards a rule picks taken out of the game."""
        fn = self.cx.expr(path + ("remove",), "card", "bool")
        if fn is not None:
            self.steps.append(RemoveCards(fn))

    def base_rank(self, path: tuple, step: dict) -> None:
        """A base_rank step: the rank of the bottom card of one pile, or of the first pile of a
        group that holds a card, fixed for the game (D530, D531)."""
        piles = self.cx.piles_ref(step["base_rank"], path + ("base_rank",))
        names = self.cx.world.layout.pile_names
        if self.cx.base_pile is not None or self.played:
            self.cx.err(
                "D531",
                "a second base_rank step: the deal fixes one base rank for the game",
                path + ("base_rank",),
                key=True,
                hint="keep one base_rank step; two versions of it, one per option value, each need a 'when'",
            )
        elif step.get("played") is True:
            self.played_base(path, piles)
        elif piles and not self.dealt_to.intersection(piles) and not self.cx.bad_pile_named():
            where = names[piles[0]] if len(piles) == 1 else f"any pile of {short(step['base_rank'])}"
            self.cx.err(
                "D530",
                f"base_rank reads the bottom card of {where}, but no step before it deals a card there",
                path + ("base_rank",),
                hint="put the base_rank step after the step that deals the base card, "
                'like {to: ["foundation[0]"], count: 1}',
            )
        elif piles:
            self.cx.base_pile = piles[0]
            self.cx.base_piles = piles
            self.steps.append(BaseRank(piles))

    def played_base(self, path: tuple, piles: tuple) -> None:
        """A base_rank step with played: true: nothing to do at the deal (the rules read the
        rank live from the piles), on piles nothing leaves (D534); a second step is D531, above."""
        self.played = True
        lifting = [p for p in piles if self.cx.groups_lift.get(self.cx.world.layout.group_of[p], "none") != "none"]
        if lifting:
            self.cx.err(
                "D534",
                f"a played base rank is the rank of the first card on these piles, but cards may "
                f"leave {self.cx.world.layout.pile_names[lifting[0]]} (lift: "
                f"{self.cx.groups_lift[self.cx.world.layout.group_of[lifting[0]]]}), so the base rank could change",
                path + ("base_rank",),
                hint="read the base rank from piles with lift: none, such as the foundations",
            )

    def take(self, path: tuple, step: dict) -> None:
        """A take step: the cards a rule picks taken onto piles, as many as they accept, or each
        into the one pile an expression computes (D532, D533)."""
        if "onto" not in step and "into" not in step:
            self.cx.err(
                "D532",
                "take needs 'onto' (the piles the cards it takes go to) or 'into' (the pile each goes to)",
                path,
                key=True,
                hint="add 'onto: foundation', or 'into: \"reserve[card.rank - 2]\"'",
            )
            return
        if "onto" in step and "into" in step:
            self.cx.err(
                "D533",
                "give onto or into, not both: onto offers each card to piles whose accept rules "
                "decide, into names the one pile it goes to",
                path + ("into",),
                key=True,
                hint="keep into, and let its expression give none for a card that stays in the deck",
            )
            return
        count = step.get("count")
        if isinstance(count, list):
            self.cx.err("D504", "take's count is one number: the most cards it takes", path + ("count",))
            count = None
        fn = self.cx.expr(path + ("take",), "card", "bool")
        self.dealt = True
        into = None
        if "into" in step:
            into = self.cx.expr(path + ("into",), "card", "pile")
            onto = self.into_piles(path + ("into",))
            if into is None:
                return
        else:
            onto = self.cx.piles_ref(step["onto"], path + ("onto",))
        if fn is not None and onto:
            self.steps.append(Take(fn, onto, count, into, step.get("per_pile") if into else None))
            self.dealt_to.update(onto)
            self.face_up.update(onto)
        if count is None:
            self.uncounted = True
        else:
            self.remaining -= count

    def into_piles(self, path: tuple) -> tuple:
        """The piles of the groups an into expression names: the piles it may deal to."""
        checked = self.cx.checked.get(tuple(path))
        if checked is None:
            return ()
        layout = self.cx.world.layout
        names = {
            n.ref.name
            for n in walk(checked.tree)
            if isinstance(n, ck.Name) and n.ref.kind is ck.Ref.GROUP and n.ref.name in layout.groups
        }
        return tuple(p for name in layout.groups if name in names for p in layout.groups[name].piles)


def walk(e):
    """Every node of a checked tree, parents first."""
    yield e
    for name in getattr(type(e), "__slots__", ()):
        value = getattr(e, name, None)
        if isinstance(value, ck.Expr):
            yield from walk(value)
        elif isinstance(value, tuple):
            for v in value:
                if isinstance(v, ck.Expr):
                    yield from walk(v)


def per_pile(cx: Context, value, n, path) -> tuple:
    """A count per pile: one number for all, or a list of one each (D504 when it has too few or many)."""
    if isinstance(value, list):
        if len(value) != n:
            cx.err(
                "D504",
                f"'{path[-1]}' gives {len(value)} numbers for {n} piles",
                path,
                hint="give one number per pile, or a single number for all of them",
            )
            return tuple((list(value) + [0] * n)[:n])
        return tuple(value)
    return (value if isinstance(value, int) else 0,) * n


def down_onto_up(cx: Context, piles, counts, downs, face_up, path, plain: bool) -> None:
    """Face-down cards dealt onto face-up ones (Martha: down, up, down, up). A plain step
    (no play, no new_pile) may: the piles are noted for over_up_fits, which checks them
    against the actions once those are built. A step that offers cards (play) may not (D509)."""
    for p, c, d in zip(piles, counts, downs):
        if min(c, d) > 0 and p in face_up:
            if plain:
                cx.over_up.append((p, path))
                continue
            cx.err(
                "D509",
                f"this step deals face-down cards onto {cx.world.layout.pile_names[p]}, which "
                f"already holds face-up cards, and offers cards to piles (play): the two "
                f"cannot go together",
                path,
                key=True,
                hint="deal the face-down cards in a step of their own, without play",
            )
            return


def over_up_fits(cx: Context, actions: tuple, autos: tuple) -> None:
    """D509: face-up cards under face-down ones in a pile that an action takes cards from,
    gathers or turns face down, that a turn_down puts away, or that refills an empty pile. Those take cards from under
    the top run, and the engine keeps such a pile's facing through moves, flips and removals only."""
    touched: set = set()
    for a in actions:
        touched.add(a.source)
        touched.update(a.gather)
        if a.kind is not ActionKind.DEAL:
            touched.update(a.targets)
    for auto in autos:
        if auto.kind is AutoKind.REFILL:
            touched.update(auto.sources)
        elif auto.kind is AutoKind.TURN_DOWN:
            touched.update(auto.piles)
    for p, path in cx.over_up:
        if p in touched:
            cx.err(
                "D509",
                f"this step deals face-down cards onto the face-up cards of "
                f"{cx.world.layout.pile_names[p]}, which an action or a refill takes cards "
                f"from (or gathers): face-up cards under face-down ones are kept only in piles "
                f"that moves, flips and removals change",
                path,
                key=True,
                hint="deal the face-down cards first (an earlier step, or down: on the first one), or these face up",
            )
            return


def take_fits(cx: Context, variant) -> None:
    """A take step takes as many cards as the piles accept, which the loader cannot count
    from the file: deal one game (seed 0) and require that it uses the whole deck."""
    st = dealing.deal(variant, 0)
    left = variant.deck.size - st.card_count()
    if left > 0 and not st.removed:
        cx.err(
            "D501",
            f"the deal of seed 0 leaves {left} of the {variant.deck.size} cards undealt "
            f"(a take step took fewer cards than the steps after it allow for)",
            ("deal",),
            key=True,
            hint="give the take step the count of cards it takes, or end the deal with a 'rest' step",
        )
