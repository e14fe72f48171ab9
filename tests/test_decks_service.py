"""The decks service (bot/decks/server_decks.py) on real stores, no Discord: the one save path, the quota,
deleting, and suggestions approved into their deck in one transaction, seen by a second process too."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.bank.bank import Bank
from bot.bank.editing import edited_text, replace_question
from bot.bank.importers import Format, import_file
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.bank.suggestions import deck_with, suggested_fields
from bot.decks.quota import ServerDecksFull
from bot.decks.server_decks import AlreadyReviewed, DeckRefused, ServerDecks, SuggestionGone
from bot.quiz.achievements import Achievement
from bot.store import Store, open_store

GUILD, OTHER = 7, 8
MODERATOR, ALICE, BONGANI = 100, 201, 202
AT = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
BIO = """id: bio
title: Biology
questions:
- id: cell
  prompt: What is the unit of life?
  choices: [Cell, Atom]
  answer: 0
"""


def bio(guild_id: int | None = GUILD, deck_id: str = "bio") -> tuple[Deck, str]:
    text = BIO.replace("id: bio", f"id: {deck_id}")
    return load_deck_text(text, f"{deck_id}.yaml", guild_id=guild_id), text


class Told:
    """What the service told of each change, as the bot's telemetry hears it."""

    def __init__(self) -> None:
        self.changes: list[tuple[int, str, str, int]] = []

    def __call__(self, guild_id: int, deck_id: str, change: str, questions: int) -> None:
        self.changes.append((guild_id, deck_id, change, questions))


@pytest.fixture(params=["sqlite", "postgres"])
async def url(request: pytest.FixtureRequest) -> str:
    """A database at today's schema on either engine (tests/conftest.py): the service's, not migrating."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_migrated_path"))
    database: str = request.getfixturevalue("postgres_migrated_url")
    return database


@pytest.fixture
async def stores(url: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database: this process's, and another's (a dashboard, another shard)."""
    async with await open_store(url) as ours, await open_store(url) as theirs:
        yield ours, theirs


async def service(store: Store, told: Told | None = None) -> ServerDecks:
    decks = ServerDecks(store, Bank(), lambda: AT, on_change=told)
    await decks.versions.load_every()
    return decks


def question(prompt: str, right: str, wrong: list[str], author: int) -> dict[str, object]:
    return suggested_fields(prompt, right, wrong, "", author)


async def test_an_import_is_kept_counted_and_seen_by_another_process(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    told = Told()
    decks, elsewhere = await service(ours, told), await service(theirs)
    deck, text = bio()
    saved = await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    assert saved.replaced is False and decks.bank.get("bio", GUILD) is saved.deck
    [record] = await ours.guild_decks(GUILD)
    assert (record.deck_id, record.source_name, record.uploaded_by, record.text) == (
        "bio",
        "bio.yaml",
        MODERATOR,
        text,
    )
    assert await ours.deck_version(GUILD) == 1
    assert (await elsewhere.fresh(GUILD)).get("bio", GUILD) is not None
    assert elsewhere.bank.get("bio", OTHER) is None

    again = await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    assert again.replaced is True
    edited = await decks.save_edit(GUILD, dataclasses.replace(again.deck, title="Cell biology"), by=ALICE)
    assert edited.deck.title == "Cell biology" and decks.bank.get("bio", GUILD) is edited.deck
    [record] = await ours.guild_decks(GUILD)
    assert (record.source_name, record.uploaded_by) == ("bio.yaml", ALICE)
    assert told.changes == [
        (GUILD, "bio", "imported", 1),
        (GUILD, "bio", "replaced", 1),
        (GUILD, "bio", "edited", 1),
    ]
    # Our own saves are ours already: the next look at the store loads nothing again.
    assert await decks.versions.refresh(GUILD, eager=True) is False


async def test_the_quota_is_asked_before_the_file_and_again_at_the_save(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    decks = await service(ours)
    for n in range(50):
        deck, text = bio(deck_id=f"d{n}")
        await decks.save_import(GUILD, deck, text, source="d.yaml", by=MODERATOR)
    with pytest.raises(ServerDecksFull) as full:
        decks.new_deck_id(GUILD, "One more")
    assert full.value.sentence == (
        "This server has 50 decks, the most it may keep; delete one "
        "first (/deck delete in Discord, or Delete on the deck's page of the dashboard)."
    )
    assert decks.new_deck_id(GUILD, "D7") == "d7"  # a re-import replaces its deck
    # A deck another process added meanwhile counts at the save, though this bank had not seen it.
    elsewhere = await service(theirs)
    await elsewhere.delete(GUILD, "d0")
    deck, text = bio(deck_id="fresh")
    await elsewhere.save_import(GUILD, deck, text, source="fresh.yaml", by=MODERATOR)
    late, text = bio(deck_id="late")
    with pytest.raises(ServerDecksFull):
        await decks.save_import(GUILD, late, text, source="late.yaml", by=MODERATOR)
    assert [r.deck_id for r in await ours.guild_decks(GUILD)].count("late") == 0


async def test_names_and_sizes_refused_before_the_upload_is_read(stores: tuple[Store, Store]) -> None:
    decks = await service(stores[0])
    decks.bank.add(bio(None)[0])  # a built-in deck `bio`
    with pytest.raises(DeckRefused) as refused:
        decks.new_deck_id(GUILD, "Bio")
    assert refused.value.sentence == "`bio` is the id of a built-in deck; choose another name."
    with pytest.raises(DeckRefused) as refused:
        decks.new_deck_id(GUILD, "!!!")
    assert refused.value.sentence == "A deck's name needs at least one letter or digit."
    with pytest.raises(DeckRefused) as refused:
        decks.new_deck_id(GUILD, "Big", size=1024 * 1024 + 1)
    assert refused.value.sentence == (
        "That file is 1025 KiB; a deck may be at most 1024 KiB, so split it into several files."
    )
    assert decks.new_deck_id(GUILD, "Big", size=1024 * 1024) == "big"
    # A learning platform's export, by its file's ending or the format chosen, may be four times as large.
    assert decks.new_deck_id(GUILD, "Big", size=4 * 1024 * 1024, file_name="Bank.XML") == "big"
    assert decks.new_deck_id(GUILD, "Big", size=2 * 1024 * 1024, file_name="bank", fmt=Format.ANKI) == "big"
    with pytest.raises(DeckRefused) as refused:
        decks.new_deck_id(GUILD, "Big", size=4 * 1024 * 1024 + 1, file_name="course.zip")
    assert refused.value.sentence == (
        "That file is 4097 KiB; a deck may be at most 4096 KiB, so split it into several files."
    )
    with pytest.raises(DeckRefused):  # a CSV named .zip but said to be CSV is held to the text cap
        decks.new_deck_id(GUILD, "Big", size=2 * 1024 * 1024, file_name="sheet.zip", fmt=Format.CSV)


def big_import() -> tuple[Deck, str]:
    """A spreadsheet just under the upload cap, whose stored YAML is over 1 MiB (tests/test_import_safety.py)."""
    row = "Question {n:04d} asks which of these four words is the one the teacher wants?,{w},b,c,d,A\n"
    text = "".join(row.format(n=n, w="w" * (200 - len(row.format(n=n, w="")))) for n in range(4000))
    data = ("question,choice1,choice2,choice3,choice4,answer\n" + text).encode()
    outcome = import_file(data, "big.csv", deck_id="big", guild_id=GUILD)
    assert outcome.kept is not None
    assert len(outcome.kept.text.encode()) > 1024 * 1024
    return outcome.kept.deck, outcome.kept.text


def test_a_stored_deck_over_one_mebibyte_can_be_edited_and_extended() -> None:
    # The bug: a stored deck is read under the stored limit (2 MiB) but an edit was checked under the
    # upload's (1 MiB), so every edit of a big imported deck failed as "too large".
    deck, _text = big_import()
    first = deck.questions[0]
    text, edited = edited_text(replace_question(deck, first.id, first))
    assert len(text.encode()) > 1024 * 1024 and len(edited.questions) == 4000
    _text2, grown = deck_with(deck, question("Which one is new?", "This", ["That"], ALICE))
    assert len(grown.questions) == 4001


async def test_an_edit_of_a_big_deck_is_saved_and_loads_in_another_process(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "b.db") as ours, await open_store(tmp_path / "b.db") as theirs:
        await _edit_big_deck(ours, theirs)


async def _edit_big_deck(ours: Store, theirs: Store) -> None:
    decks = await service(ours)
    deck, text = big_import()
    await decks.save_import(GUILD, deck, text, source="big.csv", by=MODERATOR)
    first = deck.questions[0]
    changed = replace_question(deck, first.id, dataclasses.replace(first, prompt="Edited?"))
    saved = await decks.save_edit(GUILD, changed, by=MODERATOR)
    assert saved.deck.questions[0].prompt == "Edited?" and saved.replaced is True
    loaded = (await (await service(theirs)).fresh(GUILD)).get("big", GUILD)
    assert loaded is not None and loaded.questions[0].prompt == "Edited?" and len(loaded.questions) == 4000


async def test_delete_removes_the_deck_everywhere_once(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    told = Told()
    decks = await service(ours, told)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    elsewhere = await service(theirs)
    decks.check_deletable(GUILD, deck)
    with pytest.raises(DeckRefused):
        decks.check_deletable(GUILD, bio(None)[0])
    assert await decks.delete(GUILD, "bio") is True
    assert await decks.delete(GUILD, "bio") is False
    assert decks.bank.get("bio", GUILD) is None and await ours.guild_decks(GUILD) == []
    assert (await elsewhere.fresh(GUILD)).get("bio", GUILD) is None
    assert told.changes[1:] == [(GUILD, "bio", "deleted", 1)]


async def test_a_suggestion_is_checked_queued_and_approved_into_its_deck(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    told = Told()
    decks = await service(ours, told)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    await decks.open_for_suggestions(GUILD, deck, ALICE)
    with pytest.raises(DeckRefused) as refused:
        await decks.suggest(GUILD, "bio", BONGANI, question("Same?", "a", ["A"], BONGANI))
    assert (
        "can't be used" in refused.value.sentence
        and "choice 1 is the same as choice 0" in refused.value.sentence
    )
    with pytest.raises(DeckRefused):
        await decks.suggest(GUILD, "nope", ALICE, question("Where?", "Here", ["There"], ALICE))
    queued = await decks.suggest(
        GUILD, "bio", ALICE, question("Where is DNA kept?", "Nucleus", ["Ribosome"], ALICE)
    )
    assert [s.id for s in await decks.pending(GUILD)] == [queued.id]
    with pytest.raises(SuggestionGone):
        await decks.approve(OTHER, queued.id, MODERATOR)  # another server's moderator

    suggestion, saved = await decks.approve(GUILD, queued.id, MODERATOR)
    assert suggestion.author_id == ALICE
    assert saved.badges == (Achievement.SUGGESTION_APPROVED,)  # her first approved: told to the moderator
    assert [b.achievement for b in await ours.member_achievements(GUILD, ALICE)] == ["suggestion_approved"]
    added = saved.deck.questions[-1]
    assert (added.prompt, added.suggested_by, len(saved.deck.questions)) == ("Where is DNA kept?", ALICE, 2)
    assert decks.bank.get("bio", GUILD) is saved.deck
    assert (await ours.suggestion(queued.id)).status == "approved"  # type: ignore[union-attr]
    [record] = await ours.guild_decks(GUILD)
    assert f"suggested_by: {ALICE}" in record.text
    assert told.changes[-1] == (GUILD, "bio", "extended", 2)
    with pytest.raises(AlreadyReviewed) as late:
        await decks.approve(GUILD, queued.id, MODERATOR)
    assert late.value.sentence == "That suggestion was already approved."
    loaded = (await (await service(theirs)).fresh(GUILD)).get("bio", GUILD)
    assert loaded is not None and len(loaded.questions) == 2


async def test_an_edited_approval_and_a_rejection(stores: tuple[Store, Store]) -> None:
    decks = await service(stores[0])
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    typo = await decks.suggest(GUILD, "bio", ALICE, question("Powerhouse?", "Mitochndria", [], ALICE))
    spam = await decks.suggest(GUILD, "bio", ALICE, question("Spam?", "spam", [], ALICE))
    with pytest.raises(DeckRefused):  # the moderator's edit is checked as the member's was
        await decks.approve(GUILD, typo.id, MODERATOR, question("", "x", [], ALICE))
    _suggestion, saved = await decks.approve(
        GUILD, typo.id, MODERATOR, question("Powerhouse?", "Mitochondria", [], ALICE)
    )
    assert saved.deck.questions[-1].accepted == ("Mitochondria",)
    assert saved.badges == (Achievement.SUGGESTION_APPROVED,)
    more = await decks.suggest(GUILD, "bio", ALICE, question("Nucleus?", "yes", ["no"], ALICE))
    assert (await decks.approve(GUILD, more.id, MODERATOR))[1].badges == ()  # only the first earns it
    await decks.reject(GUILD, spam.id, MODERATOR)
    with pytest.raises(AlreadyReviewed) as again:
        await decks.reject(GUILD, spam.id, MODERATOR)
    assert again.value.sentence == "That suggestion was already rejected."
    assert await decks.pending(GUILD) == []
    assert len(decks.bank.get("bio", GUILD).questions) == 3  # type: ignore[union-attr]


async def test_a_deck_deleted_meanwhile_leaves_the_suggestion_pending(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    decks = await service(ours)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    queued = await decks.suggest(GUILD, "bio", ALICE, question("Where?", "Here", ["There"], ALICE))
    await (await service(theirs)).delete(GUILD, "bio")  # another process
    with pytest.raises(DeckRefused) as gone:
        await decks.approve(GUILD, queued.id, MODERATOR)
    assert gone.value.sentence == "The deck `bio` is gone; reject the suggestion instead."
    assert (await ours.suggestion(queued.id)).status == "pending"  # type: ignore[union-attr]
    assert await ours.guild_decks(GUILD) == []


async def test_two_moderators_approving_at_once_add_the_question_once(stores: tuple[Store, Store]) -> None:
    ours, theirs = stores
    decks = await service(ours)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    queued = await decks.suggest(GUILD, "bio", ALICE, question("Where?", "Here", ["There"], ALICE))
    elsewhere = await service(theirs)
    results = await asyncio.gather(
        decks.approve(GUILD, queued.id, MODERATOR),
        elsewhere.approve(GUILD, queued.id, MODERATOR + 1),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["AlreadyReviewed", "tuple"]
    [record] = await ours.guild_decks(GUILD)
    assert record.text.count("prompt: Where?") == 1
    assert len(load_deck_text(record.text, "bio.yaml", guild_id=GUILD).questions) == 2


async def test_a_member_waits_for_twenty_suggestions_to_be_reviewed(stores: tuple[Store, Store]) -> None:
    decks = await service(stores[0])
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    for n in range(20):
        await decks.suggest(GUILD, "bio", ALICE, question(f"Question {n}?", "yes", ["no"], ALICE))
    with pytest.raises(DeckRefused) as waiting:
        await decks.open_for_suggestions(GUILD, deck, ALICE)
    assert waiting.value.sentence == (
        "You have 20 suggestions waiting for review; suggest more once some are reviewed."
    )
    await decks.open_for_suggestions(GUILD, deck, BONGANI)
    with pytest.raises(DeckRefused) as builtin:
        await decks.open_for_suggestions(GUILD, bio(None)[0], BONGANI)
    assert "is a built-in deck" in builtin.value.sentence


async def test_two_approvals_into_one_deck_at_once_keep_both_questions(stores: tuple[Store, Store]) -> None:
    decks = await service(stores[0])
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    first = await decks.suggest(GUILD, "bio", ALICE, question("First?", "a", ["b"], ALICE))
    second = await decks.suggest(GUILD, "bio", BONGANI, question("Second?", "a", ["b"], BONGANI))
    await asyncio.gather(
        decks.approve(GUILD, first.id, MODERATOR), decks.approve(GUILD, second.id, MODERATOR)
    )
    [record] = await stores[0].guild_decks(GUILD)
    kept = load_deck_text(record.text, "bio.yaml", guild_id=GUILD)
    assert sorted(q.prompt for q in kept.questions) == ["First?", "Second?", "What is the unit of life?"]


async def test_two_processes_approving_into_one_deck_at_once_keep_both_questions(
    stores: tuple[Store, Store],
) -> None:
    # Two processes (the bot and a dashboard, two shards) on one database, each with its own bank: each
    # reads the deck, adds its question and saves; the save that finds the deck changed reads it again.
    ours, theirs = stores
    decks = await service(ours)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    first = await decks.suggest(GUILD, "bio", ALICE, question("First?", "a", ["b"], ALICE))
    second = await decks.suggest(GUILD, "bio", BONGANI, question("Second?", "a", ["b"], BONGANI))
    elsewhere = await service(theirs)
    await asyncio.gather(
        decks.approve(GUILD, first.id, MODERATOR), elsewhere.approve(GUILD, second.id, MODERATOR + 1)
    )
    both = ["First?", "Second?", "What is the unit of life?"]
    [record] = await ours.guild_decks(GUILD)
    assert sorted(q.prompt for q in load_deck_text(record.text, "bio.yaml", guild_id=GUILD).questions) == both
    assert [(await ours.suggestion(s.id)).status for s in (first, second)] == ["approved"] * 2  # type: ignore[union-attr]
    for process in (decks, elsewhere):
        held = (await process.fresh(GUILD)).get("bio", GUILD)
        assert held is not None and sorted(q.prompt for q in held.questions) == both


async def test_questions_are_suggested_for_the_servers_own_decks_listed_by_title(
    stores: tuple[Store, Store],
) -> None:
    decks = await service(stores[0])
    built_in, _text = bio(None, "built-in")
    decks.bank.add(built_in)
    assert decks.own_decks(GUILD) == []  # a built-in deck takes no suggestions
    for deck_id, title in (("zoo", "Animals"), ("bio", "biology"), ("chem", "Atoms")):
        deck, text = bio(GUILD, deck_id)
        await decks.save_import(
            GUILD, dataclasses.replace(deck, title=title), text, source="x.yaml", by=MODERATOR
        )
    other, text = bio(OTHER, "theirs")
    await decks.save_import(OTHER, other, text, source="x.yaml", by=MODERATOR)
    assert [d.id for d in decks.own_decks(GUILD)] == ["zoo", "chem", "bio"]  # Animals, Atoms, biology
    assert [d.id for d in decks.own_decks(OTHER)] == ["theirs"]


async def test_an_edit_made_to_a_deck_another_process_saved_since_is_refused_and_theirs_kept(
    stores: tuple[Store, Store],
) -> None:
    ours, theirs = stores
    decks, elsewhere = await service(ours), await service(theirs)
    deck, text = bio()
    await decks.save_import(GUILD, deck, text, source="bio.yaml", by=MODERATOR)
    read = (await decks.fresh(GUILD)).get("bio", GUILD)  # the dashboard's page reads the deck...
    assert read is not None
    theirs_read = (await elsewhere.fresh(GUILD)).get("bio", GUILD)
    assert theirs_read is not None  # ...and another process saves a question edit meanwhile
    cell = dataclasses.replace(theirs_read.questions[0], prompt="What is the smallest unit of life?")
    await elsewhere.save_edit(GUILD, replace_question(theirs_read, "cell", cell), by=BONGANI)
    with pytest.raises(DeckRefused) as refused:
        await decks.save_edit(GUILD, dataclasses.replace(read, title="Cell biology"), by=ALICE)
    assert refused.value.sentence == "The deck `bio` changed while this was saved; nothing was saved."
    [record] = await ours.guild_decks(GUILD)
    assert (
        record.uploaded_by == BONGANI and "smallest unit" in record.text and "Cell biology" not in record.text
    )
    # Read again, the same edit goes through over theirs, and keeps it.
    again = (await decks.fresh(GUILD)).get("bio", GUILD)
    assert again is not None
    saved = await decks.save_edit(GUILD, dataclasses.replace(again, title="Cell biology"), by=ALICE)
    assert (saved.deck.title, saved.deck.questions[0].prompt) == (
        "Cell biology",
        "What is the smallest unit of life?",
    )
