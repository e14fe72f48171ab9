"""The question of the day is posted exactly once (issue 26), on both engines: a process that dies after
claiming its day (or taking a retry) and before posting leaves a try due thirty seconds on, taken by the next
tick after its restart or by another process, never by two; a posted day, a refused one or a closed one is
not posted again."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.calendar.daily import QotdRunner
from bot.calendar.post_failures import PostFailed, PostProblem
from bot.store import QotdDay, QotdSettings, Store
from tests.store_contract.conftest import Backend

AT = datetime(2027, 5, 3, 6, 0, tzinfo=UTC)  # 08:00 in Harare, Monday 3 May 2027 in UTC too
MONDAY = 20270503


class Posts:
    """The Discord side of a process: `dies` kills it as it is about to post (the claim is kept, nothing is
    posted); `problem` makes Discord refuse each post with that code."""

    def __init__(self, *, dies: bool = False, problem: PostProblem | None = None) -> None:
        self.dies = dies
        self.problem = problem
        self.posted: list[tuple[int, int]] = []

    def holds(self, guild_id: int) -> bool:
        return True

    def question_ids(self, guild_id: int, deck_id: str) -> Sequence[str] | None:
        return ("q1", "q2", "q3")

    async def post_question(self, day: QotdDay, unused: int) -> int:
        if self.dies:
            raise SystemExit("killed")
        if self.problem is not None:
            raise PostFailed(self.problem)
        self.posted.append((day.guild_id, day.day))
        return 900 + len(self.posted)

    async def reveal(self, day: QotdDay) -> None:
        pass


async def tick(store: Store, port: Posts, now: datetime) -> None:
    """One minute's look of a freshly started runner at `now` (its clock reads `now`)."""
    await QotdRunner(store, port, lambda: now).tick(now)


async def died_after_claiming(store: Store, guild: int = 5) -> None:
    """Monday's question of the day is due; the process claims the day and dies before posting it."""
    await store.save_qotd_settings(QotdSettings(guild, 50, "deck", "06:00", 9, AT))
    try:
        await tick(store, Posts(dies=True), AT)
    except SystemExit:
        pass
    else:
        raise AssertionError("the process did not die")
    day = await store.qotd_day(guild, MONDAY)
    assert day is not None and day.message_id is None


async def test_a_day_claimed_by_a_process_that_died_is_posted_once_after_its_restart(store: Store) -> None:
    await died_after_claiming(store)
    back = Posts()
    await tick(store, back, AT + timedelta(seconds=20))  # within the grace: the claimer may still be posting
    assert back.posted == []
    await tick(store, back, AT + timedelta(minutes=1))
    assert back.posted == [(5, MONDAY)]
    day = await store.qotd_day(5, MONDAY)
    assert day is not None and day.message_id == 901
    for minutes in (2, 3, 60):
        await tick(store, back, AT + timedelta(minutes=minutes))
    assert back.posted == [(5, MONDAY)]
    assert await store.qotd_posted_days(5) == [MONDAY]


async def test_a_process_that_died_during_a_retry_leaves_it_due_again(store: Store) -> None:
    await store.save_qotd_settings(QotdSettings(5, 50, "deck", "06:00", 9, AT))
    await tick(store, Posts(problem="network"), AT)  # tried again at 06:01
    try:
        await tick(store, Posts(dies=True), AT + timedelta(minutes=1))
    except SystemExit:
        pass
    else:
        raise AssertionError("the retry was not tried")
    back = Posts()
    await tick(store, back, AT + timedelta(minutes=1, seconds=10))
    assert back.posted == []
    await tick(store, back, AT + timedelta(minutes=2))
    await tick(store, back, AT + timedelta(minutes=3))
    assert back.posted == [(5, MONDAY)]
    assert await store.qotd_post_problem(5, MONDAY) is None
    assert await store.qotd_posted_days(5) == [MONDAY]


async def test_two_processes_after_a_crash_post_each_pending_day_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    guilds = [100 + n for n in range(10)]
    for guild in guilds:
        await died_after_claiming(first, guild)
    a, b = Posts(), Posts()
    later = AT + timedelta(minutes=1)
    await asyncio.gather(tick(first, a, later), tick(second, b, later), tick(first, a, later))
    assert sorted(a.posted + b.posted) == [(guild, MONDAY) for guild in guilds]
    await asyncio.gather(tick(first, a, later + timedelta(minutes=1)), tick(second, b, later))
    assert len(a.posted + b.posted) == 10


async def test_a_refused_or_closed_day_is_not_posted_after_a_restart(store: Store) -> None:
    await store.save_qotd_settings(QotdSettings(5, 50, "deck", "06:00", 9, AT))
    await tick(store, Posts(problem="forbidden"), AT)  # a refusal is not tried again
    back = Posts()
    await tick(store, back, AT + timedelta(minutes=1))
    assert back.posted == []
    assert await store.qotd_post_problem(5, MONDAY) == "forbidden"
    # Another server's process dies after its claim and is down until Monday's question has closed.
    await died_after_claiming(store, 6)
    closes = (await store.qotd_day(6, MONDAY)).closes_at  # type: ignore[union-attr]
    await tick(store, back, closes)
    await tick(store, back, closes + timedelta(minutes=1))
    assert back.posted == []
    assert await store.qotd_posted_days(6) == []
