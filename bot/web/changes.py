"""A change made on the web: written to the server's audit log (who, when, what)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from bot.locales import language, translations
from bot.results.round_files import server_zone
from bot.store import AuditEntry
from bot.web.access import Server
from bot.web.context import context_of

if TYPE_CHECKING:
    import zoneinfo

MAX_DETAIL = 500
# Set by `audit`: this request changed something (and counts toward the member's write limit).
CHANGED = web.RequestKey("changed", bool)


def action_words(action: str) -> str:
    """An audit entry's action in the page's language: the pages write it as an `N_` message (kept in
    English in the store), so any reader sees it in theirs; an action from before stays as written."""
    return translations(language()).gettext(action)


async def audit(request: web.Request, server: Server, action: str, detail: str = "") -> None:
    """Write the change to the server's audit log; call it once the change itself is saved (it is what
    makes the request count toward the member's write limit)."""
    request[CHANGED] = True
    context = context_of(request)
    who = server.viewer
    await context.store.add_audit(
        AuditEntry(
            guild_id=server.id,
            user_id=who.user_id,
            user_name=who.user_name,
            at=context.clock(),
            action=action,
            detail=detail[:MAX_DETAIL],
        )
    )


async def audit_entries(
    request: web.Request, server: Server, limit: int, before_id: int | None
) -> list[AuditEntry]:
    """The server's audit log, newest first: `limit` entries older than `before_id` (from the newest)."""
    return await context_of(request).store.audit_log(server.id, limit=limit, before_id=before_id)


async def audit_zone(request: web.Request, server: Server) -> zoneinfo.ZoneInfo:
    """The zone the log's times are shown in: the server's, as every page of it says its times."""
    return await server_zone(context_of(request).store, server.id)
