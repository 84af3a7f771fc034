"""variant: a variant file to a compiled Variant: the YAML reader with marks (source), the
format's keys (shapes, schema), the loader's pipeline (loader) and its builders, one per
section of the file (sections/), the piles and their geometry (layout),
the frozen Variant (model, whose new_game builds a Game), the shipped variants (registry).

May import: core/, lang/, engine/, formats/, play/. The only stage that reads a variant file:
the stages after it take the compiled Variant (tests/test_architecture.py checks this).
"""
