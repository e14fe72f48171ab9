"""A throw-away PostgreSQL server for the tests: initdb in a temp dir, one server per test session.

PostgreSQL refuses to run as root, and the tests (and CI) do run as root here, so the server runs as
the `postgres` user through runuser, in a data directory that user owns. It listens on 127.0.0.1 on a
free port and on a unix socket in the temp dir; each test gets a database of its own.

A test run killed with SIGKILL never stops its server (pg_ctl runs it detached). So each server's folder
names the test run that started it (`owner`: its pid and start time), and starting a server first stops
those whose run is gone. A server of a run still going, or one this module did not start, is left alone.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import NoReturn

import pytest

from tests.ports import unused_port
from tests.postgres_admin import AdminConnection

# Under this variable (CI sets it) a missing PostgreSQL fails the tests instead of skipping them.
REQUIRE_ENV = "BVUNZO_REQUIRE_POSTGRES"
SUPERUSER = "bvunzo"
BINARIES = ("initdb", "pg_ctl", "postgres")
# Every server's folder is a temp dir with this prefix, holding the OWNER file and `data`.
PREFIX = "bvunzo-pg-"
OWNER = "owner"


class ServerMissing(Exception):
    """No PostgreSQL to start here; the sentence says why."""


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0")


def missing(exc: ServerMissing) -> NoReturn:
    """Skip the test that needs the server, with the reason; fail it where CI requires PostgreSQL."""
    if required():
        pytest.fail(f"{REQUIRE_ENV} is set but {exc}")
    pytest.skip(f"no PostgreSQL here: {exc}")


@dataclass
class PostgresServer:
    """One running server; `url(name)` addresses a database on it, `new_database()` makes a fresh one."""

    folder: Path
    port: int
    as_user: list[str]
    _numbers: count[int] = field(default_factory=lambda: count(1))
    _migrated: str | None = None
    _admin: AdminConnection | None = None  # one connection for every CREATE DATABASE (postgres_admin.py)

    @property
    def options(self) -> str:
        # fsync off: a test server's data need not survive a power cut, and the tests run faster.
        return f"-h 127.0.0.1 -p {self.port} -k {self.folder} -F -c max_connections=200"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database's URL (CREATE DATABASE from template0: nothing left from other tests)."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self._sql(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def new_migrated_database(self) -> str:
        """A fresh database already at today's schema: a copy of one the store migrated, once per server.

        Migrating is the slow part of a fresh PostgreSQL store (seconds on a loaded machine); the tests
        that are about migrating take new_database() instead.
        """
        if self._migrated is None:
            template = f"migrated_{os.getpid()}"
            self._sql(f'CREATE DATABASE "{template}" TEMPLATE template0')
            open_and_close(self.url(template))
            self._migrated = template
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self._sql(f'CREATE DATABASE "{name}" TEMPLATE "{self._migrated}"')
        return self.url(name)

    def _sql(self, statement: str) -> None:
        """Run `statement` on the `postgres` database."""
        if self._admin is None:
            self._admin = AdminConnection(self.url())
        self._admin.execute(statement)

    def stop(self) -> None:
        if self._admin is not None:
            self._admin.close()
            self._admin = None
        _stop_and_remove(self.folder, self.as_user)

    def halt(self) -> None:
        """Stop the server as a host's restart does (clients are disconnected), keeping its data."""
        subprocess.run(
            [*self.as_user, _binary("pg_ctl"), "stop", "-D", str(self.data), "-m", "fast", "-w"],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> None:
        """Start the server (again) on its port, and wait until it takes connections."""
        subprocess.run(
            [
                *self.as_user,
                _binary("pg_ctl"),
                "start",
                "-D",
                str(self.data),
                "-w",
                "-t",
                "60",
                "-l",
                str(self.folder / "server.log"),
                "-o",
                self.options,
            ],
            check=True,
            capture_output=True,
            timeout=90,
        )


def open_and_close(url: str) -> None:
    """Open the store on `url` (which migrates it) and close it, in a thread of its own: a test's fixture
    may be set up while its event loop is idle, and asyncio.run must not replace that loop."""
    from bot.store import open_store

    async def migrate() -> None:
        await (await open_store(url)).close()

    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(migrate())
        except BaseException as exc:  # raised again in the caller's thread
            failure.append(exc)

    worker = threading.Thread(target=run, name="migrate-template")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


def _stop_and_remove(folder: Path, as_user: list[str]) -> None:
    subprocess.run(
        [*as_user, _binary("pg_ctl"), "stop", "-D", str(folder / "data"), "-m", "immediate", "-w"],
        check=False,
        capture_output=True,
        timeout=60,
    )
    shutil.rmtree(folder, ignore_errors=True)


def _started_at(pid: int) -> str | None:
    """When process `pid` started (clock ticks after boot), which tells it from a later process given the
    same pid; None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]  # field 22; the split dropped the pid and the command


def _this_run() -> str:
    return f"{os.getpid()} {_started_at(os.getpid())}"


def stop_abandoned_servers(as_user: list[str]) -> list[Path]:
    """Stop the servers whose test run is gone (killed before it could stop them); the folders removed.

    Only folders this module made count: the temp dir's PREFIX folders with an OWNER file naming a run.
    """
    if _started_at(os.getpid()) is None:
        return []  # no /proc: a live run could not be told from a gone one, so every server is left alone
    removed = []
    for folder in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        try:
            owner = (folder / OWNER).read_text()
        except OSError:
            continue  # no owner (not written yet, or an older version's folder): not ours to judge
        pid, _, started = owner.strip().partition(" ")
        if pid.isdigit() and _started_at(int(pid)) != started:
            _stop_and_remove(folder, as_user)
            removed.append(folder)
    return removed


def _as_postgres_user() -> list[str]:
    """The prefix that runs PostgreSQL's programs as the `postgres` user when we are root (they refuse root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise ServerMissing("running as root and there is no `postgres` user to run PostgreSQL as") from None
    return ["runuser", "-u", "postgres", "--"]


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
    as_user = _as_postgres_user()
    stop_abandoned_servers(as_user)
    folder = Path(tempfile.mkdtemp(prefix=PREFIX))
    (folder / OWNER).write_text(_this_run())
    if as_user:
        # initdb and postgres refuse root: run them as the postgres user, in a folder it owns.
        postgres = pwd.getpwnam("postgres")
        os.chown(folder, postgres.pw_uid, postgres.pw_gid)
    server = PostgresServer(folder=folder, port=unused_port(), as_user=as_user)
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
        server.start()
    except subprocess.CalledProcessError as exc:
        log = folder / "server.log"
        detail = (exc.stderr or b"").decode(errors="replace").strip()
        if log.exists():
            detail += "\n" + log.read_text(errors="replace")[-2000:]
        server.stop()
        raise RuntimeError(f"PostgreSQL did not start: {detail}") from exc
    return server
