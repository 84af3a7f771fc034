"""docs/diagnostics.md lists every diagnostic code rulesdsl emits, and only those; every code
is declared once in rulesdsl/diagnostics.py, which the docs are checked against."""

import re
from pathlib import Path

import pytest

from rulesdsl.core.diagnostics import CODES, WARNING
from rulesdsl.core.errors import CompileError, Diagnostic, ExprSyntaxError

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "diagnostics.md"


def emitted() -> set:
    codes = set()
    for f in (ROOT / "rulesdsl").rglob("*.py"):
        codes |= set(re.findall(r"""["']([A-Z]\d{3})["']""", f.read_text(encoding="utf-8")))
    return codes


def documented() -> dict:
    text = DOC.read_text(encoding="utf-8")
    sections = re.split(r"^### ", text, flags=re.M)[1:]
    return {s.split("\n", 1)[0].strip(): s for s in sections}


def test_every_emitted_code_is_documented():
    missing = sorted(emitted() - set(documented()))
    assert not missing, f"codes emitted in rulesdsl/ but not in docs/diagnostics.md: {missing}"


def test_every_documented_code_is_emitted():
    stale = sorted(set(documented()) - emitted())
    assert not stale, f"codes in docs/diagnostics.md that rulesdsl never emits: {stale}"


def test_each_code_has_a_meaning_and_an_example_or_a_fix():
    for code, body in documented().items():
        assert re.fullmatch(r"[A-Z]\d{3}", code), code
        lines = [line for line in body.splitlines()[1:] if line.strip()]
        assert lines, f"{code} has no meaning"
        assert "bad" in body.lower() or "bug" in body.lower(), f"{code} has no bad example"
        assert "fix" in body.lower() or "bug" in body.lower(), f"{code} has no fix"


def test_codes_are_listed_once():
    text = DOC.read_text(encoding="utf-8")
    codes = re.findall(r"^### ([A-Z]\d{3})", text, flags=re.M)
    assert len(codes) == len(set(codes))


def test_every_code_written_in_rulesdsl_is_declared():
    undeclared = sorted(emitted() - set(CODES))
    assert not undeclared, f"codes in rulesdsl/ not declared in rulesdsl/diagnostics.py: {undeclared}"


def test_the_docs_list_the_declared_codes_in_their_order():
    text = DOC.read_text(encoding="utf-8")
    assert re.findall(r"^### ([A-Z]\d{3})", text, flags=re.M) == list(CODES)


def test_a_warning_is_one_in_the_registry_and_in_the_docs():
    for code, body in documented().items():
        said = body.split("\n", 1)[1].strip().startswith("Warning:")
        assert said == (CODES[code].severity == WARNING), code
        assert CODES[code].title and len(CODES[code].title) <= 60, code


def test_an_undeclared_code_is_refused_when_it_is_made():
    for make in (
        lambda: Diagnostic("Z999", "no such code"),
        lambda: CompileError("E299", "no such code", 1),
        lambda: ExprSyntaxError("E199", "no such code", 1),
    ):
        with pytest.raises(KeyError, match="not declared"):
            make()


def test_a_diagnostic_takes_its_severity_from_the_registry():
    assert Diagnostic("D506", "never shuffles").severity == "warning"
    assert Diagnostic("D501", "cards undealt").severity == "error"
    with pytest.raises(ValueError, match="declared as warning"):
        Diagnostic("D506", "never shuffles", severity="error")
