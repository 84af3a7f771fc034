"""The `family:` key: one of the listed families, inherited through extends, Other by default;
every shipped file names its own; the docs list the same families as the format."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.core.errors import RulesError
from rulesdsl.variant import registry
from rulesdsl.variant.schema import DEFAULT_FAMILY, FAMILIES

ROOT = Path(__file__).resolve().parents[2]
MINI = 'name: Mini\n{family}piles:\n  t: {{count: 2}}\ndeal: [shuffle, {{rest: "t[0]"}}]\nwin: "true"\n'


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_family_is_read_and_defaults_to_other(tmp_path):
    assert rulesdsl.load_path(write(tmp_path, "a.yaml", MINI.format(family="family: Golf\n"))).family == "Golf"
    assert rulesdsl.load_path(write(tmp_path, "b.yaml", MINI.format(family=""))).family == DEFAULT_FAMILY == "Other"
    q = write(tmp_path, "c.yaml", MINI.format(family='family: "Baker\'s Dozen"\n'))
    assert rulesdsl.load_path(q).family == "Baker's Dozen"


def test_a_child_inherits_its_parents_family_or_names_its_own(tmp_path):
    child = write(tmp_path, "child.yaml", "extends: klondike\nname: Child\n")
    assert rulesdsl.load_path(child).family == "Klondike"
    other = write(tmp_path, "other.yaml", "extends: klondike\nname: Child\nfamily: Gypsy\n")
    assert rulesdsl.load_path(other).family == "Gypsy"
    cleared = write(tmp_path, "cleared.yaml", "extends: klondike\nname: Child\nfamily: null\n")
    assert rulesdsl.load_path(cleared).family == "Other"


@pytest.mark.parametrize(
    "value, hint",
    [("Freecell", "FreeCell"), ("Bakers Dozen", "Baker's Dozen"), ("Solitaire", None), ("3", None)],
)
def test_a_family_outside_the_list_is_s105_at_its_value_with_the_nearest(tmp_path, value, hint):
    p = write(tmp_path, "bad.yaml", MINI.format(family=f"family: {value}\n"))
    with pytest.raises(RulesError) as exc:
        rulesdsl.load_path(p)
    d = exc.value.first
    assert (d.code, d.line, d.column) == ("S105", 2, 9)
    assert "Beleaguered Castle" in d.message and "Other" in d.message
    assert (d.hint == f"did you mean '{hint}'?") if hint else d.hint is None


def test_every_shipped_file_names_its_family_itself():
    for name in registry.names():
        text = registry.find_variant(name).read_text(encoding="utf-8")
        m = re.search(r"^family: (.+)$", text, re.M)
        assert m, f"{name}.yaml has no family: key"
        assert m.group(1).strip('"') in FAMILIES and rulesdsl.load(name).family == m.group(1).strip('"')


def test_the_docs_list_the_formats_families_in_its_order():
    doc = (ROOT / "docs" / "variant-format.md").read_text(encoding="utf-8")
    section = doc.split("\n## family\n", 1)[1].split("\n## ", 1)[0]
    paragraph = section.strip().split("\n\n")[1]  # the list, after the sentence that leads to it
    assert [w.strip().rstrip(".") for w in paragraph.replace("\n", " ").split(",")] == list(FAMILIES)
