"""Save files of games at the prompt: where they go, how they are signed, and reading one back.

A save is one JSON line (the game and how it is played) and one line with a keyed digest of
every byte of the first (HMAC-SHA256).  The key is random, made on first use and kept in the
user's data folder (mode 0600), so a save is exactly what this program wrote, or it is refused.
Saves of release 0.1.0 (format cardrules-save/1, unsigned) are still read; `savecheck.py`
then checks every field and rebuilds the game from its moves, and the next save signs it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from interpreter.base.i18n import _
from interpreter.base.records import dataclass
from interpreter.frontends.locks import write_atomic

SAVE_FORMAT = "cardrules-save/2"
LEGACY_FORMAT = "cardrules-save/1"  # release 0.1.0: no digest
SEED_LIMIT = 1 << 63  # a save keeps seeds from 0 to this, less 1 (`play --seed` takes those)
DIGEST = "hmac-sha256"
MAX_SAVE_BYTES = 64 * 1024 * 1024


class SaveFileError(ValueError):
    """A save file that cannot be resumed; the message says why and what to do."""


@dataclass(frozen=True)
class SaveFile:
    """What a save holds; `legacy` when it came from an older, unsigned version."""

    data: dict
    legacy: bool = False


def ruleset_fields(ruleset_path: str | Path, rs: Any) -> dict:
    """What a save says of its ruleset: the file, its id and digest, and the number of players it
    was loaded for (a resume loads it for as many; a save without it, for players.count)."""
    return {
        "ruleset": str(Path(ruleset_path).resolve()),
        "ruleset_id": rs.id,
        "sha256": rs.source_sha256,
        "players": rs.num_players,
    }


def data_folder() -> Path:
    """The user's cardrules data folder: CARDRULES_SAVE_DIR, else cardrules/ in the XDG data folder."""
    base = os.environ.get("CARDRULES_SAVE_DIR")
    if base:
        return Path(base)
    return _user_folder()


def _user_folder() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "cardrules"


def saves_folder() -> Path:
    """Where saves go unless `--save` says otherwise."""
    return data_folder() if os.environ.get("CARDRULES_SAVE_DIR") else data_folder() / "saves"


def default_save_path(ruleset_id: str) -> Path:
    """A new file name for each game: the time, this process and a random part (never shared)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return saves_folder() / f"{ruleset_id}-{stamp}-{os.getpid()}-{secrets.token_hex(3)}.json"


def key_path() -> Path:
    return data_folder() / "save-key"


def signing_key(create: bool = True, path: Path | None = None) -> bytes | None:
    """The key that signs saves; made (32 random bytes, mode 0600) the first time one is written.
    `path`: read the key file there instead (never made)."""
    if path is not None:
        create = False
    else:
        path = key_path()
    for _attempt in range(50):
        try:
            text = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            if not create:
                return None
            _create_key(path)
            continue
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveFileError(_("cannot read the save key {path}: {exc}", path=path, exc=exc)) from None
        if len(text) == 64 and all(c in "0123456789abcdef" for c in text):
            return bytes.fromhex(text)
        if text:
            raise SaveFileError(
                _("the save key {path} is damaged; remove it (saves signed with it cannot be resumed)", path=path)
            )
        time.sleep(0.01)  # another process is writing it
    raise SaveFileError(_("the save key {path} stays empty; remove it", path=path))


def _create_key(path: Path) -> None:
    """Write a new key without ever replacing one another process made at the same moment."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".save-key.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, (secrets.token_hex(32) + "\n").encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, path)  # fails if the key exists: the first one made is kept
    except FileExistsError:
        pass
    finally:
        os.unlink(tmp)


def _digest(key: bytes, body: bytes) -> str:
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def write_save(path: str | Path, data: dict) -> None:
    """Write a signed save in one piece (a new file renamed over the old one)."""
    body = json.dumps({"format": SAVE_FORMAT, **data}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    key = signing_key(create=True)
    assert key is not None
    write_atomic(path, body + b"\n" + f"{DIGEST} {_digest(key, body)}\n".encode("ascii"), mode=0o600)


def read_save(path: str | Path) -> SaveFile:
    """A save file's contents, its digest checked; raises SaveFileError with what to do."""
    raw = _read_bytes(Path(path))
    first, newline, rest = raw.partition(b"\n")
    if newline and rest.startswith(DIGEST.encode("ascii") + b" "):
        return SaveFile(_signed(path, first, rest))
    data = _json(path, raw)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == LEGACY_FORMAT:
        return SaveFile(data, legacy=True)
    if fmt == SAVE_FORMAT:
        raise SaveFileError(
            _(
                "{path} has lost its digest line: it was changed after cardrules wrote it and cannot be resumed; "
                "start a new game",
                path=path,
            )
        )
    raise SaveFileError(
        _(
            "{path} is not a cardrules save (format {fmt!r}; this version reads {SAVE_FORMAT!r})",
            path=path,
            fmt=fmt,
            SAVE_FORMAT=SAVE_FORMAT,
        )
    )


def check_save_file(path: str | Path) -> None:
    """Refuse (SaveFileError) a save path where something other than a file lies: a folder, or a
    device or pipe that may never end (nothing is opened, nor a lock made beside it, for those)."""
    path = Path(path)
    if path.is_dir():
        raise SaveFileError(_("{path} is a folder, not a save file", path=path))
    if path.exists() and not path.is_file():
        raise SaveFileError(_("{path} is not a regular file", path=path))


def _read_bytes(path: Path) -> bytes:
    try:
        check_save_file(path)
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveFileError(_("{path} is not a cardrules save (it has {size:,} bytes)", path=path, size=size))
        return path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(_("no save file at {path}", path=path)) from None
    except OSError as exc:
        raise SaveFileError(_("cannot read {path}: {value}", path=path, value=exc.strerror or exc)) from None


def _signed(path: str | Path, body: bytes, rest: bytes) -> dict:
    line, _sep, tail = rest.partition(b"\n")
    digest = line[len(DIGEST) + 1 :].strip()  # bytes: a damaged digest may hold any byte
    key = signing_key(create=False)
    # the other keys of this user: beside the save (made with CARDRULES_SAVE_DIR set, resumed without
    # it), and the user's own (saved without it into a folder that has a key of its own)
    for beside in (Path(path).parent / "save-key", _user_folder() / "save-key"):
        if beside.is_file() and beside.resolve() != key_path().resolve():
            with suppress(SaveFileError):
                other = signing_key(path=beside)
                if other is not None and hmac.compare_digest(digest, _digest(other, body).encode("ascii")):
                    key = other
                    break
    if key is None:
        raise SaveFileError(
            _(
                "{path} was signed with a key this computer does not have ({key_path} is missing): it cannot be "
                "resumed here; copy the key file from where the game was saved, or start a new game",
                path=path,
                key_path=key_path(),
            )
        )
    if tail.strip() or not hmac.compare_digest(digest, _digest(key, body).encode("ascii")):
        raise SaveFileError(
            _(
                "{path} was changed after cardrules wrote it (or signed with another key than {key_path}): its "
                "digest does not match, so it cannot be resumed; start a new game",
                path=path,
                key_path=key_path(),
            )
        )
    data = _json(path, body)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(
            _(
                "{path} is not a save this version can resume (format {SAVE_FORMAT} expected)",
                path=path,
                SAVE_FORMAT=SAVE_FORMAT,
            )
        )
    return data


def _json(path: str | Path, raw: bytes) -> dict:
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveFileError(_("{path} is not a cardrules save (it is not UTF-8 text)", path=path)) from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            _("{path} is damaged or truncated (not valid JSON at line {lineno})", path=path, lineno=exc.lineno)
        ) from None
    except RecursionError:
        raise SaveFileError(_("{path} is damaged (its JSON nests too deeply)", path=path)) from None
    if not isinstance(data, dict):
        raise SaveFileError(_("{path} is not a cardrules save (not a JSON object)", path=path))
    return data
