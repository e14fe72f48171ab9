"""The Store: every SQL statement of Bvunzo, run on one aiosqlite connection to a SQLite file in WAL mode."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiosqlite

from bot import __version__
from bot.store.errors import RoundAlreadyRunning, StoreError
from bot.store.periods import Period, as_utc, period_end, period_start, week_start
from bot.store.records import (
    ENDED_STATUSES,
    Answer,
    Board,
    BoardLine,
    DeckStats,
    GuildDeckRecord,
    GuildSettings,
    MemberStats,
    Memory,
    NewRound,
    PlayerScore,
    Recorded,
    ReportLine,
    RoundRecord,
    WeekStats,
)
from bot.store.schema import SCHEMA_VERSION, migrate, refuse_newer, schema_version

log = logging.getLogger(__name__)

T = TypeVar("T")

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
DAY_MS = 86_400_000
CHART_WEEKS = 8

# SQLite itself waits this long for another writer (another process on the same file) before it
# answers "database is locked"; past that, the store retries from the event loop without blocking it.
BUSY_TIMEOUT_MS = 5_000
# How long a write other than an answer keeps retrying a locked database before giving up.
BUSY_PATIENCE_SECONDS = 60.0
# How long close() waits for answers still being written (the bot must exit within 5 s of SIGTERM).
CLOSE_PATIENCE_SECONDS = 3.0

# Primary result codes (the low byte of sqlite3.Error.sqlite_errorcode).
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 10, 11, 13, 14, 26


def _ms(moment: datetime) -> int:
    return (as_utc(moment) - EPOCH) // timedelta(milliseconds=1)


def _time(ms: int) -> datetime:
    return EPOCH + timedelta(milliseconds=ms)


def _time_or_none(ms: int | None) -> datetime | None:
    return None if ms is None else _time(ms)


def _day(moment: datetime) -> int:
    return _ms(moment) // DAY_MS


def _result_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _is_busy(exc: sqlite3.Error) -> bool:
    code = _result_code(exc)
    if code is not None:
        return code in (_BUSY, _LOCKED)
    return "database is locked" in str(exc)


def _store_error(exc: sqlite3.Error, path: Path) -> StoreError | None:
    """The sentence a host needs for a failure of the file or the disk; None for anything else (a bug)."""
    code = _result_code(exc)
    if code == _READONLY:
        return StoreError(
            f"Bvunzo cannot write to its database {path}: the file or its folder is read-only. "
            "Give the bot's user write access to both."
        )
    if code == _FULL:
        return StoreError(
            f"The disk holding the database {path} is full (or the database reached its size limit); "
            "free some space, then try again."
        )
    if code in (_CANTOPEN, _PERM):
        return StoreError(
            f"Bvunzo cannot open or create its database file {path}; "
            "check that its folder exists and that the bot's user may write there."
        )
    if code in (_NOTADB, _CORRUPT):
        return StoreError(f"{path} is not a Bvunzo database, or it is damaged ({exc}).")
    if code == _IOERR:
        return StoreError(f"The disk failed while Bvunzo was using its database {path} ({exc}).")
    return None


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE takes the write lock first, so a transaction never fails half-way for a lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("rollback failed")
        raise


def _setup(conn: sqlite3.Connection, max_bytes: int | None, busy_timeout_ms: int) -> int:
    """Check the version, set the connection up, migrate, and prove the file is writable."""
    conn.execute(f"PRAGMA busy_timeout = {busy_timeout_ms:d}")
    # Refuse a newer schema before anything writes: a downgrade must not touch the file.
    refuse_newer(schema_version(conn))
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        log.warning("the database stays in %s journal mode (no WAL on this file system?)", mode)
    # WAL + synchronous=NORMAL: a commit is in the WAL file (in the OS's hands) before COMMIT returns,
    # so it survives the process being killed (kill -9, a crash). It is fsynced only at checkpoints, so
    # a power cut or an OS crash may lose the last moments of commits, yet never corrupts the file.
    # synchronous=FULL would fsync every answer and cut the answer rate many times over.
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA cache_size = -65536")  # KiB: 64 MiB keeps the boards' pages in memory
    conn.execute("PRAGMA temp_store = MEMORY")
    if max_bytes is not None:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(1, max_bytes // page_size):d}")
    version = migrate(conn)
    # A real write on every open: a read-only file is reported now, not at the first answer.
    with _transaction(conn):
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('last_opened_by', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (f"Bvunzo {__version__}",),
        )
    return version


# -- rounds ----------------------------------------------------------------------------------------

_ROUND_COLUMNS = (
    "id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, status, current, "
    "posted_at, message_id, revealed, intro_message_id, started_at, ended_at, end_reason"
)


def _round(row: Sequence[Any]) -> RoundRecord:
    return RoundRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        deck_id=row[3],
        started_by=row[4],
        question_ids=tuple(json.loads(row[5])),
        seconds=row[6],
        mode=row[7],
        seed=row[8],
        status=row[9],
        current=row[10],
        posted_at=_time_or_none(row[11]),
        message_id=row[12],
        revealed=bool(row[13]),
        intro_message_id=row[14],
        started_at=_time(row[15]),
        ended_at=_time_or_none(row[16]),
        end_reason=row[17],
    )


# -- answers ---------------------------------------------------------------------------------------

_ANSWER_COLUMNS = (
    "guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, correct, ms, points, "
    "answered_at"
)

_INSERT_ANSWER = (
    f"INSERT INTO answers ({_ANSWER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
)

_PREVIOUS_ANSWER = (
    f"SELECT {_ANSWER_COLUMNS} FROM answers WHERE round_id = ? AND question_index = ? AND user_id = ?"
)


def _answer_row(answer: Answer) -> tuple[Any, ...]:
    return (
        answer.guild_id,
        answer.round_id,
        answer.question_index,
        answer.question_id,
        answer.deck_id,
        answer.user_id,
        answer.choice,
        answer.text,
        int(answer.right),
        answer.ms,
        answer.points,
        _ms(answer.answered_at),
    )


def _answer(row: Sequence[Any]) -> Answer:
    return Answer(
        guild_id=row[0],
        round_id=row[1],
        question_index=row[2],
        question_id=row[3],
        deck_id=row[4],
        user_id=row[5],
        choice=row[6],
        text=row[7],
        right=bool(row[8]),
        ms=row[9],
        points=row[10],
        answered_at=_time(row[11]),
    )


def _record_answer(conn: sqlite3.Connection, row: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """Insert one answer, committed; or return the member's earlier answer to that question.

    The connection is in autocommit mode, so the INSERT is its own transaction, committed (in the WAL)
    when it returns; the trigger answers_add_to_boards adds it to the boards inside that same statement.
    """
    try:
        inserted = conn.execute(_INSERT_ANSWER, row).rowcount
    except sqlite3.IntegrityError as exc:
        raise ValueError(f"cannot record an answer to round {row[1]}: {exc}") from exc
    if inserted:
        return None
    # The constraint refused it: the first answer is committed, so this read sees it.
    previous: tuple[Any, ...] = conn.execute(_PREVIOUS_ANSWER, (row[1], row[2], row[5])).fetchone()
    return previous


def _record_answers(conn: sqlite3.Connection, rows: Sequence[tuple[Any, ...]], path: Path) -> list[Any]:
    """Record answers in order, each committed on its own; one outcome per answer recorded.

    An outcome is None (stored), the earlier answer's row, or the exception for that answer alone.
    Stops at a locked database and returns the outcomes so far: the caller waits and goes on from there.
    """
    outcomes: list[Any] = []
    for row in rows:
        try:
            outcomes.append(_record_answer(conn, row))
        except sqlite3.Error as exc:
            if _is_busy(exc):
                break
            outcomes.append(_store_error(exc, path) or exc)
        except ValueError as exc:
            outcomes.append(exc)
    return outcomes


# -- boards ----------------------------------------------------------------------------------------

_PERIOD_SUMS = (
    "SELECT user_id, SUM(points) AS points, SUM(correct) AS correct, SUM(answered) AS answered, "
    "MAX(last_at) AS last_at FROM board_days WHERE guild_id = ? AND day >= ? AND day < ? {deck}GROUP BY "
    "user_id"
)
_DECK_FILTER = "AND deck_id = ? "


def _period_sums(deck_id: str | None) -> str:
    return _PERIOD_SUMS.format(deck=_DECK_FILTER if deck_id is not None else "")


def _period_args(guild_id: int, days: tuple[int, int], deck_id: str | None) -> tuple[Any, ...]:
    return (guild_id, *days) if deck_id is None else (guild_id, *days, deck_id)


def _days(period: Period, now: datetime) -> tuple[int, int] | None:
    """The period as [first day, day after the last) in whole UTC days; None for all time."""
    start, end = period_start(period, now), period_end(period, now)
    if start is None or end is None:
        return None
    return _day(start), _day(end)


def _ranked(rows: Sequence[Sequence[Any]], offset: int, first_rank: int) -> tuple[BoardLine, ...]:
    """Competition ranks (1, 2, 2, 4) for rows already in board order; first_rank is the first row's."""
    lines: list[BoardLine] = []
    for position, (user_id, points, correct, answered) in enumerate(rows):
        if not lines:
            rank = first_rank
        elif points == lines[-1].points:
            rank = lines[-1].rank
        else:
            rank = offset + position + 1  # everyone before it in the order has more points
        lines.append(BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered))
    return tuple(lines)


# -- reports ---------------------------------------------------------------------------------------


def _typed_key(text: str) -> str:
    """Typed answers that differ only in case or spacing are the same mistake."""
    return " ".join(text.casefold().split())


class _Tally:
    """One question's report, summed from (right, choice, text, count) groups in first-seen order."""

    __slots__ = ("answered", "right", "wrong_choices", "wrong_texts")

    def __init__(self) -> None:
        self.answered = 0
        self.right = 0
        self.wrong_choices: dict[int, int] = {}
        self.wrong_texts: dict[str, list[Any]] = {}  # typed key: [first spelling seen, count]

    def add(self, correct: int, choice: int | None, text: str | None, count: int) -> None:
        self.answered += count
        if correct:
            self.right += count
        elif choice is not None:
            self.wrong_choices[choice] = self.wrong_choices.get(choice, 0) + count
        elif text is not None:
            self.wrong_texts.setdefault(_typed_key(text), [text, 0])[1] += count

    def line(self, index: int | None, question_id: str) -> ReportLine:
        choice, choice_count = None, 0
        if self.wrong_choices:
            # The most chosen; equal counts go to the lower choice index, so reports are stable.
            choice, choice_count = min(self.wrong_choices.items(), key=lambda item: (-item[1], item[0]))
        text, text_count = None, 0
        if self.wrong_texts:
            text, text_count = max(self.wrong_texts.values(), key=lambda group: group[1])  # first of equals
        return ReportLine(
            question_index=index,
            question_id=question_id,
            answered=self.answered,
            right=self.right,
            top_wrong_choice=choice,
            top_wrong_count=max(choice_count, text_count),
            top_wrong_text=text,
        )


def _tallies(rows: Iterable[Sequence[Any]]) -> dict[Any, _Tally]:
    tallies: dict[Any, _Tally] = {}
    for key, correct, choice, text, count in rows:
        tally = tallies.get(key)
        if tally is None:
            tally = tallies[key] = _Tally()
        tally.add(correct, choice, text, count)
    return tallies


# -- memories --------------------------------------------------------------------------------------

_MEMORY_COLUMNS = "user_id, deck_id, question_id, card, due, reviews, lapses, last_review"

_SAVE_MEMORY = (
    f"INSERT INTO memories ({_MEMORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id, deck_id, question_id) DO UPDATE SET card = excluded.card, due = excluded.due, "
    "reviews = excluded.reviews, lapses = excluded.lapses, last_review = excluded.last_review"
)


def _memory_row(memory: Memory) -> tuple[Any, ...]:
    return (
        memory.user_id,
        memory.deck_id,
        memory.question_id,
        memory.card,
        _ms(memory.due),
        memory.reviews,
        memory.lapses,
        None if memory.last_review is None else _ms(memory.last_review),
    )


def _memory(row: Sequence[Any]) -> Memory:
    return Memory(
        user_id=row[0],
        deck_id=row[1],
        question_id=row[2],
        card=row[3],
        due=_time(row[4]),
        reviews=row[5],
        lapses=row[6],
        last_review=_time_or_none(row[7]),
    )


class Store:
    """Bvunzo's memory: one SQLite file, one connection, one worker thread (aiosqlite's).

    Every method is one trip to the worker thread, and every write one transaction inside it: nothing
    is ever half written, and no transaction stays open across an await.
    """

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db: aiosqlite.Connection | None = db
        self._path = path
        self._version = 0
        # Answers that came while others were being written, waiting to go together to the worker
        # thread; the batches on their way; how many writes (direct or batch) are under way.
        self._answers_waiting: list[tuple[tuple[Any, ...], asyncio.Future[Any]]] = []
        self._answers_flush_due = False
        self._answer_tasks: set[asyncio.Task[None]] = set()
        self._answer_writes = 0
        self._answers_idle = asyncio.Event()
        self._answers_idle.set()

    # -- life ----------------------------------------------------------------------------------------

    @classmethod
    async def open(
        cls, path: str | Path, *, max_bytes: int | None = None, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Store:
        """Open (creating folders and file as needed) and migrate the database at `path`.

        `max_bytes` caps the file's size, for hosts that give the bot a quota: past it, writes fail as
        on a full disk. `busy_timeout_ms` is how long SQLite itself waits for another program's write
        lock before the store's own retries (which never block the event loop) take over.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"Bvunzo cannot create the folder {path.parent} for its database: {exc.strerror or exc}."
            ) from exc
        if path.is_dir():
            raise StoreError(f"The database path {path} is a folder; give the path of a file.")
        try:
            db = await aiosqlite.connect(path, isolation_level=None, cached_statements=256)
        except sqlite3.Error as exc:
            raise _store_error(exc, path) or StoreError(f"Bvunzo cannot open {path}: {exc}.") from exc
        store = cls(db, path)
        try:
            store._version = await store._run(lambda conn: _setup(conn, max_bytes, busy_timeout_ms))
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        """Write the answers on their way, close the file, stop the worker thread (it keeps a process alive)."""
        if self._answers_waiting:
            self._flush_answers()
        if self._answer_writes:
            # Answers on their way are written first; only a lock held by another program for
            # seconds (they would wait on it) keeps them out, and then they hear the store closed.
            try:
                await asyncio.wait_for(self._answers_idle.wait(), timeout=CLOSE_PATIENCE_SECONDS)
            except TimeoutError:
                log.warning("closing with %d answer writes still waiting for the lock", self._answer_writes)
        db, self._db = self._db, None
        if db is None:
            return
        try:
            await db._execute(_optimize, db._conn)
        except sqlite3.Error:
            log.debug("PRAGMA optimize failed while closing", exc_info=True)
        finally:
            await db.close()
            # close() resolves just before the worker thread returns; wait that instant so a caller
            # that exits next finds no thread left (aiosqlite keeps it as _thread).
            worker = getattr(db, "_thread", None)
            if worker is not None and worker.is_alive():
                worker.join(timeout=1.0)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def path(self) -> Path:
        return self._path

    async def _run(
        self, work: Callable[[sqlite3.Connection], T], *, patience: float | None = BUSY_PATIENCE_SECONDS
    ) -> T:
        """Run `work` on the connection in the worker thread, retrying while another program holds the lock.

        `patience` bounds the retries in seconds; None retries for as long as it takes (answers are
        never dropped for a lock).
        """
        db = self._db
        if db is None:
            raise StoreError("The store is closed.")
        waited, delay, attempts = 0.0, 0.01, 0
        while True:
            try:
                # aiosqlite has no public "run this function in your thread"; _execute is that, and it
                # has kept its shape for years. One hop per method instead of one per statement.
                result: T = await db._execute(work, db._conn)
                return result
            except sqlite3.Error as exc:
                if _is_busy(exc):
                    attempts += 1
                    if patience is not None and waited >= patience:
                        raise StoreError(
                            f"The database {self._path} stayed locked by another program for "
                            f"{waited:.0f} seconds past its busy timeout; is a second Bvunzo "
                            "running on it?"
                        ) from exc
                    if attempts % 10 == 1:
                        log.warning("database %s is locked by another program; retrying", self._path)
                    await asyncio.sleep(delay)
                    waited += delay
                    delay = min(delay * 2, 1.0)
                    continue
                error = _store_error(exc, self._path)
                if error is None:
                    raise
                raise error from exc

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` in one write transaction."""

        def transaction(conn: sqlite3.Connection) -> T:
            with _transaction(conn):
                return work(conn)

        return await self._run(transaction)

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on one consistent snapshot (several SELECTs see the same data)."""

        def snapshot(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN")
            try:
                return work(conn)
            finally:
                conn.execute("COMMIT")

        return await self._run(snapshot)

    async def _fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return await self._run(lambda conn: conn.execute(sql, args).fetchall())

    async def _fetchone(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return await self._run(lambda conn: conn.execute(sql, args).fetchone())

    # -- meta and settings ---------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            lambda conn: conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = "
                "excluded.value",
                (key, value),
            )
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""
        row = await self._fetchone(
            "SELECT quiz_master_role_id, questions, seconds, mode, pause_seconds "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, *row)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        s = settings
        await self._write(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings "
                "(guild_id, quiz_master_role_id, questions, seconds, mode, pause_seconds) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "quiz_master_role_id = excluded.quiz_master_role_id, questions = excluded.questions, "
                "seconds = excluded.seconds, mode = excluded.mode, pause_seconds = excluded.pause_seconds",
                (
                    s.guild_id,
                    s.quiz_master_role_id,
                    s.questions,
                    s.seconds,
                    s.mode,
                    s.pause_seconds,
                ),
            )
        )

    async def member_language(self, user_id: int) -> str | None:
        row = await self._fetchone("SELECT language FROM member_settings WHERE user_id = ?", (user_id,))
        return None if row is None else str(row[0])

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""
        if language is None:
            await self._write(
                lambda conn: conn.execute("DELETE FROM member_settings WHERE user_id = ?", (user_id,))
            )
            return
        await self._write(
            lambda conn: conn.execute(
                "INSERT INTO member_settings (user_id, language) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, language),
            )
        )

    # -- rounds --------------------------------------------------------------------------------------

    async def start_round(self, new: NewRound) -> RoundRecord:
        """Store a running round; RoundAlreadyRunning (carrying it) when the channel has one already."""
        if not new.question_ids:
            raise ValueError("a round needs at least one question")
        args = (
            new.guild_id,
            new.channel_id,
            new.deck_id,
            new.started_by,
            json.dumps(list(new.question_ids)),
            new.seconds,
            new.mode,
            new.seed,
            _ms(new.started_at),
        )

        def work(conn: sqlite3.Connection) -> RoundRecord:
            try:
                round_id = conn.execute(
                    "INSERT INTO rounds (guild_id, channel_id, deck_id, started_by, question_ids, seconds, "
                    "mode, "
                    "seed, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    args,
                ).lastrowid
            except sqlite3.IntegrityError:
                # The partial unique index refused it: the channel's running round wins, whoever asked first.
                running = conn.execute(
                    f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status = 'running'",
                    (new.channel_id,),
                ).fetchone()
                if running is None:
                    raise
                raise RoundAlreadyRunning(_round(running)) from None
            return _round(
                conn.execute(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,)).fetchone()
            )

        return await self._write(work)

    async def get_round(self, round_id: int) -> RoundRecord | None:
        row = await self._fetchone(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return None if row is None else _round(row)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        row = await self._fetchone(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status = 'running'", (channel_id,)
        )
        return None if row is None else _round(row)

    async def running_rounds(self) -> list[RoundRecord]:
        """Every round still running, oldest first: what to resume after a restart."""
        rows = await self._fetchall(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE status = 'running' ORDER BY id"
        )
        return [_round(row) for row in rows]

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._write(
            lambda conn: conn.execute(
                "UPDATE rounds SET intro_message_id = ? WHERE id = ?", (message_id, round_id)
            )
        )

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        """The round's question `index` is on screen from `posted_at` (its clock) in message `message_id`."""
        at = _ms(posted_at)

        def work(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT question_ids FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise ValueError(f"there is no round {round_id}")
            question_ids = json.loads(row[0])
            if not 0 <= index < len(question_ids):
                raise ValueError(f"round {round_id} has no question {index}")
            conn.execute(
                "UPDATE rounds SET current = ?, posted_at = ?, message_id = ?, revealed = 0 WHERE id = ?",
                (index, at, message_id, round_id),
            )
            conn.execute(
                "INSERT INTO round_questions (round_id, idx, question_id, message_id, posted_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (round_id, idx) DO UPDATE SET "
                "message_id = excluded.message_id, posted_at = excluded.posted_at, revealed_at = NULL",
                (round_id, index, question_ids[index], message_id, at),
            )

        await self._write(work)

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        at = _ms(revealed_at)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE rounds SET revealed = 1 WHERE id = ? AND current = ?", (round_id, index))
            conn.execute(
                "UPDATE round_questions SET revealed_at = coalesce(revealed_at, ?) WHERE round_id = ? AND "
                "idx = ?",
                (at, round_id, index),
            )

        await self._write(work)

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        """End a running round (a round already ended keeps its first ending)."""
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._write(
            lambda conn: conn.execute(
                "UPDATE rounds SET status = ?, ended_at = ?, end_reason = ? WHERE id = ? AND status = "
                "'running'",
                (status, _ms(ended_at), reason, round_id),
            )
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        """The channel's most recently ended round (finished, stopped or interrupted)."""
        row = await self._fetchone(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status <> 'running' AND guild_id "
            "= ? "
            "ORDER BY ended_at DESC, id DESC LIMIT 1",
            (channel_id, guild_id),
        )
        return None if row is None else _round(row)

    # -- answers -------------------------------------------------------------------------------------

    async def record_answer(self, answer: Answer) -> Recorded:
        """Store the member's answer, committed before this returns; or tell what they answered before.

        The UNIQUE (round, question, member) constraint decides, so concurrent duplicates (from this
        store or another process) give exactly one first=True. A locked database is retried, never dropped.
        Answers that arrive while others are being written share one trip to the worker thread, each
        still committed on its own.
        """
        if self._db is None:
            raise StoreError("The store is closed.")
        waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        entry = (_answer_row(answer), waiter)
        if self._answer_writes == 0 and not self._answers_waiting:
            # Nobody else is writing: go straight, no extra task.
            self._answer_write_started()
            try:
                await self._write_answers([entry])
            finally:
                self._answer_write_ended()
        else:
            self._answers_waiting.append(entry)
            if not self._answers_flush_due:
                self._answers_flush_due = True
                asyncio.get_running_loop().call_soon(self._flush_answers)
        previous = await waiter
        if previous is None:
            return Recorded(first=True, previous=None)
        return Recorded(first=False, previous=_answer(previous))

    def _flush_answers(self) -> None:
        """Send every answer waiting to the worker thread as one batch (one task, one trip)."""
        self._answers_flush_due = False
        batch = [entry for entry in self._answers_waiting if not entry[1].done()]
        self._answers_waiting.clear()
        if batch:
            self._answer_write_started()
            task = asyncio.create_task(self._write_answers(batch), name="bvunzo-answers")
            self._answer_tasks.add(task)
            task.add_done_callback(self._answer_batch_done)

    def _answer_write_started(self) -> None:
        self._answer_writes += 1
        self._answers_idle.clear()

    def _answer_write_ended(self) -> None:
        self._answer_writes -= 1
        if self._answer_writes == 0:
            self._answers_idle.set()

    def _answer_batch_done(self, task: asyncio.Task[None]) -> None:
        self._answer_tasks.discard(task)
        self._answer_write_ended()

    async def _write_answers(self, batch: list[tuple[tuple[Any, ...], asyncio.Future[Any]]]) -> None:
        """Write a batch of answers in order and tell each waiter its outcome."""
        delay, locked_tries = 0.01, 0
        while batch:
            work = partial(_record_answers, rows=[row for row, _ in batch], path=self._path)
            try:
                outcomes = await self._run(work)
            except BaseException as exc:  # the store closed under it, or cancelled: every waiter hears
                for _, waiter in batch:
                    if waiter.done():
                        continue
                    if isinstance(exc, Exception):
                        waiter.set_exception(exc)
                    else:
                        waiter.cancel()
                if isinstance(exc, Exception):
                    return
                raise
            for (_, waiter), outcome in zip(batch, outcomes, strict=False):
                if waiter.done():
                    continue  # its caller stopped waiting; the answer is stored all the same
                if isinstance(outcome, BaseException):
                    waiter.set_exception(outcome)
                else:
                    waiter.set_result(outcome)
            batch = batch[len(outcomes) :]
            if batch:
                # Another program held the write lock past the busy timeout: wait, then go on
                # from the first answer not yet written. Never dropped.
                locked_tries += 1
                if locked_tries % 10 == 1:
                    log.warning("database %s is locked by another program; answers wait", self._path)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)

    async def import_answers(self, answers: Iterable[Answer]) -> int:
        """Add many answers in one transaction (imports, benchmarks); duplicates are skipped.

        Returns how many were new. The board totals are summed from the new rows in bulk.
        """
        rows = (_answer_row(answer) for answer in answers)

        def work(conn: sqlite3.Connection) -> int:
            # Row by row, the boards trigger would cost as much again as the inserts: take it out for
            # the load (inside this transaction, so no other writer ever sees the table without it),
            # then sum the new rows in one pass each and put it back as it was.
            trigger = conn.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'answers_add_to_boards'"
            ).fetchone()
            if trigger is None:
                raise StoreError(
                    f"The database {self._path} lacks its leaderboard trigger; it was altered by hand."
                )
            conn.execute("DROP TRIGGER answers_add_to_boards")
            before = conn.execute("SELECT coalesce(max(id), 0) FROM answers").fetchone()[0]
            conn.executemany(_INSERT_ANSWER, rows)
            # New rows have rowids above the old maximum: the board totals take exactly them.
            conn.execute(
                "INSERT INTO board_days (guild_id, day, user_id, deck_id, points, correct, answered, "
                "last_at) "
                "SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), "
                "COUNT(*), MAX(answered_at) FROM answers WHERE id > ? GROUP BY 1, 2, 3, 4 "
                "ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET "
                "points = points + excluded.points, correct = correct + excluded.correct, "
                "answered = answered + excluded.answered, last_at = max(last_at, excluded.last_at)",
                (before,),
            )
            for deck in ("deck_id", "''"):
                conn.execute(
                    "INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, "
                    "last_at) "
                    f"SELECT guild_id, {deck}, user_id, SUM(points), SUM(correct), COUNT(*), "
                    "MAX(answered_at) "
                    "FROM answers WHERE id > ? GROUP BY 1, 2, 3 "
                    "ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET "
                    "points = points + excluded.points, correct = correct + excluded.correct, "
                    "answered = answered + excluded.answered, last_at = max(last_at, excluded.last_at)",
                    (before,),
                )
            conn.execute(trigger[0])
            added: int = conn.execute("SELECT COUNT(*) FROM answers WHERE id > ?", (before,)).fetchone()[0]
            return added

        return await self._write(work)

    async def round_answers(self, round_id: int, question_index: int | None = None) -> list[Answer]:
        """The round's answers (or one question's), in the order they came."""
        if question_index is None:
            rows = await self._fetchall(
                f"SELECT {_ANSWER_COLUMNS} FROM answers WHERE round_id = ? ORDER BY answered_at, id",
                (round_id,),
            )
        else:
            rows = await self._fetchall(
                f"SELECT {_ANSWER_COLUMNS} FROM answers WHERE round_id = ? AND question_index = ? "
                "ORDER BY answered_at, id",
                (round_id, question_index),
            )
        return [_answer(row) for row in rows]

    async def round_scores(self, round_id: int) -> list[PlayerScore]:
        """Each player's score in the round: most points, then most right, then who finished first."""
        rows = await self._fetchall(
            "SELECT user_id, SUM(points), SUM(correct), COUNT(*) FROM answers WHERE round_id = ? "
            "GROUP BY user_id ORDER BY SUM(points) DESC, SUM(correct) DESC, MAX(answered_at), user_id",
            (round_id,),
        )
        return [PlayerScore(user_id=u, points=p, right=r, answered=a) for u, p, r, a in rows]

    # -- leaderboards --------------------------------------------------------------------------------
    #
    # Order: points (desc), then right answers (desc), then whoever reached their score first, i.e. the
    # earliest time of their last answer in the period, then the member id so pages never shuffle.
    # Ranks are competition ranks by points alone: equal points share a rank (1, 2, 2, 4).
    # Round answers only: practice never reaches board_days or board_totals.

    async def leaderboard(
        self,
        guild_id: int,
        period: Period,
        now: datetime,
        *,
        deck_id: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> Board:
        if offset < 0 or limit < 0:
            raise ValueError("offset and limit cannot be negative")
        days = _days(period, now)
        if days is None:
            return await self._read(
                lambda conn: _all_time_board(conn, guild_id, deck_id or "", offset, limit)
            )
        return await self._read(
            lambda conn: _period_board(conn, guild_id, days=days, deck_id=deck_id, offset=offset, limit=limit)
        )

    async def member_rank(
        self, guild_id: int, user_id: int, period: Period, now: datetime, *, deck_id: str | None = None
    ) -> BoardLine | None:
        """The member's line on the board; None when they have no answer in the period."""
        days = _days(period, now)

        def all_time(conn: sqlite3.Connection) -> BoardLine | None:
            deck = deck_id or ""
            mine = conn.execute(
                "SELECT points, correct, answered FROM board_totals WHERE guild_id = ? AND deck_id = ? AND "
                "user_id = ?",
                (guild_id, deck, user_id),
            ).fetchone()
            if mine is None:
                return None
            ahead = conn.execute(
                "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ? AND points > ?",
                (guild_id, deck, mine[0]),
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        def in_period(conn: sqlite3.Connection) -> BoardLine | None:
            assert days is not None
            args = _period_args(guild_id, days, deck_id)
            mine = conn.execute(
                "SELECT SUM(points), SUM(correct), SUM(answered) FROM board_days "
                "WHERE guild_id = ? AND day >= ? AND day < ? AND user_id = ? "
                + (_DECK_FILTER if deck_id is not None else ""),
                (guild_id, *days, user_id, *(() if deck_id is None else (deck_id,))),
            ).fetchone()
            if not mine[2]:
                return None
            ahead = conn.execute(
                f"SELECT COUNT(*) FROM ({_period_sums(deck_id)} HAVING SUM(points) > ?)", (*args, mine[0])
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        return await self._read(all_time if days is None else in_period)

    # -- member stats --------------------------------------------------------------------------------

    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        """What /stats shows: round answers in this server, practice answers anywhere."""
        this_week = week_start(as_utc(now).date())
        first_week = this_week - timedelta(weeks=CHART_WEEKS - 1)
        chart_from = _ms(datetime.combine(first_week, datetime.min.time(), UTC))
        chart_to = _ms(datetime.combine(this_week + timedelta(weeks=1), datetime.min.time(), UTC))

        def work(conn: sqlite3.Connection) -> MemberStats:
            total = conn.execute(
                "SELECT points, correct, answered FROM board_totals WHERE guild_id = ? AND deck_id = '' AND "
                "user_id = ?",
                (guild_id, user_id),
            ).fetchone() or (0, 0, 0)
            streak = best = 0
            rounds: set[int] = set()
            decks: dict[str, list[int]] = {}
            for round_id, deck_id, points, correct in conn.execute(
                "SELECT round_id, deck_id, points, correct FROM answers WHERE user_id = ? AND guild_id = ? "
                "ORDER BY answered_at, id",
                (user_id, guild_id),
            ):
                rounds.add(round_id)
                streak = streak + 1 if correct else 0
                best = max(best, streak)
                sums = decks.setdefault(deck_id, [0, 0, 0])
                sums[0] += points
                sums[1] += correct
                sums[2] += 1
            # Monday-based week number: day 0 (1970-01-01) was a Thursday, the Monday after it day 4.
            weekly = {
                week: (points, correct, answered)
                for week, points, correct, answered in conn.execute(
                    "SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) FROM "
                    "answers "
                    "WHERE user_id = ? AND guild_id = ? AND answered_at >= ? AND answered_at < ? GROUP BY 1",
                    (user_id, guild_id, chart_from, chart_to),
                )
            }
            weeks = []
            for k in range(CHART_WEEKS):
                monday = first_week + timedelta(weeks=k)
                points, correct, answered = weekly.get(((monday - EPOCH.date()).days + 3) // 7, (0, 0, 0))
                weeks.append(WeekStats(week_start=monday, points=points, right=correct, answered=answered))
            practised, practised_right = conn.execute(
                "SELECT COUNT(*), coalesce(SUM(correct), 0) FROM practice_answers WHERE user_id = ?",
                (user_id,),
            ).fetchone()
            return MemberStats(
                points=total[0],
                answered=total[2],
                right=total[1],
                rounds=len(rounds),
                best_streak=best,
                week_points=weeks[-1].points,
                decks=tuple(
                    DeckStats(deck_id=deck, points=p, right=r, answered=a)
                    for deck, (p, r, a) in sorted(decks.items(), key=lambda item: (-item[1][0], item[0]))
                ),
                weeks=tuple(weeks),
                practice_answered=practised,
                practice_right=practised_right,
            )

        return await self._read(work)

    # -- reports -------------------------------------------------------------------------------------

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        """Per question: answered, right, and the commonest wrong answer.

        For a round: every question in round order, unanswered ones with zeros (empty for a round of
        another server). For a deck: every question of it answered in this server's rounds, the least
        understood first (lowest share right, then most answered, then question id).
        """
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._read(lambda conn: _round_report(conn, guild_id, round_id))
        assert deck_id is not None
        return await self._read(lambda conn: _deck_report(conn, guild_id, deck_id))

    # -- practice and memories -----------------------------------------------------------------------

    async def record_practice(
        self,
        user_id: int,
        guild_id: int | None,
        deck_id: str,
        question_id: str,
        right: bool,
        answered_at: datetime,
        memory: Memory | None = None,
    ) -> None:
        """Store a practice answer and, when given, the member's new memory of it, in one transaction."""
        if memory is not None and (memory.user_id, memory.deck_id, memory.question_id) != (
            user_id,
            deck_id,
            question_id,
        ):
            raise ValueError("the memory given is of another member or question")
        answer = (user_id, guild_id, deck_id, question_id, int(right), _ms(answered_at))
        memory_row = None if memory is None else _memory_row(memory)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO practice_answers (user_id, guild_id, deck_id, question_id, correct, "
                "answered_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                answer,
            )
            if memory_row is not None:
                conn.execute(_SAVE_MEMORY, memory_row)

        await self._write(work)

    async def save_memory(self, memory: Memory) -> None:
        row = _memory_row(memory)
        await self._write(lambda conn: conn.execute(_SAVE_MEMORY, row))

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        """Upsert many memories in one transaction (a round's reviews, written at each reveal)."""
        rows = [_memory_row(memory) for memory in memories]
        if rows:
            await self._write(lambda conn: conn.executemany(_SAVE_MEMORY, rows))

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        """What each of these members remembers of one question, by member (those who met it before)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._fetchall(
            f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE deck_id = ? AND question_id = ? AND user_id IN ({marks})",
            (deck_id, question_id, *user_ids),
        )
        return {row[0]: _memory(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        """The member's memory of each question of the deck they have met, by question id."""
        rows = await self._fetchall(
            f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE user_id = ? AND deck_id = ?", (user_id, deck_id)
        )
        return {row[2]: _memory(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        """How many of the member's questions are due for review at `now`."""
        if deck_id is None:
            row = await self._fetchone(
                "SELECT COUNT(*) FROM memories WHERE user_id = ? AND due <= ?", (user_id, _ms(now))
            )
        else:
            row = await self._fetchone(
                "SELECT COUNT(*) FROM memories WHERE user_id = ? AND deck_id = ? AND due <= ?",
                (user_id, deck_id, _ms(now)),
            )
        return int(row[0])

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        """When the member's next review falls due (may be in the past); None with nothing to review."""
        if deck_id is None:
            row = await self._fetchone("SELECT min(due) FROM memories WHERE user_id = ?", (user_id,))
        else:
            row = await self._fetchone(
                "SELECT min(due) FROM memories WHERE user_id = ? AND deck_id = ?", (user_id, deck_id)
            )
        return _time_or_none(row[0])

    async def latest_round_played(self, user_id: int, guild_id: int | None = None) -> RoundRecord | None:
        """The round of the member's latest answer (in this server when given); None if they never answered."""
        where = "user_id = ?" if guild_id is None else "user_id = ? AND guild_id = ?"
        params = (user_id,) if guild_id is None else (user_id, guild_id)
        row = await self._fetchone(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = (SELECT round_id FROM answers WHERE {where} "
            "ORDER BY answered_at DESC, id DESC LIMIT 1)",
            params,
        )
        return None if row is None else _round(row)

    # -- uploaded decks ------------------------------------------------------------------------------

    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        """Keep an uploaded deck; uploading the same deck id again replaces it."""
        r = record
        await self._write(
            lambda conn: conn.execute(
                "INSERT INTO guild_decks (guild_id, deck_id, source_name, text, uploaded_by, uploaded_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, deck_id) DO UPDATE SET "
                "source_name = excluded.source_name, text = excluded.text, uploaded_by = "
                "excluded.uploaded_by, "
                "uploaded_at = excluded.uploaded_at",
                (r.guild_id, r.deck_id, r.source_name, r.text, r.uploaded_by, _ms(r.uploaded_at)),
            )
        )

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        """The server's uploaded decks (every server's when None), by server then deck id."""
        columns = "guild_id, deck_id, source_name, text, uploaded_by, uploaded_at"
        if guild_id is None:
            rows = await self._fetchall(f"SELECT {columns} FROM guild_decks ORDER BY guild_id, deck_id")
        else:
            rows = await self._fetchall(
                f"SELECT {columns} FROM guild_decks WHERE guild_id = ? ORDER BY deck_id", (guild_id,)
            )
        return [GuildDeckRecord(g, d, s, t, u, _time(at)) for g, d, s, t, u, at in rows]

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        """Forget an uploaded deck; False when there was none. Scores earned with it stay."""
        deleted: int = await self._write(
            lambda conn: (
                conn.execute(
                    "DELETE FROM guild_decks WHERE guild_id = ? AND deck_id = ?", (guild_id, deck_id)
                ).rowcount
            )
        )
        return deleted > 0


def _optimize(conn: sqlite3.Connection) -> None:
    # Lets SQLite refresh its planner statistics where they drifted; cheap when nothing did.
    conn.execute("PRAGMA optimize")


def _all_time_board(conn: sqlite3.Connection, guild_id: int, deck: str, offset: int, limit: int) -> Board:
    total = conn.execute(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ?", (guild_id, deck)
    ).fetchone()[0]
    rows = conn.execute(
        "SELECT user_id, points, correct, answered FROM board_totals WHERE guild_id = ? AND deck_id = ? "
        "ORDER BY points DESC, correct DESC, last_at, user_id LIMIT ? OFFSET ?",
        (guild_id, deck, limit, offset),
    ).fetchall()
    if not rows:
        return Board(lines=(), total=total)
    ahead = conn.execute(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ? AND points > ?",
        (guild_id, deck, rows[0][1]),
    ).fetchone()[0]
    return Board(lines=_ranked(rows, offset, ahead + 1), total=total)


def _period_board(
    conn: sqlite3.Connection,
    guild_id: int,
    *,
    days: tuple[int, int],
    deck_id: str | None,
    offset: int,
    limit: int,
) -> Board:
    args = _period_args(guild_id, days, deck_id)
    rows = conn.execute(
        f"WITH sums AS ({_period_sums(deck_id)}) "
        "SELECT user_id, points, correct, answered, RANK() OVER (ORDER BY points DESC), COUNT(*) OVER () "
        "FROM sums ORDER BY points DESC, correct DESC, last_at, user_id LIMIT ? OFFSET ?",
        (*args, limit, offset),
    ).fetchall()
    if not rows:
        total = conn.execute(f"SELECT COUNT(*) FROM ({_period_sums(deck_id)})", args).fetchone()[0]
        return Board(lines=(), total=total)
    lines = tuple(
        BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered)
        for user_id, points, correct, answered, rank, _total in rows
    )
    return Board(lines=lines, total=rows[0][5])


def _round_report(conn: sqlite3.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    row = conn.execute(
        "SELECT question_ids FROM rounds WHERE id = ? AND guild_id = ?", (round_id, guild_id)
    ).fetchone()
    if row is None:
        return []
    tallies = _tallies(
        conn.execute(
            "SELECT question_index, correct, choice, text, COUNT(*) FROM answers WHERE round_id = ? "
            "GROUP BY question_index, correct, choice, text ORDER BY MIN(answered_at)",
            (round_id,),
        )
    )
    return [
        tallies.get(index, _Tally()).line(index, question_id)
        for index, question_id in enumerate(json.loads(row[0]))
    ]


def _deck_report(conn: sqlite3.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    tallies = _tallies(
        conn.execute(
            "SELECT a.question_id, a.correct, a.choice, a.text, COUNT(*) "
            "FROM answers AS a JOIN rounds AS r ON r.id = a.round_id WHERE r.guild_id = ? AND r.deck_id = ? "
            "GROUP BY a.question_id, a.correct, a.choice, a.text ORDER BY MIN(a.answered_at)",
            (guild_id, deck_id),
        )
    )
    lines = [tally.line(None, question_id) for question_id, tally in tallies.items()]
    lines.sort(key=lambda line: (line.right / line.answered, -line.answered, line.question_id))
    return lines


__all__ = ["SCHEMA_VERSION", "Store"]
