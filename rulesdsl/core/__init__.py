"""core: the basics every stage shares: errors and diagnostics, limits, the kinds of actions
and piles, cards and decks, the position (State), capped file reads.

May import: nothing of rulesdsl outside core/ (the Python standard library only).
"""
