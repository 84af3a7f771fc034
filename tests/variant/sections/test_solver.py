"""The solver: builder (variant/sections/solver.py): safe-move conditions compiled like a
pile's accept, and an error in one reported where it stands."""

from __future__ import annotations

from rulesdsl.variant.sections.solver import build_solver_safe
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section


def test_safe_conditions_compiled_in_order():
    b = prepared(file(PILES, REST, section("solver", 'safe: ["card.rank == A", "dest.group == \'foundation\'"]')))
    safe = build_solver_safe(b)
    assert codes(b) == [] and len(safe) == 2 and all(callable(f) for f in safe)
    assert ("solver", "safe", 1) in b.checked


def test_none_without_the_section_and_an_error_where_it_stands():
    b = prepared(file(PILES, REST))
    assert build_solver_safe(b) == ()
    b = prepared(file(PILES, REST, section("solver", 'safe: ["card.rnak == A"]')))
    assert build_solver_safe(b) == () and codes(b) == ["E202"]
    assert b.doc.line_text(b.out[0].line).strip().startswith("safe:")
