"""docs/authoring.md tells the truth: each step's file gives exactly the diagnostics shown.

A step is a ```yaml block after a `<!-- check -->` marker, followed by a ```console block
that starts with `$ rulesdsl check variants/golf.yaml`. The last step's file must be the
shipped variants/golf.yaml, byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesdsl.validation.validate import check_paths

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
STEP = re.compile(r"<!-- check(?:: (\S+))? -->\n```yaml\n(.*?)```\n\n```console\n(.*?)```", re.S)
STEPS = STEP.findall(DOC)


def test_the_tutorial_has_its_steps():
    assert len(STEPS) >= 6
    assert DOC.count("<!-- check") == len(STEPS)


@pytest.mark.parametrize("shipped, text, console", STEPS, ids=[f"step{i + 1}" for i in range(len(STEPS))])
def test_step_prints_what_the_tutorial_shows(shipped, text, console, tmp_path, monkeypatch):
    lines = console.splitlines()
    assert lines[0] == "$ rulesdsl check variants/golf.yaml"
    shown = [line for line in lines[1:] if not re.match(r"\d+ file\(s\) checked", line)]
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "golf.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    diags = check_paths(["variants/golf.yaml"], play=3)
    printed = "\n".join(d.render() for d in diags).splitlines()
    assert printed == shown
    summary = lines[-1]
    errors = sum(d.severity == "error" for d in diags)
    warnings = len(diags) - errors
    assert f"{errors} error(s), {warnings} warning(s)" in summary
    if shipped:
        assert (ROOT / shipped).read_text(encoding="utf-8") == text


def test_schema_comment_points_at_the_schema():
    assert "# yaml-language-server: $schema=../docs/variant.schema.json" in DOC
    assert (
        (ROOT / "variants" / "golf.yaml")
        .read_text(encoding="utf-8")
        .startswith("# yaml-language-server: $schema=../docs/variant.schema.json\n")
    )
    assert (ROOT / "variants" / ".." / "docs" / "variant.schema.json").exists()
