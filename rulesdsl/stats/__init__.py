"""Winnability statistics: the solver over ranges of deals, on every core or a Dask cluster.

The runner hands deals out in chunks (chunks.py; on processes, pool.py, or Dask, cluster.py)
with a memory cap per worker (memory.py), records one JSON line per deal (records.py), and
summarises the shares with their intervals; analyse.py measures a variant with simple players
(players.py) beside the solver, in words (analyse_text.py) and pictures (analyse_plots.py).
May import: up to solve."""

from .runner import find_winnable, parse_range, read_records, run, solve_deal, summary, wilson

__all__ = ["find_winnable", "parse_range", "read_records", "run", "solve_deal", "summary", "wilson"]
