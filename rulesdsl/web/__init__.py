"""The browser player: `rulesdsl serve`, a thin HTTP server over the Game API.

It decides no rule: every move goes to the engine (``Game.play`` with the move's notation),
the legal moves and the picture come from the engine and ``rulesdsl.svg``. ``app`` builds the
Starlette application, ``api`` holds the JSON endpoints, ``store`` keeps games and statistics
in SQLite, ``live`` the capped set of games in memory, ``hints`` the solver's worker pool;
``pages`` and ``static/`` are what the browser shows.
"""
