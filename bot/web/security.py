"""What every response and every write goes through: security headers, the CSRF check, the write limit."""

from __future__ import annotations

import hmac
import logging

from aiohttp import web

from bot.locales import _, n_
from bot.web.access import Handler
from bot.web.changes import CHANGED
from bot.web.context import context_of
from bot.web.sessions import CSRF, browser_session, viewer

log = logging.getLogger(__name__)

# No script at all, inline or not; styles and images from the dashboard itself (charts may be data: URIs),
# and servers' icons from Discord's CDN.
CONTENT_SECURITY_POLICY = (  # i18n: not shown
    "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self' data: https://cdn.discordapp.com; font-src 'self'; "  # i18n: not shown
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"  # i18n: not shown
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,  # i18n: not shown
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # i18n: not shown
    "Cross-Origin-Opener-Policy": "same-origin",  # i18n: not shown
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",  # i18n: not shown
}
# Under https only (BVUNZO_WEB_URL): a year of "this host is https only"; never under http, where a
# browser would ignore it anyway and a local test address must stay reachable.
STRICT_TRANSPORT = ("Strict-Transport-Security", "max-age=31536000")  # i18n: not shown
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Writes that change nothing a moderator would look for in the audit log, and are not rate limited.
_UNLIMITED = frozenset({"/logout", "/logout/everywhere", "/theme"})


def _headers(request: web.Request) -> dict[str, str]:
    if context_of(request).settings.secure_cookies:
        return {**SECURITY_HEADERS, STRICT_TRANSPORT[0]: STRICT_TRANSPORT[1]}
    return SECURITY_HEADERS


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        exc.headers.update(_headers(request))
        raise
    response.headers.update(_headers(request))
    if request.path.startswith(("/servers/", "/me", "/callback")):
        # A member's data stays out of shared caches.
        response.headers.setdefault("Cache-Control", "no-store")  # i18n: not shown
    return response


@web.middleware
async def csrf_check(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every write carries the session's CSRF token (form field or header), or is refused with 403."""
    if request.method not in _WRITES:
        return await handler(request)
    session = await browser_session(request)
    expected = session.get(CSRF)
    sent = request.headers.get(CSRF_HEADER)
    # A browser whose session has no token has no form of ours to send: refused before its body is read.
    if (
        sent is None
        and isinstance(expected, str)
        and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.post()  # aiohttp keeps it: the page reads the same form again for free
        field = form.get(CSRF_FIELD)
        sent = field if isinstance(field, str) else None
    if not isinstance(expected, str) or sent is None or not hmac.compare_digest(expected, sent):
        log.warning("refused a %s to %s without its CSRF token", request.method, request.path)
        raise web.HTTPForbidden(
            text=_(
                "This form has expired or did not come from Bvunzo's own page; reload the page and try again."
            )
        )
    return await handler(request)


@web.middleware
async def write_limit(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A member's changes per minute are limited: a write takes a place in the window, and gives it back
    when the page changed nothing (no audit entry: a preview, a refused form)."""
    if request.method not in _WRITES or request.path in _UNLIMITED:
        return await handler(request)
    who = await viewer(request)
    if who is None:
        return await handler(request)
    limiter = context_of(request).limiter
    wait = limiter.allow(who.user_id)
    if wait is not None:
        seconds = max(1, round(wait))
        raise web.HTTPTooManyRequests(
            text=n_(
                "That is a lot of changes in a minute; try again in {n} second.",
                "That is a lot of changes in a minute; try again in {n} seconds.",
                seconds,
            ),
            headers={"Retry-After": str(seconds)},  # i18n: not shown
        )
    try:
        return await handler(request)
    finally:
        if not request.get(CHANGED, False):
            limiter.give_back(who.user_id)
