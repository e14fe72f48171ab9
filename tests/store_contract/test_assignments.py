"""Store contract: assignments, attempts within their number, an answer per attempt and question once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.store import AssignmentAnswer, NewAssignment, Store
from tests.store_contract.builders import T0
from tests.store_contract.conftest import Backend

NEW = NewAssignment(
    guild_id=3,
    channel_id=30,
    deck_id="deck",
    question_ids=("q2", "q1", "q3"),
    seed=99,
    due_at=T0 + timedelta(hours=8),
    attempts=2,
    late="refuse",
    created_by=9,
    created_at=T0,
)


async def test_an_assignment_is_kept_listed_and_closed_once(store: Store) -> None:
    made = await store.add_assignment(NEW)
    assert (made.question_ids, made.due_at, made.message_id, made.closed_at) == (
        ("q2", "q1", "q3"),
        T0 + timedelta(hours=8),
        None,
        None,
    )
    await store.set_assignment_message(made.id, 555)
    assert (await store.assignment(made.id)).message_id == 555  # type: ignore[union-attr]
    later = await store.add_assignment(NEW)
    assert [a.id for a in await store.guild_assignments(3)] == [later.id, made.id]
    assert await store.guild_assignments(4) == []
    assert not await store.close_assignment(4, made.id, T0)
    assert await store.close_assignment(3, made.id, T0)
    assert not await store.close_assignment(3, made.id, T0)
    assert (await store.assignment(made.id)).closed_at == T0  # type: ignore[union-attr]


async def test_attempts_stop_at_their_number_even_when_started_at_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    made = await first.add_assignment(NEW)
    started = await asyncio.gather(
        *(s.start_attempt(made.id, 7, T0, 2) for s in (first, second, first, second))
    )
    kept = [a for a in started if a is not None]
    assert sorted(a.number for a in kept) == [1, 2]
    assert [a.number for a in await first.member_attempts(made.id, 7)] == [1, 2]
    assert await second.start_attempt(made.id, 7, T0, 2) is None
    other = await first.start_attempt(made.id, 8, T0, 2)
    assert other is not None and other.number == 1
    assert len(await first.assignment_attempts(made.id)) == 3


async def test_an_answer_per_attempt_and_question_counts_once(store: Store) -> None:
    made = await store.add_assignment(NEW)
    attempt = await store.start_attempt(made.id, 7, T0, 2)
    assert attempt is not None
    answer = AssignmentAnswer(attempt.id, 0, "q2", 1, True, 1200, T0 + timedelta(minutes=1))
    assert await store.record_assignment_answer(answer) is None
    assert (
        await store.record_assignment_answer(AssignmentAnswer(attempt.id, 0, "q2", 3, False, 5, T0)) == answer
    )
    await store.record_assignment_answer(AssignmentAnswer(attempt.id, 1, "q1", 0, False, 900, T0))
    assert [a.question_index for a in await store.attempt_answers(attempt.id)] == [0, 1]
    assert await store.finish_attempt(attempt.id, T0 + timedelta(minutes=2))
    assert not await store.finish_attempt(attempt.id, T0 + timedelta(minutes=3))
    finished = await store.attempt(attempt.id)
    assert finished is not None and finished.finished_at == T0 + timedelta(minutes=2)
    assert [(a.attempt_id, a.question_index) for a in await store.assignment_answers(made.id)] == [
        (attempt.id, 0),
        (attempt.id, 1),
    ]


async def test_an_answer_keeps_its_text_and_points_as_a_round_keeps_them(store: Store) -> None:
    made = await store.add_assignment(NEW)
    attempt = await store.start_attempt(made.id, 7, T0, 2)
    assert attempt is not None
    kept = [
        AssignmentAnswer(attempt.id, 0, "q2", None, False, 800, T0, "1,2", 50),  # a multi set, half right
        AssignmentAnswer(attempt.id, 1, "q1", None, True, 900, T0, "Harare", 100),  # typed words
        AssignmentAnswer(attempt.id, 2, "q3", 4, False, 700, T0, None, 0),  # a lettered choice
    ]
    for answer in kept:
        assert await store.record_assignment_answer(answer) is None
    assert await store.attempt_answers(attempt.id) == kept
    assert await store.assignment_answers(made.id) == kept
    assert (
        await store.record_assignment_answer(
            AssignmentAnswer(attempt.id, 1, "q1", None, False, 5, T0, "Bulawayo", 0)
        )
        == kept[1]
    )
