"""play: a game being played: Game (legal moves, play, undo, redo, outcome, score, positions
and saves) over the engine and the formats; Outcome.

May import: core/, lang/, engine/, formats/.
"""
