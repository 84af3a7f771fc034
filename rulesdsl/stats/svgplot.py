"""Pictures of statistics as standalone SVG, drawn by matplotlib (the ``plot`` extra).

matplotlib is imported here only, when a picture is asked for, so that the rest of rulesdsl
runs without it; the SVG is made reproducible (no date, a fixed id salt), so the same figures
give the same file on every machine."""

from __future__ import annotations

import io

from ..core.errors import InputError

EXTRA_HINT = "pictures need the plot extra: pip install 'rulesdsl[plot]' (matplotlib)"


def pyplot():
    """matplotlib's pyplot on the file-only Agg backend, or a clear InputError without it."""
    try:
        import matplotlib
    except ImportError:
        raise InputError(EXTRA_HINT) from None
    matplotlib.use("Agg", force=True)
    matplotlib.rcParams["svg.hashsalt"] = "rulesdsl"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: searchable, smaller
    import matplotlib.pyplot as plt

    return plt


def figure_svg(fig) -> str:
    """A figure as SVG text, then closed (pyplot keeps every open figure alive otherwise)."""
    plt = pyplot()
    out = io.StringIO()
    try:
        fig.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    finally:
        plt.close(fig)
    return out.getvalue()
