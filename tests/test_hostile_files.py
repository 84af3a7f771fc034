"""Hostile files: paths out of the folder, special files, huge files, bad lines, saves cut short.

Each probe runs the command line in a child process under 2 GiB and a time limit
(tests/hostile.py): a hang, a traceback or a memory blow-up fails the test.
"""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulesdsl.runners.text import Runner, run

import rulesdsl
from rulesdsl.core import files, limits
from rulesdsl.core.errors import RulesError
from rulesdsl.variant.loader import parent_file
from rulesdsl.variant.registry import variants_dir
from rulesdsl.variant.source import read_text
from tests.hostile import MEMORY, TIMEOUT, assert_refused, limit_memory, probe

ROOT = Path(__file__).resolve().parent.parent
SECRET = "TOP-SECRET-LINE"
MINI = (ROOT / "variants" / "golf.yaml").read_text(encoding="utf-8")
DEVICES = [d for d in ("/dev/zero", "/dev/urandom") if os.path.exists(d)]


def child(tmp_path, name="child.yaml", extends="base.yaml") -> Path:
    p = tmp_path / name
    p.write_text(f"extends: {extends}\nname: Child\n", encoding="utf-8")
    return p


@pytest.fixture
def fifo(tmp_path) -> Path:
    p = tmp_path / "pipe.yaml"
    os.mkfifo(p)
    return p


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder holding a 'secret' variant-looking file, beside the game folder."""
    d = tmp_path / "outside"
    d.mkdir()
    (d / "secret.yaml").write_text(f"name: {SECRET}\nhidden: {SECRET}\n", encoding="utf-8")
    return d


@pytest.fixture
def game(tmp_path) -> Path:
    d = tmp_path / "games" / "mine"
    d.mkdir(parents=True)
    return d


def refused_with(r, code, *, located=True):
    assert_refused(r, located=located)
    assert code in r.text, r.text[-2000:]
    assert SECRET not in r.text, "the refused file was read and shown"


# -- 1. extends stays in its folder ---------------------------------------------------------


def test_extends_absolute_system_file_is_refused(game):
    r = probe("check", "--play", "0", child(game, extends="/etc/passwd"))
    refused_with(r, "X704")
    assert "root:" not in r.text
    assert "child.yaml:1:10:" in r.text


def test_extends_deep_dotdot_to_a_system_file_is_refused(game):
    r = probe("check", "--play", "0", child(game, extends="../../../../../../../../etc/passwd"))
    refused_with(r, "X705")
    assert "root:" not in r.text


def test_extends_dotdot_to_a_real_file_is_refused(game, outside):
    rel = os.path.relpath(outside / "secret.yaml", game)
    assert rel.startswith("..")
    r = probe("show", child(game, extends=rel))
    refused_with(r, "X705")
    assert r.code == 2


@pytest.mark.parametrize("how", ["file", "folder"])
def test_extends_symlink_leaving_the_folder_is_refused(game, outside, how):
    if how == "file":
        (game / "base.yaml").symlink_to(outside / "secret.yaml")
        name = "base.yaml"
    else:
        (game / "shared").symlink_to(outside, target_is_directory=True)
        name = "shared/secret.yaml"
    refused_with(probe("check", "--play", "0", child(game, extends=name)), "X705")


def test_extends_symlink_loop_is_a_located_error(game):
    (game / "a.yaml").symlink_to(game / "b.yaml")
    (game / "b.yaml").symlink_to(game / "a.yaml")
    r = probe("check", "--play", "0", child(game, extends="a.yaml"))
    refused_with(r, "Y003")
    assert "child.yaml:1:10:" in r.text


def test_extends_inside_the_folder_and_shipped_variants_still_work(game):
    (game / "sub").mkdir()
    (game / "sub" / "base.yaml").write_text(MINI, encoding="utf-8")
    (game / "alias.yaml").symlink_to(game / "sub" / "base.yaml")  # a link that stays inside
    for name in ("sub/base.yaml", "sub/../sub/base.yaml", "alias.yaml", "alias", "golf"):
        v = rulesdsl.load_path(child(game, extends=name))
        assert v.name == "Child" and v.new_game(1).legal_moves()


SEGMENTS = st.sampled_from(["..", ".", "sub", "up", "base.yaml", "", "etc", "passwd"])


@settings(max_examples=60, deadline=None)
@given(st.lists(SEGMENTS, min_size=1, max_size=6), st.booleans())
def test_extends_never_resolves_outside_the_folder(tmp_path_factory, segments, absolute):
    """Whatever path extends gives, the file it reaches is a shipped variant or under the folder."""
    root = tmp_path_factory.mktemp("x")
    folder = root / "games"
    (folder / "sub").mkdir(parents=True)
    (folder / "up").symlink_to(root, target_is_directory=True)  # a link that leaves
    (root / "base.yaml").write_text(MINI, encoding="utf-8")
    (folder / "sub" / "base.yaml").write_text(MINI, encoding="utf-8")
    name = ("/" if absolute else "") + "/".join(segments)
    me = child(folder, extends=json.dumps(name))
    doc = read_text(me.read_text(encoding="utf-8"), str(me))
    try:
        found = parent_file(doc, me, name)
    except RulesError as exc:
        d = exc.first
        assert d.code in ("X703", "X704", "X705") and (d.line, d.column) == (1, 10)
        return
    real = os.path.realpath(found)
    inside = os.path.commonpath([real, os.path.realpath(folder)]) == os.path.realpath(folder)
    shipped = os.path.dirname(real) == os.path.realpath(variants_dir())
    assert inside or shipped, (name, real)


# -- 2. special files, everywhere a file is read ------------------------------------------


@pytest.mark.parametrize("dev", DEVICES)
def test_device_as_variant_position_and_moves(dev):
    every = dev == "/dev/zero"  # /dev/urandom: the two commonest entry points only
    refused_with(probe("show", "klondike", "--position", dev), "Y007", located=False)
    refused_with(probe("check", dev), "Y007", located=False)
    if every:
        refused_with(probe("show", dev), "Y007", located=False)
        refused_with(probe("replay", "klondike", "--moves", dev), "Y007", located=False)
        refused_with(probe("moves", "klondike", "--after", dev), "Y007", located=False)


def test_fifo_as_variant_position_moves_and_after(fifo):
    for args in (
        ("check", fifo),
        ("play", fifo),
        ("show", "klondike", "--position", fifo),
        ("replay", "klondike", "--moves", fifo),
        ("moves", "klondike", "--after", fifo),
    ):
        r = probe(*args, timeout=30)
        refused_with(r, "Y007", located=False)
        assert "FIFO" in r.text


def test_special_files_as_extends_parents(game, fifo):
    os.replace(fifo, game / "pipe.yaml")
    r = probe("check", "--play", "0", child(game, extends="pipe"), timeout=30)
    refused_with(r, "Y007")
    assert "child.yaml:1:10:" in r.text
    (game / "zero.yaml").symlink_to("/dev/zero")
    refused_with(probe("check", "--play", "0", child(game, extends="zero.yaml")), "X705")
    (game / "folder.yaml").mkdir()
    refused_with(probe("check", "--play", "0", child(game, extends="folder.yaml")), "Y007")


def python_probe(code: str, *args) -> subprocess.CompletedProcess:
    """Python code in a child process under the probe limits (for the library's own entry points)."""
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=limit_memory,
        cwd=ROOT,
    )


LOAD = """
import sys, rulesdsl
try:
    rulesdsl.load(sys.argv[1])
except rulesdsl.RulesError as exc:
    print(exc.first.code, exc.first.message)
    sys.exit(2)
"""


def test_library_load_refuses_special_files(fifo):
    assert MEMORY <= 2 << 30
    for path in (*DEVICES, fifo):
        r = python_probe(LOAD, path)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert r.stdout.startswith("Y007 cannot read variant file: this is a")


# -- sizes ----------------------------------------------------------------------------------


def sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as fh:
        fh.truncate(size)  # no disk used: every byte reads as zero
    return path


def test_oversized_variant_position_and_moves(tmp_path):
    big = sparse(tmp_path / "big.yaml", limits.MAX_VARIANT_BYTES + 1)
    refused_with(probe("check", big), "Y008", located=False)
    pos = sparse(tmp_path / "big.json", limits.MAX_POSITION_BYTES + 1)
    refused_with(probe("show", "klondike", "--position", pos), "Y008", located=False)
    mv = sparse(tmp_path / "big.txt", limits.MAX_MOVES_BYTES + 1)
    refused_with(probe("replay", "klondike", "--moves", mv), "Y008", located=False)
    base = sparse(tmp_path / "base.yaml", limits.MAX_VARIANT_BYTES + 1)
    r = probe("check", "--play", "0", child(tmp_path, extends=base.name))
    refused_with(r, "Y008")


def test_a_file_that_grows_is_read_no_further_than_the_cap(tmp_path, monkeypatch):
    p = tmp_path / "grows.json"
    p.write_bytes(b"{}")
    with open(p, "ab") as fh:
        fh.write(b" " * 5000)
    real_fstat = os.fstat

    def small(fd):  # the size fstat saw before the file grew
        st = list(real_fstat(fd))
        st[6] = 2
        return os.stat_result(st)

    monkeypatch.setattr(files.os, "fstat", small)
    with pytest.raises(RulesError) as info:
        files.read_bytes(p, 100, "position")
    assert info.value.first.code == "Y008"
    assert files.read_bytes(p, 5002) == p.read_bytes()


def test_position_not_utf8_is_located(tmp_path):
    p = tmp_path / "p.txt"
    p.write_bytes(b"tableau[0]: AS\ntableau[1]: 2\xe9\n")
    r = probe("show", "klondike", "--position", p)
    refused_with(r, "Y002")
    assert "p.txt:2:14:" in r.text


# -- 7. saves are atomic ----------------------------------------------------------------------


def saved_game(tmp_path):
    g = rulesdsl.new_game("klondike", 4)
    target = tmp_path / "game.json"
    out = __import__("io").StringIO()
    Runner(g, out).command(f"save {target}")
    assert "saved to" in out.getvalue()
    return g, target, out


def test_interrupted_save_leaves_the_old_save_intact(tmp_path, monkeypatch):
    g, target, _ = saved_game(tmp_path)
    before = target.read_bytes()
    g.play("draw")
    real_fdopen = os.fdopen

    class Cut:
        """A file whose write puts down half the text, then fails as a full disk does."""

        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            self.fh.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.fh, name)

    monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: Cut(real_fdopen(*a, **k)))
    out = __import__("io").StringIO()
    Runner(g, out).command(f"save {target}")
    assert "cannot save" in out.getvalue() and "No space left" in out.getvalue()
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left
    monkeypatch.undo()
    Runner(g, out).command(f"save {target}")
    assert json.loads(target.read_text())["moves"] == ["draw"]


def test_save_failing_at_fsync_or_rename_keeps_the_old_save(tmp_path, monkeypatch):
    g, target, _ = saved_game(tmp_path)
    before = target.read_bytes()
    g.play("draw")
    for name in ("fsync", "replace"):
        with monkeypatch.context() as m:

            def fail(*a, **k):
                raise OSError(errno.EIO, "Input/output error")

            m.setattr(files.os, name, fail)
            with pytest.raises(OSError):
                files.write_text_atomic(target, json.dumps(g.save()))
        assert target.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_save_keeps_the_mode_and_writes_through_a_link(tmp_path):
    g, target, _ = saved_game(tmp_path)
    os.chmod(target, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    files.write_text_atomic(link, "{}")
    assert link.is_symlink() and target.read_text() == "{}"
    assert (target.stat().st_mode & 0o777) == 0o640


def test_save_onto_a_fifo_or_a_folder_is_refused_without_blocking(tmp_path, fifo):
    (tmp_path / "dir.json").mkdir()
    r = probe(
        "play",
        "klondike",
        stdin=f"save {fifo}\nsave {tmp_path / 'dir.json'}\nsave {tmp_path / 'no' / 'x.json'}\nscore\nq\n",
        timeout=30,
    )
    assert r.code == 0 and "Traceback" not in r.text
    assert r.out.count("cannot save to") == 3, r.out[-2000:]
    assert "FIFO" in r.out and "a folder" in r.out
    assert "score: 0" in r.out


# -- 8. the runner goes on after a bad line ----------------------------------------------------


def test_runner_survives_invalid_utf8_and_endless_lines():
    huge = b"x" * (3 << 20)
    stdin = b"draw\n\xff\xfe\xc3(\n" + huge + b"\n" + b"draw " * 300 + b"\nundo\nscore\nq\n"
    r = probe("play", "klondike", "--seed", "2", stdin=stdin)
    assert r.code == 0 and "Traceback" not in r.text, r.text[-2000:]
    assert "that line is not UTF-8 text (byte 1): ignored" in r.out
    assert r.out.count(f"command too long (over {limits.MAX_COMMAND_LINE} characters): ignored") == 2
    assert "undone: draw" in r.out  # the game went on: the draw before was still there
    assert "score: 0" in r.out


def test_runner_reads_bytes_one_line_at_a_time():
    import io

    g = rulesdsl.new_game("klondike", 2)
    out = io.StringIO()

    class Stdin(io.TextIOWrapper):
        pass

    inp = Stdin(io.BytesIO(b"draw\n\x80\nx" + b"y" * 5000 + b"\ndraw\nq\n"), encoding="utf-8")
    assert run(g, inp, out) == 0
    assert g.ply == 2
    assert "not UTF-8" in out.getvalue() and "command too long" in out.getvalue()


GOLF = rulesdsl.load("golf")


@given(st.binary(max_size=300))
@settings(max_examples=50, deadline=None)
def test_any_bytes_leave_the_runner_running(data):
    import io

    for letter in b"qxgvQXGV":  # no quit, exit, resign or save: the game must reach the end
        data = data.replace(bytes([letter]), b"_")
    out = io.StringIO()
    inp = io.TextIOWrapper(io.BytesIO(data + b"\nscore\n"), encoding="utf-8")
    assert run(GOLF.new_game(1), inp, out) == 0
    assert re.search(r"score: -?\d+$", out.getvalue().rstrip())


# -- 10. a position or save of another game ----------------------------------------------------


def test_position_naming_another_variant_is_refused_even_when_its_piles_fit(tmp_path):
    p = tmp_path / "freecell.json"
    p.write_text(
        json.dumps({"format": "rulesdsl-position/1", "variant": "freecell", "piles": {"tableau[0]": ["AS", "2S"]}}),
        encoding="utf-8",
    )
    r = probe("show", "klondike", "--position", p)
    assert_refused(r, located=False)
    assert "'freecell'" in r.err and "'klondike'" in r.err
    v = rulesdsl.load("klondike")
    with pytest.raises(rulesdsl.PositionError, match="for 'freecell', not 'klondike'"):
        rulesdsl.Game.from_position(v, json.loads(p.read_text()))


def test_save_of_another_variant_is_refused(tmp_path):
    g, target, _ = saved_game(tmp_path)
    r = probe("play", "golf", "--position", target)
    assert_refused(r, located=False)
    assert "'klondike'" in r.err and "'golf'" in r.err
    data = json.loads(target.read_text())
    with pytest.raises(rulesdsl.PositionError, match="for 'klondike', not 'golf'"):
        rulesdsl.Game.load_save(rulesdsl.load("golf"), data)
    assert rulesdsl.Game.load_save(rulesdsl.load("klondike"), data).state == g.state


# -- 11. --strict: the summary and the exit code agree ---------------------------------------------


def test_strict_summary_agrees_with_the_exit_code():
    warn = ROOT / "tests" / "broken" / "v_d506_no_shuffle.yaml"
    r = probe("check", "--play", "0", "--strict", warn)
    assert r.code == 1 and "1 warning(s): failed" in r.err, r.err
    r = probe("check", "--play", "0", warn)
    assert r.code == 0 and "1 warning(s): ok" in r.err, r.err


# -- the wheel: variants found without the source tree, runners inside rulesdsl ------------------


def test_shipped_variants_and_runners_live_in_the_rulesdsl_namespace():
    tomllib = pytest.importorskip("tomllib")
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "runners" not in conf["packages"]
    assert conf["package-dir"] == {"rulesdsl.runners": "runners", "rulesdsl.variants": "variants"}
    assert conf["package-data"]["rulesdsl.variants"] == ["*.yaml"]
    import rulesdsl.runners.text

    assert Path(rulesdsl.runners.text.__file__).resolve().parent == ROOT / "runners"
    # from the source tree (or an editable install) the repository's own folder is used, so an
    # edit in variants/ is seen at once
    assert variants_dir() == ROOT / "variants"


def test_every_subpackage_is_in_the_wheel():
    """A stage's folder missing from pyproject's packages installs from source but not from the
    wheel (the stats stage once did: `rulesdsl` failed to start from the wheel)."""
    tomllib = pytest.importorskip("tomllib")
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {
        ".".join(("rulesdsl",) + f.parent.relative_to(ROOT / "rulesdsl").parts).rstrip(".")
        for f in (ROOT / "rulesdsl").rglob("__init__.py")
    }
    folders |= {"rulesdsl.runners", "rulesdsl.variants", "rulesdsl.lang.grammar"}
    assert folders <= set(conf["packages"]), sorted(folders - set(conf["packages"]))


def test_docs_limits_lists_the_file_limits():
    doc = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    files_section = doc.split("## Files", 1)[1].split("\n## ", 1)[0]
    mib = [
        (limits.MAX_VARIANT_BYTES >> 20, "a variant file"),
        (limits.MAX_POSITION_BYTES >> 20, "a position"),
        (limits.MAX_MOVES_BYTES >> 20, "a move list"),
    ]
    for size, what in mib:
        assert any(what in row and f"| {size} MiB |" in row for row in files_section.splitlines()), what
    assert f"| {limits.MAX_COMMAND_LINE:,} characters |" in files_section
    for code in ("Y002", "Y007", "Y008", "X704", "X705"):
        assert code in files_section


@pytest.mark.parametrize("name", ["a" * 5000, "a" * 5000 + ".yaml", "../" + "b" * 5000])
def test_extends_with_a_name_too_long_for_a_file_is_refused_and_cut(tmp_path, name):
    path = tmp_path / "long.yaml"
    path.write_text(f"extends: {name}\nname: Long\n", encoding="utf-8")
    r = probe("check", path)
    assert_refused(r, codes=(1,))
    first = r.text.splitlines()[0]
    assert re.search(r" X70[345] ", first) and "(5,0" in first and len(first) < 400, first
