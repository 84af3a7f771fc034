"""solve: the solver over the Game API (verdicts, solutions, hints); deals is what a deal
number means to it (the statistics are the next stage, stats/). solver holds the entry points;
search is the search, keys and table what it remembers, analysis what it may merge, guidance
its order, and safe_moves, dead_ends and stock_macros (over sink_tables; derivations caches
them) the rules it derives from the variant, each with its proof.

May import: core/ up to variant/ (the loader's load / load_path only: never the variant file).
"""
