"""Store contract: server settings, member languages, uploaded decks and the bot's own meta values."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import GuildDeckRecord, GuildSettings, Store
from tests.store_contract.builders import T0


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


async def test_round_option_defaults_are_kept_per_server(store: Store) -> None:
    default = await store.guild_settings(9)
    assert (default.podium, default.standings, default.streak_bonus) == (3, "end", False)
    assert (default.reading_seconds, default.untimed, default.long_prompts) == (0, False, False)
    assert (default.tags, default.difficulty, default.thread, default.hints) == ("", None, False, True)
    custom = GuildSettings(
        9,
        podium=7,
        standings="hidden",
        streak_bonus=True,
        reading_seconds=12,
        untimed=True,
        long_prompts=True,
        tags="cells genetics",
        difficulty="hard",
        thread=True,
        hints=False,
    )
    await store.save_guild_settings(custom)
    assert await store.guild_settings(9) == custom
    await store.save_guild_settings(GuildSettings(9, standings="live"))
    assert await store.guild_settings(9) == GuildSettings(9, podium=3, standings="live", streak_bonus=False)


async def test_card_style_is_kept_per_server_and_cards_by_default(store: Store) -> None:
    """Issue 30: a new server's rounds are Components V2 cards; classic embeds stay a server's choice."""
    assert (await store.guild_settings(9)).card_style == "cards"
    await store.save_guild_settings(GuildSettings(9, card_style="classic"))
    assert (await store.guild_settings(9)).card_style == "classic"
    assert (await store.guild_settings(10)).card_style == "cards"


async def test_member_language_is_remembered_and_forgotten(store: Store) -> None:
    assert await store.member_language(1) is None
    await store.set_member_language(1, "sn")
    await store.set_member_language(1, "en")
    assert await store.member_language(1) == "en"
    await store.set_member_language(1, None)
    assert await store.member_language(1) is None


async def test_member_retention_is_remembered_beside_the_language(store: Store) -> None:
    assert await store.member_retention(1) is None
    await store.set_member_retention(1, 0.95)
    await store.set_member_language(1, "sn")
    assert (await store.member_retention(1), await store.member_language(1)) == (0.95, "sn")
    await store.set_member_language(1, None)  # forgetting one setting keeps the other
    assert (await store.member_retention(1), await store.member_language(1)) == (0.95, None)
    await store.set_member_retention(1, 0.7)
    await store.set_member_retention(1, 0.97)
    assert await store.member_retention(1) == 0.97
    assert await store.member_retention(2) is None
    await store.set_member_retention(3, 0.8)
    assert await store.member_retentions([1, 2, 3]) == {1: 0.97, 3: 0.8}
    assert await store.member_retentions([]) == {}
    await store.set_member_retention(1, None)
    assert await store.member_retention(1) is None
    assert await store.member_retentions([1, 2, 3]) == {3: 0.8}
    for outside in (0.69, 0.98, 1.0):
        with pytest.raises(ValueError, match=r"between 0\.70 and 0\.97"):
            await store.set_member_retention(1, outside)


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


async def test_a_new_deck_is_added_only_under_a_free_id(store: Store) -> None:
    first = GuildDeckRecord(1, "bio", "bio.yaml", "id: bio\n", 77, T0)
    second = GuildDeckRecord(1, "bio", "other.yaml", "id: bio\ntitle: Other\n", 78, T0 + timedelta(hours=1))
    elsewhere = GuildDeckRecord(2, "bio", "bio.yaml", "id: bio\n", 79, T0)
    assert await store.add_guild_deck(first) is True
    assert await store.add_guild_deck(second) is False  # the first one stays as it was
    assert await store.add_guild_deck(elsewhere) is True  # another server's ids are its own
    assert await store.guild_decks() == [first, elsewhere]


async def test_meta_values(store: Store) -> None:
    assert await store.get_meta("tree_hash") is None
    await store.set_meta("tree_hash", "abc")
    await store.set_meta("tree_hash", "def")
    assert await store.get_meta("tree_hash") == "def"
