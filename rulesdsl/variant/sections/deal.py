"""The deal: section to the deal program (engine/deal.py's steps), checked against the deck:
every card dealt once, face-down cards under face-up ones, a base rank read where a card lies;
and, once the Variant stands, a take step's deal counted on one game.
"""

from __future__ import annotations

from ...core.errors import CardTextError, short
from ...core.kinds import Role
from ...engine import deal as dealing
from ...engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from .base import Context


def build_deal(cx: Context) -> tuple:
    steps: list = []
    deck = cx.world.deck
    remaining = deck.size
    taken: dict = {}
    raw = cx.data.get("deal")
    cx.base_pile = None
    if not isinstance(raw, list):
        return ()
    has_shuffle = False
    dealt = False  # has a step dealt cards from the deck yet?
    dealt_to: set = set()  # piles a step has put cards on so far
    uncounted = False  # a take step without count: how many cards it takes is known at deal time
    face_up: set = set()  # piles that hold face-up cards so far
    for i, step in enumerate(raw):
        path = ("deal", i)
        if step == "shuffle":
            steps.append(Shuffle())
            has_shuffle = True
            continue
        if not isinstance(step, dict):
            continue
        if "when" in step and not cx.const_bool(path + ("when",)):
            continue  # not part of the deal with these options
        if "face_up" in step and "rest" not in step:
            cx.err(
                "P324",
                "face_up belongs to a rest step (the cards left over), not to this step",
                path + ("face_up",),
                key=True,
                hint="deal face-up cards with up: (or down:) in a 'to' step",
            )
        for key, needs in (("play", "to"), ("new_pile", "to"), ("in", "to_bottom"), ("onto", "take")):
            if key in step and needs not in step:
                cx.err(
                    "D521",
                    f"'{key}' belongs to a '{needs}' step",
                    path + (key,),
                    key=True,
                    hint=f"put it in the step with '{needs}', or remove it",
                )
        if "place" in step and isinstance(step["place"], dict):
            if dealt:
                cx.err(
                    "D507",
                    "a place step comes after cards were dealt, so the cards it names may be gone already",
                    path + ("place",),
                    key=True,
                    hint="move the place step before the steps that deal (to, rest)",
                )
            placed = []
            for pname, cards in step["place"].items():
                pp = path + ("place", pname)
                piles = cx.piles_ref(pname, pp, single=True)
                if len(piles) != 1:
                    continue
                for j, text in enumerate(cards if isinstance(cards, list) else [cards]):
                    cpath = pp + (j,) if isinstance(cards, list) else pp
                    try:
                        rank, suit = deck.parse_face(str(text))
                    except CardTextError as exc:
                        cx.err("D503", f"cannot place {exc}", cpath)
                        continue
                    taken[(rank, suit)] = taken.get((rank, suit), 0) + 1
                    if taken[(rank, suit)] > deck.decks:
                        cx.err(
                            "D503",
                            f"{short(text)} is placed more times than the deck has it "
                            f"({deck.decks} cop{'y' if deck.decks == 1 else 'ies'})",
                            cpath,
                            hint="place each card once, or shuffle more decks together (deck.decks)",
                        )
                    placed.append((piles[0], rank, suit))
                    face_up.add(piles[0])
                    dealt_to.add(piles[0])
                    remaining -= 1
            steps.append(Place(tuple(placed)))
        elif "to" in step:
            dealt = True
            piles = cx.piles_ref(step["to"], path + ("to",))
            skip = step.get("skip") or []
            for s in skip if isinstance(skip, list) else []:
                if isinstance(s, int) and not 0 <= s < len(piles):
                    cx.err("D504", f"skip {s}: the target has piles 0 to {len(piles) - 1}", path + ("skip",))
            left_out = {s for s in skip if isinstance(s, int)} if isinstance(skip, list) else set()
            piles = tuple(p for j, p in enumerate(piles) if j not in left_out)
            counts = per_pile(cx, step.get("count", 1), len(piles), path + ("count",))
            if "down" in step and "up" in step:
                cx.err(
                    "D505",
                    "give down or up, not both",
                    path + ("up",),
                    key=True,
                    hint="down counts the face-down cards of each pile, up the face-up ones; either fixes the other",
                )
            if "up" in step:
                ups = per_pile(cx, step["up"], len(piles), path + ("up",))
                downs = tuple(max(c - u, 0) for c, u in zip(counts, ups))
            else:
                downs = per_pile(cx, step.get("down", 0), len(piles), path + ("down",))
                for c, d in zip(counts, downs):
                    if d > c:
                        cx.err(
                            "D505",
                            f"{d} face-down cards asked of a pile dealt {c}",
                            path + ("down",),
                            hint="down can be at most count",
                        )
                        break
            play = cx.piles_ref(step["play"], path + ("play",)) if "play" in step else ()
            new_pile = None
            if "new_pile" in step:
                for key in ("count", "down", "up", "by", "skip"):
                    if key in step:
                        cx.err(
                            "D522",
                            f"'{key}' means nothing with new_pile: every card left is "
                            f"dealt face up, one pile after another",
                            path + (key,),
                            key=True,
                            hint=f"remove '{key}'",
                        )
                new_pile = cx.expr(path + ("new_pile",), "card", "bool")
                counts, downs = (0,) * len(piles), (0,) * len(piles)
            down_onto_up(cx, piles, counts, downs, face_up, path + ("up" if "up" in step else "down",))
            steps.append(DealTo(piles, counts, downs, step.get("by", "row") == "row", play, new_pile))
            dealt_to.update(p for p, c in zip(piles, counts) if c or new_pile is not None)
            dealt_to.update(play)
            if new_pile is not None:
                face_up.update(piles)
                remaining = 0
            face_up.update(p for p, c, d in zip(piles, counts, downs) if c > d)
            remaining -= sum(counts)
        elif "to_bottom" in step:
            if "in" not in step:
                cx.err(
                    "D520",
                    "to_bottom needs 'in': the piles whose cards it moves down",
                    path,
                    key=True,
                    hint="add 'in: tableau'",
                )
                continue
            piles = cx.piles_ref(step["in"], path + ("in",))
            fn = cx.expr(path + ("to_bottom",), "card", "bool")
            if fn is not None and piles:
                steps.append(ToBottom(piles, fn))
        elif "rest" in step:
            dealt = True
            piles = cx.piles_ref(step["rest"], path + ("rest",), single=True)
            if len(piles) == 1 and piles[0] in face_up and step.get("face_up") is not True:
                cx.err(
                    "D508",
                    f"rest puts the remaining cards face down on "
                    f"{cx.world.layout.pile_names[piles[0]]}, which already holds face-up "
                    f"cards (face-down cards lie under face-up ones)",
                    path + ("rest",),
                    hint="send the rest to a pile that is empty or face down, like the stock",
                )
            if piles:
                steps.append(Rest(piles[0], step.get("face_up") is True))
                dealt_to.add(piles[0])
            remaining = 0
        elif "remove" in step:
            fn = cx.expr(path + ("remove",), "card", "bool")
            if fn is not None:
                steps.append(RemoveCards(fn))
        elif "base_rank" in step:
            piles = cx.piles_ref(step["base_rank"], path + ("base_rank",), single=True)
            if cx.base_pile is not None:
                cx.err(
                    "D531",
                    "a second base_rank step: the deal fixes one base rank for the game",
                    path + ("base_rank",),
                    key=True,
                    hint="keep one base_rank step; two versions of it, one per option value, each need a 'when'",
                )
            elif len(piles) == 1 and piles[0] not in dealt_to and not cx.bad_pile_named():
                cx.err(
                    "D530",
                    f"base_rank reads the bottom card of {cx.world.layout.pile_names[piles[0]]}, "
                    f"but no step before it deals a card there",
                    path + ("base_rank",),
                    hint="put the base_rank step after the step that deals the base card, "
                    'like {to: ["foundation[0]"], count: 1}',
                )
            elif len(piles) == 1:
                cx.base_pile = piles[0]
                steps.append(BaseRank(piles[0]))
        elif "take" in step:
            if "onto" not in step:
                cx.err(
                    "D532",
                    "take needs 'onto': the piles the cards it takes go to",
                    path,
                    key=True,
                    hint="add 'onto: foundation'",
                )
                continue
            onto = cx.piles_ref(step["onto"], path + ("onto",))
            count = step.get("count")
            if isinstance(count, list):
                cx.err("D504", "take's count is one number: the most cards it takes", path + ("count",))
                count = None
            fn = cx.expr(path + ("take",), "card", "bool")
            dealt = True
            if fn is not None and onto:
                steps.append(Take(fn, onto, count))
                dealt_to.update(onto)
                face_up.update(onto)
            if count is None:
                uncounted = True
            else:
                remaining -= count
        if remaining < 0 and not uncounted:
            cx.err(
                "D502",
                f"the deal needs {deck.size - remaining} cards but the deck has {deck.size}",
                path,
                hint="deal fewer cards, or shuffle more decks together (deck.decks)",
            )
            remaining = 0
    if remaining > 0 and not uncounted and not cx.bad_pile_named():  # else a count of unknown piles
        raw_piles = cx.data.get("piles")
        groups = raw_piles if isinstance(raw_piles, dict) else {}
        stock = next((n for n, g in groups.items() if isinstance(g, dict) and g.get("role") == Role.STOCK), None)
        cx.err(
            "D501",
            f"the deal leaves {remaining} of the {deck.size} cards undealt: deal them, or end with a 'rest' step",
            ("deal",),
            key=True,
            hint=f"add '- rest: {stock}[0]'"
            if stock
            else "add a pile group with role: stock, and end the deal with '- rest: stock[0]'",
        )
    if not has_shuffle:
        cx.out.append(cx.doc.diag("D506", "the deal never shuffles: every game will be the same", ("deal",)))
    return tuple(steps)


def per_pile(cx: Context, value, n, path) -> tuple:
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


def down_onto_up(cx: Context, piles, counts, downs, face_up, path) -> None:
    """D509: face-down cards asked of a pile that already shows face-up ones; the engine
    keeps face-down cards under the face-up ones, so they would be dealt face up."""
    hit = next((p for p, c, d in zip(piles, counts, downs) if min(c, d) > 0 and p in face_up), None)
    if hit is None:
        return
    cx.err(
        "D509",
        f"this step deals face-down cards onto {cx.world.layout.pile_names[hit]}, which "
        f"already holds face-up cards: face-down cards lie only under face-up ones, so they "
        f"would be dealt face up",
        path,
        key=True,
        hint="deal the face-down cards first (an earlier step, or down: on the first one), or deal these face up",
    )


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
