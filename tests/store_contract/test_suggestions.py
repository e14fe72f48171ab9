"""Store contract: suggested questions queue per server, oldest first, and are settled exactly once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store import Store
from tests.store_contract.builders import T0

QUESTION = '{"prompt": "Which?", "choices": ["a", "b"], "answer": 0}'


async def test_suggestions_queue_per_server_oldest_first(store: Store) -> None:
    first = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    second = await store.add_suggestion(1, "bio", 101, QUESTION, T0 + timedelta(seconds=1))
    await store.add_suggestion(2, "chem", 100, QUESTION, T0)
    assert second.id > first.id
    assert [(s.id, s.author_id, s.status) for s in await store.pending_suggestions(1)] == [
        (first.id, 100, "pending"),
        (second.id, 101, "pending"),
    ]
    assert [s.id for s in await store.pending_suggestions(1, author_id=101)] == [second.id]
    assert [s.deck_id for s in await store.pending_suggestions(2)] == ["chem"]
    assert await store.suggestion(first.id) == first
    assert first.created_at == T0
    assert await store.suggestion(999_999) is None


async def test_a_suggestion_is_settled_once_with_the_reviewers_edit(store: Store) -> None:
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    edited = '{"prompt": "Which one?", "choices": ["a", "b"], "answer": 1}'
    assert await store.settle_suggestion(queued.id, "approved", 7, T0, edited)
    assert not await store.settle_suggestion(queued.id, "rejected", 8, T0)
    settled = await store.suggestion(queued.id)
    assert settled is not None
    assert (settled.status, settled.reviewed_by, settled.question) == ("approved", 7, edited)
    assert await store.pending_suggestions(1) == []


async def test_two_moderators_answering_at_once_settle_it_once(store: Store) -> None:
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    results = await asyncio.gather(
        store.settle_suggestion(queued.id, "approved", 7, T0),
        store.settle_suggestion(queued.id, "rejected", 8, T0),
    )
    assert sorted(results) == [False, True]


async def test_a_status_other_than_approved_or_rejected_is_refused(store: Store) -> None:
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    with pytest.raises(ValueError):
        await store.settle_suggestion(queued.id, "pending", 7, T0)
