"""Debian's headless Chromium (its headless shell) driven by Playwright (never a browser Playwright downloads), and axe-core."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.web.profiles import Profiles

# Debian's chromium-headless-shell: Chromium's own headless build, without the desktop browser around it.
# The same Blink and V8 as /usr/bin/chromium at a third less CPU: tests/e2e/web, -n 2, drew 151 CPU-s
# with `chromium --headless` and 105 with the shell, every test passing the same on both.
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
AXE = Path(__file__).resolve().parents[2] / "vendor" / "axe-core" / "axe.min.js"
# Quiet and self-contained: no first-run pages, no updates, no sync, no network beyond the test's servers.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # A page of a profile that has a renderer for its site reuses it rather than starting another: the
    # dashboard's Cross-Origin-Opener-Policy otherwise costs a new renderer process at every navigation
    # between it and the fake Discord or about:blank (263 renderers in a run of tests/e2e/web, 97 with it).
    "--renderer-process-limit=1",
]
SERIOUS = ("serious", "critical")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium-headless-shell; .ci/run does)"
    return None


def require_browser() -> None:
    """Skip without a browser, with the reason; fail instead under BVUNZO_REQUIRE_BROWSER=1 (CI)."""
    reason = browser_missing()
    if reason is None:
        return
    if os.environ.get("BVUNZO_REQUIRE_BROWSER") == "1":
        pytest.fail(f"BVUNZO_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


class SharedChromium:
    """One Chromium for a worker process's browser tests, launched at the first that asks for it.

    A test gets its pages from Profiles (the worker's kept pages, cleared by clean() after each test, and
    new profiles, closed by it), and a browser that has gone away (a crash) is launched again rather than
    failing every test after it.
    """

    def __init__(self, stack: contextlib.AsyncExitStack) -> None:
        self._stack = stack
        self._driver: Any = None
        self._browser: Any = None
        self._profiles: Profiles | None = None

    async def ready(self) -> Profiles:
        if self._profiles is not None and self._browser.is_connected():
            return self._profiles
        if self._driver is None:
            from playwright.async_api import async_playwright

            self._driver = await self._stack.enter_async_context(async_playwright())
        self._browser = await self._driver.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True
        )
        self._profiles = Profiles(self._browser)
        return self._profiles

    async def clean(self) -> None:
        if self._profiles is not None and self._browser.is_connected():
            await self._profiles.hand_on()

    async def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            await self._browser.close()


@contextlib.asynccontextmanager
async def shared_chromium() -> AsyncIterator[SharedChromium]:
    async with contextlib.AsyncExitStack() as stack:
        shared = SharedChromium(stack)
        try:
            yield shared
        finally:
            await shared.close()


@functools.cache
def _axe_source() -> str:
    return AXE.read_text("utf-8")


async def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands (its rule ids and the nodes)."""
    # Evaluated through the DevTools protocol, not as a <script>: the dashboard's CSP allows no script.
    # Once per document: a page drawn again at another width or theme keeps it (half a megabyte to
    # parse and compile each time); a navigation leaves a document without it.
    if not await page.evaluate("() => typeof axe === 'object' && typeof axe.run === 'function'"):
        await page.evaluate(_axe_source() + "\n;undefined")
    # resultTypes: every violation in full, but one node only of each passed or inapplicable rule (which
    # nobody reads here), the part of axe's run that takes longest on a big page.
    result: dict[str, Any] = await page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["html"] for n in v["nodes"]][:5],
        }
        for v in result["violations"]
        if v.get("impact") in SERIOUS
    ]
