"""Every file rulesdsl reads or writes goes through here: variants, extends parents, positions,
move lists and saves.

Reading: the file must be a regular file (never a FIFO, a device, a socket or a folder) no
larger than its cap, and UTF-8 text. It is opened without blocking (a FIFO with no writer
would otherwise hang for ever), checked with fstat, and read up to cap + 1 bytes, so a
character device such as /dev/zero is refused before a byte of it is read, and a file that
grows while it is read still costs no more than the cap.

Writing: a save goes to a temporary file in the target's folder, is flushed and synced to
disk, and is then renamed over the target, so an interrupted save leaves the old one intact.
"""

from __future__ import annotations

import os
import stat
import tempfile

from .errors import Diagnostic, RulesError, short

_CHUNK = 1 << 16
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


MAX_PATH_ECHO = 200  # characters of a file's name repeated in a message (errors.short)


def _refuse(code, message, path, hint=None):
    return RulesError(Diagnostic(code, message, short(str(path), MAX_PATH_ECHO), hint=hint))


def read_bytes(path, cap: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `cap` bytes; RulesError (Y003, Y007, Y008) otherwise."""
    name = os.fspath(path)
    try:
        before = os.stat(name)  # a device or FIFO is refused without being opened
        if not stat.S_ISREG(before.st_mode):
            raise _not_regular(path, before.st_mode, what)
        fd = os.open(name, _OPEN_FLAGS)
    except OSError as exc:
        raise _refuse("Y003", f"cannot read {what}: {exc.strerror or exc}", path) from None
    except ValueError:  # a NUL character in the name
        raise _refuse("Y003", f"cannot read {what}: the name holds a NUL character", path) from None
    try:
        st = os.fstat(fd)  # what was opened, which may differ from what was looked at
        if not stat.S_ISREG(st.st_mode):
            raise _not_regular(path, st.st_mode, what)
        if st.st_size > cap:
            raise _too_large(path, st.st_size, cap, what)
        chunks, size = [], 0
        while size <= cap:
            chunk = os.read(fd, min(_CHUNK, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > cap:
            raise _too_large(path, None, cap, what)
        return b"".join(chunks)
    except OSError as exc:
        raise _refuse("Y003", f"cannot read {what}: {exc.strerror or exc}", path) from None
    finally:
        os.close(fd)


def _not_regular(path, mode, what) -> RulesError:
    return _refuse(
        "Y007",
        f"cannot read {what}: this is {kind_of(mode)}, not a regular file",
        path,
        hint="give the path of an ordinary file",
    )


def _too_large(path, size, cap, what) -> RulesError:
    got = f" ({size:,} bytes)" if size is not None else ""
    return _refuse(
        "Y008",
        f"{what} too large{got}: at most {cap:,} bytes are read",
        path,
        hint="a file this large is not one rulesdsl writes; check the path",
    )


def read_text(path, cap: int, what: str = "file") -> str:
    """A regular UTF-8 text file of at most `cap` bytes (a leading byte-order mark dropped).

    Bytes that are not UTF-8 give Y002 at the line and column of the first of them.
    """
    data = read_bytes(path, cap, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start : exc.start].decode("utf-8", "replace")) + 1
        src = data[start:].split(b"\n", 1)[0].decode("utf-8", "replace")
        raise RulesError(
            Diagnostic(
                "Y002",
                f"{what} is not UTF-8 text: {exc.reason} (byte 0x{data[exc.start]:02x})",
                str(path),
                line,
                column,
                "error",
                src,
                "save the file as UTF-8",
            )
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def write_text_atomic(path, text: str) -> None:
    """Replace `path` with `text` all at once: a temporary file in the same folder, flushed,
    synced and renamed over the target. On any failure the target is as it was and the
    temporary file is removed; the OSError is raised. A target that exists and is not a
    regular file (a device, a FIFO, a folder) is refused, never replaced. A symbolic link is
    followed: the file it points at is replaced."""
    target = os.path.realpath(os.fspath(path))
    try:
        old = os.stat(target)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise OSError(0, f"it is {kind_of(old.st_mode)}, not a regular file")
    folder, base = os.path.split(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=folder or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if old is not None:
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
