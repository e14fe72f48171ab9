"""Which theme a dashboard page is drawn in: the header switch's choice (kept in the session), else the
device's (`prefers-color-scheme`, read by the stylesheet itself)."""

from __future__ import annotations

from aiohttp import web

from bot.locales import N_
from bot.web.context import context_of
from bot.web.redirects import on_site
from bot.web.sessions import THEME_CHOICE, browser_session

DEVICE = "device"  # i18n: not shown
# The switch's choices, in its order: the value kept in the session and the button's words.
THEMES = {"light": N_("Light"), "dark": N_("Dark"), DEVICE: N_("As the device")}
THEME_FIELD = "theme"  # i18n: not shown
NEXT_FIELD = "next"  # i18n: not shown


async def page_theme(request: web.Request) -> str:
    """light, dark, or device (the stylesheet follows `prefers-color-scheme`)."""
    chosen = (await browser_session(request)).get(THEME_CHOICE)
    return chosen if isinstance(chosen, str) and chosen in THEMES else DEVICE


async def choose_theme(request: web.Request, wanted: object) -> None:
    """Keep the switch's choice in the session (the device's own: nothing kept); anything else is ignored."""
    if not isinstance(wanted, str) or wanted not in THEMES:
        return
    session = await browser_session(request)
    if wanted == DEVICE:
        session.pop(THEME_CHOICE, None)
    else:
        session[THEME_CHOICE] = wanted


def back_here(request: web.Request) -> str:
    """Where the switch sends the browser back to: this page, as requested (a path of this site only).
    A page drawn by a POST (a form sent back with its mistakes) is not one a GET reopens: the page the
    form was sent from instead (its Referer), else the path itself."""
    if request.method == "GET":
        return on_site(request.rel_url.raw_path_qs)
    path = on_site(request.rel_url.raw_path)
    sent_from = request.headers.get("Referer")  # i18n: not shown
    return on_site(sent_from, origin=context_of(request).settings.public_url, fallback=path)
