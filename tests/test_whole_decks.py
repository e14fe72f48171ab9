"""Whole decks made, renamed, copied and deleted (bot/decks/whole_decks.py) on a real SQLite store, no web:
each change kept through the one save path and seen by another process, and each refusal's sentence."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bank.bank import Bank
from bot.bank.editing import replace_question
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.bank.versions import version_of
from bot.decks.quota import ServerDecksFull
from bot.decks.server_decks import DeckRefused, ServerDecks
from bot.decks.whole_decks import WholeDecks
from bot.locales import speaking
from bot.store import Answer, EarnedAchievement, GuildDeckRecord, NewRound, Store, open_store

GUILD, OTHER, MODERATOR, ALICE = 7, 8, 100, 201
AT = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
BIO = """id: bio
title: Biology
questions:
- id: cell
  prompt: What is the unit of life?
  choices: [Cell, Atom]
  answer: 0
- id: dna
  type: text
  prompt: What carries genes?
  answers: [DNA]
  image: https://example.org/dna.png
"""
BUILT_IN = load_deck_text(BIO.replace("id: bio", "id: starter").replace("Biology", "Starter"), "starter.yaml")


class Told:
    def __init__(self) -> None:
        self.changes: list[tuple[int, str, str, int]] = []

    def __call__(self, guild_id: int, deck_id: str, change: str, questions: int) -> None:
        self.changes.append((guild_id, deck_id, change, questions))


@pytest.fixture
async def stores(sqlite_migrated_path: Path) -> AsyncIterator[tuple[Store, Store]]:
    """This process's store and another's (a bot beside the dashboard) on one SQLite file."""
    url = str(sqlite_migrated_path)
    async with await open_store(url) as ours, await open_store(url) as theirs:
        yield ours, theirs


async def service(store: Store, told: Told | None = None) -> WholeDecks:
    decks = ServerDecks(store, Bank([BUILT_IN]), lambda: AT, on_change=told)
    await decks.versions.load_every()
    return WholeDecks(decks)


async def with_bio(store: Store, told: Told | None = None) -> WholeDecks:
    await store.save_guild_deck(GuildDeckRecord(GUILD, "bio", "bio.yaml", BIO, MODERATOR, AT))
    await store.bump_deck_version(GUILD)
    return await service(store, told)


async def refused(call: Awaitable[object]) -> str:
    """The sentence a change is refused with (nothing else is ever said to the moderator)."""
    with pytest.raises((DeckRefused, ServerDecksFull)) as caught:
        await call
    return caught.value.sentence


def deck_in(whole: WholeDecks, deck_id: str, guild_id: int = GUILD) -> Deck | None:
    return whole.decks.bank.get(deck_id, guild_id)


async def test_a_new_deck_holds_one_question_to_edit_in_its_makers_language(
    stores: tuple[Store, Store],
) -> None:
    ours, theirs = stores
    told = Told()
    whole, elsewhere = await service(ours, told), await service(theirs)
    with speaking("fr"):
        saved = await whole.create(GUILD, " chimie ", " Chimie ", by=MODERATOR)
    deck = saved.deck
    assert (deck.id, deck.title, deck.language, deck.guild_id) == ("chimie", "Chimie", "fr", GUILD)
    (first,) = deck.questions
    assert first.id == "q-1"
    assert first.prompt == "Écris ici la première question du paquet."
    assert first.choices == ("La bonne réponse", "Une mauvaise réponse")
    assert first.answers == frozenset({0})
    assert told.changes == [(GUILD, "chimie", "created", 1)]
    # Kept in the store (by the moderator) and seen by the other process, which loads it the same.
    (record,) = await ours.guild_decks(GUILD)
    assert (record.deck_id, record.source_name, record.uploaded_by) == ("chimie", "chimie.yaml", MODERATOR)
    assert (await elsewhere.decks.fresh(GUILD)).get("chimie", GUILD) == deck
    assert (await elsewhere.decks.fresh(OTHER)).get("chimie", OTHER) is None


async def test_a_new_deck_is_refused_in_one_sentence(stores: tuple[Store, Store]) -> None:
    ours, _theirs = stores
    whole = await with_bio(ours)
    version = await ours.deck_version(GUILD)
    bad_id = "A deck id is 1 to 40 letters, digits, `-` or `_`, with no spaces (such as `biology-1`)."
    for deck_id in ("", "two words", "bio+chem", "x" * 41, "é"):
        assert await refused(whole.create(GUILD, deck_id, "Chemistry", by=MODERATOR)) == bad_id
    assert await refused(whole.create(GUILD, "bio", "Again", by=MODERATOR)) == (
        "This server already has a deck `bio`; choose another id."
    )
    assert await refused(whole.create(GUILD, "BIO", "Again", by=MODERATOR)) == (
        "This server already has a deck `bio`; choose another id."
    )
    assert await refused(whole.create(GUILD, "starter", "Mine", by=MODERATOR)) == (
        "`starter` is the id of a built-in deck; choose another id."
    )
    for title in ("", "   ", "t" * 101):
        assert await refused(whole.create(GUILD, "chem", title, by=MODERATOR)) == (
            "Give the deck a name of 1 to 100 characters."
        )
    assert [r.deck_id for r in await ours.guild_decks(GUILD)] == ["bio"]
    assert await ours.deck_version(GUILD) == version


async def test_an_id_taken_meanwhile_by_another_process_is_refused_at_the_save(
    stores: tuple[Store, Store],
) -> None:
    ours, theirs = stores
    whole, elsewhere = await service(ours), await service(theirs)
    await elsewhere.create(GUILD, "chem", "Their chemistry", by=ALICE)
    # This process checked the id before the other one took it: the save itself refuses.
    mine = load_deck_text(BIO.replace("id: bio", "id: chem"), "chem.yaml", guild_id=GUILD)
    assert await refused(whole.decks.save_edit(GUILD, mine, by=MODERATOR, new=True)) == (
        "This server already has a deck `chem`; choose another id."
    )
    (record,) = await ours.guild_decks(GUILD)
    assert (record.uploaded_by, load_deck_text(record.text, "chem.yaml").title) == (ALICE, "Their chemistry")


async def test_the_quota_counts_new_decks_and_copies(stores: tuple[Store, Store]) -> None:
    ours, _theirs = stores
    whole = await with_bio(ours)
    for n in range(49):
        await whole.create(GUILD, f"d{n}", f"Deck {n}", by=MODERATOR)
    full = (
        "This server has 50 decks, the most it may keep; delete one "
        "first (/deck delete in Discord, or Delete on the deck's page of the dashboard)."
    )
    assert await refused(whole.create(GUILD, "one-more", "One more", by=MODERATOR)) == full
    assert await refused(whole.duplicate(GUILD, "bio", "bio-2", by=MODERATOR)) == full
    assert len(await ours.guild_decks(GUILD)) == 50
    # A rename is no new deck: still allowed when the server is full.
    await whole.rename(GUILD, "bio", "Biology I", by=MODERATOR)
    await whole.delete(GUILD, "d0")
    await whole.duplicate(GUILD, "bio", "bio-2", by=MODERATOR)
    assert len(await ours.guild_decks(GUILD)) == 50


async def test_a_copy_too_large_for_the_servers_questions_is_refused(stores: tuple[Store, Store]) -> None:
    ours, _theirs = stores
    many = "id: many\ntitle: Many\nquestions:\n" + "".join(
        f"- id: q{n}\n  prompt: Question {n}?\n  choices: [Yes, No]\n  answer: 0\n" for n in range(5000)
    )
    for deck_id in ("a", "b", "c", "d"):
        text = many.replace("id: many", f"id: {deck_id}")
        await ours.save_guild_deck(GuildDeckRecord(GUILD, deck_id, f"{deck_id}.yaml", text, MODERATOR, AT))
    await ours.bump_deck_version(GUILD)
    whole = await service(ours)
    assert await refused(whole.duplicate(GUILD, "starter", "mine", by=MODERATOR)) == (
        "With this deck the server's decks would hold 20002 questions; at most 20000 are kept per server. "
        "Delete a deck first."
    )


async def test_a_rename_changes_the_title_only_and_keeps_the_versions(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    told = Told()
    whole, elsewhere = await with_bio(ours, told), await service(theirs)
    before = deck_in(whole, "bio")
    assert before is not None
    saved = await whole.rename(GUILD, "bio", "  Cells and genes ", by=MODERATOR)
    assert (saved.deck.id, saved.deck.title) == ("bio", "Cells and genes")
    assert [q.id for q in saved.deck.questions] == ["cell", "dna"]
    # The questions' versions (what past rounds asked is kept under them) are the same versions.
    assert [version_of(q) for q in saved.deck.questions] == [version_of(q) for q in before.questions]
    assert saved.deck.question("dna").image == "https://example.org/dna.png"  # type: ignore[union-attr]
    assert told.changes == [(GUILD, "bio", "renamed", 2)]
    renamed = (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD)
    assert renamed is not None and renamed.title == "Cells and genes"


async def test_a_question_saved_elsewhere_during_a_rename_is_kept_under_the_new_title(
    stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    ours, theirs = stores
    whole, elsewhere = await with_bio(ours), await service(theirs)
    save_over = ours.save_guild_deck_over
    saves: list[bool] = []

    async def another_process_saves_first(record: GuildDeckRecord, was: GuildDeckRecord) -> bool:
        if not saves:  # between the rename's read and its save, the dashboard's process edits a question
            bio = (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD)
            assert bio is not None
            cell = dataclasses.replace(bio.questions[0], prompt="What is the smallest unit of life?")
            await elsewhere.decks.save_edit(GUILD, replace_question(bio, "cell", cell), by=ALICE)
        saves.append(await save_over(record, was))
        return saves[-1]

    monkeypatch.setattr(ours, "save_guild_deck_over", another_process_saves_first)
    saved = await whole.rename(GUILD, "bio", "Cells", by=MODERATOR)
    assert saves == [False, True]  # the first save found the deck changed, the second renamed that one
    for deck in (saved.deck, (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD)):
        assert deck is not None and deck.title == "Cells"
        assert deck.questions[0].prompt == "What is the smallest unit of life?"


async def test_a_rename_that_keeps_finding_the_deck_changed_is_said_in_one_sentence(
    stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    ours, theirs = stores
    whole, elsewhere = await with_bio(ours), await service(theirs)
    save_over = ours.save_guild_deck_over

    tries: list[bool] = []

    async def another_process_saves_first(record: GuildDeckRecord, was: GuildDeckRecord) -> bool:
        bio = (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD)
        assert bio is not None  # each try finds a question edited by the dashboard's process meanwhile
        cell = dataclasses.replace(bio.questions[0], prompt=f"What is the unit of life? ({len(tries)})")
        await elsewhere.decks.save_edit(GUILD, replace_question(bio, "cell", cell), by=ALICE)
        tries.append(await save_over(record, was))
        return tries[-1]

    monkeypatch.setattr(ours, "save_guild_deck_over", another_process_saves_first)
    assert await refused(whole.rename(GUILD, "bio", "Cells", by=MODERATOR)) == (
        "The deck `bio` kept changing while it was renamed; rename it again."
    )
    assert tries == [False, False, False]
    kept = (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD)
    assert kept is not None and (kept.title, kept.questions[0].prompt) == (
        "Biology",
        "What is the unit of life? (2)",
    )


async def test_a_rename_is_refused_in_one_sentence(stores: tuple[Store, Store]) -> None:
    ours, _theirs = stores
    whole = await with_bio(ours)
    assert await refused(whole.rename(GUILD, "bio", " ", by=MODERATOR)) == (
        "Give the deck a name of 1 to 100 characters."
    )
    assert await refused(whole.rename(GUILD, "starter", "Mine", by=MODERATOR)) == (
        "`starter` is a built-in deck; only this server's own decks can be renamed."
    )
    assert await refused(whole.rename(GUILD, "gone", "Mine", by=MODERATOR)) == (
        "This server has no deck `gone`."
    )
    assert await refused(whole.rename(OTHER, "bio", "Theirs", by=MODERATOR)) == (
        "This server has no deck `bio`."
    )
    kept = deck_in(whole, "bio")
    assert kept is not None and kept.title == "Biology"


async def test_a_copy_has_the_same_questions_under_its_own_id(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    told = Told()
    whole, elsewhere = await with_bio(ours, told), await service(theirs)
    saved = await whole.duplicate(GUILD, "bio", "bio-2", title="Biology, again", by=MODERATOR)
    original = deck_in(whole, "bio")
    assert original is not None and original.title == "Biology"
    copy = saved.deck
    assert (copy.id, copy.title, copy.guild_id, copy.source) == (
        "bio-2",
        "Biology, again",
        GUILD,
        "bio-2.yaml",
    )
    assert [(q.id, q.prompt, q.answers, q.accepted, q.image) for q in copy.questions] == [
        ("cell", "What is the unit of life?", frozenset({0}), (), None),
        ("dna", "What carries genes?", frozenset(), ("DNA",), "https://example.org/dna.png"),
    ]
    assert told.changes == [(GUILD, "bio-2", "copied", 2)]
    assert (await elsewhere.decks.fresh(GUILD)).get("bio-2", GUILD) == copy
    # A built-in deck is copied as the server's own deck, its title kept when none is given.
    mine = await whole.duplicate(GUILD, "starter", "my-starter", title="  ", by=MODERATOR)
    assert (mine.deck.title, mine.deck.guild_id, len(mine.deck.questions)) == ("Starter", GUILD, 2)
    assert await refused(whole.duplicate(GUILD, "bio", "bio-2", by=MODERATOR)) == (
        "This server already has a deck `bio-2`; choose another id."
    )
    # A built-in deck's pictures from files cannot go into a server's deck: refused, not copied without.
    drawn = dataclasses.replace(
        BUILT_IN,
        id="charts",
        questions=(
            dataclasses.replace(BUILT_IN.questions[0], image="/srv/bvunzo/questions/images/bars.png"),
        ),
    )
    pictures = await service(ours)
    pictures.decks.bank.add(drawn)
    assert await refused(pictures.duplicate(GUILD, "charts", "my-charts", by=MODERATOR)) == (
        "`charts` shows pictures from files beside it, which a server's own deck cannot keep, so it cannot "
        "be copied."
    )
    assert await refused(whole.duplicate(GUILD, "nothing", "x", by=MODERATOR)) == (
        "This server has no deck `nothing`."
    )


async def test_a_deleted_deck_leaves_the_bank_and_its_rounds_points_and_badges_stay(
    stores: tuple[Store, Store],
) -> None:
    ours, theirs = stores
    told = Told()
    whole, elsewhere = await with_bio(ours, told), await service(theirs)
    played = await ours.start_round(NewRound(GUILD, 1, "bio", MODERATOR, ("cell",), 20, "standard", 7, AT))
    answer = Answer(GUILD, played.id, 0, "cell", "bio", ALICE, 0, None, True, 900, 100, AT)
    await ours.import_answers([answer])
    await ours.finish_round(played.id, "finished", AT)
    badge = EarnedAchievement(GUILD, ALICE, "first-round", AT, played.id)
    await ours.keep_achievements([badge])

    gone = await whole.delete(GUILD, "bio")
    assert (gone.id, len(gone.questions)) == ("bio", 2)
    assert deck_in(whole, "bio") is None
    assert (await elsewhere.decks.fresh(GUILD)).get("bio", GUILD) is None
    assert await ours.guild_decks(GUILD) == []
    assert told.changes == [(GUILD, "bio", "deleted", 2)]
    # What was played with it stays.
    kept = await ours.get_round(played.id)
    assert kept is not None and (kept.deck_id, kept.status) == ("bio", "finished")
    assert await ours.round_answers(played.id) == [answer]
    board = await ours.leaderboard(GUILD, "all", AT, deck_id="bio")
    assert [(line.user_id, line.points) for line in board.lines] == [(ALICE, 100)]
    assert await ours.member_achievements(GUILD, ALICE) == [badge]
    assert await refused(whole.delete(GUILD, "bio")) == "This server has no deck `bio`."
    assert await refused(whole.delete(GUILD, "starter")) == (
        "`starter` is a built-in deck; only decks this server imported can be deleted."
    )
