"""Running one hostile probe: the `rulesdsl` command in a child process under limits.

Every probe of the hostile-input suites goes through `probe()`: 2 GiB of address space,
a wall-clock limit, no standard input unless given. `assert_refused()` states what a
refusal must look like: exit 1 or 2, no Python traceback, and a message that says where.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from dataclasses import dataclass

MEMORY = 2 << 30  # bytes of address space for one probe
TIMEOUT = 60  # seconds for one probe

LOCATED = re.compile(r"[^\s:]+:\d+:\d+:")  # FILE:LINE:COL:


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def probe(*args, stdin: bytes | str | None = None, timeout: float = TIMEOUT, cwd=None) -> Result:
    """Run `python -m rulesdsl ARGS...` under the limits; a hang fails the test."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    env = dict(os.environ, PYTHONIOENCODING="utf-8", NO_COLOR="1")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "rulesdsl", *map(str, args)],
            input=data if data is not None else b"",
            capture_output=True,
            timeout=timeout,
            preexec_fn=limit_memory,
            env=env,
            cwd=cwd,
        )
    except subprocess.TimeoutExpired as exc:  # pragma: no cover - a hang is the failure
        raise AssertionError(f"probe hung for {timeout}s: rulesdsl {' '.join(map(str, args))}") from exc
    return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))


def assert_refused(r: Result, *, located: bool = True, codes=(1, 2)) -> None:
    """A clean refusal: the right exit code, no traceback, and (usually) FILE:LINE:COL."""
    assert "Traceback" not in r.text, r.text[-3000:]
    assert r.code in codes, (r.code, r.text[-3000:])
    if located:
        assert LOCATED.search(r.text), r.text[-3000:]
