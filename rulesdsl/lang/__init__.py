"""lang: the expression language: the grammar (grammar/expr.lark), the parser and its trees
(ast), the types, the checker, the operators and built-in functions, the compiler to closures
and the environment they run in (runtime).

May import: core/. Knows nothing of variants, games or files.
"""
