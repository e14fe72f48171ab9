"""A server's round defaults (what /quiz settings sets), changed on the web by members with Manage Server."""

from __future__ import annotations

from dataclasses import asdict

from aiohttp import web

from bot.locales import N_, _
from bot.rounds.server_settings import ServerSettings
from bot.web.access import Server, ensure_manager, moderator
from bot.web.changes import audit
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.redirects import see_other
from bot.web.render import render
from bot.web.settings_form import CHOICES, NUMBERS, option_words, read_settings_form

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Settings"), "settings", order=70),)


async def _page(
    request: web.Request, server: Server, values: object, errors: dict[str, str], saved: bool
) -> web.Response:
    roles = await context_of(request).discord.roles(server.id)
    return await render(
        request,
        "settings.html",
        {
            "settings": values,
            "errors": errors,
            "saved": saved,
            "roles": roles,
            "numbers": NUMBERS,
            "choices": CHOICES,
            "option_words": option_words,
        },
        status=400 if errors else 200,
    )


@routes.get("/servers/{guild_id}/settings")
@moderator
async def show(request: web.Request, server: Server) -> web.StreamResponse:
    current = await ServerSettings(context_of(request).store).of(server.id)
    return await _page(request, server, current, {}, saved=request.query.get("saved") == "1")


@routes.post("/servers/{guild_id}/settings")
@moderator
async def save(request: web.Request, server: Server) -> web.StreamResponse:
    ensure_manager(server, _("Only members with Manage Server can change the quiz settings."))
    context = context_of(request)
    settings = ServerSettings(context.store)
    current = await settings.of(server.id)
    form = {k: v for k, v in (await request.post()).items() if isinstance(v, str)}
    roles = {role_id for role_id, _name in await context.discord.roles(server.id)}
    read = read_settings_form(current, form, roles)
    if read.errors:
        return await _page(request, server, read.settings, read.errors, saved=False)
    # Read by the bot at each round's start: the next round in any process uses them.
    if await settings.save(current, read.settings):
        before, after = asdict(current), asdict(read.settings)
        changed = ", ".join(f"{k}: {before[k]} → {after[k]}" for k in after if before[k] != after[k])
        await audit(request, server, N_("settings saved"), changed)
    raise see_other(f"/servers/{server.id}/settings?saved=1")
