"""Every size and cost limit of rulesdsl, in one place (docs/limits.md lists them with codes).

A limit is checked before anything it bounds is built or evaluated, so no input, however
hostile, costs more than linear time in the size of the file that carries it.
"""

from __future__ import annotations

# -- files (files.py: every file read is a regular file under its cap) ----------------
MAX_VARIANT_BYTES = 1 << 20  # a variant file, and each file of its extends chain
MAX_POSITION_BYTES = 8 << 20  # a position or a save (--position FILE): a save holds every move
MAX_MOVES_BYTES = 8 << 20  # a move list (replay --moves FILE, moves --after FILE)
MAX_COMMAND_LINE = 1000  # characters in one line typed to the text runner
MIN_BOARD_WIDTH, MAX_BOARD_WIDTH = 20, 10_000  # columns the text board may be drawn in (--width)
MAX_COMPLETIONS = 200  # file names the runner's TAB completion offers at once

# -- expressions (parser.py) ----------------------------------------------------
MAX_EXPR_LENGTH = 2000  # characters in one expression
MAX_EXPR_DEPTH = 24  # bracket nesting
MAX_EXPR_TREE_DEPTH = 48  # operators, calls, attributes, ... inside one another (measured
# without recursion, before the tree is built into an AST)
MAX_NUMBER = 1_000_000  # an integer literal
MAX_STRING = 64  # characters in a string literal
MAX_DEFINE_NODES = 4000  # parts of one expression once its defines are written out (E234):
# twice what MAX_EXPR_LENGTH allows without defines, so a define copied at each use stays cheap
MAX_DEFINE_PARAMS = 8  # parameters of one define
DEFINE_FILE_FACTOR = 4  # parts all uses of defines in one file add, written out, at most this
# times (MAX_DEFINE_NODES + the characters of the file and its parents) (E234): defines cost at
# most a constant factor more than writing the rules out would

# -- integers (compiler.py, loader.py, source.py) ---------------------------------------
MAX_INT = 2**31 - 1  # the language's integers are -MAX_INT..MAX_INT: arithmetic saturates,
# a result past an end is that end, folded at load and at play time alike (ops.py)
MAX_INT_TEXT = 30  # characters of a YAML whole number; longer ones are refused
# before Python converts them (E108)

# -- YAML files (source.py, loader.py) --------------------------------------------
MAX_YAML_NODES = 50_000  # values in one file, aliases expanded ("billion laughs")
MAX_EXTENDS = 10  # files in one extends chain

# -- variant sizes (schema.py, loader.py): checked before anything is built -----------
MAX_NAME = 64  # characters in a name the author chooses (group, option, action, ...)
MAX_DECKS = 8  # deck.decks
MAX_SUITS = 8  # deck.suits
MAX_GROUP_PILES = 200  # piles in one group given by count
MAX_COUNT_TEXT = 200  # characters of a group's count expression
MAX_ROWS = 30  # rows of one group (and their offsets)
MAX_ROW_PLACES = 50  # places in one row
MAX_DEAL_STEPS = 100  # steps of the deal
MAX_DEAL_COUNT = 200  # cards dealt to one pile in one step
MAX_CAPACITY = 1000  # a group's capacity
MAX_KEYS = 200  # keys in one mapping (groups, options, actions, ...)
MAX_OPTION_VALUES = 50  # values one option lists
MAX_AUTOS = 20  # automatic follow-ups
MAX_STEPS = 8  # the actions one sequence action plays
MAX_SAFE = 20  # conditions in solver.safe (moves the solver plays without branching)
MAX_AUTO_MOVES = 1000  # automatic moves played after one move (moves.py): rules that would
# move cards back and forth for ever stop there
MAX_COMBOS = 256  # option combinations the validator builds
MAX_COMBO_VALUES = 50_000  # option combinations x values in the file, built by the validator
MAX_PLAY_WORK = 500_000  # moves listed by the validator's playouts of one file, in all

# -- messages (errors.short) --------------------------------------------------------
ECHO_LIMIT = 60  # characters of user input repeated in a message

# -- layout (layout.py; moves.py packs pile and rule numbers) ---------------------
MAX_PILES = 1024  # a pile number fits 10 bits
MAX_REMOVALS = 64  # a removal rule's number fits 6 bits
MAX_STREAK = 65_535  # the history's streak counts up to this and stays there (moves.py packs
# it in 16 bits of one undo record)

# -- the generated move generator (codegen.py) -------------------------------------
MAX_GENERATED_PAIRS = 1000  # source piles x piles that take cards: above this the unrolled
# source would be too long to compile quickly (Accordion, Gaps, Maze, Sarlacc), so the
# generator loops over each group's piles instead (codegen.py, loop mode)
MAX_UNROLL = 64  # a quantifier over a known list of more items stays a closure

# -- positions (position.py) -------------------------------------------------------
MAX_POSITION_TEXT = 200_000  # characters of a compact position

# -- numbered deals and fc-solve files (numbering.py, fcs.py) ----------------------
MAX_MS_DEAL = (1 << 33) - 1  # Microsoft FreeCell numbers, with FreeCell Pro's extension
MAX_PYSOL_DEAL = 10**20  # PySolFC's largest game number
MAX_FCS_TEXT = 1_000_000  # characters of an fc-solve board or solution file
MAX_FCS_MOVES = 100_000  # moves read from one fc-solve solution
MAX_SEQUENCE_SEARCH = 20_000  # moves tried to play one fc-solve sequence move step by step

# -- the solver (solver.py, stats.py) ------------------------------------------------
DEFAULT_MAX_STATES = 1_000_000  # positions a search may keep in its table (about 150 bytes each)
MAX_STATES = 100_000_000  # the most --max-states may ask for
# positions the best-first search keeps waiting (about 300 bytes each); past it, each is
# searched depth-first in turn (solver.py)
MAX_OPEN = 200_000
DEFAULT_HINT_SECONDS = 2.0  # the runner's hint asks the solver for this long
MAX_DEAL_RANGE = 10_000_000  # deals in one stats run (--deals A-B)
MAX_RECORD_BYTES = 1 << 20  # one line of a stats JSONL (a record, its winning line included)
MAX_PASSES = 10  # time limits in one --passes list
MAX_WINNABLE_TRIES = 1000  # deals --winnable tries forward from the one asked for
MAX_SOLVE_SECONDS = 3600  # the runner's `solve SECONDS` searches at most this long
MAX_CHECK_SOLVE = 10_000  # deals `rulesdsl check --solve N` may ask about

# -- rulesdsl analyse (stats/analyse.py, stats/players.py) ----------------------------
MAX_ANALYSE_DEALS = 100_000  # deals in one analysis (--deals N)
MAX_SWEEP = 64  # option combinations one --sweep runs
MAX_PLAYOUT_MOVES = 5_000  # the most --max-moves may ask of a random or greedy game
