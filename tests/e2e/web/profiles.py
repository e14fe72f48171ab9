"""The pages a browser test gets: the worker's kept ones, handed on clean, and new profiles when it wants more.

A new browser profile (a context) and its first page cost Chromium a renderer process each, most of a short
test's CPU; so each worker keeps one page per set of context options (locale, viewport, color_scheme) and
hands it from test to test, with what the last test left cleared: its cookies, its permissions, its cache,
its routes, its viewport and media emulation, the pages it opened, and the page itself (about:blank).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

BLANK = "about:blank"


@dataclass
class Kept:
    page: Any
    cdp: Any  # the page's DevTools session, which can clear the profile's HTTP cache
    viewport: Any  # the context's own viewport and colour scheme, put back after a test changed them
    color_scheme: str


class Profiles:
    """`browser` in a web test: `await browser.page(**options)` is a page of a profile of its own (its
    cookies, its cache); the first a test asks for with given options is the worker's kept page for them,
    a second with the same options (two members at once) a new profile's. `await browser.new_context()`
    is always a new profile. New profiles are closed after the test, kept pages cleared (`hand_on`).
    A test that adds a listener to a page removes it before it ends.
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self._kept: dict[str, Kept] = {}
        self._lent: set[str] = set()

    async def page(self, **options: Any) -> Any:
        key = repr(sorted(options.items()))
        if key in self._lent:
            return await (await self.new_context(**options)).new_page()
        kept = self._kept.get(key)
        if kept is None or kept.page.is_closed():
            kept = self._kept[key] = await self._keep(options)
        self._lent.add(key)
        return kept.page

    async def new_context(self, **options: Any) -> Any:
        return await self.browser.new_context(**options)

    async def _keep(self, options: dict[str, Any]) -> Kept:
        context = await self.browser.new_context(**options)
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        return Kept(page, cdp, page.viewport_size, options.get("color_scheme", "light"))

    async def hand_on(self) -> None:
        """After a test: close every profile but the kept ones, and clear the kept pages it used."""
        kept = {k.page.context for k in self._kept.values()}
        for context in list(self.browser.contexts):
            if context not in kept:
                await context.close()
        for key in sorted(self._lent):
            try:
                await clear(self._kept[key])
            except Exception:
                # A page that cannot be cleared (it crashed) is not handed on: the next test gets a new one.
                with contextlib.suppress(Exception):
                    await self._kept.pop(key).page.context.close()
        self._lent.clear()


async def clear(kept: Kept) -> None:
    """Put a kept page back as a new profile's first page would be, to the next test's eyes."""
    page, context = kept.page, kept.page.context
    for other in context.pages:
        if other is not page:
            await other.close()
    await context.unroute_all(behavior="ignoreErrors")
    await page.unroute_all(behavior="ignoreErrors")
    await page.goto(BLANK)
    await context.clear_cookies()
    await context.clear_permissions()
    await kept.cdp.send("Network.clearBrowserCache")
    if kept.viewport is not None:
        await page.set_viewport_size(kept.viewport)
    await page.emulate_media(media="null", color_scheme=kept.color_scheme)
    await page.mouse.move(0, 0)
