"""Which language each interaction and each server speaks, known in memory so no click waits on the database.

A member's own replies speak their /preferences language, else their Discord client's locale where a
catalog exists for it, else the server's (bot/locales/choosing.py decides); what a channel sees speaks
the server's language (/quiz settings language:). Both choices are read from the store once, then kept
here and changed here when a member or a moderator changes them; a read the database does not answer
within half a second is given up for this interaction (the client's locale and English stand in) and
finished in the background for the next.

The members who chose a language are few, so all of them are read when the bot starts (`load`) and again
a minute after the last read, in the background: a click never reads the store to learn its member's
language, and a choice made in another process (another shard, the dashboard) arrives within a minute.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from bot import locales

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

READ_PATIENCE_SECONDS = 0.5
REFRESH_SECONDS = 60.0
_UNKNOWN = object()


class Languages:
    """The servers' and members' languages, read once from the store."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._servers: dict[int, str] = {}
        self._members: dict[int, str | None] = {}
        self._reads: dict[tuple[str, int], asyncio.Task[Any]] = {}
        self._all_members_at: float | None = None  # when every chosen language was last read
        self._refresh: asyncio.Task[bool] | None = None
        self._changed_at: dict[int, float] = {}  # members whose choice this process changed, and when

    async def load(self) -> bool:
        """Read every member's chosen language at once; False (and one read per member) if the store fails."""
        started = time.monotonic()
        try:
            chosen: dict[int, str | None] = dict(await self._store.member_languages())
        except Exception as exc:  # the store's outage: members keep what was known, or are read one by one
            log.warning("members' languages not read (%s); what was known stands", exc)
            return False
        # A choice made here while the read was under way is newer than what the read saw.
        for user_id, changed in self._changed_at.items():
            if changed >= started:
                chosen[user_id] = self._members.get(user_id)
        self._members = chosen
        self._changed_at = {u: at for u, at in self._changed_at.items() if at >= started}
        self._all_members_at = time.monotonic()
        return True

    def _refresh_now_and_then(self) -> None:
        loaded = self._all_members_at
        if loaded is None or time.monotonic() - loaded < REFRESH_SECONDS:
            return
        if self._refresh is None or self._refresh.done():
            self._all_members_at = time.monotonic()  # one refresh at a time, however many replies ask
            self._refresh = asyncio.get_running_loop().create_task(self.load(), name="bvunzo-languages")

    async def _patiently(self, kind: str, key: int, read: Any) -> Any:
        task = self._reads.get((kind, key))
        if task is None:
            task = asyncio.get_running_loop().create_task(read(key), name=f"bvunzo-language-{kind}")
            self._reads[(kind, key)] = task
            task.add_done_callback(lambda done: self._settle(kind, key, done))
        try:
            return await asyncio.wait_for(asyncio.shield(task), READ_PATIENCE_SECONDS)
        except (TimeoutError, Exception) as exc:  # the store's outage, or a slow disk: speak on regardless
            log.debug("language of %s %s not read in time: %r", kind, key, exc)
            return _UNKNOWN

    def _settle(self, kind: str, key: int, task: asyncio.Task[Any]) -> None:
        self._reads.pop((kind, key), None)
        if task.cancelled() or task.exception() is not None:
            return
        if kind == "server":
            self._servers.setdefault(key, task.result())
        else:
            self._members.setdefault(key, task.result())

    async def _read_server(self, guild_id: int) -> str:
        return (await self._store.guild_settings(guild_id)).language or locales.SOURCE

    async def server(self, guild_id: int | None) -> str:
        """The language a server's channels read (English outside a server)."""
        if guild_id is None:
            return locales.SOURCE
        if guild_id not in self._servers:
            found = await self._patiently("server", guild_id, self._read_server)
            if found is _UNKNOWN:
                return locales.SOURCE
            self._servers[guild_id] = found
        return self._servers[guild_id]

    def server_now(self, guild_id: int | None) -> str:
        """The server's language as last read (English before its first read)."""
        return self._servers.get(guild_id, locales.SOURCE) if guild_id is not None else locales.SOURCE

    def server_changed(self, guild_id: int, language: str) -> None:
        self._servers[guild_id] = language

    async def chosen(self, user_id: int) -> str | None:
        """The member's /preferences language (None: they follow their Discord client)."""
        if self._all_members_at is not None:
            self._refresh_now_and_then()
            return self._members.get(user_id)
        if user_id not in self._members:
            found = await self._patiently("member", user_id, self._store.member_language)
            if found is _UNKNOWN:
                return None
            self._members[user_id] = found
        return self._members[user_id]

    def member_changed(self, user_id: int, language: str | None) -> None:
        self._members[user_id] = language
        self._changed_at[user_id] = time.monotonic()

    async def reply_language(self, user_id: int, client_locale: str | None, guild_id: int | None) -> str:
        """The language of a reply only this member reads."""
        chosen = await self.chosen(user_id)
        return locales.reply_language(chosen, client_locale, await self.server(guild_id))


async def speak_to(interaction: Any) -> str:
    """Write in the language of the member behind `interaction` for the rest of its task; that language.

    Called where every command, click and form arrives (bot/discord/command_tree.py, cogs/guard.py), so the
    code that answers only writes `_(...)`.
    """
    languages: Languages | None = getattr(interaction.client, "languages", None)
    locale = str(interaction.locale) if getattr(interaction, "locale", None) is not None else None
    user = getattr(interaction, "user", None)  # Discord may leave it out; the refusal is said elsewhere
    if languages is None or user is None:
        code = locales.reply_language(None, locale, None)
    else:
        code = await languages.reply_language(user.id, locale, interaction.guild_id)
    locales.use(code)
    return code
