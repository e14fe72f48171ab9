"""Store contract: what the dashboard's calendar pages read: posted days with their counts, filtered and in
pages; a page of a server's assignments with their members' tallies; the answers of a span of days; no
other server's."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from bot.store import AssignmentAnswer, DayFilter, NewAssignment, QotdAnswer, QotdDay, Store
from tests.store_contract.builders import T0


def _day(number: int, deck: str) -> QotdDay:
    return QotdDay(3, number, 30, deck, f"q{number % 100}", 1, None, T0, T0 + timedelta(hours=12))


async def test_posted_days_are_counted_filtered_and_paged(store: Store) -> None:
    for number, deck in ((20261129, "a"), (20261130, "b"), (20261201, "a"), (20261202, "a")):
        await store.claim_qotd_day(_day(number, deck))
        if number != 20261202:  # claimed, never posted
            await store.set_qotd_message(3, number, number)
    await store.claim_qotd_day(replace(_day(20261201, "a"), guild_id=4))  # another server's
    await store.set_qotd_message(4, 20261201, 1)
    for user, right in ((1, True), (2, False), (3, True)):
        await store.record_qotd_answer(QotdAnswer(3, 20261201, user, 0, right, T0, None, 100 * right))
    found = await store.posted_days(3, DayFilter())
    assert [(d.day.day, d.answered, d.right) for d in found] == [
        (20261201, 3, 2),
        (20261130, 0, 0),
        (20261129, 0, 0),
    ]
    assert found[0].day.deck_id == "a" and found[0].day.message_id == 20261201
    only_a = await store.posted_days(3, DayFilter(deck_id="a"))
    assert [d.day.day for d in only_a] == [20261201, 20261129]
    span = DayFilter(first=date(2026, 11, 30), last=date(2026, 11, 30))
    assert [d.day.day for d in await store.posted_days(3, span)] == [20261130]
    assert [d.day.day for d in await store.posted_days(3, DayFilter(), before=20261201, limit=1)] == [
        20261130
    ]
    assert await store.posted_day(3, 20261202) is None  # never posted
    assert await store.posted_day(5, 20261201) is None
    assert (await store.posted_day(3, 20261130)).question_id == "q30"  # type: ignore[union-attr]


async def test_a_page_of_assignments_with_their_attempts_and_answers(store: Store) -> None:
    new = NewAssignment(3, 30, "deck", ("q1", "q2"), 9, T0 + timedelta(days=1), 2, "allow", 9, T0)
    first, other, second, third = [
        await store.add_assignment(replace(new, guild_id=guild)) for guild in (3, 4, 3, 3)
    ]
    assert [a.id for a in await store.assignments_page(3)] == [third.id, second.id, first.id]
    assert [a.id for a in await store.assignments_page(3, before=third.id, limit=1)] == [second.id]
    mine = await store.start_attempt(first.id, 7, T0, 2)
    again = await store.start_attempt(first.id, 7, T0 + timedelta(minutes=5), 2)
    theirs = await store.start_attempt(other.id, 7, T0, 2)
    later = await store.start_attempt(third.id, 8, T0, 2)
    assert mine is not None and again is not None and theirs is not None and later is not None
    given = [(mine, 0, True, 100), (mine, 1, True, None), (theirs, 0, True, 100), (later, 0, False, 0)]
    for n, (attempt, index, right, points) in enumerate(given):
        at = T0 + timedelta(minutes=n)
        await store.record_assignment_answer(
            AssignmentAnswer(attempt.id, index, f"q{index + 1}", 0, right, 1500, at, None, points)
        )
    await store.finish_attempt(mine.id, T0 + timedelta(minutes=3))
    # A page of 2 of this server's assignments holds none of another server's attempts; an answer kept
    # without points counts 100 when right; member 7's best attempt made in time is the finished one with
    # 2 right (the other has no answer); nobody started `second`, so it has no tally.
    tallies = await store.span_tallies(3, first.id, second.id)
    assert [(t.assignment_id, t.started, t.finished, t.best_points) for t in tallies] == [
        (first.id, frozenset({7}), frozenset({7}), (200,))
    ]
    # Member 8's only attempt was last answered after the due time: started, unfinished, none in time.
    await store.record_assignment_answer(
        AssignmentAnswer(later.id, 1, "q2", 0, True, 1500, T0 + timedelta(days=2), None, 100)
    )
    assert [
        (t.started, t.finished, t.best_points) for t in await store.span_tallies(3, third.id, third.id)
    ] == [(frozenset({8}), frozenset(), ())]


async def test_the_best_attempt_in_time_is_the_most_right_then_finished_then_earliest(store: Store) -> None:
    new = NewAssignment(3, 30, "deck", ("q1", "q2"), 9, T0 + timedelta(days=1), 3, "allow", 9, T0)
    record = await store.add_assignment(new)
    for n, (right, finished) in enumerate(((1, True), (2, False), (2, True), (2, True))):
        attempt = await store.start_attempt(record.id, 7, T0 + timedelta(hours=n), 4)
        assert attempt is not None
        for index in range(2):
            await store.record_assignment_answer(
                AssignmentAnswer(attempt.id, index, "q", 0, index < right, 1, T0, None, 10 * (n + 1))
            )
        if finished:
            await store.finish_attempt(attempt.id, T0 + timedelta(hours=n, minutes=5))
    # Attempts 2 and 3 both have 2 right and finished: the earlier started (2: 2 answers of 30) is the best.
    (tally,) = await store.span_tallies(3, record.id, record.id)
    assert tally.best_points == (60,) and tally.finished == frozenset({7})


async def test_the_answers_of_a_span_of_days(store: Store) -> None:
    for number, user in ((20261129, 1), (20261130, 2), (20261130, 1), (20261201, 3)):
        await store.record_qotd_answer(QotdAnswer(3, number, user, 0, True, T0 + timedelta(minutes=user)))
    await store.record_qotd_answer(QotdAnswer(4, 20261130, 9, 0, True, T0))  # another server's
    found = await store.qotd_span_answers(3, 20261130, 20261201)
    assert [(a.day, a.user_id) for a in found] == [(20261130, 1), (20261130, 2), (20261201, 3)]
