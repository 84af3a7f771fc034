"""Solvitaire beside ours: the same deal written as its JSON deal file, its preset (or a
rules file of ours, in its rules format) for each of our variants whose rules equal its
game, and its printed result read back. Used by bench_families.py when a ``solvitaire``
binary is on PATH (or named by SOLVITAIRE); never a dependency of rulesdsl.

Its deal format (from its deal parser and ``--deal-only``): a card is rank then suit,
``"10H"``; in a game with face-down cards a lower-case suit letter marks a face-down
card. Piles are listed bottom first (its stock and its stacked reserve take cards from
the end), the foundations as one flat list, the hole (Black Hole, Golf) as one card.
Its output ends with ``Solution Type: solved | unsolvable | timed-out | memory-limit``
and counts, ``States Searched`` and ``Unique States Searched`` among them.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

# Our variant (and the options that must hold) -> Solvitaire's preset, or a rules file in
# its format when no preset has our rules. Only games whose rules are the same game: a
# move of one side is a move, or a sequence of moves, of the other (FreeCell's supermoves
# are single moves chained; Solvitaire's K+ stock moves are draws then a move).
_CANFIELD_WHOLE = {
    "tableau piles": {
        "count": 4,
        "build policy": "red-black",
        "move built group": "whole-pile",
        "spaces policy": "auto-reserve-then-any",
    },
    "foundations": {"initial cards": "one", "base card": "random"},
    "stock": {"size": 34, "deal count": 3, "redeal": True},
    "reserve": {"size": 13, "stacked": True},
}
_BAKERS_DOZEN = {"tableau piles": {"count": 13, "build policy": "any-suit", "spaces policy": "no-build"}}


def _thieves(columns: int, build: str, stock: int) -> dict:
    """Its presets forty-thieves, limited and maria, with a foundation's top card allowed
    back onto a column (its default forbids it, PySolFC and our files allow it). Its stock is
    ours with our waste's one card back on it: its game starts before the first turn."""
    return {
        "tableau piles": {"count": columns, "build policy": build},
        "foundations": {"removable": True},
        "stock": {"size": stock, "redeal": False},
        "two decks": True,
    }


GAMES = {
    "klondike": [
        ({"draw": 1, "passes": "unlimited", "thoughtful": "no"}, "klondike-deal-1-arbitrary-built-moves"),
        ({"draw": 3, "passes": "unlimited", "thoughtful": "no"}, "klondike-arbitrary-built-moves"),
    ],
    "fan": [({}, "fan")],
    "freecell": [({"cells": 4}, "free-cell")] + [({"cells": n}, f"free-cell-{n}-cell") for n in range(4)],
    "bakers_game": [({}, "bakers-game")],
    "bakers_dozen": [({}, _BAKERS_DOZEN)],
    "beleaguered_castle": [({}, "beleaguered-castle")],
    "streets_and_alleys": [({}, "streets-and-alleys")],
    "alpha_star": [({}, "alpha-star")],
    "black_hole": [({}, "black-hole")],
    "golf": [({"corner": "stop", "kings": "open"}, "golf")],
    "canfield": [({"tableau_moves": "whole", "corner": "base"}, _CANFIELD_WHOLE)],
    "forty_thieves": [({}, _thieves(10, "same-suit", 64))],
    "limited": [({}, _thieves(12, "same-suit", 68))],
    "maria": [({}, _thieves(9, "red-black", 68))],
}


def binary() -> str | None:
    return os.environ.get("SOLVITAIRE") or shutil.which("solvitaire")


def game_for(name: str, v) -> str | dict | None:
    """Solvitaire's game for our variant as compiled (its options read from the variant)."""
    opts = dict(getattr(v, "options", {}) or {})
    for need, game in GAMES.get(name, []):
        if all(str(opts.get(k, "")) == str(want) for k, want in need.items()):
            return game
    return None


def _card(deck, c, down: bool) -> str:
    r = deck.rank_of[c]
    rank = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))
    letter = deck.suits[deck.suit_of[c]].letter
    return rank + (letter.lower() if down else letter.upper())


def _is_down(st, p: int, i: int) -> bool:
    return i < st.down[p] and not (st.shown.get(p, 0) >> i & 1)


def deal_file(v, st) -> dict:
    """The position as Solvitaire's deal file: the same cards in the same places."""
    deck, groups = v.deck, v.layout.groups

    def cards(p, faces=False):
        return [_card(deck, c, faces and _is_down(st, p, i)) for i, c in enumerate(st.piles[p])]

    out: dict = {"tableau piles": [cards(p, True) for p in groups["tableau"].piles]}
    if "cell" in groups:
        cells = [st.piles[p] for p in groups["cell"].piles]
        if any(cells):
            out["cells"] = [_card(deck, c[-1], False) if c else "" for c in cells]
    stock = [c for g in ("stock",) if g in groups for p in groups[g].piles for c in cards(p)]
    waste = [c for g in ("waste",) if g in groups for p in groups[g].piles for c in cards(p)]
    if stock or waste:  # its game starts before the first turn: our waste back on the stock
        out["stock"] = stock + waste[::-1]
    if "reserve" in groups:
        out["reserve"] = [c for p in groups["reserve"].piles for c in cards(p)]
    found = [c for p in groups.get("foundation", _NONE).piles for c in cards(p)]
    if len(groups.get("foundation", _NONE).piles) == 1 and "waste" not in groups:
        out["hole"] = found[-1]  # Golf, Black Hole: one pile every card goes to
    elif found:
        out["foundations"] = found
    return out


class _None:
    piles: tuple = ()


_NONE = _None()
_RESULT = re.compile(r"Solution Type: (\S+)")
_VERDICT = {"solved": "won", "unsolvable": "unwinnable"}


# Its wall-clock timeout when the CPU limit is the one meant to stop it, in milliseconds per
# second of CPU: on a machine loaded 15 times over a nice process may get a thirtieth of a
# core, and its own timeout must not end it first.
_WALL = 200_000


def _cpu_limit(seconds: float):
    """In the child: the kernel stops it after ``seconds`` of CPU (whole seconds, at least
    one), so on a loaded machine it gets the CPU time we do, not a share of the wall clock."""
    limit = max(1, round(seconds))

    def set_limit():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    return set_limit


def run(exe: str, game, v, st, seconds: float, wall: bool = False) -> dict:
    """Solve one deal with Solvitaire: verdict, positions (its unique states), CPU seconds.
    Its own --timeout is wall-clock; unless ``wall``, it gets a generous one and the CPU
    limit above ends it instead (killed: unknown, no count of states)."""
    with tempfile.TemporaryDirectory() as tmp:
        deal = Path(tmp) / "deal.json"
        deal.write_text(json.dumps(deal_file(v, st)))
        if isinstance(game, dict):
            rules = Path(tmp) / "rules.json"
            rules.write_text(json.dumps(game))
            kind = ["--custom-rules", str(rules)]
        else:
            kind = ["--type", game]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            out = subprocess.run(
                [exe, *kind, "--timeout", str(int(seconds * (1000 if wall else _WALL))), str(deal)],
                capture_output=True,
                text=True,
                timeout=seconds * _WALL / 500 + 60,
                preexec_fn=None if wall else _cpu_limit(seconds),
            ).stdout
        except subprocess.TimeoutExpired:
            out = ""
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    m = _RESULT.search(out)
    kind_word = m.group(1) if m else "error"
    uniq = re.search(r"Unique States Searched: (\d+)", out)
    return {
        "verdict": _VERDICT.get(kind_word, "unknown"),
        "states": int(uniq.group(1)) if uniq else 0,
        "seconds": cpu,
        "said": kind_word,
    }


def shares(exe: str, game: str, seeds: range, seconds: float) -> dict:
    """Solvitaire's own verdicts on its own random deals (``--random SEED``, its
    smart-solvability streamliners as its --solvability mode uses them), each deal given
    ``seconds`` of CPU as in run(): outcome -> count ('killed': stopped by the limit)."""
    counts: dict = {}
    for seed in seeds:
        args = [exe, "--type", game, "--random", str(seed), "--streamliners", "smart-solvability"]
        args += ["--timeout", str(int(seconds * _WALL))]
        try:
            out = subprocess.run(
                args, capture_output=True, text=True, timeout=seconds * _WALL / 500 + 60, preexec_fn=_cpu_limit(seconds)
            ).stdout
        except subprocess.TimeoutExpired:
            out = ""
        m = _RESULT.search(out)
        said = m.group(1) if m else "killed"
        counts[said] = counts.get(said, 0) + 1
    return counts


def main(argv=None) -> None:
    """``python bench/solvitaire_side.py PRESET A-B SECONDS``: Solvitaire's winnable share on
    its own random deals A..B (its measurement, not Blake & Gent's published table)."""
    import sys

    args = (argv or sys.argv[1:])[:3]
    if len(args) != 3:
        raise SystemExit("usage: solvitaire_side.py PRESET A-B SECONDS (e.g. alpha-star 0-29 3)")
    game, seeds, seconds = args
    exe = binary()
    if exe is None:
        raise SystemExit("no solvitaire binary (PATH or SOLVITAIRE)")
    a, _, b = seeds.partition("-")
    span = range(int(a), int(b or a) + 1)
    c = shares(exe, game, span, float(seconds))
    won, n = c.get("solved", 0), len(span)
    lost = c.get("unsolvable", 0)
    print(
        f"{game}: its seeds {seeds}, {seconds} CPU s a deal: {c}; winnable {won}/{n}"
        f" (bounds {100 * won / n:.1f}-{100 * (n - lost) / n:.1f}%)"
    )


if __name__ == "__main__":
    main()
