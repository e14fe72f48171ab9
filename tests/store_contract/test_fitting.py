"""Fitted fsrs parameters in the store (migration 0016), and the reviews they are fitted to, on every backend."""

from __future__ import annotations

from datetime import timedelta

from bot.store import (
    AssignmentAnswer,
    MemberParameters,
    NewAssignment,
    PastReview,
    PracticeAnswer,
    QotdAnswer,
    QotdDay,
    ReviewCount,
    ServerParameters,
    Store,
)
from tests.store_contract.builders import T0, answer, start

WEIGHTS = tuple(round(0.1 * n, 4) for n in range(1, 22))
OTHER = tuple(round(0.2 * n, 4) for n in range(1, 22))


async def test_reviews_are_round_and_practice_answers_counted_per_member_and_server(store: Store) -> None:
    here = await start(store, guild=1, deck="capitals")
    await store.record_answer(answer(here, 0, 7, at=T0))
    await store.record_answer(answer(here, 1, 7, right=False, at=T0 + timedelta(minutes=1)))
    await store.save_hints(here.id, 0, 8, 2)  # 8 pressed Hint twice before answering
    await store.record_answer(answer(here, 0, 8, at=T0 + timedelta(minutes=2)))
    there = await start(store, guild=2, deck="capitals")
    await store.record_answer(answer(there, 0, 7, right=False, at=T0 + timedelta(days=2)))
    await store.record_practice(PracticeAnswer(7, None, "capitals", "q0", True, T0 + timedelta(days=1)))
    await store.record_practice(PracticeAnswer(8, 1, "capitals", "q1", False, T0 + timedelta(days=3)))

    assert await store.review_counts() == [
        ReviewCount(7, None, 1),
        ReviewCount(7, 1, 2),
        ReviewCount(7, 2, 1),
        ReviewCount(8, 1, 2),
    ]
    assert await store.member_reviews(7, limit=10) == [
        PastReview(7, "capitals", "q0", True, T0),
        PastReview(7, "capitals", "q1", False, T0 + timedelta(minutes=1)),
        PastReview(7, "capitals", "q0", True, T0 + timedelta(days=1)),
        PastReview(7, "capitals", "q0", False, T0 + timedelta(days=2)),
    ]
    assert await store.server_reviews(1, limit=10) == [
        PastReview(7, "capitals", "q0", True, T0),
        PastReview(7, "capitals", "q1", False, T0 + timedelta(minutes=1)),
        PastReview(8, "capitals", "q0", True, T0 + timedelta(minutes=2), hinted=True),
        PastReview(8, "capitals", "q1", False, T0 + timedelta(days=3)),
    ]
    assert await store.member_reviews(9, limit=10) == []
    # The newest ones only, still oldest first: what a fit of a big server takes.
    assert await store.server_reviews(1, limit=2) == [
        PastReview(8, "capitals", "q0", True, T0 + timedelta(minutes=2), hinted=True),
        PastReview(8, "capitals", "q1", False, T0 + timedelta(days=3)),
    ]


async def test_a_servers_fit_is_kept_in_place_of_the_one_before(store: Store) -> None:
    assert await store.server_parameters(1) is None
    await store.save_server_parameters(ServerParameters(1, WEIGHTS, 450, T0))
    await store.save_server_parameters(ServerParameters(1, OTHER, 900, T0 + timedelta(days=7)))
    await store.save_server_parameters(ServerParameters(2, WEIGHTS, 400, T0))
    assert await store.server_parameters(1) == ServerParameters(1, OTHER, 900, T0 + timedelta(days=7))
    assert await store.server_parameters(2) == ServerParameters(2, WEIGHTS, 400, T0)


async def test_members_parameters_are_kept_replaced_and_forgotten_in_one_write(store: Store) -> None:
    own = MemberParameters(7, WEIGHTS, 512, T0)
    servers = MemberParameters(8, OTHER, 900, T0, guild_id=1)
    await store.keep_member_parameters([own, servers])
    assert await store.member_parameters([7, 8, 9]) == {7: own, 8: servers}
    # A week later: 7 is on the server's now, 8 fell back to the defaults.
    moved = MemberParameters(7, OTHER, 900, T0 + timedelta(days=7), guild_id=1)
    await store.keep_member_parameters([moved], forgotten=[8, 9])
    assert await store.member_parameters([7, 8]) == {7: moved}
    assert await store.member_parameters([]) == {}


async def test_question_of_the_day_and_assignment_answers_are_reviews_of_their_decks(store: Store) -> None:
    day = QotdDay(5, 20240501, 50, "rivers", "r3", 1, None, T0, T0 + timedelta(hours=23))
    assert await store.claim_qotd_day(day)
    await store.record_qotd_answer(QotdAnswer(5, 20240501, 7, 0, True, T0 + timedelta(hours=1)))
    made = await store.add_assignment(
        NewAssignment(5, 50, "capitals", ("q2", "q1"), 99, T0 + timedelta(days=2), 1, "refuse", 9, T0)
    )
    attempt = await store.start_attempt(made.id, 7, T0 + timedelta(days=1), 1)
    assert attempt is not None
    at = T0 + timedelta(days=1, minutes=1)
    await store.record_assignment_answer(AssignmentAnswer(attempt.id, 0, "q2", 1, False, 800, at))
    await store.record_assignment_answer(
        AssignmentAnswer(attempt.id, 1, "q1", 0, True, 900, at + timedelta(minutes=1))
    )

    assert await store.review_counts() == [ReviewCount(7, 5, 3)]
    expected = [
        PastReview(7, "rivers", "r3", True, T0 + timedelta(hours=1)),
        PastReview(7, "capitals", "q2", False, at),
        PastReview(7, "capitals", "q1", True, at + timedelta(minutes=1)),
    ]
    assert await store.member_reviews(7, limit=10) == expected
    assert await store.server_reviews(5, limit=10) == expected
    assert await store.server_reviews(6, limit=10) == []
