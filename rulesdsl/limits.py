"""Every size and cost limit of rulesdsl, in one place (docs/limits.md lists them with codes).

A limit is checked before anything it bounds is built or evaluated, so no input, however
hostile, costs more than linear time in the size of the file that carries it.
"""
from __future__ import annotations

# -- expressions (parser.py) ----------------------------------------------------
MAX_EXPR_LENGTH = 2000      # characters in one expression
MAX_EXPR_DEPTH = 24         # bracket nesting
MAX_EXPR_TREE_DEPTH = 48    # operators, calls, attributes, ... inside one another (measured
                            # without recursion, before the tree is built into an AST)
MAX_NUMBER = 1_000_000      # an integer literal
MAX_STRING = 64             # characters in a string literal

# -- integers (compiler.py, loader.py, source.py) ---------------------------------------
MAX_INT = 2**31 - 1         # the language's integers are -MAX_INT..MAX_INT: a result outside
                            # is none at play time, and an error (E108) when folded at load
MAX_INT_TEXT = 30           # characters of a YAML whole number; longer ones are refused
                            # before Python converts them (E108)

# -- YAML files (source.py, loader.py) --------------------------------------------
MAX_YAML_NODES = 50_000     # values in one file, aliases expanded ("billion laughs")
MAX_EXTENDS = 10            # files in one extends chain

# -- layout (layout.py; moves.py packs pile and rule numbers) ---------------------
MAX_PILES = 1024            # a pile number fits 10 bits
MAX_REMOVALS = 64           # a removal rule's number fits 6 bits

# -- positions (position.py) -------------------------------------------------------
MAX_POSITION_TEXT = 200_000  # characters of a compact position
