"""The shared SVG picture helper: reproducible output, and a clear message without matplotlib."""

from __future__ import annotations

import builtins

import pytest

from rulesdsl.core.errors import InputError
from rulesdsl.stats import svgplot


def _picture() -> str:
    plt = svgplot.pyplot()
    fig, ax = plt.subplots()
    ax.bar(["won", "lost"], [3, 1])
    ax.set_title("deals")
    return svgplot.figure_svg(fig)


def test_the_same_figure_gives_the_same_svg_and_keeps_its_text():
    pytest.importorskip("matplotlib")
    first, second = _picture(), _picture()
    assert first == second
    assert first.lstrip().startswith("<?xml") and "<svg" in first
    assert "deals" in first and "won" in first  # text stays text (svg.fonttype none)


def test_without_matplotlib_the_message_names_the_extra(monkeypatch):
    real = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(InputError, match=r"rulesdsl\[plot\]"):
        svgplot.pyplot()
