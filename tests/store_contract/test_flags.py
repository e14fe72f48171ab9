"""Store contract: flagged questions, one flag per member, question and server; moderators close them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import FlagRecord, Store
from tests.store_contract.builders import T0


def flag(
    user: int,
    question: str = "q1",
    *,
    reason: str = "wrong",
    guild: int = 1,
    note: str | None = None,
    at: int = 0,
) -> FlagRecord:
    return FlagRecord(guild, "bio", question, user, reason, note, "open", T0 + timedelta(minutes=at))


async def test_a_member_flagging_a_question_twice_counts_once(store: Store) -> None:
    assert await store.flag_question(flag(1, at=0)) is True
    assert await store.flag_question(flag(1, reason="typo", note="teh", at=1)) is False  # the same member
    assert await store.flag_question(flag(2, reason="unclear", at=2)) is True
    assert await store.flag_question(flag(2, "q2", at=3)) is True  # another question
    assert await store.flag_question(flag(3, guild=2, at=4)) is True  # another server
    assert await store.open_flags(1) == [
        FlagRecord(1, "bio", "q1", 1, "typo", "teh", "open", T0 + timedelta(minutes=1)),
        FlagRecord(1, "bio", "q1", 2, "unclear", None, "open", T0 + timedelta(minutes=2)),
        FlagRecord(1, "bio", "q2", 2, "wrong", None, "open", T0 + timedelta(minutes=3)),
    ]
    assert [f.user_id for f in await store.open_flags(2)] == [3]


async def test_moderators_dismiss_or_resolve_a_questions_flags(store: Store) -> None:
    for user in (1, 2):
        await store.flag_question(flag(user))
    await store.flag_question(flag(3, "q2"))
    await store.flag_question(flag(4, guild=2))
    assert await store.close_flags(1, "bio", "q1", "resolved", 77, T0) == 2
    assert await store.close_flags(1, "bio", "q1", "dismissed", 77, T0) == 0  # nothing open any more
    assert [(f.question_id, f.user_id) for f in await store.open_flags(1)] == [("q2", 3)]
    assert len(await store.open_flags(2)) == 1  # the other server's flag is its own
    # Flagged again after it was resolved: a new flag.
    assert await store.flag_question(flag(1, reason="other", at=9)) is True
    assert [(f.question_id, f.user_id, f.reason) for f in await store.open_flags(1)] == [
        ("q2", 3, "wrong"),
        ("q1", 1, "other"),
    ]


async def test_a_flags_reason_and_closing_are_checked(store: Store) -> None:
    with pytest.raises(ValueError, match="reason"):
        await store.flag_question(flag(1, reason="rude"))
    with pytest.raises(ValueError, match="dismissed or resolved"):
        await store.close_flags(1, "bio", "q1", "open", 77, T0)
