"""One builder per section of a variant file (deck, piles, deal, actions, auto, define,
numbering, options, solver), each a function of the shared Context (base.py) that reads its
section and reports into the one list of diagnostics; the loader (variant/loader.py) runs
them in order and assembles the Variant.

May import: what the variant stage may (core/ up to play/), and variant/'s source, schema,
layout, model and registry; never the loader.
"""
