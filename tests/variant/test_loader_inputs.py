"""Loader inputs that once raised instead of giving a diagnostic: an `extends` value the file system
refuses (a name far too long) is X703, a missing parent; an `auto` that is not a list is a schema
error. Both were found by tests/test_fuzz.py when new shipped variant files changed its inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulesdsl


@pytest.mark.parametrize("parent", ["k" * 5000, "klondike " * 60])
def test_extends_name_the_system_refuses(tmp_path, parent):
    path = tmp_path / "child.yaml"
    path.write_text(f"name: Child\nextends: {parent!r}\n", encoding="utf-8")
    diags = rulesdsl.check(path)
    assert [d.code for d in diags] == ["X703"]
    assert diags[0].line == 2


@pytest.mark.parametrize("value", ["5", "-1", "'flip'", "{flip: tableau}"])
def test_auto_that_is_not_a_list(tmp_path, value):
    # found by tests/test_fuzz.py once a shipped file had `auto: null` (whitehead.yaml)
    text = (Path(__file__).resolve().parents[2] / "variants" / "golf.yaml").read_text(encoding="utf-8")
    path = tmp_path / "golf.yaml"
    path.write_text(text + f"auto: {value}\n", encoding="utf-8")
    diags = rulesdsl.check(path)
    assert diags and {d.code for d in diags} <= {"S103", "S105"}
    assert all(d.line == text.count("\n") + 1 for d in diags)
