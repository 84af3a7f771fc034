"""The import paths of before issue 20's subpackages keep working for one release: each old
dotted name gives the very module at its new home (so monkeypatching and isinstance still
work) and warns with a DeprecationWarning naming the new path; rulesdsl.svg (public API:
rulesdsl.svg.position) answers without a warning. This is the one test that uses old paths."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import rulesdsl
from rulesdsl import _old_paths
from rulesdsl.formats import svg
from rulesdsl.play.game import Game
from rulesdsl.solve import solver


@pytest.mark.parametrize("old, new", sorted(_old_paths.MOVED.items()))
def test_an_old_path_is_the_new_module_and_warns(old, new):
    sys.modules.pop(f"rulesdsl.{old}", None)
    target = importlib.import_module(f"rulesdsl.{new}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(f"rulesdsl.{old}")
    assert module is target
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if old in _old_paths.SILENT:
        assert not deprecations
    else:
        assert len(deprecations) == 1
        assert f"rulesdsl.{old} moved to rulesdsl.{new}" in str(deprecations[0].message)


def test_the_warning_points_at_the_importing_line_and_from_imports_work():
    code = (
        "import warnings\nwarnings.simplefilter('always')\n"
        "import rulesdsl.solver\nfrom rulesdsl import validate\nimport rulesdsl\nrulesdsl.cards\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = [x for x in proc.stderr.splitlines() if "DeprecationWarning" in x]
    assert [x.split(": ")[0] for x in lines] == ["<string>:3", "<string>:4", "<string>:6"], proc.stderr
    assert "rulesdsl.solver moved to rulesdsl.solve.solver" in lines[0]


def test_old_paths_keep_monkeypatching_and_isinstance(monkeypatch):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old_solver = importlib.import_module("rulesdsl.solver")
        old_game = importlib.import_module("rulesdsl.game")
    monkeypatch.setattr(old_solver, "UNKNOWN", "?")
    assert solver.UNKNOWN == "?"
    g = rulesdsl.new_game("freecell", seed=1)
    assert isinstance(g, old_game.Game) and old_game.Game is Game


def test_the_public_svg_path_needs_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        import rulesdsl.svg

        from rulesdsl import svg as old
    assert rulesdsl.svg.position is svg.position and old is svg


def test_an_unknown_name_is_still_an_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("rulesdsl.no_such_module")
    with pytest.raises(AttributeError):
        rulesdsl.no_such_module  # noqa: B018
    assert _old_paths.new_name("rulesdsl.solver") == "rulesdsl.solve.solver"
    assert _old_paths.new_name("rulesdsl.solve.solver") is None
