"""The calendar's days and assignments the web tests put in the store, through the store's own methods (as
the bot writes them), with the cells deck of tests/e2e/web/seed.py: every figure chosen by hand.

A question of the day on Sunday 29 November (c2: players[0] right) and on Monday 30 November (c1:
players[0] right, players[1] chose the <img> choice), the server in Africa/Harare (UTC+2); a day claimed
on Tuesday 1 December but never posted (no message) is not listed.

Assignment 1 of the cells deck (c1, c2), due Tuesday 1 December 18:00 UTC: players[0] finished in time
with both right (200 points), players[1] started and answered c1 wrong, players[2] (who played the round)
did not start.
"""

from __future__ import annotations

from datetime import timedelta

from bot.store import (
    AssignmentAnswer,
    AssignmentRecord,
    CalendarSettings,
    NewAssignment,
    QotdAnswer,
    QotdDay,
    Store,
)
from tests.e2e.web.seed import T0

ZONE = "Africa/Harare"


async def posted_days(store: Store, guild_id: int, channel_id: int, players: list[int]) -> None:
    await store.save_calendar_settings(CalendarSettings(guild_id, timezone=ZONE))
    days = [
        (20261129, "c2", -timedelta(days=1)),
        (20261130, "c1", timedelta()),
        (20261201, "c3", timedelta(days=1)),
    ]
    for number, question_id, shift in days:
        posted = T0 - timedelta(hours=10) + shift  # 10:00 in Harare
        await store.claim_qotd_day(
            QotdDay(
                guild_id,
                number,
                channel_id,
                "cells",
                question_id,
                5,
                None,
                posted,
                posted + timedelta(hours=12),
            )
        )
    await store.set_qotd_message(guild_id, 20261129, 9001)
    await store.set_qotd_message(guild_id, 20261130, 9002)
    sunday, monday = T0 - timedelta(days=1, hours=9), T0 - timedelta(hours=9)
    given = [
        (20261129, players[0], 0, True, sunday),
        (20261130, players[0], 0, True, monday + timedelta(minutes=5)),
        (20261130, players[1], 1, False, monday + timedelta(minutes=1)),
    ]
    for number, user_id, choice, right, at in given:
        await store.record_qotd_answer(
            QotdAnswer(guild_id, number, user_id, choice, right, at, None, 100 if right else 0)
        )


async def given_assignment(
    store: Store, guild_id: int, channel_id: int, by: int, players: list[int]
) -> AssignmentRecord:
    due = T0 + timedelta(days=1)
    record = await store.add_assignment(
        NewAssignment(
            guild_id, channel_id, "cells", ("c1", "c2"), 11, due, 2, "allow", by, T0 - timedelta(hours=2)
        )
    )
    first = await store.start_attempt(record.id, players[0], T0, 2)
    second = await store.start_attempt(record.id, players[1], T0 + timedelta(minutes=3), 2)
    assert first is not None and second is not None
    answers = [
        (first.id, 0, "c1", 0, True, T0 + timedelta(minutes=1)),
        (first.id, 1, "c2", 0, True, T0 + timedelta(minutes=2)),
        (second.id, 0, "c1", 1, False, T0 + timedelta(minutes=4)),
    ]
    for attempt_id, index, question_id, choice, right, at in answers:
        await store.record_assignment_answer(
            AssignmentAnswer(
                attempt_id, index, question_id, choice, right, 4000, at, None, 100 if right else 0
            )
        )
    await store.finish_attempt(first.id, T0 + timedelta(minutes=2))
    return record
