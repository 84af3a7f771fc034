"""The two orders of an open game's search (solver._two_orders) by positions: prints figures,
asserts nothing.

    python bench/bench_orders.py collect freecell 1 1000 30000 OUT.jsonl   # each order alone
    python bench/bench_orders.py schemes OUT.jsonl 30000                    # every scheme's figures
    python bench/bench_orders.py grid OUT.jsonl 30000                       # the best restart caps
    python bench/bench_orders.py caps OUT.jsonl 30000 4000 12000 500        # the first cap swept
    python bench/bench_orders.py side freecell 1 1000 30000 OUT.jsonl      # the solver: turns, restart
    python bench/bench_orders.py third freecell 12 30000 OUT.jsonl 36,117  # a third weight, some deals
    python bench/bench_orders.py schedules OUT.jsonl THIRD.jsonl 30000      # three-order schedules
    python bench/bench_orders.py grid3 OUT.jsonl THIRD.jsonl 30000          # the best of 1,215 of them

``collect`` searches each deal in each order alone (the open weight, guidance.W_BURIED_OPEN,
then the first, W_BURIED; ``orders=False``, no win finder, no time limit) up to the cap, and
writes the verdict and positions of both. The search is deterministic and its cap only stops
it, so a search in one order with any smaller cap wins, or proves, exactly when that order's
positions are within the cap, and spends min(cap, positions) when not. ``schemes`` therefore
replays any scheme from those two numbers without searching again: a list of stages (order,
cap on the positions that search has seen), each either a fresh search from the deal
(``restart``: the positions it saw before are paid again) or the one it stopped going on
(``resume``: a scheme the solver would need a resumable search for), all within a budget of
positions a deal. A deal decided in neither order within the cap is unknown in every scheme.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from rulesdsl.solve import guidance
from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.solver import solve


def collect(name, a, b, cap, out):
    """Each deal in each order alone, up to ``cap`` positions: one JSON line a deal."""
    v, an = compiled_variant(name, {})
    weight = guidance.W_BURIED_OPEN
    with open(out, "a") as f:
        for d in range(a, b + 1):
            rec = {"variant": name, "deal": d}
            for key, w in (("open", weight), ("first", guidance.W_BURIED)):
                guidance.W_BURIED_OPEN = w
                try:
                    r = solve(v, deal_state(v, d), max_states=cap, orders=False, beam=False, analysis=an)
                finally:
                    guidance.W_BURIED_OPEN = weight
                rec[key] = [r.verdict, r.states]
            f.write(json.dumps(rec) + "\n")
            f.flush()


def third(name, weight, cap, out, deals):
    """Each of ``deals`` in the open order's search alone with the buried cards' ``weight``
    (the third order), up to ``cap`` positions: one JSON line a deal, key "third"."""
    v, an = compiled_variant(name, {})
    keep = guidance.W_BURIED_OPEN
    with open(out, "a") as f:
        for d in deals:
            guidance.W_BURIED_OPEN = weight
            try:
                r = solve(v, deal_state(v, d), max_states=cap, orders=False, beam=False, analysis=an)
            finally:
                guidance.W_BURIED_OPEN = keep
            f.write(json.dumps({"variant": name, "deal": d, "weight": weight, "third": [r.verdict, r.states]}) + "\n")
            f.flush()


# Schedules of resumed searches in three orders (as interleave.SCHEDULE: each stage's figure is
# the positions that order's search has seen when it pauses). A deal decided before the third
# order's first turn needs no "third" record (schedules() names those it lacks).
SCHEDULES = [
    (
        "main: open 5k, first 11k, open 10k, first",
        [("open", 5000), ("first", 11000), ("open", 10000), ("first", "rest")],
    ),
    ("open 5k, first 11k, third 10k, first", [("open", 5000), ("first", 11000), ("third", 10000), ("first", "rest")]),
    ("open 5k, first 11k, third 8k, open", [("open", 5000), ("first", 11000), ("third", 8000), ("open", "rest")]),
    (
        "open 5k, first 11k, open 10k, third 8k, first",
        [("open", 5000), ("first", 11000), ("open", 10000), ("third", 8000), ("first", "rest")],
    ),
    (
        "open 5k, first 11k, open 10k, third 5k, first",
        [("open", 5000), ("first", 11000), ("open", 10000), ("third", 5000), ("first", "rest")],
    ),
    (
        "open 5k, first 11k, third 7.5k, open 10k, first",
        [("open", 5000), ("first", 11000), ("third", 7500), ("open", 10000), ("first", "rest")],
    ),
]
for _k in (2000, 3000, 5000, 8000):
    SCHEDULES.append(
        (
            f"open 5k, third {_k // 1000}k, first 11k, open 10k, first",
            [("open", 5000), ("third", _k), ("first", 11000), ("open", 10000), ("first", "rest")],
        )
    )
for _k in (2000, 4000, 7000):
    SCHEDULES.append(
        (
            f"open 5k, first 11k, third {_k // 1000}k, open 10k, first",
            [("open", 5000), ("first", 11000), ("third", _k), ("open", 10000), ("first", "rest")],
        )
    )
SCHEDULES.append(
    (
        "open 5k, third 3k, first 11k, open 10k, third 10k, first",
        [("open", 5000), ("third", 3000), ("first", 11000), ("open", 10000), ("third", 10000), ("first", "rest")],
    )
)


def third_starts(stages):
    """The positions of all the searches when the third order's first turn begins."""
    seen: dict = {}
    for order, cap in stages:
        if order == "third":
            return sum(seen.values())
        seen[order] = cap
    return float("inf")


def schedules(path, third_path, budget):
    """Every schedule of SCHEDULES replayed from ``collect``'s records and ``third``'s."""
    recs = [json.loads(line) for line in open(path)]
    thirds = {(r["variant"], r["deal"]): r["third"] for r in map(json.loads, open(third_path))}
    for name in dict.fromkeys(r["variant"] for r in recs):
        deals = [r for r in recs if r["variant"] == name]
        print(f"\n{name} {deals[0]['deal']}-{deals[-1]['deal']}, {budget} positions a deal")
        print("| schedule | won / unwinnable / unknown | positions in all | not won | third needed, missing |")
        print("| --- | --- | --- | --- | --- |")
        for label, stages in SCHEDULES:
            got, missing = [], []
            for r in deals:
                rec = dict(r, third=thirds.get((name, r["deal"]), ["unknown", 0]))
                v, s = replay(rec, False, stages, budget)
                if (name, r["deal"]) not in thirds and s > third_starts(stages):
                    missing.append(r["deal"])
                got.append((r["deal"], v, s))
            counts = [sum(1 for _, v, _ in got if v == k) for k in ("won", "unwinnable", "unknown")]
            lost = [d for d, v, _ in got if v == "unknown"]
            total = sum(s for _, _, s in got)
            print(f"| {label} | {'/'.join(map(str, counts))} | {total:,} | {lost} | {missing} |")


def grid3(path, third_path, budget):
    """Schedules of five turns with one third-order turn (before, between or after the first
    order's and the open order's second turns), caps in steps of 1,000 (the open order's
    second in 2,000): the best by deals decided, then positions. A schedule needing a
    "third" record that is missing is left out."""
    recs = [json.loads(line) for line in open(path)]
    thirds = {r["deal"]: r["third"] for r in map(json.loads, open(third_path))}
    forms = []
    for f in range(6000, 15000, 1000):
        for t in range(2000, 11000, 1000):
            for o in range(6000, 15000, 2000):
                forms.append([("open", 5000), ("first", f), ("third", t), ("open", o), ("first", "rest")])
                forms.append([("open", 5000), ("first", f), ("open", o), ("third", t), ("first", "rest")])
                forms.append([("open", 5000), ("third", t), ("first", f), ("open", o), ("first", "rest")])
    scored = []
    for stages in forms:
        start, got = third_starts(stages), []
        for r in recs:
            verdict, spent = replay(dict(r, third=thirds.get(r["deal"], ["unknown", 0])), False, stages, budget)
            if r["deal"] not in thirds and spent > start:
                break
            got.append((r["deal"], verdict, spent))
        else:
            won = sum(1 for _, v, _ in got if v != "unknown")
            scored.append((-won, sum(s for _, _, s in got), stages, [d for d, v, _ in got if v == "unknown"]))
    scored.sort(key=lambda t: (t[0], t[1]))
    print(f"{len(scored)} schedules replayed, {budget} positions a deal; the best:")
    for w, total, stages, lost in scored[:12]:
        print(f"  {-w} {total:,} {stages} not won {lost}")


# A scheme: its name, restart (True) or resume, and its stages (order, the cap that search
# reaches: for a restart its own positions, for a resume its positions in all); "rest" is the
# budget left.
SCHEMES = [
    ("open alone", True, [("open", "rest")]),
    ("first alone", True, [("first", "rest")]),
    ("open 2k, first", True, [("open", 2000), ("first", "rest")]),
    ("open 3k, first", True, [("open", 3000), ("first", "rest")]),
    ("open 5k, first (main)", True, [("open", 5000), ("first", "rest")]),
    ("open 8k, first", True, [("open", 8000), ("first", "rest")]),
    ("open 10k, first", True, [("open", 10000), ("first", "rest")]),
    ("open 15k, first", True, [("open", 15000), ("first", "rest")]),
    ("first 2k, open", True, [("first", 2000), ("open", "rest")]),
    ("first 5k, open", True, [("first", 5000), ("open", "rest")]),
    ("first 10k, open", True, [("first", 10000), ("open", "rest")]),
    ("open 5k, first 10k, open", True, [("open", 5000), ("first", 10000), ("open", "rest")]),
    ("open 3k, first 6k, open 12k, first", True, [("open", 3000), ("first", 6000), ("open", 12000), ("first", "rest")]),
    ("resume: open 5k, first 10k, open", False, [("open", 5000), ("first", 10000), ("open", "rest")]),
    (
        "resume: open 2k/4k/8k/16k alternating",
        False,
        [
            ("open", 2000),
            ("first", 2000),
            ("open", 4000),
            ("first", 4000),
            ("open", 8000),
            ("first", 8000),
            ("open", 16000),
            ("first", "rest"),
        ],
    ),
    (
        "resume: open 5k, first 5k, open 15k, first",
        False,
        [("open", 5000), ("first", 5000), ("open", 15000), ("first", "rest")],
    ),
    (
        "resume: open 3k, first 3k, open 10k, first 10k, open",
        False,
        [("open", 3000), ("first", 3000), ("open", 10000), ("first", 10000), ("open", "rest")],
    ),
]


def replay(rec, restart, stages, budget):
    """A scheme on one deal: (verdict, positions spent)."""
    spent, seen = 0, {"open": 0, "first": 0, "third": 0}
    for order, cap in stages:
        verdict, need = rec[order]
        left = budget - spent
        if left <= 0:
            break
        if restart:
            reach = left if cap == "rest" else min(cap, left)
            got = min(need, reach)
            spent += got
        else:  # the search goes on from where it stopped: only the new positions are paid
            reach = seen[order] + (left if cap == "rest" else min(cap - seen[order], left))
            got = min(need, reach)
            spent += max(0, got - seen[order])
            seen[order] = max(seen[order], got)
        if verdict != "unknown" and need <= reach:
            return verdict, spent
    return "unknown", spent


def schemes(path, budget):
    """Every scheme of SCHEMES on the collected deals, per variant."""
    recs = [json.loads(line) for line in open(path)]
    for name in dict.fromkeys(r["variant"] for r in recs):
        deals = [r for r in recs if r["variant"] == name]
        print(f"\n{name} {deals[0]['deal']}-{deals[-1]['deal']}, {budget} positions a deal")
        print("| scheme | won / unwinnable / unknown | positions in all | median | not won |")
        print("| --- | --- | --- | --- | --- |")
        for label, restart, stages in SCHEMES:
            got = [(r["deal"], *replay(r, restart, stages, budget)) for r in deals]
            counts = [sum(1 for _, v, _ in got if v == k) for k in ("won", "unwinnable", "unknown")]
            lost = [d for d, v, _ in got if v == "unknown"]
            shown = ", ".join(map(str, lost[:12])) + (" ..." if len(lost) > 12 else "")
            median = statistics.median(s for _, _, s in got)
            print(
                f"| {label} | {'/'.join(map(str, counts))} | {sum(s for _, _, s in got):,} | {median:,.0f} | {shown} |"
            )


def grid(path, budget):
    """The best restart schemes of two and three stages on the collected deals, caps in
    steps of 1,000: a search of the caps, to compare with SCHEMES (small samples fit)."""
    recs = [json.loads(line) for line in open(path)]
    caps = range(1000, budget, 1000)
    found = []
    for a, b in (("open", "first"), ("first", "open")):
        for x in caps:
            found.append(((a, x), (b, "rest")))
            for y in caps:
                found.append(((a, x), (b, y), (a, "rest")))
    for name in dict.fromkeys(r["variant"] for r in recs):
        deals = [r for r in recs if r["variant"] == name]
        scored = []
        for stages in found:
            got = [replay(r, True, stages, budget) for r in deals]
            won = sum(1 for v, _ in got if v != "unknown")
            scored.append((-won, sum(s for _, s in got), stages))
        scored.sort(key=lambda t: (t[0], t[1]))
        print(f"\n{name}, {budget} positions a deal: the best restart schemes (decided, positions)")
        for w, total, stages in scored[:15]:
            print(f"  {-w} {total:,} {stages}")


def caps(path, budget, low, high, step):
    """The restart scheme "open order up to a cap, then the first with the rest", the cap
    from ``low`` to ``high``: each variant's won / unwinnable / unknown and positions."""
    recs = [json.loads(line) for line in open(path)]
    for cap in range(low, high + 1, step):
        row = []
        for name in dict.fromkeys(r["variant"] for r in recs):
            got = [replay(r, True, [("open", cap), ("first", "rest")], budget) for r in recs if r["variant"] == name]
            counts = "/".join(str(sum(1 for v, _ in got if v == k)) for k in ("won", "unwinnable", "unknown"))
            lost = [r["deal"] for r, (v, _) in zip([r for r in recs if r["variant"] == name], got) if v == "unknown"]
            row.append(f"{name} {counts} {sum(s for _, s in got):,} {lost if len(lost) <= 6 else ''}")
        print(cap, " | ".join(row))


def side(name, a, b, cap, out):
    """The solver itself, each deal with the orders in turns (interleave.py) and with the
    restart (``interleave=False``, main's schedule) one after the other, up to ``cap``
    positions (no win finder, no time limit): one JSON line a deal, then the totals."""
    v, an = compiled_variant(name, {})
    recs = []
    with open(out, "a") as f:
        for d in range(a, b + 1):
            rec = {"variant": name, "deal": d}
            for key, turns in (("turns", True), ("restart", False)):
                t = time.process_time()
                r = solve(v, deal_state(v, d), max_states=cap, beam=False, analysis=an, interleave=turns)
                rec[key] = [r.verdict, r.states, round(time.process_time() - t, 3)]
            recs.append(rec)
            f.write(json.dumps(rec) + "\n")
            f.flush()
    for key in ("restart", "turns"):
        counts = "/".join(str(sum(1 for r in recs if r[key][0] == k)) for k in ("won", "unwinnable", "unknown"))
        lost = [r["deal"] for r in recs if r[key][0] == "unknown"]
        total, cpu = sum(r[key][1] for r in recs), sum(r[key][2] for r in recs)
        median = statistics.median(r[key][1] for r in recs)
        print(
            f"{name} {a}-{b} {key}: {counts}, positions {total:,} (median {median:,.0f}), CPU {cpu:.1f} s, unknown {lost}"
        )
    flips = [r["deal"] for r in recs if {r["turns"][0], r["restart"][0]} == {"won", "unwinnable"}]
    print(f"{name}: verdicts flipped between won and unwinnable: {flips}")


def main(argv):
    if argv[:1] == ["collect"]:
        collect(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5])
    elif argv[:1] == ["side"]:
        side(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5])
    elif argv[:1] == ["third"]:
        third(argv[1], int(argv[2]), int(argv[3]), argv[4], [int(d) for d in argv[5].split(",")])
    elif argv[:1] == ["schedules"]:
        schedules(argv[1], argv[2], int(argv[3]))
    elif argv[:1] == ["grid3"]:
        grid3(argv[1], argv[2], int(argv[3]))
    elif argv[:1] == ["schemes"]:
        schemes(argv[1], int(argv[2]))
    elif argv[:1] == ["caps"]:
        caps(argv[1], *map(int, argv[2:6]))
    elif argv[:1] == ["grid"]:
        grid(argv[1], int(argv[2]))
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
