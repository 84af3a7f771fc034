"""engine: the rules machinery of one position: the deal program and its shuffle (deal), the
move generator with apply and undo (moves, the reference engine), and the same generated as
specialised Python per variant (codegen, genapply).

May import: core/, lang/. Reads a compiled Variant's fields; never a variant file.
"""
