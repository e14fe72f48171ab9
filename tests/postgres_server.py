"""A throw-away PostgreSQL server for the tests: initdb in a temp dir, one server per test session.

PostgreSQL refuses to run as root, and the tests (and CI) do run as root here, so the server runs as
the `postgres` user through runuser, in a data directory that user owns. It listens on 127.0.0.1 on a
free port and on a unix socket in the temp dir; each test gets a database of its own.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import NoReturn

import pytest

# Under this variable (CI sets it) a missing PostgreSQL fails the tests instead of skipping them.
REQUIRE_ENV = "BVUNZO_REQUIRE_POSTGRES"
SUPERUSER = "bvunzo"
BINARIES = ("initdb", "pg_ctl", "postgres", "psql")


class ServerMissing(Exception):
    """No PostgreSQL to start here; the sentence says why."""


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0")


def missing(exc: ServerMissing) -> NoReturn:
    """Skip the test that needs the server, with the reason; fail it where CI requires PostgreSQL."""
    if required():
        pytest.fail(f"{REQUIRE_ENV} is set but {exc}")
    pytest.skip(f"no PostgreSQL here: {exc}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class PostgresServer:
    """One running server; `url(name)` addresses a database on it, `new_database()` makes a fresh one."""

    folder: Path
    port: int
    as_user: list[str]
    _numbers: count[int] = field(default_factory=lambda: count(1))

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def psql_args(self) -> list[str]:
        return ["-h", "127.0.0.1", "-p", str(self.port), "-U", SUPERUSER]

    def new_database(self) -> str:
        """A fresh empty database's URL (CREATE DATABASE from template0: nothing left from other tests)."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self._sql("postgres", f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def _sql(self, database: str, statement: str) -> None:
        psql = shutil.which("psql", path=_search_path())
        if psql is None:
            raise ServerMissing("psql is not installed")
        subprocess.run(
            [psql, *self.psql_args(), "-d", database, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", statement],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def stop(self) -> None:
        subprocess.run(
            [*self.as_user, _binary("pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate", "-w"],
            check=False,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _search_path() -> str:
    # Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<version>/bin.
    extra = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    return os.pathsep.join([os.environ.get("PATH", ""), *map(str, extra)])


def _binary(name: str) -> str:
    found = shutil.which(name, path=_search_path())
    if found is None:
        raise ServerMissing(
            f"PostgreSQL's {name} is not installed (apt-get install postgresql puts it in place)"
        )
    return found


def start_server() -> PostgresServer:
    """initdb and start a server in a new temp dir; ServerMissing when this machine cannot."""
    for name in BINARIES:
        _binary(name)
    as_user: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="bvunzo-pg-"))
    if os.geteuid() == 0:
        # initdb and postgres refuse root: run them as the postgres user, in a folder it owns.
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(folder, ignore_errors=True)
            raise ServerMissing(
                "running as root and there is no `postgres` user to run PostgreSQL as"
            ) from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    server = PostgresServer(folder=folder, port=_free_port(), as_user=as_user)
    try:
        subprocess.run(
            [
                *as_user,
                _binary("initdb"),
                "-D",
                str(server.data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        # fsync off: a test server's data need not survive a power cut, and the tests run faster.
        options = f"-h 127.0.0.1 -p {server.port} -k {folder} -F -c max_connections=200"
        subprocess.run(
            [
                *as_user,
                _binary("pg_ctl"),
                "start",
                "-D",
                str(server.data),
                "-w",
                "-t",
                "60",
                "-l",
                str(folder / "server.log"),
                "-o",
                options,
            ],
            check=True,
            capture_output=True,
            timeout=90,
        )
    except subprocess.CalledProcessError as exc:
        log = folder / "server.log"
        detail = (exc.stderr or b"").decode(errors="replace").strip()
        if log.exists():
            detail += "\n" + log.read_text(errors="replace")[-2000:]
        server.stop()
        raise RuntimeError(f"PostgreSQL did not start: {detail}") from exc
    return server
