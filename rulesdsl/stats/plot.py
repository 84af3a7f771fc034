"""``rulesdsl stats --plot FILE.svg``: the result as one picture, through svgplot (matplotlib).

Left, the winnable share after each pass with its 95% Wilson interval, and the band between
counting the unknown deals as all lost and as all won: how much the longer limits bought.
Right, the difficulty of the won deals (the states the solver explored up to the first win) as
a histogram on a logarithmic scale, since it spans orders of magnitude: the fixed bins the run's
Tally counted (tally.py), so the picture needs no record kept.
"""

from __future__ import annotations

import math

from .svgplot import figure_svg, pyplot
from .tally import Histogram


def figure(summaries: list, difficulty, title: str) -> str:
    """The SVG text of the picture of a run: its pass summaries and the won deals' difficulty
    (a tally.Histogram, or the records to count it from)."""
    plt = pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    _shares(left, summaries)
    _difficulty(right, difficulty if isinstance(difficulty, Histogram) else Histogram.of(difficulty))
    fig.suptitle(title)
    return figure_svg(fig)


def _label(s: dict) -> str:
    return "all" if s["pass"] is None else f"pass {s['pass']}\n{s['time_limit']:g} s"


def _shares(ax, summaries: list) -> None:
    xs = list(range(len(summaries)))
    est, lo, hi, blo, bhi = [], [], [], [], []
    for s in summaries:
        w = s["winnable"]
        e = w["estimate"]
        est.append(100 * e if e is not None else math.nan)
        lo.append(max(0.0, 100 * (e - w["wilson95"][0])) if e is not None else 0.0)
        hi.append(max(0.0, 100 * (w["wilson95"][1] - e)) if e is not None else 0.0)
        blo.append(100 * w["bounds"][0])
        bhi.append(100 * w["bounds"][1])
    ax.fill_between(xs, blo, bhi, alpha=0.2, label="unknowns counted lost / won")
    ax.errorbar(xs, est, yerr=[lo, hi], fmt="o-", capsize=4, label="winnable (95% Wilson)")
    ax.set_xticks(xs, [_label(s) for s in summaries])
    ax.set_ylabel("winnable deals (%)")
    ax.set_ylim(0, 100)
    ax.set_title("winnable share per pass")
    ax.legend(loc="lower right", fontsize="small")


def _difficulty(ax, hist: Histogram) -> None:
    ax.set_title(f"difficulty of the {hist.total} won deal(s)")
    ax.set_xlabel("states explored up to the first win")
    ax.set_ylabel("deals")
    if not hist.total:
        ax.text(0.5, 0.5, "no won deal with a difficulty", ha="center", va="center", transform=ax.transAxes)
        return
    edges, counts = hist.bins()
    ax.hist(edges[:-1], bins=edges, weights=counts)
    ax.set_xscale("log")
