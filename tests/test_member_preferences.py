"""A member's preferences (bot/preferences/member_preferences.py) on a real SQLite file, without Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.preferences.member_preferences import MemberChoices, MemberPreferences
from bot.store import Store, open_store


class Memory:
    """Stands in for the bot's memory of languages: records what it is told."""

    def __init__(self) -> None:
        self.told: list[tuple[int, str | None]] = []

    def member_changed(self, user_id: int, language: str | None) -> None:
        self.told.append((user_id, language))


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def test_a_member_who_chose_nothing_has_the_default_retention(store: Store) -> None:
    preferences = MemberPreferences(store)
    assert await preferences.choices(5) == MemberChoices(None, None)
    assert await preferences.retention(5) == 0.9
    assert (await preferences.choices(5)).aimed_retention == 0.9


async def test_a_language_is_kept_in_the_store_and_in_memory_at_once(store: Store) -> None:
    memory = Memory()
    preferences = MemberPreferences(store, memory)
    await preferences.choose_language(5, "sn")
    await preferences.choose_language(6, "fr")
    await preferences.choose_language(6, None)  # back to their Discord language
    assert memory.told == [(5, "sn"), (6, "fr"), (6, None)]
    assert (await preferences.choices(5)).language == "sn"
    assert (await preferences.choices(6)).language is None


async def test_a_retention_is_kept_to_two_places_and_one_out_of_range_is_a_sentence(store: Store) -> None:
    preferences = MemberPreferences(store)
    assert await preferences.choose_retention(5, 0.8549) == 0.85
    assert await preferences.retention(5) == 0.85
    for wrong in (0.5, 0.99, 1.2):
        with pytest.raises(UserError, match=r"Retention is between 0\.70 and 0\.97, such as 0\.90\."):
            await preferences.choose_retention(5, wrong)
    assert await preferences.retention(5) == 0.85  # what was refused changed nothing
