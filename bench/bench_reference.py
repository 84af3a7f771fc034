"""Golf and Black Hole against Shlomi Fish's black-hole-solver (a reference, not a dependency).

    python bench/bench_reference.py run SOLVER golf 1 100 --out ref-golf.jsonl [--seconds S] [-o kings=open]
    python bench/bench_reference.py fixture tests/data/black_hole_solver_verdicts.json \
        golf=ref-golf.jsonl black_hole=ref-bh.jsonl "golf kings=open=ref-golf-open.jsonl" [--upto 100]
    python bench/bench_reference.py compare STATS.jsonl [--key "golf kings=open"] [--fixture FILE] [--ref REF.jsonl]

`run` deals each PySol deal with our engine, writes its board in the solver's format
(`rulesdsl show VARIANT --deal N --format fcs`), runs `SOLVER --game GAME` on it with the flags
that give our variant's rules (FLAGS below: by default the solver's own defaults, Golf with no
wrap and nothing onto a king, Black Hole with an ace and a king next to each other), turns its
winning line into our notation, and replays that line in our engine. One JSON line per deal: {"deal", "verdict", "states", "seconds",
"moves", "replay"}; "replay" is "won" when the line wins here, else why it does not.

`compare` counts, per deal both files hold, where our verdict (a `rulesdsl stats --out` file)
agrees with the reference, where we said unknown, and every contradiction (won against
unwinnable either way). It prints figures and asserts nothing.

The solver is built from github.com/shlomif/black-hole-solitaire (c-solver); see docs/solver.md.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

from rulesdsl.core.errors import MoveError
from rulesdsl.formats import fcs, numbering
from rulesdsl.variant import loader

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "black_hole_solver_verdicts.json"
VARIANTS = ("golf", "black_hole")
# (variant, sorted options) -> the solver's flags for the same rules. Its --wrap-ranks lets a king
# take a queen too, so Golf's corner=turn has a counterpart only with kings=open.
FLAGS = {
    ("golf", ()): [],
    ("golf", (("kings", "open"),)): ["--queens-on-kings"],
    ("golf", (("corner", "turn"), ("kings", "open"))): ["--wrap-ranks"],
    ("black_hole", ()): [],
}


def game_key(name: str, options: dict) -> str:
    """The fixture's name for a variant with options: 'golf', 'golf kings=open'."""
    return " ".join([name] + [f"{k}={v}" for k, v in sorted(options.items())])


_STEP = re.compile(r"^(?:Move a card from stack (\d+) to the foundations|(Deal talon))\s*$")
_CARD = re.compile(r"^Info: Card moved is (\S\S)\s*$")
_STATES = re.compile(r"^Total number of states checked is (\d+)\.")


def board(variant, deal: int) -> str:
    """The board our engine deals for PySol deal ``deal``, checked against pysol-cards' text."""
    g = variant.numbered_game(deal)
    text = fcs.to_text(variant, g.state)
    pysol = numbering.pysol_board_text(variant.numbering.game, deal)
    if text.split() != pysol.split():
        raise SystemExit(f"deal {deal}: our board differs from pysol-cards':\n{text}\n{pysol}")
    return text


def parse_output(text: str) -> tuple:
    """(verdict, states, moves in our notation) from the solver's standard output."""
    lines = text.splitlines()
    head = next((s.strip() for s in lines if s.strip()), "")
    verdict = {"Solved!": "won", "Unsolved!": "unwinnable"}.get(head, "unknown")
    states = next((int(m.group(1)) for s in lines if (m := _STATES.match(s))), None)
    moves, pending = [], None
    for s in lines:
        if m := _STEP.match(s):
            pending = "turn" if m.group(2) else int(m.group(1))
        elif (m := _CARD.match(s)) and pending is not None:
            moves.append("turn" if pending == "turn" else f"{m.group(1)}@tableau[{pending}]>foundation[0]")
            pending = None
    return verdict, states, moves


def replay(variant, deal: int, moves) -> str:
    """'won' when the line plays to a win in our engine, else the first move it refuses and why."""
    g = variant.numbered_game(deal)
    for i, text in enumerate(moves, 1):
        try:
            g.play(text)
        except MoveError as exc:
            return f"move {i} {text}: {exc}"
    return "won" if g.won else f"not won after {len(moves)} move(s)"


def run(solver: str, name: str, first: int, last: int, out, seconds: float, max_iters, options) -> None:
    flags = FLAGS.get((name, tuple(sorted(options.items()))))
    if flags is None:
        raise SystemExit(f"black-hole-solver has no rules matching {game_key(name, options)!r}")
    variant = loader.load(name, options)
    done = set()
    if out and Path(out).exists():
        done = {json.loads(s)["deal"] for s in Path(out).read_text().splitlines() if s.strip()}
    cmd = [solver, "--game", name, *flags] + (["--max-iters", str(max_iters)] if max_iters else [])
    for deal in range(first, last + 1):
        if deal in done:
            continue
        text = board(variant, deal)
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=seconds)
            verdict, states, moves = parse_output(proc.stdout)
        except subprocess.TimeoutExpired:
            verdict, states, moves = "unknown", None, []
        rec = {"deal": deal, "verdict": verdict, "states": states, "seconds": round(time.perf_counter() - t0, 4)}
        if verdict == "won":
            rec["moves"] = moves
            rec["replay"] = replay(variant, deal, moves)
        line = json.dumps(rec)
        print(line if not out else f"{name} {deal}: {verdict} {rec.get('replay', '')}", flush=True)
        if out:
            with open(out, "a") as fh:
                fh.write(line + "\n")


def read_jsonl(path) -> dict:
    recs = {}
    for s in Path(path).read_text().splitlines():
        try:
            r = json.loads(s)
        except json.JSONDecodeError:
            continue  # a line cut by an interruption
        recs[r["deal"]] = r
    return recs


def make_fixture(path: str, sources: list, upto: int, command: str, version: str, lines: int) -> None:
    data = {
        "comment": (
            "Verdicts of Shlomi Fish's black-hole-solver (github.com/shlomif/black-hole-solitaire, "
            f"c-solver {version}) on PySol (PySolFC) deal numbers, boards from "
            "`rulesdsl show VARIANT --deal N --format fcs` (the same as pysol-cards'). "
            f"Command: {command}. 'games': each key's variant, options and solver command; "
            "'lines': its winning lines of the first won deals, in rulesdsl's notation. "
            "The solver is a reference only, not a dependency."
        ),
        "command": command,
        "version": version,
        "games": {},
        "lines": {},
    }
    for spec in sources:
        key, file = spec.rsplit("=", 1)
        name, *opts = key.split()
        options = dict(o.split("=", 1) for o in opts)
        flags = FLAGS[(name, tuple(sorted(options.items())))]
        data["games"][key] = {"variant": name, "options": options, "solver": " ".join(["--game", name, *flags])}
        recs = read_jsonl(file)
        data[key] = {str(d): recs[d]["verdict"] for d in sorted(recs) if d <= upto}
        won = [d for d in sorted(recs) if d <= upto and recs[d].get("replay") == "won"][:lines]
        data["lines"][key] = {str(d): " ".join(recs[d]["moves"]) for d in won}
    Path(path).write_text(json.dumps(data, indent=1) + "\n")


def compare(stats_file: str, fixture: str | None, ref_file: str | None, key: str | None) -> None:
    ours = read_jsonl(stats_file)
    if not ours:
        raise SystemExit(f"{stats_file}: no records")
    first = next(iter(ours.values()))
    name = key or game_key(first.get("variant", ""), first.get("options") or {})
    if ref_file:
        ref = {d: r["verdict"] for d, r in read_jsonl(ref_file).items()}
    else:
        table = json.loads(Path(fixture or FIXTURE).read_text())
        if name not in table:
            raise SystemExit(f"the fixture has no verdicts for {name!r}")
        ref = {int(d): v for d, v in table[name].items()}
    both = sorted(set(ours) & set(ref))
    counts = {"agree": 0, "we unknown": 0, "reference unknown": 0, "contradiction": 0}
    bad = []
    for d in both:
        a, b = ours[d]["verdict"], ref[d]
        if a == b:
            counts["agree"] += 1
        elif a == "unknown":
            counts["we unknown"] += 1
        elif b == "unknown":
            counts["reference unknown"] += 1
        else:
            counts["contradiction"] += 1
            bad.append(f"deal {d}: we say {a}, the reference {b}")
    refc = {v: sum(1 for d in both if ref[d] == v) for v in ("won", "unwinnable", "unknown")}
    print(
        f"{name}: {len(both)} deal(s) in both; reference {refc['won']} won, {refc['unwinnable']} unwinnable, "
        f"{refc['unknown']} unknown"
    )
    for k, n in counts.items():
        print(f"  {k:18} {n}")
    for s in bad:
        print("  " + s)


def main(argv) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("solver")
    r.add_argument("variant", choices=VARIANTS)
    r.add_argument("first", type=int)
    r.add_argument("last", type=int)
    r.add_argument("--out")
    r.add_argument("--seconds", type=float, default=600)
    r.add_argument("--max-iters", type=int)
    r.add_argument("--option", "-o", action="append", default=[], help="K=V: an option of the variant (FLAGS)")
    f = sub.add_parser("fixture")
    f.add_argument("path")
    f.add_argument("sources", nargs="+", help="KEY=REF.jsonl, KEY a variant and its options: 'golf kings=open'")
    f.add_argument("--upto", type=int, default=100)
    f.add_argument(
        "--command",
        default="python bench/bench_reference.py run black-hole-solve VARIANT 1 100, "
        "which runs `black-hole-solve --game VARIANT` with the flags of 'games' on each board",
    )
    f.add_argument("--version", default="1.14.0")
    f.add_argument("--lines", type=int, default=4, help="winning lines kept per game (the first won deals)")
    c = sub.add_parser("compare")
    c.add_argument("stats")
    c.add_argument("--fixture")
    c.add_argument("--ref", help="a `run --out` file instead of the fixture")
    c.add_argument("--key", help="the fixture's game: the variant and its options, 'golf kings=open'")
    a = p.parse_args(argv)
    if a.cmd == "run":
        options = dict(o.split("=", 1) for o in a.option)
        run(a.solver, a.variant, a.first, a.last, a.out, a.seconds, a.max_iters, options)
    elif a.cmd == "fixture":
        make_fixture(a.path, a.sources, a.upto, a.command, a.version, a.lines)
    else:
        compare(a.stats, a.fixture, a.ref, a.key)


if __name__ == "__main__":
    main(sys.argv[1:])
