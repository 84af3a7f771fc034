"""The games a runner session moves between: a new deal, the same deal again, a saved game.

The runner's ``new``, ``restart`` and ``load`` commands; each gives a fresh Game (its own
undo history) of the variant being played, or raises a RulesdslError saying why not.
"""

from __future__ import annotations

import json

from rulesdsl.core.errors import InputError, PositionError, short
from rulesdsl.core.files import read_text
from rulesdsl.core.limits import MAX_POSITION_BYTES
from rulesdsl.engine.deal import MAX_SEED
from rulesdsl.formats import position
from rulesdsl.play.game import Game
from rulesdsl.variant.loader import load


def hides_cards(game) -> bool:
    """Does this game have face-down cards (dealt so, or now)? Only then does it matter that
    the solver sees them."""
    return any(game.start.down) or any(game.state.down)


def new_game(game, arg: str | None) -> Game:
    """``new [SEED]``: the deal of that seed; without one, the next seed. A numbered deal
    (FreeCell's 617) takes deal numbers instead: new 11982, or the next number."""
    v = game.variant
    if game.deal is not None:  # a numbered deal: new N is deal number N (ms11982 too)
        if arg is not None:
            return v.numbered_game(arg)
        if isinstance(game.deal, str):  # ms617 in a numbering of its own
            return v.numbered_game(f"ms{int(game.deal[2:]) + 1}")
        return v.numbered_game(game.deal + 1)
    if arg is None:
        return v.new_game(1 if game.seed is None else (game.seed + 1) % (MAX_SEED + 1))
    if not (arg.isascii() and arg.isdigit()) or len(arg) > len(str(MAX_SEED)) or int(arg) > MAX_SEED:
        raise InputError(f"new takes a seed, a whole number from 0 to {MAX_SEED}, not {short(arg)!r}")
    return v.new_game(int(arg))


def restart(game) -> Game:
    """The same deal from its start, no move played."""
    g = Game(game.variant, game.start.copy(), game.seed)
    g.deal = game.deal
    return g


def load_game(game, path: str) -> Game:
    """A save (``save FILE``) or a position file (JSON or compact text) of the variant being
    played; a save's own option values are taken."""
    v = game.variant
    text = read_text(path, MAX_POSITION_BYTES, "position")
    if not text.strip():
        raise InputError(f"{path}: the file is empty")
    data: object = text
    if text.lstrip()[:1] in "{[":
        try:
            data = position.parse_json(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{exc.lineno}:{exc.colno}: bad JSON: {exc.msg}") from None
        except RecursionError:
            raise InputError(f"{path}: bad JSON: nested too deeply") from None
        except PositionError as exc:
            raise InputError(f"{path}: bad JSON: {exc}") from None
    try:
        if isinstance(data, dict):
            named = data.get("variant")
            if named is not None and named != v.id:
                raise InputError(
                    f"{path} is a game of '{short(str(named))}', not of '{v.id}': "
                    f"play it with rulesdsl play {short(str(named))} --position {path}"
                )
            options = data.get("options")
            if isinstance(options, dict) and options and options != dict(v.options):
                v = load(v.path, {str(k): val for k, val in options.items()})
            if data.get("format") == "rulesdsl-save/1":
                return Game.load_save(v, data)
        return Game.from_position(v, data)
    except PositionError as exc:
        raise InputError(f"{path}: {exc}") from None
