"""What every response and every write goes through: security headers, the CSRF check, the write limit."""

from __future__ import annotations

import hmac
import logging

from aiohttp import web

from bot.locales import _, n_
from bot.web.access import Handler
from bot.web.context import context_of
from bot.web.sessions import CSRF, browser_session, viewer

log = logging.getLogger(__name__)

# No script at all, inline or not; styles and images from the dashboard itself (charts may be data: URIs).
CONTENT_SECURITY_POLICY = (  # i18n: not shown
    "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; "  # i18n: not shown
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
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Writes that change nothing a moderator would look for in the audit log, and are not rate limited.
_UNLIMITED = frozenset({"/logout"})


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        exc.headers.update(SECURITY_HEADERS)
        raise
    response.headers.update(SECURITY_HEADERS)
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
    if sent is None and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
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
    if request.method not in _WRITES or request.path in _UNLIMITED:
        return await handler(request)
    who = await viewer(request)
    if who is not None:
        wait = context_of(request).limiter.allow(who.user_id)
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
    return await handler(request)
