"""The figures of ``rulesdsl analyse`` as text: one variant, two side by side, or a sweep.

One list of rows (a label and how to word one result's figure) serves all three, so the
comparison and the single report always say the same things in the same words.
"""

from __future__ import annotations


def pct(x) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def num(x) -> str:
    """A count or a quantile: whole numbers without decimals."""
    if x is None:
        return "n/a"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:,.2f}"
    return f"{int(x):,}"


def mean(x) -> str:
    return "n/a" if x is None else f"{x:,.2f}"


def _options(r: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in r["options"].items()) or "none"


def _branching(r: dict) -> str:
    b = r["branching"]
    if not b["n"]:
        return "no position with a move"
    return f"{mean(b['mean'])} moves per position (sd {mean(b['sd'])}, median {num(b['median'])}, max {num(b['max'])})"


def _forced(r: dict) -> str:
    f = r["forced"]
    share, actions = pct(f["share"]), pct(f["only_actions_share"])
    return f"{share} one legal move, {actions} only actions ({num(f['positions'])} positions)"


def _length(player: str):
    def word(r: dict) -> str:
        p = r["players"][player]
        d = p["length"]
        cut = f", {p['capped']} stopped at {num(r['limits']['max_moves'])}" if p["capped"] else ""
        stuck = f", {p['stuck']} stuck in a loop" if p.get("stuck") else ""
        return f"{mean(d['mean'])} moves (median {num(d['median'])}, max {num(d['max'])}{cut}{stuck})"

    return word


def _wins(player: str):
    def word(r: dict) -> str:
        p = r["players"][player]
        lo, hi = p["wilson95"]
        return f"{pct(p['share'])} ({p['won']} of {r['deals']['count']}; 95% Wilson {pct(lo)} to {pct(hi)})"

    return word


def _solver(r: dict) -> str:
    s = r.get("solver")
    if s is None:
        return "not run"
    w = s["winnable"]
    lo, hi = w["wilson95"]
    return (
        f"{pct(w['estimate'])} winnable (95% Wilson {pct(lo)} to {pct(hi)}): "
        f"{s['won']} won, {s['unwinnable']} unwinnable, {s['unknown']} unknown"
    )


def _dist(key: str, unit: str):
    def word(r: dict) -> str:
        s = r.get("solver")
        if s is None or not s[key]["n"]:
            return "no win"
        d = s[key]
        return f"median {num(d['median'])} {unit}, 90% within {num(d['p90'])}, max {num(d['max'])}"

    return word


def _gap(r: dict) -> str:
    g = r["skill_gap"]
    return f"solver {pct(g['solver'])}, greedy {pct(g['greedy'])}, random {pct(g['random'])}"


ROWS = (
    ("options", _options),
    ("branching", _branching),
    ("forced moves", _forced),
    ("random game length", _length("random")),
    ("greedy game length", _length("greedy")),
    ("random play wins", _wins("random")),
    ("greedy play wins", _wins("greedy")),
    ("solver", _solver),
    ("difficulty", _dist("difficulty", "states to the first win")),
    ("solution length", _dist("solution_length", "moves")),
    ("skill gap (won)", _gap),
)


def key(label: str) -> str:
    """A row's label as a short key ('forced moves' -> 'forced-moves')."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in label.lower()).split())


def rows(r: dict) -> list[dict]:
    """The rows of one result as data: key, label and the words (the web page shows them)."""
    return [{"key": key(label), "label": label, "text": word(r)} for label, word in ROWS]


def _heading(r: dict) -> str:
    d, lim = r["deals"], r["limits"]
    states = f"{lim['max_states']:,} states" if lim["max_states"] else "no state limit"
    time = f", {lim['time_limit']:g} s" if lim["time_limit"] else ""
    return (
        f"{r['title']} ({r['variant']}): {d['count']} deal(s) from {d['first']}, seed {r['seed']}; "
        f"solver {states}{time} per deal; playouts of at most {num(lim['max_moves'])} moves"
    )


def render(r: dict) -> str:
    width = max(len(label) for label, _ in ROWS)
    lines = [_heading(r), ""]
    lines += [f"{label:<{width}}  {word(r)}" for label, word in ROWS]
    return "\n".join(lines)


def render_compare(a: dict, b: dict) -> str:
    """Two results, each figure of one under the other's, labelled A and B."""
    width = max(len(label) for label, _ in ROWS)
    lines = [f"A: {_heading(a)}", f"B: {_heading(b)}", ""]
    for label, word in ROWS:
        lines.append(f"{label:<{width}}  A {word(a)}")
        lines.append(f"{'':<{width}}  B {word(b)}")
    return "\n".join(lines)


def render_sweep(results: list) -> str:
    """One line per option combination: the winnable share and what else a designer tunes by."""
    if not results:
        return "no combination"
    head = ("options", "winnable", "95% Wilson", "unknown", "greedy", "random", "branching", "forced")
    rows = []
    for r in results:
        s = r.get("solver")
        w = s["winnable"] if s else None
        rows.append(
            (
                " ".join(f"{k}={v}" for k, v in r.get("swept", {}).items()) or "(defaults)",
                pct(w["estimate"]) if w else "n/a",
                f"{pct(w['wilson95'][0])}-{pct(w['wilson95'][1])}" if w else "n/a",
                str(s["unknown"]) if s else "n/a",
                pct(r["players"]["greedy"]["share"]),
                pct(r["players"]["random"]["share"]),
                mean(r["branching"]["mean"]),
                pct(r["forced"]["share"]),
            )
        )
    widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head))]
    fmt = lambda row: "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
    first = results[0]
    deals = first["deals"]["count"]
    title = f"{first['title']} ({first['variant']}): every combination of the options, {deals} deal(s) each"
    return "\n".join([title, "", fmt(head), *map(fmt, rows)])
