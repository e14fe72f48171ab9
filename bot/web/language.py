"""Which language a dashboard page speaks: the switch's choice, the member's /preferences language, the
browser's Accept-Language, else English; set for the request's task by a middleware."""

from __future__ import annotations

import logging
from functools import cache
from urllib.parse import urlencode

from aiohttp import web
from babel import Locale

from bot.locales import SHIPPED, SOURCE, catalog_language, speaking
from bot.web.access import Handler
from bot.web.context import context_of
from bot.web.redirects import on_site, see_other
from bot.web.sessions import LANGUAGE_CHOICE, browser_session, viewer

log = logging.getLogger(__name__)

QUERY = "language"  # ?language=sn on any page: the switch (kept in the session); "lang" is a deck's own
LANGUAGE = web.RequestKey("language", str)


def accepted(header: str | None) -> str | None:
    """The best shipped language of an Accept-Language header (`fr-CH, fr;q=0.9, en;q=0.8` → fr)."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and tag != "*" and weight > 0:
            ranked.append((-weight, place, tag))
    for _weight, _place, tag in sorted(ranked):
        found = catalog_language(tag)
        if found is not None:
            return found
    return None


async def page_language(request: web.Request) -> str:
    """The switch's choice, else the signed-in member's /preferences language, else the browser's."""
    session = await browser_session(request)
    chosen = catalog_language(str(session.get(LANGUAGE_CHOICE) or ""))
    if chosen is not None:
        return chosen
    who = await viewer(request)
    if who is not None:
        try:
            preferred = catalog_language(await context_of(request).store.member_language(who.user_id))
        except Exception:  # the page still draws, in the browser's language, when the store stumbles
            log.exception("could not read member %s's language", who.user_id)
            preferred = None
        if preferred is not None:
            return preferred
    return accepted(request.headers.get("Accept-Language")) or SOURCE  # i18n: not shown


@web.middleware
async def page_languages(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The request's task writes in its page's language; `?language=xx` switches it (a GET: the choice is
    kept in the session and the page drawn again without the parameter)."""
    if request.method == "GET" and QUERY in request.query:
        wanted = catalog_language(request.query[QUERY])
        if wanted is not None:
            (await browser_session(request))[LANGUAGE_CHOICE] = wanted
        rest = [(k, v) for k, v in request.query.items() if k != QUERY]
        raise see_other(_here(request) + (f"?{urlencode(rest)}" if rest else ""))
    code = await page_language(request)
    request[LANGUAGE] = code
    with speaking(code):
        return await handler(request)


def _here(request: web.Request) -> str:
    """The request's path as sent (still percent-encoded: `/%2F%2Fhost` decoded is `//host`, another
    site), as a path of this site only."""
    return on_site(request.rel_url.raw_path)


@cache
def language_names() -> tuple[tuple[str, str], ...]:
    """Each shipped language's code and its name in its own language, read once from Babel's CLDR data (the
    first read costs some 50 ms: the app reads it as it is made, not a page's first visitor)."""
    named = []
    for code in SHIPPED:
        name = Locale.parse(code.replace("-", "_")).get_display_name(code.replace("-", "_")) or code
        named.append((code, name[:1].upper() + name[1:]))
    return tuple(named)


def switch_links(request: web.Request) -> list[dict[str, str]]:
    """The footer's links, one per shipped language, each named in its own language."""
    rest = [(k, v) for k, v in request.query.items() if k != QUERY]
    return [
        {"code": code, "name": name, "href": _here(request) + "?" + urlencode([*rest, (QUERY, code)])}
        for code, name in language_names()
    ]
