"""solve: the solver over the Game API (verdicts, solutions, hints) and the winnability
statistics over a range of deals (stats).

May import: core/ up to variant/ (the loader's load / load_path only: never the variant file).
"""
