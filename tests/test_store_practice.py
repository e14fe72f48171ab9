"""Store: practice and memories, what a member missed, question reports, settings, uploaded decks and meta."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.quiz.practice import review
from bot.store import GuildDeckRecord, GuildSettings, Memory, ReportLine, Store
from tests.test_store_support import T0, answer, start


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


def memory(
    user: int, question: str, *, due_in: timedelta, deck: str = "deck", reviews: int = 1, lapses: int = 0
) -> Memory:
    return Memory(
        user_id=user,
        deck_id=deck,
        question_id=question,
        card='{"card_id": 1}',
        due=T0 + due_in,
        reviews=reviews,
        lapses=lapses,
        last_review=T0,
    )


# -- memories --------------------------------------------------------------------------------------------


async def test_memories_round_trip_through_the_real_scheduler(store: Store) -> None:
    first = review(None, True, T0, question_key="deck/q1")
    await store.save_memory(Memory.from_state(5, "deck", "q1", first))

    stored = (await store.memories(5, "deck"))["q1"]
    assert stored.as_state() == first

    later = T0 + timedelta(days=3)
    second = review(stored.as_state(), False, later)
    await store.record_practice(5, 1, "deck", "q1", False, later, Memory.from_state(5, "deck", "q1", second))

    again = (await store.memories(5, "deck"))["q1"]
    assert (again.reviews, again.lapses, again.last_review) == (2, 1, later)
    assert again.due == second.due
    assert again.due.tzinfo is first.due.tzinfo


async def test_due_and_next_due_by_deck(store: Store) -> None:
    await store.save_memory(memory(1, "a", due_in=timedelta(hours=-1)))
    await store.save_memory(memory(1, "b", due_in=timedelta(0)))
    await store.save_memory(memory(1, "c", due_in=timedelta(days=2)))
    await store.save_memory(memory(1, "x", due_in=timedelta(hours=-5), deck="other"))
    await store.save_memory(memory(2, "a", due_in=timedelta(hours=-9)))

    assert await store.due_count(1, T0) == 3
    assert await store.due_count(1, T0, "deck") == 2
    assert await store.due_count(1, T0 - timedelta(days=1)) == 0
    assert await store.next_due(1) == T0 - timedelta(hours=5)
    assert await store.next_due(1, "deck") == T0 - timedelta(hours=1)
    assert await store.next_due(3) is None
    assert set(await store.memories(1, "deck")) == {"a", "b", "c"}
    assert await store.memories(1, "nothing") == {}


async def test_saving_a_memory_again_replaces_it(store: Store) -> None:
    await store.save_memory(memory(1, "a", due_in=timedelta(hours=1)))
    await store.save_memory(memory(1, "a", due_in=timedelta(days=4), reviews=2))
    (only,) = (await store.memories(1, "deck")).values()
    assert (only.due, only.reviews) == (T0 + timedelta(days=4), 2)


async def test_practice_and_its_memory_are_one_transaction(store: Store) -> None:
    wrong_question = memory(1, "other-question", due_in=timedelta(days=1))
    with pytest.raises(ValueError, match="another member or question"):
        await store.record_practice(1, None, "deck", "q1", True, T0, wrong_question)
    stats = await store.member_stats(1, 1, T0)
    assert stats.practice_answered == 0
    assert await store.memories(1, "deck") == {}


# -- the round a member played last ---------------------------------------------------------------------


async def test_latest_round_played_is_the_round_of_the_members_latest_answer(store: Store) -> None:
    assert await store.latest_round_played(7) is None
    older = await start(store, deck="algebra")
    newer = await start(store, deck="biology", guild=2)
    await store.record_answer(answer(older, 0, 7, right=False, at=T0))
    await store.record_answer(answer(older, 2, 7, right=False, at=T0 + timedelta(seconds=60)))
    await store.record_answer(answer(older, 1, 7, right=True, at=T0 + timedelta(seconds=30)))
    await store.record_answer(answer(newer, 3, 7, right=False, at=T0 + timedelta(hours=1)))
    await store.record_answer(answer(newer, 4, 7, right=True, at=T0 + timedelta(hours=1, seconds=5)))

    latest = await store.latest_round_played(7)
    assert latest is not None and (latest.id, latest.deck_id) == (newer.id, "biology")
    in_guild_1 = await store.latest_round_played(7, guild_id=1)
    assert in_guild_1 is not None and (in_guild_1.id, in_guild_1.deck_id) == (older.id, "algebra")
    assert await store.latest_round_played(7, guild_id=3) is None
    assert await store.latest_round_played(8) is None


# -- question reports ------------------------------------------------------------------------------------


async def test_round_report_counts_every_question_in_round_order(store: Store) -> None:
    rnd = await start(store, questions=("q-a", "q-b", "q-c", "q-text"))
    other = await start(store)  # another round of the same deck: not in this round's report
    plays = [
        (0, 1, True, 0, None),
        (0, 2, False, 2, None),
        (0, 3, False, 2, None),
        (0, 4, False, 1, None),
        (1, 1, False, 3, None),
        (1, 2, False, 1, None),  # 1 and 3 tie: the lower choice index is reported
        (3, 1, False, None, "Mitochondrion"),
        (3, 2, False, None, "  mitochondrion "),
        (3, 3, False, None, "Ribosome"),
        (3, 4, True, None, "nucleus"),
    ]
    for n, (index, user, right, choice, text) in enumerate(plays):
        await store.record_answer(
            answer(rnd, index, user, right=right, choice=choice, text=text, at=T0 + timedelta(seconds=n))
        )
    await store.record_answer(answer(other, 2, 1, right=False, choice=3))

    report = await store.question_report(1, round_id=rnd.id)

    assert report == [
        ReportLine(0, "q-a", answered=4, right=1, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None),
        ReportLine(1, "q-b", answered=2, right=0, top_wrong_choice=1, top_wrong_count=1, top_wrong_text=None),
        ReportLine(
            2, "q-c", answered=0, right=0, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
        ReportLine(
            3,
            "q-text",
            answered=4,
            right=1,
            top_wrong_choice=None,
            top_wrong_count=2,
            top_wrong_text="Mitochondrion",
        ),
    ]
    assert await store.question_report(2, round_id=rnd.id) == []  # another server's round


async def test_deck_report_adds_up_every_round_of_the_deck_in_this_server(store: Store) -> None:
    first = await start(store, deck="bio", questions=("cell", "dna"))
    second = await start(store, deck="bio", questions=("dna", "cell"))
    elsewhere = await start(store, deck="bio", guild=2, questions=("cell", "dna"))
    other_deck = await start(store, deck="chem", questions=("cell", "dna"))
    await store.record_answer(answer(first, 0, 1, right=True))  # cell
    await store.record_answer(answer(first, 1, 1, right=False, choice=2))  # dna
    await store.record_answer(answer(second, 0, 2, right=False, choice=2))  # dna
    await store.record_answer(answer(second, 0, 3, right=False, choice=1))  # dna
    await store.record_answer(answer(second, 1, 2, right=True))  # cell
    await store.record_answer(answer(second, 1, 3, right=False, choice=3))  # cell
    await store.record_answer(answer(elsewhere, 0, 1, right=False, choice=3))
    await store.record_answer(answer(other_deck, 0, 1, right=False, choice=3))

    report = await store.question_report(1, deck_id="bio")

    # The least understood first: dna 0/3, then cell 2/3.
    assert report == [
        ReportLine(
            None, "dna", answered=3, right=0, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None
        ),
        ReportLine(
            None, "cell", answered=3, right=2, top_wrong_choice=3, top_wrong_count=1, top_wrong_text=None
        ),
    ]
    assert await store.question_report(1, deck_id="nothing") == []


async def test_a_report_is_of_a_round_or_of_a_deck(store: Store) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        await store.question_report(1)
    with pytest.raises(ValueError, match="exactly one"):
        await store.question_report(1, round_id=1, deck_id="deck")


# -- settings, decks, meta -------------------------------------------------------------------------------


async def test_guild_settings_default_then_saved(store: Store) -> None:
    assert await store.guild_settings(9) == GuildSettings(9)
    custom = GuildSettings(
        9, quiz_master_role_id=555, questions=20, seconds=45, mode="speed", pause_seconds=2
    )
    await store.save_guild_settings(custom)
    assert await store.guild_settings(9) == custom
    await store.save_guild_settings(GuildSettings(9, questions=5))
    assert await store.guild_settings(9) == GuildSettings(9, questions=5)
    assert await store.guild_settings(10) == GuildSettings(10)


async def test_member_language_is_remembered_and_forgotten(store: Store) -> None:
    assert await store.member_language(1) is None
    await store.set_member_language(1, "sn")
    await store.set_member_language(1, "en")
    assert await store.member_language(1) == "en"
    await store.set_member_language(1, None)
    assert await store.member_language(1) is None


async def test_uploaded_decks_per_server(store: Store) -> None:
    one = GuildDeckRecord(1, "bio", "bio.yaml", "id: bio\n", 77, T0)
    two = GuildDeckRecord(2, "bio", "bio.txt", "1. Q?\n", 78, T0 + timedelta(hours=1))
    chem = GuildDeckRecord(1, "chem", "chem.json", "{}", 77, T0)
    for record in (chem, one, two):
        await store.save_guild_deck(record)
    assert await store.guild_decks(1) == [one, chem]
    assert await store.guild_decks() == [one, chem, two]

    replaced = GuildDeckRecord(1, "bio", "bio-v2.yaml", "id: bio\ntitle: Two\n", 79, T0 + timedelta(days=1))
    await store.save_guild_deck(replaced)
    assert await store.guild_decks(1) == [replaced, chem]

    assert await store.delete_guild_deck(1, "bio") is True
    assert await store.delete_guild_deck(1, "bio") is False
    assert await store.guild_decks() == [chem, two]


async def test_meta_values(store: Store) -> None:
    assert await store.get_meta("tree_hash") is None
    await store.set_meta("tree_hash", "abc")
    await store.set_meta("tree_hash", "def")
    assert await store.get_meta("tree_hash") == "def"
