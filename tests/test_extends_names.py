"""An `extends` value the file system refuses (a name far too long) is reported as X703, a
missing parent, not a traceback. Found by tests/test_fuzz.py once a variant's rules text could be
swapped into its `extends` key."""
from __future__ import annotations

import pytest

import rulesdsl


@pytest.mark.parametrize("parent", ["k" * 5000, "klondike " * 60])
def test_extends_name_the_system_refuses(tmp_path, parent):
    path = tmp_path / "child.yaml"
    path.write_text(f"name: Child\nextends: {parent!r}\n", encoding="utf-8")
    diags = rulesdsl.check(path)
    assert [d.code for d in diags] == ["X703"]
    assert diags[0].line == 2
