"""Which language each member and server speaks, kept in memory: chosen, client, server, and no waiting."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg

from bot.preferences.language_memory import Languages
from bot.store import open_store
from bot.store.records import GuildSettings

GUILD, ALICE, BOB = 7001, 42, 43


async def test_a_member_reads_their_choice_then_their_client_then_the_server(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "b.db")
    try:
        await store.save_guild_settings(GuildSettings(GUILD, language="sn"))
        await store.set_member_language(ALICE, "fr")
        languages = Languages(store)
        assert await languages.reply_language(ALICE, "en-US", GUILD) == "fr"  # her /preferences
        assert await languages.reply_language(BOB, "pt-BR", GUILD) == "pt-BR"  # his client
        assert await languages.reply_language(BOB, "es-ES", GUILD) == "sn"  # no Spanish: the server's
        assert await languages.reply_language(BOB, "es-ES", None) == "en"  # a DM: English
        assert await languages.server(GUILD) == "sn" and languages.server_now(GUILD) == "sn"
        assert languages.server_now(GUILD + 1) == "en"  # never read: English until it is
    finally:
        await store.close()


async def test_a_change_is_known_at_once_without_reading_again(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "b.db")
    try:
        languages = Languages(store)
        assert await languages.reply_language(ALICE, "en-US", GUILD) == "en"
        await store.set_member_language(ALICE, "sn")  # what /preferences does, then it tells the cache
        languages.member_changed(ALICE, "sn")
        languages.server_changed(GUILD, "fr")
        assert await languages.reply_language(ALICE, "en-US", GUILD) == "sn"
        assert await languages.reply_language(BOB, "en-US", GUILD) == "en"
        assert languages.server_now(GUILD) == "fr"
        languages.member_changed(ALICE, None)  # `auto`: back to the client's
        assert await languages.reply_language(ALICE, "pt-BR", GUILD) == "pt-BR"
    finally:
        await store.close()


async def test_a_locked_table_never_holds_a_reply_back(postgres_url: str) -> None:
    """With member_settings locked by another program, the reply speaks the client's language at once,
    and the member's choice is learned when the lock goes."""
    store = await open_store(postgres_url)
    other = await asyncpg.connect(postgres_url)
    try:
        await store.set_member_language(ALICE, "sn")
        await store.save_guild_settings(GUILD_SETTINGS)
        languages = Languages(store)
        assert await languages.server(GUILD) == "pt-BR"
        locked = other.transaction()
        await locked.start()
        await other.execute("LOCK TABLE member_settings IN ACCESS EXCLUSIVE MODE")
        # Bounded only so a regression fails instead of hanging; the lock is held all the while.
        said = await asyncio.wait_for(languages.reply_language(ALICE, "fr", GUILD), 30)
        assert said == "fr"
        assert await asyncio.wait_for(languages.reply_language(ALICE, None, GUILD), 30) == "pt-BR"
        await locked.rollback()
        for _ in range(200):  # the read begun under the lock finishes in the background
            if await languages.reply_language(ALICE, "fr", GUILD) == "sn":
                break
            await asyncio.sleep(0.05)
        assert await languages.reply_language(ALICE, "fr", GUILD) == "sn"
    finally:
        await other.close()
        await store.close()


GUILD_SETTINGS = GuildSettings(GUILD, language="pt-BR")


async def test_loaded_at_start_a_members_choice_needs_no_read_even_behind_a_lock(postgres_url: str) -> None:
    """Every chosen language is read when the bot starts: a click behind a locked table still speaks the
    member's choice, and a choice another process stored arrives with the next read of them all."""
    store = await open_store(postgres_url)
    other = await asyncpg.connect(postgres_url)
    try:
        await store.set_member_language(ALICE, "sn")
        languages = Languages(store)
        assert await languages.load()
        locked = other.transaction()
        await locked.start()
        await other.execute("LOCK TABLE member_settings IN ACCESS EXCLUSIVE MODE")
        assert await asyncio.wait_for(languages.reply_language(ALICE, "fr", None), 30) == "sn"
        assert await asyncio.wait_for(languages.reply_language(BOB, "fr", None), 30) == "fr"
        await locked.rollback()
        await store.set_member_language(BOB, "pt-BR")  # /preferences in another shard's process
        assert await languages.reply_language(BOB, "fr", None) == "fr"  # not known here yet
        assert await languages.load()  # what the minute's refresh does
        assert await languages.reply_language(BOB, "fr", None) == "pt-BR"
        languages.member_changed(ALICE, None)  # this process forgets Alice's choice, as `auto` does
        assert await languages.reply_language(ALICE, "fr", None) == "fr"
    finally:
        await other.close()
        await store.close()
