"""A server's decks changed by another process reach this one's bank at the next check (real SQLite)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.bank.bank import Bank
from bot.bank.loader import load_deck_text
from bot.decks.deck_versions import CHECK_EVERY_SECONDS, DeckVersions
from bot.store import GuildDeckRecord, open_store

GUILD = 7
AT = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def deck_yaml(prompt: str) -> str:
    return f"id: bio\ntitle: Biology\nquestions:\n- id: cell\n  prompt: {prompt}\n  choices: [Cell, Atom]\n  answer: 0\n"


class Ticks:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_another_process_change_is_taken_and_a_held_deck_keeps_its_questions(tmp_path: Path) -> None:
    db = tmp_path / "bvunzo.db"
    async with await open_store(db) as ours, await open_store(db) as theirs:
        await ours.save_guild_deck(GuildDeckRecord(GUILD, "bio", "bio.yaml", deck_yaml("Old prompt?"), 1, AT))
        bank = Bank([load_deck_text(deck_yaml("Old prompt?"), "bio.yaml", guild_id=GUILD)])
        ticks = Ticks()
        versions = DeckVersions(ours, bank, monotonic=ticks)
        await versions.note_loaded([GUILD])
        playing = bank.get("bio", GUILD)  # what a running round holds
        assert await versions.refresh(GUILD) is False  # nothing changed

        # The other process (the dashboard) saves an edit and counts the version up.
        await theirs.save_guild_deck(
            GuildDeckRecord(GUILD, "bio", "bio.yaml", deck_yaml("New prompt?"), 1, AT)
        )
        await theirs.bump_deck_version(GUILD)
        assert await versions.refresh(GUILD) is False  # asked less than a second ago: not asked again
        ticks.now += CHECK_EVERY_SECONDS
        assert await versions.refresh(GUILD) is True
        assert bank.question("bio", "cell", GUILD).prompt == "New prompt?"

        # A command (eager) asks even a moment after the last look: an edit made just now is not missed.
        await theirs.save_guild_deck(
            GuildDeckRecord(GUILD, "bio", "bio.yaml", deck_yaml("Newer prompt?"), 1, AT)
        )
        await theirs.bump_deck_version(GUILD)
        assert await versions.refresh(GUILD) is False  # autocomplete's look: not yet
        assert await versions.refresh(GUILD, eager=True) is True
        assert bank.question("bio", "cell", GUILD).prompt == "Newer prompt?"
        assert playing is not None and playing.question("cell").prompt == "Old prompt?"
        ticks.now += CHECK_EVERY_SECONDS
        assert await versions.refresh(GUILD) is False  # the same version is not loaded twice

        # A deck deleted elsewhere leaves this bank too.
        await theirs.delete_guild_deck(GUILD, "bio")
        await theirs.bump_deck_version(GUILD)
        ticks.now += CHECK_EVERY_SECONDS
        assert await versions.refresh(GUILD) is True
        assert bank.get("bio", GUILD) is None


async def test_a_change_made_here_is_not_loaded_again_unless_another_came_between(tmp_path: Path) -> None:
    db = tmp_path / "bvunzo.db"
    async with await open_store(db) as ours, await open_store(db) as theirs:
        bank = Bank()
        ticks = Ticks()
        versions = DeckVersions(ours, bank, monotonic=ticks)
        await versions.note_loaded([GUILD])
        await ours.save_guild_deck(GuildDeckRecord(GUILD, "bio", "bio.yaml", deck_yaml("Ours?"), 1, AT))
        bank.add(load_deck_text(deck_yaml("Ours?"), "bio.yaml", guild_id=GUILD))
        await versions.changed_here(GUILD)
        assert await theirs.deck_version(GUILD) == 1  # the other processes see it
        assert await versions.refresh(GUILD) is False  # ours already

        # Another process changes them, then we do: our count-up is not taken as having seen theirs.
        await theirs.save_guild_deck(
            GuildDeckRecord(GUILD, "chem", "chem.yaml", deck_yaml("Theirs?").replace("bio", "chem"), 1, AT)
        )
        await theirs.bump_deck_version(GUILD)
        await versions.changed_here(GUILD)
        ticks.now += CHECK_EVERY_SECONDS
        assert await versions.refresh(GUILD) is True
        assert bank.get("chem", GUILD) is not None
