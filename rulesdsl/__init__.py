"""rulesdsl: patience games declared in YAML, played by one generic interpreter.

    >>> import rulesdsl
    >>> v = rulesdsl.load("sakhmet", {"level": "draw3"})
    >>> g = v.new_game(seed=7)
    >>> m = g.legal_moves()[0]
    >>> g.play(m) == m and g.undo() == m
    True
    >>> g.outcome.name
    'ONGOING'

The public surface: ``load`` / ``load_path`` (a compiled ``Variant``), ``new_game``,
``Game`` (legal_moves, generate, play, undo, redo, outcome, won, over, score, position, save),
``check`` (diagnostics for a file), and the error types.
"""

from . import _old_paths
from .core.errors import (
    AmbiguousMoveError,
    Diagnostic,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    PositionError,
    RulesdslError,
    RulesError,
)
from .engine.moves import Move
from .play.game import Game, Outcome
from .variant.loader import diagnose as check
from .variant.loader import load, load_path
from .variant.model import Variant
from .variant.registry import names as variant_names

__version__ = "0.1.0"

_old_paths.install()


def __getattr__(name: str):
    """``rulesdsl.solver`` and the other old paths as attributes (deprecated; see _old_paths)."""
    if name in _old_paths.MOVED:
        module = _old_paths.resolve(f"rulesdsl.{name}")
        globals()[name] = module  # once: `from rulesdsl import solver` asks twice
        return module
    raise AttributeError(f"module 'rulesdsl' has no attribute {name!r}")


def new_game(name: str, seed: int = 1, options: dict | None = None) -> Game:
    """Load a variant and deal a game from a seed."""
    return load(name, options).new_game(seed)


def game_from_position(name: str, data, options: dict | None = None) -> Game:
    """Load a variant and start from a position (JSON dict or compact text)."""
    return Game.from_position(load(name, options), data)


__all__ = [
    "AmbiguousMoveError",
    "Diagnostic",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "MoveError",
    "Outcome",
    "PositionError",
    "RulesError",
    "RulesdslError",
    "Variant",
    "check",
    "game_from_position",
    "load",
    "load_path",
    "new_game",
    "variant_names",
]
