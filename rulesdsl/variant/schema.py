"""The shape of a variant file: every key, its type, whether it is required, and what it means.

One declarative table serves three readers: the loader (structure checks with
near-miss suggestions, all reported in one pass), ``rulesdsl schema`` (JSON Schema for
editors) and the docs test (every key documented, every documented key real). The kinds of
value it is written with, and how each checks a value, are shapes.py's.
"""

from __future__ import annotations

from ..core.kinds import ActionKind, AutoKind, Role, words
from ..core.limits import (
    MAX_AUTOS,
    MAX_CAPACITY,
    MAX_COUNT_TEXT,
    MAX_DEAL_COUNT,
    MAX_DEAL_STEPS,
    MAX_DECKS,
    MAX_GROUP_PILES,
    MAX_OPTION_VALUES,
    MAX_ROW_PLACES,
    MAX_ROWS,
    MAX_SAFE,
    MAX_STEPS,
    MAX_SUITS,
)
from .shapes import MAX_PILE_REF, Any_, Bool, Enum, Expr, Field, Int, List, Map, OneOf, Str
from .shapes import type_name as type_name  # validation/validate.py imports it from here

ROLES = words(Role)

# The families a variant file may name (`family:`), as the catalogue groups them: the classic
# families of patience (PySolFC's and Wikipedia's), and Other for the rest.
FAMILIES = (
    "Klondike",
    "Canfield",
    "Spider",
    "Scorpion",
    "Yukon",
    "Forty Thieves",
    "FreeCell",
    "Beleaguered Castle",
    "Fan",
    "Baker's Dozen",
    "Golf",
    "Pyramid",
    "Pairing",
    "Montana",
    "Numerica",
    "Calculation",
    "Sultan",
    "Terrace",
    "Gypsy",
    "Other",
)
DEFAULT_FAMILY = "Other"


# -- the variant format ------------------------------------------------------

OPTION = Map(
    {
        "values": Field(List(Any_(), min_items=1, max_items=MAX_OPTION_VALUES), doc="the allowed values"),
        "default": Field(Any_(), True, "the value used when none is given"),
        "min": Field(Int(min=-(10**6), max=10**6), doc="smallest allowed number (when values is absent)"),
        "max": Field(Int(min=-(10**6), max=10**6), doc="largest allowed number (when values is absent)"),
        "help": Field(Str(), doc="one line shown by 'rulesdsl list' and the runner"),
        "loosest_first": Field(
            List(Any_(), min_items=1, max_items=MAX_OPTION_VALUES),
            doc="every one of the values, from the loosest rules to the strictest: the author's "
            "word that, whatever the other options, a deal won under a value is won under each "
            "value listed before it (stats --reuse relies on it)",
        ),
    },
    doc="a named parameter chosen when a game starts",
)

SUIT = Map(
    {
        "name": Field(Str(max_len=20), True, "used in expressions, e.g. hearts"),
        "letter": Field(Str(max_len=1), True, "the one-letter code in card text, e.g. H"),
        "symbol": Field(Str(max_len=4), doc="shown by the runner, e.g. \u2665"),
        "color": Field(Str(max_len=20), True, "the suit's colour name, e.g. red"),
    }
)

DECK = Map(
    {
        "decks": Field(
            OneOf((Int(min=1, max=MAX_DECKS), Str(max_len=200))),
            doc="how many full decks are shuffled together (default 1): a number, or an "
            'expression over the options such as "2 if suits == 4 else 4"',
        ),
        "suit_count": Field(
            OneOf((Int(min=1, max=MAX_SUITS), Str(max_len=200))),
            doc="how many of the suits each deck holds, the first ones in order (default "
            "all): a number, or an expression over the options (Spider's one-suit game)",
        ),
        "suits": Field(
            List(SUIT, min_items=1, max_items=MAX_SUITS), doc="the suits (default spades, hearts, diamonds, clubs)"
        ),
        "ranks": Field(
            List(OneOf((Int(min=1, max=13), Str(max_len=2))), min_items=1, max_items=13),
            doc="the ranks in the deck (default A to K)",
        ),
        "wrap": Field(
            Bool(),
            doc="whether the rank order wraps from the highest to the lowest (K then A); used by succ() and pred()",
        ),
    }
)

GROUP = Map(
    {
        "count": Field(
            OneOf((Int(min=1, max=MAX_GROUP_PILES), Str(max_len=MAX_COUNT_TEXT))),
            doc="how many piles (not with rows): a number, or an expression (at most 200 characters) "
            'over the options and the params computable from them, such as "wastes"',
        ),
        "rows": Field(
            List(Int(min=1, max=MAX_ROW_PLACES), min_items=1, max_items=MAX_ROWS),
            doc="places per row, back row first: the group's piles laid out in rows",
        ),
        "offsets": Field(
            List(Int(min=-100, max=100), min_items=1, max_items=MAX_ROWS),
            doc="each row's left edge in half-card widths (default 0)",
        ),
        "overlap": Field(
            Bool(),
            doc="each row lies partly over the row before it: a pile of the next row that overlaps a pile covers it",
        ),
        "wrap": Field(
            Bool(),
            doc="an index into the group counts round it: group[i] is pile i modulo the "
            "group's size, so group[-1] is the last pile (default false: a negative or too large "
            "index is none, or error E220 when it is a constant)",
        ),
        "role": Field(Enum(ROLES), doc="what kind of pile this is, for the runner and the validator"),
        "lift": Field(
            Enum(("none", "top", "run")),
            doc="what may be picked up: nothing, the top card, or any face-up card with all the cards on it (a run)",
        ),
        "sequence": Field(
            Expr(role="sequence", want="bool"),
            doc="with lift: run, the condition each card b must meet on the card a below it",
        ),
        "max_run": Field(Expr(role="move", want="int"), doc="the most cards that may move at once from here"),
        "keep": Field(
            Int(min=1, max=MAX_CAPACITY),
            doc="the bottom cards of each pile that never leave it (PySolFC's min_cards): "
            "a run is lifted only from above them",
        ),
        "lift_when": Field(
            Expr(role="lift", want="bool"),
            doc="a run may leave the pile only when this holds (sees run, card and source, "
            "the run already lifted): 'run.size == 1 or source.empty', a locked finished pile",
        ),
        "accept": Field(Expr(role="move", want="bool"), doc="when a non-empty pile takes a run (default false)"),
        "accept_empty": Field(Expr(role="move", want="bool"), doc="when an empty pile takes a run (default false)"),
        "capacity": Field(Int(min=1, max=MAX_CAPACITY), doc="the most cards the pile may hold"),
        "points": Field(Expr(role="move", want="int"), doc="points scored when cards enter a pile of this group"),
        "show": Field(Enum(("stack", "fan", "row", "grid")), doc="how the runner draws it"),
        "label": Field(Str(max_len=40), doc="the name a player sees"),
        "interchangeable": Field(
            OneOf((Bool(), Expr(role="pile"))),
            doc="true: the group's empty piles are all alike: a move that could go to "
            "any of several of them is one move, to the first (free cells; foundations "
            'not bound to suits); a key over the pile ("pile.index % 4"): piles of one key '
            "are alike to the solver (two decks' foundations of one suit)",
        ),
    },
    doc="a named group of piles, each addressed group[i]",
)

DEAL_STEP = OneOf(
    (
        Enum(("shuffle",), doc="shuffle the deck (the only place randomness enters)"),
        Map(
            {
                "place": Field(
                    Map(extra=OneOf((Str(max_len=3), List(Str(max_len=3), min_items=1))), pile_keys=True),
                    doc="named cards taken out of the deck and put face up on the given piles "
                    "(keys: group[i], or a group of one pile)",
                ),
                "to": Field(
                    OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
                    doc="the piles dealt to: a group name or a list of piles",
                ),
                "count": Field(
                    OneOf((Int(min=0, max=MAX_DEAL_COUNT), List(Int(min=0, max=MAX_DEAL_COUNT), min_items=1))),
                    doc="cards per pile (one number, or one per pile); with take: the most cards taken",
                ),
                "down": Field(
                    OneOf((Int(min=0, max=MAX_DEAL_COUNT), List(Int(min=0, max=MAX_DEAL_COUNT), min_items=1))),
                    doc="how many of each pile's cards lie face down (the first dealt)",
                ),
                "up": Field(
                    OneOf((Int(min=0, max=MAX_DEAL_COUNT), List(Int(min=0, max=MAX_DEAL_COUNT), min_items=1))),
                    doc="how many of each pile's cards lie face up (the last dealt); the others face down",
                ),
                "skip": Field(List(Int(min=0, max=1000)), doc="piles of the target left empty, by index"),
                "by": Field(
                    Enum(("row", "pile")),
                    doc="deal one card to each pile in turn (row) or fill each pile in turn (pile); default row",
                ),
                "rest": Field(Str(max_len=MAX_PILE_REF), doc="every card left goes face down to this pile"),
                "face_up": Field(Bool(), doc="with rest: the cards left go face up (a face-up stock)"),
                "when": Field(
                    Expr(role="const", want="bool"),
                    doc="the step is part of the deal only when this holds (an expression over the options)",
                ),
                "remove": Field(
                    Expr(role="card", want="bool"), doc="take out of the game every dealt card for which this holds"
                ),
                "play": Field(
                    OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
                    doc="with to: piles offered each card first, in order; the first whose accept "
                    "rules take it gets it (the card still uses up its place in the deal)",
                ),
                "new_pile": Field(
                    Expr(role="card", want="bool"),
                    doc="with to: deal every card left face up, in one pile, moving on to the next "
                    "pile before each card for which this holds (unless the pile is still empty)",
                ),
                "to_bottom": Field(
                    Expr(role="card", want="bool"),
                    doc="in each pile of 'in', each card for which this holds, bottom to top, "
                    "swaps places with the lowest card below it for which it does not",
                ),
                "in": Field(
                    OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
                    doc="with to_bottom: the piles it works on",
                ),
                "base_rank": Field(
                    Str(max_len=MAX_PILE_REF),
                    doc="the rank of this pile's bottom card (of a group: of its first pile that holds a "
                    "card), as the deal has laid it so far, is the game's base_rank: fixed for the "
                    "whole game, read by expressions as base_rank",
                ),
                "played": Field(
                    Bool(),
                    doc="with base_rank: the base rank is the rank of the first card played to these "
                    "piles (the bottom card of the first that holds one), none until then",
                ),
                "take": Field(
                    Expr(role="card", want="bool"),
                    doc="every card not yet dealt for which this holds, in deck order, goes face up "
                    "onto the first pile of 'onto' whose accept rules take it (at most 'count' cards)",
                ),
                "onto": Field(
                    OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
                    doc="with take: the piles offered each card, in order",
                ),
                "into": Field(
                    Expr(role="card", want="pile"),
                    doc="with take, instead of onto: the one pile each card goes to, worked out from "
                    "the card (reserve[card.rank - 2]); none leaves it in the deck",
                ),
                "per_pile": Field(
                    Int(min=1, max=MAX_DEAL_COUNT),
                    doc="with into: the most cards this step puts on any one pile",
                ),
            },
            exclusive=("place", "to", "rest", "remove", "to_bottom", "base_rank", "take"),
            doc="one step of the deal",
        ),
    )
)

ACTION = Map(
    {
        "kind": Field(
            Enum(words(ActionKind)),
            True,
            "deal: cards from a pile to piles; recycle: a pile "
            "turned back over onto another; redeal: cards gathered from piles and dealt to them again; "
            "compact: piles slide up to close gaps; sequence: other actions played in order as one move",
        ),
        "from": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="the pile cards come from (redeal: the piles whose cards are gathered, in order); "
            "required but for a sequence",
        ),
        "to": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="the pile(s) cards go to, in order (required for deal and recycle; redeal: default 'from')",
        ),
        "count": Field(
            Expr(want="int"),
            doc="deal: cards to each target per use (default 1); redeal: cards to each target pile in turn (default 1)",
        ),
        "limit": Field(Expr(want="int"), doc="how many times the action may be used in a game (default: no limit)"),
        "when": Field(Expr(want="bool"), doc="an extra condition for the action"),
        "points": Field(Expr(want="int"), doc="points scored when the action is used"),
        "label": Field(Str(max_len=40), doc="a longer name shown by the runner (at most 40 characters)"),
        "face_up": Field(
            Expr(role="const", want="bool"),
            doc="recycle: the cards stay face up (an expression over the options; default false)",
        ),
        "order": Field(
            Enum(("shuffle", "fixed")),
            doc="redeal: shuffle the gathered cards (seeded by the game's "
            "seed and the redeal's number), or deal them back in the order gathered (default shuffle)",
        ),
        "keep": Field(
            Expr(role="pile", want="bool"),
            doc="redeal: a pile whose cards stay where they are (named pile; read before anything is gathered)",
        ),
        "skip": Field(
            Expr(role="pile", want="bool"),
            doc="redeal: a target pile that gets no card back (named pile; read after the gather)",
        ),
        "gather": Field(
            Enum(("bottom_first", "top_first")),
            doc="redeal: each pile's cards are gathered bottom card first (as they lie), or top card "
            "first (picked up one by one); default bottom_first",
        ),
        "facing": Field(
            Enum(("up", "down")),
            doc="redeal: the cards dealt back lie face up or face down (default up)",
        ),
        "steps": Field(
            List(Str(max_len=80), min_items=1, max_items=MAX_STEPS),
            doc="sequence: the actions it plays, by name, in order, as one move (one undo); each step "
            "is played when it is possible at its turn, and passed over otherwise",
        ),
        "step_only": Field(
            Bool(),
            doc="the action is played only as a step of a sequence, never offered on its own (default false)",
        ),
    },
    doc="a player action that is not a card move",
)

REMOVAL = Map(
    {
        "from": Field(
            List(Str(max_len=MAX_PILE_REF), min_items=1),
            True,
            "the groups or piles whose free top cards may be removed",
        ),
        "to": Field(Str(max_len=MAX_PILE_REF), True, "the pile removed cards go to"),
        "cards": Field(Int(min=1, max=4), True, "how many cards are removed together"),
        "when": Field(Expr(role="remove", want="bool"), True, "the condition on the cards (named cards)"),
        "points": Field(Expr(role="remove", want="int"), doc="points scored by the removal"),
    },
    doc="removing a set of free cards whose values satisfy a condition",
)

AUTO = Map(
    {
        "flip": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="turn up a face-down card that becomes the top of one of these piles",
        ),
        "refill": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="fill an empty pile of these at once with a card from the first non-empty source",
        ),
        "from": Field(
            List(Str(max_len=MAX_PILE_REF), min_items=1), doc="with refill: the source piles, in order of preference"
        ),
        "move": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="play at once a legal move from one of these piles to one of the piles in 'to' for which 'when' holds",
        ),
        "to": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="with move: the destination piles, in order of preference",
        ),
        "turn_down": Field(
            OneOf((Str(max_len=MAX_PILE_REF), List(Str(max_len=MAX_PILE_REF), min_items=1))),
            doc="turn every card of these piles face down, at once, when 'when' holds for the pile "
            "(a finished pile put away, as PileOn's four of a kind)",
        ),
        "remove": Field(
            Str(max_len=80),
            doc="play this removal (by its name in removals) at once whenever it is possible, "
            "the first set the generator lists, again while one is",
        ),
        "when": Field(
            Expr(role="move", want="bool"),
            doc="with move: the condition on the move (default: every legal move between those piles); "
            "with flip: the condition on the pile, named pile (default: every pile of the flip); "
            "with refill: the condition on the empty pile to fill, named pile (default: always); "
            "with turn_down: the condition on the pile, named pile (required)",
        ),
    },
    exclusive=words(AutoKind),
    doc="an automatic follow-up, part of the move that caused it",
)

_PILES = OneOf((Str(max_len=60), List(Str(max_len=60), min_items=1)))

NUMBERING = Map(
    {
        "scheme": Field(
            Enum(("ms", "pysol")),
            True,
            "ms: Microsoft FreeCell's deal numbers; pysol: PySol's "
            "(PySolFC's) numbers for the PySol game named by game",
        ),
        "game": Field(
            Str(max_len=40),
            doc="with scheme pysol: the PySol game, by its pysol-cards name "
            "(freecell, bakers_game, golf, klondike, ...)",
        ),
        "fc_solve": Field(
            Str(max_len=40),
            doc="fc-solve's --game preset for this variant, when fc-solve "
            "plays it (freecell, bakers_game, seahaven, ...)",
        ),
        "columns": Field(
            _PILES, doc="the piles that take the board's columns, in order (a group name or a list of piles)"
        ),
        "cells": Field(_PILES, doc="the piles that take the Freecells line, in order"),
        "foundations": Field(_PILES, doc="the piles that take the Foundations line"),
        "talon": Field(Str(max_len=60), doc="the pile that takes the Talon line (its first card on top)"),
        "face_up": Field(
            OneOf((Bool(), Str(max_len=200))),
            doc="true: every card of a numbered board lies face up, whatever the board "
            "marks face down (PySol deals Whitehead face up; pysol-cards marks Klondike's "
            "hidden cards); or an expression over the options (thoughtful Klondike)",
        ),
    },
    doc="which numbered deals this variant follows, and how their boards (fc-solve's format) "
    "map onto its piles (docs/interop.md)",
)

SOLVER = Map(
    {
        "safe": Field(
            List(
                Expr(
                    role="move",
                    want="bool",
                    doc="a condition over a card move (card, run, source, dest) in the position before it",
                ),
                min_items=1,
                max_items=MAX_SAFE,
            ),
            doc="card moves the solver plays without trying the others when one is legal: the author "
            "vouches that such a move never turns a winnable position into a lost one",
        ),
    },
    doc="hints for the solver",
)

VARIANT = Map(
    {
        "name": Field(Str(max_len=80), True, "the variant's display name"),
        "description": Field(Str(max_len=300), doc="one line, shown by 'rulesdsl list'"),
        "family": Field(
            Enum(FAMILIES),
            doc="the family of games it belongs to, shown by 'rulesdsl list' and grouping the "
            "browser's catalogue (default Other; a file that extends another inherits it)",
        ),
        "extends": Field(Str(max_len=80), doc="a variant (name or relative file) whose keys this one starts from"),
        "rules": Field(Str(max_len=20000), doc="the rules in plain words, shown by the runner's 'rules' command"),
        "options": Field(Map(extra=OPTION), doc="named options chosen when a game starts"),
        "params": Field(Map(extra=Expr(role="const")), doc="named constants computed from the options"),
        "deck": Field(DECK, doc="the cards"),
        "piles": Field(Map(extra=GROUP), True, "the pile groups, in order"),
        "layout": Field(
            List(List(Str(max_len=MAX_PILE_REF))),
            doc="how the runner arranges piles: rows of pile or group names, '.' for a blank",
        ),
        "deal": Field(List(DEAL_STEP, min_items=1, max_items=MAX_DEAL_STEPS), True, "the deal program, in order"),
        "actions": Field(Map(extra=ACTION), doc="player actions that are not card moves, by name"),
        "removals": Field(Map(extra=REMOVAL), doc="removal moves, by name"),
        "auto": Field(List(AUTO, max_items=MAX_AUTOS), doc="automatic follow-ups after every move"),
        "define": Field(
            Map(extra=Expr(), define_keys=True),
            doc="named predicates: name or name(a, b) -> an expression, usable in every rule "
            "(written out at each use, docs/expressions.md)",
        ),
        "win": Field(Expr(want="bool"), True, "when the game is won"),
        "score": Field(Expr(want="int"), doc="points read off the position, added to the points of events"),
        "numbering": Field(
            NUMBERING,
            doc="the deal numbers this variant follows (--deal N) and its fc-solve board format (docs/interop.md)",
        ),
        "solver": Field(
            SOLVER,
            doc="hints for 'rulesdsl solve' and 'stats': moves it may play without branching (docs/solver.md)",
        ),
    },
    doc="a rulesdsl variant",
)


def json_schema() -> dict:
    """The variant format as JSON Schema (draft 07), for editors (yaml-language-server).

    Two things differ from the table above, because an editor sees one file at a time: a
    file that ``extends`` another needs none of the required keys (its parent gives them),
    and any key may be ``null``, which in such a file removes what the parent gave.
    """
    out = _nullable(VARIANT.json())
    required = out.pop("required")
    out["anyOf"] = [{"required": ["extends"]}, {"required": required}]
    out["$schema"] = "http://json-schema.org/draft-07/schema#"
    out["title"] = "rulesdsl variant"
    return out


def _nullable(node):
    """The same JSON Schema with every mapping value also allowed to be null."""
    if isinstance(node, list):
        return [_nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _nullable(v) for k, v in node.items() if k not in ("properties", "additionalProperties")}
    if "properties" in node:
        out["properties"] = {k: _or_null(_nullable(v)) for k, v in node["properties"].items()}
    if "additionalProperties" in node:
        extra = node["additionalProperties"]
        out["additionalProperties"] = _or_null(_nullable(extra)) if isinstance(extra, dict) else extra
    return out


def _or_null(spec: dict) -> dict:
    inner = dict(spec)
    doc = inner.pop("description", "")
    return {"anyOf": [inner, {"type": "null"}], "description": doc}


def all_keys(spec=VARIANT, prefix="") -> set:
    """Every key path the format knows, as 'piles.*.accept' strings (for the docs test)."""
    keys = set()
    if isinstance(spec, Map):
        for k, f in spec.fields.items():
            keys.add(prefix + k)
            keys |= all_keys(f.spec, prefix + k + ".")
        if spec.extra is not None:
            keys |= all_keys(spec.extra, prefix + "*.")
    elif isinstance(spec, List):
        keys |= all_keys(spec.item, prefix)
    elif isinstance(spec, OneOf):
        for o in spec.options:
            keys |= all_keys(o, prefix)
    return keys
