"""Everything the browser player takes from rulesdsl, in one place.

The web package is a front end: it imports the engine, never the reverse. It goes through
this module only, so that when the engine's modules move (issue 20 puts them in
subpackages) this file alone changes. From the package itself: ``load``, ``Game`` and the
errors. From the modules below it:

- ``svg``: the board (``board_svg`` is ``svg.position``), and the words for piles and cards;
- ``describe.sections``: the rules page (the author's summary, then the generated rules);
- ``position.to_text``: a game's position as compact text (``position_text``);
- ``registry``: the registered variants (``variant_names``) and their files (``find_variant``);
- ``schema.FAMILIES``: the families a variant file may name, in the catalogue's order;
- ``read_file``: a registered variant's file read under its cap (the workbench forks it);
- ``load_text``, ``Diagnostic``, ``check_file`` and ``summary`` (the validator's): the workbench's
  variants, given as text, loaded and checked as ``rulesdsl check`` checks a file;
- ``stats``: a variant's figures for the Measure section (``analyse_variant``, its rows of
  words ``analyse_rows``, its SVG panels ``report_svgs``; ``InputError`` without matplotlib);
- ``solver``: hints and winnable deals (``solve_game``, ``solve``, ``staged_solve``, ``WON``,
  ``UNWINNABLE``, ``UNKNOWN``) and autoplay's safe moves (``declared_pick``, ``safe_rule``);
- ``hinting.HintMemo``: what the searches of one game proved, kept in a worker between hints.
"""

from __future__ import annotations

from rulesdsl import Game, MoveError, RulesdslError, RulesError, load
from rulesdsl.core.errors import Diagnostic, InputError
from rulesdsl.core.files import read_text as read_file
from rulesdsl.core.limits import MAX_VARIANT_BYTES
from rulesdsl.formats import svg
from rulesdsl.formats.describe import sections
from rulesdsl.formats.position import to_text as position_text
from rulesdsl.solve.derivations import safe_rule
from rulesdsl.solve.guidance import declared_pick
from rulesdsl.solve.hinting import HintMemo, staged_solve
from rulesdsl.solve.solver import UNKNOWN, UNWINNABLE, WON, solve, solve_game
from rulesdsl.stats.analyse import analyse as analyse_variant
from rulesdsl.stats.analyse_plots import report_svgs
from rulesdsl.stats.analyse_text import rows as analyse_rows
from rulesdsl.validation.validate import check_file, summary
from rulesdsl.variant.loader import load_text
from rulesdsl.variant.registry import find_variant
from rulesdsl.variant.registry import names as variant_names
from rulesdsl.variant.schema import FAMILIES

board_svg = svg.position
card_words, pile_words = svg.card_words, svg.pile_words

__all__ = [
    "FAMILIES",
    "MAX_VARIANT_BYTES",
    "Diagnostic",
    "HintMemo",
    "UNKNOWN",
    "UNWINNABLE",
    "WON",
    "Game",
    "InputError",
    "MoveError",
    "RulesError",
    "RulesdslError",
    "analyse_rows",
    "analyse_variant",
    "board_svg",
    "card_words",
    "check_file",
    "declared_pick",
    "find_variant",
    "load",
    "load_text",
    "pile_words",
    "read_file",
    "position_text",
    "report_svgs",
    "safe_rule",
    "sections",
    "solve",
    "solve_game",
    "staged_solve",
    "summary",
    "svg",
    "variant_names",
]
