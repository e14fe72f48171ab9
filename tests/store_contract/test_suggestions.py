"""Store contract: suggested questions queue per server, oldest first, and are settled exactly once."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.store import Approval, DeckMoved, GuildDeckRecord, Store
from tests.store_contract.builders import T0
from tests.store_contract.conftest import Backend

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


BIO_V1 = GuildDeckRecord(1, "bio", "bio.yaml", "id: bio\nquestions: [one]\n", 77, T0)
BIO_V2 = GuildDeckRecord(
    1, "bio", "bio.yaml", "id: bio\nquestions: [one, two]\n", 77, T0 + timedelta(hours=1)
)
EDITED = '{"prompt": "Which one?", "choices": ["a", "b"], "answer": 1}'


async def test_approving_settles_the_suggestion_and_saves_its_deck_together(store: Store) -> None:
    await store.save_guild_deck(BIO_V1)
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    assert await store.approve_suggestion(Approval(queued.id, 7, T0 + timedelta(hours=1), EDITED, BIO_V2))
    settled = await store.suggestion(queued.id)
    assert settled is not None
    assert (settled.status, settled.reviewed_by, settled.question) == ("approved", 7, EDITED)
    assert await store.guild_decks(1) == [BIO_V2]


async def test_a_deck_the_database_refuses_leaves_the_suggestion_pending_and_the_deck_as_it_was(
    store: Store,
) -> None:
    await store.save_guild_deck(BIO_V1)
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    refused = replace(BIO_V2, text=None)  # NOT NULL: the deck's write fails after the approval's
    with pytest.raises(ValueError, match="bio"):
        await store.approve_suggestion(Approval(queued.id, 7, T0, EDITED, refused))
    assert await store.suggestion(queued.id) == queued
    assert await store.guild_decks(1) == [BIO_V1]
    # Nothing half done stands in the way of approving it properly afterwards.
    assert await store.approve_suggestion(Approval(queued.id, 7, T0, EDITED, BIO_V2))
    assert await store.guild_decks(1) == [BIO_V2]


async def test_an_approval_of_a_settled_suggestion_writes_nothing(store: Store) -> None:
    await store.save_guild_deck(BIO_V1)
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    assert await store.settle_suggestion(queued.id, "rejected", 8, T0)
    assert not await store.approve_suggestion(Approval(queued.id, 7, T0, EDITED, BIO_V2))
    assert not await store.approve_suggestion(Approval(999_999, 7, T0, EDITED, BIO_V2))
    settled = await store.suggestion(queued.id)
    assert settled is not None and (settled.status, settled.reviewed_by) == ("rejected", 8)
    assert await store.guild_decks(1) == [BIO_V1]


async def test_two_moderators_approving_at_once_save_the_deck_once(backend: Backend) -> None:
    # Two processes on one database: one approval wins, the other is told it was reviewed.
    first, second = await backend.open(), await backend.open()
    queued = await first.add_suggestion(1, "bio", 100, QUESTION, T0)
    other = replace(BIO_V2, uploaded_by=78)
    results = await asyncio.gather(
        first.approve_suggestion(Approval(queued.id, 7, T0, EDITED, BIO_V2)),
        second.approve_suggestion(Approval(queued.id, 8, T0, EDITED, other)),
    )
    assert sorted(results) == [False, True]
    winner = BIO_V2 if results[0] else other
    assert await first.guild_decks(1) == [winner]


async def test_an_approval_into_another_deck_is_refused(store: Store) -> None:
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    with pytest.raises(ValueError):
        await store.approve_suggestion(Approval(queued.id, 7, T0, EDITED, replace(BIO_V2, deck_id="chem")))
    with pytest.raises(ValueError):
        await store.approve_suggestion(Approval(queued.id, 7, T0, EDITED, replace(BIO_V2, guild_id=2)))
    assert await store.suggestion(queued.id) == queued
    assert await store.guild_decks() == []


BIO_OTHER = GuildDeckRecord(
    1, "bio", "bio.yaml", "id: bio\nquestions: [one, three]\n", 78, T0 + timedelta(minutes=30)
)


async def test_an_approval_over_the_deck_as_read_saves_it(store: Store) -> None:
    await store.save_guild_deck(BIO_V1)
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    assert await store.approve_suggestion_over(
        Approval(queued.id, 7, T0 + timedelta(hours=1), EDITED, BIO_V2), BIO_V1
    )
    settled = await store.suggestion(queued.id)
    assert settled is not None and (settled.status, settled.question) == ("approved", EDITED)
    assert await store.guild_decks(1) == [BIO_V2]


async def test_an_approval_over_a_deck_changed_since_it_was_read_writes_nothing(store: Store) -> None:
    await store.save_guild_deck(BIO_OTHER)  # saved by someone else after the approval read BIO_V1
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    with pytest.raises(DeckMoved):
        await store.approve_suggestion_over(Approval(queued.id, 7, T0, EDITED, BIO_V2), BIO_V1)
    assert await store.suggestion(queued.id) == queued
    assert await store.guild_decks(1) == [BIO_OTHER]
    renamed = replace(BIO_OTHER, source_name="biology.csv")  # the same text from another file
    await store.save_guild_deck(renamed)
    with pytest.raises(DeckMoved):
        await store.approve_suggestion_over(Approval(queued.id, 7, T0, EDITED, BIO_V2), BIO_OTHER)
    await store.delete_guild_deck(1, "bio")
    with pytest.raises(DeckMoved):  # deleted since it was read: not brought back
        await store.approve_suggestion_over(Approval(queued.id, 7, T0, EDITED, BIO_V2), renamed)
    assert await store.guild_decks(1) == []
    await store.save_guild_deck(renamed)
    # Read again, the approval goes through over the deck as it is now.
    assert await store.approve_suggestion_over(Approval(queued.id, 7, T0, EDITED, BIO_V2), renamed)
    assert await store.guild_decks(1) == [BIO_V2]


async def test_an_approval_over_keeps_the_approvals_other_rules(store: Store) -> None:
    await store.save_guild_deck(BIO_V1)
    queued = await store.add_suggestion(1, "bio", 100, QUESTION, T0)
    with pytest.raises(ValueError):  # read from another deck than the one saved
        await store.approve_suggestion_over(
            Approval(queued.id, 7, T0, EDITED, BIO_V2), replace(BIO_V1, deck_id="chem")
        )
    with pytest.raises(ValueError):  # into another deck than the suggestion's
        await store.approve_suggestion_over(
            Approval(queued.id, 7, T0, EDITED, replace(BIO_V2, deck_id="chem")),
            replace(BIO_V1, deck_id="chem"),
        )
    assert await store.settle_suggestion(queued.id, "rejected", 8, T0)
    assert not await store.approve_suggestion_over(Approval(queued.id, 7, T0, EDITED, BIO_V2), BIO_V1)
    assert await store.guild_decks(1) == [BIO_V1]


async def test_two_approvals_over_one_deck_from_two_processes_save_one_and_tell_the_other(
    backend: Backend,
) -> None:
    # Both read BIO_V1 and add their own question: one saves, the other is told the deck moved.
    first, second = await backend.open(), await backend.open()
    await first.save_guild_deck(BIO_V1)
    one = await first.add_suggestion(1, "bio", 100, QUESTION, T0)
    two = await first.add_suggestion(1, "bio", 101, QUESTION, T0)
    theirs = replace(BIO_OTHER, uploaded_by=8)
    results = await asyncio.gather(
        first.approve_suggestion_over(Approval(one.id, 7, T0, EDITED, BIO_V2), BIO_V1),
        second.approve_suggestion_over(Approval(two.id, 8, T0, EDITED, theirs), BIO_V1),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["DeckMoved", "bool"]
    saved, winner = (BIO_V2, one) if results[0] is True else (theirs, two)
    assert await first.guild_decks(1) == [saved]
    assert [s.id for s in await first.pending_suggestions(1)] == [({one.id, two.id} - {winner.id}).pop()]


async def test_a_deck_saved_over_the_one_read_is_kept_only_while_it_is_still_that_one(store: Store) -> None:
    await store.save_guild_deck(BIO_V1)
    assert await store.save_guild_deck_over(BIO_V2, BIO_V1)
    assert await store.guild_decks(1) == [BIO_V2]
    # Read as V1 again by a slower editor: V2 stands, and nothing is written.
    assert not await store.save_guild_deck_over(BIO_OTHER, BIO_V1)
    assert await store.guild_decks(1) == [BIO_V2]
    await store.delete_guild_deck(1, "bio")
    assert not await store.save_guild_deck_over(BIO_OTHER, BIO_V2)  # deleted since: not brought back
    assert await store.guild_decks(1) == []
    with pytest.raises(ValueError):  # another deck's record is no deck to save over
        await store.save_guild_deck_over(BIO_V2, replace(BIO_V1, deck_id="chem"))
