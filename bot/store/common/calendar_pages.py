"""What the dashboard's calendar pages read: posted days with their counts, pages of assignments, and the
attempts and answers of a page of them."""

from __future__ import annotations

from datetime import date

from bot.store.assignment_records import AssignmentRecord
from bot.store.calendar_page_records import AssignmentTally, DayFilter, PostedDayLine
from bot.store.calendar_records import QotdAnswer, QotdDay
from bot.store.sql import calendar_pages as C
from bot.store.sql.assignments import ASSIGNMENT_COLUMNS
from bot.store.sql.engine import Engine
from bot.store.sql.qotd import QOTD_ANSWER_COLUMNS, QOTD_DAY_COLUMNS
from bot.store.sql.web import NO_LIMIT


def _day_number(day: date) -> int:
    """A date as the days are kept: YYYYMMDD."""
    return int(f"{day:%Y%m%d}")


class SharedCalendarPages:
    _engine: Engine

    async def posted_days(
        self, guild_id: int, only: DayFilter, *, before: int | None = None, limit: int = 25
    ) -> list[PostedDayLine]:
        found = await self._engine.fetch_all(
            C.POSTED_DAYS,
            guild=guild_id,
            first=_day_number(only.first) if only.first is not None else 0,
            last=_day_number(only.last) if only.last is not None else C.LAST_DAY,
            before=before if before is not None else C.LAST_DAY + 1,
            deck=only.deck_id or "",
            limit=limit,
        )
        return [C.posted_line(r) for r in found]

    async def posted_day(self, guild_id: int, day: int) -> QotdDay | None:
        return await self._engine.fetch_record(QOTD_DAY_COLUMNS, C.POSTED_DAY, guild=guild_id, day=day)

    async def assignments_page(
        self, guild_id: int, *, before: int | None = None, limit: int = 25
    ) -> list[AssignmentRecord]:
        return await self._engine.fetch_records(
            ASSIGNMENT_COLUMNS,
            C.ASSIGNMENTS_PAGE,
            guild=guild_id,
            before=before if before is not None else NO_LIMIT,
            limit=limit,
        )

    async def span_tallies(self, guild_id: int, oldest: int, newest: int) -> list[AssignmentTally]:
        found = await self._engine.fetch_all(C.SPAN_TALLIES, guild=guild_id, oldest=oldest, newest=newest)
        return C.tallies(found)

    async def qotd_span_answers(self, guild_id: int, first: int, last: int) -> list[QotdAnswer]:
        return await self._engine.fetch_records(
            QOTD_ANSWER_COLUMNS, C.SPAN_QOTD_ANSWERS, guild=guild_id, first=first, last=last
        )
