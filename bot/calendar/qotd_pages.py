"""The question of the day read back for the dashboard: the days posted (filtered by the server's dates and
by deck), one day's answers as rows of its results file, and the answers of a span of days for the files."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from bot.bank.models import Question
from bot.errors import UserError
from bot.locales import _
from bot.results.asked import Decks, qotd_question, qotd_questions
from bot.results.result_rows import ResultRow, day_text, qotd_rows
from bot.results.round_files import server_zone
from bot.results.round_filters import AskedFilter, read_filter
from bot.store import DayFilter, PostedDayLine, QotdAnswer, QotdDay

if TYPE_CHECKING:
    import zoneinfo

    from bot.store import Store

# The query's names, as the list's form sends them.
DAY_FIELDS = ("from", "to", "deck")
# The most days one results file holds (a year of them, newest first).
FILE_DAYS = 366


def read_days(query: Mapping[str, str], deck_ids: Collection[str]) -> AskedFilter[DayFilter]:
    """The filter `query` asks for, the server's dates from and to and a deck; UserError with one sentence
    for a value that cannot be one (the rounds list's rules: bot/results/round_filters.py)."""
    asked = read_filter({name: query.get(name, "") for name in DAY_FIELDS}, deck_ids)
    since, until = asked.only.since, asked.only.until
    only = DayFilter(
        first=since.date() if since is not None else None,
        last=(until - timedelta(days=1)).date() if until is not None else _last_day(asked.shown["to"]),
        deck_id=asked.only.deck_id,
    )
    return AskedFilter({name: asked.shown[name] for name in DAY_FIELDS}, only)


def _last_day(text: str) -> date | None:
    """The calendar's last day, which the rounds' filter leaves open (nothing comes after it)."""
    return date.max if text else None


def day_number(text: str) -> int | None:
    """A day of the path (2026-12-01) as the days are kept (20261201); None when it is not one."""
    try:
        return int(f"{date.fromisoformat(text):%Y%m%d}") if len(text) == 10 else None
    except ValueError:
        return None


def day_date(day: QotdDay) -> date:
    """The day's date, in the server's calendar."""
    return date.fromisoformat(day_text(day.day))


@dataclass(frozen=True, slots=True)
class ListedDay:
    line: PostedDayLine
    date: date
    prompt: str  # the question as its deck has it today (the day's page shows it as it was asked)
    deck_title: str


@dataclass(frozen=True, slots=True)
class DayAnswers:
    """One day: its question as it was asked, and each member's answer as its results file's row."""

    day: QotdDay
    date: date
    question: Question | None  # None: a question whose deck and version are both gone
    deck_title: str
    rows: list[ResultRow]
    zone: zoneinfo.ZoneInfo

    @property
    def iso(self) -> str:
        """The day as ISO writes it (2026-11-30): the page's path and its tab's title."""
        return self.date.isoformat()


class PostedDays:
    """The days a server's question of the day was posted, as its pages and files read them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def listed(
        self, guild_id: int, bank: Decks, only: DayFilter, *, before: int | None, limit: int
    ) -> list[ListedDay]:
        found = await self.store.posted_days(guild_id, only, before=before, limit=limit)
        listed = []
        for line in found:
            deck = bank.get(line.day.deck_id, guild_id)
            question = None if deck is None else deck.question(line.day.question_id)
            prompt = question.prompt if question is not None else line.day.question_id
            title = deck.title if deck is not None else line.day.deck_id
            listed.append(ListedDay(line, day_date(line.day), prompt, title))
        return listed

    async def of_server(self, guild_id: int, text: str) -> QotdDay:
        """The posted day of the path (2026-12-01); UserError when the server posted none that day."""
        number = day_number(text)
        day = await self.store.posted_day(guild_id, number) if number is not None else None
        if day is None:
            raise UserError(_("This server posted no question of the day on {day}.", day=text[:20]))
        return day

    async def answers(self, day: QotdDay, bank: Decks) -> DayAnswers:
        """The day's question and its answers (the rows name no member: the page shows their faces)."""
        question = await qotd_question(self.store, bank, day)
        answers = await self.store.qotd_answers(day.guild_id, day.day)
        zone = await server_zone(self.store, day.guild_id)
        deck = bank.get(day.deck_id, day.guild_id)
        title = deck.title if deck is not None else day.deck_id
        return DayAnswers(
            day, day_date(day), question, title, qotd_rows(day, question, answers, {}, zone), zone
        )

    async def for_files(
        self, guild_id: int, bank: Decks, only: DayFilter
    ) -> list[tuple[QotdDay, Question | None, Sequence[QotdAnswer]]]:
        """The newest FILE_DAYS days `only` lets through, each with its question as asked and its answers."""
        found = await self.store.posted_days(guild_id, only, limit=FILE_DAYS)
        if not found:
            return []
        questions = await qotd_questions(self.store, bank, [(line.day, line.version) for line in found])
        answers: dict[int, list[QotdAnswer]] = {line.day.day: [] for line in found}
        for answer in await self.store.qotd_span_answers(guild_id, found[-1].day.day, found[0].day.day):
            if answer.day in answers:  # another deck's day between them is not one of the file's
                answers[answer.day].append(answer)
        return [(line.day, q, answers[line.day.day]) for line, q in zip(found, questions, strict=True)]

    async def zone(self, guild_id: int) -> zoneinfo.ZoneInfo:
        return await server_zone(self.store, guild_id)
