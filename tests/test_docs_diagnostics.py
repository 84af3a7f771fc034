"""docs/diagnostics.md lists every diagnostic code rulesdsl emits, and only those."""
import re
from pathlib import Path

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
