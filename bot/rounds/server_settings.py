"""A server's round settings: what /quiz settings changes (and the web reads), and what /quiz start plays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.locales import SOURCE
from bot.quiz import RoundOptions
from bot.quiz.choosing import Filter
from bot.rounds import stored
from bot.store import GuildSettings
from bot.store.records import CARD_STYLES, DEFAULT_CARD_STYLE

if TYPE_CHECKING:
    from bot.store import Store

# The round options of /quiz start and /quiz settings by the commands' names; two name their field otherwise.
ROUND_OPTIONS = (
    "questions",
    "seconds",
    "mode",
    "podium",
    "standings",
    "streaks",
    "reading",
    "untimed",
    "long_prompts",
    "hints",
    "tags",
    "difficulty",
    "thread",
    "teams",
)
_FIELDS = {"streaks": "streak_bonus", "reading": "reading_seconds"}


def _changes(given: Mapping[str, Any]) -> dict[str, Any]:
    return {_FIELDS.get(name, name): given.get(name) for name in ROUND_OPTIONS}


def round_options(settings: GuildSettings, given: Mapping[str, Any]) -> RoundOptions:
    """What a round started with `given` (a command's options by name, None when left out) plays: the
    server's options, each given one in its place."""
    return stored.default_options(settings).but(**_changes(given))


def changed_settings(
    current: GuildSettings,
    given: Mapping[str, Any],
    *,
    role_id: int | None,
    clear_role: bool,
    pause: int | None,
    language: str | None,
) -> GuildSettings:
    """The server's settings once /quiz settings' `given` options are applied; OptionsError for one out of range.

    Tags are kept as the filter reads them, so that the settings show what rounds will use; difficulty
    "any" clears the server's filter (None is a value there); English, the default, is kept as None.
    """
    changes = _changes(given)
    tags = changes.pop("tags")
    difficulty = changes.pop("difficulty")
    options = stored.default_options(current).but(
        **changes, tags=None if tags is None else " ".join(sorted(Filter.parse(tags, None).tags))
    )
    if difficulty is not None:
        options = replace(options, difficulty=Filter.parse(None, difficulty).difficulty)
    changed = replace(
        stored.with_default_options(current, options.check()),
        quiz_master_role_id=None if clear_role else (role_id or current.quiz_master_role_id),
        pause_seconds=current.pause_seconds if pause is None else pause,
    )
    if language is not None:
        changed = replace(changed, language=None if language == SOURCE else language)
    style = given.get("card_style")
    if style in CARD_STYLES:  # how its rounds look: not a round option (a round's look is the port's)
        changed = replace(changed, card_style=style)
    return changed


class ServerSettings:
    """Each server's settings, read and saved for whoever asks (the quiz commands, who may steer a round)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def of(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""
        return await self.store.guild_settings(guild_id)

    async def card_style(self, guild_id: int | None) -> str:
        """How the server's round messages look (CARD_STYLES); the default outside a server."""
        return DEFAULT_CARD_STYLE if guild_id is None else (await self.of(guild_id)).card_style

    async def save(self, current: GuildSettings, changed: GuildSettings) -> bool:
        """Save `changed` if it differs from `current`; whether it did."""
        if changed == current:
            return False
        await self.store.save_guild_settings(changed)
        return True
