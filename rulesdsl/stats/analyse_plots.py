"""The pictures of ``rulesdsl analyse``: branching by move number, histograms of difficulty and
solution length, and the options sweep, each as SVG through svgplot.py (matplotlib).

Each panel draws one or more results (a comparison overlays two, labelled), so the command
line's single file and the web page's separate pictures come from the same code.
"""

from __future__ import annotations

from .svgplot import figure_svg, pyplot

PANELS = ("branching", "difficulty", "solution_length")  # the names report_svgs gives
WIDTH, HEIGHT = 6.4, 3.6  # inches of one panel
HISTOGRAM_BINS = 20


def _label(r: dict) -> str:
    opts = " ".join(f"{k}={v}" for k, v in r["options"].items())
    return f"{r['title']} {opts}".strip()


def _branching(ax, results: list) -> None:
    for r in results:
        b = r["branching"]["by_move"]
        if not b["move"]:
            continue
        lo = [m - s for m, s in zip(b["mean"], b["sd"])]
        hi = [m + s for m, s in zip(b["mean"], b["sd"])]
        (line,) = ax.plot(b["move"], b["mean"], label=_label(r))
        ax.fill_between(b["move"], lo, hi, alpha=0.2, color=line.get_color())
    ax.set_title("Legal moves by move number (random play; mean and one sd)")
    ax.set_xlabel("move number")
    ax.set_ylabel("legal moves")


def _histogram(key: str, title: str, xlabel: str):
    def draw(ax, results: list) -> None:
        series = [(r, r.get("solver", {}).get(key, {}).get("values") or []) for r in results]
        drawn = [(r, vals) for r, vals in series if vals]
        if drawn:
            top = max(max(vals) for _, vals in drawn)
            low = min(min(vals) for _, vals in drawn)
            bins = HISTOGRAM_BINS if top > low else 1
            for r, vals in drawn:
                ax.hist(vals, bins=bins, range=(low, top if top > low else low + 1), histtype="step", label=_label(r))
        else:
            ax.text(0.5, 0.5, "no deal won", ha="center", va="center", transform=ax.transAxes)
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("deals won")

    return draw


DRAW = {
    "branching": _branching,
    "difficulty": _histogram("difficulty", "Difficulty of the won deals", "states searched to the first win"),
    "solution_length": _histogram("solution_length", "Length of the solver's winning lines", "moves"),
}


def _legend(ax, results: list) -> None:
    if len(results) > 1 and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small")


def panel_svg(name: str, results: list) -> str:
    """One panel (a name of PANELS) of one or more results, as SVG text."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT))
    DRAW[name](ax, results)
    _legend(ax, results)
    return figure_svg(fig)


def report_svgs(result: dict) -> dict[str, str]:
    """Every panel of one result: panel name -> SVG text (the web page shows each)."""
    return {name: panel_svg(name, [result]) for name in PANELS}


def report_svg(results: list) -> str:
    """The panels of one result, or of two overlaid (--compare), in one SVG picture."""
    plt = pyplot()
    fig, axes = plt.subplots(len(PANELS), 1, figsize=(WIDTH, HEIGHT * len(PANELS)))
    for ax, name in zip(axes, PANELS):
        DRAW[name](ax, results)
        _legend(ax, results)
    fig.tight_layout()
    return figure_svg(fig)


def sweep_svg(results: list) -> str:
    """The winnable share of every option combination with its Wilson interval, the greedy
    and random shares beside it, and the band from 40% to 60% shaded."""
    plt = pyplot()
    names = [" ".join(f"{k}={v}" for k, v in r.get("swept", {}).items()) or "(defaults)" for r in results]
    fig, ax = plt.subplots(figsize=(WIDTH, max(HEIGHT, 0.4 * len(results) + 1.5)))
    ys = list(range(len(results)))
    ax.axvspan(40, 60, alpha=0.12, color="green", label="40% to 60%")
    est, err_lo, err_hi = [], [], []
    for r in results:
        w = r.get("solver", {}).get("winnable", {})
        e = w.get("estimate")
        lo, hi = w.get("wilson95", (0.0, 1.0))
        e = lo if e is None else e
        est.append(100 * e)
        err_lo.append(100 * (e - lo))
        err_hi.append(100 * (hi - e))
    ax.errorbar(est, ys, xerr=[err_lo, err_hi], fmt="o", capsize=3, label="solver: winnable (95% Wilson)")
    ax.plot([100 * r["players"]["greedy"]["share"] for r in results], ys, "s", label="greedy play wins")
    ax.plot([100 * r["players"]["random"]["share"] for r in results], ys, "x", label="random play wins")
    ax.set_yticks(ys)
    ax.set_yticklabels(names)
    ax.invert_yaxis()
    ax.set_xlim(-2, 102)
    ax.set_xlabel("% of deals")
    title = results[0]["title"] if results else ""
    ax.set_title(f"{title}: the options swept")
    ax.legend(fontsize="small", loc="best")
    return figure_svg(fig)
