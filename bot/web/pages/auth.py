"""Logging in with Discord (authorization code with state and PKCE) and out again (POST only), in this
browser or in every one."""

from __future__ import annotations

import hmac
import logging
import secrets

from aiohttp import web

from bot.locales import _
from bot.web.context import context_of
from bot.web.discord_api import DiscordUnavailable, LoginRefused, authorize_url, new_verifier
from bot.web.redirects import found, on_site, to_discord
from bot.web.render import render
from bot.web.sessions import sign_in, sign_out, sign_out_everywhere, start_login, take_login, viewer

log = logging.getLogger(__name__)

routes = web.RouteTableDef()


@routes.get("/login")
async def login(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    state = secrets.token_urlsafe(32)
    verifier = new_verifier()
    await start_login(request, state, verifier, on_site(request.query.get("next")))
    raise to_discord(authorize_url(context.settings, state, verifier), context.settings.oauth_url)


@routes.get("/callback")
async def callback(request: web.Request) -> web.StreamResponse:
    started = await take_login(request)
    state = request.query.get("state", "")
    if started is None or not state or not hmac.compare_digest(started.state, state):
        log.warning("refused a login callback whose state this browser never started")
        return await render(
            request,
            "error.html",
            {
                "status": 400,
                "sentence": _(
                    "This login did not start in this browser (or it was already used); log in again."
                ),
            },
            status=400,
        )
    if "error" in request.query or "code" not in request.query:
        return await render(
            request,
            "error.html",
            {
                "status": 400,
                "sentence": _("Discord did not sign you in (the login was cancelled); log in again."),
            },
            status=400,
        )
    context = context_of(request)
    try:
        who = await context.discord.sign_in(request.query["code"], started.verifier)
    except LoginRefused as exc:
        return await render(request, "error.html", {"status": 400, "sentence": str(exc)}, status=400)
    except DiscordUnavailable:
        log.warning("Discord did not answer a login", exc_info=True)
        raise web.HTTPServiceUnavailable(
            text=_("Discord did not answer; try logging in again in a minute.")
        ) from None
    await sign_in(request, who)
    log.info("member %s signed in to the dashboard", who.user_id)
    raise found(started.next_path)


@routes.post("/logout")
async def logout(request: web.Request) -> web.StreamResponse:
    await sign_out(request)
    raise found("/")


@routes.post("/logout/everywhere")
async def logout_everywhere(request: web.Request) -> web.StreamResponse:
    who = await viewer(request)
    ended = await sign_out_everywhere(request)
    if who is not None:
        log.info("member %s logged out everywhere (%d sessions ended)", who.user_id, ended)
    raise found("/")
