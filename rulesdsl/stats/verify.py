"""``rulesdsl stats --verify``: every winning line of a stats file replayed by the engine alone.

A ``won`` record is only as good as the solver that wrote it; this module checks each one with
code that did not produce it: the deal dealt again (the variant's numbering or the seeded
shuffle, as the record says), each move of the line parsed and played through the Game API
with every rule checked, and the win tested at the end. It imports nothing of the solver
(tests/stats/test_verify.py checks the imports), so a bug in the search cannot vouch for itself.

The records are read a line at a time (a file of millions of deals is never held whole); a
line is capped at MAX_RECORD_BYTES.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from dataclasses import dataclass, field

from ..core.errors import InputError, MoveError, RulesdslError, short
from ..core.files import MAX_PATH_ECHO, read_bytes
from ..core.limits import MAX_RECORD_BYTES, MAX_VARIANT_BYTES
from ..engine.deal import MAX_SEED
from ..engine.deal import deal as seeded
from ..formats.numbering import DealError
from ..play.game import Game
from ..variant.loader import load
from ..variant.registry import canonical, find_variant

VERDICTS = ("won", "unwinnable", "unknown")


def variant_id(name: str) -> str:
    """The name a record gives its variant: a file's stem, or a shipped variant's own name."""
    if name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name:
        return os.path.splitext(os.path.basename(name))[0]
    return canonical(name)


def variant_digest(name: str) -> str:
    """The first 16 hex digits of the sha256 of the variant file's bytes: records made from
    another text of a variant (an edited file) are told apart from this one's."""
    path = find_variant(name)
    if path is None:
        raise InputError(f"no variant named {short(name)!r}")
    return hashlib.sha256(read_bytes(path, MAX_VARIANT_BYTES, "variant file")).hexdigest()[:16]


def file_name(path) -> str:
    """A file's name as messages echo it (cut only when very long)."""
    return short(os.fspath(path), MAX_PATH_ECHO)


def dealt_of(variant) -> str:
    """How ``stats`` deals deal N of this variant: by its published numbering, else seeded."""
    return "numbering" if getattr(variant, "numbering", None) is not None else "seed"


def new_game(variant, deal: int, dealt: str) -> Game:
    """Deal ``deal`` as a stats run dealt it, as a Game with no history (the solver's start)."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_SEED:
        raise InputError(f"deal {short(deal)} is not a whole number from 0 to {MAX_SEED}")
    if dealt == "numbering":
        return Game(variant, Game.numbered(variant, deal).state)
    return Game(variant, seeded(variant, deal))


# -- reading a stats file ------------------------------------------------------------------------


def read_lines(path):
    """(line number, record or None) for each line of a JSONL file, one line at a time. None is
    a line that holds no record (cut by an interruption, or not a stats record). A file that
    cannot be read, or a line over MAX_RECORD_BYTES, raises InputError naming the file."""
    name = os.fspath(path)
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):
            raise InputError(f"{file_name(name)}: not a regular file")
        f = open(name, "rb")
    except OSError as exc:
        raise InputError(f"{file_name(name)}: cannot read: {exc.strerror or exc}") from None
    with f:
        number = 0
        while True:
            raw = f.readline(MAX_RECORD_BYTES + 1)
            if not raw:
                return
            number += 1
            if len(raw) > MAX_RECORD_BYTES:
                raise InputError(f"{file_name(name)}:{number}: a line over {MAX_RECORD_BYTES} bytes is no stats record")
            yield number, _record(raw)


def _record(raw: bytes) -> dict | None:
    try:
        rec = json.loads(raw)
    except ValueError:
        return None
    ok = (
        isinstance(rec, dict)
        and isinstance(rec.get("deal"), int)
        and not isinstance(rec.get("deal"), bool)
        and rec.get("verdict") in VERDICTS
    )
    return rec if ok else None


def check_identity(path, number: int, rec: dict, name: str, digest: str, dealt: str) -> None:
    """InputError naming the file and line when a record is of another variant, another text
    of it, or deals dealt another way: its lines and verdicts say nothing about this one."""
    where = f"{file_name(path)}:{number}"
    want = variant_id(name)
    got = rec.get("variant")
    if got is not None and got != want:
        raise InputError(f"{where}: the record is of variant {short(got)!r}, not {want!r}")
    if rec.get("digest") is not None and rec["digest"] != digest:
        raise InputError(
            f"{where}: the record was made from another text of {want} (digest {short(rec['digest'])}, "
            f"this file's is {digest}): an edited variant plays other games"
        )
    if rec.get("dealt") is not None and rec["dealt"] != dealt:
        raise InputError(f"{where}: the record's deals were dealt by {short(rec['dealt'])}, this variant's by {dealt}")


# -- replaying ------------------------------------------------------------------------------------


@dataclass
class Failure:
    line: int  # of the file
    deal: int | None
    reason: str


@dataclass
class Report:
    """What a verification found: won records replayed, those that won, the failures (a line
    with no record before the last is one), the records with no win to check, and a last line
    cut by an interruption (skipped with a warning)."""

    path: str
    won: int = 0
    verified: int = 0
    others: int = 0
    failures: list = field(default_factory=list)
    torn: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self) -> dict:
        return {
            "file": self.path,
            "won": self.won,
            "verified": self.verified,
            "failed": [{"line": f.line, "deal": f.deal, "reason": f.reason} for f in self.failures],
            "other_records": self.others,
            "unreadable_lines": self.torn,
            "seconds": round(self.seconds, 3),
        }


def replay(variant, deal: int, dealt: str, line) -> str | None:
    """Why the line does not win deal ``deal`` (None when it wins): every move played by the
    Game API's rules, the win tested after the last."""
    if not isinstance(line, str) or not line.strip():
        return "the record holds no winning line"
    try:
        g = new_game(variant, deal, dealt)
    except (DealError, InputError) as exc:
        return f"cannot deal it: {exc}"
    moves = line.split()
    for i, text in enumerate(moves, 1):
        try:
            g.play(text)
        except MoveError as exc:
            return f"move {i} of {len(moves)} ({short(text)}) is illegal: {exc}"
    if not g.won:
        return f"the {len(moves)} move(s) end without a win"
    return None


class _Variants:
    """The variant compiled once per option set the records name."""

    def __init__(self, name: str):
        self.name = name
        self.cache: dict = {}

    def get(self, options):
        if not isinstance(options, dict):
            raise InputError(f"the record's options are not a mapping: {short(options)}")
        key = tuple(sorted((str(k), str(v)) for k, v in options.items()))
        if key not in self.cache:
            self.cache[key] = load(self.name, {str(k): v for k, v in options.items()})
        return self.cache[key]


def verify_file(name: str, path, *, warn=None) -> Report:
    """Replay every ``won`` record of a stats file of variant ``name``. Records of another
    variant, text or dealing raise InputError (check_identity); a line that holds no record is
    skipped and reported through ``warn``."""
    t0 = time.perf_counter()
    digest = variant_digest(name)
    variants = _Variants(name)
    dealt = dealt_of(load(name, {}))
    report = Report(os.fspath(path))
    last = None  # a line with no record, not yet known to be the file's last
    for number, rec in read_lines(path):
        if last is not None:  # not the last line: the file is damaged there
            report.failures.append(Failure(last, None, "the line holds no stats record"))
            last = None
        if rec is None:
            last = number
            continue
        check_identity(path, number, rec, name, digest, dealt)
        if rec["verdict"] != "won":
            report.others += 1
            continue
        report.won += 1
        try:
            v = variants.get(rec.get("line_options", rec.get("options") or {}))
        except RulesdslError as exc:
            report.failures.append(Failure(number, rec["deal"], f"its options do not load: {exc}"))
            continue
        why = replay(v, rec["deal"], rec.get("dealt", dealt), rec.get("line"))
        if why is None:
            report.verified += 1
        else:
            report.failures.append(Failure(number, rec["deal"], why))
    if last is not None:  # the last line cut by an interruption: nothing lost but that deal
        report.torn.append(last)
        if warn:
            warn(f"{file_name(path)}:{last}: not a complete stats record (a run cut short?): skipped")
    report.seconds = time.perf_counter() - t0
    return report


def render(report: Report) -> str:
    """The report as text: one line per failure (file:line: deal N: why), then the count."""
    lines = [
        f"{file_name(report.path)}:{f.line}: " + (f"deal {f.deal}: " if f.deal is not None else "") + f.reason
        for f in report.failures
    ]
    verdict = "every line wins" if report.ok else f"{len(report.failures)} FAIL"
    lines.append(
        f"verified {report.verified} of {report.won} won record(s) in {report.seconds:.2f} s: {verdict}"
        f" ({report.others} other record(s), {len(report.torn)} unreadable line(s))"
    )
    return "\n".join(lines)
