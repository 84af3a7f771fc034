"""formats: the game's words and pictures, both ways where it matters: move notation,
positions as JSON and text, numbered deals (Microsoft, PySol), fc-solve's boards and moves,
the SVG picture, the rules in English.

May import: core/, lang/, engine/.
"""
