"""Store contract: the question of the day, each day claimed and revealed once, answers kept once, its board."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.store import QotdAnswer, QotdDay, QotdSettings, Store
from tests.store_contract.builders import T0
from tests.store_contract.conftest import Backend


def day(n: int, question: str = "q1", guild: int = 5) -> QotdDay:
    return QotdDay(
        guild_id=guild,
        day=20240500 + n,
        channel_id=50,
        deck_id="deck",
        question_id=question,
        seed=n,
        message_id=None,
        posted_at=T0 + timedelta(days=n),
        closes_at=T0 + timedelta(days=n, hours=23),
    )


async def test_settings_are_due_and_move_on_once(store: Store) -> None:
    assert await store.qotd_settings(5) is None
    chosen = QotdSettings(5, 50, "deck", "08:00", 9, T0)
    await store.save_qotd_settings(chosen)
    await store.save_qotd_settings(QotdSettings(6, 60, "deck", "09:00", 9, T0 + timedelta(hours=1)))
    assert await store.qotd_settings(5) == chosen
    assert [s.guild_id for s in await store.due_qotds(T0)] == [5]
    assert await store.move_qotd(5, T0, T0 + timedelta(days=1))
    assert not await store.move_qotd(5, T0, T0 + timedelta(days=1))
    assert [s.guild_id for s in await store.due_qotds(T0 + timedelta(hours=2))] == [6]
    await store.save_qotd_settings(QotdSettings(6, 60, "deck", "09:00", 9, None, enabled=False))
    assert await store.due_qotds(T0 + timedelta(days=3)) == [
        QotdSettings(5, 50, "deck", "08:00", 9, T0 + timedelta(days=1))
    ]


async def test_a_day_is_claimed_once_by_two_stores(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    claims = await asyncio.gather(*(s.claim_qotd_day(day(1)) for s in (first, second, first, second)))
    assert sorted(claims) == [False, False, False, True]
    await first.set_qotd_message(5, 20240501, 777)
    kept = await second.qotd_day(5, 20240501)
    assert kept is not None and kept.message_id == 777 and kept.question_id == "q1"
    assert await first.qotd_days_to_reveal(T0 + timedelta(days=1, hours=22)) == []
    assert [d.day for d in await first.qotd_days_to_reveal(T0 + timedelta(days=1, hours=23))] == [20240501]
    reveals = await asyncio.gather(
        first.reveal_qotd_day(5, 20240501, T0), second.reveal_qotd_day(5, 20240501, T0)
    )
    assert sorted(reveals) == [False, True]
    assert await first.qotd_days_to_reveal(T0 + timedelta(days=9)) == []


async def test_history_answers_streak_days_and_board(store: Store) -> None:
    for n, question in ((1, "q3"), (2, "q1"), (3, "q2"), (4, "q4")):
        assert await store.claim_qotd_day(day(n, question))
        if n != 4:  # the 4th's post was refused: not a posted day, its question not asked
            await store.set_qotd_message(5, 20240500 + n, 700 + n)
    await store.claim_qotd_day(day(1, "q9", guild=6))
    await store.set_qotd_message(6, 20240501, 799)
    assert await store.qotd_history(5, "deck") == ["q3", "q1", "q2"]
    assert await store.qotd_posted_days(5) == [20240501, 20240502, 20240503]
    latest = await store.latest_qotd_day(5)
    assert latest is not None and latest.day == 20240504
    at = T0 + timedelta(days=1, hours=1)
    alice, bongani, chipo = 11, 12, 13
    assert await store.record_qotd_answer(QotdAnswer(5, 20240501, alice, 0, True, at)) is None
    again = await store.record_qotd_answer(QotdAnswer(5, 20240501, alice, 2, False, at))
    assert again == QotdAnswer(5, 20240501, alice, 0, True, at)
    for n, user, right in ((2, alice, True), (1, bongani, True), (2, bongani, True), (3, alice, False)):
        await store.record_qotd_answer(QotdAnswer(5, 20240500 + n, user, 1, right, at))
    await store.record_qotd_answer(QotdAnswer(5, 20240501, chipo, 1, False, at))
    assert await store.member_qotd_days(5, alice) == [20240501, 20240502, 20240503]
    assert [a.user_id for a in await store.qotd_answers(5, 20240501)] == [alice, bongani, chipo]
    lines, total = await store.qotd_board(5)
    # alice: 2 right of 3, bongani: 2 of 2 (fewer tries first on equal right answers), chipo 0 of 1.
    assert total == 3
    assert [(line.rank, line.user_id, line.right, line.answered) for line in lines] == [
        (1, bongani, 2, 2),
        (1, alice, 2, 3),
        (3, chipo, 0, 1),
    ]
    second_page, _ = await store.qotd_board(5, offset=2, limit=10)
    assert [line.user_id for line in second_page] == [chipo]
    assert (await store.qotd_board(6)) == ((), 0)


async def test_a_refused_post_is_kept_with_its_next_try_taken_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    assert await first.claim_qotd_day(day(1))
    soon = T0 + timedelta(days=1, minutes=1)
    await first.qotd_post_failed(5, 20240501, "discord_down", soon)
    assert await second.qotd_post_problem(5, 20240501) == "discord_down"
    assert await first.qotd_days_to_retry(soon - timedelta(seconds=1)) == []
    due = await second.qotd_days_to_retry(soon)
    assert [(d.day, d.question_id, at) for d, at in due] == [(20240501, "q1", soon)]
    takes = await asyncio.gather(*(s.claim_qotd_retry(5, 20240501, soon) for s in (first, second, first)))
    assert sorted(takes) == [False, False, True]
    assert await first.qotd_days_to_retry(soon + timedelta(days=1)) == []
    await first.qotd_post_failed(5, 20240501, "channel_gone", None)  # no next try
    assert await first.qotd_days_to_retry(soon + timedelta(days=1)) == []
    assert await first.qotd_posted_days(5) == []
    await second.set_qotd_message(5, 20240501, 900)
    assert await first.qotd_post_problem(5, 20240501) is None
    assert await first.qotd_posted_days(5) == [20240501]


async def test_an_answer_keeps_its_text_and_points_as_a_round_keeps_them(store: Store) -> None:
    assert await store.claim_qotd_day(day(1))
    at = T0 + timedelta(days=1, hours=1)
    kept = [
        QotdAnswer(5, 20240501, 11, 2, True, at, None, 100),  # a lettered choice
        QotdAnswer(5, 20240501, 12, None, False, at, "0,3", 50),  # a multi set, half right
        QotdAnswer(5, 20240501, 13, None, False, at, '["Harare", "Nile"]', 50),  # a cloze's blanks
        QotdAnswer(5, 20240501, 14, None, True, at, "9,81", 100),  # a number as typed
    ]
    for answer in kept:
        assert await store.record_qotd_answer(answer) is None
    assert await store.qotd_answers(5, 20240501) == kept
    # The first answer stands, text and points with it.
    again = QotdAnswer(5, 20240501, 12, None, True, at, "0,1", 100)
    assert await store.record_qotd_answer(again) == kept[1]
